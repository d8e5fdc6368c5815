"""Meja's HTTP + WebSocket service around the pure engines, in five wings, each importing
only the ones below it: ``http`` > ``features`` > ``realtime`` > ``store`` > ``core``;
``app.main`` puts them together (docs/architecture.md, .importlinter)."""
