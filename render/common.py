"""Shared drawing helpers: bundled fonts (so images look the same on every
machine), a text drawer that falls back per character through a chain of
fonts, and PNG encoding.

The chain: DejaVu Sans (Latin, symbols ★♥♦♣♠, arrows) → the bundled Noto Sans
CJK subset (GB2312 level 1 + Big5 level 1 + every catalogue character) → the
system's fonts (e.g. Debian's fonts-noto-cjk), looked up only for a character
the bundled fonts lack → a neat placeholder (a small rounded mark, never a
tofu box) for a character no font has.
"""
from __future__ import annotations

import io
import math
import threading
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from fontTools.ttLib import TTCollection, TTFont
from PIL import Image, ImageColor, ImageDraw, ImageFont

from render.cache import BoundedCache
from render.watching import HOOKS, DrawnText, note_text

FONT_DIR = Path(__file__).parent / "fonts"
ELLIPSIS = "…"
SYSTEM_FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
# Preferred system fonts first (by file name), then any other font found.
SYSTEM_PREFERRED = ("NotoSansCJK-Regular", "NotoSans-Regular", "NotoSansSymbols2-Regular", "NotoSansSymbols-Regular")
PLACEHOLDER_INK = (150, 150, 150)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (covers ★♥♦♣♠ and arrows), cached per size. For symbols
    and digits only; words go through ``draw_text``."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


# A phone shows a picture 360 px wide (issue 31): text drawn s px tall in a
# picture W px wide reads s·360/W px there, and should read at least 11.
PHONE_WIDTH = 360
PHONE_TEXT = 11


def phone_min(width: int) -> int:
    """The smallest text size for a picture ``width`` px wide: PHONE_TEXT px
    tall when shown PHONE_WIDTH px wide (a narrower picture at its own size)."""
    return math.ceil(PHONE_TEXT * max(width, PHONE_WIDTH) / PHONE_WIDTH - 1e-9)


PNG_LEVEL_PALETTE = 2  # zlib level for palette PNGs (docs/results/2026-11-22-cheaper-pictures.md)
PNG_LEVEL_RGB = 1  # for the rare RGB picture (colour emoji in a name)
COLOUR_GLYPHS = "colour_glyphs"  # image.info flag: a colour emoji was drawn on it


def to_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Encode as PNG. With ``palette`` (the game's fixed palette, see
    ``render.palette``) the picture is mapped to it first and written as a
    palette PNG: a third of the bytes to compress and no per-row filter
    search, so several times faster than RGB. A picture with colour
    emoji (photo-like content no fixed palette holds) stays RGB."""
    if palette is not None and image.mode == "RGB" and not image.info.get(COLOUR_GLYPHS):
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False,
               compress_level=PNG_LEVEL_PALETTE if image.mode == "P" else PNG_LEVEL_RGB)
    return buf.getvalue()


def carry_colour_glyphs(dest: Image.Image, src: Image.Image) -> None:
    """After pasting ``src`` into ``dest``: ``dest`` now holds whatever
    colour glyphs ``src`` held."""
    if src.info.get(COLOUR_GLYPHS):
        dest.info[COLOUR_GLYPHS] = True


# ---- the font chain ---------------------------------------------------------------------
@dataclass(frozen=True)
class Face:
    path: str
    index: int
    codepoints: frozenset[int] = field(repr=False, compare=False)
    # A face without a bold weight fakes it: drawn twice, 1 px apart (2 px
    # from 40 px up); a stroke smudges CJK strokes together.
    fake_bold: bool = False
    bold_path: str | None = None
    # A colour-bitmap font (emoji): drawn at its one size and scaled.
    colour: bool = False


def _codepoints(path: Path, index: int = 0) -> frozenset[int]:
    if path.suffix.lower() in (".ttc", ".otc"):
        tt = TTCollection(str(path), lazy=True).fonts[index]
    else:
        tt = TTFont(str(path), lazy=True)
    try:
        cmap = tt.getBestCmap() or {}
        return frozenset(cmap)
    finally:
        tt.close()


_bundled: tuple[Face, ...] | None = None
_bundled_lock = threading.Lock()


def bundled_faces() -> tuple[Face, ...]:
    """The bundled faces, built once per process. Under a lock: threads that
    draw their first picture together must all get the same Face objects
    (the per-character caches hold them)."""
    global _bundled
    if _bundled is None:
        with _bundled_lock:
            if _bundled is None:
                dejavu = FONT_DIR / "DejaVuSans.ttf"
                cjk = FONT_DIR / "NotoSansCJKsc-Subset.otf"
                _bundled = (
                    Face(str(dejavu), 0, _codepoints(dejavu), bold_path=str(FONT_DIR / "DejaVuSans-Bold.ttf")),
                    Face(str(cjk), 0, _codepoints(cjk), fake_bold=True),
                )
    return _bundled


def _is_colour(path: Path) -> bool:
    return "Color" in path.name or "Emoji" in path.name


def _system_font_files() -> list[Path]:
    """Preferred fonts first, colour-bitmap fonts (emoji) last."""
    files = [p for d in SYSTEM_FONT_DIRS if d.is_dir() for p in d.rglob("*")
             if p.suffix.lower() in (".ttf", ".otf", ".ttc")]
    files.sort(key=lambda p: (_is_colour(p),
                              SYSTEM_PREFERRED.index(p.stem) if p.stem in SYSTEM_PREFERRED else len(SYSTEM_PREFERRED),
                              p.name))
    return files


class _SystemFonts:
    """The machine's fonts, read one file at a time and only as far as a
    missing character needs (reading every cmap takes seconds). Renderers
    run in worker threads, hence the lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loaded: list[Face] = []
        self.pending: list[Path] | None = None

    def _load(self, path: Path) -> None:
        colour = _is_colour(path)
        try:
            self.loaded.append(Face(str(path), 0, _codepoints(path), fake_bold=not colour, colour=colour))
        except Exception:  # noqa: BLE001 - an unreadable font file is skipped
            pass

    def face_for(self, code: int) -> Face | None:
        with self.lock:
            for face in self.loaded:
                if code in face.codepoints:
                    return face
            if self.pending is None:
                self.pending = _system_font_files()
            while self.pending:
                self._load(self.pending.pop(0))
                if self.loaded and code in self.loaded[-1].codepoints:
                    return self.loaded[-1]
            return None

    def all(self) -> tuple[Face, ...]:
        self.face_for(-1)  # no font has it: reads every file
        return tuple(self.loaded)


