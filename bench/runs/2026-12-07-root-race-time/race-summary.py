"""Summarises race-trace.py's output: how long the root's VCT race ran, how many races proved a
win and when, and what the races took from the moves the tree searched to their end."""
import json
import sys

for path in sys.argv[1:]:
    results = json.load(open(path))
    ends = [x for x in results if x['end']]
    times = sorted(int(x['end']['ms']) for x in ends)
    n = len(times)
    won = [x for x in ends if x['end']['winner'] != 'None']
    long_races = [x for x in ends if int(x['end']['ms']) > 100]
    unwon_long_ms = sum(int(x['end']['ms']) for x in long_races if x['end']['winner'] == 'None')
    full = [x for x in results if x['stats'] and x['stats']['time_ms'] > 900]
    full_races = [int(x['end']['ms']) for x in full if x['end']]
    depths = [x['stats']['depth'] for x in full]
    print(path)
    print(f"  positions {len(results)}, with a race {n}, races that proved a win {len(won)}")
    print(f"  race ms: p50 {times[n // 2]}, p75 {times[3 * n // 4]}, p90 {times[9 * n // 10]}, "
          f"max {times[-1]}, mean {sum(times) / n:.0f}")
    print(f"  wins proven at ms: {sorted(int(x['end']['ms']) for x in won)}")
    print(f"  races over 100 ms: {len(long_races)}, of which proved a win "
          f"{sum(1 for x in long_races if x['end']['winner'] != 'None')}; "
          f"unsettled ones took {unwon_long_ms / len(results):.0f} ms a position")
    print(f"  positions the tree searched to the end of the move: {len(full)}, "
          f"mean race there {sum(full_races) / max(1, len(full_races)):.0f} ms, "
          f"mean completed depth {sum(depths) / max(1, len(depths)):.1f}")
