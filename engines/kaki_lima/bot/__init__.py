"""Kaki Lima's bots: hooks.py answers the bot protocol; testbot.py (the test bot),
heuristic.py (easy and normal), search.py (the hard bot's walks and values), sampling.py
(the cards a seat cannot see). No rules module imports these."""

from engines.kaki_lima.bot.hooks import KakiLimaBot

__all__ = ["KakiLimaBot"]
