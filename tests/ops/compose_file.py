"""docker-compose.yml read as `docker compose` reads it, as far as the tests
need: the YAML (PyYAML when installed, else a reader of the small block
subset the file keeps to, which refuses anything else) and compose's
``${VAR}`` interpolation. No Docker engine or compose binary runs here."""
from __future__ import annotations

import json
import re
from typing import Any


class ComposeError(ValueError):
    pass


def load_yaml(text: str) -> Any:
    try:
        import yaml
    except ImportError:
        return read_block_yaml(text)
    return as_strings(yaml.safe_load(text))


def as_strings(value: Any) -> Any:
    """Scalars as the strings compose sees (``retries: 12`` → ``"12"``)."""
    if isinstance(value, dict):
        return {str(k): as_strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_strings(v) for v in value]
    return None if value is None else str(value)


def _strip_comment(line: str) -> str:
    quote = None
    for i, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _scalar(text: str) -> Any:
    if text.startswith('"'):
        return json.loads(text)
    if text.startswith("'"):
        if not text.endswith("'"):
            raise ComposeError(f"unterminated string: {text}")
        return text[1:-1].replace("''", "'")
    if text.startswith("["):
        return [str(v) for v in json.loads(text)]  # flow lists of double-quoted strings only
    if text[:1] in "&*!|>{@`" or text in ("true", "false", "null", "~"):
        raise ComposeError(f"outside the subset this reader knows: {text}")
    return text


def read_block_yaml(text: str) -> Any:
    """Block mappings, block lists of scalars, quoted and plain scalars."""
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ComposeError(f"line {number}: tab indentation")
        line = _strip_comment(raw)
        if line.strip() in ("---", "..."):
            raise ComposeError(f"line {number}: one document only")
        if line.strip():
            lines.append((len(line) - len(line.lstrip(" ")), line.strip(), number))

    def block(i: int, indent: int) -> tuple[Any, int]:
        if lines[i][1].startswith("- "):
            items = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                item = lines[i][1][2:].strip()
                if re.match(r"^[\w.-]+:(\s|$)", item):
                    raise ComposeError(f"line {lines[i][2]}: mappings inside lists are outside the subset")
                items.append(_scalar(item))
                i += 1
            return items, i
        mapping: dict[str, Any] = {}
        while i < len(lines) and lines[i][0] == indent:
            _, content, number = lines[i]
            match = re.match(r"^([\w.-]+):(?:\s+(.*))?$", content)
            if not match:
                raise ComposeError(f"line {number}: not a 'key: value' line: {content}")
            key, value = match.group(1), match.group(2)
            if key in mapping:
                raise ComposeError(f"line {number}: {key} given twice")
            i += 1
            if value is not None:
                mapping[key] = _scalar(value)
            elif i < len(lines) and lines[i][0] > indent:
                mapping[key], i = block(i, lines[i][0])
            else:
                mapping[key] = None
        if i < len(lines) and lines[i][0] > indent:
            raise ComposeError(f"line {lines[i][2]}: unexpected indentation")
        return mapping, i

    if not lines:
        return None
    value, end = block(0, lines[0][0])
    if end != len(lines):
        raise ComposeError(f"line {lines[end][2]}: unexpected indentation")
    return value


_VARIABLE = re.compile(r"\$(?:\$|\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_]\w*))")


def interpolate(value: Any, env: dict[str, str]) -> Any:
    """Compose's interpolation: ``$$``, ``$VAR``, ``${VAR}``, ``${VAR:-default}``,
    ``${VAR-default}``, ``${VAR:?error}``, ``${VAR?error}``."""
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if value is None:
        return None

    def substitute(match: re.Match) -> str:
        if match.group(0) == "$$":
            return "$"
        name = match.group(1) or match.group(4)
        operator, argument = match.group(2), match.group(3)
        present = name in env and (env[name] != "" or not (operator or "").startswith(":"))
        if operator and operator.endswith("?") and not present:
            raise ComposeError(f"required variable {name} is missing a value: {argument}")
        if operator and operator.endswith("-") and not present:
            return argument
        return env.get(name, "")

    return _VARIABLE.sub(substitute, value)
