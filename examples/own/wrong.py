#!/usr/bin/env python3
"""The example problem (see brute.py), solved wrongly: a plausible mistake for grundy duel.

It knows which single heaps are lost (x % 7 is 0 or 2) and XORs those outcomes, 0 or 1, as if
they were the heaps' Grundy values. Right on one heap, wrong on some sums: heaps 1 and 4 have
values 1 and 2, a first-player win, but their outcomes XOR to 0.
"""
import sys

n, *heaps = map(int, sys.stdin.read().split())
value = 0
for heap in heaps[:n]:
    value ^= 0 if heap % 7 in (0, 2) else 1
print("First" if value else "Second")
