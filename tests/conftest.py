"""Shared fixtures: a bot with the test-only Highcard game on a temporary
database, driven by SimCord."""
from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import pytest
from simcord._runtime import _selected_env

import i18n
from bot import SHARED_EXTENSIONS, Settings, create_bot
from games.definition import GameDefinition
from tables.registry import GameRegistry
from tests.support.database import (
    DATABASE_MARKER,
    drop_schema,
    fresh_schema_url,
    postgres_test_url,
    runs_on_postgresql,
)
from tests.support.highcard import HighcardEngine, HighcardRenderer

i18n.add_catalogue_dir(Path(__file__).parent / "support" / "i18n")

TEST_EXTENSIONS = [*SHARED_EXTENSIONS, "tests.support.highcard_cog"]
EPOCH = 1_800_000_000.0
SIMCORD_START = datetime(2026, 1, 1, tzinfo=timezone.utc)  # simcord._clock.Clock: its instant at 0 s
# A memory file system, where the SQLite files of the tests live when there is
# one: the database syncs every commit to disk (synchronous=FULL), and on a
# disk a test's start-up spent more time waiting for those syncs than working.
MEMORY_DIR = Path("/dev/shm")
SETTLE_POLL_SECONDS = 0.005  # SimCord's settle looks again this often (polling_sooner)
# SimCord's default 5 s of real time for the bot to settle is too short on a
# loaded 2-core machine for work in an executor (a review's judging and
# drawing took longer); a real hang still fails, later.
SETTLE_TIMEOUT_SECONDS = 20.0


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the tests CI's PostgreSQL pass runs again (``-m database``):
    those that touch a database and can check something different there
    (tests/support/database.py); gives SimCord tests without their own
    options the longer settle time."""
    for item in items:
        if runs_on_postgresql(item):
            item.add_marker(DATABASE_MARKER)
        if item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT_SECONDS))


def virtual_clock() -> float:
    """Wall-clock seconds that follow SimCord's virtual time (advance_time),
    in the bot's code and in the test's own alike. SimCord's time.monotonic
    (and so the loop's time) is virtual only where the bot runs: in the test's
    code it is the machine's, the seconds since it booted, so a service call
    made by the test itself stamped times minutes or days away from the bot's,
    and a test's outcome depended on the machine's uptime (an interaction
    looked fresh or 14 minutes old by it). SimCord selects its environment in
    both places (``_selected_env``: the bot's scope, or the test's clock
    scope); its ``now`` is the shared simulation instant."""
    env = _selected_env()
    if env is None:
        return EPOCH + asyncio.get_running_loop().time()
    return EPOCH + (env.now() - SIMCORD_START).total_seconds()


@pytest.fixture
async def database_url(tmp_path: Path):
    """A URL naming an empty database for this test (dropped afterwards):
    SQLite, or a fresh schema on TABLETOP_TEST_DATABASE_URL's PostgreSQL."""
    server = postgres_test_url()
    if server is None:
        directory = Path(tempfile.mkdtemp(prefix="tabletop-test-", dir=MEMORY_DIR)) if MEMORY_DIR.is_dir() else tmp_path
        yield f"sqlite:///{directory}/tabletop.db"
        if directory != tmp_path:
            shutil.rmtree(directory, ignore_errors=True)
        return
    url, schema = fresh_schema_url(server)
    yield url
    await drop_schema(server, schema)


@pytest.fixture
def settings(database_url: str) -> Settings:
    # The sweeper is exercised by tests/pg with real processes; SimCord's
    # virtual clock would only make it spin here. Drawing in a thread
    # and AI moves in a thread (RENDER_PROCESSES=0, AI_PROCESSES=0): SimCord
    # follows executor work, not other processes. No REST budget: SimCord's
    # clock stands still unless a test advances it, and a game sends more
    # than 5 messages a channel in one instant (tests/platform/test_rest_budget.py
    # runs the bot with it).
    return Settings(discord_token="test-token", database_url=database_url, sweep_interval_seconds=0,
                    render_processes=0, ai_processes=0, database_pool_min=1, database_pool_max=4,
                    rest_budget=False, _env_file=None)


@pytest.fixture(autouse=True)
def settle_includes_announcements(monkeypatch):
    """Boards, pings and DMs follow the answer in per-table tasks
    (tables/announcing_queue.py). Those a test starts by calling the service
    directly are not the bot's tasks to SimCord, so settling (and restarting
    the bot) also waits for every queued announcement."""
    from simcord.env import Env

    async def drain(env) -> None:
        queue = getattr(getattr(env.bot, "tables", None), "announcing", None)
        if queue is not None:
            await queue.join()

    settle, restart_bot = Env.settle, Env.restart_bot

    async def settle_all(self, timeout=None, idle=SETTLE_POLL_SECONDS):
        await settle(self, timeout, idle)
        while getattr(getattr(self.bot, "tables", None), "announcing", None) is not None \
                and self.bot.tables.announcing.busy():
            await drain(self)
            await settle(self, timeout, idle)

    async def restart_after_announcements(self, *args, **kwargs):
        await drain(self)
        bus = getattr(self.bot, "bus", None)
        if bus is not None:  # a restarted process's connections die with it (PostgreSQL's change bus)
            await bus.stop()
        await restart_bot(self, *args, **kwargs)

    monkeypatch.setattr(Env, "settle", settle_all)
    monkeypatch.setattr(Env, "restart_bot", restart_after_announcements)
    monkeypatch.setattr(Env, "_settle_internal", polling_sooner(Env._settle_internal))


def polling_sooner(settle_internal):
    """SimCord's settle, polling every 5 ms instead of 50 ms. While only
    callbacks are due (a finished task's done-callback, say), it sleeps one
    poll in real time before looking again: at 50 ms a test with many quick
    commands spent most of its time asleep (tests/ops/test_bad_input.py: 320
    such naps, CI's 23 s for 4 s of CPU). When settling is done does not
    depend on the poll: its deadline and its checks are the same."""
    async def settle(self, *args, **kwargs):
        kwargs.setdefault("idle", SETTLE_POLL_SECONDS)
        await settle_internal(self, *args, **kwargs)

    return settle


@pytest.fixture
async def bot_builder(settings: Settings):
    """``build(registry=None, extensions=None)`` makes a bot on the test's
    database (Highcard by default); each call is a fresh bot on the same
    database, for restarts. SimCord does not close bots: their databases are
    closed here."""
    built = []

    def build(registry: GameRegistry | None = None, extensions: list[str] | None = None):
        registry = registry or GameRegistry([GameDefinition(HighcardEngine(), HighcardRenderer())])
        bot = create_bot(settings, registry=registry, extensions=extensions or TEST_EXTENSIONS)
        bot.tables.clock = virtual_clock
        seeds = random.Random(len(built))  # repeatable games, different per bot
        bot.tables.new_seed = lambda: seeds.randrange(2**31)
        built.append(bot)
        return bot

    yield build
    for bot in built:
        await bot.bus.stop()
        await bot.db.close()


@pytest.fixture
def make_bot(bot_builder):
    """Builds the Highcard test bot (call again to restart)."""
    return lambda: bot_builder()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@pytest.fixture
def locales(monkeypatch):
    """``locales[user_id] = "zh-CN"`` makes that user's interactions carry
    that Discord locale (SimCord always sends en-US otherwise)."""
    import simcord.interactions as sim_interactions

    chosen: dict[int, str] = {}
    original = sim_interactions.base_payload

    def with_locale(*args, **kwargs):
        record, payload = original(*args, **kwargs)
        if kwargs.get("user_id") in chosen:
            payload["locale"] = chosen[kwargs["user_id"]]
        return record, payload

    monkeypatch.setattr(sim_interactions, "base_payload", with_locale)
    return chosen


class Table:
    """A guild, a channel and members, with shortcuts for the tests."""

    def __init__(self, env, names=("alice", "bob")):
        self.env = env
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.members = [self.guild.add_member(env.create_user(name)) for name in names]

    @property
    def service(self):
        return self.env.bot.tables

    def live(self):
        return self.service.in_channel(self.channel.id)

    def lobby_message(self):
        """The newest lobby: the last message that carries the lobby embed."""
        return next(m for m in reversed(self.channel.history())
                    if m.embeds and m.embeds[0].fields and m.embeds[0].title and "#" in m.embeds[0].title)

    def board_message(self):
        return self.channel.history()[-1] if self.live() is None else next(
            m for m in self.channel.history() if m.id == self.live().record.board_message_id)

    async def open_and_start(self, ai: int = 0, **options):
        host, *others = self.members
        await host.slash(self.channel, "highcard new", **options)
        lobby = self.lobby_message()
        game_id = self.live().id  # by custom id: the labels follow the server's language
        for member in others:
            await member.click(lobby, custom_id=f"tt:lobby:join:{game_id}")
        for _ in range(ai):
            await host.click(lobby, custom_id=f"tt:lobby:ai:{game_id}")
        await host.click(lobby, custom_id=f"tt:lobby:start:{game_id}")
        return self.live()

    def member_for_seat(self, seat: int):
        user_id = self.live().seats[seat].user_id
        return next(m for m in self.members if m.id == user_id)

    async def play_to_end(self):
        """Every human plays their highest card until the game ends."""
        while (table := self.live()) is not None and table.record.status == "playing":
            seat = table.to_act()[0]
            card = max(table.state.hands[seat])
            result = await self.member_for_seat(seat).slash(self.channel, "highcard play", card=card)
            assert "⚠️" not in last_reply(result).content


@pytest.fixture
def table(simcord_env):
    return Table(simcord_env)


def last_reply(result):
    """The last message the bot answered an interaction with (after a defer,
    the first follow-up is the response itself). A public board the click
    carried as a follow-up (cogs/play/interaction_routes.py) is not an answer."""
    answers = [m for m in result.followups if not is_board(m)]
    return answers[-1] if answers else result.response


def is_board(message) -> bool:
    """The channel's board (or the results): public, with the board's picture."""
    return not message.ephemeral and any(a.filename == "board.png" for a in message.attachments)
