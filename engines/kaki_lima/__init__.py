"""``kaki-lima``: Kaki Lima, walking George Town's five-foot ways (2 to 6 pedestrians)."""

from engines.kaki_lima.bot import KakiLimaBot
from engines.kaki_lima.engine import ENGINE, KakiLimaEngine

#: The game's bot, handed the engine and wired into it here: the rules never import it.
BOT = KakiLimaBot(ENGINE)
ENGINE.bot = BOT

__all__ = ["BOT", "ENGINE", "KakiLimaBot", "KakiLimaEngine"]
