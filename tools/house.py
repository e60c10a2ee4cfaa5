"""Measures the shape of the code from its imports (tests and bench excluded).

    python -m tools.house            # a report; exit 1 when a target is missed

``report(root=...)`` measures another tree (the tests use a tiny one).

What it counts (issue 20's "done when"):
- import cycles between the project's modules (every import statement,
  including those inside functions and under ``TYPE_CHECKING``);
- modules outside a game's own modules that name the game (import one of
  its modules, or spell its id as a string);
- uses of another module's ``_private`` names (``from m import _x``,
  ``m._x``, ``obj._x`` on anything but ``self``/``cls``; a named tuple's
  ``_replace``, ``_asdict``, ``_fields``, ``_field_defaults`` and ``_make``
  are public);
- mixin classes (a class named ``*Mixin`` or a class with two or more
  project base classes);
- modules over ``MAX_LINES`` lines.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "db", "engines", "i18n", "render", "tables", "tools", "web", "app", "games")
EXCLUDED = ("tests", "bench", ".venv", "node_modules")
MAX_LINES = 500
REGISTRY = "tables.registry"
PUBLIC_UNDERSCORE = frozenset({"_replace", "_asdict", "_fields", "_field_defaults", "_make"})
TITLES = (
    "import cycles",
    "modules naming a game outside its own (the registry excepted)",
    "uses of another module's private names",
    "mixin classes",
    f"modules over {MAX_LINES} lines",
)


def find_games(root: Path = ROOT) -> tuple[str, ...]:
    """The games: each package under engines/ with an engine module."""
    return tuple(sorted(p.parent.name for p in (root / "engines").glob("*/engine.py")))


GAMES = find_games()


def own_modules(game: str) -> tuple[str, ...]:
    """Modules that belong to one game, each with its submodules."""
    return (f"engines.{game}", f"render.{game}", f"cogs.games.{game}", f"cogs.play.builder.{game}", f"games.{game}")


def is_game_module(name: str, game: str) -> bool:
    """engines/<g>/, render/<g>.py, render/<g>_*.py, render/<g>/, cogs/games/<g>.py,
    cogs/play/builder/<g>.py and games/<g>.py."""
    return any(name == p or name.startswith(p + ".") for p in own_modules(game)) \
        or name.startswith(f"render.{game}_")


@dataclass
class Module:
    name: str
    path: Path
    tree: ast.Module
    lines: int
    nodes: list[ast.AST]  # the tree walked once: every check reads this list
    strings: list[str]  # the string constants among them
    imports: set[str] = field(default_factory=set)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def load_modules(root: Path = ROOT) -> dict[str, Module]:
    modules: dict[str, Module] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in EXCLUDED or rel.parts[0].startswith("."):
            continue
        if rel.parts[0].removesuffix(".py") not in PACKAGES:
            continue
        text = path.read_text(encoding="utf-8")
        name = module_name(path, root)
        tree = ast.parse(text)
        nodes = list(ast.walk(tree))
        strings = [node.value for node in nodes if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        modules[name] = Module(name, path, tree, text.count("\n") + 1, nodes, strings)
    for module in modules.values():
        module.imports = imported_modules(module, modules)
    return modules


def resolve(name: str, modules: dict[str, Module]) -> str | None:
    """The project module ``name`` refers to (a module, or a name in one)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imported_modules(module: Module, modules: dict[str, Module]) -> set[str]:
    found: set[str] = set()
    package = module.name if module.path.name == "__init__.py" else module.name.rpartition(".")[0]
    for node in module.nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = resolve(alias.name, modules)
                if target:
                    found.add(target)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                target = resolve(f"{base}.{alias.name}", modules) or resolve(base, modules)
                if target:
                    found.add(target)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            target = resolve(node.args[0].value, modules)
            if target:
                found.add(target)
    found.discard(module.name)
    return found


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(modules[v].imports):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for name in sorted(modules):
        if name not in index:
            visit(name)
    return sorted(out)


def game_names(modules: dict[str, Module], games: tuple[str, ...] = GAMES) -> dict[str, list[str]]:
    """Modules (not the game's own, not the registry) that name a game."""
    out: dict[str, list[str]] = {}
    for module in modules.values():
        if module.name == REGISTRY:
            continue
        named = set()
        in_any_game = any(is_game_module(module.name, g) for g in games)
        for game in games:
            if is_game_module(module.name, game):
                continue
            if any(is_game_module(target, game) for target in module.imports):
                named.add(game)
                continue
            if any((text == game and not in_any_game) or is_game_module(text.partition(":")[0], game)
                   for text in module.strings):
                named.add(game)
        if named:
            out[module.name] = sorted(named)
    return out


def private_uses(modules: dict[str, Module]) -> list[str]:
    out = []
    for module in modules.values():
        for node in module.nodes:
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        out.append(f"{module.name}:{node.lineno}: from {node.module} import {alias.name}")
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and node.attr not in PUBLIC_UNDERSCORE:
                owner = node.value
                if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                    continue
                if isinstance(owner, ast.Call) and getattr(owner.func, "id", None) == "super":
                    continue
                out.append(f"{module.name}:{node.lineno}: {ast.unparse(node)}")
    return out


def mixins(modules: dict[str, Module]) -> list[str]:
    project_classes = {
        node.name for m in modules.values() for node in m.nodes if isinstance(node, ast.ClassDef)
    }
    out = []
    for module in modules.values():
        for node in module.nodes:
            if not isinstance(node, ast.ClassDef):
                continue
            bases = [ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases]
            own_bases = [b for b in bases if b in project_classes]
            if node.name.endswith("Mixin") or len(own_bases) >= 2:
                out.append(f"{module.name}.{node.name}")
    return out


def long_modules(modules: dict[str, Module]) -> list[str]:
    return [f"{m.name} ({m.lines} lines)" for m in modules.values() if m.lines > MAX_LINES]


def report(root: Path = ROOT) -> dict[str, list[str]]:
    root = Path(root).resolve()
    modules = load_modules(root)
    named = game_names(modules, find_games(root))
    return dict(zip(TITLES, (
        [" ↔ ".join(c) for c in cycles(modules)],
        [f"{name}: {', '.join(games)}" for name, games in sorted(named.items())],
        private_uses(modules),
        mixins(modules),
        long_modules(modules),
    )))


def main() -> int:
    missed = 0
    for title, items in report().items():
        print(f"{title}: {len(items)}")
        for item in items:
            print(f"  {item}")
        missed += bool(items)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
