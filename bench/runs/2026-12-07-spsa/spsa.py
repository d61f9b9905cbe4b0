#!/usr/bin/env python3
"""SPSA tuning of master's search numbers over game pairs, as engine-testing frameworks do it.

Each iteration perturbs every parameter by +c_k or -c_k at random (one sign vector),
plays the two perturbed engines against each other on `--pairs` openings, both colours,
and moves every parameter along its sign by a_k * (plus's wins - minus's wins) / c_k.
The schedules are the usual ones: c_k = c * N^0.101 / k^0.101, a_k = a / (A + k)^0.602
with A = N / 10, and a chosen so that the last step is r_end * c_end^2 (per parameter).

The engine reads the parameters from GOMOKU_TUNE (a comma list, see tune.patch); the
arena is `gomoku-ai arena`. Writes one CSV row per iteration (theta after the update)
to --log, and resumes from its last row when the log exists. An iteration's openings are
drawn without replacement (the runs of decision 0092 and renju's first drew them with
replacement, with the script of commit 2e80d95).

    python3 spsa.py --arena <gomoku-ai> --engine <patched pbrain> --params params.csv \
        --openings openings/balanced-freestyle-15.txt --iterations 500 --log spsa-log.csv
"""
import argparse
import csv
import os
import random
import re
import subprocess
import tempfile


def read_params(path):
    """Rows name,start,c_end: the starting value and the final perturbation size."""
    with open(path) as f:
        return [(r["name"], float(r["start"]), float(r["c_end"])) for r in csv.DictReader(f)]


def read_openings(path):
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


# The arena's count of the match so far, first engine first: `plus vs minus: +W -L =D`,
# printed after every game; the last is the match's.
TALLY = re.compile(r"plus vs minus: \+(\d+) -(\d+) =\d+")


def play(args, theta_plus, theta_minus, openings, workdir):
    """Plays both colours of each opening; returns plus's wins minus minus's wins."""
    book = os.path.join(workdir, "openings.txt")
    with open(book, "w") as f:
        f.write("\n".join(openings) + "\n")

    def engine(name, theta):
        values = ",".join(f"{v:.6g}" for v in theta)
        return f"name={name} cmd=/usr/bin/env GOMOKU_TUNE={values} {args.engine}"

    run = subprocess.run(
        [args.arena, "arena", "--engine", engine("plus", theta_plus),
         "--engine", engine("minus", theta_minus), "--move-ms", str(args.move_ms),
         "--concurrency", str(args.concurrency), "--threads", "1", "--rounds", "1",
         "--rule", args.rule, "--openings", book],
        check=True, capture_output=True, text=True)
    wins, losses = map(int, TALLY.findall(run.stdout)[-1])
    return wins - losses


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--arena", required=True)
    p.add_argument("--engine", required=True)
    p.add_argument("--params", required=True)
    p.add_argument("--openings", required=True)
    p.add_argument("--rule", default="freestyle")
    p.add_argument("--move-ms", type=int, default=200)
    p.add_argument("--pairs", type=int, default=2)
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--iterations", type=int, required=True)
    p.add_argument("--r-end", type=float, default=0.01)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--log", required=True)
    args = p.parse_args()

    params = read_params(args.params)
    names = [n for n, _, _ in params]
    theta = [s for _, s, _ in params]
    c_end = [c for _, _, c in params]
    n = args.iterations
    big_a = n / 10
    gamma, alpha = 0.101, 0.602
    c0 = [c * n**gamma for c in c_end]
    a0 = [args.r_end * c * c * (big_a + n) ** alpha for c in c_end]

    done = 0
    if os.path.exists(args.log):
        with open(args.log) as f:
            rows = list(csv.DictReader(f))
        if rows:
            done = int(rows[-1]["iteration"])
            theta = [float(rows[-1][name]) for name in names]
    else:
        with open(args.log, "w") as f:
            f.write(",".join(["iteration", "result"] + names) + "\n")

    openings = read_openings(args.openings)
    with tempfile.TemporaryDirectory() as workdir:
        for k in range(done + 1, n + 1):
            rng = random.Random(args.seed * 1_000_003 + k)  # the same draws on a resume
            delta = [rng.choice((-1, 1)) for _ in names]
            ck = [c / k**gamma for c in c0]
            ak = [a / (big_a + k) ** alpha for a in a0]
            plus = [t + c * d for t, c, d in zip(theta, ck, delta)]
            minus = [t - c * d for t, c, d in zip(theta, ck, delta)]
            chosen = rng.sample(openings, args.pairs)
            result = play(args, plus, minus, chosen, workdir)
            theta = [t + a * result * d / c for t, a, c, d in zip(theta, ak, ck, delta)]
            with open(args.log, "a") as f:
                f.write(",".join([str(k), str(result)] + [f"{t:.6g}" for t in theta]) + "\n")


if __name__ == "__main__":
    main()
