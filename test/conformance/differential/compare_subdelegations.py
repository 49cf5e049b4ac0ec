"""Runs the core and the independent attenuation checker over the same seeded sub-delegations and compares them.

    python3 compare_subdelegations.py COUNT SEED [--first]

Prints the divergences clustered by which "CODE dimension" findings only the core gives and which
only the checker gives, with an example each (its base and mutations), and exits 1 when there is
any. With --first it prints the first divergence alone (for the test). Needs python3 and node.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import attenuation_checker  # noqa: E402
import generate_subdelegations  # noqa: E402


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-prefix"):
        # A checker that takes any selector as covering any other.
        attenuation_checker.covers = lambda wide, narrow, fold=False: True
    cases = list(generate_subdelegations.cases(count, seed))
    core = core_answers("core-subdelegations.ts", [{k: c[k] for k in ("parent", "child", "chain", "siblings") if k in c} for c in cases])
    triples = ((case, theirs, sorted(attenuation_checker.check(case["parent"], case["child"], case["chain"], case.get("siblings", ()))))
               for case, theirs in zip(cases, core))
    found = comparison.clusters(
        triples,
        lambda case, core, mine: None if mine == core["findings"] else comparison.code_difference(core["findings"], mine),
        first,
        lambda case, core, mine: {"base": case["base"], "mutations": case["mutations"], "core": core, "checker": mine, "case": case})
    invalid = sum(not theirs["valid"] for theirs in core)
    comparison.report(
        f"{len(cases)} pairs compared ({invalid} refused at validation, judged by the typed check)", found,
        lambda key: f"core only {list(key[0])}, checker only {list(key[1])}",
        lambda case, core, mine: print("    base", case["base"], case["mutations"], "core", core["findings"], "checker", mine))

if __name__ == "__main__":
    main()
