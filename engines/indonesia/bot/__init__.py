"""Indonesia's bots: hooks.py answers the bot protocol; heuristic.py (the test bot and the
easy and normal bots), plan.py and value.py (what a deal is worth), search.py (the hard
bot's candidates and values), sampling.py (what a seat cannot see). No rules module imports
these."""

from engines.indonesia.bot.hooks import IndonesiaBot

__all__ = ["IndonesiaBot"]
