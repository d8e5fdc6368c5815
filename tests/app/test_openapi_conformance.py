"""schemathesis over /openapi.json: no 5xx, and every answer is what the document says.

Generated requests go to a live server on each database. Half of them are pointed at a real
lobby with its host's (or a player's) credential and real invite/watch/claim ids, so the
generated seat numbers, bodies and orders reach the code behind the authentication.
"""

from __future__ import annotations

import base64
import os
import uuid
import zlib
from collections import Counter
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
import schemathesis
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from hypothesis import HealthCheck, assume, given, settings
from schemathesis import GenerationMode, checks
from sqlalchemy import insert

from app.store import accounts
from app.store.crewtables import crew_members, crews
from app.store.rows import now
from tests.app.client import auth, create, http, invite_of, join, watch_id
from tests.app.crews_support import COOKIE, Player, store_of, with_account
from tests.conftest import LiveServer

#: Generated cases per operation and mode (15 operations, two modes, two databases); more
#: for a deeper hunt by hand (MEJA_SCHEMA_EXAMPLES=200), CI keeps the suite's time.
EXAMPLES = int(os.environ.get("MEJA_SCHEMA_EXAMPLES", "20"))


#: The refusals of a record that has the document's shape but does not replay: whether its
#: actions are legal and its outcome is theirs is the game's rules, which a schema cannot
#: state. A schema-valid record may be refused (422) with one of these and nothing else.
REPLAY_REFUSALS = {"api.record.goes_on", "api.record.bad_takeback", "api.record.takeback_off",
                   "api.record.takeback_not_own", "api.record.seat_not_to_act",
                   "api.record.invalid_action", "api.record.against_rules",
                   "api.record.unappliable", "api.record.unfinished",
                   "api.record.outcome_differs"}


#: The crews' routes (app/http/crews.py): a signed-in owner reaches the code behind them.
CREW_PATHS = ("/api/crews", "/api/crew-invites", "/api/players", "/api/account/privacy")
#: The two accounts of each server's crews (made once): the owner signed in, a member.
_ACCOUNTS: dict[str, tuple[Player, Player]] = {}


def crew_of(live_server: LiveServer) -> dict[str, Any]:
    """A fresh crew (each operation's own: one that a generated "leave" emptied would turn
    every later case into a 403) of two accounts, its owner's session and the ids its
    routes take. Written straight into its tables: the route that keeps a crew from a
    table is the crews' tests' own."""
    if live_server.url not in _ACCOUNTS:
        _ACCOUNTS[live_server.url] = (with_account(live_server, "Ana"),
                                      with_account(live_server, "Budi"))
    ana, budi = _ACCOUNTS[live_server.url]
    crew_id, invite = uuid.uuid4().hex[:16], uuid.uuid4().hex[:16]
    with store_of(live_server).engine.begin() as conn:
        conn.execute(insert(crews).values(
            id=crew_id, name="Crew", owner_id=ana.account_id, invite_id=invite, from_game=None,
            league_on=True, league_rule="loss", league_since=now(), created_at=now()))
        conn.execute(insert(crew_members), [
            {"crew_id": crew_id, "account_id": p.account_id, "joined_at": now()}
            for p in (ana, budi)])
    return {"cookie": f"{COOKIE}={ana.token}", "crew_id": crew_id, "crew_invite": invite,
            "account_id": budi.account_id}


def table(live_server: LiveServer) -> dict[str, Any]:
    """A fresh lobby of three seats (host and one player), a re-issued seat link, an
    account holding the host's seat with a signed-in session (its cookie), and a crew (its
    owner signed in)."""
    lobby = create(live_server, game="race", seats=3)
    friend = join(live_server, lobby, "Budi")
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/1/reissue",
                  headers=auth(lobby["credential"]))
    engine = live_server.app.state.store.engine
    account = accounts.create_account(engine, "Ana")
    accounts.claim_seats(engine, account["id"], [lobby["credential"]])
    _, session = accounts.new_session(engine, account["id"], "schemathesis")
    return {"lobby": lobby, "friend": friend, "session": session,
            "claim": r.json()["claim_url"].rsplit("/", 1)[1], "crew": crew_of(live_server)}


def resolvable_hook(case: Any) -> None:
    """A generated webhook URL, with its host replaced by a public address literal.

    The document states a webhook URL's shape; whether its host resolves (to an address
    that is not this server's) is a fact of the day, checked when the lobby is made and
    refused with a 422 sentence. Random host names would be sent to the resolver and
    refused: the address keeps the rest of the URL (scheme, port, path) under test."""
    url = case.body.get("webhook_url") if isinstance(case.body, dict) else None
    if isinstance(url, str) and url.strip():
        parts = urlsplit(url.strip())
        netloc = "1.1.1.1" + (f":{parts.port}" if parts.port is not None else "")
        case.body["webhook_url"] = urlunsplit(parts._replace(netloc=netloc))


