"""Death Front's events (``deathfront.ev.*``) and refusals (``deathfront.err.*``)."""
from __future__ import annotations

from engines.base import Messages

MESSAGES = Messages("deathfront")
ev = MESSAGES.event
illegal = MESSAGES.illegal
