"""Every read and write of the notice tables (synchronous; the dispatcher calls these from
worker threads). Nothing else in the service reads addresses or hook URLs."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from app.core import security
from app.store.tables import (
    games,
    notice_addresses,
    notice_digests,
    notice_hooks,
    notice_optouts,
    notice_outbox,
    notice_secret,
    notice_waiting,
    seats,
)


@dataclass(frozen=True)
class Target:
    """A seat that has an address (its number in the game, its row id, the address, and
    the language its mail is written in)."""

    seat: int
    seat_id: int
    address: str
    lang: str = "en"


@dataclass(frozen=True)
class Targets:
    """Whom a game's notices can reach."""

    seats: dict[int, Target]
    hook: str | None
    hook_lang: str = "en"
    #: Each seat's push subscriptions (app/features/notices/pushstore.py), one per device.
    pushes: dict[int, list[Any]] = field(default_factory=dict)
    #: Seat numbers that muted this table (no push, no mail; the hook still posts).
    muted: frozenset[int] = frozenset()

    @property
    def empty(self) -> bool:
        return not self.seats and self.hook is None and not self.pushes


class NoticeStore:
    """The notice tables of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- what players and hosts give ------------------------------------------------------
    def set_address(self, credential: str, address: str | None, lang: str | None = None
                    ) -> None:
        """The address of the seat this credential holds (``None``: forget it). Called
        after every join, so a seat freed and taken again never keeps the last player's."""
        h = security.hash_secret(credential)
        with self.engine.begin() as conn:
            row = conn.execute(select(seats.c.id, seats.c.game_id)
                               .where(seats.c.token_hash == h)).first()
            if row is None:
                return
            conn.execute(delete(notice_addresses).where(notice_addresses.c.seat_id == row[0]))
            if address is not None:
                conn.execute(insert(notice_addresses).values(
                    seat_id=row[0], game_id=row[1], address=address, lang=lang))

    def set_hook(self, game_id: str, url: str, lang: str | None = None) -> None:
        """The table's webhook URL (given at creation, with the host's language)."""
        with self.engine.begin() as conn:
            conn.execute(insert(notice_hooks).values(game_id=game_id, url=url, lang=lang))

    def hook_of(self, game_id: str) -> str | None:
        """The table's webhook URL (for its host only)."""
        with self.engine.connect() as conn:
            return conn.execute(select(notice_hooks.c.url)
                                .where(notice_hooks.c.game_id == game_id)).scalar()

    def targets(self, game_id: str) -> Targets:
        """The seats of a game that have an address nobody unsubscribed, and its hook."""
        q = (select(seats.c.seat, seats.c.id, notice_addresses.c.address,
                    notice_addresses.c.lang)
             .join(notice_addresses, notice_addresses.c.seat_id == seats.c.id)
             .outerjoin(notice_optouts, notice_optouts.c.address == notice_addresses.c.address)
             .where(and_(seats.c.game_id == game_id, notice_optouts.c.address.is_(None))))
        with self.engine.connect() as conn:
            rows = conn.execute(q).all()
            hook = conn.execute(select(notice_hooks.c.url, notice_hooks.c.lang)
                                .where(notice_hooks.c.game_id == game_id)).first()
        return Targets({r[0]: Target(r[0], r[1], r[2], r[3] or "en") for r in rows},
                       hook[0] if hook else None, (hook[1] if hook else None) or "en")

    # -- unsubscribing ---------------------------------------------------------------------
    def opt_out(self, address: str, at: dt.datetime) -> None:
        """No more mail to this address; what is queued for it is dropped."""
        with self.engine.begin() as conn:
            try:
                with conn.begin_nested():
                    conn.execute(insert(notice_optouts).values(address=address, created_at=at))
            except IntegrityError:
                pass
            conn.execute(delete(notice_waiting).where(notice_waiting.c.address == address))

    def opted_out(self, address: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(notice_optouts.c.address)
                                .where(notice_optouts.c.address == address)).first() is not None

    def secret(self) -> str:
        """The unsubscribe key kept in the database (made by whichever process asks first)."""
        with self.engine.begin() as conn:
            found = conn.execute(select(notice_secret.c.secret)
                                 .where(notice_secret.c.id == 1)).scalar()
            if found:
                return str(found)
            try:
                with conn.begin_nested():
                    conn.execute(insert(notice_secret).values(
                        id=1, secret=secrets.token_urlsafe(32)))
            except IntegrityError:
                pass
            return str(conn.execute(select(notice_secret.c.secret)
                                    .where(notice_secret.c.id == 1)).scalar_one())

    # -- the outbox ------------------------------------------------------------------------
    def enqueue(self, key: str, kind: str, game_id: str | None, payload: dict[str, Any],
                at: dt.datetime) -> bool:
        """Queue one mail or post; ``False`` if this key was queued before (once per turn)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(notice_outbox).values(
                    key=key[:200], kind=kind, game_id=game_id, payload=payload, attempts=0,
                    next_at=at, lease_until=None, sent_at=None, error=None, created_at=at))
            return True
        except IntegrityError:
            return False

    def claim_due(self, at: dt.datetime, lease: float, limit: int = 20
                  ) -> list[dict[str, Any]]:
        """Rows due now that no sender holds; each is leased to the caller for ``lease``
        seconds (a sender that dies mid-send lets its rows go when the lease runs out)."""
        free = or_(notice_outbox.c.lease_until.is_(None), notice_outbox.c.lease_until < at)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(notice_outbox).where(and_(notice_outbox.c.sent_at.is_(None),
                                                 notice_outbox.c.error.is_(None),
                                                 notice_outbox.c.next_at <= at, free))
                .order_by(notice_outbox.c.next_at).limit(limit)).mappings().all()
        claimed = []
        until = at + dt.timedelta(seconds=lease)
        for row in rows:
            with self.engine.begin() as conn:
                res = conn.execute(update(notice_outbox).where(and_(
                    notice_outbox.c.id == row["id"], notice_outbox.c.sent_at.is_(None), free))
                    .values(lease_until=until))
            if res.rowcount == 1:  # another process did not take it first
                claimed.append(dict(row))
        return claimed

    def sent(self, row_id: int, at: dt.datetime) -> None:
        """Delivered: the row stays (its key still says "this turn had its notice")."""
        with self.engine.begin() as conn:
            conn.execute(update(notice_outbox).where(notice_outbox.c.id == row_id)
                         .values(sent_at=at, lease_until=None))

    def failed(self, row_id: int, retry_at: dt.datetime | None, error: str) -> None:
        """A try failed: again at ``retry_at``, or never (``None``: gave up)."""
        with self.engine.begin() as conn:
            values: dict[str, Any] = {"attempts": notice_outbox.c.attempts + 1,
                                      "lease_until": None}
            if retry_at is None:
                values["error"] = error[:300]
            else:
                values["next_at"] = retry_at
            conn.execute(update(notice_outbox).where(notice_outbox.c.id == row_id)
                         .values(**values))

    def prune(self, before: dt.datetime) -> None:
        """Forget delivered or abandoned rows older than ``before``."""
        with self.engine.begin() as conn:
            conn.execute(delete(notice_outbox).where(and_(
                notice_outbox.c.created_at < before,
                or_(notice_outbox.c.sent_at.is_not(None), notice_outbox.c.error.is_not(None)))))

    # -- digests ---------------------------------------------------------------------------
    def wait(self, target: Target, game_id: str, version: int, at: dt.datetime) -> None:
        """A turn-based table now waits for this seat (a line of its player's digest)."""
        with self.engine.begin() as conn:
            conn.execute(delete(notice_waiting).where(
                notice_waiting.c.seat_id == target.seat_id))
            conn.execute(insert(notice_waiting).values(
                seat_id=target.seat_id, game_id=game_id, address=target.address,
                since_version=version, since_at=at))

    def unwait(self, seat_ids: list[int]) -> None:
        """These seats acted: their tables leave their players' digests."""
        with self.engine.begin() as conn:
            conn.execute(delete(notice_waiting).where(notice_waiting.c.seat_id.in_(seat_ids)))

    def digest_due(self, cutoff: dt.datetime) -> list[str]:
        """Addresses with waiting tables whose last digest was before ``cutoff`` (or never)."""
        q = (select(notice_waiting.c.address).distinct()
             .outerjoin(notice_digests, notice_digests.c.address == notice_waiting.c.address)
             .where(or_(notice_digests.c.sent_at.is_(None), notice_digests.c.sent_at < cutoff)))
        with self.engine.connect() as conn:
            return list(conn.execute(q).scalars())

    def waiting_for(self, address: str) -> list[dict[str, Any]]:
        """The waiting tables of one address, with each game's row and the seat number."""
        q = (select(notice_waiting.c.seat_id, notice_waiting.c.since_at, seats.c.seat,
                    seats.c.is_bot, seats.c.left, games.c.id, games.c.kind, games.c.status,
                    games.c.state, notice_addresses.c.lang)
             .join(seats, seats.c.id == notice_waiting.c.seat_id)
             .outerjoin(notice_addresses, notice_addresses.c.seat_id == notice_waiting.c.seat_id)
             .join(games, games.c.id == notice_waiting.c.game_id)
             .where(notice_waiting.c.address == address)
             .order_by(notice_waiting.c.since_at))
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(q).mappings()]

    def take_digest(self, address: str, cutoff: dt.datetime, at: dt.datetime) -> bool:
        """Claim this address's digest for now (``False``: another process sent one since
        ``cutoff``)."""
        with self.engine.begin() as conn:
            res = conn.execute(update(notice_digests).where(and_(
                notice_digests.c.address == address, notice_digests.c.sent_at < cutoff))
                .values(sent_at=at))
            if res.rowcount == 1:
                return True
            try:
                with conn.begin_nested():
                    conn.execute(insert(notice_digests).values(address=address, sent_at=at))
                return True
            except IntegrityError:
                return False
