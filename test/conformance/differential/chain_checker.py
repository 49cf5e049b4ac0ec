"""An independent checker of RW-003 chains of three and four links and of reassignment (sections 8, 11.4).

Written from the spec (sections 3, 5.1, 8 and 11.4), core/delegation/README.md ("Sub-delegation",
the reassignment paragraphs after it), core/delegation/CODES.md and the README's RW-003 notes, never
from core/delegation/*.ts. Each link is judged by attenuation_checker.py, the pair checker of the
sub-delegation comparison; this file adds what a deeper chain and a reassignment add.

`check_child(parent, child, chain)`: the pair, as attenuation_checker.py judges it, which reads the
link above a parent that is itself a child (its own exact `parent_contract_ref`), the depth each link
states, and the parent's own parent fenced (fix-IQ moved these there from this file).
`check_reassignment(prior, next, parent=None, chain=None)`: 11.4, the next revision of one
delegation within its prior, what it must keep, who may issue it, and, for a child delegation, its
new delegatee among the parent's eligible delegates and its new chain attesting it.
Each returns the set of "CODE dimension" strings; an empty set allows it. `check(case)` adds what a contract of
the document is refused for when read by README note 192's rule, as "CONTRACT_REF_DIGEST_CONFLICT <path>"
(attenuation_checker.refused_at_read).
"""
import attenuation_checker as pair
import records_checker
from attenuation_checker import ENDED, rev

# The section-8 dimensions a reassignment judges as a child's against its parent, the prior standing
# for the parent; the rest (who hangs from whom, depth, chain, routing, fences, the delegate) differ.
SAME_AS_CHILD = {"subdelegation", "inputs", "objects", "tools", "operations", "data", "effect_class", "duration", "retries",
                 "concurrency", "spend", "budget", "denials", "human_gates", "consent", "monitoring", "verification", "revocation"}


def is_child(contract):
    return contract.get("parent_contract_ref") is not None


def check_child(parent, child, chain):
    return set(pair.check(parent, child, chain))


