"""Runs the core and the independent readback checker over the same seeded pairs and compares them.

    python3 compare_readbacks.py COUNT SEED [--first]

Compares each tier's result (pass, fail, not-asked) and the set of finding codes (validation notes
such as SLOT_UNKNOWN left out), prints the divergences clustered by the tiers that differ and the
codes only one side gives, with examples, and exits 1 when there is any. With --first it prints
the first divergence alone (for the test). Needs python3 and node.
"""
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
    return readback_checker.check(case["ho"], case["rb"], case.get("expectAcc"), record)


def without_validation_notes(answer):
    if "codes" in answer:
        answer["codes"] = sorted(set(answer["codes"]) - VALIDATION_NOTES)
    return answer


def difference(core, mine):
    """The tiers whose results differ and the codes only one side gives, or None."""
    if mine == core:
        return None
    tiers = tuple(i + 1 for i in range(5) if core.get("tiers", [None] * 5)[i] != mine.get("tiers", [None] * 5)[i])
    return (tiers,) + comparison.code_difference(core.get("codes", []), mine.get("codes", []))


def main():
    count, seed, first = comparison.arguments(2000)
    if comparison.planted("--break-integrity"):
        # A checker that takes any h= for the digest.
        readback_checker.digest = lambda message: message["slots"].get("h", "")
    cases = list(generate_readbacks.cases(count, seed))
    triples = ((case, without_validation_notes(answer), mine(case)) for case, answer in zip(cases, core_answers("core-readbacks.ts", cases)))
    found = comparison.clusters(triples, lambda case, core, ours: difference(core, ours), first,
                                lambda case, core, ours: {"case": case, "core": core, "checker": ours})

    def show(case, theirs, ours):
        print("   ", json.dumps(case))
        print("      core", json.dumps(theirs), "checker", json.dumps(ours))
    comparison.report(f"{len(cases)} pairs compared", found,
                      lambda key: f"tiers {list(key[0])}, core only {list(key[1])}, checker only {list(key[2])}", show, examples=2)

if __name__ == "__main__":
    main()
