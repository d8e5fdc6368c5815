"""Service tests also use a small engine with hidden information."""

from engines.registry import register
from tests.app.secret_engine import ENGINE as SECRET_ENGINE

register(SECRET_ENGINE)

# The notice tests' SMTP server and Meja server: defined once here, so test_mail and
# test_webhooks share one of each (two copies would both drain the shared outbox).
from tests.app.notices_support import mailbox, notice_server  # noqa: E402, F401
