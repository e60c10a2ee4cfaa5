"""Build the bundled CJK fonts in render/fonts/ from Noto Sans CJK.

    apt-get install fonts-noto-cjk && pip install -r requirements-dev.txt
    python tools/build_cjk_font.py

Keeps the characters of GB2312 level 1, Big5 level 1 (the common traditional
characters), CJK punctuation and full-width forms, and every character the
i18n catalogues and the card list use; the renderers fall back to the
system's fonts for anything else (a rare name character). The result is a
few MB instead of the 20 MB collections. Glyphs are the SC forms (the
face covers traditional characters too).
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/opentype/noto")
# (collection, face index of "Noto Sans CJK SC", output name)
# One weight only: bold CJK text is drawn with a thin stroke (render.common).
TARGETS = [("NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Subset.otf")]


def _double_byte(encoding: str, leads: range, trails: range) -> set[str]:
    chars = set()
    for lead in leads:
        for trail in trails:
            try:
                chars.add(bytes([lead, trail]).decode(encoding))
            except UnicodeDecodeError:
                pass
    return chars


def characters() -> set[str]:
    chars = set(chr(c) for c in range(0x20, 0x7F))
    # GB2312 symbols and level 1 (3,755 frequent characters); level 2 is rare.
    chars |= _double_byte("gb2312", range(0xA1, 0xD8), range(0xA1, 0xFF))
    # Big5 level 1: lead bytes A4..C6 (5,401 frequent characters) plus symbols A1..A3.
    chars |= _double_byte("big5", range(0xA1, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
    chars |= {chr(c) for c in range(0x3000, 0x3040)}  # CJK punctuation
    chars |= {chr(c) for c in range(0xFF00, 0xFFF0)}  # full-width forms
    chars |= {"…", "·", "—", "“", "”", "‘", "’"}
    for path in list((ROOT / "i18n").rglob("*.toml")) + list((ROOT / "engines").rglob("*.toml")):
        chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() and ord(c) > 0x7F or c.isascii() and c.isprintable()}


def sc_face(collection: Path):
    for face in TTCollection(str(collection)).fonts:
        if face["name"].getDebugName(1).endswith(" SC"):
            return face
    raise SystemExit(f"no SC face in {collection}")


def main() -> int:
    text = "".join(sorted(characters()))
    for source, target in TARGETS:
        face = sc_face(SOURCE / source)
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = False
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(face)
        out = ROOT / "render" / "fonts" / target
        face.save(str(out))
        print(f"{out.name}: {out.stat().st_size / 1e6:.2f} MB, {len(text)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
