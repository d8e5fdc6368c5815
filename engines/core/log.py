"""Log lines and the parameters they (and refusals) carry: keys of the engines' catalogues
(:mod:`engines.messages`), never finished sentences, so every viewer reads them in their
own language."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from engines import messages


class LogEntry(BaseModel):
    """One line of the game log.

    ``to`` is ``None`` for a public entry, or the seats that may read a private one (a card
    drawn into a hand, a secret payment). ``data`` is optional structured detail for the
    renderer (e.g. the cells a taxi passed through); it obeys the same visibility.
    In ``text``, ``{seat0}`` .. ``{seat5}`` stand for the players' display names: the client
    substitutes (escaped) names, so engines never see or store what players typed.
    """

    model_config = ConfigDict(extra="forbid")
    #: The message key and its parameters (:mod:`engines.messages`): what every engine writes.
    key: str | None = None
    params: dict[str, Any] | None = None
    #: A finished English line: only the lines of games stored before log lines had keys.
    text: str = ""
    to: list[int] | None = None
    data: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _worded(self) -> LogEntry:
        if not self.key and not self.text:
            raise ValueError("a log line needs a message key (or, for old games, a text)")
        return self

    @classmethod
    def say(cls, key: str, /, *, to: list[int] | None = None, data: dict[str, Any] | None = None,
            **params: Any) -> LogEntry:
        """A log line: ``LogEntry.say("kaki-lima.log.walked", seat=seat_ref(0), steps=3)``."""
        return cls(key=key, params=params or None, to=to, data=data)

    def english(self, names: dict[int, str] | None = None) -> str:
        """The line in English (for mails and records); ``{seatN}`` of old lines kept as is."""
        return messages.render(self.key, self.params, "en", names) if self.key else self.text


def seat_ref(seat: int) -> dict[str, int]:
    """A log or error parameter naming a player (the browser shows their name, escaped)."""
    return {"seat": seat}


def term(key: str, **params: Any) -> dict[str, Any]:
    """A parameter that is a game term (a sign, a card, a company) or a whole message of its
    own: worded by its own key (and parameters, if it has some)."""
    return {"term": key, "params": params} if params else {"term": key}
