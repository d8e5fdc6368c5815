"""The end of the stack for the Tuk-Tuk Taxi bots: how many passengers each driver will
likely have delivered when the last tile is drawn.

A game of three or four ends by the stack nearly always (80 tiles, one a turn: 20 turns
each at four players), with one or two deliveries each, so steps to go are worth only what
they bring before then: a driver 30 steps from home with two turns left will deliver
nothing, one 5 steps away very likely will. :func:`projected` turns a driver's steps to go
and turns left into an expected count of passengers at the end, smoothly (the die and the
others' signs make the pace uncertain, the more so the further ahead).
"""

from __future__ import annotations

import math

from engines.tuk_tuk_taxi.state import TukTukState

#: Steps to go a driver makes good per turn, on average, on a board with signs (measured:
#: normal bots deliver one passenger in about 11-14 turns on trips of ~25-30 steps).
PACE = 2.2
#: Steps of a whole new trip after a drop-off (out to a passenger and home).
TRIP_STEPS = 30.0
#: How many more passengers a driver could still deliver are looked at.
MORE = 3
#: The most steps a turn can make (a 6, and a No parking roll or a No stopping drive).
MOST_PER_TURN = 8.0


def turns_left(s: TukTukState, seat: int) -> int:
    """Turns ``seat`` still begins or finishes before the stack runs out: one a tile, in
    seat order after the current driver (whose own turn, under way, counts), less a turn
    the Mechanic makes it skip."""
    n = s["players"]
    left = len(s["stack"])
    k = (seat - s["current"]) % n
    future = 0 if k == 0 else (0 if left < k else (left - k) // n + 1)
    if k == 0:
        future = left // n + (1 if s["phase"] != "over" else 0)
    if s["skip"][seat]:
        future -= 1
    return max(future, 0)


def _chances(remaining: float, turns: int) -> list[float]:
    """The chance of each further delivery (the first needs ``remaining`` steps, each
    next one a whole trip more) within ``turns`` turns."""
    if turns <= 0:
        return [0.0] * MORE
    budget = turns * PACE
    spread = 2.0 + 3.0 * math.sqrt(turns)
    return [0.0 if need > MOST_PER_TURN * turns
            else 1.0 / (1.0 + math.exp(-(budget - need) / spread))
            for need in (remaining + k * TRIP_STEPS for k in range(MORE))]


def projected(s: TukTukState, seat: int, remaining: float) -> float:
    """Passengers ``seat`` has delivered plus those it will likely deliver before the end
    (never more than there are passengers left to take)."""
    left = len(s["passengers"]) + (1 if s["carrying"][seat] else 0)
    extra = sum(_chances(remaining, turns_left(s, seat))[:left])
    return s["delivered"][seat] + extra


def relevance(s: TukTukState, seat: int, remaining: float) -> float:
    """How much a few steps more or less change ``seat``'s count at the end, in [0.15, 1]:
    1 while a delivery is in the balance, little once the driver cannot make its next one
    before the end anyway (a sign in its way is then a tile wasted)."""
    total = sum(4.0 * c * (1.0 - c) for c in _chances(remaining, turns_left(s, seat)))
    return min(1.0, max(0.15, total))
