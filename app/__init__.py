"""Meja's HTTP + WebSocket service: lobbies, persistence, fan-out around the pure engines."""
