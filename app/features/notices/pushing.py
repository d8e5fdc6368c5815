"""The Web Push side of the dispatcher (:mod:`.dispatcher`): the VAPID key, one device's
push of a turn into the outbox, and one push row out to its push service."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from app.core.i18n import has, text
from app.features.notices import push
from app.features.notices.pushstore import PushStore, PushTarget
from app.features.notices.settings import NoticeSettings
from app.features.notices.store import NoticeStore, Targets


class PushParts:
    """Mixed into :class:`~app.features.notices.dispatcher.Dispatcher`, which owns these."""

    db: NoticeStore
    pushes: PushStore
    settings: NoticeSettings
    _vapid: str | None
    _http: httpx.AsyncClient | None
    _targets: dict[str, tuple[float, Targets]]
    _wake: asyncio.Event | None
    clock: Callable[[], dt.datetime]

    def _own_hosts(self) -> tuple[str, ...]:
        raise NotImplementedError

    def _game_name(self, kind: str) -> str:
        raise NotImplementedError

    def _seat_name(self, turn: Any, seat: int) -> str:
        raise NotImplementedError

    def vapid_pem(self) -> str:
        """The VAPID private key (blocking the first time: read from its file or the
        database, made there at first start)."""
        if self._vapid is None:
            path = self.settings.vapid_key_file
            self._vapid = (push.key_from_file(Path(path)) if path
                           else self.pushes.vapid_pem())
        return self._vapid

    def push_key(self) -> str:
        """The public key browsers subscribe with (blocking the first time)."""
        return push.public_key(self.vapid_pem())

    def _queue_push(self, turn: Any, device: PushTarget, now: dt.datetime) -> bool:
        """One device's push of this turn (the mail's once-per-turn key, per device), in the
        device's language; held to the end of its quiet hours if they run now."""
        lang = device.lang
        key = f"games.{turn.kind}.name"
        game = text(key, {}, lang) if has(key) else self._game_name(turn.kind)
        data = push.payload(turn.game_id, device.seat, text("push.turn.title", {"game": game},
                                                            lang),
                            text("push.turn.body", {"game": game,
                                                    "name": self._seat_name(turn, device.seat)},
                                 lang))
        until = device.quiet.quiet_until(now) if device.quiet is not None else None
        return self.db.enqueue(f"turn:{device.seat_id}:{turn.version}:push:{device.id}", "push",
                               turn.game_id, {"sub": device.id, "game": turn.game_id,
                                              "seat": device.seat, "seat_id": device.seat_id,
                                              "data": data}, until or now)

    def _still_due(self, row: dict[str, Any]) -> bool:
        """Whether a turn's notice still has a reason to go (blocking): the seat did not
        mute the table since, and the game still waits for it (a notice held through the
        night, or retried, never announces a turn already played)."""
        p = row["payload"]
        if "seat_id" not in p:
            return True  # a digest, or a row queued before this check existed
        if self.pushes.muted(p["seat_id"]):
            return False
        if row["kind"] == "mail" and not p.get("held"):
            return True  # sent at once: as before quiet hours, a mail of a turn is never dropped
        return self.pushes.still_awaited(p["game"], p["seat"])

    async def _push(self, row: dict[str, Any]) -> bool:
        """Send one push row; ``False`` when it was settled without a send (the device is
        gone). Raises on a failure to retry."""
        s = self.settings
        p = row["payload"]
        device = await asyncio.to_thread(self.pushes.subscription, p["sub"])
        if device is None:
            await asyncio.to_thread(self.db.failed, row["id"], None, "unsubscribed")
            return False
        pem = await asyncio.to_thread(self.vapid_pem)
        assert self._http is not None
        try:
            async with asyncio.timeout(s.send_timeout + 1):
                await push.send(self._http, device.sub, p["data"], private_pem=pem,
                                subject=s.vapid_subject, allow_local=s.allow_local_hooks,
                                own_hosts=self._own_hosts(), timeout=s.send_timeout,
                                retry_default=s.retry_base)
        except push.Gone as exc:
            # The browser dropped the subscription (or the player revoked the permission).
            await asyncio.to_thread(self.pushes.drop, device.id)
            await asyncio.to_thread(self.db.failed, row["id"], None, str(exc))
            self._targets.pop(p["game"], None)
            return False
        return True
