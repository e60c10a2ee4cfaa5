"""CUBED: next-level dominoes on a hexagonal grid (see docs/rules/cubed.md)."""
from engines.cubed.engine import CubedEngine

__all__ = ["CubedEngine"]
