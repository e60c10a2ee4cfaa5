"""Where every text of a picture ends up, and what is wrong with it.

``LayoutRecorder`` hears every ``draw_text`` (``render.watching.watch_layout``)
and follows each text through what Pillow does to the image it was drawn on:
a sprite pasted into a board, a board cropped, copied, converted, shrunk
(``reduce``, ``resize``), encoded as PNG or JPEG and opened again. The
production code knows nothing of this: while a recorder is active it wraps
those ``PIL.Image`` methods, and puts them back when it ends. It clears the
renderers' caches on entry, so that no sprite drawn before it goes unheard.

``problems`` then checks the texts of one finished picture: inside the
picture, not over each other, not cut, inside the room they were given.
"""
from __future__ import annotations

import hashlib
import io
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from PIL import Image

from render.cache import all_caches
from render.common import ELLIPSIS
from render.watching import DrawnText, watch_layout

TOLERANCE = 1.5  # px: antialiased edges of neighbouring texts may touch

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Placed:
    """A text where it is in the image that holds it now."""
    text: str
    wanted: str
    size: float  # px, in this image
    box: Box  # ink
    span: tuple[float, float]  # x range of its advance (what max_width limits)
    allowed: tuple[float, float] | None  # x range max_width gave it
    clipped: str = ""  # the image whose edge it ran past on the way ("" : none)
    order: int = 0  # drawing order: later texts lie on top
    mark: bool = False  # a mark drawn over the picture, not a text

    @property
    def cut(self) -> bool:
        """Shortened with "…" (by ``max_width``, or a wrapped text's last line)."""
        return self.text != self.wanted or self.text.endswith(ELLIPSIS)

    def moved(self, dx: float, dy: float, scale_x: float = 1.0, scale_y: float = 1.0) -> "Placed":
        if dx == dy == 0 and scale_x == scale_y == 1:
            return self  # a copy or a conversion: nothing moves (frozen: the same object serves)
        x0, y0, x1, y1 = self.box
        def xs(pair: tuple[float, float]) -> tuple[float, float]:
            return (pair[0] + dx) * scale_x, (pair[1] + dx) * scale_x

        # built directly, not with dataclasses.replace: a board moves thousands of texts
        return Placed(self.text, self.wanted, self.size * scale_y,
                      ((x0 + dx) * scale_x, (y0 + dy) * scale_y, (x1 + dx) * scale_x, (y1 + dy) * scale_y),
                      xs(self.span), None if self.allowed is None else xs(self.allowed), self.clipped, self.order,
                      self.mark)


def inside(box: Box, width: float, height: float, tolerance: float = TOLERANCE) -> bool:
    x0, y0, x1, y1 = box
    return x0 >= -tolerance and y0 >= -tolerance and x1 <= width + tolerance and y1 <= height + tolerance


def overlap(a: Box, b: Box, tolerance: float = TOLERANCE) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > tolerance) and (min(a[3], b[3]) - max(a[1], b[1]) > tolerance)


