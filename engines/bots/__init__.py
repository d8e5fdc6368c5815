"""Bots beside the engines: the bot protocol a game's bot implements, handed the game's
engine (:mod:`engines.bots.protocol`), and the levels that play through it, the hard one an
information-set tree search (:mod:`engines.bots.search`)."""

from engines.bots.protocol import BotLevel, GameBot, SearchTuning, bot_of, has_bots
from engines.bots.search import (
    DEFAULT_TUNING,
    EASY_NOISE,
    LEVELS,
    Node,
    Search,
    action_key,
    candidate_actions,
    decide,
    values_of,
)

__all__ = ["DEFAULT_TUNING", "EASY_NOISE", "LEVELS", "BotLevel", "GameBot", "Node", "Search",
           "SearchTuning", "action_key", "bot_of", "candidate_actions", "decide", "has_bots",
           "values_of"]
