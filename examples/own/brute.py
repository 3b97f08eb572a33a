#!/usr/bin/env python3
"""The example problem, by brute force: the trusted slow solution for grundy duel.

Heaps of tokens; a move takes 1, 3 or 4 tokens from one heap; whoever cannot move loses.
Input: n, then n heap sizes. Output: `First` if the player to move wins, else `Second`.
The search plays the rules on whole positions, no theory. It rejects an input that is not
of the format (exit 1), so that grundy never shrinks a failure into a malformed input.
"""
import sys
from functools import lru_cache

TAKES = (1, 3, 4)


@lru_cache(maxsize=None)
def wins(position):
    """Whether the player to move wins; `position` is a sorted tuple of heaps."""
    for i, heap in enumerate(position):
        for take in TAKES:
            if take <= heap:
                after = position[:i] + (heap - take,) + position[i + 1 :]
                if not wins(tuple(sorted(after))):
                    return True
    return False


lines = sys.stdin.read().split("\n")
if len(lines) != 3 or lines[2] != "" or not lines[0].isdigit():
    sys.exit("not an input: two lines, n and then n heap sizes")
n, heaps = int(lines[0]), lines[1].split(" ")
if not all(heap.isdigit() for heap in heaps) or len(heaps) != n or not 1 <= n <= 3:
    sys.exit("not an input: 1 to 3 heap sizes on the second line")
heaps = [int(heap) for heap in heaps]
if max(heaps) > 100:
    sys.exit("not an input: heaps of at most 100")
print("First" if wins(tuple(sorted(heaps))) else "Second")
