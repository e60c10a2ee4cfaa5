"""A maximum matching in a general graph (Edmonds' blossom algorithm,
O(V³)): the Swiss pairing's exact answer to "how few rematches can this
round have" when its preference-ordered search runs out of steps."""
from __future__ import annotations

from collections.abc import Sequence


class _Blossom:
    def __init__(self, neighbours: Sequence[Sequence[int]]) -> None:
        self.adj = neighbours
        self.n = len(neighbours)
        self.match = [-1] * self.n
        self.parent = [-1] * self.n
        self.base = list(range(self.n))

    def _lca(self, a: int, b: int) -> int:
        seen = [False] * self.n
        while True:
            a = self.base[a]
            seen[a] = True
            if self.match[a] == -1:
                break
            a = self.parent[self.match[a]]
        while True:
            b = self.base[b]
            if seen[b]:
                return b
            b = self.parent[self.match[b]]

    def _mark(self, v: int, stem: int, child: int, inside: list[bool]) -> None:
        while self.base[v] != stem:
            inside[self.base[v]] = inside[self.base[self.match[v]]] = True
            self.parent[v] = child
            child = self.match[v]
            v = self.parent[self.match[v]]

    def _augmenting_end(self, root: int) -> int:
        """The free vertex an augmenting path from ``root`` ends at, or -1."""
        used = [False] * self.n
        self.parent = [-1] * self.n
        self.base = list(range(self.n))
        used[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in self.adj[v]:
                if self.base[v] == self.base[to] or self.match[v] == to:
                    continue
                if to == root or (self.match[to] != -1 and self.parent[self.match[to]] != -1):
                    stem = self._lca(v, to)
                    inside = [False] * self.n
                    self._mark(v, stem, to, inside)
                    self._mark(to, stem, v, inside)
                    for i in range(self.n):
                        if inside[self.base[i]]:
                            self.base[i] = stem
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif self.parent[to] == -1:
                    self.parent[to] = v
                    if self.match[to] == -1:
                        return to
                    used[self.match[to]] = True
                    queue.append(self.match[to])
        return -1

    def solve(self) -> list[int]:
        for v in range(self.n):  # a greedy start leaves few paths to find
            if self.match[v] == -1:
                free = next((to for to in self.adj[v] if self.match[to] == -1 and to != v), -1)
                if free != -1:
                    self.match[v], self.match[free] = free, v
        for root in range(self.n):
            if self.match[root] != -1:
                continue
            v = self._augmenting_end(root)
            while v != -1:
                before = self.parent[v]
                after = self.match[before]
                self.match[v], self.match[before] = before, v
                v = after
        return self.match


def maximum_matching(neighbours: Sequence[Sequence[int]]) -> list[int]:
    """``neighbours[v]``: the vertices joined to v (0..n-1, symmetric).
    Returns each vertex's partner in one maximum matching, or -1."""
    return _Blossom(neighbours).solve()
