"""The watch page's game in its first answer (issue 42): the table and the spectator's
snapshot, inline in the HTML, so the board is drawn as soon as its modules run instead of
after the table's API answer and the WebSocket's hello.

It is exactly what a spectator already gets: the table as ``GET /api/watch/<id>`` answers
it (``LobbyInfo``: never a credential) and the snapshot frame a spectator's hello is
answered with (the engine's view for no seat: no hand, no hidden card). A seat's page
carries nothing: its credential is in the browser, not in the URL, so the server does not
know whose view to send; its socket gets it.

static/game.js reads the element (``FIRST_ID``) once, draws from it, and says hello with
its version: the socket answers ``uptodate`` (or a newer snapshot), so nothing is drawn
twice.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.requests import Request

from app.core.errors import NotFound
from app.core.lobby import lobby_info
from app.http.deps import run
from app.http.schemas import LobbyInfo
from app.realtime.hub import Hub
from app.store.store import Store

log = logging.getLogger("meja.firstpaint")

#: The id of the ``<script type="application/json">`` element that carries it.
FIRST_ID = "meja-first"
#: The id of the element that carries the game page's first API answers (``answers_block``).
ANSWERS_ID = "meja-answers"


async def watch_document(request: Request, game: dict[str, Any]) -> str | None:
    """The JSON text of the watch page's inline game: ``{"watch", "info", "snapshot"}``;
    None when the game cannot be read now (the page then asks as it always did)."""
    store: Store = request.app.state.store
    hub: Hub = request.app.state.hub
    info = LobbyInfo.model_validate(lobby_info(game, await run(store.seats, game["id"])))
    try:
        snapshot = await hub.spectator_snapshot(game["id"])
    except NotFound:  # its game's rules are gone: the page says so as it always did
        return None
    except Exception:  # the page is served all the same; its socket will try again
        log.exception("no inline game for the watch page of %s", game["id"])
        return None
    # The frame is already JSON (as the socket sends it): put in as it is, not parsed again.
    return (f'{{"watch":"{game["watch_id"]}","info":{info.model_dump_json()},'
            f'"snapshot":{snapshot}}}')


def data_block(text: str, element_id: str = FIRST_ID) -> str:
    """``text`` (JSON) as an inert ``<script type="application/json">`` element. Every "<"
    becomes its JSON escape, so nothing a player typed (a name, a chat line) can close the
    element or open another: JSON has "<" only inside strings, where the escape means it."""
    safe = text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f'<script type="application/json" id="{element_id}">{safe}</script>'


def answers_block(answers: dict[str, bytes]) -> str:
    """The game page's first GETs, answered in the page: ``{api path: its JSON answer}``
    (static/api.js takes each once instead of asking). They are the same for everyone (the
    games' list, a game kind's board data): on a phone each was a request that queued for
    one of the six connections in front of the board's modules (issue 42)."""
    parts = ",".join(f"{json.dumps(path)}:{body.decode()}" for path, body in answers.items())
    return data_block(f"{{{parts}}}", ANSWERS_ID)
