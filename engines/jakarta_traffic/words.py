"""The game's own words as log and error parameters: order types and delivery addresses are
game terms (``term()``), translated by their keys in ``i18n/<lang>.json`` but keeping their
names (Nasi Goreng, Ibu, Spa ...); places are board references (``rules.place``)."""

from __future__ import annotations

from engines.core.log import term


def slug(name: str) -> str:
    """A component's name as a key part: ``"Nasi Goreng"`` -> ``"nasi_goreng"``."""
    return name.lower().replace(" ", "_")


def order_term(order: str) -> dict[str, str]:
    """An order type (Nasi Goreng, Sate, Bakso, Ibu, Bapak) as a translated game term."""
    return term("jakarta-traffic.term.order." + slug(order))


def address_term(address: str) -> dict[str, str]:
    """A delivery address (Business Center, Spa, ...) as a translated game term."""
    return term("jakarta-traffic.term.address." + slug(address))
