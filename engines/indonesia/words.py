"""How log lines and refusals name seats, deeds and companies (places are in places.py)."""

from __future__ import annotations

from engines.base import LogEntry
from engines.indonesia.data.components import DEEDS

Log = list[LogEntry]


def say(log: Log, text: str, data: dict | None = None) -> None:
    """Append one public log line."""
    log.append(LogEntry(text=text, data=data))


def seat_ref(s: int) -> str:
    """The placeholder the client replaces with the seat's name."""
    return "{seat" + str(s) + "}"


def deed_name(d: str) -> str:
    """E.g. "Bali rice"."""
    info = DEEDS[d]
    return f"{info['province']} {info['type']}"


def company_name(st: dict, cid: str) -> str:
    """E.g. "rice company C3"."""
    return f"{st['companies'][cid]['type']} company {cid}"
