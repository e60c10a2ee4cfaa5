"""Card names in the channel's log follow the server's language."""
from db.models import Seat
from engines.base import Event
from engines.deathfront.cards import card_name, default_cards, localize_card_params
from tables.text import describe


def test_event_card_names_are_localized():
    card = next(iter(default_cards().defs.values()))
    event = Event(key="deathfront.ev.deploy",
                  params={"seat": 0, "card": card.name.get("en"), "card_id": card.id, "cell": "B2"})
    seats = [Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bo")]
    for locale in ("en", "zh-CN", "zh-TW"):
        line = describe(event, seats, locale, localize_card_params)
        assert card_name(card.id, locale) in line and "Ann" in line and "B2" in line
    assert card_name(card.id, "zh-CN") != card.name.get("en")
