"""Without Debian's Chromium the browser tests skip, except under CI, where
they fail: CI must never pass by skipping them."""
from __future__ import annotations

import pytest

from tests.support import browser


@pytest.fixture
def no_chromium(monkeypatch, tmp_path):
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")


def test_without_chromium_a_browser_test_skips_and_says_how_to_install_it(no_chromium, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        browser.require_chromium()


@pytest.mark.parametrize("ci", ["true", "1"])
def test_without_chromium_under_ci_a_browser_test_fails(no_chromium, monkeypatch, ci):
    monkeypatch.setenv("CI", ci)
    with pytest.raises(pytest.fail.Exception, match="CI runs the browser tests"):
        browser.require_chromium()


def test_with_chromium_nothing_happens(monkeypatch, tmp_path):
    (tmp_path / "chromium").touch()
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("CI", "true")
    browser.require_chromium()
