"""How well the champion's own scores predict its games' results: the mean cross-entropy of
σ(score / S) against the result of the game (draws left out), for a range of S, per rule.
The evaluation's labels use S = 250 (`gomoku-ai train-eval --target-scale`)."""
import json
import math

samples = {'freestyle': [], 'renju': []}
for line in open('data/champion-selfplay/games.jsonl'):
    game = json.loads(line)
    if game['result'] == 'draw':
        continue
    for ply, ev in enumerate(game['evals']):
        if not ev or ev['score'] is None:
            continue
        mover = 'black' if ply % 2 == 0 else 'white'
        samples[game['rule']].append((ev['score'], 1.0 if game['result'] == mover else 0.0))
for rule, rows in samples.items():
    for scale in [100, 125, 150, 175, 200, 225, 250, 300, 400]:
        loss = 0.0
        for score, won in rows:
            p = min(max(1 / (1 + math.exp(-score / scale)), 1e-9), 1 - 1e-9)
            loss -= won * math.log(p) + (1 - won) * math.log(1 - p)
        print(f'{rule} S={scale} cross-entropy {loss / len(rows):.4f} over {len(rows)} positions')
