"""Death Front: Blitzkrieg (死亡前線-閃電戰): a WWII card battle on a grid."""
from .engine import DeathFrontEngine
from .models import (
    ACTION_ADAPTER,
    AgreeEnd,
    Attack,
    DeathFrontConfig,
    DeathFrontPrivateView,
    DeathFrontPublicView,
    DeathFrontState,
    DeclineEnd,
    Deploy,
    Discard,
    Keep,
    Move,
    Mulligan,
    Pass,
    PlaceFacility,
    PlaySkill,
    ProposeEnd,
    SkipDraw,
)

__all__ = [
    "ACTION_ADAPTER", "AgreeEnd", "Attack", "DeathFrontConfig", "DeathFrontEngine", "DeathFrontPrivateView",
    "DeathFrontPublicView", "DeathFrontState", "DeclineEnd", "Deploy", "Discard", "Keep", "Move", "Mulligan",
    "Pass", "PlaceFacility", "PlaySkill", "ProposeEnd", "SkipDraw",
]
