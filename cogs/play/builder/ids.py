"""Custom ids of the builder's controls. Everything a control needs is in
its id (table, the game's version, operation, page and the choices made so far), so
the controls keep working after a restart and need no memory in the bot."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_CUSTOM_ID = 100  # Discord's limit
SEP = "~"  # between choices
MULTI = "."  # between the values of one multi-select choice
TEMPLATE = r"tt:b:(?P<table>\d+):(?P<version>\d+):(?P<op>[a-z]+):(?P<page>\d+):(?P<path>.*)"
PATTERN = re.compile(TEMPLATE)

# Operations: a select adds its value(s); Back drops the last choice; Cancel
# drops them all; a page turns a long menu; Confirm commits the built action;
# a one-click action commits the action named in the path; Refresh and
# Go show the path they carry.
SELECT, BACK, CANCEL, PAGE, CONFIRM, QUICK, REFRESH, GOTO = "s", "bk", "x", "pg", "ok", "do", "rf", "go"


class PathTooLong(ValueError):
    pass


@dataclass(frozen=True)
class Ref:
    table_id: int
    version: int
    op: str
    page: int = 0
    path: tuple[str, ...] = field(default=())

    def custom_id(self) -> str:
        text = f"tt:b:{self.table_id}:{self.version}:{self.op}:{self.page}:{SEP.join(self.path)}"
        if len(text) > MAX_CUSTOM_ID:
            raise PathTooLong(text[:40])
        return text

    @classmethod
    def parse(cls, custom_id: str) -> "Ref | None":
        match = PATTERN.fullmatch(custom_id)
        return cls.from_match(match) if match else None

    @classmethod
    def from_match(cls, match: re.Match[str]) -> "Ref":
        path = tuple(p for p in match["path"].split(SEP) if p) if match["path"] else ()
        return cls(int(match["table"]), int(match["version"]), match["op"], int(match["page"]), path)

