"""Clocks of timed tables (issue 12): real time (bank + increment) and turn-based (a limit
per turn), deadlines in the database, one scheduler per process. The feature plugs into the
room port (:mod:`.feature`); docs/clocks.md tells how."""

from app.features.clock.feature import Clocks
from app.features.clock.model import Clock
from app.features.clock.table import clock_of

__all__ = ["Clock", "Clocks", "clock_of"]
