"""The bot's settings, read from the environment and ``.env`` (every one is
documented in .env.example), and the lines that name a bad one."""
from __future__ import annotations

import re
from typing import Annotated

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from app.startup import StartFailure
from db.database import check_database_url

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    """Every setting is documented in .env.example."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", repr=False)
    database_url: str = "sqlite:///data/tabletop.db"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    database_pool_min: int = Field(default=2, ge=1)  # PostgreSQL only
    database_pool_max: int = Field(default=10, ge=1)
    sweep_interval_seconds: float = Field(default=10.0, ge=0)  # PostgreSQL only; 0 turns the sweeper off
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = None  # "0,1,2"; default: every shard
    render_processes: int | None = Field(default=None, ge=0)  # default: the machine's cores; 0: a thread
    ai_processes: int | None = Field(default=None, ge=0)  # default: 1 (tables/thinking.py); 0: a thread
    # The process-wide REST budget (app/rest_budget.py), under Discord's 50/s and 5 per 5 s per channel.
    rest_budget: bool = True
    rest_global_per_second: int = Field(default=45, ge=1)
    rest_channel_requests: int = Field(default=5, ge=1)
    rest_channel_seconds: float = Field(default=5.5, gt=0)
    # Several processes on one token (shards, `tabletop web`): their one global window in Redis
    # (app/rest_shared.py); empty: this process's own. REST_PROCESSES: how many share the token,
    # each falling back to REST_GLOBAL_PER_SECOND // REST_PROCESSES while Redis is away.
    rest_redis_url: str = Field(default="", repr=False)
    rest_processes: int = Field(default=1, ge=1)
    # A board goes out as a follow-up of a fresh click in its channel (cogs/play/interaction_routes.py).
    interaction_routes: bool = True
    # The web board (web/, docs/web.md): local play without a token; with one, only when WEB_PORT is set.
    web_host: str = "127.0.0.1"
    web_port: int | None = Field(default=None, ge=0, le=65535)  # local play's default: LOCAL_PORT
    web_secret: str = Field(default="", repr=False)  # signs session cookies; empty: one per process
    discord_client_id: str = ""
    discord_client_secret: str = Field(default="", repr=False)  # the Activity's OAuth2 code exchange
    activity: bool = False  # the application has an Activity: boards carry "Open board" (cogs/play/activity.py)
    # Delete the moves of games over for this many days (tables/pruning.py); empty: never.
    prune_actions_after_days: float | None = Field(default=None, gt=0)
    # Prometheus metrics (docs/operations.md, "Metrics"): off unless METRICS_PORT is set.
    metrics_host: str = "127.0.0.1"
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    # The garbage collector tuned once start-up is done (app/gc_tuning.py); false: Python's defaults.
    gc_tuning: bool = True

    @field_validator("shard_count", "render_processes", "ai_processes", "web_port", "metrics_port",
                     mode="before")
    @classmethod
    def _blank_count_is_none(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("prune_actions_after_days", mode="before")
    @classmethod
    def _blank_is_never(cls, value: object) -> object:
        return None if value in ("", None) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part] or None
        return value

    @model_validator(mode="after")
    def _shards_in_range(self) -> "Settings":
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if not all(0 <= shard < self.shard_count for shard in self.shard_ids):
                raise ValueError(f"SHARD_IDS must lie in 0..{self.shard_count - 1}")
        return self

    @property
    def shards(self) -> tuple[int, tuple[int, ...]] | None:
        """(SHARD_COUNT, the shards this process runs), or None unsharded."""
        if self.shard_count is None:
            return None
        return self.shard_count, tuple(sorted(set(self.shard_ids or range(self.shard_count))))

    @field_validator("dev_guild_id", mode="before")
    @classmethod
    def _guild_id(cls, value: object) -> object:
        if value in ("", None):
            return None
        if isinstance(value, str) and not value.strip().isdigit():
            raise ValueError("must be a server id, a number (Developer Mode → right-click the server → "
                             "Copy Server ID), or empty")
        return value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        if value.strip().upper() not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return value.strip().upper()

    @field_validator("database_url")
    @classmethod
    def _valid_url(cls, value: str) -> str:
        return check_database_url(value)

    @field_validator("rest_redis_url")
    @classmethod
    def _redis_url(cls, value: str) -> str:
        value = value.strip()
        if value and not re.match(r"^(redis|rediss|unix)://", value):
            raise ValueError("must be a Redis URL (redis://HOST:6379/0, rediss://…, unix:///path) or empty")
        return value


def settings_problems(error: ValidationError) -> list[str]:
    """One line per bad setting, named as in .env.example (never a token)."""
    lines = []
    for item in error.errors():
        name = str(item["loc"][0]).upper() if item["loc"] else "settings"
        message = str(item.get("ctx", {}).get("error") or item["msg"]).removeprefix("Value error, ")
        given = re.sub(r"//([^:/@]*):[^@/]*@", r"//\1:***@", str(item.get("input")))  # no URL password
        shown = "" if "TOKEN" in name or "SECRET" in name else f" (got {given[:60]!r})"
        lines.append(f"{name}{shown}: {message}")
    return lines


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as error:
        raise StartFailure("\n".join(settings_problems(error) + ["Fix it in the environment or in .env "
                                                                  "(see .env.example)."]), status=2) from None
