"""The crews' database work (synchronous SQLAlchemy Core, called from worker threads):
crews and their members, the tables started with a crew, the league's switch, who may see
a player's history, and the games the members played (read for history and the league).

Refusals are raised as :mod:`app.core.errors` (the HTTP wing gives each its status).
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from sqlalchemy import Connection, Engine, and_, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from app.core import security
from app.core.errors import Conflict, NotFound
from app.store.crewtables import account_privacy, crew_members, crew_tables, crews
from app.store.rows import now
from app.store.tables import account_seats, accounts, games, seats

#: Members of one crew at most (a table seats six; a crew is friends, not a forum).
MAX_MEMBERS = 30
#: Crews one account may be in.
MAX_CREWS = 50
#: Games read for a history or a league at most (the newest): bounds a request's work.
MAX_GAMES = 2000
Privacy = Literal["crew", "everyone", "nobody"]
PRIVACY: tuple[Privacy, ...] = ("crew", "everyone", "nobody")


def _crew(conn: Connection, crew_id: str) -> dict[str, Any]:
    row = conn.execute(select(crews).where(crews.c.id == crew_id)).mappings().first()
    if row is None:
        raise NotFound("api.crew.none")
    return dict(row)


def crew(engine: Engine, crew_id: str) -> dict[str, Any] | None:
    """The crew row, or None. A crew whose owner deleted their account passes here to its
    longest-standing member who still has one (the league's switch needs an owner)."""
    with engine.begin() as conn:
        row = conn.execute(select(crews).where(crews.c.id == crew_id)).mappings().first()
        if row is None:
            return None
        gone = conn.execute(select(accounts.c.deleted_at)
                            .where(accounts.c.id == row["owner_id"])).scalar()
        if gone is None:
            return dict(row)
        heir = conn.execute(
            select(crew_members.c.account_id)
            .join(accounts, accounts.c.id == crew_members.c.account_id)
            .where(and_(crew_members.c.crew_id == crew_id, accounts.c.deleted_at.is_(None)))
            .order_by(crew_members.c.joined_at, crew_members.c.account_id).limit(1)).scalar()
        if heir is None:
            return dict(row)
        conn.execute(update(crews).where(crews.c.id == crew_id).values(owner_id=heir))
        return {**dict(row), "owner_id": heir}


def crew_by_invite(engine: Engine, invite_id: str) -> dict[str, Any] | None:
    """The crew whose invite link this is, or None."""
    with engine.connect() as conn:
        row = conn.execute(select(crews).where(crews.c.invite_id == invite_id)
                           ).mappings().first()
    return dict(row) if row else None


def members(engine: Engine, crew_id: str) -> list[dict[str, Any]]:
    """The members, longest-standing first: ``account_id``, ``name`` (None once deleted),
    ``joined_at``. Never an address."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(crew_members.c.account_id, crew_members.c.joined_at,
                   accounts.c.display_name.label("name"))
            .join(accounts, accounts.c.id == crew_members.c.account_id)
            .where(crew_members.c.crew_id == crew_id)
            .order_by(crew_members.c.joined_at, crew_members.c.account_id)).mappings().all()
    return [dict(r) for r in rows]


def is_member(engine: Engine, crew_id: str, account_id: str) -> bool:
    with engine.connect() as conn:
        return _member(conn, crew_id, account_id)


def _member(conn: Connection, crew_id: str, account_id: str) -> bool:
    return conn.execute(select(crew_members.c.crew_id).where(and_(
        crew_members.c.crew_id == crew_id,
        crew_members.c.account_id == account_id))).first() is not None


def crews_of(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """The crews an account is in, with their member counts, newest first."""
    counts = (select(crew_members.c.crew_id, func.count().label("members"))
              .group_by(crew_members.c.crew_id).subquery())
    with engine.connect() as conn:
        rows = conn.execute(
            select(crews, counts.c.members)
            .join(crew_members, crew_members.c.crew_id == crews.c.id)
            .join(counts, counts.c.crew_id == crews.c.id)
            .where(crew_members.c.account_id == account_id)
            .order_by(crews.c.created_at.desc(), crews.c.id)).mappings().all()
    return [dict(r) for r in rows]


def _count_crews(conn: Connection, account_id: str) -> int:
    return int(conn.execute(select(func.count()).select_from(crew_members)
                            .where(crew_members.c.account_id == account_id)).scalar() or 0)


def _add(conn: Connection, crew_id: str, account_id: str, at: Any = None) -> None:
    conn.execute(insert(crew_members).values(crew_id=crew_id, account_id=account_id,
                                             joined_at=at or now()))


def table_accounts(engine: Engine, game_id: str) -> list[str]:
    """The accounts (not deleted) holding a seat of this game, in seat order."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(account_seats.c.account_id)
            .join(seats, seats.c.id == account_seats.c.seat_id)
            .join(accounts, accounts.c.id == account_seats.c.account_id)
            .where(and_(seats.c.game_id == game_id, accounts.c.deleted_at.is_(None)))
            .order_by(seats.c.seat)).all()
    out: list[str] = []
    for (account_id,) in rows:
        if account_id not in out:
            out.append(account_id)
    return out


