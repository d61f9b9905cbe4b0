#!/usr/bin/env python3
"""Each parameter's start, its value at quarters of the run and at the end, and how far it
moved in units of its final perturbation c_end (moves under about half a c_end are within
the run's noise)."""
import csv
import sys

params = {r["name"]: (float(r["start"]), float(r["c_end"])) for r in csv.DictReader(open(sys.argv[1]))}
rows = list(csv.DictReader(open(sys.argv[2])))
marks = [rows[len(rows) * q // 4 - 1] for q in (1, 2, 3, 4)]
print(f"{len(rows)} iterations, plus minus minus wins summed: {sum(int(r['result']) for r in rows)}")
print(f"{'name':24} {'start':>8} {'q1':>8} {'q2':>8} {'q3':>8} {'end':>8} {'moved/c':>8}")
for name, (start, c_end) in params.items():
    values = [float(m[name]) for m in marks]
    moved = (values[-1] - start) / c_end
    print(f"{name:24} {start:8.4g} " + " ".join(f"{v:8.4g}" for v in values) + f" {moved:8.2f}")
