"""Draws the study's positions from the 1 s games against b000845: every fourth ply from the
sixth (the last two plies left out), shuffled with a fixed seed, the first 150 of each rule."""
import random
import re

random.seed(11)
RUNS = 'bench/runs'
SOURCES = [
    ('freestyle', f'{RUNS}/2026-12-07-vs-b000845-1s-007f44e/freestyle-1s-games.txt'),
    ('renju', f'{RUNS}/2026-12-06-vs-b000845-1s-renju-eecc913/renju-1s-games.txt'),
]
for rule, path in SOURCES:
    positions = []
    for line in open(path):
        found = re.search(r'moves: (.*)$', line)
        if not found:
            continue
        moves = found.group(1).replace('|', '').split()
        positions += [','.join(moves[:k]) for k in range(6, len(moves) - 2, 4)]
    random.shuffle(positions)
    open(f'{rule}-positions.txt', 'w').write('\n'.join(positions[:150]) + '\n')
