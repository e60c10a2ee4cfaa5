"""Tabletop's benchmark suite: ``python -m bench`` (see docs/performance.md).

Every benchmark runs on throw-away SQLite files and in-memory states built by
AI-vs-AI play; nothing here is a timed test. ``bench.runner.run_all(sizes)``
runs the whole suite at any size (the smoke test uses a tiny one).
"""