_SYSTEM = _SystemFonts()


def system_faces() -> tuple[Face, ...]:
    """Every system font the chain may fall back to (reads them all)."""
    return _SYSTEM.all()


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or ch in "\ufe0e\ufe0f"


@lru_cache(maxsize=8192)
def face_for(ch: str) -> Face | None:
    """The first face of the chain that has ``ch``; None when none has it."""
    code = ord(ch)
    for face in bundled_faces():
        if code in face.codepoints:
            return face
    return _SYSTEM.face_for(code)


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[tuple[Face | None, str], ...]:
    """``text`` split into runs drawn with one face each (None: placeholder,
    one character per run). Zero-width marks join the run before them."""
    out: list[tuple[Face | None, str]] = []
    for ch in text:
        if ch in "\n\r\t":
            ch = " "
        face = face_for(ch)
        if face is None and _invisible(ch):
            if out and out[-1][0] is not None:
                continue  # an unsupported mark or variation selector: dropped
            continue
        if out and face is not None and out[-1][0] is face:
            out[-1] = (face, out[-1][1] + ch)
        else:
            out.append((face, ch))
    return tuple(out)


@lru_cache(maxsize=256)
def _pil_font(path: str, index: int, size: int) -> ImageFont.FreeTypeFont:
    # BASIC layout: several times faster than Raqm per call; runs are single-script anyway.
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)


