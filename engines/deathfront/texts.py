"""The numbers Death Front's rules texts quote — the ``/rules`` summary and
topics, the tutorial, the card effects — read from the card data
(``cards.toml``), the lobby's defaults and the engine's constants each time
a text is written, so that every text says what the engine does. The
catalogues name them ``{hand_limit}``, ``{last_stand_bonus}``... (tests:
tests/i18n/test_i18n_rules_numbers.py)."""
from __future__ import annotations

from . import rules as R
from .cards import DECK_MAKEUP
from .models import HAND_LIMIT, DeathFrontConfig


def card_number(card_id: str, field: str) -> int:
    """A number of one card kind, as the engine reads it now (``rules.CARDS``)."""
    return int(getattr(R.CARDS.defs[card_id], field) or 0)


def text_numbers() -> dict[str, int]:
    round_limit = DeathFrontConfig.model_fields["round_limit"]  # the lobby's default and bounds
    return {
        "hand_limit": HAND_LIMIT,
        "deck_size": sum(DECK_MAKEUP.values()),
        "round_limit": int(round_limit.default),
        "round_limit_min": next(int(m.ge) for m in round_limit.metadata if hasattr(m, "ge")),
        "round_limit_max": next(int(m.le) for m in round_limit.metadata if hasattr(m, "le")),
        "bunker_bonus": card_number("us_bunker", "bonus"),
        "concealed_bonus": R.CONCEALED_BONUS,
        "last_stand_bonus": card_number("ss_last_stand", "bonus"),
        "smoke_targets": card_number("uk_smoke", "targets"),
        "blitz_targets": card_number("ss_blitz", "targets"),
        "barrage_attack": card_number("wehrmacht_barrage", "attack"),
        "barrage_targets": card_number("wehrmacht_barrage", "targets"),
        "supply_drop_level": card_number("us_supply_drop", "level"),
        "p47_attack": card_number("us_p47", "attack"),
        "typhoon_attack": card_number("uk_typhoon", "attack"),
        "stuka_attack": card_number("wehrmacht_stuka", "attack"),
    }
