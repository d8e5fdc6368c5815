"""The engines' common core, one job per module: what every game's rules are built on.

* :mod:`~engines.core.types` the plain shapes (a state, a seat, a template)
* :mod:`~engines.core.log` log lines and their parameters
* :mod:`~engines.core.errors` refusals (rule and action errors)
* :mod:`~engines.core.rng` the seeded generator in the state
* :mod:`~engines.core.outcome` the end of a game and its ranks
* :mod:`~engines.core.options` lobby options
* :mod:`~engines.core.templates` legal-action templates
* :mod:`~engines.core.copying` copies of a state (generic and generated from its shape)
* :mod:`~engines.core.protocol` the engine protocol (rules only)
* :mod:`~engines.core.steps` a flow as a table of steps
* :mod:`~engines.core.line` take-backs and replay

It knows no game and no bot (tests/engines/test_layout.py holds it to that).
"""
