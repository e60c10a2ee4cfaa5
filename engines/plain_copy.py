"""A deep copy of a state whose values are plain JSON data (str, int,
float, bool, None, lists, dicts and nested models of them), without the
JSON round trip: ``GameEngine.copy_state``'s default dumps the state and
validates it again, which for a Death Front state is most of what
``apply`` costs besides the rules. Every list, dict and nested model is
fresh; scalars are immutable and shared. How each field is copied is
worked out once per model class from its annotation (a ``list[str]`` is
``list(value)``); what the annotation does not pin down (``Any``) is
copied by walking it. Equal to the round trip
(tests/deathfront/test_deathfront_copy_state.py compares them over random
games and checks that no mutable part is shared)."""
from __future__ import annotations

import types
from typing import Any, Callable, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

_SCALARS = frozenset({str, int, float, bool, type(None)})

ModelT = TypeVar("ModelT", bound=BaseModel)
Copier = Callable[[Any], Any]

_PLANS: dict[type, list[tuple[str, Copier]]] = {}


def plain_copy(model: ModelT) -> ModelT:
    """A copy of ``model`` sharing no list, dict or model with it. Raises
    TypeError on a value that is not plain data (a tuple, a set, an object)."""
    if model.__pydantic_private__ or model.__pydantic_extra__:
        raise TypeError(f"{type(model).__name__} holds more than its fields: not plain data")
    plan = _PLANS.get(type(model))
    if plan is None:
        plan = _PLANS[type(model)] = _plan(type(model))
    values = model.__dict__
    fresh = values.copy()
    for name, copier in plan:
        fresh[name] = copier(values[name])
    # What ``model_copy`` does, without its generic copies of the (empty) private and extra parts.
    copy = object.__new__(type(model))
    object.__setattr__(copy, "__dict__", fresh)
    object.__setattr__(copy, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(copy, "__pydantic_extra__", None)
    object.__setattr__(copy, "__pydantic_private__", None)
    return copy


def _plan(cls: type[BaseModel]) -> list[tuple[str, Copier]]:
    """The fields that need copying, each with its copier (scalar fields are shared)."""
    plan = []
    for name, field in cls.model_fields.items():
        copier = _copier(field.annotation)
        if copier is not None:
            plan.append((name, copier))
    return plan


def _is_scalar(annotation: Any) -> bool:
    if annotation in _SCALARS or get_origin(annotation) is Literal:
        return True
    if get_origin(annotation) in (Union, types.UnionType):
        return all(_is_scalar(arg) for arg in get_args(annotation))
    return False


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of ``annotation``; None: it is immutable."""
    if _is_scalar(annotation):
        return None
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, types.UnionType):
        present = [arg for arg in args if arg is not type(None)]
        if len(present) == 1:
            inner = _copier(present[0])
            return None if inner is None else _or_none(inner)
        return _fresh
    if origin is list and len(args) == 1:
        inner = _copier(args[0])
        return list if inner is None else _each(inner)
    if origin is dict and len(args) == 2 and _is_scalar(args[0]):
        inner = _copier(args[1])
        return dict if inner is None else _each_value(inner)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return plain_copy
    return _fresh


def _or_none(inner: Copier) -> Copier:
    return lambda value: None if value is None else inner(value)


def _each(inner: Copier) -> Copier:
    return lambda value: [inner(item) for item in value]


def _each_value(inner: Copier) -> Copier:
    return lambda value: {key: inner(item) for key, item in value.items()}


def _fresh(value: Any) -> Any:
    """A value the annotation does not pin down, walked."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return [_fresh(item) for item in value]
    if kind is dict:
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, BaseModel):
        return plain_copy(value)
    raise TypeError(f"not plain data: {kind.__name__}")
