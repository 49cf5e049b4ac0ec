"""An independent checker of the attempts and checkpoints a reassignment carries (sections 1.1, 7.1, 7.2, 11.4).

Written from the spec, core/delegation/README.md (the table "The attempts and checkpoints a
reassignment is given", and the paragraphs on attempts, checkpoints, resumes and retries),
core/delegation/CODES.md and the README's RW-003 notes (86, 93, 102, 103), never from
core/delegation/*.ts. Two judgements:

`reassignment_findings(prior, next, attempts, checkpoints)`: what `checkReassignment` adds for the
records, each finding as "CODE dimension" on a section-8 dimension.
`retry_findings(contract, attempts, checkpoints)`: the retry policy between consecutive attempts, which
`checkReassignment` leaves to `checkAttempts` run on the next revision (the README's table: "Run
`checkAttempts` on each revision"), as "CODE retry", RETRY_* codes only.

Only what generate_chains.py's record mutations reach is judged here: the remainders, inputs and
fences of the base records (11.4's ATT-1, ATT-2 and CP-7) are left as they are and not modelled.
"""
import json

from attenuation_checker import compare_time, duration_ms, elapsed_ns, instant, rev

RECONCILE_FIRST = ("unknown", "partially_applied")


def content(record):
    """An exact copy (the same members, in any order) is one record."""
    return json.dumps(record, sort_keys=True)


def digest_conflicts(records, ids):
    """Two records sharing an id (either of `ids`), the revision and the digest, with other content (note 93)."""
    first, found = {}, False
    for record in records:
        for i in {record[k] for k in ids}:
            key = (i, record["revision_id"], record["content_digest"])
            if key not in first:
                first[key] = record
            elif content(first[key]) != content(record):
                found = True
    return found


def sequence_conflicts(checkpoints):
    """One checkpoint (by either id) at two revisions or digests with two sequences (note 103)."""
    first = {}
    for c in checkpoints:
        for i in {c["checkpoint_id"], c["record_id"]}:
            seen = first.setdefault(i, c)
            if (seen["revision_id"], seen["content_digest"]) != (c["revision_id"], c["content_digest"]) and seen["sequence"] != c["sequence"]:
                return True
    return False


def sequence_out_of_order(checkpoints):
    """Of one attempt's checkpoints, one written later has no greater sequence, or two of one instant share one.
    Each revision is placed at its own written_at and never compared with itself (note 103)."""
    for a in checkpoints:
        for b in checkpoints:
            if a["checkpoint_id"] == b["checkpoint_id"] or (a["delegation_ref"]["object_id"], a["attempt_id"]) != (b["delegation_ref"]["object_id"], b["attempt_id"]):
                continue
            order = compare_time(b["written_at"], a["written_at"])
            if (order < 0 and a["sequence"] <= b["sequence"]) or (order == 0 and a["sequence"] == b["sequence"]):
                return True
    return False


def resumed_checkpoint(attempt, checkpoints):
    """The checkpoint a resume names, given exactly (by checkpoint id or record id, revision, digest)."""
    ref = attempt.get("resumed_from_checkpoint_ref")
    if ref is None:
        return None
    for c in checkpoints:
        if ref["object_id"] in (c["checkpoint_id"], c["record_id"]) and (ref["revision_id"], ref["content_digest"]) == (c["revision_id"], c["content_digest"]):
            return c
    return None


def revision_of(contract):
    return (contract["delegation_id"], contract["revision_id"], contract["content_digest"])


def window_findings(contract, attempt):
    """An attempt of the revision starts within it and, once ended, ended within it (on `duration`): one finding
    an attempt, the first of not yet, expired, past max_duration at its start, then expired, past max_duration
    at its end (a reading of the core's: the notes name the codes, not whether one end gives two)."""
    md = contract["limits"].get("max_duration")
    limit_ns = None if md is None else duration_ms(md) * 1_000_000

    def past(time):
        return limit_ns is not None and time is not None and elapsed_ns(contract["issued_at"], time) > limit_ns

    start, end = attempt["started_at"], attempt.get("ended_at")
    if compare_time(start, contract["issued_at"]) < 0:
        return {"CONTRACT_NOT_YET duration"}
    if compare_time(start, contract["expires_at"]) >= 0:
        return {"CONTRACT_EXPIRED duration"}
    if past(start):
        return {"BUDGET_EXCEEDED duration"}
    if end is not None and compare_time(end, contract["expires_at"]) > 0:
        return {"CONTRACT_EXPIRED duration"}
    if past(end):
        return {"BUDGET_EXCEEDED duration"}
    return set()


