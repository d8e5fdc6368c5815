"""Jakarta Traffic's bots: hooks.py answers the bot protocol; heuristic.py (the test bot
and the planning heuristic), easy.py (the easy level: the heuristic with mistakes), plan.py
and layout.py (what a ride opens), sampling.py (the dice's future). No rules module imports
these."""

from engines.jakarta_traffic.bot.hooks import JakartaBot

__all__ = ["JakartaBot"]
