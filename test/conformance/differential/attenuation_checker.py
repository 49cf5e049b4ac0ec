"""An independent checker of RW-003 sub-delegation (section 8): is a child contract narrower than its parent?

Written from the spec (sections 2, 5.1, 6, 8, 9 and 11.3), core/delegation/README.md's readings
("Scalars", "Delegation Contract", "Tiers, effect classes and gates", "Sub-delegation"),
core/delegation/CODES.md and the README's RW-003 notes (68: leap seconds), never from
core/delegation/*.ts. `check(parent, child, chain)` returns the set of "CODE dimension" strings of
every failed section-8 dimension; an empty set allows the child. Records are taken as read (the
typed check validates nothing): the generator keeps them valid where it can. `refused_at_read(contracts)`
gives what a document's contracts are refused for when read by README note 192's rule, as
"CONTRACT_REF_DIGEST_CONFLICT <path>".
"""
import json
import re

TIERS = ["T0_observe", "T1_draft", "T2_bounded_execute", "T3_consequential_propose", "T4_consequential_execute"]
ENDED = {"suspended", "revoked", "retired", "superseded", "expired"}
UNIT_MS = {"ms": 1, "s": 1000, "min": 60_000, "h": 3_600_000, "d": 86_400_000}
# Section 6's human-authority gates (README "Tiers, effect classes and gates"): gate -> (operation, effect class).
GATES = {
    "corpus_inclusion": ("include_in_corpus", None), "plan_approval": ("approve_plan", None),
    "hypothesis_promotion": ("promote_hypothesis", None), "verdict": ("issue_verdict", None),
    "publication": ("publish", "external_publication"), "policy": ("change_policy", None),
    "permission_issuance": ("issue_permission", None), "external_commitment": ("commit_externally", "external_commitment"),
}
TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?Z$")


# --- scalars -------------------------------------------------------------------------------------

def days_from_civil(y, m, d):
    """Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def instant(text):
    """(day, nanoseconds into the day) of a UtcTime; a leap second's 23:59:60.f is 86,400 s and f in."""
    m = TIME.match(text)
    y, mo, d, h, mi, s = (int(g) for g in m.groups()[:6])
    frac = (m.group(7) or "").rstrip("0")
    # Nanoseconds, and the digits past nine as a fraction of a nanosecond, compared as written.
    ns = ((h * 60 + mi) * 60 + s) * 1_000_000_000 + int(frac[:9].ljust(9, "0"))
    return days_from_civil(y, mo, d), ns, frac[9:]


def compare_time(a, b):
    """-1, 0, 1: exact, every fraction digit (beyond nine the generator writes none)."""
    ia, ib = instant(a), instant(b)
    return (ia > ib) - (ia < ib)


def elapsed_ns(a, b):
    """Nanoseconds from a to b; a leap second either end shows counts as the second it is (note 68)."""
    (da, na, _), (db, nb, _) = instant(a), instant(b)
    leap_days = {day for day, ns in ((da, na), (db, nb)) if ns >= 86_400_000_000_000}

    def linear(day, ns):
        return day * 86_400_000_000_000 + ns + sum(1_000_000_000 for leap in leap_days if day > leap)

    return linear(db, nb) - linear(da, na)


def duration_ms(duration):
    return duration["value"] * UNIT_MS[duration["unit"]]


def amount_units(text):
    """A MoneyLimit amount in ten-thousandths, exactly."""
    whole, _, frac = text.partition(".")
    return int(whole) * 10_000 + int(frac.ljust(4, "0") or 0)


def rev(ref):
    return (ref["object_id"], ref["revision_id"], ref["content_digest"])


def one_content(a, b):
    """Section 2: an ActorRef is an exact revision reference, and a revision id names one content. The same
    revision under two digests is one revision claimed with two contents (README note 183)."""
    return (a["object_id"], a["revision_id"]) != (b["object_id"], b["revision_id"]) or a["content_digest"] == b["content_digest"]


def one_content_throughout(refs):
    """One revision, one content, wherever one input names it (README note 185): `refs` in reading order, each
    revision (object and revision id) under the digest it was named by first, adjacent or not."""
    first = {}
    for ref in refs:
        was = first.setdefault((ref["object_id"], ref["revision_id"]), ref)
        if not one_content(was, ref):
            return False
    return True