def real_push_subscription(case: Any) -> None:
    """A generated push subscription, with a browser's real key pair and an https endpoint
    at a public address literal.

    The document states the keys' and the endpoint's shapes; that a p256dh key is a point of
    the P-256 curve, and that the endpoint's host resolves to an address that is not this
    server's, are checked with a 422 sentence and cannot be said in a schema: random bytes
    of the right length are no key. The rest of the case stays generated."""
    body = case.body if isinstance(case.body, dict) else None
    if body is None or not isinstance(body.get("keys"), dict) or "endpoint" not in body:
        return
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    body["keys"] = {"p256dh": base64.urlsafe_b64encode(key).decode().rstrip("="),
                    "auth": base64.urlsafe_b64encode(bytes(16)).decode().rstrip("=")}
    parts = urlsplit(str(body["endpoint"]).strip())
    body["endpoint"] = urlunsplit(parts._replace(scheme="https", netloc="1.1.1.1"))


def rounded(value: Any) -> bool:
    """Whether ``value`` holds a number that floating point made: a float beyond 2**53 (no
    longer the integer it was made from; schemathesis sends some integers as floats, ``4.0``)
    or an integer beyond 2**63 (schemathesis computes a bound of 2**63 - 1, a seed's, in
    floating point and generates integers past it as valid). Either is outside the
    document's range where the document bounds it; skipping all of them loses little."""
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return abs(value) >= 2 ** 53
    if isinstance(value, int):
        return abs(value) >= 2 ** 63
    if isinstance(value, dict):
        return any(rounded(v) for v in value.values())
    if isinstance(value, list):
        return any(rounded(v) for v in value)
    return False


def aim_at_the_table(case: Any, table: dict[str, Any], mode: GenerationMode) -> None:
    """Point about half of the cases at the real lobby, chosen from the case's own data."""
    if mode == GenerationMode.POSITIVE:
        resolvable_hook(case)
        real_push_subscription(case)
    key = zlib.crc32(repr((case.path_parameters, case.query, case.body)).encode())
    if key % 2:
        return
    lobby = table["lobby"]
    crew = table["crew"]
    real = {"game_id": lobby["game_id"], "invite_id": invite_of(lobby),
            "watch_id": watch_id(lobby), "claim_id": table["claim"],
            "crew_id": crew["crew_id"], "crew_invite": crew["crew_invite"],
            "account_id": crew["account_id"]}
    for name in list(case.path_parameters or {}):
        if name in real:
            case.path_parameters[name] = real[name]
    if mode == GenerationMode.NEGATIVE:
        return  # a negative case's (deliberately invalid) credential must stay invalid
    who = lobby if key % 4 == 0 else table["friend"]
    case.headers = {**(case.headers or {}), **auth(who["credential"])}
    if case.operation.path.startswith(CREW_PATHS):
        # The crews' routes read the crew owner's session cookie.
        case.headers["Cookie"] = crew["cookie"]
    elif case.path.startswith("/api/account"):  # signed in: reach what is behind the cookie
        case.headers["Cookie"] = f"meja_session={table['session']}"


def exercise(operation: Any, mode: GenerationMode, spot: dict[str, Any],
             counts: Counter[int]) -> None:
    """Send one operation's generated cases; raises on the first failed check."""
    replayed = (mode == GenerationMode.POSITIVE
                and (operation.method.upper(), operation.path) == ("POST", "/api/records"))

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        if mode == GenerationMode.POSITIVE:
            assume(not rounded(case.body))  # not the valid data it was generated as
        aim_at_the_table(case, spot, mode)
        response = case.call()
        if replayed and response.status_code == 422:
            # Every other check still applies; "valid data accepted" reads as above.
            case.validate_response(response, excluded_checks=[checks.positive_data_acceptance])
            assert response.json().get("key") in REPLAY_REFUSALS, (response.text, case.body)
        else:
            case.validate_response(response)
        counts[response.status_code] += 1

    check()


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_service_answers_as_its_openapi_document_says(
        live_server: LiveServer, mode: GenerationMode) -> None:
    api = schemathesis.openapi.from_url(f"{live_server.url}/openapi.json")
    # No undeclared query parameters in the negative phase: OpenAPI does not forbid them
    # (a parameter list names what an operation reads, not all a URL may carry), and like
    # every HTTP API this one ignores them, so a link with a tracking or cache-busting
    # parameter still works. Schemathesis's own switch for that API style (its
    # ``generation.allow-extra-parameters``); every declared parameter is still mutated.
    api.config.generation.update(allow_extra_parameters=False)
    # A body over the size limit is refused as such, 413 (docs/protocol.md), before it is
    # read as JSON: a refusal of that request, as the negative phase asks.
    api.config.checks.negative_data_rejection.expected_statuses.append("413")
    failures: dict[str, str] = {}
    counts: Counter[int] = Counter()
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 15
    for operation in operations:
        if mode == GenerationMode.NEGATIVE and not (operation.path_parameters
                                                    or operation.query or operation.body):
            continue  # nothing in it can be made invalid
        try:
            exercise(operation, mode, table(live_server), counts)
        except Exception as exc:  # noqa: BLE001 - every operation is checked, then reported
            failures[operation.label] = str(exc)[:2000]
    assert not failures, "\n\n".join(f"{k}:\n{v}" for k, v in failures.items())
    print(f"schemathesis {mode.value}: {sum(counts.values())} cases, statuses {dict(counts)}")
    assert not [code for code in counts if code >= 500], counts
    if mode == GenerationMode.POSITIVE:
        # The generated requests got past the front door, not only 401/404/422.
        assert counts[200] + counts[201] > EXAMPLES, counts
    else:
        assert counts[422] > EXAMPLES, counts  # malformed requests were refused as such
