"""The REST API: shared dependencies (``deps.py``), one module per resource, the HTTP face
of the features that have one, schemas, middleware, and each refusal's status."""
