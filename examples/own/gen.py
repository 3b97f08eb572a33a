#!/usr/bin/env python3
"""Writes one random input of the example problem (see brute.py): `gen.py SEED [SIZE]`.

The seed picks the input, so the same seed writes the same input; SIZE (default 20) bounds
the heaps. grundy duel passes both: `--generator 'python3 examples/own/gen.py' --sizes 1..30`.
"""
import random
import sys

seed = int(sys.argv[1])
size = int(sys.argv[2]) if len(sys.argv) > 2 else 20
rng = random.Random(seed)
heaps = [rng.randint(0, size) for _ in range(rng.randint(1, 3))]
print(len(heaps))
print(*heaps)
