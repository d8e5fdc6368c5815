"""Indonesia: build an economic empire across the archipelago (2 to 5 players)."""

from engines.indonesia.engine import ENGINE, IndonesiaEngine

__all__ = ["ENGINE", "IndonesiaEngine"]
