"""Runs the core and the independent attenuation checker over the same seeded sub-delegations and compares them.

    python3 compare_subdelegations.py COUNT SEED [--first] [--break-...] [--catches]

Prints the divergences clustered by which "CODE dimension" findings (and "CONTRACT_REF_DIGEST_CONFLICT
<path>" refusals at read, README note 192) only the core gives and which only the checker gives, with
an example each (its base and mutations), and exits 1 when there is any. With --first it prints the first divergence alone (for the test). A --break-... flag plants a
fault in the checker; --catches first prints "catches" and, as JSON, how many pairs catch each
chain fault and each fault of the reading at read (the checker judging the same core answers again under each). Needs
python3 and node.
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


# The chain's rules, each without its reading (differential README, "What the generator never drew"):
# a flag plants one, and --catches counts the pairs that catch each against one core run.
CHAIN_FAULTS = {
    # Any evidence at all taken as the link's own, a witness alone included.
    "--break-any-evidence": ("has_own_evidence", lambda link: bool(link.get("evidence"))),
    # A link's depth never compared with its contract's.
    "--break-link-depth": ("link_depth_is", lambda link, contract: True),
    # The parent's required_attestations not asked of the links.
    "--break-required-kinds": ("has_required_kinds", lambda link, required: True),
    # A revoked or superseded chain taken as attesting still.
    "--break-chain-standing": ("chain_withdrawn", lambda chain: False),
    # The old reading: a parent that is itself a child needs no link of its own parent above it.
    "--break-grand-link": ("starts_at_root", lambda parent, links: parent.get("parent_contract_ref") is not None or len(links) == 2),
    # The parent's own parent fenced only when the chain names it.
    "--break-grand-fence": ("parents_parent", lambda parent: []),
    # The other reading of a persistent Actor: the delegatee delegating on must be the very revision delegated to.
    "--break-actor-by-revision": ("same_actor", lambda a, b: attenuation_checker.rev(a) == attenuation_checker.rev(b)),
    # The old reading of README note 183: an Actor revision named under another digest taken for the same Actor.
    "--break-actor-two-contents": ("one_content", lambda a, b: True),
    # The old reading of README note 185: one revision under two digests refused only where two adjacent records are compared.
    "--break-actor-digest-far": ("one_content_throughout", lambda refs: True),
    # The reading before README note 189: the wide contract's inputs left out of the map of one content.
    "--break-inputs-unmapped": ("inputs_named", lambda contract: []),
}
# The gates' readings, without them: the old reading of a verification requirement, the whole entry (the verifier's exact
# revision and its actor_type too), where the core keeps the verifier (the persistent Actor) and the profile; and a
# consent read by its reference alone.
GATE_FAULTS = {
    "--break-verification-whole": ("verification_key", attenuation_checker.json_key),
    # A consent kept when the child names its revision, whatever the child's copy binds (section 9's bindings unread).
    "--break-consent-by-ref": ("consent_binding", lambda c: attenuation_checker.json_key(c["consent_ref"])),
}
# The reading at read, without it (README note 192): a contract alone naming one revision under two digests read as it is.
READ_FAULTS = {
    "--break-lone-input-digest": ("self_contradictions", lambda contract, at: set()),
}


def checked(case):
    """The checker's "CODE dimension" findings, as the typed check's."""
    return attenuation_checker.check(case["parent"], case["child"], case["chain"], case.get("siblings", ()))


def read_refusals(case):
    """What the checker refuses the document's contracts for at read (README note 192)."""
    return attenuation_checker.refused_at_read({k: case[k] for k in ("parent", "child", "siblings") if k in case})


def catches(pairs, name, fault, again):
    """How many (case, core answer, (findings, refusals)) the checker disagrees on with `fault` planted as `name`: the part
    it plants in judged `again` (`checked` or `read_refusals`), the other as the checker as written gave it."""
    kept = getattr(attenuation_checker, name)
    setattr(attenuation_checker, name, fault)
    try:
        if again is checked:
            return sum(sorted(checked(case) | read) != theirs["findings"] for case, theirs, (_, read) in pairs)
        return sum(sorted(found | read_refusals(case)) != theirs["findings"] for case, theirs, (found, _) in pairs)
    finally:
        setattr(attenuation_checker, name, kept)


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-prefix"):
        # A checker that takes any selector as covering any other.
        attenuation_checker.covers = lambda wide, narrow, fold=False: True
    for flag, (name, fault) in {**CHAIN_FAULTS, **GATE_FAULTS, **READ_FAULTS}.items():
        if comparison.planted(flag):
            setattr(attenuation_checker, name, fault)
    cases = list(generate_subdelegations.cases(count, seed))
    core = core_answers("core-subdelegations.ts", [{k: c[k] for k in ("parent", "child", "chain", "siblings") if k in c} for c in cases])
    parts = [(checked(case), read_refusals(case)) for case in cases]
    if comparison.planted("--catches"):
        # The same core answers, the checker again under each fault. Only the pairs a chain stream, the lone-contract
        # one or a gates one (generate_gates.py) drew, or m_consent, or whose contract the core refuses at read (note
        # 192), are judged again: every other pair's chain is rebuilt from its two contracts, none is so refused, its
        # verification entries are the parent's or one dropped and its consents the parent's, so no fault changes its
        # answer (the counts over every pair are the same, README); each fault judges again only the part it plants in.
        drawn = [(case, theirs, part) for case, theirs, part in zip(cases, core, parts)
                 if any(m.startswith(("chain_", "lone_contract:", "verification_drawn:", "consent_drawn:", "consent:")) for m in case["mutations"])
                 or any(f.startswith("CONTRACT_REF_DIGEST_CONFLICT ") for f in theirs["findings"])]
        faults = {**{flag: (name, fault, checked) for flag, (name, fault) in {**CHAIN_FAULTS, **GATE_FAULTS}.items()},
                  **{flag: (name, fault, read_refusals) for flag, (name, fault) in READ_FAULTS.items()}}
        print("catches " + json.dumps({flag: catches(drawn, *planted) for flag, planted in faults.items()}))
    triples = ((case, theirs, sorted(found | read)) for case, theirs, (found, read) in zip(cases, core, parts))
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
