"""Request-body fields of the notices (used by app/schemas.py): checked where they arrive,
worded for the player."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from app.features.notices import mail, webhooks


def _address(value: str | None) -> str | None:
    try:
        return mail.clean_address(value)
    except ValueError as exc:
        raise PydanticCustomError("email", str(exc)) from None


def _hook(value: str | None) -> str | None:
    try:
        return webhooks.check_syntax(value)
    except webhooks.HookRefused as exc:
        raise PydanticCustomError("webhook_url", str(exc)) from None


#: An optional e-mail address for your-turn mail (never shown to anybody).
EmailField = Annotated[str | None, Field(
    default=None, max_length=mail.MAX_ADDRESS + 64,  # room for spaces around it (trimmed)
    # The document states the address's real shape; the validator below checks it and
    # words the refusal (a pydantic pattern would answer with the regular expression).
    json_schema_extra={"pattern": mail.ADDRESS_PATTERN},
    description="Optional: an e-mail address for your-turn mail. Stored apart from the "
                "seat and never shown to anybody."), AfterValidator(_address)]
#: An optional webhook URL (Discord, Slack...) for the table; only the host sees it.
WebhookField = Annotated[str | None, Field(
    default=None, max_length=webhooks.MAX_URL,
    json_schema_extra={"pattern": webhooks.URL_PATTERN},  # as the e-mail's, beside anyOf
    description="Optional: an http(s) URL that gets a POST when the game waits for "
                "someone (Discord and Slack webhooks). Only the host can read it back."),
    AfterValidator(_hook)]
