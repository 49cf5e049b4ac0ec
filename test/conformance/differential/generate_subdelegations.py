"""Seeded (parent, child, chain) triples for the differential check of sub-delegation: valid pairs, mutated.

The bases are the valid pairs of the conformance records (11.3's D-PARENT-1 and D-CHILD-OK, section
8's consequential D-RELEASE-1 and its child) and three built from them: a parent allowing two
levels whose child may sub-delegate again, a parent relying on a consent with item budgets, a
heartbeat, verification and a reviewer, and a parent with wildcard scopes and a spend limit. Each
case mutates the child (sometimes the parent) along one to three dimensions: each selector list
widened, narrowed, kept, in another case, as `*` or a prefix; effect classes and the tier; data
classes; denials dropped, added, narrowed, widened, recased, under another rule id; every budget
(equal, one unit more or less, missing, zero; money in cents, another currency, written otherwise);
start and end times (equal, one nanosecond either side, a leap second, another unit of the same
duration); depth and the child's own policy; retries; gates, reviewers, consents, monitoring,
verification, revocation; the delegatee and operator; routing, fences, inputs, lifecycles. The
chain is then rebuilt from the two contracts, so it attests what they say, and four chain
mutations, each on a stream of its own, change it for about one case in four: the parent lifted
under a root contract, a link's evidence, the links themselves, an Actor revised between links. Same count and seed, same cases.

    python3 generate_subdelegations.py COUNT SEED > cases.jsonl
"""
import copy
import hashlib
import json
import os
import random
import sys

import generate_gates

RECORDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "delegation", "records")


