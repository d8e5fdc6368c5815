"""Component data for Kaki Lima (rulebook plus /work/shared/specs/kaki-lima.md).

Everything countable lives here as plain literals: the grid size and its gaps, the 46 city
cards, the 44 Langkah cards, the six Pi Mana? task cards, the six Jom! cards and the score
tables. The rules modules only read these.
"""

from __future__ import annotations

ROWS = 5
COLS = 10
#: Grid gaps as (row, column), 0-based: rulebook rows 2 and 4, columns 4 and 7.
GAPS = ((1, 3), (1, 6), (3, 3), (3, 6))

PEDESTRIANS = ("Lay Ting", "Aunty Toh", "Uncle Lim", "Kak Siti", "Ravi", "Mei Ling")

HAND_START = 3
HAND_LIMIT = 5
JOM_TOKENS = 6
CLEARING_TOKENS = 12

# Lokasi action codes, in the order the spec lists them for each card.
GATHER = "gather"
TRADE = "trade"
DRAW = "draw"
MAXIMIZE = "maximize"
TOKEN = "token"
ANOTHER = "another"

#: The 17 Orange Lokasi cards and their actions, in order.
LOKASI: dict[str, tuple[str, ...]] = {
    "Arts-ED": (GATHER,),
    "LUMA": (GATHER,),
    "Hin Bus Depot": (GATHER, DRAW),
    "Kopitiam": (GATHER, DRAW),
    "Roti Bakar Stall": (GATHER, DRAW),
    "Chendul Stall": (TRADE, DRAW),
    "Rojak Stall": (TRADE, DRAW),
    "Chinese Temple": (MAXIMIZE,),
    "Church": (MAXIMIZE,),
    "Hindu Temple": (MAXIMIZE,),
    "Mosque": (MAXIMIZE,),
    "GTWHI": (TOKEN,),
    "Hardware Shop": (TOKEN,),
    "MBPP": (TOKEN,),
    "Bank": (ANOTHER,),
    "Dhobi": (ANOTHER,),
    "Market": (ANOTHER,),
}

GREEN = "G"
RED = "R"
GAP = ""
GREEN_CARDS = 17
RED_CARDS = 12

# Langkah boosters.
DIAGONAL = "diagonal"
REVERSE = "reverse"
AROUND = "around"
DOUBLE = "double"
COMBINE = "combine"
SWAP = "swap"
PICKUP = "pickup"
MOVE = "move"

#: (steps, plain cards, boosters of the boosted cards) - the spec's deck table.
DECK_TABLE: tuple[tuple[int, int, tuple[str, ...]], ...] = (
    (1, 2, (DOUBLE, DOUBLE, COMBINE, COMBINE)),
    (2, 5, (DIAGONAL, REVERSE, AROUND, SWAP, PICKUP)),
    (3, 5, (DIAGONAL, REVERSE, AROUND, SWAP, MOVE)),
    (4, 4, (DIAGONAL, AROUND, PICKUP, MOVE)),
    (5, 3, (REVERSE, SWAP, PICKUP)),
    (6, 3, (MOVE,)),
)


def build_deck() -> dict[str, tuple[int, str | None]]:
    """Card id -> (steps, booster or None) for the 44 Langkah cards, ids L01..L44."""
    deck: dict[str, tuple[int, str | None]] = {}
    for steps, plain, boosters in DECK_TABLE:
        for booster in [None] * plain + list(boosters):
            deck[f"L{len(deck) + 1:02d}"] = (steps, booster)
    return deck


DECK = build_deck()

# Pi Mana? tasks: ("visit", Lokasi), ("meet", Lokasi) or ("clear", count).
TASK_CARDS: tuple[tuple[tuple[str, str | int], ...], ...] = (
    (("visit", "Kopitiam"), ("visit", "Chinese Temple"), ("visit", "Bank"),
     ("meet", "Hin Bus Depot"), ("clear", 2)),
    (("visit", "Rojak Stall"), ("visit", "Mosque"), ("visit", "Hardware Shop"),
     ("meet", "Arts-ED"), ("clear", 2)),
    (("visit", "Chendul Stall"), ("visit", "Church"), ("visit", "Dhobi"),
     ("meet", "LUMA"), ("clear", 2)),
    (("visit", "Roti Bakar Stall"), ("visit", "Hindu Temple"), ("visit", "GTWHI"),
     ("meet", "Kopitiam"), ("clear", 2)),
    (("visit", "Market"), ("visit", "Arts-ED"), ("visit", "MBPP"),
     ("meet", "Roti Bakar Stall"), ("clear", 2)),
    (("visit", "LUMA"), ("visit", "Bank"), ("visit", "Chendul Stall"),
     ("meet", "Rojak Stall"), ("clear", 2)),
)
#: VP by number of tasks done (index = tasks done).
TASK_VP = (0, 1, 3, 6, 9, 12)

KAWAN = "Jom Kawan"
#: Jom! card -> (entries needed, VP). Jom Kawan's entries are the other pedestrians.
JOM_CARDS: dict[str, tuple[tuple[str, ...], int]] = {
    "Jom Makan": (("Kopitiam", "Roti Bakar Stall", "Chendul Stall", "Rojak Stall"), 4),
    "Jom Harmoni": (("Chinese Temple", "Church", "Hindu Temple", "Mosque"), 4),
    "Jom Seni": (("Arts-ED", "LUMA", "Hin Bus Depot"), 3),
    "Jom Urusan": (("Bank", "Dhobi", "Market"), 3),
    "Jom Gotong-royong": (("GTWHI", "Hardware Shop", "MBPP"), 3),
    KAWAN: ((), 5),
}
#: With this many players or more, Jom Kawan needs only this many other pedestrians.
KAWAN_BIG_TABLE = 5
KAWAN_BIG_NEED = 4

#: (lowest paths cleared, CA stars), highest first.
CA_STARS = ((10, 3), (7, 2), (4, 1), (0, 0))
CA_TEXT = {
    0: "Aisey! Apa ni? You have a long way to go in building an accessible neighbourhood.",
    1: "Boleh tahan lah. Not bad, with some work, you might do wonders together!",
    2: "Hebat jugak! Go ahead, pat each other on the back for great teamwork!",
    3: "Wah, champion! You make an excellent neighbourhood! Time to celebrate with chendul!",
}
PATH_VP = 2

#: Stalled game: this many full rounds in a row without a walk, clearing or trade.
STALL_ROUNDS = 2
