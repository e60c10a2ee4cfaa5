"""Import the three games' builders (each registers itself)."""
from cogs.builder import cubed, deathfront, setup  # noqa: F401
