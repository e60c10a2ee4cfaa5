"""``python -m bench``: run every benchmark, print one table, write
``bench/results.json``. ``--quick`` runs the tiny size of the smoke test."""
from __future__ import annotations

import argparse
import logging
from pathlib import Path

from bench import report
from bench.runner import Sizes, run_all


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run (seconds), figures meaningless")
    parser.add_argument("--out", type=Path, default=report.RESULTS, help="where to write the JSON figures")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    rows, meta = run_all(Sizes.tiny() if args.quick else Sizes())
    print(report.table(rows))
    print()
    print(f"machine: {meta['machine']['cpu']} × {meta['machine']['cores']} cores, "
          f"Python {meta['machine']['python']}, SQLite {meta['machine']['sqlite']}; "
          f"load average before {meta['load_average_before']}, after {meta['load_average_after']}; "
          f"{meta['duration_s']} s in all {meta['section_seconds']}")
    path = report.write(report.to_json(rows, meta), args.out)
    print(f"figures written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
