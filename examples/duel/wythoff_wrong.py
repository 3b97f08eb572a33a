"""POJ 1067 (Wythoff's game), wrong: phi to seven digits, as a float holds it. Right on every
small pair; wrong on P-positions from k in the thousands on."""
import sys

for line in sys.stdin:
    if line.strip():
        a, b = map(int, line.split())
        a, b = min(a, b), max(a, b)
        print(0 if a == int((b - a) * 1.618034) else 1)
