#!/usr/bin/env python3
"""A strict adapter in front of a real engine (its command after `--`): it
declines every request whose profile spells a switch it does not know, as
an adapter written before that switch was added to the game would, and it
may declare the built-in profiles it plays in its hello.

    strict_profiles.py [--declare P,Q,...] [--forget SWITCH]... -- COMMAND...

--forget SWITCH   a switch this adapter does not know (repeatable).
--declare LIST    the profiles its hello lists under `profiles`.
"""
import json
import subprocess
import sys


def main():
    sep = sys.argv.index("--")
    words, command = sys.argv[1:sep], sys.argv[sep + 1:]
    forgotten, declared = set(), []
    while words:
        flag = words.pop(0)
        value = words.pop(0)
        if flag == "--forget":
            forgotten.add(value)
        elif flag == "--declare":
            declared = value.split(",")
        else:
            sys.exit("unknown flag " + flag)
    inner = subprocess.Popen(command, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        profile = request.get("profile")
        unknown = sorted(k for k in profile if k in forgotten) \
            if isinstance(profile, dict) else []
        if unknown:
            reply = {"protocol": 1, "id": request.get("id", 0),
                     "error": {"kind": "unsupported",
                               "message": "unknown switch " + unknown[0]}}
        else:
            inner.stdin.write(line if line.endswith("\n") else line + "\n")
            inner.stdin.flush()
            reply = json.loads(inner.stdout.readline())
            if request.get("query") == "hello" and declared:
                reply["profiles"] = declared
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    inner.stdin.close()
    inner.wait()


if __name__ == "__main__":
    main()
