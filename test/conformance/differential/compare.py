"""Runs the core and the independent validator over the same seeded lines and compares them.

    python3 compare.py COUNT SEED [--first]

Prints the divergences clustered by which error codes only the core gives and which only the
validator gives, with an example each, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). Needs python3 and node (run from the repository root, or
anywhere: the paths are this file's).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import generate  # noqa: E402
import validator  # noqa: E402


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-money"):
        # A validator that takes any text for money.
        validator.is_money = lambda v: True
    cases = list(generate.cases(count, seed))
    triples = ((case, core, validator.verdict(case["line"], case["reader"])) for case, core in zip(cases, core_answers("core-verdicts.ts", cases)))
    found = comparison.clusters(
        triples,
        lambda case, core, mine: None if mine == (core["ok"], core["errors"]) else comparison.code_difference(core["errors"], mine[1]),
        first,
        lambda case, core, mine: {"case": case, "core": core, "validator": {"ok": mine[0], "errors": mine[1]}})
    comparison.report(
        f"{len(cases)} lines compared", found,
        lambda key: f"core only {list(key[0])}, validator only {list(key[1])}",
        lambda case, core, mine: print("   ", json.dumps(case)[:300], "core", core["errors"], "validator", mine[1]))

if __name__ == "__main__":
    main()
