"""Indonesia: build an economic empire across the archipelago (2 to 5 players)."""

from engines.indonesia.bot import IndonesiaBot
from engines.indonesia.engine import ENGINE, IndonesiaEngine

#: The game's bot, handed the engine and wired into it here: the rules never import it.
BOT = IndonesiaBot(ENGINE)
ENGINE.bot = BOT

__all__ = ["BOT", "ENGINE", "IndonesiaBot", "IndonesiaEngine"]