def keep_crew(engine: Engine, game_id: str, owner_id: str, name: str
              ) -> tuple[dict[str, Any], bool]:
    """"Keep this crew": a crew of the finished table's players who have accounts, owned
    by ``owner_id`` (who must be one of them). A table makes one crew: asked again (by
    anyone at it), the one it made is returned and the caller is in it. Returns the crew
    and whether it is new."""
    with engine.begin() as conn:
        game = conn.execute(select(games.c.status).where(games.c.id == game_id)).first()
        if game is None:
            raise NotFound("api.no_such_game")
        if game[0] != "finished":
            raise Conflict("api.crew.not_finished")
    players = table_accounts(engine, game_id)
    if owner_id not in players:
        raise Conflict("api.crew.not_at_table")
    t = now()
    crew_id = security.new_public_id()
    row: dict[str, Any] = {"id": crew_id, "name": name, "owner_id": owner_id,
           "invite_id": security.new_public_id(), "from_game": game_id, "league_on": False,
           "league_rule": "loss", "league_since": None, "created_at": t}
    try:
        with engine.begin() as conn:
            if _count_crews(conn, owner_id) >= MAX_CREWS:
                raise Conflict("api.crew.too_many_crews", max=MAX_CREWS)
            conn.execute(insert(crews).values(**row))
            for i, account_id in enumerate(players[:MAX_MEMBERS]):
                if account_id == owner_id or _count_crews(conn, account_id) < MAX_CREWS:
                    # A microsecond apart: the members list in the table's seat order,
                    # however fast the clock reads.
                    _add(conn, crew_id, account_id, t + dt.timedelta(microseconds=i))
        return row, True
    except IntegrityError:
        pass  # someone at the same table kept it first: that crew it is
    with engine.begin() as conn:
        found = conn.execute(select(crews).where(crews.c.from_game == game_id)
                             ).mappings().first()
        if found is None:
            raise Conflict("api.crew.not_finished")
        if not _member(conn, found["id"], owner_id):
            _join_locked(conn, dict(found), owner_id)
    return dict(found), False


def _join_locked(conn: Connection, row: dict[str, Any], account_id: str) -> None:
    count = conn.execute(select(func.count()).select_from(crew_members)
                         .where(crew_members.c.crew_id == row["id"])).scalar() or 0
    if count >= MAX_MEMBERS:
        raise Conflict("api.crew.full", max=MAX_MEMBERS)
    if _count_crews(conn, account_id) >= MAX_CREWS:
        raise Conflict("api.crew.too_many_crews", max=MAX_CREWS)
    _add(conn, row["id"], account_id)


def join(engine: Engine, invite_id: str, account_id: str) -> tuple[dict[str, Any], bool]:
    """Join the crew of an invite link; returns the crew and whether the account is new in
    it (opening the link again changes nothing)."""
    with engine.begin() as conn:
        row = conn.execute(select(crews).where(crews.c.invite_id == invite_id)
                           ).mappings().first()
        if row is None:
            raise NotFound("api.crew.invite_invalid")
        if _member(conn, row["id"], account_id):
            return dict(row), False
        try:
            _join_locked(conn, dict(row), account_id)
        except IntegrityError:
            return dict(row), False
    return dict(row), True


