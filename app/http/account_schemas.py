"""The account routes' bodies and answers (app/http/accounts.py, passkeys.py, signin_mail.py).

What a browser sends about its seats is their credentials (the client's localStorage
"meja.seats"); what it gets back for a seat it did not have is a credential of its own.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from app.features.notices.fields import EmailField
from app.http.schemas import DisplayName, Lang

#: A seat credential as the service hands them out (``secrets.token_urlsafe``).
SeatCredential = Annotated[str, StringConstraints(min_length=1, max_length=200,
                                                  pattern=r"^[A-Za-z0-9_-]+$")]
#: How many seats one browser may bring at once (a browser holds one per game it played).
MAX_SEATS_SENT = 500


class Strict(BaseModel):
    """A body with no fields but its own."""

    model_config = ConfigDict(extra="forbid")


class BringSeats(Strict):
    """The seats this browser holds, to be held by the account."""

    credentials: list[SeatCredential] = Field(
        default_factory=list, max_length=MAX_SEATS_SENT,
        description="Seat credentials this browser holds (its localStorage \"meja.seats\").")


class AccountSeat(BaseModel):
    """A seat the account holds."""

    game_id: str
    seat: int
    game: str = Field(description="The game's kind (tuk-tuk-taxi, ...).")
    status: str
    name: str | None = Field(description="The name the seat was taken with.")
    credential: str | None = Field(
        None, description="A credential of this browser's own for the seat, given once (the "
                          "browser had none for it); null when the browser sent its own.")


class SessionInfo(BaseModel):
    """A browser signed in to the account."""

    current: bool = Field(description="The browser asking.")
    created_at: dt.datetime
    last_seen: dt.datetime
    user_agent: str | None


class AccountInfo(BaseModel):
    """The account, for its owner only."""

    display_name: str
    email: str | None
    created_at: dt.datetime
    passkeys: int = Field(description="How many passkeys open the account.")
    sessions: list[SessionInfo]


class MaybeAccount(BaseModel):
    """The caller's account, or null for a guest."""

    account: AccountInfo | None


class SignedInAnswer(BaseModel):
    """A browser signed in: the account and every seat it holds."""

    account: AccountInfo
    seats: list[AccountSeat]


class SeatsAnswer(BaseModel):
    """Every seat the account holds (credentials for those this browser lacked)."""

    seats: list[AccountSeat]


class PasskeyStart(Strict):
    """Begin a passkey registration. A guest makes an account of this name; a signed-in
    caller adds a passkey to their account (which keeps its name)."""

    display_name: DisplayName


class Ceremony(BaseModel):
    """A passkey ceremony begun: the options for ``navigator.credentials`` (base64url
    binary fields, as WebAuthn's JSON forms write them) and the id to answer with."""

    ceremony: str
    options: dict[str, Any]


class PasskeyFinish(BringSeats):
    """The browser's answer to a ceremony, and the seats it brings."""

    ceremony: Annotated[str, StringConstraints(min_length=1, max_length=64,
                                               pattern=r"^[A-Za-z0-9_-]+$")]
    credential: dict[str, Any] = Field(
        description="The PublicKeyCredential in its JSON form (id, rawId, type, response).")


class MailStart(Strict):
    """Ask for a one-time sign-in link by mail."""

    email: EmailField
    display_name: DisplayName | None = Field(
        None, description="The name of the account the link makes when the address has none.")
    lang: Lang = "en"


class MailRedeem(BringSeats):
    """Use a sign-in link (its token) and bring this browser's seats."""

    token: Annotated[str, StringConstraints(min_length=1, max_length=200,
                                            pattern=r"^[A-Za-z0-9_-]+$")]
