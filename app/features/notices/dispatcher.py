"""The dispatcher: from "the game now waits for these seats" to queued mail and posts, and
the background tasks that send them.

Nothing here is awaited by a move. The commit path calls :meth:`Notices.moved`, which only
compares two lists of awaited seats and puts a small record on an in-memory queue; a
background task reads addresses, writes the outbox (the durable part) and wakes the sender.
The sender leases due rows from the outbox, delivers them (SMTP in a worker thread, webhook
POSTs on the event loop, a few at once) and retries failures with exponential back-off.

What survives a restart: every row of ``notice_outbox`` (sent later, by whichever process
runs first); a row a dying process was sending is sent again once its lease runs out, so a
crash in the middle of a send can deliver twice, never zero times. What does not: records
still on the in-memory queue (milliseconds after a commit) - that turn gets no notice.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import time
from dataclasses import dataclass, replace
from typing import Any

import httpx

from app.core.i18n import text
from app.core.tablesettings import settings_of
from app.features.notices import mail, push, webhooks
from app.features.notices.outside import OutsideTurnParts
from app.features.notices.pushing import PushParts
from app.features.notices.pushstore import PushStore
from app.features.notices.settings import NoticeSettings
from app.features.notices.store import NoticeStore, Target, Targets
from app.realtime.port import RoomPort, Rooms
from app.store.store import now
from engines.registry import get_engine

log = logging.getLogger("meja.notices")

#: Records waiting for the intake task; beyond this a burst drops notices, never blocks.
QUEUE_LIMIT = 10_000
#: How long a game's targets (addresses, hook) are trusted from memory.
TARGETS_TTL = 300.0
TARGETS_KEPT = 20_000
#: Sends in flight at once (a hanging receiver holds one slot until its timeout).
CONCURRENCY = 8


@dataclass(frozen=True)
class Turn:
    """One commit, as far as notices care: who became awaited and who stopped being."""

    game_id: str
    kind: str
    version: int
    began: tuple[int, ...]
    ended: tuple[int, ...]
    online: frozenset[int]
    names: tuple[str | None, ...]
    bots: frozenset[int]
    turn_based: bool


class Dispatcher(PushParts, OutsideTurnParts):
    """Your-turn mail and webhooks of one server process: turns in, notices out (the
    feature that feeds it is :class:`app.features.notices.feature.Notices`)."""

    def __init__(self, engine: Any, settings: NoticeSettings | None = None) -> None:
        self.db = NoticeStore(engine)
        self.pushes = PushStore(engine)
        self._vapid: str | None = None
        self.settings = settings or NoticeSettings()
        #: Now, in UTC; tests move it to cross a digest day.
        self.clock = now
        self._queue: asyncio.Queue[Turn] | None = None
        self._wake: asyncio.Event | None = None
        self._targets: dict[str, tuple[float, Targets]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._inflight: set[int] = set()
        self._secret: str | None = self.settings.secret or None
        self._http: httpx.AsyncClient | None = None
        self.rooms: Rooms | None = None

    # -- life cycle ------------------------------------------------------------------------
    async def start(self, rooms: Rooms) -> None:
        """Start the intake, sender and digest tasks."""
        self.rooms = rooms
        self._queue = asyncio.Queue(QUEUE_LIMIT)
        self._wake = asyncio.Event()
        self._http = httpx.AsyncClient(follow_redirects=False, trust_env=False)
        self._spawn(self._intake())
        self._spawn(self._sender())
        if self.settings.mail_on:
            self._spawn(self._digests())

    async def stop(self) -> None:
        """Stop the tasks (queued rows stay in the outbox for the next start)."""
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task
        if self._http is not None:
            await self._http.aclose()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def secret(self) -> str:
        """The key of unsubscribe tokens (blocking the first time: it may be read from the
        database)."""
        if self._secret is None:
            self._secret = self.db.secret()
        return self._secret

    # -- what the rest of the service calls ---------------------------------------------
    def committed(self, room: RoomPort, seat: int, action: Any, result: Any,
                  version: int) -> None:
        """The commit path's hook (the room port's ``committed``): ``room`` still holds the
        state before ``result.state``. Never raises, never waits."""
        if self._queue is None:
            return
        try:
            hit = self._targets.get(room.id)
            if hit is not None and hit[1].empty and time.monotonic() - hit[0] < TARGETS_TTL:
                return  # nobody to tell at this table
            eng = room.engine
            before = set(eng.awaited(room.state)) if room.state is not None else set()
            new_state = result.state
            after = set() if eng.outcome(new_state) is not None else set(eng.awaited(new_state))
            self._offer(room, version, before, after)
        except Exception:
            log.exception("notices: could not read the turn of %s", room.id)

    def forget_targets(self) -> None:
        """Someone unsubscribed: read every game's targets afresh."""
        self._targets.clear()

    def forget_game(self, game_id: str) -> None:
        """A seat of this game changed its notices: read its targets afresh."""
        self._targets.pop(game_id, None)

    def own_hosts(self) -> tuple[str, ...]:
        """This server's own host names (no webhook or push endpoint may point at them)."""
        return self._own_hosts()

    def _own_hosts(self) -> tuple[str, ...]:
        from urllib.parse import urlsplit

        host = urlsplit(self.settings.public_url).hostname
        return (host,) if host else ()

    def _offer(self, room: RoomPort, version: int, before: set[int], after: set[int]) -> None:
        began, ended = tuple(sorted(after - before)), tuple(sorted(before - after))
        if not began and not ended or self._queue is None:
            return
        turn = Turn(game_id=room.id, kind=room.game["kind"], version=version, began=began,
                    ended=ended, online=frozenset(room.online()),
                    names=tuple(s["name"] for s in room.seats),
                    bots=frozenset(s["seat"] for s in room.seats if s["is_bot"]),
                    turn_based=settings_of(room.game).time_control.kind == "turn")
        try:
            self._queue.put_nowait(turn)
        except asyncio.QueueFull:
            log.warning("notices: queue full, no notice for %s v%s", room.id, version)

    # -- intake: turns -> outbox rows ----------------------------------------------------
    async def _intake(self) -> None:
        assert self._queue is not None and self._wake is not None
        while True:
            turn = await self._queue.get()
            try:
                if await asyncio.to_thread(self._record, turn):
                    self._wake.set()
            except Exception:
                log.exception("notices: could not queue the notices of %s", turn.game_id)

    def _targets_of(self, game_id: str) -> Targets:
        hit = self._targets.get(game_id)
        if hit is not None and time.monotonic() - hit[0] < TARGETS_TTL:
            return hit[1]
        found = self.db.targets(game_id)
        pushes, muted = self.pushes.targets(game_id)
        found = replace(found, pushes=pushes, muted=muted)
        if len(self._targets) > TARGETS_KEPT:
            self._targets.clear()  # a bound, not an LRU: a miss only costs one query
        self._targets[game_id] = (time.monotonic(), found)
        return found

    def _record(self, turn: Turn) -> bool:
        """Write this turn's outbox rows (blocking); whether any was queued."""
        targets = self._targets_of(turn.game_id)
        if targets.empty:
            return False
        now = self.clock()
        name = self._game_name(turn.kind)
        link = f"{self.settings.public_url}/game/{turn.game_id}"
        queued = False
        humans = [s for s in turn.began if s not in turn.bots]
        if targets.hook is not None and humans:
            body = webhooks.hook_message(name, link, [self._seat_name(turn, s) for s in humans],
                                         targets.hook_lang)
            queued |= self.db.enqueue(f"hook:{turn.game_id}:{turn.version}", "hook",
                                      turn.game_id, {"url": targets.hook, "body": body}, now)
        if turn.turn_based and self.settings.mail_on:
            ended = [targets.seats[s].seat_id for s in turn.ended if s in targets.seats]
            if ended:
                self.db.unwait(ended)
        for seat in humans:
            if seat in targets.muted or seat in turn.online:
                continue
            devices = targets.pushes.get(seat, [])
            held = [until for d in devices if d.quiet is not None
                    and (until := d.quiet.quiet_until(now)) is not None]
            for device in devices:
                queued |= self._queue_push(turn, device, now)
            target = targets.seats.get(seat)
            if target is None or not self.settings.mail_on:
                continue
            if turn.turn_based:
                self.db.wait(target, turn.game_id, turn.version, now)  # the digest's line
                queued = True
                continue
            # A player whose device is in its quiet hours gets the mail when they end.
            letter = self._turn_mail(turn, target, name, link).as_payload()
            queued |= self.db.enqueue(f"turn:{target.seat_id}:{turn.version}", "mail",
                                      turn.game_id, {**letter, "game": turn.game_id,
                                                     "seat": seat, "seat_id": target.seat_id,
                                                     "held": bool(held)},
                                      max(held, default=now))
        return queued

    @staticmethod
    def _game_name(kind: str) -> str:
        engine = get_engine(kind)
        return engine.name if engine else kind

    @staticmethod
    def _seat_name(turn: Turn, seat: int) -> str:
        named = turn.names[seat] if seat < len(turn.names) else None
        return named or f"Seat {seat + 1}"

    def _unsubscribe_url(self, address: str) -> str:
        return f"{self.settings.public_url}/unsubscribe/{mail.sign_address(self.secret(), address)}"

    def _turn_mail(self, turn: Turn, target: Target, name: str, link: str) -> mail.Mail:
        """One player's your-turn mail, in the language they joined in."""
        others = [self._seat_name(turn, s) for s in range(len(turn.names)) if s != target.seat]
        unsubscribe = self._unsubscribe_url(target.address)
        lang = target.lang
        body = text("mail.turn.body", {
            "name": self._seat_name(turn, target.seat), "game": name, "count": len(others),
            "others": ", ".join(others), "link": link, "unsubscribe": unsubscribe}, lang)
        return mail.Mail(target.address, text("mail.turn.subject", {"game": name}, lang), body,
                         unsubscribe)

    # -- digests (turn-based tables) -----------------------------------------------------
    async def _digests(self) -> None:
        assert self._wake is not None
        while True:
            await asyncio.sleep(self.settings.digest_every)
            try:
                if await asyncio.to_thread(self.run_digests):
                    self._wake.set()
            except Exception:
                log.exception("notices: digest round failed")

    def run_digests(self) -> int:
        """Queue the digest of every address whose last one is a day old and that has a
        table waiting for it (blocking); how many were queued."""
        now = self.clock()
        cutoff = now - dt.timedelta(hours=self.settings.digest_hours)
        count = 0
        for address in self.db.digest_due(cutoff):
            lines, gone = [], []
            rows = self.db.waiting_for(address)
            # One digest per address: in the language of its latest table.
            lang = next((r["lang"] for r in reversed(rows) if r.get("lang")), None)
            for row in rows:
                engine = get_engine(row["kind"])
                waiting = (row["status"] == "active" and not row["is_bot"] and not row["left"]
                           and engine is not None and row["state"] is not None
                           and row["seat"] in engine.awaited(row["state"]))
                if not waiting or engine is None:
                    gone.append(row["seat_id"])
                    continue
                since = row["since_at"]
                lines.append(text("mail.digest.line", {
                    "game": engine.name, "link": f"{self.settings.public_url}/game/{row['id']}",
                    "since": since.strftime("%Y-%m-%d %H:%M UTC") if since else "-"}, lang))
            if gone:
                self.db.unwait(gone)
            if not lines or not self.db.take_digest(address, cutoff, now):
                continue
            unsubscribe = self._unsubscribe_url(address)
            n = len(lines)
            subject = text("mail.digest.subject", {"count": n}, lang)
            body = text("mail.digest.body", {"tables": "\n".join(lines),
                                             "unsubscribe": unsubscribe}, lang)
            msg = mail.Mail(address, subject, body, unsubscribe)
            self.db.enqueue(f"digest:{address}:{now.isoformat()}", "mail", None,
                            msg.as_payload(), now)
            count += 1
        return count

    # -- the sender ----------------------------------------------------------------------
    async def _sender(self) -> None:
        assert self._wake is not None
        slots = asyncio.Semaphore(CONCURRENCY)
        lease = self.settings.send_timeout * 3 + 30
        last_prune = 0.0
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.poll_seconds)
            self._wake.clear()
            try:
                rows = await asyncio.to_thread(self.db.claim_due, self.clock(), lease)
                if time.monotonic() - last_prune > 3600:
                    last_prune = time.monotonic()
                    await asyncio.to_thread(self.db.prune, self.clock() - dt.timedelta(days=7))
                    await asyncio.to_thread(self.pushes.prune, self.clock() - dt.timedelta(
                        days=self.settings.push_keep_days))
            except Exception:
                log.exception("notices: could not read the outbox")
                continue
            for row in rows:
                if row["id"] in self._inflight:
                    continue
                self._inflight.add(row["id"])
                await slots.acquire()
                self._spawn(self._deliver_in(row, slots))

    async def _deliver_in(self, row: dict[str, Any], slots: asyncio.Semaphore) -> None:
        try:
            await self._deliver(row)
        finally:
            slots.release()
            self._inflight.discard(row["id"])

    async def _deliver(self, row: dict[str, Any]) -> None:
        s = self.settings
        retry_in: float | None = None
        try:
            if row["kind"] in ("mail", "push") and not await asyncio.to_thread(self._still_due,
                                                                                row):
                await asyncio.to_thread(self.db.failed, row["id"], None, "no longer due")
                return
            if row["kind"] == "mail":
                message = mail.Mail.from_payload(row["payload"])
                if await asyncio.to_thread(self.db.opted_out, message.to):
                    await asyncio.to_thread(self.db.failed, row["id"], None, "unsubscribed")
                    return
                target = mail.parse_smtp_url(s.smtp_url)
                await asyncio.to_thread(mail.send_mail, target, message, s.mail_from,
                                        s.send_timeout)
            elif row["kind"] == "push":
                if not await self._push(row):
                    return
            else:
                assert self._http is not None
                async with asyncio.timeout(s.send_timeout + 1):
                    await webhooks.post(self._http, row["payload"]["url"], row["payload"]["body"],
                                        s.allow_local_hooks, self._own_hosts(), s.send_timeout)
        except Exception as exc:
            attempts = row["attempts"] + 1
            error = f"{type(exc).__name__}: {exc}"
            if isinstance(exc, push.SlowDown):
                retry_in = exc.seconds  # the push service said when
            elif not isinstance(exc, webhooks.HookRefused):
                retry_in = s.retry_base * 2 ** (attempts - 1)
            retry = (None if attempts >= s.max_attempts or retry_in is None
                     else self.clock() + dt.timedelta(seconds=retry_in))
            log.warning("notices: %s %s failed (try %s): %s", row["kind"], row["key"],
                        attempts, error)
            await asyncio.to_thread(self.db.failed, row["id"], retry, error)
            if retry is not None:
                self._spawn(self._wake_at(retry))
            return
        await asyncio.to_thread(self.db.sent, row["id"], self.clock())

    async def _wake_at(self, when: dt.datetime) -> None:
        await asyncio.sleep(max(0.0, (when - self.clock()).total_seconds()) + 0.01)
        if self._wake is not None:
            self._wake.set()
