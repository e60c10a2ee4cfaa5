"""A generic information-set search (single-observer ISMCTS with
determinization) for every engine; see docs/ai.md."""
from engines.search.budget import Budget
from engines.search.ismcts import SearchStats, search
from engines.search.knowledge import Knowledge, result_values

__all__ = ["Budget", "Knowledge", "SearchStats", "result_values", "search"]
