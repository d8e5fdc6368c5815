"""How the engine speaks: every log line is ``LogEntry.say(<key>, ...)`` with a message key of
``engines/indonesia/i18n/`` and its parameters (seats, numbers, game terms, and the board
references of places.py); every refusal is ``RuleError(<key>, ...)`` the same way."""

from __future__ import annotations

from engines.core.log import LogEntry

#: The log lines one move writes.
Log = list[LogEntry]