def check_reassignment(prior, nxt, parent=None, chain=None):
    failed = set()

    def fail(dimension, code):
        failed.add(f"{code} {dimension}")

    # The dimensions judged as a child's against its parent, the prior in the parent's place.
    empty_chain = {"links": [], "lifecycle_assertion": "active", "root_task_ref": nxt["root_task_ref"]}
    failed |= {f for f in pair.check(prior, nxt, empty_chain) if f.split(" ")[1] in SAME_AS_CHILD}

    # parent: the next revision names the prior exactly, keeps the root task, the parent and the delegator.
    if (nxt["delegation_id"] != prior["delegation_id"] or nxt.get("prior_revision_ref") is None
            or rev(nxt["prior_revision_ref"]) != (prior["delegation_id"], prior["revision_id"], prior["content_digest"])):
        fail("parent", "AMENDMENT_REF")
    same_parent = (rev(nxt["parent_contract_ref"]) if is_child(nxt) else None) == (rev(prior["parent_contract_ref"]) if is_child(prior) else None)
    parent_exact = parent is not None and is_child(nxt) and rev(nxt["parent_contract_ref"]) == (parent["delegation_id"], parent["revision_id"], parent["content_digest"])
    if (nxt["root_task_ref"] != prior["root_task_ref"] or not same_parent
            or not pair.same_actor(nxt["delegator_actor_ref"], prior["delegator_actor_ref"])
            or not pair.one_content_throughout(pair.two_contracts_named(prior, nxt))
            or (parent is not None and not parent_exact)):
        fail("parent", "ATTENUATION_PARENT")
    # A next revision that no longer holds cannot replace its prior; a parent given that does not assert
    # active grants nothing, to a new delegatee or the old (as in check-child; the prior is not judged).
    if nxt["lifecycle_assertion"] in ENDED or (parent_exact and parent["lifecycle_assertion"] != "active"):
        fail("parent", "CONTRACT_INACTIVE")

    # depth: no deeper than the prior, and not allowed where it denied.
    pp, np_ = prior["subdelegation_policy"], nxt["subdelegation_policy"]
    if np_["max_remaining_depth"] > pp["max_remaining_depth"] or (np_["allowed"] and not pp["allowed"]):
        fail("depth", "ATTENUATION_DEPTH")

    # delegate: an agent Actor (5.1, 8; refused when the document is read too, DELEGATE_BINDING with no
    # dimension, and by the typed check on `delegate`); a child's new delegatee among the parent's eligible
    # delegates, or the same one. Without the parent, the delegate is the prior's when its Actor id and
    # operator are (eligibility names Actor ids; differential/README.md).
    actor = nxt["delegatee_agent_ref"]["agent_actor_ref"]
    if actor.get("actor_type") != "agent":
        fail("delegate", "DELEGATE_BINDING")
    if is_child(nxt):
        if parent_exact:
            eligible = parent["subdelegation_policy"].get("eligible_delegates") or {}
            if (("actor_ids" in eligible and actor["object_id"] not in eligible["actor_ids"])
                    or ("operator_principal_refs" in eligible and nxt["accountable_operator_ref"]["operator_principal_ref"] not in eligible["operator_principal_refs"])):
                fail("delegate", "DELEGATE_BINDING")
        elif parent is None and (actor["object_id"] != prior["delegatee_agent_ref"]["agent_actor_ref"]["object_id"]
                                 or nxt["accountable_operator_ref"]["operator_principal_ref"] != prior["accountable_operator_ref"]["operator_principal_ref"]):
            fail("delegate", "DELEGATE_BINDING")

    # chain: a child's next revision comes with its parent and a chain attesting it; a root's with none.
    if is_child(nxt):
        if chain is None or parent is None:
            fail("chain", "CHAIN_BROKEN")
        elif parent_exact:
            chained = set(pair.check(parent, nxt, chain))
            failed |= {f for f in chained if f.split(" ")[1] in ("chain", "ancestor_fences", "depth")}
        if nxt["parent_contract_ref"]["object_id"] not in nxt["report_to"] or nxt["root_task_ref"] not in nxt["report_to"]:
            fail("routing", "ROUTING")
    elif chain is not None:
        fail("chain", "CHAIN_BROKEN")

    # ancestor_fences: every scope the prior fenced, its agent's excepted.
    prior_agent = prior["delegatee_agent_ref"]["agent_card_ref"]["object_id"]
    kept = {(s["space_id"], s["scope_kind"], s["scope_id"]) for s in nxt["control_scopes"]}
    if any((s["space_id"], s["scope_kind"], s["scope_id"]) not in kept for s in prior["control_scopes"]
           if not (s["scope_kind"] == "agent" and s["scope_id"] == prior_agent)):
        fail("ancestor_fences", "ANCESTOR_FENCES")
    return failed


def check(case):
    # A contract the document carries naming one revision under two digests is refused when read (README note 192),
    # whatever the checks after say of it: the pair checker's reading of the rule, for each contract given.
    read = pair.refused_at_read({k: case[k] for k in ("parent", "child", "prior", "next") if case.get(k) is not None})
    if case["op"] == "child":
        return check_child(case["parent"], case["child"], case["chain"]) | read
    found = check_reassignment(case["prior"], case["next"], case.get("parent"), case.get("chain")) | read
    if "attempts" in case or "checkpoints" in case:
        # The records a reassignment carries, and the retry policy checkAttempts holds them to under the next revision.
        attempts, checkpoints = case.get("attempts", []), case.get("checkpoints", [])
        found |= records_checker.reassignment_findings(case["prior"], case["next"], attempts, checkpoints)
        found |= records_checker.retry_findings(case["next"], attempts, checkpoints)
        found |= records_checker.budget_findings(case["prior"], attempts, checkpoints)
        found |= records_checker.issued_time_findings(attempts, checkpoints)
        found |= records_checker.schema_findings(attempts, checkpoints)
    return found
