"""The database: schema, the store (games, seats, events), the group commit, the event
log's and the chat's reads. Synchronous, called from worker threads; raises refusals, never
HTTP codes."""
