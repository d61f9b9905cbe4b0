"""Node-limit sweep: master on every bench midgame and tactics-set case at several node limits
(30 s of time, so that the nodes bind); prints each search that visited more than the limit
plus 128 (the tree reads its limits every 128 nodes) and the worst ratio of nodes to limit.

Usage, from the repository root: python3 bench/runs/2026-12-07-node-limit/node-limit-sweep.py
    <release gomoku-ai> 20000,100000,300000,1000000
"""
import json, subprocess, sys
binary = sys.argv[1]
cases = []
for line in open('bench/positions.txt'):
    line = line.strip()
    if not line or line.startswith('#'):
        continue
    rule, *moves = line.split()
    cases.append((f"bench-{len(cases)}", {"rule": rule, "board": {"moves": moves}}))
for line in open('tests/data/tactics/quintet_dev.jsonl'):
    c = json.loads(line)
    req = {"rule": c["rule"], "board": {"rows": c["rows"]}}
    if "to_move" in c:
        req["to_move"] = c["to_move"]
    cases.append((c["id"], req))
limits = [int(x) for x in sys.argv[2].split(',')]
worst = (0, None)
over = 0
for name, req in cases:
    for n in limits:
        r = dict(req, difficulty="master", limits={"time_ms": 30000, "nodes": n})
        out = subprocess.run([binary, 'analyze', '-'], input=json.dumps(r), capture_output=True, text=True)
        if out.returncode != 0:
            print(name, n, 'error', out.stderr[:200]); continue
        a = json.loads(out.stdout)
        nodes = a['stats']['nodes']
        if nodes > n + 128:
            over += 1
            print(name, n, nodes, a['stats']['depth'], flush=True)
        ratio = nodes / n
        if ratio > worst[0]:
            worst = (ratio, (name, n, nodes))
print('cases', len(cases), 'limits', limits, 'over limit+128:', over, 'worst ratio', worst)
