#!/usr/bin/env python3
"""Each catalog problem's statement, checked a second time, apart from grundy's validators.

`python3 statements.py PROBLEM < input` exits 0 when the input is one the problem's statement
allows, else prints why on stderr and exits 3. The duel tests put it in front of a correct
solution (`grundy problem PROBLEM`): a duel that wrote an input beyond the statement would then
see a crash, and fail. Written from the statements (`grundy list`), token by token, sharing no
code with grundy.
"""

import sys


class Beyond(Exception):
    pass


class Tokens:
    def __init__(self, text):
        self.lines = text.split("\n")
        if not text.endswith("\n"):
            raise Beyond("the input does not end with a line end")
        self.words = [line.split(" ") if line else [] for line in self.lines[:-1]]
        self.at = 0

    def line(self, count=None):
        if self.at >= len(self.words):
            raise Beyond("the input ends early")
        words = self.words[self.at]
        self.at += 1
        if count is not None and len(words) != count:
            raise Beyond(f"line {self.at}: {len(words)} tokens, not {count}")
        return words

    def numbers(self, count, low, high, what):
        values = []
        for word in self.line(count):
            if not word.isdigit() or (len(word) > 1 and word[0] == "0"):
                raise Beyond(f"line {self.at}: {what} `{word}` is not a number")
            value = int(word)
            if not low <= value <= high:
                raise Beyond(f"line {self.at}: {what} {value} not in {low}..{high}")
            values.append(value)
        return values

    def done(self):
        return self.at == len(self.words)

    def end(self):
        if not self.done():
            raise Beyond(f"line {self.at + 1}: more input than the statement allows")


def pack(t):
    t.numbers(5, 0, 10**6, "a header number")
    a, b, c, d, games = [int(w) for w in t.words[0]]
    if a > 4 or b > 2 or c > 1 or d > 1 or games < 1:
        raise Beyond("the header is out of range")
    plates = 0
    for _ in range(games):
        line = t.line()
        t.at -= 1
        n = int(line[0]) if line and line[0].isdigit() else 0
        if not 1 <= n <= 10**6:
            raise Beyond(f"line {t.at + 1}: n = {n}")
        values = t.numbers(n + 1, 1, 10**6, "n or a plate")
        if max(values[1:]) > 5 * 10**5:
            raise Beyond(f"line {t.at}: a plate past 5·10^5")
        plates += n
    if plates > 10**6:
        raise Beyond("more than 10^6 plates")


def stripes(t):
    t.numbers(3, 1, 1000, "a strip")
    (m,) = t.numbers(1, 1, 1000, "m")
    for _ in range(m):
        t.numbers(1, 1, 1000, "p")


def until_end(t, count, low, high):
    t.numbers(count, low, high, "a number")
    while not t.done():
        t.numbers(count, low, high, "a number")


def cutting(t):
    until_end(t, 2, 2, 200)


def wythoff(t):
    until_end(t, 2, 0, 10**9)


def fibonacci(t):
    while True:
        (n,) = t.numbers(1, 0, 2**31 - 1, "n")
        if n == 0:
            return
        if n < 2:
            raise Beyond("n below 2")


def coloring(t):
    (tests,) = t.numbers(1, 1, 10, "T")
    cells = 0
    for _ in range(tests):
        n, k = t.numbers(2, 1, 10**5, "n or k")
        cells += n
        strip = t.numbers(n, 0, k, "a cell")
        if any(x and x == y for x, y in zip(strip, strip[1:])):
            raise Beyond("two adjacent cells share a colour")
    if cells > 10**6:
        raise Beyond("more than 10^6 cells")


def counted(t, most_n, low, high):
    (n,) = t.numbers(1, 1, most_n, "n")
    t.numbers(n, low, high, "a number")


def steins(t):
    counted(t, 10**5, 1, 10**18)


def candy(t):
    counted(t, 10**5, 1, 10**9)


def prime(t):
    counted(t, 1000, 1, 10**18)