class LayoutRecorder:
    """``with LayoutRecorder() as rec: png = renderer.board_png(...)``, then
    ``rec.texts_of(png)``: the image's size and its texts."""

    WRAPPED = ("copy", "convert", "quantize", "resize", "reduce", "crop", "paste", "save")

    def __init__(self) -> None:
        self.texts: dict[int, list[Placed]] = {}
        self.encoded: dict[bytes, tuple[tuple[int, int], list[Placed]]] = {}  # by the digest of the file
        self.counter = 0
        self.saved: dict[str, Callable[..., Any]] = {}
        self.hook: Any = None

    # -- bookkeeping -----------------------------------------------------------------------
    def _of(self, image: Any) -> list[Placed]:
        return self.texts.get(id(image), [])

    def _extend(self, image: Any, texts: list[Placed]) -> None:
        """Add texts to an image's own list (each image keeps a list of its own: in place, not copied)."""
        if id(image) in self.texts:
            self.texts[id(image)].extend(texts)
        else:
            self._set(image, texts)

    def _set(self, image: Any, texts: list[Placed]) -> None:
        key = id(image)
        if key not in self.texts:
            weakref.finalize(image, self.texts.pop, key, None)
        self.texts[key] = texts

    def _heard(self, image: Image.Image | None, drawn: DrawnText) -> None:
        if image is None:
            return
        self.counter += 1
        self._extend(image, [Placed(drawn.text, drawn.wanted, drawn.size, drawn.box, drawn.span, drawn.allowed,
                                    order=self.counter, mark=drawn.mark)])

    def _follow(self, name: str, image: Image.Image, args: tuple, kwargs: dict, result: Any) -> None:
        texts = self._of(image)
        if name == "paste":
            self._pasted(image, args, kwargs)
            return
        if name == "save":
            fp = args[0] if args else kwargs.get("fp")
            if isinstance(fp, io.BytesIO):
                self.encoded[_digest(fp.getvalue())] = (image.size, list(texts))
            return
        if not isinstance(result, Image.Image) or not texts:
            return
        if name == "crop":
            box = args[0] if args else kwargs.get("box")
            if box is None:
                self._set(result, list(texts))
                return
            x0, y0, x1, y1 = box
            kept = []
            for text in texts:
                moved = text.moved(-x0, -y0)
                if not overlap(moved.box, (0, 0, x1 - x0, y1 - y0), 0):
                    continue  # wholly outside the part kept
                kept.append(moved)
            self._set(result, kept)
            return
        sx, sy = result.width / image.width, result.height / image.height
        self._set(result, [text.moved(0, 0, sx, sy) for text in texts])

    def _pasted(self, dest: Image.Image, args: tuple, kwargs: dict) -> None:
        source = args[0] if args else kwargs.get("im")
        if not isinstance(source, Image.Image) or not self._of(source):
            return
        where = args[1] if len(args) > 1 else kwargs.get("box")
        dx, dy = (0, 0) if where is None else where[:2]
        label = f"{source.width}x{source.height} sprite"
        placed = []
        for text in self._of(source):
            self.counter += 1
            clipped = text.clipped or ("" if inside(text.box, source.width, source.height) else label)
            m = text.moved(dx, dy)
            placed.append(Placed(m.text, m.wanted, m.size, m.box, m.span, m.allowed, clipped, self.counter, m.mark))
        self._extend(dest, placed)

    # -- on and off ------------------------------------------------------------------------
    def __enter__(self) -> "LayoutRecorder":
        clear_render_caches()
        for name in self.WRAPPED:
            original = getattr(Image.Image, name)
            self.saved[name] = original
            setattr(Image.Image, name, self._wrap(name, original))
        self.saved["open"] = Image.open
        Image.open = self._open  # type: ignore[assignment]
        self.hook = watch_layout(self._heard)
        self.hook.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.hook.__exit__(*exc)
        Image.open = self.saved.pop("open")  # type: ignore[assignment]
        for name, original in self.saved.items():
            setattr(Image.Image, name, original)
        self.saved.clear()
        clear_render_caches()  # sprites drawn here would be silent to the next recorder

    def _wrap(self, name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        recorder = self

        def wrapped(image: Image.Image, *args: Any, **kwargs: Any) -> Any:
            result = original(image, *args, **kwargs)
            recorder._follow(name, image, args, kwargs, result)
            return result

        return wrapped

    def _open(self, fp: Any, *args: Any, **kwargs: Any) -> Image.Image:
        image = self.saved["open"](fp, *args, **kwargs)
        if isinstance(fp, io.BytesIO) and _digest(fp.getvalue()) in self.encoded:
            self._set(image, list(self.encoded[_digest(fp.getvalue())][1]))
        return image

    # -- results ---------------------------------------------------------------------------
    def texts_of(self, encoded: bytes) -> tuple[tuple[int, int], list[Placed]]:
        """The size and the texts of a picture the renderers encoded."""
        return self.encoded[_digest(encoded)]


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


def clear_render_caches() -> None:
    """Forget every cached sprite and board, so their texts are drawn again."""
    for cache in all_caches():
        cache.clear()


# -- the checks --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Layered:
    """A text deliberately drawn over others, and why."""
    name: str
    reason: str
    matches: Callable[[Placed, Placed], bool]  # (below, above)


def name_cut_only(text: Placed, names: Iterable[str]) -> bool:
    """Whether a cut falls inside a player's display name, and nothing but
    the rest of that name is lost: at the end of the text (closing brackets
    may go with it), or inside it with every word after the name kept."""
    visible = text.text.removesuffix(ELLIPSIS).rstrip()
    for name in names:
        start = text.wanted.find(name)
        while start >= 0:
            end = start + len(name)
            before, after = text.wanted[:start], text.wanted[end:]
            if text.wanted.startswith(visible) and start <= len(visible) < end and not after.strip(" )）"):
                return True
            if after and text.text.startswith(before) and text.text.endswith(ELLIPSIS + after):
                kept = text.text[len(before):len(text.text) - len(after) - len(ELLIPSIS)].rstrip()
                if name.startswith(kept) and len(kept) < len(name):
                    return True
            start = text.wanted.find(name, start + 1)
    return False


def problems(size: tuple[int, int], texts: list[Placed], names: Iterable[str] = (),
             layered: Iterable[Layered] = ()) -> list[str]:
    """What is wrong with the texts of one picture of ``size``, as sentences."""
    width, height = size
    names = [n for n in names if n]
    layered = list(layered)
    found = []
    for text in texts:
        if text.mark:
            continue
        if not inside(text.box, width, height):
            found.append(f"outside the {width}x{height} image: {text.text!r} at {_fmt(text.box)}")
        if text.clipped:
            found.append(f"past the edge of its {text.clipped}: {text.text!r} at {_fmt(text.box)}")
        if text.cut and not name_cut_only(text, names):
            found.append(f"cut: {text.wanted!r} drawn as {text.text!r}")
        if text.allowed is not None and (text.span[0] < text.allowed[0] - TOLERANCE
                                         or text.span[1] > text.allowed[1] + TOLERANCE):
            found.append(f"wider than its room {_fmt(text.allowed)}: {text.text!r} at {_fmt(text.span)}")
    ordered = sorted(texts, key=lambda t: t.box[0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2] - TOLERANCE:
                break
            below, above = (a, b) if a.order < b.order else (b, a)
            if below.mark or not overlap(a.box, b.box):
                continue  # a text may lie on a mark: it is drawn on its background
            if any(rule.matches(below, above) for rule in layered):
                continue
            what = "a mark over a text" if above.mark else "overlap"
            found.append(f"{what}: {below.text!r} at {_fmt(below.box)} under {above.text!r} at {_fmt(above.box)}")
    return found


def _fmt(box: Iterable[float]) -> str:
    return "(" + ", ".join(f"{v:.0f}" for v in box) + ")"

