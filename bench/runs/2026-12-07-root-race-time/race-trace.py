"""Runs `<gomoku-ai> analyze` (a build with race-trace.patch) at master on each position of a file
and keeps the root race's trace lines (GOMOKU_RACE_TRACE) with the answer's stats and score.
Usage: race-trace.py <gomoku-ai> <rule> <positions> <ms> <out.json>"""
import subprocess,sys,re,json,os
binary,rule,posfile,ms,out=sys.argv[1:6]
env=dict(os.environ,GOMOKU_RACE_TRACE='1')
res=[]
for i,line in enumerate(open(posfile)):
    moves=line.strip()
    p=subprocess.run([binary,'analyze','--moves',moves,'--rule',rule,'--difficulty','master','--time-ms',ms],capture_output=True,text=True,env=env)
    slices=[]; end=None
    for l in p.stderr.splitlines():
        if l.startswith('RACE slice'):
            d=dict(re.findall(r'(\w+)=(Some\(\(\d+, \d+\)\)|\S+)',l))
            slices.append(d)
        elif l.startswith('RACE end'):
            end=dict(re.findall(r'(\w+)=(Some\(\(\d+, \d+\)\)|\S+)',l))
    try:
        a=json.loads(p.stdout)
    except Exception:
        a={}
    res.append({'moves':moves,'slices':slices,'end':end,'stats':a.get('stats'),'score':a.get('score')})
json.dump(res,open(out,'w'))
