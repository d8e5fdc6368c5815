"""The actions a Kaki Lima player can send, as a pydantic discriminated union on ``type``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

Cell = Annotated[int, Field(ge=0, le=49)]
Seat = Annotated[int, Field(ge=0, le=5)]
CardId = Annotated[str, Field(pattern=r"^L\d{2}$")]


class _Action(BaseModel):
    # Strict: a client that sends "21" or true where a number belongs is told so, never
    # silently understood (issue 10).
    model_config = ConfigDict(extra="forbid", strict=True)


class Place(_Action):
    """Set-up: put your pedestrian on a Green card on the border of the grid."""

    type: Literal["place"]
    cell: Cell


class Walk(_Action):
    """Play one Langkah card (two with Double or Combine: booster card first) and name the
    card the walk ends on; the path follows step by step."""

    type: Literal["walk"]
    cards: list[CardId] = Field(min_length=1, max_length=2)
    end: Cell


class Swap(_Action):
    """Play a Swap with Discard card: take the top of the discard pile instead."""

    type: Literal["swap"]
    card: CardId


class MoveToken(_Action):
    """Play a Move Clearing Token card: move a token from one cleared card to a Red card."""

    type: Literal["move_token"]
    card: CardId
    source: Cell
    target: Cell


class NoWalk(_Action):
    """Do not walk (or keep the swapped card, or skip Play Another Card)."""

    type: Literal["no_walk"]


class Step(_Action):
    """The next card of the walk's path; ``clear`` spends a clearing token on a Red card."""

    type: Literal["step"]
    cell: Cell
    clear: bool = False


class Invite(_Action):
    """Walker: invite the pedestrian standing on the path to walk together."""

    type: Literal["invite"]
    seat: Seat


class SkipInvite(_Action):
    """Walker: do not invite this pedestrian."""

    type: Literal["skip_invite"]


class AskPickup(_Action):
    """A pedestrian on the path asks to be picked up, for this many of the remaining steps."""

    type: Literal["ask_pickup"]
    steps: int = Field(ge=1, le=12)


class SkipAsk(_Action):
    """A pedestrian on the path does not ask to be picked up."""

    type: Literal["skip_ask"]


class AnswerPickup(_Action):
    """Walker: answer a request to be picked up."""

    type: Literal["answer_pickup"]
    accept: bool


class JoinWalk(_Action):
    """Invitee: accept, coming along for this many of the remaining steps."""

    type: Literal["join_walk"]
    steps: int = Field(ge=1, le=12)


class DeclineWalk(_Action):
    """Invitee: decline the invitation."""

    type: Literal["decline_walk"]


class OfferTrade(_Action):
    """At a trade Lokasi: offer 1 or 2 cards to one other player."""

    type: Literal["offer_trade"]
    to: Seat
    cards: list[CardId] = Field(min_length=1, max_length=2)


class EndTrade(_Action):
    """Stop trading at this Lokasi."""

    type: Literal["end_trade"]


class AcceptTrade(_Action):
    """Accept an offer by giving back the same number of your cards."""

    type: Literal["accept_trade"]
    cards: list[CardId] = Field(min_length=1, max_length=2)


class DeclineTrade(_Action):
    """Decline a trade offer."""

    type: Literal["decline_trade"]


class PlaceJom(_Action):
    """Place a Jom! token beside an entry (a Lokasi, or a pedestrian's seat on Jom Kawan)."""

    type: Literal["place_jom"]
    card: str
    entry: str


class EndJom(_Action):
    """Place no more Jom! tokens this turn."""

    type: Literal["end_jom"]


class Clear(_Action):
    """Individual clearing: spend a clearing token on a Red card in line with you."""

    type: Literal["clear"]
    cell: Cell


class ProposeClearing(_Action):
    """Propose a collaborative clearing of ``target`` with ``partner``. With ``card`` you give
    that card and the partner spends a token; without, you spend a token and they give a card."""

    type: Literal["propose_clearing"]
    partner: Seat
    target: Cell
    card: CardId | None = None


class AnswerClearing(_Action):
    """Answer a collaborative clearing proposal (``card``: the card you give, if you give one)."""

    type: Literal["answer_clearing"]
    accept: bool
    card: CardId | None = None

    @model_validator(mode="after")
    def _decline_gives_nothing(self) -> AnswerClearing:
        if not self.accept and self.card is not None:
            raise ValueError("kaki-lima.err.declined_clearing_card")
        return self


class DoneClearing(_Action):
    """Spend no more clearing tokens: at the end of the game, or when offered a clearing
    before the turn passes after a walk."""

    type: Literal["done_clearing"]


KakiLimaAction = Annotated[
    Place | Walk | Swap | MoveToken | NoWalk | Step | Invite | SkipInvite | AskPickup | SkipAsk
    | AnswerPickup | JoinWalk | DeclineWalk | OfferTrade | EndTrade | AcceptTrade | DeclineTrade
    | PlaceJom | EndJom | Clear | ProposeClearing | AnswerClearing | DoneClearing,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[KakiLimaAction] = TypeAdapter(KakiLimaAction)
