"""Replays: a game rebuilt from seed + action log through its engine (the
stored snapshots are not trusted), as move-by-move log lines and as an
animated GIF of the public board. No Discord here; the GIF is CPU work
for a worker thread.

Offline: ``python -m tables.replay --db URL --game ID --out FILE``.
"""
from __future__ import annotations

import argparse
import asyncio
import io
import sys
from dataclasses import dataclass
from typing import Any, Iterator

from PIL import Image

from db.models import GameRecord
from engines.base import Event
from games.definition import GameDefinition
from tables.live import seat_infos
from tables.privacy import shown

MAX_BYTES = 8 * 1024 * 1024  # Discord shows attachments up to this size inline
MAX_FRAMES = 32
MIN_FRAMES = 2
FRAME_MS = 700
LAST_FRAME_MS = 4000
MIN_WIDTH = 240


class ReplayTooLarge(Exception):
    """Even the smallest animation is above the size limit."""


@dataclass
class Step:
    seq: int  # 0: the game as dealt; n: after the n-th action
    seat: int | None
    events: list[Event]
    state: Any


def steps(definition: GameDefinition, record: GameRecord, actions: list[tuple[int, int, dict]]) -> Iterator[Step]:
    """The dealt game, then the state and public events after each action."""
    engine = definition.engine
    state = engine.new_game(engine.config_from_json(record.config), seat_infos(record), record.seed)
    yield Step(0, None, [], state)
    for seq, seat, action in actions:
        state, events = engine.apply(state, seat, engine.action_from_json(action))
        yield Step(seq, seat, events, state)


def sample(count: int, limit: int) -> list[int]:
    """``limit`` indexes out of ``range(count)``, evenly spread, always
    keeping the first and the last (all of them when ``count <= limit``)."""
    if count <= 0:
        return []
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def same_size(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on one canvas (the largest width and height), centred on
    its own background colour: a board image grows with the game, and a
    GIF frame smaller than the canvas would leave the previous one showing
    around it."""
    width, height = max(f.width for f in frames), max(f.height for f in frames)
    out = []
    for frame in frames:
        if frame.size == (width, height):
            out.append(frame)
            continue
        canvas = Image.new("RGB", (width, height), frame.getpixel((0, 0)))
        canvas.paste(frame, ((width - frame.width) // 2, (height - frame.height) // 2))
        out.append(canvas)
    return out


def encode_gif(frames: list[Image.Image], frame_ms: int = FRAME_MS, last_ms: int = LAST_FRAME_MS) -> bytes:
    """An endlessly looping GIF; the last frame (the final board) stays longer.
    One palette for all frames, taken from the last (the fullest board):
    mapping onto a given palette is several times faster than working one
    out per frame, and the final board keeps its exact colours."""
    rgb = same_size([f.convert("RGB") for f in frames])
    palette = rgb[-1].quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    paletted = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in rgb[:-1]] + [palette]
    durations = [frame_ms] * (len(paletted) - 1) + [last_ms]
    out = io.BytesIO()
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=durations,
                     loop=0, optimize=False, disposal=1)
    return out.getvalue()


def fit(frames: list[Image.Image], max_bytes: int = MAX_BYTES) -> tuple[bytes, int]:
    """Encode within ``max_bytes``: fewer frames first (still keeping the
    first and the last), then smaller ones. Returns (gif, frames in it)."""
    chosen = frames
    scale = 1.0
    while True:
        scaled = chosen if scale == 1.0 else [
            f.resize((max(1, int(f.width * scale)), max(1, int(f.height * scale))), Image.Resampling.LANCZOS)
            for f in chosen]
        data = encode_gif(scaled)
        if len(data) <= max_bytes:
            # Pillow merges identical neighbouring frames: count what was written.
            return data, Image.open(io.BytesIO(data)).n_frames
        if len(chosen) > MIN_FRAMES:
            keep = max(MIN_FRAMES, int(len(chosen) * max_bytes / len(data) * 0.9))
            keep = min(keep, len(chosen) - 1)
            chosen = [chosen[i] for i in sample(len(chosen), keep)]
        elif chosen[0].width * scale * 0.75 >= MIN_WIDTH:
            scale *= 0.75
        else:
            raise ReplayTooLarge(f"{len(data)} bytes with {len(chosen)} frames")


@dataclass
class Replay:
    data: bytes
    frames: int  # frames in the file
    moves: int  # actions in the log


def build(definition: GameDefinition, record: GameRecord, actions: list[tuple[int, int, dict]],
          max_frames: int = MAX_FRAMES, max_bytes: int = MAX_BYTES, locale: str = "en") -> Replay:
    """The animation of the public board in ``locale``: the dealt game, then
    after each move (sampled evenly when long). CPU-bound: run it in a thread."""
    engine, renderer = definition.engine, definition.renderer
    record = shown(record, locale)
    states = [step.state for step in steps(definition, record, actions)]
    frames = [Image.open(io.BytesIO(renderer.board_png(engine.public_view(states[i]), locale)))
              for i in sample(len(states), max_frames)]
    data, used = fit(frames, max_bytes)
    return Replay(data=data, frames=used, moves=len(actions))


def history_lines(definition: GameDefinition, record: GameRecord, actions: list[tuple[int, int, dict]],
                  locale: str) -> list[str]:
    """Every public event of the game, numbered by its move."""
    from tables.text import describe

    lines = []
    record = shown(record, locale)
    for step in steps(definition, record, actions):
        for event in step.events:
            lines.append(f"{step.seq}. " + describe(event, record.seats, locale, definition.localize_params))
    return lines


# ----------------------------------------------------------------------
# Offline
# ----------------------------------------------------------------------
async def _load(url: str, game_id: int) -> tuple[GameRecord | None, list[tuple[int, int, dict]]]:
    from db.database import Database, database_path_from_url
    from db.repo import GameRepo

    db = Database(database_path_from_url(url))
    await db.open()
    try:
        repo = GameRepo(db)
        record = await repo.get(game_id)
        actions = [(seq, seat, action) for seq, seat, action, _ in await repo.actions(game_id)] if record else []
        return record, actions
    finally:
        await db.close()


def main(argv: list[str] | None = None) -> int:
    from tables.registry import default_registry

    parser = argparse.ArgumentParser(prog="python -m tables.replay", description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="DATABASE_URL, e.g. sqlite:///data/tabletop.db")
    parser.add_argument("--game", required=True, type=int, help="the game's number")
    parser.add_argument("--out", required=True, help="the GIF file to write")
    parser.add_argument("--max-frames", type=int, default=MAX_FRAMES)
    parser.add_argument("--lang", choices=("en", "zh-CN", "zh-TW"), default="en", help="the language of the frames")
    args = parser.parse_args(argv)
    try:
        record, actions = asyncio.run(_load(args.db, args.game))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if record is None or record.status == "lobby":
        print(f"error: game {args.game} not found or never started", file=sys.stderr)
        return 1
    registry = default_registry()
    if record.game_type not in registry:
        print(f"error: unknown game type {record.game_type}", file=sys.stderr)
        return 1
    replay = build(registry.get(record.game_type), record, actions, max_frames=args.max_frames, locale=args.lang)
    with open(args.out, "wb") as fh:
        fh.write(replay.data)
    print(f"game {record.id} ({record.game_type}): {replay.moves} moves, {replay.frames} frames, "
          f"{len(replay.data)} bytes → {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
