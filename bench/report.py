"""Rows of figures, the printed table and ``bench/results.json``."""
from __future__ import annotations

import json
import os
import platform
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.timing import median, percentile

RESULTS = Path(__file__).parent / "results.json"


@dataclass
class Row:
    """One line of the table. Times are in milliseconds; ``size`` is the
    row's size or count figure (``size_unit`` says which)."""

    section: str  # render, engine, e2e, load, restart
    name: str
    n: int = 0
    median_ms: float | None = None
    p95_ms: float | None = None
    size: float | None = None
    size_unit: str = ""
    target: str = ""
    ok: bool | None = None  # None: no target
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def time_row(section: str, name: str, seconds: list[float], *, limit_ms: float | None = None,
             size: float | None = None, size_unit: str = "", size_limit: float | None = None,
             note: str = "", **extra: Any) -> Row:
    """A row from timing samples (seconds) with an optional p95 limit in ms
    and an optional size limit (same unit as ``size``)."""
    med, p95 = median(seconds) * 1000, percentile(seconds, 95) * 1000
    targets, ok = [], None
    if limit_ms is not None:
        targets.append(f"p95≤{limit_ms:g}ms")
        ok = p95 <= limit_ms
    if size_limit is not None and size is not None:
        targets.append(f"≤{size_limit:g}{size_unit}")
        ok = (ok if ok is not None else True) and size <= size_limit
    return Row(section, name, len(seconds), round(med, 3), round(p95, 3), size, size_unit,
               " ".join(targets), ok, note, extra)


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem_mb = None
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem_mb = int(line.split()[1]) // 1024
    except OSError:
        pass
    import sqlite3

    import PIL
    import pydantic
    return {
        "cpu": cpu, "cores": os.cpu_count(), "memory_mb": mem_mb, "platform": platform.platform(),
        "python": sys.version.split()[0], "pillow": PIL.__version__, "pydantic": pydantic.VERSION,
        "sqlite": sqlite3.sqlite_version,
    }


def load_average() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def _fmt_ms(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.1f}" if value >= 1 else f"{value:.3f}"


def _fmt_size(row: Row) -> str:
    if row.size is None:
        return ""
    if row.size_unit == "KB":
        return f"{row.size:.1f} KB"
    if row.size_unit == "MB":
        return f"{row.size:.0f} MB"
    value = f"{row.size:g}" if isinstance(row.size, int) or float(row.size).is_integer() else f"{row.size:.1f}"
    return f"{value} {row.size_unit}".strip()


def table(rows: list[Row]) -> str:
    """The printed table: one line per row, grouped by section."""
    headers = ["section", "benchmark", "n", "median ms", "p95 ms", "size / count", "target", "result"]
    lines = []
    for row in rows:
        result = "" if row.ok is None else ("pass" if row.ok else "MISS")
        lines.append([row.section, row.name, str(row.n), _fmt_ms(row.median_ms), _fmt_ms(row.p95_ms),
                      _fmt_size(row), row.target, result])
    widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(headers)]
    right = {2, 3, 4}

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    out = [fmt(headers), "  ".join("-" * w for w in widths)]
    previous = None
    for row, line in zip(rows, lines):
        if previous is not None and row.section != previous:
            out.append("")
        out.append(fmt(line).rstrip())
        previous = row.section
    notes = [f"  {row.section}/{row.name}: {row.note}" for row in rows if row.note]
    if notes:
        out += ["", "notes:", *notes]
    return "\n".join(out)


def to_json(rows: list[Row], meta: dict[str, Any]) -> dict[str, Any]:
    return {**meta, "rows": [asdict(r) for r in rows],
            "misses": [f"{r.section}/{r.name}" for r in rows if r.ok is False]}


def write(data: dict[str, Any], path: Path = RESULTS) -> Path:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
