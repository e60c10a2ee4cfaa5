"""Metrics (METRICS_PORT; tables/metrics.py, app/metrics_server.py): a whole
game played through SimCord with them on, scraped over HTTP from /metrics,
moves the counters; without METRICS_PORT nothing listens and nothing counts."""
from __future__ import annotations

import asyncio
import os
import socket
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from app.settings import Settings
from tables import metrics
from tests.conftest import last_reply

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"metrics_port": 0})  # a free port the system chooses


@pytest.fixture(autouse=True)
def no_lag_sampler_under_simcord(monkeypatch):
    """SimCord freezes the clock: the sampler's endless 0.5 s sleeps keep it
    advancing time, which a loaded machine can turn into "did not settle".
    The sampler is tested on a real clock (test_metrics_seams.py). Metrics
    are switched off after each test, whatever it did."""
    async def no_sampling(interval: float = 0.0) -> None:
        return None

    monkeypatch.setattr("app.metrics_server.sample_loop_lag", no_sampling)
    yield
    metrics.disable()


async def scrape(url: str) -> Samples:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def listening_ports() -> set[int]:
    """The TCP ports this process listens on (Linux: /proc)."""
    inodes = set()
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile (the directory's own descriptor)
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def text_at(url: str) -> str:
    try:
        async with aiohttp.ClientSession() as session, session.get(url, timeout=aiohttp.ClientTimeout(5)) as answer:
            return await answer.text()
    except (aiohttp.ClientError, asyncio.TimeoutError):
        return ""


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_a_whole_game_with_metrics_on_moves_the_counters(simcord_env, table):
    bot = simcord_env.bot
    server = bot.metrics_server
    assert server is not None and server.host == "127.0.0.1" and server.port != 0  # started by setup_hook
    assert server.port in listening_ports()
    assert "tabletop_live_tables" in await text_at(server.url)
    before = await scrape(server.url)
    assert value(before, "tabletop_live_tables", game="highcard", status="playing") == 0

    live = await table.open_and_start()
    seat = live.to_act()[0]
    missing = next(c for c in range(1, 13) if c not in live.state.hands[seat])
    refused = await table.member_for_seat(seat).slash(table.channel, "highcard play", card=missing)
    assert last_reply(refused).ephemeral
    playing = await scrape(server.url)
    assert value(playing, "tabletop_live_tables", game="highcard", status="playing") == 1
    assert value(playing, "tabletop_refusals_total", game="highcard", key="highcard.err.not_in_hand") == 1

    moves = 0
    while (now := table.live()) is not None and now.record.status == "playing":
        seat = now.to_act()[0]
        result = await table.member_for_seat(seat).slash(table.channel, "highcard play",
                                                         card=max(now.state.hands[seat]))
        assert "⚠️" not in last_reply(result).content
        moves += 1
    await simcord_env.settle()
    after = await scrape(server.url)

    assert moves > 0
    assert value(after, "tabletop_actions_total", game="highcard", by="player") >= moves
    assert value(after, "tabletop_refusals_total", game="highcard", key="highcard.err.not_in_hand") == 1
    assert value(after, "tabletop_act_to_board_seconds_count", game="highcard") > 0
    assert value(after, "tabletop_live_tables", game="highcard", status="playing") == 0  # down again
    assert value(after, "tabletop_announcements_waiting") == 0
    # Labels name games, statuses and keys: no user, channel or guild id appears anywhere.
    ids = {str(m.id) for m in table.members} | {str(table.channel.id), str(table.guild.id)}
    assert not any(v in ids for (_, labels) in after for _, v in labels)

    await bot.close()
    assert metrics.current() is None  # stopped with the bot


class TestOffByDefault:
    @pytest.fixture
    def settings(self, settings: Settings) -> Settings:
        return settings.model_copy(update={"metrics_port": None})

    async def test_without_metrics_port_nothing_listens_and_nothing_counts(self, simcord_env, table):
        bot = simcord_env.bot
        assert bot.metrics_server is None and metrics.current() is None
        assert bot.http.http_trace is None  # discord.py's session is left as it was
        await table.open_and_start()
        await table.play_to_end()
        await simcord_env.settle()
        assert metrics.current() is None
        for port in listening_ports():  # whatever else listens in this test process, none serves metrics
            assert "tabletop_" not in await text_at(f"http://127.0.0.1:{port}/metrics")
        assert not [task for task in asyncio.all_tasks() if task.get_name() == "metrics-loop-lag"]


def test_metrics_port_is_off_unless_set(monkeypatch):
    monkeypatch.delenv("METRICS_PORT", raising=False)
    assert Settings(_env_file=None).metrics_port is None
    monkeypatch.setenv("METRICS_PORT", "")
    assert Settings(_env_file=None).metrics_port is None
    monkeypatch.setenv("METRICS_PORT", "9108")
    chosen = Settings(_env_file=None)
    assert chosen.metrics_port == 9108 and chosen.metrics_host == "127.0.0.1"


async def test_a_busy_metrics_port_is_one_clear_start_failure():
    from app.metrics_server import MetricsServer
    from app.startup import StartFailure

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        server = MetricsServer(metrics.Metrics(), "127.0.0.1", taken.getsockname()[1])
        with pytest.raises(StartFailure, match="METRICS_PORT"):
            await server.start()
    await server.stop()
