"""Accounts in the database: the account, its sessions, the seats it holds and the seat keys
of its signed-in browsers (the tables of migration 0015_accounts).

Plain functions over an engine, synchronous, called from worker threads. Secrets (session
tokens, seat keys) are returned once, when made, and stored only as hashes. Passkeys,
WebAuthn challenges and sign-in links: :mod:`app.store.signin`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from app.core import security
from app.store.lesson_progress import forget_progress
from app.store.rows import now
from app.store.tables import (
    account_challenges,
    account_links,
    account_passkeys,
    account_seat_keys,
    account_seats,
    account_sessions,
    accounts,
    chat,
    games,
    notice_addresses,
    notice_waiting,
    seats,
)

#: What a deleted account's seats are called where a reader knows no better (the pages
#: translate it: LobbyInfo's ``former``).
FORMER_PLAYER = "a former player"
#: A session's last_seen is written at most this often (every request would be a write).
SEEN_EVERY = dt.timedelta(minutes=5)
MAX_SECRET = 200


def create_account(engine: Engine, display_name: str, email: str | None = None,
                   account_id: str | None = None) -> dict[str, Any]:
    """A new account (raises IntegrityError when ``email`` is taken)."""
    row = {"id": account_id or security.new_public_id(), "display_name": display_name,
           "email": email, "created_at": now(), "deleted_at": None}
    with engine.begin() as conn:
        conn.execute(insert(accounts).values(**row))
    return row


def account(engine: Engine, account_id: str) -> dict[str, Any] | None:
    """A live (not deleted) account."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts).where(and_(
            accounts.c.id == account_id, accounts.c.deleted_at.is_(None)))).mappings().first()
    return dict(row) if row else None


def account_by_email(engine: Engine, email: str) -> dict[str, Any] | None:
    """The live account whose sign-in address is ``email``."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts).where(and_(
            accounts.c.email == email, accounts.c.deleted_at.is_(None)))).mappings().first()
    return dict(row) if row else None


def rename(engine: Engine, account_id: str, display_name: str) -> None:
    """Change the account's display name (the seats keep the names they were taken with)."""
    with engine.begin() as conn:
        conn.execute(update(accounts).where(accounts.c.id == account_id)
                     .values(display_name=display_name))


# -- sessions --------------------------------------------------------------------------------
def new_session(engine: Engine, account_id: str, user_agent: str | None) -> tuple[int, str]:
    """Sign a browser in: ``(session id, token)``; the token goes into its cookie."""
    token = security.new_credential()
    t = now()
    with engine.begin() as conn:
        sid = conn.execute(insert(account_sessions).values(
            token_hash=security.hash_secret(token), account_id=account_id, created_at=t,
            last_seen=t, user_agent=(user_agent or None) and user_agent[:80],
        ).returning(account_sessions.c.id)).scalar_one()
    return int(sid), token


def session_of(engine: Engine, token: str | None) -> dict[str, Any] | None:
    """``{"session_id", "account": {...}}`` for a session token of a live account, else None.
    Notes the session as seen (at most every few minutes)."""
    if not token or len(token) > MAX_SECRET:
        return None
    h = security.hash_secret(token)
    with engine.connect() as conn:
        row = conn.execute(
            select(account_sessions.c.id.label("session_id"),
                   account_sessions.c.last_seen.label("session_seen"), accounts)
            .join(accounts, accounts.c.id == account_sessions.c.account_id)
            .where(and_(account_sessions.c.token_hash == h, accounts.c.deleted_at.is_(None)))
        ).mappings().first()
        if row is None:
            return None
        t = now()
        seen = row["session_seen"]
        if seen.tzinfo is None:  # SQLite hands times back naive
            seen = seen.replace(tzinfo=dt.UTC)
        if t - seen > SEEN_EVERY:
            conn.execute(update(account_sessions)
                         .where(account_sessions.c.id == row["session_id"])
                         .values(last_seen=t))
            conn.commit()
    acct = {c.name: row[c.name] for c in accounts.c}
    return {"session_id": int(row["session_id"]), "account": acct}


