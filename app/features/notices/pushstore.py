"""Every read and write of the push tables (synchronous; called from worker threads): the
VAPID key, each seat's subscriptions per device, and the tables a seat muted. Nothing else
in the service reads them (they never reach a frame, LobbyInfo, a history or a record)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from app.core import security
from app.features.notices import push
from app.store.pushtables import notice_mutes, push_subscriptions, push_vapid
from app.store.tables import account_seats, games, seats
from engines.registry import get_engine


@dataclass(frozen=True)
class Device:
    """What a browser sent with its subscription (validated by the HTTP layer)."""

    endpoint: str
    p256dh: str
    auth: str
    lang: str | None
    time_zone: str | None
    quiet_from: int | None
    quiet_to: int | None


@dataclass(frozen=True)
class PushTarget:
    """One seat's subscription on one device, as the dispatcher reads it."""

    id: int
    seat: int
    seat_id: int
    sub: push.Subscription
    lang: str
    quiet: push.Quiet | None


@dataclass(frozen=True)
class SeatNotices:
    """A seat's own view of its notices: whether its table is muted, how many devices."""

    muted: bool
    devices: int


class PushStore:
    """The push tables of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- the VAPID key -------------------------------------------------------------------
    def vapid_pem(self) -> str:
        """The VAPID private key kept in the database (made by whichever process asks first)."""
        with self.engine.begin() as conn:
            found = conn.execute(select(push_vapid.c.private_pem)
                                 .where(push_vapid.c.id == 1)).scalar()
            if found:
                return str(found)
            try:
                with conn.begin_nested():
                    conn.execute(insert(push_vapid).values(id=1,
                                                           private_pem=push.new_private_pem()))
            except IntegrityError:
                pass
            return str(conn.execute(select(push_vapid.c.private_pem)
                                    .where(push_vapid.c.id == 1)).scalar_one())

    # -- what a seat asks ----------------------------------------------------------------
    def _seat_row(self, conn: object, credential: str) -> tuple[int, str] | None:
        row = conn.execute(select(seats.c.id, seats.c.game_id)  # type: ignore[attr-defined]
                           .where(seats.c.token_hash == security.hash_secret(credential))).first()
        return (int(row[0]), str(row[1])) if row else None

    def subscribe(self, credential: str, device: Device, at: dt.datetime) -> SeatNotices:
        """Keep (or refresh) this device's subscription for the credential's seat. The
        device's quiet hours and time zone apply to every seat it holds."""
        with self.engine.begin() as conn:
            found = self._seat_row(conn, credential)
            if found is None:
                return SeatNotices(False, 0)
            seat_id, game_id = found
            fields = dict(p256dh=device.p256dh, auth=device.auth, lang=device.lang,
                          last_seen=at)
            res = conn.execute(update(push_subscriptions).where(and_(
                push_subscriptions.c.seat_id == seat_id,
                push_subscriptions.c.endpoint == device.endpoint)).values(**fields))
            if res.rowcount == 0:
                conn.execute(insert(push_subscriptions).values(
                    seat_id=seat_id, game_id=game_id, endpoint=device.endpoint,
                    created_at=at, **fields))
            conn.execute(update(push_subscriptions)
                         .where(push_subscriptions.c.endpoint == device.endpoint)
                         .values(time_zone=device.time_zone, quiet_from=device.quiet_from,
                                 quiet_to=device.quiet_to))
        return self.state(credential)

    def unsubscribe(self, credential: str, endpoint: str) -> SeatNotices:
        """No more push to this device for the credential's seat."""
        with self.engine.begin() as conn:
            found = self._seat_row(conn, credential)
            if found is not None:
                conn.execute(delete(push_subscriptions).where(and_(
                    push_subscriptions.c.seat_id == found[0],
                    push_subscriptions.c.endpoint == endpoint)))
        return self.state(credential)

    def set_muted(self, credential: str, muted: bool, at: dt.datetime) -> SeatNotices:
        """Mute (or unmute) the credential's table for its seat: no push and no mail."""
        with self.engine.begin() as conn:
            found = self._seat_row(conn, credential)
            if found is not None:
                conn.execute(delete(notice_mutes).where(notice_mutes.c.seat_id == found[0]))
                if muted:
                    conn.execute(insert(notice_mutes).values(seat_id=found[0], game_id=found[1],
                                                             created_at=at))
        return self.state(credential)

    def state(self, credential: str) -> SeatNotices:
        """Whether the credential's seat muted its table and how many devices it has."""
        with self.engine.connect() as conn:
            found = self._seat_row(conn, credential)
            if found is None:
                return SeatNotices(False, 0)
            muted = conn.execute(select(notice_mutes.c.seat_id)
                                 .where(notice_mutes.c.seat_id == found[0])).first()
            devices = conn.execute(select(push_subscriptions.c.id)
                                   .where(push_subscriptions.c.seat_id == found[0])).all()
        return SeatNotices(muted is not None, len(devices))

    def forget_seat(self, credential: str) -> None:
        """The credential's seat was taken by a new player: the last player's devices and
        mute go with them."""
        with self.engine.begin() as conn:
            found = self._seat_row(conn, credential)
            if found is None:
                return
            conn.execute(delete(push_subscriptions)
                         .where(push_subscriptions.c.seat_id == found[0]))
            conn.execute(delete(notice_mutes).where(notice_mutes.c.seat_id == found[0]))

    # -- what the dispatcher reads -------------------------------------------------------
    def targets(self, game_id: str) -> tuple[dict[int, list[PushTarget]], frozenset[int]]:
        """A game's subscriptions by seat number, and the seat numbers that muted it."""
        q = (select(push_subscriptions, seats.c.seat)
             .join(seats, seats.c.id == push_subscriptions.c.seat_id)
             .where(push_subscriptions.c.game_id == game_id)
             .order_by(push_subscriptions.c.id))
        with self.engine.connect() as conn:
            rows = conn.execute(q).mappings().all()
            muted = conn.execute(select(seats.c.seat)
                                 .join(notice_mutes, notice_mutes.c.seat_id == seats.c.id)
                                 .where(notice_mutes.c.game_id == game_id)).scalars().all()
        found: dict[int, list[PushTarget]] = {}
        for r in rows:
            found.setdefault(r["seat"], []).append(PushTarget(
                r["id"], r["seat"], r["seat_id"],
                push.Subscription(r["endpoint"], r["p256dh"], r["auth"]),
                r["lang"] or "en", _quiet(r)))
        return found, frozenset(muted)

    def subscription(self, sub_id: int) -> PushTarget | None:
        """One subscription as it is now (``None``: deleted since its notice was queued)."""
        q = (select(push_subscriptions, seats.c.seat)
             .join(seats, seats.c.id == push_subscriptions.c.seat_id)
             .where(push_subscriptions.c.id == sub_id))
        with self.engine.connect() as conn:
            r = conn.execute(q).mappings().first()
        if r is None:
            return None
        return PushTarget(r["id"], r["seat"], r["seat_id"],
                          push.Subscription(r["endpoint"], r["p256dh"], r["auth"]),
                          r["lang"] or "en", None)

    def account_devices(self, account_ids: list[str]) -> list[tuple[str, PushTarget]]:
        """Each device (push endpoint) that subscribed for any seat an account holds, once
        per account, as it subscribed last: how a notice that is not about one of its seats
        (a crew's new table) reaches the account's phones."""
        if not account_ids:
            return []
        q = (select(account_seats.c.account_id, push_subscriptions, seats.c.seat)
             .join(push_subscriptions, push_subscriptions.c.seat_id == account_seats.c.seat_id)
             .join(seats, seats.c.id == push_subscriptions.c.seat_id)
             .where(account_seats.c.account_id.in_(account_ids))
             .order_by(push_subscriptions.c.last_seen.desc(), push_subscriptions.c.id.desc()))
        seen: set[tuple[str, str]] = set()
        out: list[tuple[str, PushTarget]] = []
        with self.engine.connect() as conn:
            for r in conn.execute(q).mappings():
                if (r["account_id"], r["endpoint"]) in seen:
                    continue
                seen.add((r["account_id"], r["endpoint"]))
                out.append((r["account_id"], PushTarget(
                    r["id"], r["seat"], r["seat_id"],
                    push.Subscription(r["endpoint"], r["p256dh"], r["auth"]),
                    r["lang"] or "en", _quiet(r))))
        return out

    def muted(self, seat_id: int) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(notice_mutes.c.seat_id)
                                .where(notice_mutes.c.seat_id == seat_id)).first() is not None

    def still_awaited(self, game_id: str, seat: int) -> bool:
        """Whether the game still waits for ``seat`` (a held notice of a turn already played
        is dropped, not sent in the morning)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.kind, games.c.status, games.c.state)
                               .where(games.c.id == game_id)).first()
        if row is None or row[1] != "active" or row[2] is None:
            return False
        engine = get_engine(row[0])
        return engine is not None and engine.outcome(row[2]) is None \
            and seat in engine.awaited(row[2])

    def drop(self, sub_id: int) -> None:
        """The push service forgot this subscription (404/410)."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions).where(push_subscriptions.c.id == sub_id))

    def prune(self, unseen_before: dt.datetime) -> None:
        """Forget subscriptions no browser confirmed since ``unseen_before`` and those of
        finished or abandoned games."""
        over = select(games.c.id).where(games.c.status.in_(("finished", "abandoned")))
        with self.engine.begin() as conn:
            conn.execute(delete(push_subscriptions).where(or_(
                push_subscriptions.c.last_seen < unseen_before,
                push_subscriptions.c.game_id.in_(over))))


def _quiet(r: Any) -> push.Quiet | None:
    """A subscription row's quiet hours, if it set both ends."""
    if r["quiet_from"] is None or r["quiet_to"] is None:
        return None
    return push.Quiet(r["quiet_from"], r["quiet_to"], r["time_zone"])
