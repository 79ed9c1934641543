"""The protocol's line loop shared by the adapters of engines/: one JSON
request a line on stdin, one JSON reply a line on stdout, blank lines
skipped, and an exception inside the adapter answered as an `internal`
error with the request's id, so the harness reports it and carries on."""

import json
import sys


def serve(answer):
    """Answers every request line on stdin with `answer(request)`."""
    for line in sys.stdin:
        if not line.strip():
            continue
        req = {}
        try:
            req = json.loads(line)
            out = answer(req)
        except Exception as e:  # noqa: BLE001 - reported to the harness
            out = {"protocol": 1, "id": req.get("id", 0) if isinstance(req, dict) else 0,
                   "error": {"kind": "internal", "message": "%s: %s" % (type(e).__name__, e)}}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
