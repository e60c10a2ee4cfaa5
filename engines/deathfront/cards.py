"""The card set: loaded from ``cards.toml`` and validated on load.

The data file is the only place card stats live, so a group owning the printed
cards can edit them without touching code. Any mistake raises ``CardDataError``
naming the card id and the field.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

CARDS_FILE = Path(__file__).with_name("cards.toml")

Faction = Literal["us", "uk", "ss", "wehrmacht"]
FACTIONS: tuple[str, ...] = ("us", "uk", "ss", "wehrmacht")
ALLIED_FACTIONS = ("us", "uk")
AXIS_FACTIONS = ("ss", "wehrmacht")
CardType = Literal["unit", "resource", "facility", "skill", "frontline"]
Keyword = Literal["armoured", "indirect", "fast", "engineer", "airborne", "infiltrate", "concealed"]
FacilityEffect = Literal["minefield", "anti_tank", "bunker"]
SkillEffect = Literal["air_strike", "supply_drop", "smoke", "blitz", "last_stand", "barrage"]
FACILITY_EFFECTS = get_args(FacilityEffect)
# The numbers each skill effect reads from its card (the engine hard-codes none).
SKILL_NUMBERS: dict[str, tuple[str, ...]] = {
    "air_strike": ("attack",), "barrage": ("attack", "targets"), "supply_drop": ("level",),
    "smoke": ("targets",), "blitz": ("targets",), "last_stand": ("bonus",),
}
SKILL_EFFECTS = get_args(SkillEffect)
# The numbers each facility effect reads from its card (the Bunker's defence bonus).
FACILITY_NUMBERS: dict[str, tuple[str, ...]] = {"bunker": ("bonus",)}

DECK_MAKEUP = {"unit": 24, "resource": 10, "facility": 3, "skill": 2}
FRONTLINE_COPIES = 5
LOCALES = ("en", "zh-TW", "zh-CN")


class CardDataError(ValueError):
    """The card file is broken; the message names the card id and field."""


def side_of_faction(faction: str) -> int:
    """0 = Allies, 1 = Axis."""
    return 0 if faction in ALLIED_FACTIONS else 1


class CardNames(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)
    en: str = Field(min_length=1)
    zh_TW: str = Field(alias="zh-TW", min_length=1)
    zh_CN: str = Field(alias="zh-CN", min_length=1)

    def get(self, locale: str) -> str:
        return {"zh-TW": self.zh_TW, "zh-CN": self.zh_CN}.get(locale, self.en)


class CardDef(BaseModel):
    """One kind of card (``copies`` printed cards share it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    faction: Literal["us", "uk", "ss", "wehrmacht", "none"]
    type: CardType
    name: CardNames
    copies: int = Field(ge=1, le=10)
    # units
    unit_class: str | None = None
    attack: int | None = Field(default=None, ge=0, le=20)
    defence: int | None = Field(default=None, ge=0, le=20)
    range: str | None = None
    level: int | None = Field(default=None, ge=1, le=3)
    keywords: tuple[Keyword, ...] = ()
    anti_armour: int = Field(default=0, ge=0, le=10)
    # resources
    supply: str | None = None
    # facilities and skills
    effect: str | None = None
    targets: int | None = Field(default=None, ge=1, le=5)
    bonus: int | None = Field(default=None, ge=0, le=5)

    @model_validator(mode="after")
    def _fields_for_type(self) -> CardDef:
        required = {
            "unit": ("unit_class", "attack", "defence", "range", "level"),
            "resource": ("level", "supply", "defence"),
            "facility": ("effect", "defence"),
            "skill": ("effect",),
            "frontline": (),
        }[self.type]
        for field in required:
            if getattr(self, field) is None:
                raise _FieldError(field, f"required for a {self.type} card")
        if self.type == "facility":
            if self.effect not in FACILITY_EFFECTS:
                raise _FieldError("effect", f"unknown facility effect {self.effect!r}")
            for field in FACILITY_NUMBERS.get(self.effect or "", ()):
                if getattr(self, field) is None:
                    raise _FieldError(field, f"required for a {self.effect} facility")
        if self.type == "skill":
            if self.effect not in SKILL_EFFECTS:
                raise _FieldError("effect", f"unknown skill effect {self.effect!r}")
            for field in SKILL_NUMBERS.get(self.effect or "", ()):
                if getattr(self, field) is None:
                    raise _FieldError(field, f"required for a {self.effect} skill")
        if (self.type == "frontline") != (self.faction == "none"):
            raise _FieldError("faction", "only front-line cards have faction 'none'")
        return self

    # -- convenience --------------------------------------------------------
    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def armoured(self) -> bool:
        return "armoured" in self.keywords


class _FieldError(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


class CardSet:
    """All card kinds, the range codes, and the printed copies (``uid``s).

    A printed copy's uid is ``<card id>-<n>``, e.g. ``us_sherman-2``."""

    def __init__(self, defs: list[CardDef], ranges: dict[str, tuple[tuple[int, int], ...]]) -> None:
        self.defs = {d.id: d for d in defs}
        self.ranges = ranges
        self.by_uid: dict[str, CardDef] = {}
        self.decks: dict[str, list[str]] = {f: [] for f in FACTIONS}
        self.frontline: list[str] = []
        for d in defs:
            for n in range(1, d.copies + 1):
                uid = f"{d.id}-{n}"
                self.by_uid[uid] = d
                (self.frontline if d.type == "frontline" else self.decks[d.faction]).append(uid)
        # What the rules ask of a uid most often, by uid (the same keys as ``by_uid``).
        self.side_by_uid = {uid: side_of_faction(d.faction) for uid, d in self.by_uid.items()}
        self.unit_by_uid = {uid: d.type == "unit" for uid, d in self.by_uid.items()}

    def card(self, uid: str) -> CardDef:
        return self.by_uid[uid]

    def pattern(self, code: str) -> tuple[tuple[int, int], ...]:
        return self.ranges[code]

    def total(self) -> int:
        return len(self.by_uid)


def _card_error(path: Path, card_id: str, field: str, message: str) -> CardDataError:
    return CardDataError(f"{path.name}: card {card_id!r}: field {field!r}: {message}")


def load_cards(path: Path | str = CARDS_FILE) -> CardSet:
    """Read and validate a card file; raise ``CardDataError`` on any mistake."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CardDataError(f"{path.name}: cannot read card file: {exc}") from exc
    ranges = _load_ranges(path, data.get("ranges"))
    defs: list[CardDef] = []
    seen: set[str] = set()
    for index, raw in enumerate(data.get("card", [])):
        card_id = str(raw.get("id", f"#{index + 1}")) if isinstance(raw, dict) else f"#{index + 1}"
        try:
            card = CardDef.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "?"
            inner = first.get("ctx", {}).get("error")
            if isinstance(inner, _FieldError):
                field = inner.field
            raise _card_error(path, card_id, field, first["msg"]) from exc
        if card.id in seen:
            raise _card_error(path, card.id, "id", "duplicate card id")
        seen.add(card.id)
        for field in ("range", "supply"):
            code = getattr(card, field)
            if code is not None and code not in ranges:
                raise _card_error(path, card.id, field, f"unknown range code {code!r}")
        defs.append(card)
    _check_decks(path, defs)
    return CardSet(defs, ranges)


def _load_ranges(path: Path, raw: object) -> dict[str, tuple[tuple[int, int], ...]]:
    if not isinstance(raw, dict) or not raw:
        raise CardDataError(f"{path.name}: missing [ranges] table")
    ranges = {}
    for code, cells in raw.items():
        ok = isinstance(cells, list) and all(
            isinstance(c, list) and len(c) == 2 and all(isinstance(v, int) and -3 <= v <= 3 for v in c)
            for c in cells
        )
        if not ok or not cells:
            raise CardDataError(f"{path.name}: range {code!r}: must be a list of [dx, dy] pairs in -3..3")
        ranges[code] = tuple((c[0], c[1]) for c in cells)
    return ranges


def _check_decks(path: Path, defs: list[CardDef]) -> None:
    for faction in FACTIONS:
        for card_type, want in DECK_MAKEUP.items():
            got = sum(d.copies for d in defs if d.faction == faction and d.type == card_type)
            if got != want:
                raise CardDataError(
                    f"{path.name}: faction {faction!r} has {got} {card_type} cards, the deck needs {want}"
                )
    front = sum(d.copies for d in defs if d.type == "frontline")
    if front != FRONTLINE_COPIES:
        raise CardDataError(f"{path.name}: {front} front-line cards, the game needs {FRONTLINE_COPIES}")


@lru_cache(maxsize=1)
def default_cards() -> CardSet:
    return load_cards()


def card_name(uid_or_id: str, locale: str = "en") -> str:
    """Localized name of a printed card (uid) or card kind (id)."""
    cards = default_cards()
    card = cards.by_uid.get(uid_or_id) or cards.defs.get(uid_or_id)
    return card.name.get(locale) if card else uid_or_id


def localize_card_params(params: dict[str, Any], locale: str) -> dict[str, Any]:
    """Event/error params with card names in ``locale``: events carry the
    English name in ``card`` / ``skill`` and the card kind in ``card_id`` /
    ``skill_id``."""
    out = dict(params)
    for name_key, id_key in (("card", "card_id"), ("skill", "skill_id")):
        if id_key in params:
            out[name_key] = card_name(params[id_key], locale)
    return out
