"""Runs the core and the independent mailbox checker over the same seeded message files and compares them.

    python3 compare_mailbox.py COUNT SEED [--first]

Compares the verdict, the error codes and the notes the checker models (mailbox_checker.NOTES).
Prints the divergences clustered by which codes only the core gives and which only the
checker gives, with an example each, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). Needs python3 and node.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from core_answers import core_answers  # noqa: E402
import generate_mailbox  # noqa: E402
import mailbox_checker  # noqa: E402


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 3000
    seed = int(args[1]) if len(args) > 1 else 1
    first = "--first" in sys.argv
    if "--break-callsigns" in sys.argv:
        # For the test that a disagreement is reported: a checker that takes any text for a callsign.
        mailbox_checker.callsign_codes = lambda value, errors: None
    cases = list(generate_mailbox.cases(count, seed))
    core = core_answers("core-mailbox-verdicts.ts", cases)
    clusters = collections.OrderedDict()
    for case, answer in zip(cases, core):
        # The error codes and the notes the checker models (mailbox_checker.NOTES).
        theirs = {"ok": answer["ok"], "errors": sorted(set(answer["errors"]) | (set(answer["notes"]) & mailbox_checker.NOTES))}
        ok, mine = mailbox_checker.verdict(case["text"], case["mode"])
        if ok == theirs["ok"] and mine == theirs["errors"]:
            continue
        key = (tuple(sorted(set(theirs["errors"]) - set(mine))), tuple(sorted(set(mine) - set(theirs["errors"]))))
        if first:
            print(json.dumps({"case": case, "core": theirs, "checker": {"ok": ok, "errors": mine}}))
            sys.exit(1)
        clusters.setdefault(key, []).append((case, theirs["errors"], mine))
    total = sum(len(v) for v in clusters.values())
    if first:
        return
    print(f"{len(cases)} messages compared, {total} divergences in {len(clusters)} clusters")
    for (core_only, mine_only), items in sorted(clusters.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: core only {list(core_only)}, checker only {list(mine_only)}")
        for case, theirs, mine in items[:3]:
            print("   ", json.dumps(case)[:1200], "core", theirs, "checker", mine)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