def _font_of(face: Face, size: int, bold: bool) -> tuple[ImageFont.FreeTypeFont, int]:
    """The Pillow font of ``face`` and the offset of the second strike that
    fakes bold (0: none)."""
    if bold and face.bold_path:
        return _pil_font(face.bold_path, 0, size), 0
    strike = max(1, size // 20) if bold and face.fake_bold else 0
    return _pil_font(face.path, face.index, size), strike


def _placeholder_width(size: int) -> float:
    return round(size * 0.7)


@lru_cache(maxsize=8192)
def _run_width(face: Face, chunk: str, size: int, bold: bool) -> float:
    if face.colour:
        return _colour_run(face.path, chunk, size).width
    pil, strike = _font_of(face, size, bold)
    return pil.getlength(chunk) + strike


COLOUR_FONT_SIZE = 109  # the one size of Noto Color Emoji's bitmaps


@lru_cache(maxsize=512)
def _colour_run(path: str, chunk: str, size: int) -> Image.Image:
    """Colour glyphs drawn at their bitmap size, scaled to ``size``; the
    picture's bottom edge is the text's baseline."""
    big = _pil_font(path, 0, COLOUR_FONT_SIZE)
    ascent, _ = big.getmetrics()
    width = max(1, int(big.getlength(chunk)))
    image = Image.new("RGBA", (width, ascent), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((0, ascent), chunk, font=big, anchor="ls", embedded_color=True)
    scale = size / COLOUR_FONT_SIZE
    return image.resize((max(1, round(width * scale)), max(1, round(ascent * scale))), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """Display width of ``text`` in pixels, as ``draw_text`` draws it."""
    width = 0.0
    for face, chunk in runs(text):
        width += _placeholder_width(size) if face is None else _run_width(face, chunk, size, bold)
    return width


def fit_text(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``text`` cut by display width (never by bytes) so it fits
    ``max_width``, ending in "…" when cut."""
    if text_width(text, size, bold) <= max_width:
        return text
    limit = max_width - text_width(ELLIPSIS, size, bold)
    chars = list(text)
    while chars and text_width("".join(chars), size, bold) > limit:
        chars.pop()
    return "".join(chars).rstrip() + ELLIPSIS


def fit_name(make: Callable[[str], str], name: str, size: int, max_width: float, bold: bool = False) -> str:
    """``make(name)``, with ``name`` (a player's display name) cut so that the
    whole text fits ``max_width``: the game's words around it are kept."""
    whole = make(name)
    if text_width(whole, size, bold) <= max_width:
        return whole
    room = max(0.0, max_width - text_width(make(""), size, bold))
    while True:  # make("") may drop a space that make(name) keeps: shrink until the whole fits
        shown = make(fit_text(name, size, room, bold))
        if text_width(shown, size, bold) <= max_width or room <= 0:
            return shown
        room = max(0.0, room - size / 2)


def draw_named(draw: ImageDraw.ImageDraw, xy: tuple[float, float], make: Callable[[str], str], name: str,
               size: int, *, max_width: float, bold: bool = False, **kwargs) -> float:
    """``make(name)`` within ``max_width``: the player's display ``name`` in
    it cut first (``fit_name``), never the words around it."""
    return draw_text(draw, xy, fit_name(make, name, size, max_width, bold), size, bold=bold, max_width=max_width,
                     wanted=make(name), **kwargs)


def _ink_box(text: str, size: int, bold: bool, x: float, baseline: float) -> tuple[float, float, float, float]:
    """Where the glyphs of ``text`` drawn from ``x`` on ``baseline`` put ink."""
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for face, chunk in runs(text):
        if face is None or face.colour:
            w = _placeholder_width(size) if face is None else _run_width(face, chunk, size, bold)
            box = (x, baseline - size * 0.8, x + w, baseline)
        else:
            pil, strike = _font_of(face, size, bold)
            left, top, right, bottom = pil.getbbox(chunk, anchor="ls")
            box = (x + left, baseline + top, x + right + strike, baseline + bottom)
            w = _run_width(face, chunk, size, bold)
        if box[2] > box[0] and box[3] > box[1]:  # a space draws nothing
            x0, y0, x1, y1 = min(x0, box[0]), min(y0, box[1]), max(x1, box[2]), max(y1, box[3])
        x += w
    return (x0, y0, x1, y1) if x1 > x0 else (x, baseline, x, baseline)


def _report_layout(draw: ImageDraw.ImageDraw, wanted: str, text: str, size: int, bold: bool, x: float,
                   baseline: float, anchor: tuple[float, str], max_width: float | None) -> None:
    allowed = None
    if max_width is not None:
        at, horizontal = anchor
        start = {"l": at, "m": at - max_width / 2, "r": at - max_width}[horizontal]
        allowed = (start, start + max_width)
    span = (x, x + text_width(text, size, bold))
    drawn = DrawnText(text, wanted, size, _ink_box(text, size, bold, x, baseline), span, allowed)
    for hook in list(HOOKS):
        hook(getattr(draw, "_image", None), drawn)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, *,
              fill, bold: bool = False, anchor: str = "la", max_width: float | None = None,
              scale: float = 1.0, wanted: str | None = None) -> float:
    """Draw ``text`` at ``xy`` with per-character font fallback; returns the
    drawn width. ``anchor`` as Pillow's (horizontal l/m/r, vertical a/m/s/d).
    ``max_width`` truncates with "…". ``scale`` is how much the picture will
    be shrunk afterwards (for the recorded size only). ``wanted``: the text
    before a display name in it was cut (``draw_named``), for a layout watcher."""
    wanted = text if wanted is None else wanted
    if max_width is not None:
        text = fit_text(text, size, max_width, bold)
    if not text:
        return 0.0
    note_text(size * scale, text)
    width = text_width(text, size, bold)
    x, y = xy
    horizontal, vertical = anchor[0], anchor[1]
    if horizontal == "m":
        x -= width / 2
    elif horizontal == "r":
        x -= width
    # One baseline for every run, from the main (Latin) font's metrics.
    ascent, descent = font(size).getmetrics()
    baseline = {"a": y + ascent, "t": y + ascent, "m": y + (ascent - descent) / 2, "s": y,
                "d": y - descent, "b": y - descent}[vertical]
    if HOOKS:
        _report_layout(draw, wanted, text, size, bold, x, baseline, (xy[0], horizontal), max_width)
    for face, chunk in runs(text):
        if face is None:
            w = _placeholder_width(size)
            h = size * 0.62
            box = (x + size * 0.08, baseline - h, x + w - size * 0.08, baseline)
            draw.rounded_rectangle(box, radius=max(1, int(size * 0.16)), fill=PLACEHOLDER_INK)
            dot = size * 0.08
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=(255, 255, 255))
            x += w
            continue
        target = getattr(draw, "_image", None)  # ImageDraw keeps the image it draws on
        if face.colour and target is not None:
            glyphs = _colour_run(face.path, chunk, size)
            target.paste(glyphs, (round(x), round(baseline - glyphs.height)), glyphs)
            target.info[COLOUR_GLYPHS] = True
            x += glyphs.width
            continue
        pil, strike = _font_of(face, size, bold)
        _stamp(draw, pil, chunk, x, baseline, fill)
        if strike:
            _stamp(draw, pil, chunk, x + strike, baseline, fill)
        x += _run_width(face, chunk, size, bold)
    return width


# Rendered text masks, shared by every picture: a board redraws mostly the
# same words and numbers, and FreeType rendering is ~90 % of a draw.text call.
# Bounded: ~20,000 masks of ~1 KB.
TEXT_MASKS = BoundedCache("text masks", max_items=40_000, max_bytes=24 * 1024 * 1024,
                          weigh=lambda found: found[0].size[0] * found[0].size[1] + 200)
SUBPIXEL = 4  # text positions snap to 1/4 px, so one mask serves many places


def _stamp(draw: ImageDraw.ImageDraw, pil: ImageFont.FreeTypeFont, chunk: str, x: float, baseline: float,
           fill) -> None:
    """``draw.text((x, baseline), chunk, anchor="ls")`` through the mask cache."""
    core = getattr(draw, "draw", None)
    ink = None if core is None else _ink(draw, core, fill)
    if ink is None or core is None:
        draw.text((x, baseline), chunk, font=pil, fill=fill, anchor="ls")
        return
    x = round(x * SUBPIXEL) / SUBPIXEL
    baseline = round(baseline * SUBPIXEL) / SUBPIXEL
    start = (math.modf(x)[0], math.modf(baseline)[0])
    mode = draw.fontmode
    key = (pil.path, pil.index, pil.size, chunk, mode, start)
    mask, offset = TEXT_MASKS.get(key, lambda: pil.getmask2(chunk, mode, anchor="ls", start=start))
    core.draw_bitmap((int(x) + offset[0], int(baseline) + offset[1]), mask, ink)


def _ink(draw: ImageDraw.ImageDraw, core, fill) -> int | None:
    """``fill`` as the image stores it: what ``ImageDraw`` hands its core for
    a shape's outline (the same steps as its ``_getink``, by public names)."""
    if fill is None:
        return None if draw.fill else draw.ink
    if isinstance(fill, str):
        fill = ImageColor.getcolor(fill, draw.mode)
    if draw.palette and isinstance(fill, tuple):
        fill = draw.palette.getcolor(fill)
    return core.draw_ink(fill)


def wrap_text(text: str, size: int, max_width: float, bold: bool = False, max_lines: int = 4) -> list[str]:
    """Lines of ``text`` that each fit ``max_width``: breaks at spaces, or
    between any two CJK characters; the last line ends in "…" when cut."""
    tokens: list[str] = []
    for word in text.split(" "):
        piece = ""
        for ch in word:
            if ord(ch) >= 0x2E80 and ch not in "，。、：；！？）」』":
                if piece:
                    tokens.append(piece)
                piece = ch
            else:
                piece += ch
        if piece:
            tokens.append(piece)
        tokens.append(" ")
    lines, line = [], ""
    for token in tokens[:-1] if tokens else []:
        candidate = line + token
        if line.strip() and text_width(candidate.rstrip(), size, bold) > max_width:
            lines.append(line.rstrip())
            line = "" if token == " " else token
        else:
            line = candidate
    if line.strip():
        lines.append(line.rstrip())
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit_text(lines[-1] + ELLIPSIS * 3, size, max_width, bold)
    return [fit_text(ln, size, max_width, bold) for ln in lines]