def leave(engine: Engine, crew_id: str, account_id: str) -> None:
    """A member leaves. An owner who leaves hands the crew to the longest-standing member;
    the last member leaving ends the crew."""
    with engine.begin() as conn:
        row = _crew(conn, crew_id)
        gone = conn.execute(delete(crew_members).where(and_(
            crew_members.c.crew_id == crew_id, crew_members.c.account_id == account_id)))
        if gone.rowcount == 0:
            raise NotFound("api.crew.not_member")
        if row["owner_id"] != account_id:
            return
        heir = conn.execute(select(crew_members.c.account_id)
                            .where(crew_members.c.crew_id == crew_id)
                            .order_by(crew_members.c.joined_at, crew_members.c.account_id)
                            .limit(1)).first()
        if heir is None:
            conn.execute(delete(crews).where(crews.c.id == crew_id))
        else:
            conn.execute(update(crews).where(crews.c.id == crew_id).values(owner_id=heir[0]))


def remove(engine: Engine, crew_id: str, account_id: str) -> None:
    """The owner removes a member (not themselves: they leave)."""
    with engine.begin() as conn:
        row = _crew(conn, crew_id)
        if row["owner_id"] == account_id:
            raise Conflict("api.crew.owner_stays")
        gone = conn.execute(delete(crew_members).where(and_(
            crew_members.c.crew_id == crew_id, crew_members.c.account_id == account_id)))
        if gone.rowcount == 0:
            raise NotFound("api.crew.no_such_member")


def set_league(engine: Engine, crew_id: str, on: bool, rule: str) -> dict[str, Any]:
    """Switch the league on or off and set its rule. It counts the games finished since it
    was (last) switched on: turning it on rates nobody's past."""
    with engine.begin() as conn:
        row = _crew(conn, crew_id)
        since = row["league_since"]
        if on and not row["league_on"]:
            since = now()
        conn.execute(update(crews).where(crews.c.id == crew_id).values(
            league_on=on, league_rule=rule, league_since=since if on else None))
        return _crew(conn, crew_id)


def add_table(engine: Engine, crew_id: str, game_id: str) -> None:
    """Remember a table started with the crew."""
    with engine.begin() as conn:
        conn.execute(insert(crew_tables).values(crew_id=crew_id, game_id=game_id,
                                                created_at=now()))


def open_tables(engine: Engine, crew_id: str, limit: int = 20) -> list[dict[str, Any]]:
    """The crew's tables still in their lobby or being played, newest first, with how many
    seats are taken."""
    taken = (select(seats.c.game_id, func.count().label("taken"))
             .where(or_(seats.c.name.is_not(None), seats.c.is_bot.is_(True)))
             .group_by(seats.c.game_id).subquery())
    with engine.connect() as conn:
        rows = conn.execute(
            select(games.c.id, games.c.kind, games.c.status, games.c.invite_id,
                   games.c.player_count, games.c.created_at,
                   func.coalesce(taken.c.taken, 0).label("taken"))
            .join(crew_tables, crew_tables.c.game_id == games.c.id)
            .outerjoin(taken, taken.c.game_id == games.c.id)
            .where(and_(crew_tables.c.crew_id == crew_id,
                        games.c.status.in_(("lobby", "active"))))
            .order_by(crew_tables.c.created_at.desc()).limit(limit)).mappings().all()
    return [dict(r) for r in rows]


def mail_targets(engine: Engine, account_ids: list[str]) -> list[tuple[str, str, str | None]]:
    """``(account id, address, display name)`` of the accounts that have an address: read
    for mail only, never handed to a page."""
    if not account_ids:
        return []
    with engine.connect() as conn:
        rows = conn.execute(select(accounts.c.id, accounts.c.email, accounts.c.display_name)
                            .where(and_(accounts.c.id.in_(account_ids),
                                        accounts.c.email.is_not(None),
                                        accounts.c.deleted_at.is_(None)))).all()
    return [(r[0], r[1], r[2]) for r in rows]


