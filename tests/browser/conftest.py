"""Browser fixtures for the web tests (tests/support/browser.py). The tests
here share one Chromium, which belongs to the session's event loop: every
coroutine test of this folder runs on that loop."""
import inspect

import pytest

from tests.support.browser import (  # noqa: F401  (fixtures and the hook that feeds them)
    browser_page,
    chromium,
    open_page,
    pytest_runtest_makereport,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = __file__.rsplit("/", 1)[0]
    for item in items:
        if str(item.path).startswith(here) and inspect.iscoroutinefunction(getattr(item, "obj", None)):
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)  # before auto mode's own