# Where a contract carries references to revisions (README note 192, from RW-003 2 and 3: a RevisionRef is an exact
# triple and a revision id never reused), in the note's reading order: its delegator, its delegatee's Actor and card,
# its operator, its inputs, consents, verifiers, observers and monitoring verifiers, its parent and its chain. `*` is
# each member of a list. Its issuer and its prior are not read: CONTRACT_ISSUER and AMENDMENT_REF hold them.
CARRIED = ("delegator_actor_ref", "delegatee_agent_ref.agent_actor_ref", "delegatee_agent_ref.agent_card_ref",
           "accountable_operator_ref.agent_operator_ref", "inputs.*", "gates.consent.*.consent_ref",
           "gates.verification.*.verifier_ref", "monitoring.observer_refs.*", "monitoring.verifier_refs.*",
           "parent_contract_ref", "attestation_chain_ref")


def carried(value, steps, at):
    """The (path, ref) `steps` (a CARRIED entry, split) reach from `value`, written at `at`; an absent or null one is none."""
    if not steps:
        return [] if value is None else [(at, value)]
    head, rest = steps[0], steps[1:]
    if head == "*":
        return [found for i, member in enumerate(value or ()) for found in carried(member, rest, f"{at}.{i}")]
    return carried((value or {}).get(head), rest, f"{at}.{head}")


def self_contradictions(contract, at):
    """README note 192: one contract naming one revision under two digests among the references it carries contradicts
    itself, refused when it is read (no dimension), at each later naming's digest: "CONTRACT_REF_DIGEST_CONFLICT <path>",
    `at` the contract's place in the document."""
    # Its own map (not note 185's `one_content`, so each planted reading stays one rule): the digest each revision was
    # named by first, and every later naming under another.
    digest_of, refused = {}, set()
    for entry in CARRIED:
        for where, ref in carried(contract, entry.split("."), at):
            if digest_of.setdefault((ref["object_id"], ref["revision_id"]), ref["content_digest"]) != ref["content_digest"]:
                refused.add(f"CONTRACT_REF_DIGEST_CONFLICT {where}.content_digest")
    return refused


def refused_at_read(contracts):
    """What a document's contracts, each at its place (`{place: contract}`, a list of them at `place.<i>`), are refused
    at read for by note 192's rule: each its schema reads (one it refuses is read no further)."""
    found = set()
    for place, contract in contracts.items():
        for at, one in ([(f"{place}.{i}", c) for i, c in enumerate(contract)] if isinstance(contract, list) else [(place, contract)]):
            if not schema_refuses(one):
                found |= self_contradictions(one, at)
    return found


# The vocabularies a contract's schema holds it to: section 2's DataClass (a project extension written
# `ext:<name>@<version>`) and core/delegation/README.md's effect classes (section 6's tiers).
DATA_CLASSES = ("public", "internal", "confidential", "restricted")
EFFECT_CLASSES = ("read_only", "proposal", "reversible_mutation", "consequential_mutation", "external_publication",
                  "external_commitment", "spend")


