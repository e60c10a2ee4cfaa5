"""Browser fixtures for the web tests (tests/support/browser.py)."""
from tests.support.browser import (  # noqa: F401  (fixtures and the hook that feeds them)
    browser_page,
    chromium,
    open_page,
    pytest_runtest_makereport,
)
