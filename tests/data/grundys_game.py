"""Grundy's game by a plain memoised search, as a user would write it: the reference that
`cargo bench --bench scripts` compares the scripted oracle with (#38).

A move splits one heap into two unequal non-empty heaps; heaps of 1 and 2 cannot be split and
are dropped. `python3 tests/data/grundys_game.py 7 8 11 13` prints the Grundy value, the
positions solved and the seconds the search took."""
import sys
import time
from functools import lru_cache


@lru_cache(maxsize=None)
def grundy(p):
    seen = set()
    for i, x in enumerate(p):
        rest = p[:i] + p[i + 1:]
        for a in range(1, (x + 1) // 2):
            seen.add(grundy(tuple(sorted(h for h in rest + (a, x - a) if h > 2))))
    return next(g for g in range(len(seen) + 1) if g not in seen)


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    start = time.perf_counter()
    value = grundy(tuple(sorted(h for h in map(int, sys.argv[1:]) if h > 2)))
    print(value, grundy.cache_info().currsize, time.perf_counter() - start)