# -- privacy ---------------------------------------------------------------------------------
def privacy(engine: Engine, account_id: str) -> Privacy:
    """Who may see this account's history (default: its crews' members)."""
    with engine.connect() as conn:
        row = conn.execute(select(account_privacy.c.history)
                           .where(account_privacy.c.account_id == account_id)).first()
    value = row[0] if row else "crew"
    return value if value in PRIVACY else "crew"  # type: ignore[return-value]


def set_privacy(engine: Engine, account_id: str, history: Privacy) -> None:
    with engine.begin() as conn:
        done = conn.execute(update(account_privacy)
                            .where(account_privacy.c.account_id == account_id)
                            .values(history=history))
        if done.rowcount == 0:
            conn.execute(insert(account_privacy).values(account_id=account_id,
                                                        history=history))


def share_a_crew(engine: Engine, a: str, b: str) -> bool:
    """Whether two accounts are members of one crew."""
    mine = select(crew_members.c.crew_id).where(crew_members.c.account_id == a)
    with engine.connect() as conn:
        return conn.execute(select(crew_members.c.crew_id).where(and_(
            crew_members.c.account_id == b, crew_members.c.crew_id.in_(mine))).limit(1)
        ).first() is not None


def account_name(engine: Engine, account_id: str) -> tuple[bool, str | None]:
    """Whether the account exists, and its display name (None once deleted)."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts.c.display_name)
                           .where(accounts.c.id == account_id)).first()
    return (row is not None, row[0] if row else None)


# -- the games members played ----------------------------------------------------------------
def games_of(engine: Engine, account_ids: list[str], since: Any = None
             ) -> list[tuple[dict[str, Any], list[dict[str, Any]], dict[int, str]]]:
    """The finished (and abandoned, once started) games at which any of ``account_ids``
    held a seat, newest first (``since``: finished at or after), each as its game row,
    its seats and which account held which seat. Seat rows carry no credential."""
    if not account_ids:
        return []
    ended = or_(games.c.status == "finished",
                and_(games.c.status == "abandoned", games.c.started_at.is_not(None)))
    played = (select(account_seats.c.game_id)
              .where(account_seats.c.account_id.in_(account_ids)).distinct())
    query = (select(games.c.id, games.c.kind, games.c.status, games.c.state,
                    games.c.outcome_override, games.c.version, games.c.spectators,
                    games.c.watch_id, games.c.started_at, games.c.finished_at,
                    games.c.updated_at, games.c.settings)
             .where(and_(games.c.id.in_(played), ended)))
    if since is not None:
        query = query.where(func.coalesce(games.c.finished_at, games.c.updated_at) >= since)
    query = query.order_by(func.coalesce(games.c.finished_at, games.c.updated_at).desc(),
                           games.c.id).limit(MAX_GAMES)
    with engine.connect() as conn:
        # A lesson's table is a coached game against a bot, not one the player played.
        rows = [dict(r) for r in conn.execute(query).mappings().all()
                if not (r["settings"] or {}).get("lesson")]
        ids = [r["id"] for r in rows]
        by_game: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
        holders: dict[str, dict[int, str]] = {i: {} for i in ids}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            for s in conn.execute(
                    select(seats.c.game_id, seats.c.seat, seats.c.name, seats.c.is_bot,
                           seats.c.bot_level, seats.c.left, seats.c.former)
                    .where(seats.c.game_id.in_(part))
                    .order_by(seats.c.game_id, seats.c.seat)).mappings():
                by_game[s["game_id"]].append(dict(s))
            for h in conn.execute(
                    select(seats.c.game_id, seats.c.seat, account_seats.c.account_id)
                    .join(account_seats, account_seats.c.seat_id == seats.c.id)
                    .where(seats.c.game_id.in_(part))):
                holders[h[0]][h[1]] = h[2]
    return [(r, by_game[r["id"]], holders[r["id"]]) for r in rows]
