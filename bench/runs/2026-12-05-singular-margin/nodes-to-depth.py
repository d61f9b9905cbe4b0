# Depths a pbrain brain completes on each bench midgame within one move: python3 nodes-to-depth.py <pbrain binary> [timeout_turn ms], from the repository root.
# Prints per depth from 9 the nodes (less those before depth 1) and the time of its MESSAGE line; the last entry is the final report.
import subprocess, sys, re
binary, ms = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2000
rules = {"freestyle": 0, "standard": 1, "renju": 4}
def coord(m):
    col = ord(m[0]) - 97; row = int(m[1:]); return col, 15 - row
for line in open('bench/positions.txt'):
    if line.startswith('#') or not line.strip(): continue
    w = line.split(); rule, moves = w[0], w[1:]
    n = len(moves)
    cmds = ["START 15", f"INFO timeout_turn {ms}", "INFO timeout_match 0", f"INFO rule {rules[rule]}", "BOARD"]
    for i, m in enumerate(moves):
        x, y = coord(m); own = (i % 2) == (n % 2)
        cmds.append(f"{x},{y},{1 if own else 2}")
    cmds.append("DONE")
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("\n".join(cmds) + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if not l: break
        out.append(l)
        if re.match(r"^\d+,\d+", l): break
    p.stdin.write("END\n"); p.stdin.close(); p.wait()
    depth_time = {}
    first = None
    for l in out:
        m = re.match(r"MESSAGE depth (\d+) .*nodes (\d+) time (\d+) ms", l)
        if m:
            d, nodes, t = map(int, m.groups())
            if first is None: first = nodes
            depth_time[d] = (nodes - first, t)
    row = " ".join(f"d{d}:{depth_time[d][0]//1000}k/{depth_time[d][1]}ms" for d in sorted(depth_time) if d >= 9)
    print(rule, row, out[-1].strip())
