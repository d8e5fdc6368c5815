"""Jakarta Traffic (2-4 seats; solo is one player with a bot seat)."""

from engines.jakarta_traffic.bot import JakartaBot
from engines.jakarta_traffic.engine import ENGINE, JakartaTrafficEngine

#: The game's bot, handed the engine and wired into it here: the rules never import it.
BOT = JakartaBot(ENGINE)
ENGINE.bot = BOT

__all__ = ["BOT", "ENGINE", "JakartaBot", "JakartaTrafficEngine"]
