"""Hostile input: any string a client can send in any slash command's string
option (up to Discord's 6,000 characters) gets a private reply of at most
2,000 characters and changes no game."""
from __future__ import annotations

import discord
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cogs.common import MESSAGE_LIMIT, fit_message, user_text
from tests.conftest import Table

STRING = discord.AppCommandOptionType.string
NASTY = ["\x00", "\x07", "\n", "\r", "\t", "\u200b", "\u200d", "\u2060", "\ufeff", "\u202e", "\u202d", "\u200f",
         "\u0645", "*", "**", "_", "__", "~~", "`", "```", "||", "> ", "# ", "-# ", "[x](https://e.com)",
         "@everyone", "@here", "<@1>", "<@&2>", "<#3>", "</setup new:4>", "A1", "★7 C1", "SLR", "{game}", "%s"]
GAMES = ("setup", "cubed", "deathfront")

hostile = st.one_of(
    st.lists(st.sampled_from(NASTY), min_size=1, max_size=40).map("".join),
    st.text(min_size=1, max_size=300),
    st.tuples(st.sampled_from(NASTY), st.integers(4000, 6000)).map(lambda p: (p[0] * 6000)[:p[1]]),
    st.text(alphabet=st.sampled_from("".join(NASTY)), min_size=5900, max_size=6000),
)


def test_user_text_is_short_one_line_and_escaped():
    shown = user_text("**bold** @everyone\u202e\u200b <@1>\nnext" + "x" * 500)
    assert len(shown) < 200 and "\n" not in shown and "\u202e" not in shown and "\u200b@" not in shown
    assert shown.startswith("\\*\\*bold\\*\\*") and "@\u200beveryone" in shown and shown.endswith("…")
    assert len(fit_message("y" * 6000)) == MESSAGE_LIMIT


class Games:
    """One live game of each kind, each in its own channel, and its players."""

    def __init__(self, env):
        self.table = Table(env)
        self.channels = {}
        for game in GAMES:
            self.channels[game] = self.table.guild.create_text_channel(game)

    async def start(self):
        service = self.table.service
        alice, bob = self.table.members
        for game, channel in self.channels.items():
            live = await service.open_lobby(game, self.table.guild.id, channel.id, alice.id, alice.name)
            await service.join(live.id, bob.id, bob.name)
            await service.start(live.id, alice.id)

    def live(self, game):
        return self.table.service.in_channel(self.channels[game].id)

    def fingerprint(self):
        return {game: (self.live(game).record.version, self.live(game).state.model_dump_json()) for game in GAMES}

    def player_to_act(self, game):
        live = self.live(game)
        user = live.seats[live.to_act()[0]].user_id
        return next(m for m in self.table.members if m.id == user)


def string_commands(bot):
    for command in bot.tree.walk_commands():
        if (command.root_parent or command).default_permissions is not None:
            continue  # hidden from players: its own tests give it hostile text as a manager (tests/seasons)
        if isinstance(command, discord.app_commands.Command) and any(p.type == STRING for p in command.parameters):
            yield command


def options_for(command, text, other_member):
    options = {}
    for p in command.parameters:
        if p.type == STRING and p.choices:  # Discord itself accepts only the choices here
            options[p.name] = p.choices[0].value
        elif p.type == STRING:
            options[p.name] = text
        elif not p.required:
            continue
        elif p.type == discord.AppCommandOptionType.user:
            options[p.name] = other_member
        elif p.type == discord.AppCommandOptionType.integer:
            options[p.name] = p.choices[0].value if p.choices else 1
        elif p.type == discord.AppCommandOptionType.boolean:
            options[p.name] = False
    return options


_started: dict[int, tuple[Games, list, dict, int]] = {}


async def started_games(env):
    """Started once per test; every example must leave the games as they were."""
    if id(env) not in _started:
        _started.clear()
        games = Games(env)
        await games.start()
        commands = list(string_commands(env.bot))
        _started[id(env)] = (games, commands, games.fingerprint(), len(await games.table.service.games.all_live()))
    return _started[id(env)]


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(text=hostile)
async def test_every_string_option_survives_hostile_text(simcord_env, text):
    games, commands, before, lives = await started_games(simcord_env)
    assert {"rules", "leaderboard", "deathfront deploy", "setup play", "cubed give"} <= {
        c.qualified_name for c in commands}
    for command in commands:
        game = command.qualified_name.split()[0]
        game = game if game in GAMES else GAMES[len(text) % 3]
        member = games.player_to_act(game)
        other = next(m for m in games.table.members if m is not member)
        result = await member.slash(games.channels[game], command.qualified_name,
                                    **options_for(command, text, other))
        replies = [r for r in [result.response, *result.followups] if r is not None]
        assert replies, command.qualified_name
        for reply in replies:
            assert reply.ephemeral, (command.qualified_name, reply.content[:100])
            assert len(reply.content or "") <= MESSAGE_LIMIT, command.qualified_name
            assert "went wrong" not in (reply.content or ""), (command.qualified_name, reply.content[:200])
    assert games.fingerprint() == before
    assert len(await games.table.service.games.all_live()) == lives
