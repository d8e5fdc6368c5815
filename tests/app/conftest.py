"""Service tests also use a small engine with hidden information."""

from collections.abc import Iterator

import pytest

from engines.registry import register
from tests.app.secret_engine import ENGINE as SECRET_ENGINE
from tests.conftest import LiveServer

register(SECRET_ENGINE)


@pytest.fixture(scope="module", params=["one-server", "two-servers"])
def servers(request: pytest.FixtureRequest, live_server: LiveServer,
            db_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Where racing requests go: both to one server, or one to each of two servers on the
    same database."""
    if request.param == "one-server":
        yield live_server, live_server
        return
    second = LiveServer(db_url).start()
    try:
        yield live_server, second
    finally:
        second.stop()

# The notice tests' SMTP server and Meja server: defined once here, so test_mail and
# test_webhooks share one of each (two copies would both drain the shared outbox).
# The clock-driven server of the clock, holiday and My games tests (tests/app/clock_support.py).
from tests.app.clock_support import fake, server  # noqa: E402, F401
from tests.app.notices_support import mailbox, notice_server  # noqa: E402, F401
