"""Notices that are not about a turn (a crew's new table): one mail, or one push per device
of each account, through the same durable outbox as the turn notices (retries, opt-outs,
quiet hours). Mixed into :class:`~app.features.notices.dispatcher.Dispatcher`."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Any

from app.core.i18n import text
from app.features.notices import mail
from app.features.notices.pushstore import PushStore
from app.features.notices.settings import NoticeSettings
from app.features.notices.store import NoticeStore


class OutsideTurnParts:
    """Mixed into the dispatcher, which owns these."""

    db: NoticeStore
    pushes: PushStore
    settings: NoticeSettings
    _wake: asyncio.Event | None
    clock: Callable[[], dt.datetime]

    def _unsubscribe_url(self, address: str) -> str:
        raise NotImplementedError

    async def queue_mail(self, key: str, to: str, subject: str, body: str,
                         params: dict[str, Any], lang: str | None = None) -> bool:
        """Queue one mail outside the turn notices (a crew's new table): ``subject`` and
        ``body`` are catalogue keys, ``body`` gets ``{unsubscribe}`` too. Goes through the
        outbox like every mail (retries, opt-outs); ``key`` makes it once only. Whether it
        was queued (False: no mail configured, or already queued)."""
        if not self.settings.mail_on:
            return False

        def write() -> bool:
            unsubscribe = self._unsubscribe_url(to)
            message = mail.Mail(to, text(subject, params, lang),
                                text(body, {**params, "unsubscribe": unsubscribe}, lang),
                                unsubscribe)
            return self.db.enqueue(key, "mail", None, message.as_payload(), self.clock())

        queued = await asyncio.to_thread(write)
        if queued and self._wake is not None:
            self._wake.set()
        return queued

    async def queue_account_push(self, key: str, account_ids: list[str], game_id: str,
                                 title: str, body: str, params: dict[str, Any], url: str
                                 ) -> int:
        """One push per device of each account (``title``/``body``: catalogue keys, worded
        in each device's language), for a notice that is not about a seat the account holds
        (a crew's new table). ``key`` makes it once only; quiet hours hold it. How many were
        queued."""

        def write() -> int:
            now = self.clock()
            queued = 0
            for account_id, device in self.pushes.account_devices(account_ids):
                data = {"game": game_id, "title": text(title, params, device.lang),
                        "body": text(body, params, device.lang), "url": url,
                        "tag": f"meja-table-{game_id}"}
                until = device.quiet.quiet_until(now) if device.quiet is not None else None
                queued += self.db.enqueue(f"{key}:{account_id}:push:{device.id}", "push",
                                          game_id, {"sub": device.id, "game": game_id,
                                                    "data": data}, until or now)
            return queued

        queued = await asyncio.to_thread(write)
        if queued and self._wake is not None:
            self._wake.set()
        return queued