def readable_time(text):
    """Section 2's UtcTime, RFC 3339 UTC: a real date and time, at most nine fraction digits (README note 68), a leap
    second only as a month's last second."""
    m = TIME.match(text) if isinstance(text, str) else None
    if m is None or len(m.group(7) or "") > 9:
        return False
    y, mo, d, h, mi, s = (int(g) for g in m.groups()[:6])
    if not 1 <= mo <= 12:
        return False
    last = days_from_civil(y + mo // 12, mo % 12 + 1, 1) - days_from_civil(y, mo, 1)
    return 1 <= d <= last and h <= 23 and mi <= 59 and (s <= 59 or (s == 60 and (d, h, mi) == (last, 23, 59)))


def schema_refuses(contract):
    """The schema refusals of a contract the generators draw (sections 2, 5.1; core/delegation/README.md): a time that is
    no UtcTime, a data or effect class outside its vocabulary, an object a path resolver reads as another, a negative
    count or depth, no concurrency of at least one, no revocation authority. validateRecord reads such a contract no
    further, so note 192's rule is never reached for it."""
    scope, limits = contract["scope"], contract["limits"]
    counts = [limits.get("max_tokens"), limits.get("max_tool_calls"), *(limits.get("max_items") or {}).values()]
    effects = list(scope["effect_classes"]) + [e for d in scope["denials"] for e in d.get("effect_classes") or ()]
    return (not all(readable_time(contract[k]) for k in ("issued_at", "expires_at"))
            or any(c not in DATA_CLASSES and not re.fullmatch(r"ext:[^@\s]+@[^@\s]+", c) for c in scope["data_classes"])
            or any(e not in EFFECT_CLASSES for e in effects)
            or any(resolves_elsewhere(o) for o in scope["objects"])
            or any(n is not None and n < 0 for n in counts)
            or limits.get("max_concurrency") is None or limits["max_concurrency"] < 1
            or contract["subdelegation_policy"]["max_remaining_depth"] < 0
            or not contract["revocation"]["authority_refs"])


def actors_named(contract):
    """The Actor and card revisions a contract names: its delegator, its agent Actor, its card."""
    agent = contract["delegatee_agent_ref"]
    return [contract["delegator_actor_ref"], agent["agent_actor_ref"], agent["agent_card_ref"]]


def inputs_named(contract):
    """The input revisions a contract binds, read with the Actors of the wide contract (a child's parent, a
    reassignment's prior; README note 189): the narrow one's are each one of them, exactly, or refused on `inputs`."""
    return list(contract["inputs"])


def others_named(contract, narrow=False):
    """Every other reference a contract carries (CARRIED less its Actors, card and inputs, which `actors_named` and
    `inputs_named` give): its operator, consents, verifiers, observers, monitoring verifiers, parent and chain. One
    revision has one content wherever it is named (README notes 185, 189, 193), so the two contracts' map reads all
    of them. A narrow contract's parent is not read: it is held exactly to the wide contract (a child's) or to the
    wide one's parent (a next revision's), so a digest of its own is refused on `parent` already."""
    skip = CARRIED[:3] + ("inputs.*",) + (("parent_contract_ref",) if narrow else ())
    return [ref for entry in CARRIED if entry not in skip for _, ref in carried(contract, entry.split("."), "")]


def two_contracts_named(wide, narrow):
    """The two contracts' map, in reading order: all the wide contract (a child's parent, a reassignment's prior)
    names, then all the narrow one names but its inputs (each one of the wide one's, exactly, or refused on `inputs`)
    and its parent."""
    return actors_named(wide) + inputs_named(wide) + others_named(wide) + actors_named(narrow) + others_named(narrow, narrow=True)


def link_revisions(link):
    """Every revision a link names: its contract, delegator, delegatee, card and each evidence's."""
    return [link["contract_ref"], link["delegator_actor_ref"], link["delegatee_actor_ref"], link["delegatee_card_ref"]] + [e["ref"] for e in link.get("evidence") or ()]


def same_actor(a, b):
    """One persistent Actor (sections 4.3, 8: "bind a persistent child agent Actor"), whatever its revision:
    the delegatee delegating on, or a delegation's delegator issuing its next revision, may have revised its
    Actor since. A link or contract still binds the exact revision it names (`link_is`). Never one revision
    under another digest than the one it was named by (`one_content`)."""
    return a["object_id"] == b["object_id"] and one_content(a, b)


# --- selectors -----------------------------------------------------------------------------------

def resolves_elsewhere(selector):
    """An object spelt so a path resolver would read it as another (README "Selectors")."""
    if "\\" in selector:
        return True
    if re.search(r"%(?:[46][1-9a-fA-F]|[57][0-9aA]|3[0-9]|2[dDeEfF]|5[cCfF]|7[eE])", selector):
        return True
    body = re.sub(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", "", selector).lstrip("/")
    if body.endswith("*"):
        body = body[:-1] + "x"
    return any(seg in ("", ".", "..") for seg in body.split("/"))


def covers(wide, narrow, fold=False):
    """A selector (exact, or a prefix ending in `*`; `*` is everything) covers another."""
    if fold:
        wide, narrow = wide.lower(), narrow.lower()
    if wide.endswith("*"):
        return narrow.startswith(wide[:-1])
    return not narrow.endswith("*") and wide == narrow


def within(parent_list, child_list, fold=False, objects=False):
    """The child's selectors no parent selector covers."""
    return [c for c in child_list if (objects and resolves_elsewhere(c)) or not any(covers(p, c, fold) for p in parent_list)]


# --- the dimensions ------------------------------------------------------------------------------

def check(parent, child, chain, siblings=()):
    failed = set()

    def fail(dimension, code):
        failed.add(f"{code} {dimension}")

    pp, cp = parent["subdelegation_policy"], child["subdelegation_policy"]
    if not pp["allowed"]:
        fail("allowed", "SUBDELEGATION_DENIED")

    # parent: hangs from this exact parent, issued by the parent's delegatee; both still standing.
    parent_ref = (parent["delegation_id"], parent["revision_id"], parent["content_digest"])
    if (child.get("parent_contract_ref") is None or rev(child["parent_contract_ref"]) != parent_ref
            or child["root_task_ref"] != parent["root_task_ref"]
            or not same_actor(child["issued_by_actor_ref"], parent["delegatee_agent_ref"]["agent_actor_ref"])
            or not one_content_throughout(two_contracts_named(parent, child))):
        fail("parent", "ATTENUATION_PARENT")
    if parent["lifecycle_assertion"] != "active" or child["lifecycle_assertion"] in ENDED:
        fail("parent", "CONTRACT_INACTIVE")

    # depth: at least one below the parent's, and within the root's maximum.
    links = chain["links"]
    if cp["max_remaining_depth"] > pp["max_remaining_depth"] - 1:
        fail("depth", "ATTENUATION_DEPTH")
    for before, after in zip(links, links[1:]):
        if after["max_remaining_depth"] > before["max_remaining_depth"] - 1:
            fail("depth", "ATTENUATION_DEPTH")
    if links and cp["max_remaining_depth"] + (len(links) - 1) > links[0]["max_remaining_depth"]:
        fail("depth", "ATTENUATION_DEPTH")

    # subdelegation: a child that allows it keeps the parent's attestations and delegate lists.
    if cp["allowed"] and cp["max_remaining_depth"] > 0:
        if not set(pp["required_attestations"]) <= set(cp["required_attestations"]):
            fail("subdelegation", "ATTENUATION_SUBDELEGATION")
        for key, names in (pp.get("eligible_delegates") or {}).items():
            if key not in ("actor_ids", "operator_principal_refs"):
                continue
            mine = (cp.get("eligible_delegates") or {}).get(key)
            if mine is None or not set(mine) <= set(names):
                fail("subdelegation", "ATTENUATION_SUBDELEGATION")

    # inputs: each exactly one of the parent's.
    parent_inputs = {rev(i) for i in parent["inputs"]}
    if any(rev(i) not in parent_inputs for i in child["inputs"]):
        fail("inputs", "ATTENUATION_INPUTS")

    ps, cs = parent["scope"], child["scope"]
    if within(ps["objects"], cs["objects"], objects=True):
        fail("objects", "ATTENUATION_OBJECTS")
    # No tools under a parent listing some allows effects through any adapter tool (README note 75).
    if within(ps["tools"], cs["tools"]) or (ps["tools"] and not cs["tools"]):
        fail("tools", "ATTENUATION_TOOLS")
    if within(ps["operations"], cs["operations"]):
        fail("operations", "ATTENUATION_OPERATIONS")
    if not set(cs["data_classes"]) <= set(ps["data_classes"]):
        fail("data", "ATTENUATION_DATA")
    if not set(cs["effect_classes"]) <= set(ps["effect_classes"]) or TIERS.index(child["autonomy_tier"]) > TIERS.index(parent["autonomy_tier"]):
        fail("effect_class", "ATTENUATION_EFFECT_CLASS")

    # duration: within the parent's window at both ends, and its budget ends no later.
    pl, cl = parent["limits"], child["limits"]
    p_ms, c_ms = duration_ms(pl["max_duration"]), duration_ms(cl["max_duration"])
    if (c_ms > p_ms or compare_time(child["expires_at"], parent["expires_at"]) > 0
            or compare_time(child["issued_at"], parent["issued_at"]) < 0
            or elapsed_ns(parent["issued_at"], child["issued_at"]) + c_ms * 1_000_000 > p_ms * 1_000_000):
        fail("duration", "ATTENUATION_DURATION")

    pr, cr = parent["retry_policy"], child["retry_policy"]
    if (cr["max_attempts"] > pr["max_attempts"] or not set(cr["retryable_outcomes"]) <= set(pr["retryable_outcomes"])
            or duration_ms(cr["backoff"]) < duration_ms(pr["backoff"])
            or (pr["reconcile_before_retry"] and not cr["reconcile_before_retry"])
            or not set(pr["renewed_approval_conditions"]) <= set(cr["renewed_approval_conditions"])):
        fail("retries", "ATTENUATION_RETRIES")

    if pl.get("max_concurrency") is not None and (cl.get("max_concurrency") is None or cl["max_concurrency"] > pl["max_concurrency"]):
        fail("concurrency", "ATTENUATION_CONCURRENCY")

    # spend: absence (or zero) is no spending authority; another currency is never converted.
    c_spend, p_spend = cl.get("spend"), pl.get("spend")
    if c_spend is not None and amount_units(c_spend["amount"]) > 0:
        if (p_spend is None or amount_units(p_spend["amount"]) == 0 or p_spend["currency"] != c_spend["currency"]
                or amount_units(c_spend["amount"]) > amount_units(p_spend["amount"])):
            fail("spend", "ATTENUATION_SPEND")

    for key in ("max_tokens", "max_tool_calls"):
        if pl.get(key) is not None and (cl.get(key) is None or cl[key] > pl[key]):
            fail("budget", "ATTENUATION_BUDGET")
    for kind, count in (pl.get("max_items") or {}).items():
        mine = (cl.get("max_items") or {}).get(kind)
        if mine is None or mine > count:
            fail("budget", "ATTENUATION_BUDGET")

    # denials: each parent denial kept under its rule_id, matching at least what the parent's matches.
    lists = ("operations", "objects", "tools", "effect_classes")
    by_rule = {}
    for d in cs["denials"]:
        by_rule.setdefault(d["rule_id"], []).append(d)
    # A list named empty is named, and matches nothing (a denial matches a request in every list it names).
    for d in ps["denials"]:
        named = [k for k in lists if d.get(k) is not None]
        if not any(all(c.get(k) is None or (k in named and not within(c[k], d[k], fold=True)) for k in lists)
                   for c in by_rule.get(d["rule_id"], [])):
            fail("denials", "INHERIT_DENIALS")

    shared_budgets(parent, child, siblings, fail)
    check_gates(parent, child, fail)

    # consent: each parent consent kept as bound; no class bound that no parent consent binds.
    pc, cc = parent["gates"]["consent"], child["gates"]["consent"]
    child_bindings = {consent_binding(c) for c in cc}
    if any(consent_binding(c) not in child_bindings for c in pc):
        fail("consent", "INHERIT_CONSENT")
    if pc:
        bound = {k for c in pc for k in c["data_classes"]}
        if any(not set(c["data_classes"]) <= bound for c in cc):
            fail("consent", "INHERIT_CONSENT")

    # Observers and monitoring verifiers are "observer/verifier identities" (5.1): the persistent Actor, by object_id,
    # whatever revision or digest each contract names (a contract naming one under two is refused at read, note 192).
    pm, cm = parent["monitoring"], child["monitoring"]

    def kept(key, values):
        return {v["object_id"] for v in values} if key in ("observer_refs", "verifier_refs") else {json_key(v) for v in values}

    if (any(not kept(k, pm[k]) <= kept(k, cm[k]) for k in ("modes", "telemetry_classes", "anomaly_triggers", "observer_refs", "verifier_refs"))
            or (pm.get("heartbeat") is not None and (cm.get("heartbeat") is None or duration_ms(cm["heartbeat"]) > duration_ms(pm["heartbeat"])))
            or (pm.get("circuit_breaker_ref") is not None and cm.get("circuit_breaker_ref") is None)):
        fail("monitoring", "INHERIT_MONITORING")

    pg, cg = parent["gates"], child["gates"]
    if (any(not set(pg[k]) <= set(cg[k]) for k in ("pre_effect_checks", "post_effect_checks"))
            or not {verification_key(v) for v in pg["verification"]} <= {verification_key(v) for v in cg["verification"]}):
        fail("verification", "INHERIT_VERIFICATION")

    pv, cv = parent["revocation"], child["revocation"]
    if (not set(pv["authority_refs"]) <= set(cv["authority_refs"])
            or duration_ms(cv["propagation_bound"]) > duration_ms(pv["propagation_bound"])
            or (pv["acknowledgement_required"] and not cv["acknowledgement_required"])
            or (pv["readback_on_unknown"] and not cv["readback_on_unknown"])):
        fail("revocation", "INHERIT_REVOCATION")

    # delegate: a persistent agent Actor and operator the parent allows.
    eligible = pp.get("eligible_delegates") or {}
    actor = child["delegatee_agent_ref"]["agent_actor_ref"]
    if (actor["actor_type"] != "agent"
            or ("actor_ids" in eligible and actor["object_id"] not in eligible["actor_ids"])
            or ("operator_principal_refs" in eligible and child["accountable_operator_ref"]["operator_principal_ref"] not in eligible["operator_principal_refs"])):
        fail("delegate", "DELEGATE_BINDING")

    check_chain(parent, child, chain, fail)

    if parent["delegation_id"] not in child["report_to"] or parent["root_task_ref"] not in child["report_to"]:
        fail("routing", "ROUTING")

    scopes = {(s["space_id"], s["scope_kind"], s["scope_id"]) for s in child["control_scopes"]}
    needed = {(s["space_id"], s["scope_kind"], s["scope_id"]) for s in parent["control_scopes"] if s["scope_kind"] in ("space", "policy", "consent", "delegation")}
    space = next((s["space_id"] for s in parent["control_scopes"]), None)
    needed |= {(space, "delegation", link["contract_ref"]["object_id"]) for link in links[:-1]}
    needed |= {(space, "delegation", ancestor) for ancestor in parents_parent(parent)}
    if not {n for n in needed if not own_stream(child, n)} <= scopes:
        fail("ancestor_fences", "ANCESTOR_FENCES")
    return failed


def parents_parent(parent):
    """The parent's own parent is an ancestor whatever the chain says (8: "every child effect MUST
    fence every ancestor delegation stream"); a chain omitting it is CHAIN_BROKEN besides."""
    grand = parent.get("parent_contract_ref")
    return [] if grand is None else [grand["object_id"]]


def own_stream(child, scope):
    """The child's own delegation stream, never its ancestor: a chain repeating the child's link names it above the
    child, and that chain is CHAIN_BROKEN; the stream unfenced is CONTROL_SCOPES, the contract's own rule (5.1)."""
    return scope[1] == "delegation" and scope[2] == child["delegation_id"]


def counted_siblings(parent, child, siblings, fail):
    """The parent's other live children, each once at its latest revision; one naming another parent is refused."""
    parent_ref = (parent["delegation_id"], parent["revision_id"], parent["content_digest"])
    mine = []
    for s in siblings:
        if s.get("parent_contract_ref") is None or rev(s["parent_contract_ref"]) != parent_ref:
            fail("budget", "SIBLING_PARENT")
        elif s["delegation_id"] != child["delegation_id"]:
            mine.append(s)
    # One record a revision: the digest names its content, so a second record under one revision and
    # digest is a copy, counted once; one with other content cannot be that revision too, so the list
    # is refused and no sum is told (core/delegation/README.md, "Shared budgets"; CODES.md).
    records = {}
    for s in mine:
        first = records.setdefault((s["delegation_id"], s["revision_id"], s["content_digest"]), s)
        if json.dumps(first, sort_keys=True) != json.dumps(s, sort_keys=True):
            fail("budget", "SIBLING_DIGEST_CONFLICT")
            return None
    named_as_prior = {(s["prior_revision_ref"]["object_id"], s["prior_revision_ref"]["revision_id"], s["prior_revision_ref"]["content_digest"])
                      for s in records.values() if s.get("prior_revision_ref") and s["prior_revision_ref"]["object_id"] == s["delegation_id"]}
    return [s for key, s in records.items() if key not in named_as_prior]


def shared_budgets(parent, child, siblings, fail):
    """Section 8 with 11.4's "remaining budget": the child's and its siblings' additive limits, summed, within the parent's."""
    if not siblings:
        return
    others = counted_siblings(parent, child, siblings, fail)
    if others is None:
        return
    pl, cl = parent["limits"], child["limits"]

    # A limit the child alone already exceeds (or leaves unset) is its own finding; the sum is not told again.
    def shared(dimension, theirs_of, parent_value, child_value):
        if parent_value is None or not child_value or child_value > parent_value:
            return
        values = [theirs_of(s["limits"]) for s in others]
        if any(v is None for v in values) or child_value + sum(values) > parent_value:
            fail(dimension, "ATTENUATION_BUDGET_SHARED")

    for key, dimension in (("max_tokens", "budget"), ("max_tool_calls", "budget"), ("max_concurrency", "concurrency")):
        shared(dimension, lambda limits, key=key: limits.get(key), pl.get(key), cl.get(key))
    for kind, count in (pl.get("max_items") or {}).items():
        shared("budget", lambda limits, kind=kind: (limits.get("max_items") or {}).get(kind), count, (cl.get("max_items") or {}).get(kind))
    p_spend, c_spend = pl.get("spend"), cl.get("spend")
    if (p_spend is not None and c_spend is not None and amount_units(c_spend["amount"]) > 0
            and c_spend["currency"] == p_spend["currency"] and amount_units(c_spend["amount"]) <= amount_units(p_spend["amount"])):
        total, unlike = amount_units(c_spend["amount"]), False
        for s in others:
            theirs = s["limits"].get("spend")
            if theirs is None or amount_units(theirs["amount"]) == 0:
                continue
            unlike = unlike or theirs["currency"] != p_spend["currency"]
            total += amount_units(theirs["amount"])
        # Amounts in two currencies cannot be added: unlike, and no sum is told.
        if unlike:
            fail("spend", "BUDGET_UNITS_UNLIKE")
        elif total > amount_units(p_spend["amount"]):
            fail("spend", "ATTENUATION_BUDGET_SHARED")


def consent_binding(c):
    """What a consent binds (section 9: "subject/scope/purpose/data classes/recipients/retention/expiry and a withdrawal
    route"), of the exact consent revision: classes and recipients as sets, retention as a length, expiry as an instant."""
    return (json_key(c["consent_ref"]), c["subject_ref"], c["scope"], c["purpose"], frozenset(c["data_classes"]),
            frozenset(c["recipients"]), duration_ms(c["retention"]), instant(c["expires_at"]), c["withdrawal_route"])


def verification_key(entry):
    """What a verification requirement requires (section 6: "The verifier identity and exact verification profile are
    recorded"): the verifier, a persistent Actor (by object_id, as an observer is; a later revision of it, or its revision
    under another digest, is the same verifier; a contract naming one revision under two digests is refused at read,
    note 192), and the profile, exactly."""
    return (entry["verifier_ref"]["object_id"], entry["profile"])


def json_key(value):
    return json.dumps(value, sort_keys=True)


def gate_reached(gate, operations, effect_classes, denials):
    """Whether a scope's operations (a selector in any case) or effect classes reach a human gate,
    less what a denial naming that operation (or class) and no other list refuses."""
    operation, effect = GATES[gate]
    def refused(key, name):
        return any(set(k for k in ("operations", "objects", "tools", "effect_classes") if d.get(k) is not None) == {key}
                   and any(covers(s, name, fold=True) for s in d[key]) for d in denials)
    by_operation = any(covers(s, operation, fold=True) for s in operations) and not refused("operations", operation)
    by_effect = effect is not None and effect in effect_classes and not refused("effect_classes", effect)
    return by_operation or by_effect


def check_gates(parent, child, fail):
    pg, cg = parent["gates"], child["gates"]
    p_auth = {(a["gate"], a["authority_ref"]) for a in pg["human_authorities"]}
    c_auth = {(a["gate"], a["authority_ref"]) for a in cg["human_authorities"]}
    p_gates = {g for g, _ in p_auth}
    bad = not p_auth <= c_auth or any(g in p_gates and (g, r) not in p_auth for g, r in c_auth)
    # An authority for a gate the parent names none for, that the child can reach within the parent's scope.
    ops = [o for o in child["scope"]["operations"] if not within(parent["scope"]["operations"], [o])]
    effects = [e for e in child["scope"]["effect_classes"] if e in parent["scope"]["effect_classes"]]
    for g, _ in c_auth:
        if g not in p_gates and gate_reached(g, ops, effects, child["scope"]["denials"]):
            bad = True
    for req in pg["reviewers"]:
        mine = [r for r in cg["reviewers"] if r["role"] == req["role"]]
        if not mine:
            bad = True
        for r in mine:
            if req["independence"] == "independent" and r["independence"] != "independent":
                bad = True
            if req["principal_refs"] and (not r["principal_refs"] or not set(r["principal_refs"]) <= set(req["principal_refs"])):
                bad = True
    if bad:
        fail("human_gates", "INHERIT_HUMAN_GATES")


def link_is(link, contract):
    """A link attests its contract as it is: its exact revision, delegator, agent Actor, card and operator."""
    return (rev(link["contract_ref"]) == (contract["delegation_id"], contract["revision_id"], contract["content_digest"])
            and rev(link["delegator_actor_ref"]) == rev(contract["delegator_actor_ref"])
            and rev(link["delegatee_actor_ref"]) == rev(contract["delegatee_agent_ref"]["agent_actor_ref"])
            and rev(link["delegatee_card_ref"]) == rev(contract["delegatee_agent_ref"]["agent_card_ref"])
            and link["operator_principal_ref"] == contract["accountable_operator_ref"]["operator_principal_ref"]
            and link_depth_is(link, contract))


def link_depth_is(link, contract):
    """The depth a link attests is its contract's: the root maximum and each step's fall are read from
    the links, so a link stating another depth than its contract grants attests what no contract says."""
    return link["max_remaining_depth"] == contract["subdelegation_policy"]["max_remaining_depth"]


def has_own_evidence(link):
    """Section 8: every link carries "signature/issuer evidence", whatever else it carries."""
    return any(e["kind"] in ("signature", "issuer") for e in link.get("evidence") or ())


def has_required_kinds(link, required):
    """Every kind the parent's required_attestations names, on every link."""
    return required <= {e["kind"] for e in link.get("evidence") or ()}


def chain_withdrawn(chain):
    """A chain its producer no longer asserts (`proposed` still attests, as a proposed child may stand)."""
    return chain["lifecycle_assertion"] in ENDED


def starts_at_root(parent, links):
    """Section 8: the chain runs "from root delegator". A root parent (no parent_contract_ref) is the
    first link; a parent that is itself a child is preceded by its own exact parent's link (the
    links above that are not in hand as contracts: only their continuity and depth are read)."""
    grand = parent.get("parent_contract_ref")
    if grand is None:
        return len(links) == 2
    return len(links) >= 3 and rev(links[-3]["contract_ref"]) == rev(grand)


def check_chain(parent, child, chain, fail):
    links = chain["links"]
    broken = len(links) < 2 or child.get("attestation_chain_ref") is None or rev(child["attestation_chain_ref"]) != rev_of_chain(chain)
    broken = broken or chain_withdrawn(chain) or chain["root_task_ref"] != child["root_task_ref"]
    if not broken:
        broken = not link_is(links[-1], child) or not link_is(links[-2], parent)
        broken = broken or not starts_at_root(parent, links)
        ids = [link["contract_ref"]["object_id"] for link in links]
        broken = broken or len(set(ids)) != len(ids)
        for before, after in zip(links, links[1:]):
            broken = broken or not same_actor(after["delegator_actor_ref"], before["delegatee_actor_ref"])
    if broken or not one_content_throughout([ref for link in links for ref in link_revisions(link)]):
        fail("chain", "CHAIN_BROKEN")
    required = set(parent["subdelegation_policy"]["required_attestations"])
    if any(not has_own_evidence(link) or not has_required_kinds(link, required) for link in links):
        fail("chain", "CHAIN_ATTESTATION")


def rev_of_chain(chain):
    return (chain["record_id"], chain["revision_id"], chain["content_digest"])
