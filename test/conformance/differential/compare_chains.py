"""Runs the core and the independent chain checker over the same seeded chains and reassignments and compares them.

    python3 compare_chains.py COUNT SEED [--first] [--break-above] [--resume-unbound] [--remainder-every-revision] [--inputs-unfixed] [--revision-digest-unrefused] [--prior-by-revision] [--resume-own-attempt] [--resume-by-object] [--own-link-ancestor] [--partial-not-a-move] [--superseded-by-sequence] [--success-as-move] [--break-issued-time-order] [--break-receipt-shape] [--break-read-past-refusal] [--break-actor-by-revision] [--break-actor-two-contents] [--break-actor-digest-far] [--break-inputs-unmapped] [--break-lone-input-digest] [--break-verification-whole] [--break-consent-by-ref] [--break-outcome-effects] [--prior-across-restart]
    python3 compare_chains.py COUNT SEED --plants

Prints the divergences clustered by which "CODE dimension" findings (and "CONTRACT_REF_DIGEST_CONFLICT <path>" refusals
at read, README note 192) only the core gives and which only the checker gives, with an example each (its base and mutations), and exits 1 when there is
any. With --first it prints the first divergence alone (for the test); --break-above plants a
checker that never looks at the links above the parent, --resume-unbound one that never holds a resume to
the attempt before it (README note 104), --remainder-every-revision one that takes every attempt of the
delegation, the next revision's included, out of the prior's limits (README note 108), --inputs-unfixed one that
never holds an input fixed (7.2's input fixity), --revision-digest-unrefused one that never refuses an attempt or
checkpoint naming a revision id under another digest (README note 113), --prior-by-revision one that reads a record's
prior by revision and digest alone, whatever object it names (README note 169), --resume-own-attempt one that lets a
record of the attempt that wrote a checkpoint resume it (README note 170), --resume-by-object one that takes a resume of
another revision of the checkpoint the attempt before it resumed as a resume of the same one (README note 173),
--own-link-ancestor one that takes a chain's repeat of the child's own link for an ancestor it must fence,
--partial-not-a-move one that lets a later record move an `unknown` attempt to `partially_applied` on no new read-back,
--superseded-by-sequence one that never takes a later revision of a resume's checkpoint as superseding it (README note 175),
--success-as-move one that also refuses a move to `succeeded` on no read-back as a move unreconciled (the record's own
ATTEMPT_SUCCESS_UNVERIFIED, at validation), --break-issued-time-order one that never compares a record's own start, end
or write time with its issued_at (README note 176), --break-receipt-shape one that takes any receipt_ref for the
schema's RevisionRef or null, --break-read-past-refusal one that compares the own times of a record its schema refuses
(validateRecord reads it no further), --break-actor-by-revision one that reads a persistent Actor by its revision, so an
Actor revised between links (or a delegator between a delegation's revisions) is another (README note 180),
--break-actor-two-contents one that takes an Actor revision named under another digest for the same Actor (README
note 183), --break-actor-digest-far one that refuses it only where two adjacent records are compared, never a
revision named so in places no check compares with each other (README note 185), --break-inputs-unmapped one that
leaves the wide contract's inputs out of that map (README note 189), --break-lone-input-digest one that never refuses at read
a contract alone naming one revision under two digests among its references (README note 192), --break-verification-whole
one that holds a child's verification entry to the parent's whole entry (the verifier's exact revision and actor_type
too), where the core keeps the verifier and the profile, --break-consent-by-ref one that keeps a consent whose
revision the narrow contract names whatever its copy binds, --break-outcome-effects one that never holds an attempt's outcome to its effects, --prior-across-restart one that pairs a
restarted attempt's record with its prior at the other start (not among --plants: too rare at the test's size). --plants
runs the core once and prints, as one JSON object, the first divergence of the checker as written ("none", expected null) and of each
planted one (expected a divergence each), exiting 0 when so: the test's one call. Needs python3 and node.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import attenuation_checker  # noqa: E402
import chain_checker  # noqa: E402
import records_checker  # noqa: E402
import generate_chains  # noqa: E402

PARTS = ("op", "parent", "child", "chain", "prior", "next", "attempts", "checkpoints")


# The checker's planted faults: the flag, the module and function replaced, and the fault.
PLANTS = {
    # A checker that holds a resume to its checkpoint alone, never to the attempt before it (README note 104's bug).
    "--resume-unbound": (records_checker, "resumes_past", lambda attempt, before, checkpoints: False),
    # A checker that takes every attempt of the delegation out of the prior's limits (README note 108's bug).
    "--remainder-every-revision": (records_checker, "draws_on_prior", lambda attempt, prior: True),
    # A checker that never holds an input fixed: INPUT_NOT_EXACT, INPUT_STALE, CHECKPOINT_INPUT_UNUSED unseen (gap 4 of fix-FQ).
    "--inputs-unfixed": (records_checker, "unfixed", lambda refs, fixed: False),
    # A checker that never refuses a record naming a revision id under another digest (README note 113's open question).
    "--revision-digest-unrefused": (records_checker, "names_under_other_digest", lambda ref, contract: False),
    # A checker that reads a prior by revision and digest alone, as the record's own whatever object it names (README note 169's bug).
    "--prior-by-revision": (records_checker, "prior_named", lambda record: None if record.get("prior_revision_ref") is None else (record["record_id"], record["prior_revision_ref"]["revision_id"], record["prior_revision_ref"]["content_digest"])),
    # A checker that lets a record of the attempt that wrote a checkpoint resume it (README note 170's bug).
    "--resume-own-attempt": (records_checker, "resumes_own_attempt", lambda attempt, checkpoint: False),
    # A checker that takes a resume of another revision of the checkpoint the attempt before it resumed as the same one (README note 173's bug).
    "--resume-by-object": (records_checker, "same_checkpoint", lambda ref, earlier: earlier is not None and earlier["object_id"] == ref["object_id"]),
    # A checker that takes the child's own delegation, named above it by a chain repeating its link, for an ancestor.
    "--own-link-ancestor": (attenuation_checker, "own_stream", lambda child, scope: False),
    # A checker that reads `unknown` to `partially_applied` as no move, so the same read-back (or none) passes.
    "--partial-not-a-move": (records_checker, "outcome_moved", lambda then, now: now not in records_checker.RECONCILE_FIRST + (None,)),
    # A checker that compares a resume's checkpoint with its attempt's later sequences alone, never a later revision of it (README note 175's bug).
    "--superseded-by-sequence": (records_checker, "amended_since", lambda attempt, checkpoint, checkpoints: False),
    # A checker that refuses a move to succeeded on no read-back as unreconciled too, where CODES.md leaves it to ATTEMPT_SUCCESS_UNVERIFIED.
    "--success-as-move": (records_checker, "left_to_success_rule", lambda record: False),
    # A checker without README note 176's rule: a record's own start, end or write time is never compared with its issued_at.
    "--break-issued-time-order": (records_checker, "issued_late", lambda record, field: False),
    # A checker that takes any receipt_ref for the schema's (a RevisionRef or null), so a malformed one is never refused.
    "--break-receipt-shape": (records_checker, "receipt_ref_refusals", lambda ref: []),
    # A checker that reads on past a record its schema refuses, comparing its own times with its issued_at all the same.
    "--break-read-past-refusal": (records_checker, "read_further", lambda record: True),
    # A checker that never holds an attempt's outcome to its effects (CODES.md's ATTEMPT_OUTCOME_EFFECTS).
    "--break-outcome-effects": (records_checker, "outcome_contradicts", lambda outcome, statuses: False),
    # A checker that takes any link above the parent as the parent's own parent (the rule is the pair checker's since fix-IQ).
    "--break-above": (attenuation_checker, "starts_at_root", lambda parent, links: len(links) == 2 if parent.get("parent_contract_ref") is None else len(links) >= 3),
    # A checker that takes a persistent Actor by its revision: an Actor revised between links (or between a delegation's
    # revisions, as its delegator) read as another Actor, so continuity breaks where the core reads the same one.
    "--break-actor-by-revision": (attenuation_checker, "same_actor", lambda a, b: attenuation_checker.rev(a) == attenuation_checker.rev(b)),
    # A checker without README note 183: the revision delegated to (or a delegation's delegator revision) named under
    # another digest read as the same Actor, where one revision has one content.
    "--break-actor-two-contents": (attenuation_checker, "one_content", lambda a, b: True),
    # A checker without README note 185: one revision under two digests refused only where two adjacent records are
    # compared (link to link, a child's delegator to its parent's delegatee, a next revision's delegator to the prior's).
    "--break-actor-digest-far": (attenuation_checker, "one_content_throughout", lambda refs: True),
    # The reading before README note 189: the wide contract's inputs left out of the map of one content.
    "--break-inputs-unmapped": (attenuation_checker, "inputs_named", lambda contract: []),
    # The reading before README note 192: one contract alone naming one revision under two digests read as it is, never
    # refused at read (only the two contracts' map, on `parent`, sees what it shares with the other).
    "--break-lone-input-digest": (attenuation_checker, "self_contradictions", lambda contract, at: set()),
    # The old reading of a verification requirement: the whole entry (the verifier's exact revision and actor_type too),
    # where the core keeps the verifier (the persistent Actor, by object_id) and the profile.
    "--break-verification-whole": (attenuation_checker, "verification_key", attenuation_checker.json_key),
    # A consent kept when the narrow contract names its revision, whatever its copy binds (section 9's bindings unread).
    "--break-consent-by-ref": (attenuation_checker, "consent_binding", lambda c: attenuation_checker.json_key(c["consent_ref"])),
}


# Planted by hand, not by --plants: too rare for the test's 600 cases.
HAND_PLANTS = {
    # A checker that pairs a restarted attempt's record with the prior it names at the other start (its outcome moved, its
    # consumption given back, its fences regressed), where records starting at two times are two attempts.
    "--prior-across-restart": (records_checker, "same_attempt", lambda before, record: True),
}


def first_divergence(cases, core):
    """The first case the checker (as planted now) judges otherwise than the core, as --first prints it, or None."""
    for case, theirs in zip(cases, core):
        mine = sorted(chain_checker.check(case))
        if mine != theirs["findings"]:
            return {"base": case["base"], "mutations": case["mutations"], "core": theirs, "checker": mine}
    return None


def all_plants(cases, core):
    """The unplanted checker's first divergence and each planted one's, from one run of the core, as one JSON object;
    exit 0 when the first is none and every plant is caught (the test's one call)."""
    found = {"none": first_divergence(cases, core)}
    for flag, (module, name, fault) in PLANTS.items():
        kept = getattr(module, name)
        setattr(module, name, fault)
        try:
            found[flag[2:]] = first_divergence(cases, core)
        finally:
            setattr(module, name, kept)
    print(json.dumps(found))
    sys.exit(0 if found["none"] is None and all(v is not None for k, v in found.items() if k != "none") else 1)


def main():
    count, seed, first = comparison.arguments()
    for flag, (module, name, fault) in {**PLANTS, **HAND_PLANTS}.items():
        if comparison.planted(flag):
            setattr(module, name, fault)
    cases = list(generate_chains.cases(count, seed))
    core = core_answers("core-chains.ts", [{k: c[k] for k in PARTS if k in c} for c in cases])
    if comparison.planted("--plants"):
        all_plants(cases, core)
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
