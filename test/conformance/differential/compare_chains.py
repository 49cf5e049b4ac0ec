"""Runs the core and the independent chain checker over the same seeded chains and reassignments and compares them.

    python3 compare_chains.py COUNT SEED [--first] [--break-above] [--resume-unbound] [--remainder-every-revision]

Prints the divergences clustered by which "CODE dimension" findings only the core gives and which
only the checker gives, with an example each (its base and mutations), and exits 1 when there is
any. With --first it prints the first divergence alone (for the test); --break-above plants a
checker that never looks at the links above the parent, --resume-unbound one that never holds a resume to
the attempt before it (README note 104), --remainder-every-revision one that takes every attempt of the
delegation, the next revision's included, out of the prior's limits (README note 108). Needs python3 and node.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import chain_checker  # noqa: E402
import records_checker  # noqa: E402
import generate_chains  # noqa: E402

PARTS = ("op", "parent", "child", "chain", "prior", "next", "attempts", "checkpoints")


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--resume-unbound"):
        # A checker that holds a resume to its checkpoint alone, never to the attempt before it (README note 104's bug).
        records_checker.resumes_past = lambda attempt, before, checkpoints: False
    if comparison.planted("--remainder-every-revision"):
        # A checker that takes every attempt of the delegation out of the prior's limits (README note 108's bug).
        records_checker.draws_on_prior = lambda attempt, prior: True
    if comparison.planted("--break-above"):
        # A checker that takes any link above the parent as the parent's own parent.
        chain_checker.above_parent_broken = lambda parent, chain: False
    cases = list(generate_chains.cases(count, seed))
    core = core_answers("core-chains.ts", [{k: c[k] for k in PARTS if k in c} for c in cases])
    triples = [(case, theirs, sorted(chain_checker.check(case))) for case, theirs in zip(cases, core)]
    found = comparison.clusters(
        triples,
        lambda case, core, mine: None if mine == core["findings"] else (case["op"],) + comparison.code_difference(core["findings"], mine),
        first,
        lambda case, core, mine: {"base": case["base"], "mutations": case["mutations"], "core": core, "checker": mine, "case": case})
    invalid = sum(not theirs["valid"] for theirs in core)
    chains = sum(c["op"] == "child" for c in cases)
    comparison.report(
        f"{len(cases)} cases compared ({chains} chains of three or four links, {len(cases) - chains} reassignments; "
        f"{invalid} refused at validation, judged by the typed check)", found,
        lambda key: f"{key[0]}: core only {list(key[1])}, checker only {list(key[2])}",
        lambda case, core, mine: print("    ", case["base"], case["mutations"], "core", core["findings"], "checker", mine))


if __name__ == "__main__":
    main()
