"""Issue 31, pictures for a phone: every picture a player is shown — boards,
hands (a team's shared hand too), the move builder's previews, the
tutorials' boards, the rules topics' pictures, a review, the tournament
standings and podium, a profile — read 360 px wide (``tests.support.phone``):

- every text at least 11 px tall there (the text-layout watcher measures
  each text where it ends up in the final picture);
- no picture taller than 1.5× its width, except where its content needs
  it — each such case below with its reason and a ceiling;
- no empty band across a picture;
- nothing cut, over another text or outside the picture.

Whole AI games of every title (SETUP 2, 3, 4 players and 2 v 2, CUBED 1, 2
(Draw 3), 4 and 11 players: the fewest, the most that fit 1.5 widths, the
most of all; Death Front 2 and 4), sampled (start, middle, end, the fullest
board and the first state of each kind the pictures show differently),
each sampled state in one of en, zh-CN and zh-TW in turn and the fullest in
all three; each seat's hand at some state. Long and short, Latin and
Chinese display names."""
from __future__ import annotations

import random

import pytest

from engines.base import SeatInfo
from engines.tutorial import LEARNER, TutorialRunner
from tables.registry import default_registry
from tests.support.game_pictures import LOCALES, NAMES, PREVIEWS, play, sample, weight
from tests.support.phone import Surface, Tall, phone_problems
from tests.support.text_layout import LayoutRecorder

REGISTRY = default_registry()
GAMES = [
    pytest.param("setup", 2, {}, 3, id="setup-2"),
    pytest.param("setup", 3, {}, 5, id="setup-3"),
    pytest.param("setup", 4, {}, 1, id="setup-4"),
    pytest.param("setup", 4, {"mode": "teams"}, 1, id="setup-2v2"),
    pytest.param("cubed", 1, {"solo": True}, 2, id="cubed-1"),
    pytest.param("cubed", 2, {"draw3": True}, 1, id="cubed-2"),
    pytest.param("cubed", 4, {}, 2, id="cubed-4"),
    pytest.param("cubed", 11, {}, 1, id="cubed-11"),
    pytest.param("deathfront", 2, {"players": 2}, 1, id="deathfront-2"),
    pytest.param("deathfront", 4, {"players": 4}, 6, id="deathfront-4"),
]