def delegatee_findings(contract, attempt):
    """An attempt of the revision is its delegatee's: card, agent Actor, operator (on `delegate`)."""
    found = set()
    d = contract["delegatee_agent_ref"]
    if rev(attempt["card_ref"]) != rev(d["agent_card_ref"]):
        found.add("CARD_MISMATCH delegate")
    if rev(attempt["executor_actor_ref"]) != rev(d["agent_actor_ref"]):
        found.add("EXECUTOR_MISMATCH delegate")
    if attempt["operator_principal_ref"] != contract["accountable_operator_ref"]["operator_principal_ref"]:
        found.add("OPERATOR_MISMATCH delegate")
    return found


def priors_of(record, records):
    """The given record this one names as its prior revision, exactly, or None."""
    ref = record.get("prior_revision_ref")
    if ref is None:
        return None
    for r in records:
        if r is not record and rev(ref) == (r["record_id"], r["revision_id"], r["content_digest"]):
            return r
    return None


ADDITIVE = ("max_tokens", "max_tool_calls")
CONSUMED = {"max_tokens": "tokens", "max_tool_calls": "tool_calls"}


def counts(limits):
    """The additive counted limits, as {(field, item type or None): value}."""
    out = {(f, None): limits[f] for f in ADDITIVE if f in limits}
    out.update({("max_items", t): v for t, v in (limits.get("max_items") or {}).items()})
    return out


def consumed(record, field, item):
    c = record.get("budget_consumption") or {}
    return (c.get("items") or {}).get(item) if field == "max_items" else c.get(CONSUMED[field])


def remaining_budget_findings(prior, nxt, mine):
    """The next revision takes at most the prior's limit less the attempts' consumption, each attempt at the most
    any of its records reports; a running attempt (latest record without an outcome) or one recording none of a
    limited budget leaves the remainder unknown ("Shared budgets"; spend is not generated here)."""
    latest = {a["attempt_id"]: a for a in latest_records(mine)}
    wide = counts(prior["limits"])
    for key, granted in counts(nxt["limits"]).items():
        if key not in wide:
            continue
        total, unknown = 0, False
        for attempt_id, head in latest.items():
            reports = [consumed(a, *key) for a in mine if a["attempt_id"] == attempt_id]
            reports = [r for r in reports if r is not None]
            if head.get("outcome") is None or not reports:
                unknown = True
            else:
                total += max(reports)
        if unknown or granted > wide[key] - total:
            return {"ATTENUATION_BUDGET_REMAINING budget"}
    return set()


def remainder_findings(prior, nxt, c, mine):
    """A checkpoint of the prior's: a remainder claimed above the computed one is overstated; the next revision's
    grant beyond the lesser of the two is exceeded (counts on `budget`, elapsed on `duration`)."""
    found = set()
    claim = c.get("remaining_budget") or {}
    # The attempts of the prior's revision, each record read when it ended by written_at, or is running and issued by then.
    def by_then(a):
        end = a.get("ended_at")
        return compare_time(end, c["written_at"]) <= 0 if end is not None else compare_time(a["issued_at"], c["written_at"]) <= 0
    of_prior = [a for a in mine if rev(a["delegation_ref"]) == revision_of(prior) and by_then(a)]
    for (field, item), limit in counts(prior["limits"]).items():
        stated = (claim.get("items") or {}).get(item) if field == "max_items" else claim.get(CONSUMED[field])
        if stated is None:
            continue
        used = 0
        for attempt_id in {a["attempt_id"] for a in of_prior}:
            reports = [r for r in (consumed(a, field, item) for a in of_prior if a["attempt_id"] == attempt_id) if r is not None]
            used += max(reports) if reports else 0
        computed = max(limit - used, 0)
        if stated > computed:
            found.add("CHECKPOINT_REMAINDER_OVERSTATED budget")
        grant = counts(nxt["limits"]).get((field, item))
        if grant is None or grant > min(stated, computed):
            found.add("CHECKPOINT_REMAINDER_EXCEEDED budget")
    if "elapsed" in claim:
        start = c["written_at"] if compare_time(c["written_at"], prior["issued_at"]) >= 0 else prior["issued_at"]
        window_end_ns = min(duration_ms(prior["limits"]["max_duration"]) * 1_000_000 if "max_duration" in prior["limits"] else float("inf"),
                            elapsed_ns(prior["issued_at"], prior["expires_at"]))
        computed_ns = max(window_end_ns - elapsed_ns(prior["issued_at"], start), 0)
        stated_ns = duration_ms(claim["elapsed"]) * 1_000_000
        if stated_ns > computed_ns:
            found.add("CHECKPOINT_REMAINDER_OVERSTATED duration")
        next_end_ns = min(duration_ms(nxt["limits"]["max_duration"]) * 1_000_000 if "max_duration" in nxt["limits"] else float("inf"),
                          elapsed_ns(nxt["issued_at"], nxt["expires_at"]))
        # The next revision ends, from `start`, no later than the lesser remainder.
        if elapsed_ns(start, nxt["issued_at"]) + next_end_ns > min(stated_ns, computed_ns):
            found.add("CHECKPOINT_REMAINDER_EXCEEDED duration")
    return found


