#!/usr/bin/env python3
"""Grundy's game, a plain memoised search in Python: the reference the scripted oracle is timed
against (benches/scripts.rs). Same rules as tests/data/games/grundys-game.rhai: split one heap
into two unequal non-empty heaps; heaps of 1 and 2 dropped, heaps sorted.

Usage: grundys_game.py HEAP...   prints `first|second POSITIONS SECONDS`."""
import sys
import time
from functools import lru_cache


def moves(p):
    for i, x in enumerate(p):
        rest = p[:i] + p[i + 1:]
        for a in range(1, (x + 1) // 2):
            yield tuple(sorted(h for h in rest + (a, x - a) if h > 2))


@lru_cache(maxsize=None)
def first_wins(p):
    return any(not first_wins(q) for q in moves(p))


start = time.perf_counter()
position = tuple(sorted(h for h in map(int, sys.argv[1:]) if h > 2))
outcome = "first" if first_wins(position) else "second"
print(outcome, first_wins.cache_info().currsize, round(time.perf_counter() - start, 3))
