#!/usr/bin/env python3
import json, subprocess, sys
# A proxy in front of `arbiter serve` (its command line is this script's
# arguments) that reverses every list of squares in state replies: the
# position's white and black stones and the captures, as an Epaminondas
# engine that keeps its stones in a map lists them. The harness must still
# see one position (spec/epaminondas/protocol.md: "in any order").
srv = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in sys.stdin:
    srv.stdin.write(line); srv.stdin.flush()
    reply = json.loads(srv.stdout.readline())
    pos = reply.get("position")
    if isinstance(pos, dict):
        for k in ("white", "black"):
            if isinstance(pos.get(k), list): pos[k] = pos[k][::-1]
    if isinstance(reply.get("captures"), list): reply["captures"] = reply["captures"][::-1]
    print(json.dumps(reply), flush=True)