def reassignment_findings(prior, nxt, attempts, checkpoints):
    failed = set()
    mine = [a for a in attempts if a["delegation_ref"]["object_id"] == prior["delegation_id"]]
    # Records that contradict each other: named, and nothing more is read from the records (notes 93, 103).
    conflict = False
    if digest_conflicts(mine, ("attempt_id", "record_id")):
        failed.add("ATTEMPT_DIGEST_CONFLICT retries")
        conflict = True
    if digest_conflicts(checkpoints, ("checkpoint_id", "record_id")):
        failed.add("CHECKPOINT_DIGEST_CONFLICT inputs")
        conflict = True
    if sequence_conflicts(checkpoints):
        failed.add("CHECKPOINT_SEQUENCE_CONFLICT inputs")
        conflict = True
    if conflict:
        return failed

    if sequence_out_of_order(checkpoints):
        failed.add("CHECKPOINT_SEQUENCE inputs")
    for c in checkpoints:
        # A checkpoint's remainder is of the limits of the exact revision it names: the prior's here.
        if rev(c["delegation_ref"]) != revision_of(prior):
            failed.add("CHECKPOINT_REMAINDER_UNVERIFIED budget")
        writers = [a for a in mine if a["attempt_id"] == c["attempt_id"] and a["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"]]
        for a in writers:
            # Its attempt's exact delegation revision, written no earlier than that attempt started (on `budget`).
            if rev(c["delegation_ref"]) != rev(a["delegation_ref"]) or compare_time(c["written_at"], a["started_at"]) < 0:
                failed.add("CHECKPOINT_ATTEMPT_MISMATCH budget")
        # Written by the attempt's executor, under that attempt's operator (on `delegate`): a reading of the
        # core's, when the attempt's records name two operators, any one of them by this executor will do
        # (the record naming the other is OPERATOR_MISMATCH's, or the writer's own).
        executors = [a for a in writers if rev(c["writer_actor_ref"]) == rev(a["executor_actor_ref"])]
        if executors and all(c["writer_operator_ref"] != a["operator_principal_ref"] for a in executors):
            failed.add("CHECKPOINT_WRITER_OPERATOR delegate")
        # The next revision grants no more than the prior's checkpoint left (the least of what it states and
        # what the prior's limits computed leave at written_at), "Checkpoint remainders".
        if rev(c["delegation_ref"]) == revision_of(prior):
            failed |= remainder_findings(prior, nxt, c, mine)

    for a in mine:
        c = resumed_checkpoint(a, checkpoints)
        if c is not None:
            receipts = {(r["system"], r["operation_id"]) for r in a["external_receipts"] if r.get("receipt_ref") is not None}
            if any(op["reconciliation"] in ("pending", "unknown") and (op["system"], op["operation_id"]) not in receipts for op in c["external_operations"]):
                failed.add("RESUME_UNRECONCILED retries")
            if compare_time(a["started_at"], c["written_at"]) < 0:
                failed.add("RESUME_BEFORE_CHECKPOINT retries")
            if any(o["checkpoint_id"] != c["checkpoint_id"] and o["attempt_id"] == c["attempt_id"]
                   and o["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"]
                   and o["sequence"] > c["sequence"] and compare_time(o["written_at"], a["started_at"]) <= 0 for o in checkpoints):
                failed.add("RESUME_CHECKPOINT_SUPERSEDED inputs")
        # A record moving its outcome away from unknown or partially_applied names a read-back its prior did not hold.
        before = priors_of(a, mine)
        if (before is not None and before.get("outcome") in RECONCILE_FIRST and a.get("outcome") not in RECONCILE_FIRST + (None,)
                and (a.get("readback_ref") is None or (before.get("readback_ref") is not None and rev(a["readback_ref"]) == rev(before["readback_ref"])))):
            failed.add("ATTEMPT_OUTCOME_UNRECONCILED retries")
        # What was consumed is never given back (on `budget`; `spend` for money).
        if before is not None:
            now, then = a.get("budget_consumption") or {}, before.get("budget_consumption") or {}
            for field in ("tokens", "tool_calls"):
                if field in now and field in then and now[field] < then[field]:
                    failed.add("ATTEMPT_CONSUMPTION_SHRANK budget")
        # The delegatee is that of the exact revision each record names, of the two in hand.
        for contract in (prior, nxt):
            if rev(a["delegation_ref"]) == revision_of(contract):
                failed |= delegatee_findings(contract, a)
    # The window too, held at the attempt's latest record ("Attempts within their budget").
    for a in latest_records(mine):
        for contract in (prior, nxt):
            if rev(a["delegation_ref"]) == revision_of(contract):
                failed |= window_findings(contract, a)
    failed |= remaining_budget_findings(prior, nxt, mine)
    # One idempotency key names one effect, across the revisions (on `retries`).
    sent = {}
    for a in mine:
        if a.get("idempotency_key") is not None and sent.setdefault(a["idempotency_key"], a["requested_effect_digest"]) != a["requested_effect_digest"]:
            failed.add("IDEMPOTENCY_KEY_CONFLICT retries")
    return failed


