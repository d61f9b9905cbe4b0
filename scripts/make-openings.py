#!/usr/bin/env python3
"""Candidate openings for openings/freestyle-15.txt (see that file's header).

Three-stone openings: Black h8, White adjacent (direct or diagonal), Black within two cells of
the centre: the 26 classic renju openings, one per symmetry class. Four- and five-stone
openings extend them with stones that touch the group and stay within two cells of the centre,
one per symmetry class, keeping those in which no side has two stones in a row with both ends
open (a ready-made open two for the side to move would tilt the balance)."""
import itertools

SYMS = [lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
        lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x)]
NEAR = [(x, y) for y in range(-2, 3) for x in range(-2, 3)]


def key(moves):
    black, white = moves[0::2], moves[1::2]
    return min((tuple(sorted(s(*p) for p in black)), tuple(sorted(s(*p) for p in white)))
               for s in SYMS)


def touches(p, stones):
    return any(max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1 for q in stones)


def open_two(stones, others):
    both = set(stones) | set(others)
    for (a, b) in itertools.combinations(stones, 2):
        d = (b[0] - a[0], b[1] - a[1])
        if max(abs(d[0]), abs(d[1])) != 1:
            continue
        before, after = (a[0] - d[0], a[1] - d[1]), (b[0] + d[0], b[1] + d[1])
        if before not in both and after not in both:
            return True
    return False


def extend(openings, count):
    seen, out = set(), []
    for moves in openings:
        for p in NEAR:
            if p in moves or not touches(p, moves):
                continue
            new = moves + [p]
            k = key(new)
            if k in seen:
                continue
            seen.add(k)
            black, white = new[0::2], new[1::2]
            if open_two(black, white) or open_two(white, black):
                continue
            out.append(new)
    return out[:count]


def notation(moves):
    return " ".join(f"{chr(ord('h') + x)}{8 - y}" for x, y in moves)


three, seen = [], set()
for white in [(0, -1), (1, -1)]:
    for p in NEAR:
        if p in [(0, 0), white]:
            continue
        moves = [(0, 0), white, p]
        if key(moves) not in seen:
            seen.add(key(moves))
            three.append(moves)
four = extend(three, 16)
five = extend(four, 10)
import sys; print(len(three), len(four), len(five), file=sys.stderr)
HEADER = """\
# Candidate openings (freestyle 15x15), moves in notation, Black first, one a line; see the
# header of openings/freestyle-15.txt for how they are filtered by search into the book.
"""
with open("/dev/stdout", "w") as f:
    f.write(HEADER)
    for moves in three + four + five:
        f.write(notation(moves) + "\n")
