"""/learn's restart-proof control ids: the custom id carries the game, the step
the control was drawn for (a click on an older step's control only redraws),
the builder's operation, page and path (cogs/play/builder/ids.py). The progress
itself is in the database, so the controls need no memory in the bot."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from cogs.play.builder import ids

NEW = "new"  # Start over
OPS = "|".join((ids.BACK, ids.CANCEL, ids.PAGE, ids.CONFIRM, ids.QUICK, ids.GOTO, NEW))
BUTTON_TEMPLATE = rf"tt:l:(?P<game>[a-z]+):(?P<step>\d+):(?P<op>{OPS}):(?P<page>\d+):(?P<path>.*)"
SELECT_TEMPLATE = r"tt:l:(?P<game>[a-z]+):(?P<step>\d+):(?P<op>s):(?P<page>\d+):(?P<path>.*)"


@dataclass(frozen=True)
class LearnRef:
    game: str
    step: int
    op: str
    page: int = 0
    path: tuple[str, ...] = field(default=())

    def custom_id(self) -> str:
        text = f"tt:l:{self.game}:{self.step}:{self.op}:{self.page}:{ids.SEP.join(self.path)}"
        if len(text) > ids.MAX_CUSTOM_ID:
            raise ids.PathTooLong(text[:40])
        return text

    @classmethod
    def from_match(cls, match: re.Match[str]) -> "LearnRef":
        path = tuple(p for p in match["path"].split(ids.SEP) if p) if match["path"] else ()
        return cls(match["game"], int(match["step"]), match["op"], int(match["page"]), path)
