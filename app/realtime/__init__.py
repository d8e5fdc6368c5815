"""Live games: the room and the port it offers its features (``port.py``), the hub that
owns the rooms of a process, the WebSocket endpoint, the protocol's frames, the outbox, the
fan-out between processes and the bot pool."""