def coins(t):
    n, m = t.numbers(2, 1, 150000, "n or m")
    if m > n or m > 50:
        raise Beyond("m is past n or 50")


def nullify(t):
    (tests,) = t.numbers(1, 1, 10, "t")
    for _ in range(tests):
        n, m = t.numbers(2, 1, 100, "n or m")
        for _ in range(n):
            t.numbers(m, 0, 10**6, "a value")


def dig(t):
    (n,) = t.numbers(1, 1, 300000, "n")
    for _ in range(n):
        (step,) = t.line(1)
        if len(step) != 8 or set(step) - set("WR"):
            raise Beyond(f"line {t.at}: a step `{step}`")


def gems(t):
    cases = 0
    while True:
        g, b, s = t.numbers(3, 0, 21, "G, B or S")
        if (g, b, s) == (0, 0, 0):
            return
        cases += 1
        if cases > 20 or g > 8 or s == 0 or s >= 20:
            raise Beyond(f"case {cases}: G = {g}, S = {s}")
        for _ in range(b):
            line = t.line()
            t.at -= 1
            n = int(line[0]) if line and line[0].isdigit() else 0
            if not 0 < n <= 10:
                raise Beyond(f"line {t.at + 1}: a bag of {n} gems")
            t.numbers(n + 1, 1, max(g, 10), "n or a colour")
            if any(int(c) > g for c in line[1:]):
                raise Beyond(f"line {t.at}: a colour past G = {g}")


def lock(t):
    (tests,) = t.numbers(1, 1, 10, "T")
    for _ in range(tests):
        m_word, n_word, s = t.line(3)
        m, n = int(m_word), int(n_word)
        if not 1 <= m <= 5 or not 0 <= n < 10**m or len(s) != m or not s.isdigit():
            raise Beyond(f"line {t.at}: a lock `{m_word} {n_word} {s}`")
        seen = {s}
        for _ in range(n):
            (combination,) = t.line(1)
            if len(combination) != m or not combination.isdigit() or combination in seen:
                raise Beyond(f"line {t.at}: a forbidden `{combination}`")
            seen.add(combination)


def geography(t):
    n, m, s = t.numbers(3, 0, 2 * 10**6, "n, m or s")
    if not 1 <= n <= 10**6 or not 1 <= s <= n:
        raise Beyond("n or s out of range")
    colour = {}
    neighbours = [[] for _ in range(n + 1)]
    for _ in range(m):
        u, v = t.numbers(2, 1, n, "an edge end")
        neighbours[u].append(v)
        neighbours[v].append(u)
    if n > 20000:
        for start in range(1, n + 1):
            if start in colour:
                continue
            colour[start] = 0
            stack = [start]
            while stack:
                u = stack.pop()
                for v in neighbours[u]:
                    if v not in colour:
                        colour[v] = 1 - colour[u]
                        stack.append(v)
                    elif colour[v] == colour[u]:
                        raise Beyond("a graph of more than 20000 vertices that is not bipartite")


def tokens(t):
    n, m = t.numbers(2, 0, 2 * 10**5, "n or m")
    if not 1 <= n <= 10**5:
        raise Beyond("n out of range")
    for _ in range(m):
        t.numbers(2, 1, n, "an edge end")
    (q,) = t.numbers(1, 1, 10**5, "q")
    total = 0
    for _ in range(q):
        line = t.line()
        t.at -= 1
        k = int(line[0]) if line and line[0].isdigit() else 0
        if k < 1:
            raise Beyond(f"line {t.at + 1}: k = {k}")
        total += k
        values = t.numbers(k + 1, 1, max(n, k), "k or a vertex")
        if any(v > n for v in values[1:]):
            raise Beyond(f"line {t.at}: a vertex past n")
    if total > 10**6:
        raise Beyond("Σk past 10^6")


def main():
    problem = sys.argv[1]
    try:
        t = Tokens(sys.stdin.read())
        globals()[problem](t)
        t.end()
    except Beyond as why:
        print(f"beyond the statement of {problem}: {why}", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main()
