"""``race``: the peer benchmark's game (boardgame.io's load harness plays the same).

Not listed on the home page; it exists so one load script can drive both servers.
"""

from engines.race.engine import ENGINE, RaceEngine

__all__ = ["ENGINE", "RaceEngine"]
