"""Telling a crew about a new table ("New table with the crew").

:func:`notify_crew_table` is the one place that does it: it records the table for the crew
page (the entry every member's client shows) and mails each member who has an address and
did not start it. A push sender (or My games) can call it the same way: it answers which
members were told of what, and holds no state of its own. Mail goes through whatever
``Mailer`` the caller hands in (the notices' outbox, in the service), so this feature
imports no other.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Engine

from app.features.crews import store


class Mailer(Protocol):
    """Queues one mail from catalogue keys (app/features/notices' ``queue_mail``)."""

    async def queue_mail(self, key: str, to: str, subject: str, body: str,
                         params: dict[str, Any], lang: str | None = None) -> bool: ...

    async def queue_account_push(self, key: str, account_ids: list[str], game_id: str,
                                 title: str, body: str, params: dict[str, Any], url: str
                                 ) -> int: ...


@dataclass(frozen=True)
class CrewTable:
    """What the members are told: which crew, which table, who started it."""

    crew_id: str
    crew_name: str
    game_id: str
    game_name: str
    invite_url: str
    #: The member who started it (not told: they are at the table already).
    by_account: str
    by_name: str


async def notify_crew_table(engine: Engine, mailer: Mailer | None, table: CrewTable,
                            public_url: str, lang: str | None = None) -> list[str]:
    """Record the table for the crew page and mail the other members; returns the account
    ids of the members told (by the crew page, and by mail when they have an address)."""
    await asyncio.to_thread(store.add_table, engine, table.crew_id, table.game_id)
    members = await asyncio.to_thread(store.members, engine, table.crew_id)
    others = [m["account_id"] for m in members if m["account_id"] != table.by_account]
    if mailer is None or not others:
        return others
    # Each member's phones that take Web Push, whatever table they subscribed from.
    await mailer.queue_account_push(
        f"crew-table:{table.game_id}", others, table.game_id, "push.crew_table.title",
        "push.crew_table.body", {"crew": table.crew_name, "game": table.game_name,
                                 "by": table.by_name}, table.invite_url)
    link = f"{public_url.rstrip('/')}{table.invite_url}"
    for account_id, address, name in await asyncio.to_thread(store.mail_targets, engine,
                                                             others):
        await mailer.queue_mail(
            f"crew-table:{table.game_id}:{account_id}", address, "mail.crew_table.subject",
            "mail.crew_table.body",
            {"name": name or "", "crew": table.crew_name, "game": table.game_name,
             "by": table.by_name, "link": link,
             "crew_link": f"{public_url.rstrip('/')}/crew/{table.crew_id}"}, lang)
    return others
