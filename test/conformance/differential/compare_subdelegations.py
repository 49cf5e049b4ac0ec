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
    # The chain's rules, each without its reading (differential README, "What the generator never drew").
    if comparison.planted("--break-any-evidence"):
        # Any evidence at all taken as the link's own, a witness alone included.
        attenuation_checker.has_own_evidence = lambda link: bool(link.get("evidence"))
    if comparison.planted("--break-link-depth"):
        # A link's depth never compared with its contract's.
        attenuation_checker.link_depth_is = lambda link, contract: True
    if comparison.planted("--break-required-kinds"):
        # The parent's required_attestations not asked of the links.
        attenuation_checker.has_required_kinds = lambda link, required: True
    if comparison.planted("--break-chain-standing"):
        # A revoked or superseded chain taken as attesting still.
        attenuation_checker.chain_withdrawn = lambda chain: False
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
