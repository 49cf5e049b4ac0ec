"""Runs the core and the independent thread auditor over the same seeded conversations and compares them.

    python3 compare_threads.py COUNT SEED [--first]

Compares the verdict, the multiset of error codes and of note codes, the owners (item, owner,
handoff, and while the first sender holds it the last readback's verdict) and the counts, prints the divergences clustered by what differs (the codes only one side
gives, the owners, the counts that differ), with examples, and exits 1 when there is any. With
--first it prints the first divergence alone (for the test). Needs python3 and node.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from core_answers import core_answers  # noqa: E402
import generate_threads  # noqa: E402
import thread_auditor  # noqa: E402

COUNTS = ("messages", "handoffs", "open", "closed", "cancelled", "superseded", "readbacks", "questions")


def multiset_difference(a, b):
    return sorted((collections.Counter(a) - collections.Counter(b)).elements())


def difference(theirs, ours):
    """What differs, as a hashable cluster key, or None."""
    key = []
    for field in ("errors", "notes"):
        core_only, mine_only = multiset_difference(theirs[field], ours[field]), multiset_difference(ours[field], theirs[field])
        if core_only or mine_only:
            key.append((field, tuple(core_only), tuple(mine_only)))
    if sorted(map(tuple, theirs["owners"])) != sorted(map(tuple, ours["owners"])):
        key.append(("owners",))
    for c in COUNTS:
        if theirs["counts"][c] != ours["counts"][c]:
            key.append(("counts", c))
    if theirs["ok"] != ours["ok"] or theirs["invalid"] != ours["invalid"]:
        key.append(("ok", theirs["ok"], ours["ok"]))
    return tuple(key) or None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 2000
    seed = int(args[1]) if len(args) > 1 else 1
    first = "--first" in sys.argv
    if "--break-owner" in sys.argv:
        # For the test that a disagreement is reported: an auditor for which the first passing readback owns the item.
        thread_auditor.owner_handoff = lambda handoffs, item: next((h for h in handoffs if h.item == item and h.passed), None)
    cases = list(generate_threads.conversations(count, seed))
    core = core_answers("core-threads.ts", cases)
    clusters = collections.OrderedDict()
    for case, theirs in zip(cases, core):
        ours = thread_auditor.audit(case["lines"], case["now"])
        key = difference(theirs, ours)
        if key is None:
            continue
        if first:
            print(json.dumps({"case": case, "core": theirs, "auditor": ours}))
            sys.exit(1)
        clusters.setdefault(key, []).append((case, theirs, ours))
    total = sum(len(v) for v in clusters.values())
    if first:
        return
    print(f"{len(cases)} conversations compared, {total} divergences in {len(clusters)} clusters")
    for key, items in sorted(clusters.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: {json.dumps(key)}")
        for case, theirs, ours in sorted(items, key=lambda i: len(i[0]["lines"]))[:2]:
            print("   ", json.dumps(case))
            print("      core", json.dumps({k: theirs[k] for k in ("errors", "notes", "owners")}), json.dumps(theirs["counts"]))
            print("      mine", json.dumps({k: ours[k] for k in ("errors", "notes", "owners")}), json.dumps(ours["counts"]))
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
