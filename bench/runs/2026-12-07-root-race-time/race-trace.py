"""Runs `<gomoku-ai> analyze` (a build with race-trace.patch) at master on each position of a file
and keeps the root race's trace lines (GOMOKU_RACE_TRACE) with the answer's stats and score.
Usage: race-trace.py <gomoku-ai> <rule> <positions> <ms> <out.json>"""
import json
import os
import re
import subprocess
import sys

FIELD = re.compile(r'(\w+)=(Some\(\(\d+, \d+\)\)|\S+)')


def trace(binary, rule, moves, ms):
    env = dict(os.environ, GOMOKU_RACE_TRACE='1')
    command = [binary, 'analyze', '--moves', moves, '--rule', rule, '--difficulty', 'master',
               '--time-ms', ms]
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    slices = [dict(FIELD.findall(l)) for l in run.stderr.splitlines() if l.startswith('RACE slice')]
    ends = [dict(FIELD.findall(l)) for l in run.stderr.splitlines() if l.startswith('RACE end')]
    try:
        answer = json.loads(run.stdout)
    except json.JSONDecodeError:
        answer = {}
    return {'moves': moves, 'slices': slices, 'end': ends[-1] if ends else None,
            'stats': answer.get('stats'), 'score': answer.get('score')}


binary, rule, positions, ms, out = sys.argv[1:6]
results = [trace(binary, rule, line.strip(), ms) for line in open(positions)]
json.dump(results, open(out, 'w'))
