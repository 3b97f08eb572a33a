"""POJ 1067 (Wythoff's game), right: the second player wins exactly on the pairs
(floor(k*phi), floor(k*phi) + k), found in exact integer arithmetic."""
import sys
from math import isqrt


def second_player_wins(a, b):
    a, b = min(a, b), max(a, b)
    k = b - a
    # floor(k * phi) = floor((k + sqrt(5 k^2)) / 2), exactly.
    return a == (k + isqrt(5 * k * k)) // 2


for line in sys.stdin:
    if line.strip():
        a, b = map(int, line.split())
        print(0 if second_player_wins(a, b) else 1)
