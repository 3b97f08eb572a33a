#!/usr/bin/env python3
"""The example problem (see brute.py), solved by the Sprague-Grundy theorem.

A heap of x tokens with takes {1, 3, 4} has Grundy value [0, 1, 0, 1, 2, 3, 2][x % 7]; the
player to move wins when the XOR of the heaps' values is not 0.
"""
import sys

n, *heaps = map(int, sys.stdin.read().split())
value = 0
for heap in heaps[:n]:
    value ^= [0, 1, 0, 1, 2, 3, 2][heap % 7]
print("First" if value else "Second")
