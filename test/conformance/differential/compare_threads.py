"""Runs the core and the independent thread auditor over the same seeded conversations and compares them.

    python3 compare_threads.py COUNT SEED [--first] [--break-owner | --break-expectations]

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
import comparison  # noqa: E402
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
    # Where each HO stands at the end (the report's handoffs): the fields that differ, by state.
    theirs_at, ours_at = {h[0]: h for h in theirs["handoffs"]}, {h[0]: h for h in ours["handoffs"]}
    for i in sorted(set(theirs_at) | set(ours_at)):
        a, b = theirs_at.get(i), ours_at.get(i)
        if a is None or b is None:
            key.append(("handoffs", "listed by one side"))
            continue
        fields = tuple(f for f, x, y in zip(("state", "closedBy", "readback", "supersededBy"), a[1:], b[1:]) if x != y)
        if fields:
            key.append(("handoffs", fields, a[1], b[1]))
    # Why a readback is void, reversed or unverified: the codes only one side gives, by finding.
    theirs_why = {(c, rb): set(why) for c, _, rb, why in theirs["causes"]}
    ours_why = {(c, rb): set(why) for c, _, rb, why in ours["causes"]}
    for k in sorted(set(theirs_why) | set(ours_why)):
        core_only, mine_only = theirs_why.get(k, set()) - ours_why.get(k, set()), ours_why.get(k, set()) - theirs_why.get(k, set())
        if core_only or mine_only:
            key.append(("causes", k[0], tuple(sorted(core_only)), tuple(sorted(mine_only))))
    for c in COUNTS:
        if theirs["counts"][c] != ours["counts"][c]:
            key.append(("counts", c))
    if theirs["ok"] != ours["ok"] or theirs["invalid"] != ours["invalid"]:
        key.append(("ok", theirs["ok"], ours["ok"]))
    return tuple(key) or None


def main():
    count, seed, first = comparison.arguments(2000)
    if comparison.planted("--break-owner"):
        # An auditor for which the first passing readback owns the item.
        thread_auditor.owner_handoff = lambda handoffs, item: next((h for h in handoffs if h.item == item and h.passed), None)
    # An auditor that judges every readback without the sender's withheld criteria and record.
    ignore_expectations = comparison.planted("--break-expectations")
    cases = list(generate_threads.conversations(count, seed))
    triples = ((case, theirs, thread_auditor.audit(case["lines"], case["now"], None if ignore_expectations else case.get("expectations"))) for case, theirs in zip(cases, core_answers("core-threads.ts", cases)))
    found = comparison.clusters(triples, lambda case, core, mine: difference(core, mine), first,
                                lambda case, core, mine: {"case": case, "core": core, "auditor": mine})

    def show(case, theirs, ours):
        print("   ", json.dumps(case))
        print("      core", json.dumps({k: theirs[k] for k in ("errors", "notes", "owners", "causes", "handoffs")}), json.dumps(theirs["counts"]))
        print("      mine", json.dumps({k: ours[k] for k in ("errors", "notes", "owners", "causes", "handoffs")}), json.dumps(ours["counts"]))
    # The shortest conversations of each cluster are the examples.
    comparison.report(f"{len(cases)} conversations compared", {k: sorted(v, key=lambda i: len(i[0]["lines"])) for k, v in found.items()},
                      json.dumps, show, examples=2)

if __name__ == "__main__":
    main()
