"""Naming a class or function by its import path (``module:Qualname``) and
loading it again: how worker processes rebuild engines and renderers, how
an engine declares its AI without importing it, and how the front ends load
a game's parts."""
from __future__ import annotations

import importlib
from functools import cache
from typing import Any


def class_path(instance: Any) -> str:
    """``module:Qualname`` of an instance's class, to build it again elsewhere."""
    cls = type(instance)
    return f"{cls.__module__}:{cls.__qualname__}"


@cache
def load(path: str) -> Any:
    """The object at ``module:Qualname`` (a module alone when no ``:``)."""
    module_name, _, qualname = path.partition(":")
    target: Any = importlib.import_module(module_name)
    for part in qualname.split(".") if qualname else ():
        target = getattr(target, part)
    return target


def build(path: str) -> Any:
    """An instance of the class at ``module:Qualname``, built without arguments."""
    return load(path)()
