"""Tuk-Tuk Taxi's bots: hooks.py answers the bot protocol; heuristic.py (the normal bot),
easy.py (the beginner), ways.py and horizon.py (steps to go), sampling.py (what a seat
cannot see). No rules module imports these."""

from engines.tuk_tuk_taxi.bot.hooks import TukTukBot

__all__ = ["TukTukBot"]
