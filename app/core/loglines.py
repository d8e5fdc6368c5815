"""The two shapes of a log line: as stored with its event, and as one viewer reads it.

An engine's :class:`engines.core.log.LogEntry` is stored as ``{seq, seat, to, data}`` plus either
``key``/``params`` (a message the browser words in the viewer's language) or, for games
stored before log lines had keys, the finished English ``text``. Both shapes stay readable
forever: old games keep displaying.
"""

from __future__ import annotations

from typing import Any

from app.core import i18n
from engines.core.log import LogEntry


def stored(seq: int, seat: int | None, entry: LogEntry) -> dict[str, Any]:
    """The line as it is kept in the event's ``log`` column."""
    line: dict[str, Any] = {"seq": seq, "seat": seat, "to": entry.to, "data": entry.data}
    if entry.key:
        line["key"] = entry.key
        line["params"] = entry.params or {}
    else:
        line["text"] = entry.text
    return line


def for_viewer(line: dict[str, Any], seq: int, seat: int | None) -> dict[str, Any]:
    """The line as a viewer allowed to read it receives it (see :func:`visible`)."""
    out: dict[str, Any] = {"seq": seq, "seat": seat, "private": line.get("to") is not None,
                           "data": line.get("data")}
    if line.get("key"):
        out["key"] = line["key"]
        out["params"] = line.get("params") or {}
    else:
        out["text"] = line.get("text", "")
    return out


def readable(line: dict[str, Any], viewer: int | None) -> bool:
    """Whether ``viewer`` (a seat, or None for a spectator) may read a stored line."""
    to = line.get("to")
    return to is None or (viewer is not None and viewer in to)


#: Players as old lines name them: ``{seat0}``.. for a reader that fills in the names.
PLACEHOLDERS = {seat: f"{{seat{seat}}}" for seat in range(16)}


def english(line: dict[str, Any], names: dict[int, str] | None = None) -> str:
    """A stored line in English (history API, records); without ``names``, players stay
    ``{seatN}`` as in the lines of old games."""
    return words(line, "en", names)


def words(line: dict[str, Any], lang: str | None, names: dict[int, str] | None = None) -> str:
    """A stored line in a reader's language (a mail, a webhook): its key worded from that
    language's catalogues, board references included (Indonesia's seas by their names in
    that language); an old game's English line as it is."""
    if line.get("key"):
        return i18n.text(line["key"], line.get("params"), lang, names or PLACEHOLDERS)
    return str(line.get("text", ""))
