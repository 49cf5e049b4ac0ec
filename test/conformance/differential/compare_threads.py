"""Runs the core and the independent thread auditor over the same seeded conversations and compares them.

    python3 compare_threads.py COUNT SEED [--first] [--break-owner | --break-expectations | --break-fingerprint
                                                 | --break-cause-count | --break-missing-beside]

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
from validation_codes import VALIDATION_CODES  # noqa: E402

COUNTS = ("messages", "handoffs", "open", "closed", "cancelled", "superseded", "readbacks", "questions")


def multiset_difference(a, b):
    return sorted((collections.Counter(a) - collections.Counter(b)).elements())


def causes_held(why):
    """A readback's errors as a multiset of "code@slot"; a validation code (validator.py's, which
    gives each once and places none: the single-line check compares those) once, unplaced."""
    held = collections.Counter()
    for code, slot in why:
        if code in VALIDATION_CODES:
            held[code] = 1
        else:
            held[f"{code}@{slot}"] += 1
    return held


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
    # Why a readback is void, reversed or unverified: the errors (code@slot) one side gives more
    # often than the other, by finding.
    theirs_why = {(c, rb): causes_held(why) for c, _, rb, why in theirs["causes"]}
    ours_why = {(c, rb): causes_held(why) for c, _, rb, why in ours["causes"]}
    for k in sorted(set(theirs_why) | set(ours_why)):
        core_more = theirs_why.get(k, collections.Counter()) - ours_why.get(k, collections.Counter())
        mine_more = ours_why.get(k, collections.Counter()) - theirs_why.get(k, collections.Counter())
        if core_more or mine_more:
            key.append(("causes", k[0], tuple(sorted(core_more.elements())), tuple(sorted(mine_more.elements()))))
    for c in COUNTS:
        if theirs["counts"][c] != ours["counts"][c]:
            key.append(("counts", c))
    if theirs["ok"] != ours["ok"] or theirs["invalid"] != ours["invalid"]:
        key.append(("ok", theirs["ok"], ours["ok"]))
    return tuple(key) or None


def once_each(verdict, failing):
    """--break-cause-count: a readback's causes with each code kept at its first slot alone."""
    return verdict, tuple({code: (code, slot) for code, slot in reversed(failing)}[code] for code in dict.fromkeys(c for c, _ in failing))


def named_beside_missing(found, slots, missing, mismatch):
    """--break-missing-beside: the mismatches among the fingerprinted slots named as one finding even
    beside one of them missing (a fingerprint of the rest taken, which note 29 says cannot be)."""
    ours = [f for f in found if f[0] == mismatch and f[1] in slots]
    if len(slots) < 2 or not ours or not any(code == missing and slot in slots for code, slot in found):
        return named_as_one(found, slots, missing, mismatch)
    kept = [f for f in found if f not in ours]
    at = found.index(ours[0])
    return kept[:at] + [(mismatch, "+".join(slots))] + kept[at:]


named_as_one = thread_auditor.named_as_one


def main():
    count, seed, first = comparison.arguments(2000)
    if comparison.planted("--break-owner"):
        # An auditor for which the first passing readback owns the item.
        thread_auditor.owner_handoff = lambda handoffs, item: next((h for h in handoffs if h.item == item and h.passed), None)
    if comparison.planted("--break-fingerprint"):
        # An auditor that names a mismatch on fingerprinted slots by the slot that differs (check-rb's
        # naming, note 29 forgotten): the same codes, as often, at another slot.
        thread_auditor.named_as_one = lambda found, slots, missing, mismatch: found
    if comparison.planted("--break-missing-beside"):
        thread_auditor.named_as_one = named_beside_missing
    if comparison.planted("--break-cause-count"):
        # An auditor that gives each code once among a readback's causes (what comparing sets hid).
        judge = thread_auditor.verdict
        thread_auditor.verdict = lambda ho, rb_text, expected: once_each(*judge(ho, rb_text, expected))
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
