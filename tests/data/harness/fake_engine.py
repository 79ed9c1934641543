#!/usr/bin/env python3
"""A fake third-party engine for the harness's report tests: it runs a real
engine (`arbiter serve`, given after `--`) and bends its replies in the ways
adapters get wrong, so each report defect can be shown on demand.

    fake_engine.py BEND [ARG] [BEND [ARG]...] -- COMMAND...

Bends (several may be given; each applies where it says):
  drop ACTION          leaves ACTION out of every legal-moves list.
  refuse ACTION        answers bad-request to any request whose moves
                       contain ACTION (as an engine that thinks it illegal
                       would).
  garbage-from N       answers requests with N or more moves with a line
                       that is not JSON.
  decline-profile P    answers unsupported to requests under profile P.
  declare-decline      declares every capability in hello, then answers
                       unsupported to every state and judge request.
  reverse-steps        lists every multi-step play with its steps in the
                       opposite order (a spelling of the same play that is
                       not the canonical one).
  respell OLD NEW      lists the action OLD as NEW.
  outcome-ongoing      answers every state request with the outcome
                       "ongoing" (an engine that misses the end of a game).
  position-from N      from N moves on, gives the other side to move in
                       the `position` of every state reply that has one
                       (`to-move` swapped; in a chess FEN the side field).
"""
import json
import subprocess
import sys

ALL_CAPABILITIES = [
    "judge", "two-squares", "combat", "outcome", "chase", "captures",
    "crowned", "huffable", "check", "capture", "halfmove-clock",
    "repetitions", "claimable", "crossings", "dice", "cube", "pips",
]


TAKES = {"drop": 1, "refuse": 1, "garbage-from": 1, "decline-profile": 1,
         "declare-decline": 0, "reverse-steps": 0, "respell": 2,
         "outcome-ongoing": 0, "position-from": 1}


def main():
    sep = sys.argv.index("--")
    words, command = sys.argv[1:sep], sys.argv[sep + 1:]
    bends = []
    while words:
        name = words.pop(0)
        n = TAKES[name]
        bends.append((name, words[:n]))
        words = words[n:]
    inner = subprocess.Popen(command, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        inner.stdin.write(line if line.endswith("\n") else line + "\n")
        inner.stdin.flush()
        reply = json.loads(inner.stdout.readline())
        for name, args in bends:
            reply = bend(name, args, request, reply)
        if isinstance(reply, str):
            sys.stdout.write(reply + "\n")
        else:
            sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    inner.stdin.close()
    inner.wait()


def error(request, kind, message):
    return {"protocol": 1, "id": request.get("id", 0),
            "error": {"kind": kind, "message": message}}


def bend(mode, args, request, reply):
    if isinstance(reply, str) or "error" in reply:
        return reply
    query = request.get("query")
    moves = request.get("moves", [])
    if mode == "drop":
        if query == "legal-moves":
            reply["legal-moves"] = [m for m in reply["legal-moves"] if m != args[0]]
    elif mode == "refuse":
        if args[0] in moves:
            return error(request, "bad-request", f"{args[0]} is illegal")
    elif mode == "garbage-from":
        if query != "hello" and len(moves) >= int(args[0]):
            return "this is not JSON"
    elif mode == "decline-profile":
        if request.get("profile", {}).get("name") == args[0]:
            return error(request, "unsupported", f"profile {args[0]} is not implemented")
    elif mode == "declare-decline":
        if query == "hello":
            reply["capabilities"] = ALL_CAPABILITIES
        elif query in ("state", "judge"):
            return error(request, "unsupported", "not implemented")
    elif mode == "reverse-steps":
        if query == "legal-moves":
            reply["legal-moves"] = [" ".join(reversed(m.split(" ")))
                                    for m in reply["legal-moves"]]
    elif mode == "respell":
        if query == "legal-moves":
            reply["legal-moves"] = [args[1] if m == args[0] else m
                                    for m in reply["legal-moves"]]
    elif mode == "outcome-ongoing":
        if query == "state" and "outcome" in reply:
            reply["outcome"] = "ongoing"
    elif mode == "position-from":
        position = reply.get("position")
        if query == "state" and isinstance(position, dict) and len(moves) >= int(args[0]):
            swap = {"white": "black", "black": "white", "red": "blue", "blue": "red"}
            if "fen" in position:
                fields = position["fen"].split(" ")
                fields[1] = {"w": "b", "b": "w"}[fields[1]]
                position["fen"] = " ".join(fields)
            else:
                position["to-move"] = swap[position["to-move"]]
    return reply


if __name__ == "__main__":
    main()