def tall(game: str, what: str, state, players: int) -> Tall | None:
    """The pictures whose content needs more than 1.5 widths, and why."""
    if game == "cubed" and what == "board" and players >= 5:
        return Tall("the score table has a row per player (the table itself is a square as wide as the picture)",
                    1.85)
    if game == "deathfront" and what in ("board", "preview", "review", "topic"):
        return Tall("the battlefield is 7 rows of 4 or 5 columns, each cell holding a unit's tag, level, "
                    "attack/defence, name and codes at a size a phone reads: the grid alone is taller than 1.5 widths",
                    3.2)
    if game == "deathfront" and what == "hand" and len(state.hand) > 4:
        return Tall("two cards a row, each with its facts and its range or supply pattern: a hand of five or more "
                    "cards takes three rows or more", 0.7 + 0.55 * -(-len(state.hand) // 2))
    if what == "standings" and len(state.lines) > 20:
        return Tall("a line per entrant (up to 32, then \"+n more\")", 2.3)
    if game == "cubed" and what == "hand":
        from render.cubed import hand_layout

        if hand_layout(state).columns == 4:
            return Tall("a hand of over 36 pieces: four columns of one rotation each, every piece shown", 2.2)
    return None


def surface(game: str, what: str) -> Surface | None:
    """Where an empty band across a picture is the game's table."""
    if game == "cubed" and what in ("board", "preview"):
        from render.cubed.sprites import BOARD_SIZE

        return Surface("CUBED's table is a square as wide as the picture on every turn, so that the board message "
                       "keeps its size between turns (a small table leaves it empty around the pieces)",
                       0, None if what == "preview" else BOARD_SIZE)
    return None


class Findings:
    """Problems by sentence, with a few of the pictures that had each."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}
        self.checked = 0

    def check(self, recorder: LayoutRecorder, where: str, encoded: bytes, layered=(), allowance=None,
              table: Surface | None = None) -> None:
        size, texts = recorder.texts_of(encoded)
        assert texts, f"no text heard in the {where}"
        self.checked += 1
        for problem in phone_problems(encoded, size, texts, NAMES, layered, allowance, table):
            self.found.setdefault(problem, []).append(where)

    def report(self) -> list[str]:
        return [f"{problem}  [{', '.join(sorted(set(where))[:3])}]" for problem, where in self.found.items()]


@pytest.mark.parametrize(("game", "players", "config", "seed"), GAMES)
def test_every_picture_of_a_whole_game_reads_on_a_phone(game, players, config, seed):
    spec, run = play(game, players, config, seed)
    engine, renderer = spec.engine, spec.renderer
    assert engine.is_over(run[-1]), "the AI game did not end"
    picked = sample(game, run, (0, 0.5, 1.0))
    fullest = max(picked, key=lambda s: weight(game, s))
    findings = Findings()
    with LayoutRecorder() as recorder:
        for k, state in enumerate(picked):
            locales = LOCALES if state is fullest else (LOCALES[k % len(LOCALES)],)
            to_act = engine.to_act(state)
            seats = sorted({to_act[0] if to_act else 0, k % players})
            for locale in locales:
                where = f"{locale} state {run.index(state)}"
                board = renderer.board_png(engine.public_view(state), locale)
                findings.check(recorder, f"{where} board", board, (), tall(game, "board", state, players),
                               surface(game, "board"))
                for seat in seats:
                    view = engine.private_view(state, seat)
                    if view is None:
                        continue
                    findings.check(recorder, f"{where} hand of seat {seat}", renderer.hand_png(view, locale), (),
                                   tall(game, "hand", view, players))
                    shared = spec.team_sides.team_view(view) if spec.team_sides is not None else view
                    if shared is not view:
                        findings.check(recorder, f"{where} team hand of seat {seat}", renderer.hand_png(shared, locale),
                                       (), tall(game, "hand", shared, players))
                if not engine.is_over(state):
                    for what, png, layered in PREVIEWS[game](spec, state, locale):
                        findings.check(recorder, f"{where} {what}", png, layered, tall(game, "preview", state, players),
                                       surface(game, "preview"))
        _review(findings, recorder, spec, fullest, players)
    assert findings.checked >= 10
    report = findings.report()
    assert not report, "\n".join(report[:40])


def _review(findings: Findings, recorder: LayoutRecorder, spec, state, players: int) -> None:
    """A post-game review's picture on the fullest board: the first thing
    on the board marked as played, the last as the better move."""
    from render.review import review_picture

    engine, renderer = spec.engine, spec.renderer
    view = engine.public_view(state)
    for locale in LOCALES:
        regions = renderer.board_regions(view, locale)
        played, better = [regions[0].box], [regions[-1].box]
        png = review_picture(renderer.board_png(view, locale), played, better,
                             f"{NAMES[0]} played something that scored 2", f"{NAMES[1]} would have scored 7 here",
                             board=[r.box for r in regions])
        findings.check(recorder, f"{locale} review", png, (), tall(spec.game_type, "review", state, players))


@pytest.mark.parametrize("game", ["setup", "cubed", "deathfront"])
def test_the_tutorials_and_rules_topics_read_on_a_phone(game):
    """Each tutorial step's board (its cells ringed) and hand, and every
    rules topic's picture, each in one language in turn."""
    from render.lessons import lesson_png

    definition = REGISTRY.get(game)
    engine, renderer = definition.engine, definition.renderer
    runner = TutorialRunner(engine, definition.tutorial)
    state = runner.start([SeatInfo(name=NAMES[0]), SeatInfo(name="AI", is_ai=True)])
    findings = Findings()
    with LayoutRecorder() as recorder:
        for index, step in enumerate(runner.steps):
            locale = LOCALES[index % len(LOCALES)]
            public = engine.public_view(state)
            board = renderer.board_png(public, locale, highlight=step.highlight) if step.highlight \
                else renderer.board_png(public, locale)
            findings.check(recorder, f"{locale} tutorial step {step.name} board", board, (),
                           tall(game, "board", state, 2), surface(game, "board"))
            view = engine.private_view(state, LEARNER)
            if view is not None:
                findings.check(recorder, f"{locale} tutorial step {step.name} hand", renderer.hand_png(view, locale),
                               (), tall(game, "hand", view, 2))
            state = runner.attempt(state, index, step.expect).state
        for index, lesson in enumerate(definition.lessons):
            locale = LOCALES[index % len(LOCALES)]
            position = lesson.build()
            png = lesson_png(engine, renderer, position, locale, f"{lesson.topic}: a rules topic's title")
            findings.check(recorder, f"{locale} topic {lesson.topic}", png, (), tall(game, "topic", position, 2))
    report = findings.report()
    assert not report, "\n".join(report[:40])


def test_the_tournament_and_profile_pictures_read_on_a_phone():
    from render.profile import GameStats, ProfileCard, RecentLine, profile_png
    from render.tournament import PodiumPlace, StandingLine, StandingsSheet, podium_png, standings_png

    rng = random.Random(4)
    findings = Findings()

    def lines(n: int, knocked: bool) -> list[StandingLine]:
        return [StandingLine(rank=i, name=NAMES[i % len(NAMES)], points=n - i / 2, buchholz=20 - i / 3,
                             wins=n - i // 2, draws=1, losses=i // 2, byes=i % 2, eliminated=knocked and i > 2,
                             sonneborn_berger=12.5 - i / 4) for i in range(1, n + 1)]

    def walk(count: int) -> tuple[float, ...]:
        value, out = 0.0, []
        for _ in range(count):
            value += rng.uniform(-1.5, 2.0)
            out.append(round(value, 2))
        return tuple(out)

    full = ProfileCard(name=NAMES[0], games=90, wins=36, favourite="连线计划（SETUP）", season="Season 3 · 第三季",
                       per_game=tuple(GameStats(slot=i, name=name, games=30, wins=12, rating=5.0 - i, points=walk(30),
                                                breaks=(12,)) for i, name in enumerate(("SETUP", "CUBED",
                                                                                        "Death Front"))),
                       recent=tuple(RecentLine(game="Death Front", date="2026-11-2" + str(i), place=1 + i % 3, of=4,
                                               outcome=("win", "loss", "draw")[i % 3], rated=i % 2 == 0)
                                    for i in range(5)))
    unrated = ProfileCard(name=NAMES[3], games=2, wins=0,
                          per_game=(GameStats(slot=1, name="CUBED", games=2, wins=0, rating=None),))
    places = [PodiumPlace(1, [NAMES[0]], 5), PodiumPlace(2, [NAMES[1]], 4.5),
              PodiumPlace(3, [NAMES[2], NAMES[3], "Bob", "Ann"], 4)]
    with LayoutRecorder() as recorder:
        for locale in LOCALES:
            for format, n in (("swiss", 8), ("round-robin", 6), ("knockout", 16), ("swiss", 32)):
                sheet = StandingsSheet("Autumn Cup 秋季杯", "setup", format, 3, 5, lines(n, format == "knockout"))
                findings.check(recorder, f"{locale} standings {format} {n}", standings_png(sheet, locale), (),
                               tall("", "standings", sheet, n))
            findings.check(recorder, f"{locale} podium", podium_png("Autumn Cup 秋季杯", "cubed", places, locale))
            for name, card in (("full", full), ("unrated", unrated), ("empty", ProfileCard(name=NAMES[1]))):
                findings.check(recorder, f"{locale} profile {name}", profile_png(card, locale), (),
                               tall("", "profile", card, 0))
    report = findings.report()
    assert not report, "\n".join(report[:40])


def test_the_largest_boards_are_the_ones_measured():
    from render_helpers import late

    cubed, _ = late("cubed")
    assert len(cubed.seat_names) == 11 and len(cubed.table) >= 60  # 11 players, a full round's table
    deathfront, _ = late("deathfront")
    assert len(deathfront.names) == 4 and len(deathfront.pieces) >= 30
    setup, _ = late("setup")
    assert setup.num_players == 4 and setup.finished


def test_cubed_canvas_is_steady_across_turns():
    from render_helpers import decode

    from bench import states

    spec = REGISTRY.get("cubed")
    run = states.playthrough("cubed")
    sizes = {decode(spec.renderer.board_png(spec.engine.public_view(step.state))).size
             for step in run.steps[::25]}
    assert len(sizes) == 1
