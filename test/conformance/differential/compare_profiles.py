"""Runs the core and the independent checker over the same seeded custom profiles and lines.

    python3 compare_profiles.py COUNT SEED [--first]

A profile either side refuses is compared by its refusal codes (the PROFILE_ findings); a line
under a profile both accept, by its verdict and error codes, the validator reading the profile
with validator.Vocabulary. Prints the divergences clustered as compare.py does, exits 1 on any;
with --first, the first divergence alone.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from core_answers import core_answers  # noqa: E402
import generate_profiles  # noqa: E402
import profile_checker  # noqa: E402
import validator  # noqa: E402


def mine(case, vocabularies):
    key = json.dumps(case["profile"], sort_keys=True)
    if key not in vocabularies:
        refused = profile_checker.check(case["profile"])
        vocabularies[key] = sorted(refused) if refused else validator.Vocabulary(case["profile"])
    read = vocabularies[key]
    if isinstance(read, list):
        return {"refused": read}
    ok, errors = validator.verdict(case["line"], case["reader"], read if case["reader"] else None)
    return {"ok": ok, "errors": errors}


def codes(answer):
    return answer["refused"] if "refused" in answer else answer["errors"]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 3000
    seed = int(args[1]) if len(args) > 1 else 1
    first = "--first" in sys.argv
    if "--break-refusals" in sys.argv:
        # For the test that a disagreement is reported: a checker that accepts every profile file.
        profile_checker.check = lambda profile: set()
    cases = list(generate_profiles.cases(count, seed))
    core = core_answers("core-profile-verdicts.ts", cases)
    vocabularies = {}
    clusters = collections.OrderedDict()
    refused = 0
    for case, theirs in zip(cases, core):
        ours = mine(case, vocabularies)
        refused += "refused" in theirs
        if ours == theirs:
            continue
        if first:
            print(json.dumps({"case": case, "core": theirs, "checker": ours}))
            sys.exit(1)
        key = (tuple(sorted(set(codes(theirs)) - set(codes(ours)))), tuple(sorted(set(codes(ours)) - set(codes(theirs)))),
               "refused" in theirs, "refused" in ours)
        clusters.setdefault(key, []).append((case, theirs, ours))
    total = sum(len(v) for v in clusters.values())
    if first:
        return
    print(f"{len(cases)} cases compared ({len(vocabularies)} profiles, {refused} cases under a profile the core refuses), "
          f"{total} divergences in {len(clusters)} clusters")
    for (core_only, mine_only, core_refused, mine_refused), items in sorted(clusters.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(items)}: core only {list(core_only)}, checker only {list(mine_only)}"
              f" (refused by core {core_refused}, by checker {mine_refused})")
        for case, theirs, ours in items[:3]:
            print("   ", json.dumps(case)[:700], "core", theirs, "checker", ours)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
