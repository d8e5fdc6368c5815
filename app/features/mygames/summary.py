"""What "My games" says about one seat of one game: a plain function over ``(game id,
seat)`` pairs, read from the database (synchronous, called from a worker thread).

The pairs come from a browser's seat credentials today (:func:`seats_of`); an account can
later add every seat it holds by passing more pairs. A summary carries what the seat's
player may see at the table anyway - the title, the seats' names, whose turn, the clock,
the last log line the seat may read, the ranks once the game is over - and never the state,
the seed or another seat's private line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import Engine, and_, select

from app.core import loglines
from app.core.lobby import final_outcome
from app.core.security import hash_secret
from app.core.tablesettings import settings_of
from app.store.accounts import seat_keys_open
from app.store.tables import clocks, events, games, seats
from engines.registry import get_engine

Group = Literal["your_turn", "waiting", "finished"]
#: The events read back per game for its last line a seat may read (a private line of
#: another seat may be the newest).
LAST_EVENTS = 3


def seats_of(engine: Engine, credentials: Sequence[tuple[str, str]]
             ) -> tuple[list[tuple[str, int]], list[str]]:
    """The ``(game id, seat)`` each ``(game id, credential)`` holds now, and the game ids
    whose credential holds nothing there (a freed seat, a forgotten game, a typo): the
    page offers to forget those. One query for the whole list."""
    hashes = {hash_secret(cred): gid for gid, cred in credentials}
    with engine.connect() as conn:
        rows = conn.execute(select(seats.c.token_hash, seats.c.game_id, seats.c.seat)
                            .where(seats.c.token_hash.in_(list(hashes)))).all()
        found = {h: (gid, seat) for h, gid, seat in rows}
        # The rest may be keys an account gave this browser for seats taken on another
        # device (app/store/accounts.py): they open the seat as its own credential does.
        rest = [h for h in hashes if h not in found]
        if rest:
            found.update(seat_keys_open(conn, rest))
    held: list[tuple[str, int]] = []
    stale: list[str] = []
    for h, gid in hashes.items():
        hit = found.get(h)
        if hit is not None and hit[0] == gid:
            held.append(hit)
        else:
            stale.append(gid)
    return held, stale


def _ms(t: datetime | float | None) -> int | None:
    """Server milliseconds since the epoch (SQLite hands back its UTC times naive)."""
    if t is None:
        return None
    if isinstance(t, datetime):
        t = (t if t.tzinfo else t.replace(tzinfo=UTC)).timestamp()
    return round(t * 1000)


def _clock(row: Any, kind: str, seat: int, at: float) -> dict[str, Any] | None:
    """The seat's clock as the page shows it: time left now, its deadline if it runs, and
    a holiday or a pause in progress (app/features/clock keeps them in ``extension``)."""
    if row is None or kind == "none":
        return None
    remaining = list(row["remaining"])
    if seat >= len(remaining):
        return None
    running = seat in row["running"]
    left = float(remaining[seat]) - ((at - float(row["since"])) if running else 0.0)
    ext = row["extension"] or {}
    holiday = (ext.get("holiday") or {}).get(str(seat))
    return {"kind": kind, "left": max(0, round(left * 1000)),
            "deadline": _ms(float(row["since"]) + float(remaining[seat])) if running else None,
            "running": running,
            "holiday_until": _ms(holiday["until"]) if holiday else None,
            "paused": bool(ext.get("paused")), "version": row["version"]}


def _away(row: Any) -> dict[int, int | None]:
    """Seats on holiday, and until when (server ms): the others see it at the table too."""
    ext = (row["extension"] or {}) if row is not None else {}
    return {int(seat): _ms(h["until"]) for seat, h in (ext.get("holiday") or {}).items()}


def _last_line(evs: Iterable[dict[str, Any]], seat: int) -> dict[str, Any] | None:
    """The newest log line ``seat`` may read (public, or addressed to it)."""
    for ev in evs:  # newest first
        for line in reversed(ev["log"] or []):
            if loglines.readable(line, seat):
                return loglines.for_viewer(line, ev["seq"], ev["seat"])
    return None


def _group(game: dict[str, Any], seat_rows: list[dict[str, Any]], seat: int,
           outcome: dict[str, Any] | None) -> tuple[Group, list[int]]:
    if game["status"] in ("finished", "abandoned") or outcome is not None:
        return "finished", []
    eng = get_engine(game["kind"])
    if game["status"] != "active" or eng is None or game["state"] is None:
        return "waiting", []
    awaited = list(eng.awaited(game["state"]))
    me = next((s for s in seat_rows if s["seat"] == seat), None)
    mine = seat in awaited and me is not None and not me["is_bot"]
    return ("your_turn" if mine else "waiting"), awaited


def summaries(engine: Engine, pairs: Sequence[tuple[str, int]], at: float
              ) -> list[dict[str, Any]]:
    """One summary per ``(game id, seat)`` pair whose game exists, in the given order, as
    of server time ``at`` (seconds since the epoch)."""
    ids = sorted({gid for gid, _ in pairs})
    if not ids:
        return []
    with engine.connect() as conn:
        game_rows = {r["id"]: dict(r) for r in conn.execute(
            select(games).where(games.c.id.in_(ids))).mappings()}
        seat_rows: dict[str, list[dict[str, Any]]] = {}
        for r in conn.execute(select(seats.c.game_id, seats.c.seat, seats.c.name,
                                     seats.c.is_bot, seats.c.left, seats.c.stand_in)
                              .where(seats.c.game_id.in_(ids))
                              .order_by(seats.c.game_id, seats.c.seat)).mappings():
            seat_rows.setdefault(r["game_id"], []).append(dict(r))
        clock_rows = {r["game_id"]: r for r in conn.execute(
            select(clocks).where(clocks.c.game_id.in_(ids))).mappings()}
        recent: dict[str, list[dict[str, Any]]] = {}
        for r in conn.execute(
                select(events.c.game_id, events.c.seq, events.c.seat, events.c.log,
                       events.c.created_at)
                .join(games, games.c.id == events.c.game_id)
                .where(and_(games.c.id.in_(ids),
                            events.c.seq > games.c.version - LAST_EVENTS))
                .order_by(events.c.game_id, events.c.seq.desc())).mappings():
            recent.setdefault(r["game_id"], []).append(dict(r))
    out = []
    for gid, seat in pairs:
        game = game_rows.get(gid)
        if game is None:
            continue
        rows = seat_rows.get(gid, [])
        outcome = final_outcome(game)
        group, awaited = _group(game, rows, seat, outcome)
        evs = recent.get(gid, [])
        tc = settings_of(game).time_control
        eng = get_engine(game["kind"])
        ranks = (outcome or {}).get("ranks") or []
        away = _away(clock_rows.get(gid)) if group != "finished" else {}
        out.append({
            "game_id": gid,
            "game": game["kind"],
            "game_name": eng.name if eng else game["kind"],
            "status": game["status"],
            "group": group,
            "seat": seat,
            "version": game["version"],
            "players": [{"seat": s["seat"], "name": s["name"], "bot": s["is_bot"],
                         "left": s["left"], "to_act": s["seat"] in awaited,
                         "holiday_until": away.get(s["seat"])}
                        for s in rows],
            # When it became this seat's turn (the commit that made it so): after the
            # clock's deadline, what "the next game" is ordered by.
            "turn_since": _ms(evs[0]["created_at"] if evs else
                              game["started_at"] or game["created_at"]),
            "clock": _clock(clock_rows.get(gid), tc.kind, seat, at),
            "last": _last_line(evs, seat),
            "rank": ranks[seat] if group == "finished" and seat < len(ranks) else None,
        })
    return out
