"""Runs the core and the independent readback checker over the same seeded pairs and compares them.

    python3 compare_readbacks.py COUNT SEED [--first]

Compares each tier's result (pass, fail, not-asked), the set of finding codes (validation notes
such as SLOT_UNKNOWN left out) and each tier's findings as a multiset of code and slot (tier 1's
validation codes, validator.py's, as a set: the single-line check compares those), prints the
divergences clustered by the tiers that differ, the codes only one side gives and the findings one
side gives more often, with examples, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). Needs python3 and node.

    --break-integrity      a checker that takes any h= for the digest
    --break-multiplicity   a checker that says ACC_GAP at most once a readback (the fault the
                           comparison of code sets could not see)
    --break-first-misread  a checker that reads only the first misread of a tier: one ECHO_MISMATCH
                           at tier 3 and one ACC_CONTRADICTION at tier 4, however many it finds
"""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, HERE)
import comparison  # noqa: E402
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
    answer = readback_checker.check(case["ho"], case["rb"], case.get("expectAcc"), record, by_tier=True)
    answer.pop("found", None)
    return answer


def findings_held(answer):
    """Each tier's findings as a multiset of "tier code@slot": validation notes left out, and tier
    1's validation codes (all but RECEIPT) once each, without their slot."""
    held = collections.Counter()
    for tier, found in enumerate(answer.pop("found" if "found" in answer else "placed", []), 1):
        for code, slot in found:
            if code in VALIDATION_NOTES:
                continue
            if tier == 1 and code != "RECEIPT":
                held[f"1 {code}"] = 1
            else:
                held[f"{tier} {code}@{slot}"] += 1
    return held


def without_validation_notes(answer):
    if "codes" in answer:
        answer["codes"] = sorted(set(answer["codes"]) - VALIDATION_NOTES)
    return answer


def difference(core, mine):
    """The tiers whose results differ, the codes only one side gives and the findings (tier, code,
    slot) one side gives more often than the other, or None."""
    core, mine = dict(core), dict(mine)
    core_held, mine_held = findings_held(core), findings_held(mine)
    if mine == core and core_held == mine_held:
        return None
    tiers = tuple(i + 1 for i in range(5) if core.get("tiers", [None] * 5)[i] != mine.get("tiers", [None] * 5)[i])
    more = lambda a, b: tuple(sorted(f"{k} x{a[k] - b[k]}" for k in a if a[k] > b[k]))
    return (tiers,) + comparison.code_difference(core.get("codes", []), mine.get("codes", [])) + (more(core_held, mine_held), more(mine_held, core_held))


def merging_gaps():
    """The planted --break-multiplicity: tier 4 says ACC_GAP at most once, however many it finds."""
    comprehension = readback_checker.comprehension

    def merged(ho, rb, vocab, expect_acc, findings):
        comprehension(ho, rb, vocab, expect_acc, findings)
        gaps = [i for i, f in enumerate(findings) if f == "ACC_GAP"]
        for i in reversed(gaps[1:]):
            del findings[i]
    readback_checker.comprehension = merged


# What a readback can misread: an echoed slot (tier 3) and a criterion (tier 4).
MISREADS = ("ECHO_MISMATCH", "ACC_CONTRADICTION")


def first_misread_only():
    """The planted --break-first-misread: each tier keeps the first misread it finds of each kind and drops the rest,
    so the tiers' results and the code set stay, and only the count differs."""
    check = readback_checker.check

    def first_only(*args, **kwargs):
        answer = check(*args, **kwargs)
        for field in ("found", "placed"):
            for tier in answer.get(field, []):
                said, kept = set(), []
                for finding in tier:
                    code = finding[0] if field == "placed" else finding
                    if code in MISREADS and code in said:
                        continue
                    said.add(code)
                    kept.append(finding)
                tier[:] = kept
        return answer
    readback_checker.check = first_only


def main():
    count, seed, first = comparison.arguments(2000)
    if comparison.planted("--break-integrity"):
        # A checker that takes any h= for the digest.
        readback_checker.digest = lambda message: message["slots"].get("h", "")
    if comparison.planted("--break-multiplicity"):
        merging_gaps()
    if comparison.planted("--break-first-misread"):
        first_misread_only()
    cases = list(generate_readbacks.cases(count, seed))
    triples = ((case, without_validation_notes(answer), mine(case)) for case, answer in zip(cases, core_answers("core-readbacks.ts", cases)))
    found = comparison.clusters(triples, lambda case, core, ours: difference(core, ours), first,
                                lambda case, core, ours: {"case": case, "core": core, "checker": ours})

    def show(case, theirs, ours):
        print("   ", json.dumps(case))
        print("      core", json.dumps(theirs), "checker", json.dumps(ours))
    comparison.report(f"{len(cases)} pairs compared", found,
                      lambda key: f"tiers {list(key[0])}, core only {list(key[1])}, checker only {list(key[2])}, core more {list(key[3])}, checker more {list(key[4])}", show, examples=2)

if __name__ == "__main__":
    main()
