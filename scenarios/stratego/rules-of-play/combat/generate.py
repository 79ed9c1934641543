#!/usr/bin/env python3
"""Writes one scenario per (attacker rank, defender rank) pair: every movable
rank attacking every rank, 10 x 12 = 120 files, into this directory; and the
same table for the two smaller armies (RP-2.4), each on its own board: the
quick army on the 8x8 board (5 x 7 = 35 files into
scenarios/stratego/variants/quick-8x8/combat/) and the Barrage army on the
standard board (5 x 7 = 35 files into
scenarios/stratego/variants/barrage/combat/). An engine that plays only one
of those variants declines the other scenarios; these give it the whole
combat table of its own army.

The expected result comes from this script's own table, written from the ISF
game rules on combat (spec clauses RP-5.1 to RP-5.5), never from the Rust
code. Run it from anywhere:

    python3 scenarios/stratego/rules-of-play/combat/generate.py          # write
    python3 scenarios/stratego/rules-of-play/combat/generate.py --check  # compare

`--check` exits 1 when a committed file differs from what the table gives.

Layout of every position: the attacker stands on E4 (red) or E5 (blue) and
attacks the neighbouring square. Each side also has a scout in a far corner
(red J1, blue A10; on 8x8 red H1, blue A8) so that the side to move after
the attack still has a legal move (RP-6.2), and its flag in the other corner
(red A1, blue J10; on 8x8 blue H8) unless the defender itself is that side's
only flag (RP-2.2 allows one). Every position stays within its army: the
smaller armies have two scouts (the attacker or defender and the corner
scout), and Barrage's one bomb and one miner, the quick army's two of each,
are never placed twice by one side.
The attacking colour alternates (a checkerboard over attacker x defender),
so each attacking rank attacks six times as red and six times as blue.
"""

import json
import os
import sys

MOVABLE = [
    "marshal", "general", "colonel", "major", "captain", "lieutenant",
    "sergeant", "miner", "scout", "spy",
]
ALL = MOVABLE + ["bomb", "flag"]

# RP-2.4: the ranks of the two smaller armies (Barrage: marshal, general,
# miner, two scouts, spy, bomb, flag; quick: the same ranks, with two miners
# and two bombs). Both have the same five movable ranks.
SMALL_MOVABLE = ["marshal", "general", "miner", "scout", "spy"]
SMALL_ALL = SMALL_MOVABLE + ["bomb", "flag"]


class Variant:
    """Where one table's files go and how its positions are laid out."""

    def __init__(self, name, directory, id_prefix, movable, ranks, setup_lines,
                 corner_scout, scout_step, corner_flag, title_prefix, source):
        self.name = name
        self.directory = directory  # relative to scenarios/stratego
        self.id_prefix = id_prefix
        self.movable = movable
        self.ranks = ranks
        self.setup_lines = setup_lines
        self.corner_scout = corner_scout
        self.scout_step = scout_step
        self.corner_flag = corner_flag
        self.title_prefix = title_prefix
        self.source = source

    def schema_path(self):
        depth = 2 + self.directory.count("/") + 1  # scenarios/stratego/<dir>
        return "../" * depth + "spec/scenario.schema.json"


VARIANTS = [
    Variant("standard", "rules-of-play/combat", "rp/combat", MOVABLE, ALL, [],
            {"red": "J1", "blue": "A10"}, {"red": "J1-J2", "blue": "A10-A9"},
            {"red": "A1", "blue": "J10"}, "",
            "ISF game rules, combat; spec RP-5 (generated table)"),
    Variant("quick-8x8", "variants/quick-8x8/combat", "rp/combat/quick-8x8",
            SMALL_MOVABLE, SMALL_ALL, ["  board: quick-8x8"],
            {"red": "H1", "blue": "A8"}, {"red": "H1-H2", "blue": "A8-A7"},
            {"red": "A1", "blue": "H8"}, "8x8 board, quick army: ",
            "ISF game rules, combat, with the quick army on the 8x8 board; "
            "spec RP-2.4 and RP-5 (generated table)"),
    Variant("barrage", "variants/barrage/combat", "rp/combat/barrage",
            SMALL_MOVABLE, SMALL_ALL, ["  army: barrage"],
            {"red": "J1", "blue": "A10"}, {"red": "J1-J2", "blue": "A10-A9"},
            {"red": "A1", "blue": "J10"}, "Barrage: ",
            "ISF game rules, combat, with the Barrage army; "
            "spec RP-2.4 and RP-5 (generated table)"),
]

