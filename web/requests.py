"""Reading a request's JSON body: a bad one is a clear 400, never a crash."""
from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from web.refusals import Refusal

MAX_BODY = 64 * 1024


async def json_body(request: web.Request) -> dict[str, Any]:
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise Refusal(413, "web.err.too_large")
    raw = await request.content.read(MAX_BODY + 1)
    if len(raw) > MAX_BODY:
        raise Refusal(413, "web.err.too_large")
    try:
        data = json.loads(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refusal(400, "web.err.bad_json") from None
    if not isinstance(data, dict):
        raise Refusal(400, "web.err.bad_json")
    return data