def sessions_of(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """The account's signed-in browsers, newest first (no tokens: only hashes are kept)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(account_sessions.c.id, account_sessions.c.created_at,
                   account_sessions.c.last_seen, account_sessions.c.user_agent)
            .where(account_sessions.c.account_id == account_id)
            .order_by(account_sessions.c.last_seen.desc())).mappings().all()
    return [dict(r) for r in rows]


def end_session(engine: Engine, session_id: int) -> None:
    """Sign one browser out: its session and the seat keys it was given go."""
    with engine.begin() as conn:
        conn.execute(delete(account_seat_keys).where(
            account_seat_keys.c.session_id == session_id))
        conn.execute(delete(account_sessions).where(account_sessions.c.id == session_id))


def end_all_sessions(engine: Engine, account_id: str) -> int:
    """Sign out everywhere; how many sessions ended."""
    with engine.begin() as conn:
        return _end_all(conn, account_id)


def _end_all(conn: Connection, account_id: str) -> int:
    ids = select(account_sessions.c.id).where(account_sessions.c.account_id == account_id)
    conn.execute(delete(account_seat_keys).where(account_seat_keys.c.session_id.in_(ids)))
    return int(conn.execute(delete(account_sessions).where(
        account_sessions.c.account_id == account_id)).rowcount)


# -- seats -----------------------------------------------------------------------------------
def _held_seat(conn: Connection, credential: str) -> dict[str, Any] | None:
    """The occupied seat row a credential opens (a seat's own credential or a seat key)."""
    if not credential or len(credential) > MAX_SECRET:
        return None
    h = security.hash_secret(credential)
    row = conn.execute(select(seats).where(seats.c.token_hash == h)).mappings().first()
    if row is None:
        row = conn.execute(
            select(seats).join(account_seat_keys, account_seat_keys.c.seat_id == seats.c.id)
            .where(account_seat_keys.c.token_hash == h)).mappings().first()
    if row is None or row["name"] is None or row["is_bot"] or row["left"]:
        return None
    return dict(row)


def claim_seats(engine: Engine, account_id: str, credentials: list[str]
                ) -> list[tuple[str, int]]:
    """The account takes every seat these credentials hold (the browser's own seats);
    ``(game_id, seat)`` of each seat it holds now. A credential that opens nothing, or a
    seat another account holds, is passed over: the answer says what was claimed."""
    claimed: list[tuple[str, int]] = []
    for credential in credentials:
        with engine.begin() as conn:
            s = _held_seat(conn, credential)
            if s is None:
                continue
            holder = conn.execute(select(account_seats.c.account_id).where(
                account_seats.c.seat_id == s["id"])).scalar()
            if holder is None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(account_seats).values(
                            seat_id=s["id"], account_id=account_id, game_id=s["game_id"],
                            seat=s["seat"], claimed_at=now()))
                except IntegrityError:  # claimed by another account meanwhile
                    continue
            elif holder != account_id:
                continue
            claimed.append((s["game_id"], s["seat"]))
    return claimed


def holder_of(engine: Engine, game_id: str, seat: int) -> str | None:
    """The account holding a seat (by its current number), if any."""
    with engine.connect() as conn:
        return conn.execute(
            select(account_seats.c.account_id)
            .join(seats, seats.c.id == account_seats.c.seat_id)
            .where(and_(seats.c.game_id == game_id, seats.c.seat == seat))).scalar()


def seats_of(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """The seats an account holds, newest game first: ``game_id``, ``seat`` (its number
    now), ``game`` (the kind), ``status``, ``name``, ``invite_id``, ``claimed_at``,
    ``seat_id``."""
    q = (select(account_seats.c.seat_id, account_seats.c.claimed_at, seats.c.game_id,
                seats.c.seat, seats.c.name, games.c.kind.label("game"), games.c.status,
                games.c.invite_id)
         .join(seats, seats.c.id == account_seats.c.seat_id)
         .join(games, games.c.id == seats.c.game_id)
         .where(account_seats.c.account_id == account_id)
         .order_by(games.c.created_at.desc()))
    with engine.connect() as conn:
        return [dict(r) for r in conn.execute(q).mappings()]


def issue_seat_keys(engine: Engine, account_id: str, session_id: int,
                    have: list[str] | None = None) -> list[dict[str, Any]]:
    """Every seat the account holds (:func:`seats_of`), each with ``credential``: a fresh
    one of this signed-in browser's own for a seat it still plays that none of ``have``
    (the credentials the browser holds) opens and that this session got no key for yet,
    else None (so a browser asking again and again gets each key once)."""
    hashes = {security.hash_secret(c) for c in have or [] if c and len(c) <= MAX_SECRET}
    out = []
    held = seats_of(engine, account_id)
    with engine.begin() as conn:
        ids = [s["seat_id"] for s in held]
        playing = {r[0] for r in conn.execute(select(seats.c.id).where(and_(
            seats.c.id.in_(ids), seats.c.name.is_not(None), seats.c.left.is_(False),
            seats.c.is_bot.is_(False))))}
        opened = {r[0] for r in conn.execute(select(seats.c.id).where(and_(
            seats.c.id.in_(ids), seats.c.token_hash.in_(hashes))))}
        opened |= {r[0] for r in conn.execute(select(account_seat_keys.c.seat_id).where(and_(
            account_seat_keys.c.seat_id.in_(ids),
            (account_seat_keys.c.token_hash.in_(hashes))
            | (account_seat_keys.c.session_id == session_id))))}
        for s in held:
            credential = None
            if s["seat_id"] in playing and s["seat_id"] not in opened:
                credential = security.new_credential()
                conn.execute(insert(account_seat_keys).values(
                    token_hash=security.hash_secret(credential), seat_id=s["seat_id"],
                    session_id=session_id))
            out.append({**s, "credential": credential})
    return out


def release_seat(conn: Connection, seat_id: int) -> None:
    """A seat was freed or handed to someone else (inside the caller's transaction): no
    account holds it any more, and its keys open nothing."""
    conn.execute(delete(account_seat_keys).where(account_seat_keys.c.seat_id == seat_id))
    conn.execute(delete(account_seats).where(account_seats.c.seat_id == seat_id))


def seat_key_opens(conn: Connection, token_hash: str) -> tuple[str, int] | None:
    """``(game_id, seat)`` an account's seat key opens (the seat still played)."""
    return seat_keys_open(conn, [token_hash]).get(token_hash)


def seat_keys_open(conn: Connection, token_hashes: Sequence[str]
                   ) -> dict[str, tuple[str, int]]:
    """``(game_id, seat)`` by the hash of each account seat key that opens one, in one
    query (My games asks for a whole browser's list)."""
    rows = conn.execute(
        select(account_seat_keys.c.token_hash, seats.c.game_id, seats.c.seat)
        .join(account_seat_keys, account_seat_keys.c.seat_id == seats.c.id)
        .where(and_(account_seat_keys.c.token_hash.in_(list(token_hashes)),
                    seats.c.name.is_not(None), seats.c.left.is_(False),
                    seats.c.is_bot.is_(False)))).all()
    return {h: (gid, seat) for h, gid, seat in rows}


# -- deletion --------------------------------------------------------------------------------
def delete_account(engine: Engine, account_id: str) -> list[tuple[str, str]]:
    """Delete an account's personal data: its address, name, passkeys, sessions (and their
    seat keys), pending links, its lesson progress, the your-turn addresses of its seats.
    The games stay; its seats and their chat lines read "a former player". The emptied row
    and its seats stay so the games it played still count where they counted (a crew's
    history), under no name. Returns ``(game_id, status)`` of each game whose seat was
    renamed (for the caller to tell their tables)."""
    with engine.begin() as conn:
        acct = conn.execute(select(accounts).where(accounts.c.id == account_id)
                            ).mappings().first()
        if acct is None:
            return []
        held = conn.execute(select(seats.c.id, seats.c.game_id, seats.c.seat)
                            .join(account_seats, account_seats.c.seat_id == seats.c.id)
                            .where(account_seats.c.account_id == account_id)).all()
        for seat_id, game_id, number in held:
            conn.execute(update(seats).where(and_(seats.c.id == seat_id,
                                                  seats.c.name.is_not(None)))
                         .values(name=FORMER_PLAYER, former=True))
            conn.execute(update(chat).where(and_(chat.c.game_id == game_id,
                                                 chat.c.seat == number))
                         .values(name=FORMER_PLAYER))
        # The your-turn addresses typed at those seats are the player's too.
        seat_ids = [seat_id for seat_id, _, _ in held]
        conn.execute(delete(notice_addresses).where(notice_addresses.c.seat_id.in_(seat_ids)))
        conn.execute(delete(notice_waiting).where(notice_waiting.c.seat_id.in_(seat_ids)))
        _end_all(conn, account_id)
        forget_progress(conn, account_id)
        conn.execute(delete(account_passkeys).where(account_passkeys.c.account_id == account_id))
        conn.execute(delete(account_challenges).where(
            account_challenges.c.account_id == account_id))
        if acct["email"]:
            conn.execute(delete(account_links).where(account_links.c.email == acct["email"]))
        conn.execute(update(accounts).where(accounts.c.id == account_id)
                     .values(display_name=None, email=None, deleted_at=now()))
        renamed = sorted({game_id for _, game_id, _ in held})
        return [(r[0], r[1]) for r in conn.execute(
            select(games.c.id, games.c.status).where(games.c.id.in_(renamed)))]
