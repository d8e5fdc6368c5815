"""Jakarta Traffic (2-4 seats; solo is one player with a bot seat)."""

from engines.jakarta_traffic.engine import ENGINE, JakartaTrafficEngine

__all__ = ["ENGINE", "JakartaTrafficEngine"]
