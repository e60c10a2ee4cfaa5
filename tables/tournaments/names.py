"""An entrant's name as plain text, for every front end: a player, or
partners "A & B"; a player who asked to be forgotten reads as such."""
from __future__ import annotations

from i18n import t
from tables.privacy import forgotten_name
from tables.records import Entrant


def entrant_name(entrant: Entrant | None, locale: str) -> str:
    if entrant is None:
        return "?"
    first = forgotten_name(entrant.name, entrant.user_id, locale)
    if entrant.partner_name is None:
        return first
    second = forgotten_name(entrant.partner_name, entrant.partner_id, locale)
    return t("tournament.pair", locale, first=first, second=second)
