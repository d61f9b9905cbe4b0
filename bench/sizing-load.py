"""Bounded mixed load for sizing a pod: `python3 bench/sizing-load.py http://127.0.0.1:PORT SECONDS`.

Six client threads, each sending distinct random 15x15 positions to POST /v1/move (3 master,
1 hard, 2 medium, time_ms 1000) until SECONDS pass; prints the count of 200s, 503s and other
errors. Loopback only; sample the server RSS from /proc/PID/status while it runs.
"""
import json, random, threading, time, urllib.request, sys
URL = sys.argv[1]; DURATION = float(sys.argv[2])
cols = "abcdefghijklmno"
stop = time.time() + DURATION
counts = {"ok": 0, "err": 0, "503": 0}
lock = threading.Lock()
def random_moves(rng):
    pts = set()
    n = rng.randrange(4, 30)
    moves = []
    while len(moves) < n:
        p = (rng.randrange(3, 12), rng.randrange(3, 12))
        if p in pts: continue
        pts.add(p); moves.append(f"{cols[p[0]]}{15 - p[1]}")
    return moves
def worker(level, seed):
    rng = random.Random(seed)
    while time.time() < stop:
        body = json.dumps({"board": {"moves": random_moves(rng)}, "difficulty": level, "limits": {"time_ms": 1000}}).encode()
        req = urllib.request.Request(URL + "/v1/move", body, {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                r.read(); k = "ok"
        except urllib.error.HTTPError as e:
            k = "503" if e.code == 503 else "err"
        except Exception:
            k = "err"
        with lock: counts[k] += 1
ts = [threading.Thread(target=worker, args=(lvl, i)) for i, lvl in enumerate(["master", "master", "master", "hard", "medium", "medium"])]
[t.start() for t in ts]; [t.join() for t in ts]
print(json.dumps(counts))
