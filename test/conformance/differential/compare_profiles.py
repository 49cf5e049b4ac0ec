"""Runs the core and the independent checker over the same seeded custom profiles and lines.

    python3 compare_profiles.py COUNT SEED [--first]

A profile either side refuses is compared by its refusal codes (the PROFILE_ findings); a line
under a profile both accept, by its verdict and error codes, the validator reading the profile
with validator.Vocabulary. Prints the divergences clustered as compare.py does, exits 1 on any;
with --first, the first divergence alone.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import generate_profiles  # noqa: E402
import profile_checker  # noqa: E402
import validator  # noqa: E402


def mine(case, vocabularies):
    key = json.dumps(case["profile"], sort_keys=True)
    if key not in vocabularies:
        # A copy: a planted reading (--break-rule-types) drops what it misreads from the file it reads.
        profile = json.loads(key)
        refused = profile_checker.check(profile)
        vocabularies[key] = sorted(refused) if refused else validator.Vocabulary(profile)
    read = vocabularies[key]
    if isinstance(read, list):
        return {"refused": read}
    ok, errors = validator.verdict(case["line"], case["reader"], read if case["reader"] else None)
    return {"ok": ok, "errors": errors}


def codes(answer):
    return answer["refused"] if "refused" in answer else answer["errors"]


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-refusals"):
        # A checker that accepts every profile file.
        profile_checker.check = lambda profile: set()
    validator.SHAPE_OF_WHAT_DECODED = comparison.planted("--break-list-shape")
    profile_checker.REDEFINITION_ON = comparison.planted("--break-redefinition-on")
    profile_checker.X_KEY_STAGE = comparison.planted("--break-x-key-stage")
    profile_checker.TYPE_STAGE = comparison.planted("--break-type-stage")
    profile_checker.RESERVED_STAGE = not comparison.planted("--break-reserved-stage")
    if comparison.planted("--break-reserved-key-name"):
        profile_checker.RESERVED_KEY_NAMES = ()
    validator.SHAPE_SKIPS_EMPTY = comparison.planted("--break-empty-element-shape")
    profile_checker.EMPTY_HAS = comparison.planted("--break-empty-has")
    profile_checker.EMPTY_WHEN = comparison.planted("--break-empty-when")
    profile_checker.CHECKLESS_RULE = comparison.planted("--break-checkless-rule")
    profile_checker.EMPTY_CHECKS = comparison.planted("--break-empty-checks")
    profile_checker.RULE_TYPES = not comparison.planted("--break-rule-types")
    if comparison.planted("--break-rule-id"):
        profile_checker.RULE_ID = re.compile(r".*")
    profile_checker.RULE_DUPLICATES = not comparison.planted("--break-rule-duplicates")
    if comparison.planted("--break-code-form"):
        profile_checker.CODE_FORM = re.compile(r".*")
    profile_checker.TOTAL_PART = not comparison.planted("--break-total-part")
    profile_checker.FIELD_TYPES = not comparison.planted("--break-field-types")
    profile_checker.EXEC_CASE = comparison.planted("--break-exec-case")
    cases = list(generate_profiles.cases(count, seed))
    core = core_answers("core-profile-verdicts.ts", cases)
    vocabularies = {}
    triples = ((case, theirs, mine(case, vocabularies)) for case, theirs in zip(cases, core))
    found = comparison.clusters(
        triples,
        lambda case, core, ours: None if ours == core else comparison.code_difference(codes(core), codes(ours)) + ("refused" in core, "refused" in ours),
        first,
        lambda case, core, ours: {"case": case, "core": core, "checker": ours})
    refused = sum("refused" in theirs for theirs in core)
    comparison.report(
        f"{len(cases)} cases compared ({len(vocabularies)} profiles, {refused} cases under a profile the core refuses)", found,
        lambda key: f"core only {list(key[0])}, checker only {list(key[1])} (refused by core {key[2]}, by checker {key[3]})",
        lambda case, core, ours: print("   ", json.dumps(case)[:700], "core", core, "checker", ours))

if __name__ == "__main__":
    main()
