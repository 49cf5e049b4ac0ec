"""Runs the core and the independent validator over the same seeded lines and compares them.

    python3 compare.py COUNT SEED [--first]

Prints the divergences clustered by which error codes only the core gives and which only the
validator gives, with an example each, and exits 1 when there is any. With --first it prints the
first divergence alone (for the test). Needs python3 and node (run from the repository root, or
anywhere: the paths are this file's).
"""
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
    core = core_answers("core-verdicts.ts", cases)
    comparison.verdicts(cases, core, (validator.verdict(case["line"], case["reader"]) for case in cases), first, "lines", "validator", 300)


if __name__ == "__main__":
    main()
