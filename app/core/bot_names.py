"""The names bots take at a table: people's names of the region, so a table reads "Ana, Budi
and Sari (hard bot)" rather than "Bot 2" (the seat list marks a bot and its level apart)."""

from __future__ import annotations

from collections.abc import Iterable

#: Short given names used across Indonesia and Malaysia, one per seat a table can have and a
#: few more, so a bot never takes a name a person at the table already has.
BOT_NAMES: tuple[str, ...] = ("Sari", "Bayu", "Dewi", "Hafiz", "Intan", "Joko", "Mei", "Rudi",
                              "Wati", "Yusuf", "Nurul", "Tono")


def bot_name(seat: int, taken: Iterable[str]) -> str:
    """The name of a bot at ``seat``: the seat's own name from :data:`BOT_NAMES` unless a
    player of the table has it (compared without case), then the next free one."""
    used = {name.casefold() for name in taken}
    for k in range(len(BOT_NAMES)):
        name = BOT_NAMES[(seat + k) % len(BOT_NAMES)]
        if name.casefold() not in used:
            return name
    return f"Bot {seat + 1}"  # a table of twelve names: not one Meja seats