# RP-2.1: strengths of the movable ranks (ISF: marshal 10 ... spy 1).
STRENGTH = {
    "marshal": 10, "general": 9, "colonel": 8, "major": 7, "captain": 6,
    "lieutenant": 5, "sergeant": 4, "miner": 3, "scout": 2, "spy": 1,
}


def expected(attacker, defender):
    """The ISF combat table: (result, clauses that decide it)."""
    if defender == "flag":
        # RP-5.5: any attacked flag is captured; RP-6.1: that ends the game.
        return "attacker-wins", ["RP-5.5", "RP-6.1"]
    if defender == "bomb":
        # RP-5.4: only the miner defuses a bomb; everyone else dies on it.
        if attacker == "miner":
            return "attacker-wins", ["RP-5.4"]
        return "defender-wins", ["RP-5.4"]
    if attacker == "spy" and defender == "marshal":
        # RP-5.3: the spy beats the marshal, but only as the attacker.
        return "attacker-wins", ["RP-5.3"]
    if attacker == "marshal" and defender == "spy":
        # RP-5.3 second half: the attacked spy loses, to the marshal too.
        return "attacker-wins", ["RP-5.3", "RP-5.1"]
    a, d = STRENGTH[attacker], STRENGTH[defender]
    if a > d:
        return "attacker-wins", ["RP-5.1"]
    if a < d:
        return "defender-wins", ["RP-5.1"]
    return "both-removed", ["RP-5.2"]


def article(word):
    return "an" if word[0] in "aeiou" else "a"