def record(name):
    with open(os.path.join(RECORDS, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def link_of(contract, evidence):
    return {
        "contract_ref": {"object_id": contract["delegation_id"], "revision_id": contract["revision_id"], "content_digest": contract["content_digest"]},
        "delegator_actor_ref": copy.deepcopy(contract["delegator_actor_ref"]),
        "delegatee_actor_ref": copy.deepcopy(contract["delegatee_agent_ref"]["agent_actor_ref"]),
        "delegatee_card_ref": copy.deepcopy(contract["delegatee_agent_ref"]["agent_card_ref"]),
        "operator_principal_ref": contract["accountable_operator_ref"]["operator_principal_ref"],
        "max_remaining_depth": contract["subdelegation_policy"]["max_remaining_depth"],
        "evidence": copy.deepcopy(evidence),
    }


def chain_for(parent, child, chain):
    """The chain attesting exactly these two contracts, evidence kept from the base chain."""
    out = copy.deepcopy(chain)
    out["links"] = [link_of(parent, chain["links"][0]["evidence"]), link_of(child, chain["links"][-1]["evidence"])]
    return out


def bases():
    plain = (record("d-parent-1"), record("d-child-ok"), record("chain-d-child-ok"))
    release = (record("d-release-1"), record("d-release-1-child"), record("chain-d-release-1-child"))

    # Two levels: the child may sub-delegate once more, on the parent's terms.
    p, c, ch = copy.deepcopy(plain)
    p["subdelegation_policy"]["max_remaining_depth"] = 2
    c["subdelegation_policy"] = {"allowed": True, "max_remaining_depth": 1,
                                 "eligible_delegates": {"actor_ids": ["ACTOR-HELPER-2", "ACTOR-HELPER-3"], "operator_principal_refs": ["OP-LAB"]},
                                 "required_attestations": ["signature", "issuer"]}
    p["subdelegation_policy"]["eligible_delegates"] = {"actor_ids": ["ACTOR-HELPER", "ACTOR-HELPER-2", "ACTOR-HELPER-3"], "operator_principal_refs": ["OP-LAB"]}
    p["subdelegation_policy"]["required_attestations"] = ["signature", "issuer"]
    for link in ch["links"]:
        link["evidence"].append({"kind": "issuer", "ref": link["evidence"][0]["ref"], "signer_ref": link["evidence"][0]["signer_ref"]})
    two_levels = (p, c, ch)

    # A consent, item budgets, a heartbeat, verification, an observer and a reviewer, inherited.
    research = record("d-research-1")
    p, c, ch = copy.deepcopy(plain)
    for contract in (p, c):
        contract["gates"]["consent"] = copy.deepcopy(research["gates"]["consent"])
        contract["gates"]["consent"][0]["recipients"] = ["AGENT-RESEARCHER", "AGENT-HELPER"]
        contract["gates"]["verification"] = copy.deepcopy(research["gates"]["verification"])
        contract["gates"]["post_effect_checks"] = ["citation_check"]
        contract["gates"]["reviewers"] = [{"role": "lead_review", "principal_refs": ["PRINCIPAL-LEAD", "PRINCIPAL-REVIEWER"], "independence": "independent"}]
        contract["monitoring"]["observer_refs"] = copy.deepcopy(research["monitoring"]["observer_refs"])
        contract["monitoring"]["verifier_refs"] = copy.deepcopy(research["monitoring"]["verifier_refs"])
        contract["monitoring"]["modes"].append("periodic")
        contract["control_scopes"].append({"space_id": "SPACE-RW", "scope_kind": "consent", "scope_id": "CONSENT-7"})
    p["monitoring"]["heartbeat"] = {"value": 30, "unit": "min"}
    c["monitoring"]["heartbeat"] = {"value": 30, "unit": "min"}
    p["limits"]["max_items"] = {"Source": 3, "Finding": 10}
    c["limits"]["max_items"] = {"Source": 2, "Finding": 10}
    consented = (p, c, ch)

    # Wildcards and a spend limit: the parent takes every PRJ-1 object and tool, and may spend.
    p, c, ch = copy.deepcopy(plain)
    p["scope"]["objects"] = ["PRJ-1/*", "catalog:*"]
    p["scope"]["tools"] = ["source_*", "search"]
    p["scope"]["operations"] = ["read", "create_*"]
    p["limits"]["spend"] = {"amount": "12.50", "currency": "EUR"}
    p["scope"]["denials"].append({"rule_id": "no-corpus", "objects": ["PRJ-1/corpus/*"], "operations": ["write", "delete"]})
    c["scope"]["denials"].append({"rule_id": "no-corpus", "objects": ["PRJ-1/corpus/*"], "operations": ["write", "delete"]})
    c["limits"]["spend"] = {"amount": "12.50", "currency": "EUR"}
    wildcards = (p, c, ch)
    # Gates a wildcard reaches: a T3 parent whose `issue_*` reaches Verdicts (named) and permission
    # issuance (denied, so it needs no authority), publishing under a named editor.
    p, c, ch = copy.deepcopy(release)
    for contract in (p, c):
        contract["autonomy_tier"] = "T3_consequential_propose"
        contract["scope"]["operations"] = ["read", "issue_*", "publish", "pay_fee"]
        contract["scope"]["denials"] = [{"rule_id": "no-permission-issuance", "operations": ["issue_permission"]}]
        contract["gates"]["human_authorities"].append({"gate": "verdict", "authority_ref": "PRINCIPAL-JUDGE"})
        contract["gates"]["post_effect_checks"] = []
        contract["gates"]["reviewers"] = []
    gated = (p, c, ch)
    return [plain, release, two_levels, consented, wildcards, gated]


# --- mutations: each takes (rng, parent, child) and changes one of them in place --------------------

def recase(rng, text):
    forms = [text.upper(), text.capitalize(), text.swapcase()]
    return rng.choice([f for f in forms if f != text] or [text + "X"])


def widen(rng, selector):
    """A selector the given one is within (or not, when it is already everything)."""
    if selector == "*":
        return "*"
    stem = selector[:-1] if selector.endswith("*") else selector
    cut = rng.randrange(0, len(stem) + 1)
    return stem[:cut] + "*"


def narrow(rng, selector):
    if selector.endswith("*"):
        return selector[:-1] + rng.choice(["x", "sources/", "a/b", "sub*", "*", ""])
    return selector


def mutate_list(rng, contract, path, pool):
    holder = contract
    for key in path[:-1]:
        holder = holder[key]
    items = holder[path[-1]]
    kind = rng.choice(["drop", "add_pool", "add_other", "recase", "widen", "narrow", "star", "empty", "empty_denied", "duplicate", "trick", "parent_side"])
    if kind == "drop" and items:
        items.pop(rng.randrange(len(items)))
    elif kind == "add_pool":
        items.append(rng.choice(pool))
    elif kind == "add_other":
        items.append(rng.choice(["delete", "shell_exec", "PRJ-2/*", "restricted_thing", "publish", "PRJ-1", "PRJ-10/x"]))
    elif kind == "recase" and items:
        i = rng.randrange(len(items))
        items[i] = recase(rng, items[i])
    elif kind == "widen" and items:
        i = rng.randrange(len(items))
        items[i] = widen(rng, items[i])
    elif kind == "narrow" and items:
        i = rng.randrange(len(items))
        items[i] = narrow(rng, items[i])
    elif kind == "star":
        items.append("*")
    elif kind == "empty":
        items.clear()
    elif kind == "duplicate" and items:
        items.append(items[0])
    elif kind == "empty_denied":
        items.clear()
        contract["scope"]["denials"].append({"rule_id": "no-tool-x", rng.choice(["tools", "tools", "operations"]): [rng.choice(["search", "*", "shell_exec"])]})
    elif kind == "trick" and items:
        i = rng.randrange(len(items))
        base = items[i].rstrip("*").rstrip("/")
        items[i] = rng.choice([base + "/../corpus/F-1", base + "//x", base + "/%2e%2e/x", base + "\\x", base + "/./x", base + "/%20x", base + "/x%3Ay"])
    return kind


SCOPE_POOL = {
    "objects": ["PRJ-1/*", "PRJ-1/sources/*", "PRJ-1/sources/S-1", "PRJ-1/corpus/*", "catalog:*", "catalog:x", "site:prj-1/summary", "billing:hosting", "*", "PRJ-1*", "prj-1/*"],
    "tools": ["search", "source_reader", "proposal_writer", "source_stager", "source_*", "site_publisher", "payments", "Search", "*"],
    "operations": ["read", "create_proposal", "publish", "pay_fee", "create_*", "Read", "include_in_corpus", "issue_verdict", "issue_*", "*", "delete"],
}
DATA_CLASSES = ["public", "internal", "confidential", "restricted", "ext:lab@1", "Public"]
EFFECTS = ["read_only", "proposal", "reversible_mutation", "consequential_mutation", "external_publication", "external_commitment", "spend"]


def m_scope(rng, parent, child):
    key = rng.choice(["objects", "tools", "operations"])
    target = parent if rng.random() < 0.25 else child
    return f"{'parent' if target is parent else 'child'}.scope.{key}:" + mutate_list(rng, target, ["scope", key], SCOPE_POOL[key])


def m_data(rng, parent, child):
    target = parent if rng.random() < 0.25 else child
    items = target["scope"]["data_classes"]
    if items and rng.random() < 0.4:
        items.pop(rng.randrange(len(items)))
    else:
        items.append(rng.choice(DATA_CLASSES))
    return "data_classes"


def m_effects(rng, parent, child):
    if rng.random() < 0.4:
        tiers = ["T0_observe", "T1_draft", "T2_bounded_execute", "T3_consequential_propose", "T4_consequential_execute"]
        (parent if rng.random() < 0.3 else child)["autonomy_tier"] = rng.choice(tiers)
        return "tier"
    items = child["scope"]["effect_classes"]
    if items and rng.random() < 0.4:
        items.pop(rng.randrange(len(items)))
    else:
        items.append(rng.choice(EFFECTS))
    return "effect_classes"


def m_denials(rng, parent, child):
    denials = child["scope"]["denials"]
    kind = rng.choice(["drop", "add", "drop_list_entry", "recase", "star", "prefix", "extra_list", "drop_list", "rule_id", "parent_add", "split", "parent_star"])
    if kind == "drop" and denials:
        denials.pop(rng.randrange(len(denials)))
    elif kind == "add":
        denials.append({"rule_id": "extra", rng.choice(["operations", "tools", "objects", "effect_classes"]): [rng.choice(["delete", "shell_exec", "PRJ-1/corpus/*", "spend"])]})
    elif denials:
        d = denials[rng.randrange(len(denials))]
        lists = [k for k in ("operations", "objects", "tools", "effect_classes") if d.get(k) is not None] or ["operations"]
        key = rng.choice(lists)
        d.setdefault(key, [])
        if kind in ("drop_list_entry", "recase", "prefix") and not d[key]:
            kind = "star"
        if kind == "drop_list_entry":
            d[key].pop(rng.randrange(len(d[key])))
        elif kind == "recase":
            i = rng.randrange(len(d[key]))
            d[key][i] = recase(rng, d[key][i])
        elif kind == "star":
            d[key] = ["*"]
        elif kind == "prefix":
            i = rng.randrange(len(d[key]))
            d[key][i] = widen(rng, d[key][i])
        elif kind == "extra_list":
            other = rng.choice([k for k in ("operations", "objects", "tools", "effect_classes") if k != key])
            d[other] = [rng.choice(["PRJ-1/corpus/*", "*", "search", "proposal", "publish"])]
        elif kind == "drop_list" and len(lists) > 1:
            del d[key]
        elif kind == "rule_id":
            d["rule_id"] = recase(rng, d["rule_id"])
        elif kind == "split" and len(d[key]) > 1:
            rest = d[key][1:]
            d[key] = d[key][:1]
            denials.append({"rule_id": d["rule_id"], key: rest})
    if kind == "parent_add":
        parent["scope"]["denials"].append({"rule_id": "parent-extra", rng.choice(["operations", "tools"]): [rng.choice(["delete", "search", "read", "source_*"])]})
    if kind == "parent_star":
        parent["scope"]["denials"].append({"rule_id": "parent-star", "operations": ["*"], "objects": ["PRJ-1/corpus/*"]})
        if rng.random() < 0.5:
            child["scope"]["denials"].append({"rule_id": "parent-star", "operations": ["*"], "objects": [rng.choice(["PRJ-1/corpus/F-1", "PRJ-1/*", "PRJ-1/corpus/*", "*"])]})
    return "denials:" + kind


def bump(rng, value, step=1):
    return rng.choice([value, value + step, max(0, value - step), 0])


def m_budget(rng, parent, child):
    target = parent if rng.random() < 0.25 else child
    limits = target["limits"]
    key = rng.choice(["max_tokens", "max_tool_calls", "max_concurrency", "max_items"])
    if key == "max_items":
        items = limits.setdefault("max_items", {})
        kind = rng.choice(["Source", "Finding", "Claim"])
        if rng.random() < 0.3:
            items.pop(kind, None)
        else:
            items[kind] = bump(rng, items.get(kind, 3))
    elif rng.random() < 0.25:
        limits.pop(key, None)
    else:
        limits[key] = bump(rng, limits.get(key, child["limits"].get(key) or 5))
    return f"{'parent' if target is parent else 'child'}.{key}"


def m_spend(rng, parent, child):
    kind = rng.choice(["equal", "cent_more", "unit_more", "less", "missing", "zero", "currency", "written", "parent_missing", "parent_zero", "both_other"])
    p = parent["limits"].get("spend")
    base = dict(p) if p else {"amount": "10.00", "currency": "USD"}
    whole, _, frac = base["amount"].partition(".")
    units = int(whole) * 10_000 + int(frac.ljust(4, "0") or 0)

    def write(u, decimals=2):
        text = f"{u // 10_000}.{u % 10_000:04d}"
        return text[: len(text) - (4 - decimals)] if decimals < 4 and text.endswith("0" * (4 - decimals)) else text
    if kind == "equal":
        child["limits"]["spend"] = dict(base)
    elif kind == "cent_more":
        child["limits"]["spend"] = {"amount": write(units + 1, 4), "currency": base["currency"]}
    elif kind == "unit_more":
        child["limits"]["spend"] = {"amount": write(units + 10_000), "currency": base["currency"]}
    elif kind == "less":
        child["limits"]["spend"] = {"amount": write(max(0, units - 1), 4), "currency": base["currency"]}
    elif kind == "missing":
        child["limits"].pop("spend", None)
    elif kind == "zero":
        child["limits"]["spend"] = {"amount": rng.choice(["0", "0.00", "0.0000"]), "currency": rng.choice([base["currency"], "JPY"])}
    elif kind == "currency":
        child["limits"]["spend"] = {"amount": rng.choice(["1.00", base["amount"]]), "currency": rng.choice(["GBP", "JPY"])}
    elif kind == "written":
        child["limits"]["spend"] = {"amount": rng.choice([write(units, 4), write(units, 2) if units % 100 == 0 else write(units, 4), str(units // 10_000) if units % 10_000 == 0 else write(units, 4)]), "currency": base["currency"]}
    elif kind == "parent_missing":
        parent["limits"].pop("spend", None)
        child["limits"]["spend"] = {"amount": "1.00", "currency": "USD"}
    elif kind == "parent_zero":
        parent["limits"]["spend"] = {"amount": "0.00", "currency": "USD"}
        child["limits"][rng.choice(["spend", "x"])] = {"amount": rng.choice(["0", "0.01"]), "currency": "USD"}
        child["limits"].pop("x", None)
    elif kind == "both_other":
        parent["limits"]["spend"] = {"amount": "5", "currency": "GBP"}
        child["limits"]["spend"] = {"amount": rng.choice(["5.0000", "4.9999", "5.0001", "5"]), "currency": "GBP"}
    return "spend:" + kind


def shift(time, delta_ns):
    """A UtcTime moved by delta_ns, written with nine fraction digits (no leap seconds produced)."""
    import datetime
    date, clock = time[:-1].split("T")
    hms, _, frac = clock.partition(".")
    h, m, s = (int(x) for x in hms.split(":"))
    leap = s == 60
    base = datetime.datetime.fromisoformat(date + "T00:00:00") + datetime.timedelta(hours=h, minutes=m, seconds=min(s, 59))
    ns = int((frac or "0").ljust(9, "0")[:9]) + delta_ns + (1_000_000_000 if leap else 0)
    base += datetime.timedelta(seconds=ns // 1_000_000_000)
    ns %= 1_000_000_000
    return base.strftime("%Y-%m-%dT%H:%M:%S") + (f".{ns:09d}" if ns else "") + "Z"


def m_times(rng, parent, child):
    kind = rng.choice(["expires_equal", "expires_ns_after", "expires_ns_before", "issued_ns_before", "issued_equal", "issued_later",
                       "duration_ms_more", "duration_units", "duration_end_exact", "duration_end_ns_past", "leap_expiry", "leap_issue", "leap_boundary", "fraction_spelling"])
    if kind == "expires_equal":
        child["expires_at"] = parent["expires_at"]
    elif kind == "expires_ns_after":
        child["expires_at"] = shift(parent["expires_at"], 1)
    elif kind == "expires_ns_before":
        child["expires_at"] = shift(parent["expires_at"], -1)
    elif kind == "issued_ns_before":
        child["issued_at"] = shift(parent["issued_at"], -1)
    elif kind == "issued_equal":
        child["issued_at"] = parent["issued_at"]
    elif kind == "issued_later":
        child["issued_at"] = shift(parent["issued_at"], rng.choice([1, 1_000_000, 600_000_000_000, 3_000_000_000_000]))
    elif kind == "duration_ms_more":
        ms = parent["limits"]["max_duration"]["value"] * {"ms": 1, "s": 1000, "min": 60_000, "h": 3_600_000, "d": 86_400_000}[parent["limits"]["max_duration"]["unit"]]
        child["limits"]["max_duration"] = {"value": ms + rng.choice([1, 0, -1]), "unit": "ms"}
    elif kind == "duration_units":
        child["limits"]["max_duration"] = rng.choice([{"value": 60, "unit": "min"}, {"value": 3600, "unit": "s"}, {"value": 1, "unit": "h"}, {"value": 120, "unit": "min"}, {"value": 1, "unit": "d"}])
    elif kind in ("duration_end_exact", "duration_end_ns_past"):
        # Issued a second later with a duration one second shorter: ends exactly with the parent, or 1 ms past.
        ms = parent["limits"]["max_duration"]["value"] * {"ms": 1, "s": 1000, "min": 60_000, "h": 3_600_000, "d": 86_400_000}[parent["limits"]["max_duration"]["unit"]]
        child["issued_at"] = shift(parent["issued_at"], 1_000_000_000 - (1 if kind == "duration_end_ns_past" else 0))
        child["limits"]["max_duration"] = {"value": ms - 1000, "unit": "ms"}
    elif kind == "leap_expiry":
        # The parent expires at a leap second; the child at 23:59:59.9, the leap second, or the next midnight.
        parent["expires_at"] = "2026-12-31T23:59:60Z"
        parent["issued_at"] = "2026-12-31T23:00:00Z"
        child["issued_at"] = "2026-12-31T23:10:00Z"
        child["expires_at"] = rng.choice(["2026-12-31T23:59:59.9Z", "2026-12-31T23:59:60Z", "2026-12-31T23:59:60.5Z", "2027-01-01T00:00:00Z"])
    elif kind == "leap_issue":
        # Issued across a leap second: the child issued at it or just after, with what is left of one hour.
        parent["issued_at"] = "2026-12-31T23:30:00Z"
        parent["expires_at"] = "2027-01-01T02:00:00Z"
        parent["limits"]["max_duration"] = {"value": 1, "unit": "h"}
        child["issued_at"] = rng.choice(["2026-12-31T23:59:60Z", "2026-12-31T23:59:60.5Z", "2027-01-01T00:00:00Z", "2026-12-31T23:59:59Z"])
        child["expires_at"] = "2027-01-01T01:00:00Z"
        child["limits"]["max_duration"] = {"value": rng.choice([1_799_000, 1_799_500, 1_800_000, 1_801_000, 1_800_500, 1_799_999]), "unit": "ms"}
    elif kind == "leap_boundary":
        # Either issued_at at or around a leap second, the child's duration ending with the parent's
        # budget to the millisecond, or one millisecond either side of it.
        import attenuation_checker
        parent["issued_at"] = rng.choice(["2026-12-31T23:30:00Z", "2026-12-31T23:59:59.5Z", "2026-12-31T23:59:60Z", "2026-12-31T23:59:60.5Z"])
        parent["expires_at"] = "2027-01-01T03:00:00Z"
        parent["limits"]["max_duration"] = {"value": 1, "unit": "h"}
        child["issued_at"] = rng.choice(["2026-12-31T23:59:60Z", "2026-12-31T23:59:60.25Z", "2027-01-01T00:00:00Z", "2027-01-01T00:00:00.5Z", "2026-12-31T23:59:59.75Z"])
        child["expires_at"] = "2027-01-01T02:00:00Z"
        left = 3_600_000 - attenuation_checker.elapsed_ns(parent["issued_at"], child["issued_at"]) // 1_000_000
        child["limits"]["max_duration"] = {"value": max(1, left + rng.choice([-1, 0, 0, 1])), "unit": "ms"}
    elif kind == "fraction_spelling":
        child["expires_at"] = parent["expires_at"][:-1] + rng.choice([".000Z", ".000000000Z", ".0000000001Z", ".1Z"])
    return "times:" + kind


def m_depth(rng, parent, child):
    kind = rng.choice(["child_up", "child_down", "parent_down", "child_allows", "attestation_drop", "eligible_widen", "eligible_drop", "eligible_narrow"])
    cp, pp = child["subdelegation_policy"], parent["subdelegation_policy"]
    if kind == "child_up":
        cp["max_remaining_depth"] += 1
        cp["allowed"] = True
    elif kind == "child_down" and cp["max_remaining_depth"] > 0:
        cp["max_remaining_depth"] -= 1
        cp["allowed"] = cp["max_remaining_depth"] > 0
    elif kind == "parent_down":
        pp["max_remaining_depth"] -= 1
        pp["allowed"] = pp["max_remaining_depth"] > 0
    elif kind == "child_allows" and not cp["allowed"]:
        pp["max_remaining_depth"] = 2
        cp.update({"allowed": True, "max_remaining_depth": 1, "eligible_delegates": copy.deepcopy(pp.get("eligible_delegates") or {}), "required_attestations": list(pp["required_attestations"])})
    elif kind == "attestation_drop" and cp["required_attestations"]:
        cp["required_attestations"].pop()
    elif kind == "eligible_widen":
        cp.setdefault("eligible_delegates", {}).setdefault(rng.choice(["actor_ids", "operator_principal_refs"]), []).append("SOMEONE-ELSE")
    elif kind == "eligible_drop" and cp.get("eligible_delegates"):
        cp["eligible_delegates"].pop(rng.choice(sorted(cp["eligible_delegates"])))
    elif kind == "eligible_narrow":
        for names in (cp.get("eligible_delegates") or {}).values():
            if names:
                names.pop()
    return "depth:" + kind


def m_retries(rng, parent, child):
    r = child["retry_policy"]
    kind = rng.choice(["attempts_more", "attempts_less", "outcome_add", "outcome_drop", "backoff_shorter", "backoff_units", "reconcile", "renewal_drop", "renewal_add"])
    if kind == "attempts_more":
        r["max_attempts"] = parent["retry_policy"]["max_attempts"] + 1
    elif kind == "attempts_less":
        r["max_attempts"] = max(1, parent["retry_policy"]["max_attempts"] - 1)
    elif kind == "outcome_add":
        r["retryable_outcomes"].append(rng.choice(["unknown", "cancelled", "expired", "failed"]))
    elif kind == "outcome_drop" and r["retryable_outcomes"]:
        r["retryable_outcomes"].pop()
    elif kind == "backoff_shorter":
        r["backoff"] = {"value": 9999, "unit": "ms"}
    elif kind == "backoff_units":
        r["backoff"] = rng.choice([{"value": 10000, "unit": "ms"}, {"value": 1, "unit": "min"}])
    elif kind == "reconcile":
        r["reconcile_before_retry"] = False
        r["retryable_outcomes"] = ["failed"]
    elif kind == "renewal_drop":
        r["renewed_approval_conditions"] = []
    elif kind == "renewal_add":
        r["renewed_approval_conditions"].append("tool_change")
    return "retries:" + kind


def m_gates(rng, parent, child):
    g = child["gates"]
    kind = rng.choice(["authority_drop", "authority_add_same_gate", "authority_add_other_gate", "reviewer_drop", "reviewer_independence",
                       "reviewer_principal_add", "reviewer_principal_empty", "reviewer_principal_narrow", "reviewer_add", "parent_reviewer_any",
                       "parent_same_principal", "reviewer_role_twice", "reviewer_role_case"])
    if kind == "authority_drop" and g["human_authorities"]:
        g["human_authorities"].pop()
    elif kind == "authority_add_same_gate" and g["human_authorities"]:
        g["human_authorities"].append({"gate": g["human_authorities"][0]["gate"], "authority_ref": "PRINCIPAL-OTHER"})
    elif kind == "authority_add_other_gate":
        g["human_authorities"].append({"gate": rng.choice(["verdict", "corpus_inclusion", "publication", "external_commitment", "permission_issuance", "policy", "plan_approval"]), "authority_ref": "PRINCIPAL-OTHER"})
    elif kind == "reviewer_drop" and g["reviewers"]:
        g["reviewers"].pop()
    elif kind == "reviewer_independence" and g["reviewers"]:
        g["reviewers"][0]["independence"] = "same_principal_allowed"
    elif kind == "reviewer_principal_add" and g["reviewers"]:
        g["reviewers"][0]["principal_refs"].append("PRINCIPAL-OTHER")
    elif kind == "reviewer_principal_empty" and g["reviewers"]:
        g["reviewers"][0]["principal_refs"] = []
    elif kind == "reviewer_principal_narrow" and g["reviewers"] and len(g["reviewers"][0]["principal_refs"]) > 1:
        g["reviewers"][0]["principal_refs"].pop()
    elif kind == "reviewer_add":
        g["reviewers"].append({"role": "extra_review", "principal_refs": [], "independence": "independent"})
    elif kind == "parent_reviewer_any" and parent["gates"]["reviewers"]:
        parent["gates"]["reviewers"][0]["principal_refs"] = []
    elif kind == "parent_same_principal" and parent["gates"]["reviewers"]:
        parent["gates"]["reviewers"][0]["independence"] = "same_principal_allowed"
    elif kind == "reviewer_role_twice" and g["reviewers"]:
        g["reviewers"].append(dict(copy.deepcopy(g["reviewers"][0]), principal_refs=[rng.choice(["PRINCIPAL-OTHER", "PRINCIPAL-LEAD"])]))
    elif kind == "reviewer_role_case" and g["reviewers"]:
        g["reviewers"][0]["role"] = g["reviewers"][0]["role"].upper()
    return "gates:" + kind


def m_consent(rng, parent, child):
    consents = child["gates"]["consent"]
    kind = rng.choice(["drop", "reorder", "retention_units", "expiry_spelling", "expiry_later", "class_add", "new_consent", "recipient_add"])
    if not consents:
        kind = "new_consent"
    if kind == "drop":
        consents.pop()
    elif kind == "reorder":
        consents[0]["recipients"].reverse()
        consents[0]["data_classes"].reverse()
    elif kind == "retention_units":
        consents[0]["retention"] = rng.choice([{"value": 720, "unit": "h"}, {"value": 31, "unit": "d"}])
    elif kind == "expiry_spelling":
        consents[0]["expires_at"] = "2026-12-31T00:00:00.000Z"
    elif kind == "expiry_later":
        consents[0]["expires_at"] = "2027-01-01T00:00:00Z"
    elif kind == "class_add":
        consents[0]["data_classes"].append("internal")
    elif kind == "recipient_add":
        consents[0]["recipients"].append("AGENT-OTHER")
    elif kind == "new_consent":
        consents.append({"consent_ref": {"object_id": "CONSENT-9", "revision_id": "c-r1", "content_digest": "sha256:" + "9" * 64},
                         "subject_ref": "PRJ-1-CONTRIBUTORS", "scope": "PRJ-1 sources", "purpose": "survey", "data_classes": [rng.choice(["public", "internal", "confidential"])],
                         "recipients": ["AGENT-HELPER"], "retention": {"value": 7, "unit": "d"}, "expires_at": "2026-12-31T00:00:00Z", "withdrawal_route": "https://x.example/withdraw"})
        child["control_scopes"].append({"space_id": "SPACE-RW", "scope_kind": "consent", "scope_id": "CONSENT-9"})
    return "consent:" + kind


def m_oversight(rng, parent, child):
    m, g, v = child["monitoring"], child["gates"], child["revocation"]
    kind = rng.choice(["mode_drop", "telemetry_drop", "trigger_drop", "observer_drop", "heartbeat_slower", "heartbeat_none", "heartbeat_faster", "breaker_none",
                       "pre_check_drop", "post_check_drop", "verification_drop", "revocation_authority_drop", "propagation_longer", "propagation_units", "ack_drop", "readback_drop", "extra_mode"])
    if kind == "mode_drop":
        m["modes"].pop()
    elif kind == "telemetry_drop":
        m["telemetry_classes"].pop()
    elif kind == "trigger_drop":
        m["anomaly_triggers"].pop()
    elif kind == "observer_drop" and m["observer_refs"]:
        m["observer_refs"].pop()
    elif kind == "heartbeat_slower":
        m["heartbeat"] = {"value": 31, "unit": "min"}
    elif kind == "heartbeat_faster":
        m["heartbeat"] = {"value": 1800, "unit": "s"}
    elif kind == "heartbeat_none":
        m["heartbeat"] = None
    elif kind == "breaker_none":
        m["circuit_breaker_ref"] = None
    elif kind == "pre_check_drop":
        g["pre_effect_checks"].pop()
    elif kind == "post_check_drop" and g["post_effect_checks"]:
        g["post_effect_checks"].pop()
    elif kind == "verification_drop" and g["verification"]:
        g["verification"].pop()
    elif kind == "revocation_authority_drop":
        v["authority_refs"] = []
    elif kind == "propagation_longer":
        v["propagation_bound"] = {"value": 61, "unit": "s"}
    elif kind == "propagation_units":
        v["propagation_bound"] = {"value": 1, "unit": "min"}
    elif kind == "ack_drop":
        v["acknowledgement_required"] = False
    elif kind == "readback_drop":
        v["readback_on_unknown"] = False
    elif kind == "extra_mode":
        m["modes"].append("continuous")
    return "oversight:" + kind


def m_binding(rng, parent, child):
    kind = rng.choice(["operator", "actor", "actor_human", "route_drop_parent", "route_drop_root", "route_case", "fence_drop_parent", "fence_drop_policy",
                       "fence_drop_space", "input_drop", "input_other_revision", "input_foreign", "parent_proposed", "child_proposed", "child_revoked",
                       "root_task", "issuer", "parent_ref_revision"])
    actor = child["delegatee_agent_ref"]["agent_actor_ref"]
    if kind == "operator":
        child["accountable_operator_ref"]["operator_principal_ref"] = rng.choice(["OP-OTHER", "op-lab"])
    elif kind == "actor":
        actor["object_id"] = rng.choice(["ACTOR-HELPER-2", "ACTOR-STRANGER", "actor-helper"])
    elif kind == "actor_human":
        actor["actor_type"] = "human"
    elif kind.startswith("route_"):
        target = parent["delegation_id"] if kind == "route_drop_parent" else parent["root_task_ref"]
        child["report_to"] = [r for r in child["report_to"] if r != target] + ([target.lower()] if kind == "route_case" else [])
    elif kind.startswith("fence_drop_"):
        want = {"fence_drop_parent": ("delegation", parent["delegation_id"]), "fence_drop_policy": ("policy", None), "fence_drop_space": ("space", None)}[kind]
        child["control_scopes"] = [s for s in child["control_scopes"] if not (s["scope_kind"] == want[0] and (want[1] is None or s["scope_id"] == want[1]))]
    elif kind == "input_drop":
        child["inputs"] = []
    elif kind == "input_other_revision":
        child["inputs"] = [dict(i, revision_id=i["revision_id"] + "x") for i in (parent["inputs"] or [{"object_id": "SRC-1", "revision_id": "r1", "content_digest": "sha256:" + "1" * 64}])]
    elif kind == "input_foreign":
        child["inputs"] = child["inputs"] + [{"object_id": "SRC-9", "revision_id": "r1", "content_digest": "sha256:" + "2" * 64}]
    elif kind == "parent_proposed":
        parent["lifecycle_assertion"] = rng.choice(["proposed", "suspended"])
    elif kind == "child_proposed":
        child["lifecycle_assertion"] = "proposed"
    elif kind == "child_revoked":
        child["lifecycle_assertion"] = rng.choice(["revoked", "expired", "superseded"])
    elif kind == "root_task":
        child["root_task_ref"] = "TASK-OTHER"
    elif kind == "issuer":
        child["issued_by_actor_ref"] = copy.deepcopy(parent["delegator_actor_ref"])
        child["delegator_actor_ref"] = copy.deepcopy(parent["delegator_actor_ref"])
    elif kind == "parent_ref_revision":
        child["parent_contract_ref"]["revision_id"] = "r0"
    return "binding:" + kind


def sibling(child, n, limits):
    s = copy.deepcopy(child)
    old, new = child["delegation_id"], f"D-SIB-{n}"
    s["record_id"] = s["delegation_id"] = new
    s["content_digest"] = "sha256:" + f"{n:x}" * 64
    s["retry_policy"]["idempotency_key"] = new + "/effect"
    s["monitoring"]["circuit_breaker_ref"] = "CB-" + new
    s["attestation_chain_ref"] = {"object_id": "CHAIN-" + new, "revision_id": "ch-r1", "content_digest": "sha256:" + f"{n:x}" * 64}
    for scope in s["control_scopes"]:
        if scope["scope_id"] == old:
            scope["scope_id"] = new
    s["limits"] = limits
    return s


def share(rng, parent_value, child_value):
    """A sibling's share of a limit: what the child leaves, one more, less, nothing, or no limit."""
    left = (parent_value or 0) - (child_value or 0)
    return rng.choice([left, left, left + 1, max(0, left - 1), 0, None, parent_value])


def siblings_of(rng, parent, child):
    pl, cl = parent["limits"], child["limits"]
    out, kinds = [], []
    for n in range(1, rng.choice([2, 2, 3, 4])):
        limits = {"max_duration": copy.deepcopy(cl["max_duration"])}
        for key in ("max_tokens", "max_tool_calls", "max_concurrency"):
            value = share(rng, pl.get(key), cl.get(key))
            if n > 1 and value is not None:
                value = value // 2
            if value is not None:
                limits[key] = value
        if "max_items" in pl:
            limits["max_items"] = {k: v for k, v in ((k, share(rng, c, (cl.get("max_items") or {}).get(k))) for k, c in pl["max_items"].items()) if v is not None}
        p_spend, c_spend = pl.get("spend"), cl.get("spend")
        if p_spend is not None and rng.random() < 0.7:
            def units(m):
                whole, _, frac = m["amount"].partition(".")
                return int(whole) * 10_000 + int(frac.ljust(4, "0") or 0)
            left = units(p_spend) - (units(c_spend) if c_spend and c_spend["currency"] == p_spend["currency"] else 0)
            u = max(0, rng.choice([left, left + 1, left - 1, 0, left // 2]))
            limits["spend"] = {"amount": f"{u // 10_000}.{u % 10_000:04d}", "currency": rng.choice([p_spend["currency"]] * 4 + ["GBP"])}
        out.append(sibling(child, n, limits))
    kind = rng.choice(["plain", "plain", "duplicate", "amended", "other_parent", "no_parent", "own_earlier", "revoked", "same_revision_differs", "cross_prior", "prior_mismatch"])
    kinds.append(kind)
    if kind == "duplicate":
        out.append(copy.deepcopy(out[0]))
    elif kind == "amended":
        r2 = copy.deepcopy(out[0])
        r2["revision_id"] = "r2"
        r2["content_digest"] = "sha256:" + "e" * 64
        r2["prior_revision_ref"] = {"object_id": r2["delegation_id"], "revision_id": out[0]["revision_id"], "content_digest": out[0]["content_digest"]}
        r2["limits"] = copy.deepcopy(out[0]["limits"])
        for key in ("max_tokens", "max_tool_calls"):
            if key in r2["limits"]:
                r2["limits"][key] = max(0, r2["limits"][key] - rng.choice([0, 1, 1000]))
        out.append(r2)
    elif kind == "other_parent":
        out[0]["parent_contract_ref"] = dict(out[0]["parent_contract_ref"], revision_id="r0")
    elif kind == "no_parent":
        out[0]["parent_contract_ref"] = None
        out[0]["attestation_chain_ref"] = None
    elif kind == "own_earlier":
        own = copy.deepcopy(child)
        own["revision_id"] = "r0"
        own["content_digest"] = "sha256:" + "0" * 64
        out.append(own)
    elif kind == "revoked":
        out[0]["lifecycle_assertion"] = "revoked"
    elif kind == "same_revision_differs":
        # The same revision and digest, other limits: a copy that is no copy.
        other = copy.deepcopy(out[0])
        for key in ("max_tokens", "max_tool_calls", "max_concurrency"):
            if key in other["limits"]:
                other["limits"][key] += rng.choice([1, 1000])
        out.insert(rng.choice([0, 1]), other)
    elif kind == "cross_prior" and len(out) > 1:
        # Another sibling names this one as its prior, as if it amended it.
        out[1]["revision_id"] = "r2"
        out[1]["prior_revision_ref"] = {"object_id": out[0]["delegation_id"], "revision_id": out[0]["revision_id"], "content_digest": out[0]["content_digest"]}
    elif kind == "prior_mismatch" and len(out) > 1:
        # A sibling names the other's revision and digest under its own id.
        out[1]["revision_id"] = "r2"
        out[1]["prior_revision_ref"] = {"object_id": out[1]["delegation_id"], "revision_id": out[0]["revision_id"], "content_digest": out[0]["content_digest"]}
    rng.shuffle(out)
    return out, kinds


# --- the chain: drawn on streams of their own (`chain_streams`), so the other draws stay as they were --

EVIDENCE_KINDS = ["witness", "Signature", "notary"]


ROOT_REF = {"object_id": "D-ROOT-0", "revision_id": "r1", "content_digest": "sha256:" + "a" * 64}
ORCHESTRATOR = {"object_id": "ACTOR-ORCHESTRATOR", "revision_id": "act-r1", "content_digest": "sha256:" + "b" * 64, "actor_type": "agent"}


def c_lift(rng, parent, child, chain):
    """The pair one level down: the parent is itself the child of a root contract D-ROOT-0 (not in
    hand), delegated by the root's agent, and the chain starts at the root's link. Faithful, or the
    child not fencing the root's stream, the root's link another revision than the parent's own
    parent, no root link at all (the child fencing the root's stream, or neither contract), the root's depth not
    falling to the parent's, or another delegatee."""
    kind = rng.choice(["faithful", "faithful", "child_unfenced", "grand_revision", "no_root_link", "no_root_link_unfenced", "root_depth_flat", "root_delegatee_other"])
    space = parent["control_scopes"][0]["space_id"]
    lead = copy.deepcopy(parent["delegator_actor_ref"])
    parent["parent_contract_ref"] = copy.deepcopy(ROOT_REF)
    parent["attestation_chain_ref"] = {"object_id": "CHAIN-" + parent["delegation_id"], "revision_id": "ch-r1", "content_digest": "sha256:" + "c" * 64}
    parent["delegator_actor_ref"] = copy.deepcopy(ORCHESTRATOR)
    parent["issued_by_actor_ref"] = copy.deepcopy(ORCHESTRATOR)
    parent["report_to"].append(ROOT_REF["object_id"])
    for contract in (parent, child):
        # Without a root link, neither fences the root: only the child's parent_contract_ref names it.
        if not (kind.endswith("_unfenced") and (contract is child or kind.startswith("no_root_link"))):
            contract["control_scopes"].append({"space_id": space, "scope_kind": "delegation", "scope_id": ROOT_REF["object_id"]})
    links = chain["links"]
    evidence = links[0]["evidence"]
    links[-2] = link_of(parent, evidence)
    root = link_of(parent, evidence)
    root.update(contract_ref=copy.deepcopy(ROOT_REF), delegator_actor_ref=lead, delegatee_actor_ref=copy.deepcopy(ORCHESTRATOR),
                max_remaining_depth=parent["subdelegation_policy"]["max_remaining_depth"] + 1)
    root["delegatee_card_ref"] = dict(root["delegatee_card_ref"], object_id="AGENT-ORCHESTRATOR")
    if kind == "grand_revision":
        root["contract_ref"]["revision_id"] = "r0"
    elif kind == "root_depth_flat":
        root["max_remaining_depth"] -= 1
    elif kind == "root_delegatee_other":
        root["delegatee_actor_ref"]["object_id"] = "ACTOR-STRANGER"
    if not kind.startswith("no_root_link"):
        links.insert(0, root)
    return "chain_lift:" + kind


def c_evidence(rng, parent, child, chain):
    """A link's evidence: none, only kinds other than signature and issuer, one kind dropped, a kind
    added beside it, the parent requiring a kind no link carries, or requiring none."""
    links = chain["links"]
    link = links[rng.randrange(len(links))]
    kind = rng.choice(["drop_all", "other_kind", "drop_signature", "add_other", "parent_requires", "none_required"])
    if kind == "drop_all":
        link["evidence"] = []
    elif kind == "other_kind":
        other = rng.choice(EVIDENCE_KINDS)
        for e in link["evidence"]:
            e["kind"] = other
    elif kind == "drop_signature":
        link["evidence"] = [e for e in link["evidence"] if e["kind"] != "signature"]
    elif kind == "add_other":
        link["evidence"].append(dict(copy.deepcopy(link["evidence"][0]), kind=rng.choice(EVIDENCE_KINDS)) if link["evidence"] else
                                {"kind": "witness", "ref": copy.deepcopy(link["contract_ref"]), "signer_ref": "ACTOR-LEAD"})
    elif kind == "parent_requires":
        parent["subdelegation_policy"]["required_attestations"].append(rng.choice(["issuer", "witness"]))
    elif kind == "none_required":
        # A parent requiring no kind: a link still needs signature or issuer evidence of its own.
        parent["subdelegation_policy"]["required_attestations"] = []
        other = rng.choice(EVIDENCE_KINDS + ["issuer", "signature"])
        for e in link["evidence"]:
            e["kind"] = other
    return "chain_evidence:" + kind


def c_links(rng, parent, child, chain):
    """The chain no longer the two contracts' own: a link's depth one off, another chain named, a
    chain withdrawn or of another root task, a link's card or operator another, a link repeated, a
    root link above a root parent, continuity broken, or the links swapped."""
    links = chain["links"]
    kind = rng.choice(["depth_child_up", "depth_child_down", "depth_parent_up", "depth_parent_down", "chain_ref", "lifecycle", "lifecycle_proposed",
                       "root_task", "card_revision", "operator", "repeat_link", "prepend_root", "delegator_break", "swap"])
    if kind.startswith("depth_"):
        link = links[-1] if "_child_" in kind else links[-2]
        link["max_remaining_depth"] = max(0, link["max_remaining_depth"] + (1 if kind.endswith("_up") else -1))
    elif kind == "chain_ref":
        child["attestation_chain_ref"] = dict(child["attestation_chain_ref"], revision_id="ch-r0")
    elif kind == "lifecycle":
        chain["lifecycle_assertion"] = rng.choice(["revoked", "superseded", "suspended", "expired", "retired"])
    elif kind == "lifecycle_proposed":
        chain["lifecycle_assertion"] = "proposed"
    elif kind == "root_task":
        chain["root_task_ref"] = "TASK-OTHER"
    elif kind == "card_revision":
        link = links[rng.randrange(len(links))]
        link["delegatee_card_ref"]["revision_id"] += "x"
    elif kind == "operator":
        links[rng.randrange(len(links))]["operator_principal_ref"] = "OP-OTHER"
    elif kind == "repeat_link":
        links.insert(rng.randrange(len(links) + 1), copy.deepcopy(links[rng.randrange(len(links))]))
    elif kind == "prepend_root":
        # A root link above a parent that names no parent: its delegator delegating to the parent's.
        root = copy.deepcopy(links[0])
        root["contract_ref"] = {"object_id": "D-ROOT-0", "revision_id": "r1", "content_digest": "sha256:" + "a" * 64}
        root["delegatee_actor_ref"] = copy.deepcopy(links[0]["delegator_actor_ref"])
        root["max_remaining_depth"] = links[0]["max_remaining_depth"] + 1
        links.insert(0, root)
    elif kind == "delegator_break":
        links[-1]["delegator_actor_ref"]["object_id"] = "ACTOR-STRANGER"
    elif kind == "swap":
        links.reverse()
    return "chain_links:" + kind


def revised(actor):
    """A later revision of the same persistent Actor: the same object_id, the next revision_id and its own digest."""
    later = copy.deepcopy(actor)
    later["revision_id"] = actor["revision_id"] + "+1"
    later["content_digest"] = "sha256:" + hashlib.sha256(f"{actor['object_id']}@{later['revision_id']}".encode()).hexdigest()
    return later


def c_actor(rng, parent, child, chain):
    """An Actor revised between links (sections 4.3, 8: a persistent Actor; links bind exact revisions): the
    child issued by a later revision of the parent's delegatee, its link naming it (faithful) or still the
    revision delegated to (the link stale); under a lifted parent, the parent issued by a later revision of
    the root's delegatee; the parent's link naming a later revision than the parent contract; or the child
    issued by another Actor at the delegatee's own revision."""
    links = chain["links"]
    kind = rng.choice(["child_delegator", "child_delegator", "child_link_stale", "parent_delegator", "parent_link_revised", "other_object"])
    if kind == "parent_delegator" and len(links) < 3:
        kind = "child_delegator"
    if kind == "parent_delegator":
        later = revised(links[-3]["delegatee_actor_ref"])
        parent["delegator_actor_ref"], parent["issued_by_actor_ref"] = copy.deepcopy(later), copy.deepcopy(later)
        links[-2]["delegator_actor_ref"] = copy.deepcopy(later)
    elif kind == "parent_link_revised":
        links[-2]["delegatee_actor_ref"] = revised(links[-2]["delegatee_actor_ref"])
    else:
        later = revised(parent["delegatee_agent_ref"]["agent_actor_ref"])
        if kind == "other_object":
            later = dict(copy.deepcopy(parent["delegatee_agent_ref"]["agent_actor_ref"]), object_id="ACTOR-STRANGER")
        child["delegator_actor_ref"], child["issued_by_actor_ref"] = copy.deepcopy(later), copy.deepcopy(later)
        if kind != "child_link_stale":
            links[-1]["delegator_actor_ref"] = copy.deepcopy(later)
    return "chain_actor:" + kind


def twin(actor):
    """The same Actor revision under another content digest: one revision claimed with a second content (README note 183)."""
    other = copy.deepcopy(actor)
    other["content_digest"] = "sha256:" + hashlib.sha256(f"{actor['object_id']}@{actor['revision_id']} twin".encode()).hexdigest()
    return other


def c_twin(rng, parent, child, chain):
    """An Actor revision named under two digests (README note 183; 2: an ActorRef is an exact revision reference):
    the child issued by the parent's delegatee revision under another digest, its link naming it so (or still the
    digest delegated to: the link stale); the child's link alone naming it so; under a lifted parent, the parent and
    its link issued by the root's delegatee revision under another digest, or that link alone."""
    links = chain["links"]
    kind = rng.choice(["child_delegator", "child_delegator", "child_link_stale", "link_only", "parent_delegator", "parent_link_only"])
    if kind.startswith("parent_") and len(links) < 3:
        kind = "child_delegator"
    if kind.startswith("parent_"):
        other = twin(links[-3]["delegatee_actor_ref"])
        links[-2]["delegator_actor_ref"] = copy.deepcopy(other)
        if kind == "parent_delegator":
            parent["delegator_actor_ref"], parent["issued_by_actor_ref"] = copy.deepcopy(other), copy.deepcopy(other)
        return "chain_twin:" + kind
    other = twin(parent["delegatee_agent_ref"]["agent_actor_ref"])
    if kind != "link_only":
        child["delegator_actor_ref"], child["issued_by_actor_ref"] = copy.deepcopy(other), copy.deepcopy(other)
    if kind != "child_link_stale":
        links[-1]["delegator_actor_ref"] = copy.deepcopy(other)
    return "chain_twin:" + kind


def c_far(rng, parent, child, chain):
    """One revision named under two digests in places no check compares with each other (README note 185): the child
    (and its link) delegated to its parent's delegatee revision, or to the parent's delegator revision, under another
    digest; the root link's delegator, or an upper link's card, the leaf's delegatee (card) revision so."""
    links = chain["links"]
    kind = rng.choice(["parent_delegatee", "parent_delegatee", "parent_delegator", "root_delegator", "upper_card"])
    if kind == "root_delegator":
        links[0]["delegator_actor_ref"] = twin(links[-1]["delegatee_actor_ref"])
    elif kind == "upper_card":
        links[rng.randrange(len(links) - 1)]["delegatee_card_ref"] = twin(links[-1]["delegatee_card_ref"])
    else:
        held = parent["delegatee_agent_ref"]["agent_actor_ref"] if kind == "parent_delegatee" else parent["delegator_actor_ref"]
        other = dict(twin(held), actor_type="agent")
        child["delegatee_agent_ref"]["agent_actor_ref"] = copy.deepcopy(other)
        links[-1]["delegatee_actor_ref"] = copy.deepcopy(other)
    return "chain_far:" + kind


def revision_only(ref):
    """A RevisionRef of `ref`: its object, revision and digest (an input names no actor_type)."""
    return {k: ref[k] for k in ("object_id", "revision_id", "content_digest")}


def c_inputs(rng, parent, child, chain):
    """An input revision named under two digests (README note 189): the parent binding one under two digests and its
    child taking the second, one of the parent's exact inputs; the parent's input naming its delegatee's Actor or the
    child's card revision so; or the child binding an input under another digest than its parent does (refused on
    `inputs` already, and not on `parent` again)."""
    kind = rng.choice(["parent_twice", "parent_twice", "parent_delegatee", "child_card", "child_other"])
    source = {"object_id": "SRC-FAR-1", "revision_id": "r1", "content_digest": "sha256:" + hashlib.sha256(b"SRC-FAR-1@r1").hexdigest()}
    if kind == "parent_twice":
        parent["inputs"] = parent["inputs"] + [source, twin(source)]
        child["inputs"] = child["inputs"] + [twin(source)]
    elif kind == "child_other":
        parent["inputs"] = parent["inputs"] + [source]
        child["inputs"] = child["inputs"] + [twin(source)]
    else:
        held = parent["delegatee_agent_ref"]["agent_actor_ref"] if kind == "parent_delegatee" else child["delegatee_agent_ref"]["agent_card_ref"]
        parent["inputs"] = parent["inputs"] + [revision_only(twin(held))]
    return "chain_inputs:" + kind


def lone_contract(rng, wide, narrow, names):
    """One contract alone naming one revision under two digests among the references it carries (README note 192; 2, 3):
    the wide contract (a parent, a prior) or the narrow one (its child, its next revision) binding an input under two
    digests, an input naming its own delegatee's Actor, its card or its operator revision so, or a consent (an observer
    where it relies on none) or an observer naming its delegator's revision so; or, passing, the same input twice alike or
    a revision of it and a later one (given the wide contract too when drawn on the narrow, which binds only its inputs).
    `names` are the two contracts' places, for the label."""
    contract, who = (wide, names[0]) if rng.random() < 0.5 else (narrow, names[1])
    kind = rng.choice(["inputs_twice", "inputs_twice", "input_actor", "input_card", "input_operator", "consent_delegator",
                       "observer_delegator", "inputs_alike", "input_later"])
    source = {"object_id": "SRC-LONE-1", "revision_id": "r1", "content_digest": "sha256:" + hashlib.sha256(b"SRC-LONE-1@r1").hexdigest()}
    added = {"inputs_twice": [source, twin(source)], "inputs_alike": [source, dict(source)], "input_later": [source, revised(source)]}
    agent = contract["delegatee_agent_ref"]
    held = {"input_actor": agent["agent_actor_ref"], "input_card": agent["agent_card_ref"], "input_operator": contract["accountable_operator_ref"]["agent_operator_ref"]}
    if kind in added:
        contract["inputs"] = contract["inputs"] + added[kind]
        if contract is narrow and kind != "inputs_twice":
            wide["inputs"] = wide["inputs"] + copy.deepcopy(added[kind])
    elif kind in held:
        contract["inputs"] = contract["inputs"] + [revision_only(twin(held[kind]))]
    elif kind == "consent_delegator" and contract["gates"]["consent"]:
        contract["gates"]["consent"][0]["consent_ref"] = revision_only(twin(contract["delegator_actor_ref"]))
    else:
        kind = "observer_delegator"
        contract["monitoring"]["observer_refs"] = contract["monitoring"]["observer_refs"] + [twin(contract["delegator_actor_ref"])]
    return f"lone_contract:{who}:{kind}"


def c_lone(rng, parent, child, chain):
    """`lone_contract` of the parent or the child (the chain names neither's inputs, consents or observers)."""
    return lone_contract(rng, parent, child, ("parent", "child"))


MUTATIONS = [m_scope, m_scope, m_scope, m_data, m_effects, m_denials, m_denials, m_budget, m_spend, m_times, m_times,
             m_depth, m_retries, m_gates, m_consent, m_oversight, m_binding]
# Each chain mutation draws on a stream of its own, seeded from the case seed, and reaches about one
# case in ten (the lift one in twelve, first, so the chain it builds is the one the others change; an
# Actor revised between links one in seventeen, an Actor revision under two digests one in twenty-five, and
# one revision under two digests far from its twin one in twenty-five, and an input revision under two digests
# one in twenty-five, so they change the links the others left; and one contract alone naming one revision under two
# digests, one in twenty-five; then a verification entry and a consent changed, one in ten each, generate_gates.py): the
# cases they leave alone are drawn exactly as before they were added.
CHAIN_MUTATIONS = [("lift", c_lift, 0.08), ("evidence", c_evidence, 0.1), ("links", c_links, 0.1), ("actor-revision", c_actor, 0.06),
                   ("actor-two-contents", c_twin, 0.04), ("actor-digest-far", c_far, 0.04), ("input-digest-far", c_inputs, 0.04),
                   ("lone-contract", c_lone, 0.04),
                   ("verification-drawn", lambda rng, parent, child, chain: generate_gates.verification_drawn(rng, parent, child), 0.1),
                   ("consent-drawn", lambda rng, parent, child, chain: generate_gates.consent_drawn(rng, parent, child), 0.1)]


def chain_streams(seed):
    return [(random.Random(f"{name}-{seed}"), mutation, share) for name, mutation, share in CHAIN_MUTATIONS]


def cases(count, seed):
    rng = random.Random(seed)
    streams = chain_streams(seed)
    all_bases = [json.dumps(b) for b in bases()]
    for n in range(count):
        base = rng.randrange(len(all_bases))
        parent, child, chain = json.loads(all_bases[base])  # a fresh copy, faster than deepcopy
        applied = []
        if n % 50 != 0:  # every fiftieth case is its base pair unchanged
            for mutation in rng.sample(MUTATIONS, rng.choice([1, 1, 1, 2, 3])):
                applied.append(mutation(rng, parent, child))
        case = {"base": base, "mutations": applied, "parent": parent, "child": child, "chain": chain_for(parent, child, chain)}
        if rng.random() < 0.3:
            case["siblings"], kinds = siblings_of(rng, parent, child)
            applied.append("siblings:" + ",".join(kinds))
        for stream, mutation, share in streams:
            draw = stream.random()
            if n % 50 != 0 and draw < share:
                applied.append(mutation(stream, parent, child, case["chain"]))
        yield case


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for case in cases(count, seed):
        print(json.dumps(case))
