"""Runs the core and the independent readback checker over the same seeded pairs and compares them.

    python3 compare_readbacks.py COUNT SEED [--first]

Compares each tier's result (pass, fail, not-asked) and the set of finding codes (validation notes
such as SLOT_UNKNOWN left out), prints the divergences clustered by the tiers that differ and the
codes only one side gives, with examples, and exits 1 when there is any. With --first it prints
the first divergence alone (for the test). Needs python3 and node.
"""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, HERE)
from core_answers import core_answers  # noqa: E402
import generate_readbacks  # noqa: E402
import readback_checker  # noqa: E402

# Validation notes on either message are the single-line check's to compare, not this one's.
VALIDATION_NOTES = set()
with open(os.path.join(ROOT, "core", "CODES.md"), encoding="utf-8") as f:
    for row in f:
        m = re.match(r"\| `([A-Z_]+)` \| note \|", row)
        if m and not m.group(1).startswith(("ACC_", "EXEC_")):
            VALIDATION_NOTES.add(m.group(1))


def mine(case):
    record = case.get("record")
    if record is not None:
        record = {k: v for k, v in record.items() if k != "$resolve"}
    return readback_checker.check(case["ho"], case["rb"], case.get("expectAcc"), record)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 2000
    seed = int(args[1]) if len(args) > 1 else 1
    first = "--first" in sys.argv
    if "--break-integrity" in sys.argv:
        # For the test that a disagreement is reported: a checker that takes any h= for the digest.
        readback_checker.digest = lambda message: message["slots"].get("h", "")
    cases = list(generate_readbacks.cases(count, seed))
    core = core_answers("core-readbacks.ts", cases)
    clusters = collections.OrderedDict()
    for case, answer in zip(cases, core):
        theirs = answer
        if "codes" in theirs:
            theirs["codes"] = sorted(set(theirs["codes"]) - VALIDATION_NOTES)
        ours = mine(case)
        if ours == theirs:
            continue
        tiers = tuple(i + 1 for i in range(5) if theirs.get("tiers", [None] * 5)[i] != ours.get("tiers", [None] * 5)[i])
        key = (tiers, tuple(sorted(set(theirs.get("codes", [])) - set(ours.get("codes", [])))),
               tuple(sorted(set(ours.get("codes", [])) - set(theirs.get("codes", [])))))
        if first:
            print(json.dumps({"case": case, "core": theirs, "checker": ours}))
            sys.exit(1)
        clusters.setdefault(key, []).append((case, theirs, ours))
    total = sum(len(v) for v in clusters.values())
    if first:
        return
    print(f"{len(cases)} pairs compared, {total} divergences in {len(clusters)} clusters")
    for (tiers, core_only, mine_only), items in sorted(clusters.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: tiers {list(tiers)}, core only {list(core_only)}, checker only {list(mine_only)}")
        for case, theirs, ours in items[:2]:
            print("   ", json.dumps(case))
            print("      core", json.dumps(theirs), "checker", json.dumps(ours))
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