def latest_records(attempts):
    """Each attempt once, at its latest record: the one no other given record names as its prior."""
    named = {rev(a["prior_revision_ref"]) for a in attempts if a.get("prior_revision_ref") is not None}
    latest = {}
    for a in attempts:
        if (a["record_id"], a["revision_id"], a["content_digest"]) not in named:
            latest[a["attempt_id"]] = a
    return sorted(latest.values(), key=lambda a: instant(a["started_at"]))


def resumes_past(a, before, checkpoints):
    """A resume of a checkpoint the attempt before it resumed too, or (given) written before that attempt started:
    the checkpoint cannot record what that attempt did, so the resume reconciles it as a retry would (note 104)."""
    ref = a.get("resumed_from_checkpoint_ref")
    if ref is None:
        return False
    if before.get("resumed_from_checkpoint_ref") is not None and before["resumed_from_checkpoint_ref"]["object_id"] == ref["object_id"]:
        return True
    c = resumed_checkpoint(a, checkpoints)
    return c is not None and compare_time(c["written_at"], before["started_at"]) < 0


def retry_findings(contract, attempts, checkpoints=()):
    """The retry policy between consecutive attempts of the delegation (7.1; `checkAttempts`), RETRY_* only."""
    mine = [a for a in attempts if a["delegation_ref"]["object_id"] == contract["delegation_id"]]
    if digest_conflicts(mine, ("attempt_id", "record_id")) or digest_conflicts(checkpoints, ("checkpoint_id", "record_id")) or sequence_conflicts(checkpoints):
        return set()
    policy = contract["retry_policy"]
    failed = set()
    ordered = latest_records(mine)
    if len(ordered) > policy["max_attempts"]:
        failed.add("RETRY_EXHAUSTED retry")
    for before, a in zip(ordered, ordered[1:]):
        outcome = before.get("outcome") or "unknown"  # no outcome reads as unknown
        resume = a.get("resumed_from_checkpoint_ref") is not None
        if not resume:
            if outcome not in policy["retryable_outcomes"]:
                failed.add("RETRY_NOT_ALLOWED retry")
            else:
                if before.get("ended_at") is None or elapsed_ns(before["ended_at"], a["started_at"]) < duration_ms(policy["backoff"]) * 1_000_000:
                    failed.add("RETRY_BACKOFF retry")
                if outcome in RECONCILE_FIRST and before.get("readback_ref") is None:
                    failed.add("RETRY_UNRECONCILED retry")
        elif outcome in RECONCILE_FIRST and before.get("readback_ref") is None and resumes_past(a, before, checkpoints):
            failed.add("RETRY_UNRECONCILED retry")
        if outcome in RECONCILE_FIRST and before.get("idempotency_key") is not None and a.get("idempotency_key") != before["idempotency_key"]:
            failed.add("RETRY_IDEMPOTENCY retry")
    return failed
