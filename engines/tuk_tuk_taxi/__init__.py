"""``tuk-tuk-taxi``: Tuk-Tuk Taxi for 2 to 4 players (rules: docs/rules/tuk-tuk-taxi.md).

Cells are ``"r,c"`` strings (row, column; ``"0,0"`` is the top-left corner) in every
state, view, action and legal-action template.
"""

from engines.tuk_tuk_taxi.bot import TukTukBot
from engines.tuk_tuk_taxi.engine import ENGINE, TukTukTaxiEngine

#: The game's bot, handed the engine and wired into it here: the rules never import it.
BOT = TukTukBot(ENGINE)
ENGINE.bot = BOT

__all__ = ["BOT", "ENGINE", "TukTukBot", "TukTukTaxiEngine"]
