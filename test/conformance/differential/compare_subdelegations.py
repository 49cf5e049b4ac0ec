"""Runs the core and the independent attenuation checker over the same seeded sub-delegations and compares them.

    python3 compare_subdelegations.py COUNT SEED [--first]

Prints the divergences clustered by which "CODE dimension" findings only the core gives and which
only the checker gives, with an example each (its base and mutations), and exits 1 when there is
any. With --first it prints the first divergence alone (for the test). Needs python3 and node.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from core_answers import core_answers  # noqa: E402
import attenuation_checker  # noqa: E402
import generate_subdelegations  # noqa: E402


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 3000
    seed = int(args[1]) if len(args) > 1 else 1
    first = "--first" in sys.argv
    if "--break-prefix" in sys.argv:
        # For the test that a disagreement is reported: a checker that takes any selector as covering any other.
        attenuation_checker.covers = lambda wide, narrow, fold=False: True
    cases = list(generate_subdelegations.cases(count, seed))
    core = core_answers("core-subdelegations.ts", [{k: c[k] for k in ("parent", "child", "chain", "siblings") if k in c} for c in cases])
    clusters = collections.OrderedDict()
    invalid = 0
    for case, theirs in zip(cases, core):
        invalid += not theirs["valid"]
        mine = sorted(attenuation_checker.check(case["parent"], case["child"], case["chain"], case.get("siblings", ())))
        if mine == theirs["findings"]:
            continue
        key = (tuple(sorted(set(theirs["findings"]) - set(mine))), tuple(sorted(set(mine) - set(theirs["findings"]))))
        if first:
            print(json.dumps({"base": case["base"], "mutations": case["mutations"], "core": theirs, "checker": mine, "case": case}))
            sys.exit(1)
        clusters.setdefault(key, []).append((case, theirs, mine))
    total = sum(len(v) for v in clusters.values())
    if first:
        return
    print(f"{len(cases)} pairs compared ({invalid} refused at validation, judged by the typed check), {total} divergences in {len(clusters)} clusters")
    for (core_only, mine_only), items in sorted(clusters.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: core only {list(core_only)}, checker only {list(mine_only)}")
        for case, theirs, mine in items[:3]:
            print("    base", case["base"], case["mutations"], "core", theirs["findings"], "checker", mine)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
