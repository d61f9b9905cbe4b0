#!/usr/bin/env python3
"""Balanced arena books from the champion's judgement: openings/balanced-<rule>-15.txt.

Usage: scripts/balanced-openings.py <rule> [--games data/champion-selfplay/games.jsonl]
                                            [--max-score 200] > openings/balanced-<rule>-15.txt

The self-play file (data/champion-selfplay/README.md) starts each game from a random 3-6 stone
opening and records the champion-class engine's own evaluation of every move it made, searched
to about depth 14. An opening is kept when the engine's first two moves from it (one by each
side) both came with a score, no forced result, of at most --max-score in absolute value (the
engine's win rate is sigmoid(score / 250), so 200 is 31-69 %). Only the held-out games are read
(every fifth line, as the training commands hold them out: src/cli/selfplay.rs), so no book
position is one the evaluation or the move ordering was fitted to.

The built-in book's three-stone openings are mostly Black wins when both sides play well: in
master's freestyle games against b000845 at 1 s, Black won 156 of 203 decided games, and 64 %
of the colour-swapped pairs went one game each, telling nothing about which engine is stronger.
Balanced openings make more pairs count. For freestyle this book did (52 % of pairs went one
game each instead of 62 %); a renju book made the same way did not (58 % against the built-in
book's 43 %: its openings favour White between master and b000845), so only the freestyle book
is kept (docs/decisions/0054-balanced-freestyle-book.md).
"""
import argparse
import json
import sys

HELD_OUT_EVERY, HELD_OUT_REMAINDER = 5, 4


def first_two_scores(game):
    """The engine's scores of its first two moves, or None when either claimed a forced result."""
    start = game["opening_plies"]
    evals = game["evals"][start:start + 2]
    if len(evals) < 2 or any(e is None or e["mate"] is not None for e in evals):
        return None
    return [e["score"] for e in evals]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rule", choices=["freestyle", "renju"])
    parser.add_argument("--games", default="data/champion-selfplay/games.jsonl")
    parser.add_argument("--max-score", type=float, default=200)
    args = parser.parse_args()
    kept = []
    with open(args.games) as games:
        for line_number, line in enumerate(games):
            if line_number % HELD_OUT_EVERY != HELD_OUT_REMAINDER:
                continue
            game = json.loads(line)
            if game["rule"] != args.rule or game["size"] != 15:
                continue
            scores = first_two_scores(game)
            if scores and max(abs(s) for s in scores) <= args.max_score:
                kept.append((game["id"], game["moves"][:game["opening_plies"]], scores))
    out = sys.stdout
    out.write(f"# Balanced {args.rule} 15x15 openings for A/B matches: moves in notation, Black first.\n")
    out.write(f"# Made by: scripts/balanced-openings.py {args.rule} --max-score {args.max_score:g}\n")
    out.write("# From the held-out games of data/champion-selfplay/ (Rapfi 0.43.02 self-play; its README has\n")
    out.write("# the source and licence): openings whose first two engine moves scored within\n")
    out.write(f"# +-{args.max_score:g} (sigmoid(score / 250) win rate). {len(kept)} openings; after each, the game id and the\n")
    out.write("# two scores from the movers' views.\n")
    for game_id, moves, scores in kept:
        out.write(f"{' '.join(moves)}  # {game_id} {scores[0]:g} {scores[1]:g}\n")


if __name__ == "__main__":
    main()