def scenario(attacker, defender, colour, variant):
    result, deciding = expected(attacker, defender)
    other = "blue" if colour == "red" else "red"
    # Squares: the attacker stands next to the defender on the E file.
    att_sq, def_sq = ("E4", "E5") if colour == "red" else ("E5", "E4")
    beyond = {"E4": "E3", "E5": "E6"}  # the next square away from the fight
    corner_scout = variant.corner_scout
    scout_step = variant.scout_step
    corner_flag = variant.corner_flag

    pieces = {"red": [], "blue": []}
    pieces[colour].append((att_sq, attacker))
    pieces[other].append((def_sq, defender))
    for side in ("red", "blue"):
        pieces[side].append((corner_scout[side], "scout"))
        if not (side == other and defender == "flag"):
            pieces[side].append((corner_flag[side], "flag"))

    clauses = ["RP-2.1", "RP-4.1"] + deciding
    if variant.name != "standard":
        clauses.append("RP-2.4")  # the smaller army (and its board)
    if colour == "blue":
        clauses.append("RP-1.3")  # a scenario may let blue move first
    clauses = sorted(set(clauses), key=lambda c: [int(x) for x in c[3:].split(".")])

    # What is observable afterwards, through the verdicts of the next player
    # (the defender's side, `other`):
    probes = []
    if result == "attacker-wins" and defender == "flag":
        outcome = "{%s-wins: flag-captured}" % colour
        probes.append((scout_step[other], "illegal", "play.game-over",
                       "no move is legal once the flag is taken (RP-6.5)"))
        probes.append(("%s-%s" % (def_sq, beyond[def_sq]), "illegal", "play.game-over",
                       "not even a move of the capturing piece"))
    else:
        outcome = "ongoing"
        probes.append((scout_step[other], "legal", None,
                       "the defending side still has a move, so the game goes on"))
        if result == "attacker-wins":
            probes.append(("%s-%s" % (def_sq, att_sq), "illegal", "play.opponent-piece",
                           "the attacker now holds the defender's square"))
            probes.append(("%s-%s" % (att_sq, beyond[att_sq]), "illegal", "play.empty-square",
                           "the attacker has left its own square"))
        elif result == "defender-wins":
            if defender == "bomb":
                probes.append(("%s-%s" % (def_sq, att_sq), "illegal", "play.immovable",
                               "the bomb is still there, and still does not move"))
            else:
                probes.append(("%s-%s" % (def_sq, att_sq), "legal", None,
                               "the defender is still there and the attacker's square is empty"))
            probes.append(("%s-%s" % (att_sq, beyond[att_sq]), "illegal", "play.empty-square",
                           "the attacker has left the board"))
        else:
            probes.append(("%s-%s" % (def_sq, beyond[def_sq]), "illegal", "play.empty-square",
                           "the defender has left the board"))
            probes.append(("%s-%s" % (att_sq, beyond[att_sq]), "illegal", "play.empty-square",
                           "the attacker has left the board too"))

    verb = {
        "attacker-wins": "the %s wins" % attacker,
        "defender-wins": "the %s wins" % defender,
        "both-removed": "both leave the board",
    }[result]
    if defender == "flag":
        verb = "the flag is captured and %s wins" % colour
    elif defender == "bomb" and result == "defender-wins":
        verb = "the %s leaves the board and the bomb stays" % attacker

    lines = [
        "# yaml-language-server: $schema=%s" % variant.schema_path(),
        "# Generated by rules-of-play/combat/generate.py from its own ISF combat table; "
        "do not edit by hand." if variant.name != "standard" else
        "# Generated by generate.py from its own ISF combat table; do not edit by hand.",
        "game: stratego",
        "id: %s/%s-attacks-%s" % (variant.id_prefix, attacker, defender),
        "title: %s" % json.dumps("%s%s %s %s attacks %s %s %s: %s" % (
            variant.title_prefix,
            article(colour) if variant.title_prefix else article(colour).capitalize(),
            colour, attacker, article(other), other, defender, verb)),
        "source: %s" % variant.source,
        "clauses: [%s]" % ", ".join(clauses),
        "setup:",
    ]
    lines.extend(variant.setup_lines)
    if colour == "blue":
        lines.append("  to_move: blue")
    for side in ("red", "blue"):
        lines.append("  %s: {%s}" % (side, ", ".join("%s: %s" % p for p in pieces[side])))
    lines.append("moves:")
    lines.append("  - {move: %s-%s, combat: %s, outcome: %s}" % (att_sq, def_sq, result, outcome))
    lines.append("probes:")
    for mv, expect, rule, note in probes:
        fields = ["move: %s" % mv, "expect: %s" % expect]
        if rule:
            fields.append("rule: %s" % rule)
        fields.append("note: %s" % json.dumps(note))
        lines.append("  - {%s}" % ", ".join(fields))
    lines.append("result: %s" % outcome)
    return "\n".join(lines) + "\n"


def files():
    """(path relative to scenarios/stratego, text) of every generated file."""
    for variant in VARIANTS:
        for a_i, attacker in enumerate(variant.movable):
            for d_i, defender in enumerate(variant.ranks):
                colour = "red" if (a_i + d_i) % 2 == 0 else "blue"
                name = "%s-attacks-%s.yaml" % (attacker, defender)
                yield (os.path.join(variant.directory, name),
                       scenario(attacker, defender, colour, variant))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))  # scenarios/stratego
    check = "--check" in sys.argv[1:]
    stale = []
    written = 0
    for name, text in files():
        path = os.path.join(root, name)
        if check:
            try:
                with open(path, encoding="utf-8") as f:
                    if f.read() != text:
                        stale.append(name)
            except FileNotFoundError:
                stale.append(name)
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            written += 1
    if check:
        if stale:
            print("stale or missing: " + ", ".join(stale), file=sys.stderr)
            return 1
        print("all %d combat scenarios are current" % sum(1 for _ in files()))
        return 0
    print("wrote %d scenarios under %s" % (written, root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
