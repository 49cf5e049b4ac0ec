"""Runs the core and the independent validator over the same seeded lines and compares them.

    python3 compare.py COUNT SEED [--first]

Prints the divergences clustered by which error codes only the core gives and which only the
validator gives, with an example each, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). Needs python3 and node (run from the repository root, or
anywhere: the paths are this file's).
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from core_answers import core_answers  # noqa: E402
import generate  # noqa: E402
import validator  # noqa: E402


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 3000
    seed = int(args[1]) if len(args) > 1 else 1
    first = "--first" in sys.argv
    if "--break-money" in sys.argv:
        # For the test that a disagreement is reported: a validator that takes any text for money.
        validator.is_money = lambda v: True
    cases = list(generate.cases(count, seed))
    core = core_answers("core-verdicts.ts", cases)
    clusters = collections.OrderedDict()
    for case, answer in zip(cases, core):
        theirs = answer
        ok, mine = validator.verdict(case["line"], case["reader"])
        if ok == theirs["ok"] and mine == theirs["errors"]:
            continue
        key = (tuple(sorted(set(theirs["errors"]) - set(mine))), tuple(sorted(set(mine) - set(theirs["errors"]))))
        if first:
            print(json.dumps({"case": case, "core": theirs, "validator": {"ok": ok, "errors": mine}}))
            sys.exit(1)
        clusters.setdefault(key, []).append((case, theirs["errors"], mine))
    total = sum(len(v) for v in clusters.values())
    if first:
        return
    print(f"{len(cases)} lines compared, {total} divergences in {len(clusters)} clusters")
    for (core_only, mine_only), items in sorted(clusters.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: core only {list(core_only)}, validator only {list(mine_only)}")
        for case, theirs, mine in items[:3]:
            print("   ", json.dumps(case)[:300], "core", theirs, "validator", mine)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
