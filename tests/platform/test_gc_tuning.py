"""app/gc_tuning.py: what start-up loaded is frozen, young collections come
less often, and GC_TUNING=false leaves the collector as it was."""
from __future__ import annotations

import gc

import pytest

from app import gc_tuning
from app.settings import Settings


@pytest.fixture
def collector(monkeypatch):
    """The collector's thresholds as they were after the test; freezing is
    made to look undone (the module freezes once per process)."""
    before = gc.get_threshold()
    monkeypatch.setattr(gc_tuning, "_frozen", False)
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_the_collector_is_tuned_once_start_up_is_done(collector):
    loaded = {"cards": [["a"], ["b"]]}  # a container the collector tracks, as start-up's data are
    assert gc.is_tracked(loaded) and any(o is loaded for g in range(3) for o in gc.get_objects(g))
    gc_tuning.tune_collector()
    assert gc.get_threshold() == (gc_tuning.YOUNG_THRESHOLD, 10, 10)
    assert not any(o is loaded for g in range(3) for o in gc.get_objects(g))  # out of every collection's reach


def test_gc_tuning_false_leaves_the_collector_alone(collector, monkeypatch):
    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    gc_tuning.tune_collector(Settings(gc_tuning=False, _env_file=None).gc_tuning)
    assert gc.get_threshold() == (700, 10, 10)
    assert not frozen


def test_freezing_happens_once_per_process(collector, monkeypatch):
    frozen = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    gc_tuning.tune_collector()
    gc_tuning.tune_collector()
    assert frozen == [True]
    assert gc.get_threshold()[0] == gc_tuning.YOUNG_THRESHOLD


def test_gc_tuning_is_on_by_default():
    assert Settings(_env_file=None).gc_tuning is True
