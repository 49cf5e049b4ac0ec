"""An independent checker of the attempts and checkpoints a reassignment carries (sections 1.1, 7.1, 7.2, 11.4).

Written from the spec, core/delegation/README.md (the table "The attempts and checkpoints a
reassignment is given", and the paragraphs on attempts, checkpoints, resumes and retries),
core/delegation/CODES.md and the README's RW-003 notes (86, 93, 102, 103, 108, 109, 111-113, 169, 170, 173, 175), never from
core/delegation/*.ts. Three judgements:

`reassignment_findings(prior, next, attempts, checkpoints)`: what `checkReassignment` adds for the
records, each finding as "CODE dimension" on a section-8 dimension.
`retry_findings(contract, attempts, checkpoints)`: the retry policy between consecutive attempts, which
`checkReassignment` leaves to `checkAttempts` run on the next revision (the README's table: "Run
`checkAttempts` on each revision"), as "CODE retry", RETRY_* codes only.

`budget_findings(contract, attempts, checkpoints)`: what `checkAttempts` says of the attempts against a
revision's budget and spend, as "CODE prior" (judged under the prior).

Only what generate_chains.py's record mutations reach is judged here: the remainders (tool calls, items
and spend, across the revisions), attempt forks, fences and input fixity (the contracts' inputs, the
checkpoint's, the resume's and the writing attempt's, README notes 111 to 113 among the readings).
"""
import json
import re

from attenuation_checker import amount_units, compare_time, duration_ms, elapsed_ns, instant, rev

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


def named_record(ref, records, ids=("record_id",), but=None):
    """The given record `ref` names exactly (by any of its `ids`, revision and digest), other than `but`, or None:
    the checkpoint a resume names (by checkpoint id or record id)."""
    if ref is None:
        return None
    for r in records:
        if r is not but and ref["object_id"] in {r[k] for k in ids} and (ref["revision_id"], ref["content_digest"]) == (r["revision_id"], r["content_digest"]):
            return r
    return None


def prior_named(record):
    """The revision a record names as its prior, exactly, or None for a first revision: section 3's
    prior_revision_ref is a RevisionRef, the "Exact {object_id, revision_id, content_digest} triple" (2), so one
    naming another object than the record's own record id names none of its revisions (README note 169)."""
    p = record.get("prior_revision_ref")
    return None if p is None else rev(p)


def prior_record(record, records):
    """The given record, other than `record` itself, that `record` names as its prior, or None. An attempt's is one of its
    own attempt: records of one id starting at two times are two attempts "whatever their priors say"
    (core/delegation/README.md; README note 111), so a restart naming a revision of the other start follows none in hand."""
    want = prior_named(record)
    return None if want is None else next((r for r in records if r is not record and rev_of(r) == want and same_attempt(r, record)), None)


def same_attempt(before, record):
    """Two records of one attempt (id and start); a checkpoint's revisions always are of one checkpoint."""
    return "started_at" not in record or attempt_thing(before) == attempt_thing(record)


def outcome_moved(then, now):
    """A later record's outcome `now` claims more than `then`, unknown or partially_applied, did: any other outcome
    but `unknown` (CODES.md), `partially_applied` after `unknown` too, as it tells which effects applied."""
    return now is not None and now not in ("unknown", then)


def left_to_success_rule(record):
    """A move to `succeeded` naming no read-back is the record's own ATTEMPT_SUCCESS_UNVERIFIED ("succeeded requires
    ... post-effect read-back", 7.1), refused at validation; CODES.md's ATTEMPT_OUTCOME_UNRECONCILED leaves it there
    ("not `succeeded`, which needs its read-back anyway"), so it is not refused twice; one naming the read-back its prior held is refused as a move."""
    return record.get("outcome") == "succeeded" and record.get("readback_ref") is None


def resumed_checkpoint(attempt, checkpoints):
    return named_record(attempt.get("resumed_from_checkpoint_ref"), checkpoints, ("checkpoint_id", "record_id"))


def resumes_own_attempt(attempt, checkpoint):
    """A resume of a checkpoint its own attempt wrote (the same attempt id, of the same delegation), whenever it
    started: "Resume creates a new attempt referencing the checkpoint" (7.2; README note 170)."""
    return (attempt["attempt_id"], attempt["delegation_ref"]["object_id"]) == (checkpoint["attempt_id"], checkpoint["delegation_ref"]["object_id"])


def amended_since(attempt, checkpoint, checkpoints):
    """A later revision of the checkpoint resumed (its chain of priors given reaches the revision resumed), of the same
    attempt, written no later than the resume started: that revision is stale state, as a lower sequence is (section
    7.2; a RevisionRef names one exact revision, section 2; README note 175)."""
    return any(rev_of(o) != rev_of(checkpoint) and (o["attempt_id"], o["delegation_ref"]["object_id"]) == (checkpoint["attempt_id"], checkpoint["delegation_ref"]["object_id"])
               and compare_time(o["written_at"], attempt["started_at"]) <= 0 and rev_of(checkpoint) in {rev_of(e) for e in earlier_revisions(o, checkpoints)} for o in checkpoints)


def issued_late(record, field):
    """Sections 1 and 3: a record is immutable from the moment it is issued, so its own start, end or write time later
    than its issued_at reports what had not happened when it was written. Compared as instants: the same instant
    written another way is not later (README note 176)."""
    return record.get(field) is not None and compare_time(record[field], record["issued_at"]) > 0


def issued_time_findings(attempts, checkpoints):
    """TIME_ORDER at each attempt's started_at or ended_at, each checkpoint's written_at, later than its own issued_at,
    as "TIME_ORDER <field>". Only a record's own times: the order between records is the event log's. A record its
    schema refuses is read no further (`schema_findings`), so its times are not compared."""
    own = [(a, ("started_at", "ended_at")) for a in attempts] + [(c, ("written_at",)) for c in checkpoints]
    return {f"TIME_ORDER {field}" for record, fields in own if read_further(record) for field in fields if issued_late(record, field)}


# The schema's opaque id (1 to 256 printable characters, no spaces) and digest (sha256, sha384 or sha512, lowercase hex).
OPAQUE_ID = re.compile(r"[\x21-\x7e]{1,256}")
DIGEST = re.compile(r"sha256:[0-9a-f]{64}|sha384:[0-9a-f]{96}|sha512:[0-9a-f]{128}")
REF_MEMBERS = (("object_id", OPAQUE_ID), ("revision_id", OPAQUE_ID), ("content_digest", DIGEST))


def receipt_ref_refusals(ref):
    """Where a receipt_ref is not the schema's: null (nothing read back) or a RevisionRef (section 2: an object id, a
    revision id, a content digest). Not an object: refused as a whole (""); an object: each member missing or malformed."""
    if ref is None:
        return []
    if not isinstance(ref, dict):
        return [""]
    return ["." + name for name, form in REF_MEMBERS if not (isinstance(ref.get(name), str) and form.fullmatch(ref[name]))]


def refusals(record):
    """The paths (list indexes left out) the schema refuses in an attempt's receipts; the generator draws nothing else malformed."""
    return {"external_receipts.receipt_ref" + sub for r in record.get("external_receipts", []) for sub in receipt_ref_refusals(r.get("receipt_ref"))}


def read_further(record):
    """validateRecord reads a record its schema refuses no further: no rule of its own (TIME_ORDER among them) is applied."""
    return not refusals(record)


# Outcomes that claim no effect escaped (1.1: failed, cancelled and expired record no accepted mutation).
NOTHING_APPLIED = ("failed", "cancelled", "expired")


def outcome_contradicts(outcome, statuses):
    """CODES.md's ATTEMPT_OUTCOME_EFFECTS (7.1, 10.3): an unknown effect is never succeeded, failed, cancelled or expired (an
    unknown external effect never normalizes without reconciliation, 1.1); an applied one never failed, cancelled or
    expired; applied and not-applied ones together are partially_applied ("Mixed effects are partially_applied"), never succeeded."""
    return (("unknown" in statuses and outcome in ("succeeded",) + NOTHING_APPLIED) or ("applied" in statuses and outcome in NOTHING_APPLIED)
            or (outcome == "succeeded" and "applied" in statuses and "not_applied" in statuses))


def schema_findings(attempts, checkpoints):
    """validateRecord's refusals of the attempts and checkpoints other than their times (a validation finding, no dimension):
    the schema's, as "DELEGATION_SCHEMA <path>", and, of a record it reads further, an attempt's outcome its effects
    contradict, as "ATTEMPT_OUTCOME_EFFECTS effects.status"."""
    return ({f"DELEGATION_SCHEMA {path}" for record in attempts + checkpoints for path in refusals(record)}
            | {"ATTEMPT_OUTCOME_EFFECTS effects.status" for a in attempts if read_further(a) and a.get("outcome") is not None
               and outcome_contradicts(a["outcome"], {e["status"] for e in a.get("effects", [])})})


def revision_of(contract):
    return (contract["delegation_id"], contract["revision_id"], contract["content_digest"])


def names_under_other_digest(ref, contract):
    """A reference naming the contract's delegation and revision id under another content digest: a revision id is
    never reused (sections 2, 3), so one of the two is not the revision it claims (README note 113)."""
    return (ref["object_id"], ref["revision_id"]) == (contract["delegation_id"], contract["revision_id"]) and ref["content_digest"] != contract["content_digest"]


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


def draws_on_prior(attempt, prior):
    """An attempt naming the prior's revision id (under any digest) drew on the prior's limits (README notes 108, 113)."""
    return attempt["delegation_ref"]["revision_id"] == prior["revision_id"]


def remaining_budget_findings(prior, nxt, mine):
    """The next revision takes at most the prior's limit less the prior's attempts' consumption, each attempt at
    the most any of its records reports; a running attempt (latest record without an outcome) or one recording
    none of a limited budget leaves the remainder unknown ("Shared budgets"). Only attempts naming the prior's
    revision id count (README note 108): the next revision's draw on its own limits, an earlier revision's were
    taken out when the prior was given; one naming the prior's revision id under another digest counts (fail
    closed). Attempts are told apart by id and start ("Records under one id that start at different times are
    two attempts, each consuming")."""
    of_prior = [a for a in mine if draws_on_prior(a, prior)]
    found = set()
    heads = latest_heads(of_prior)
    wide = counts(prior["limits"])
    for key, granted in counts(nxt["limits"]).items():
        # A grant of none, or one the attenuation already refuses, is not checked here.
        if key not in wide or granted == 0 or granted > wide[key]:
            continue
        total, unknown = 0, False
        for thing, head in heads:
            # The latest record states it, raised to the most any record of the attempt reports; one leaving it
            # out (or still running) leaves the remainder unknown (a reading of the core's: "a running or silent
            # record leaves the remainder unknown").
            reports = [consumed(a, *key) for a in of_prior if attempt_thing(a) == thing]
            reports = [r for r in reports if r is not None]
            if head.get("outcome") is None or consumed(head, *key) is None:
                unknown = True
            else:
                total += max(reports)
        if unknown or granted > wide[key] - total:
            found.add("ATTENUATION_BUDGET_REMAINING budget")
    found |= remaining_spend_findings(prior, nxt, of_prior, heads)
    return found


def spend_of(record):
    return (record.get("budget_consumption") or {}).get("spend")


def remaining_spend_findings(prior, nxt, of_prior, heads):
    """Spend, as the counts, exactly in ten-thousandths; money is never converted: an attempt that spent (more
    than zero) in another currency than the prior's leaves the remainder unknown (BUDGET_UNITS_UNLIKE)."""
    wide, mine = prior["limits"].get("spend"), nxt["limits"].get("spend")
    if (wide is None or amount_units(wide["amount"]) == 0 or mine is None or amount_units(mine["amount"]) == 0
            or mine["currency"] != wide["currency"] or amount_units(mine["amount"]) > amount_units(wide["amount"])):
        return set()
    if not heads:
        return set()
    spent = []
    for thing, head in heads:
        if head.get("outcome") is None or spend_of(head) is None:
            return {"ATTENUATION_BUDGET_REMAINING spend"}
        # The head's, raised to the most any record of the attempt reports in its currency.
        same = [spend_of(a) for a in of_prior if attempt_thing(a) == thing and spend_of(a) is not None and spend_of(a)["currency"] == spend_of(head)["currency"]]
        spent.append(max(same, key=lambda m: amount_units(m["amount"])))
    if any(m["currency"] != wide["currency"] and amount_units(m["amount"]) > 0 for m in spent):
        return {"BUDGET_UNITS_UNLIKE spend"}
    total = sum(amount_units(m["amount"]) for m in spent if m["currency"] == wide["currency"])
    return {"ATTENUATION_BUDGET_REMAINING spend"} if total + amount_units(mine["amount"]) > amount_units(wide["amount"]) else set()


def remainder_findings(prior, nxt, c, mine):
    """A checkpoint of the prior's: a remainder claimed above the computed one is overstated; the next revision's
    grant beyond the lesser of the two is exceeded (counts on `budget`, elapsed on `duration`)."""
    found = set()
    claim = c.get("remaining_budget") or {}
    # The attempts of the prior's revision, each record read when it ended by written_at, or is running and issued by then.
    def by_then(a):
        end = a.get("ended_at")
        return compare_time(end, c["written_at"]) <= 0 if end is not None else compare_time(a["issued_at"], c["written_at"]) <= 0
    # Under its revision id, any digest, as the next revision's remainder counts them (README note 113).
    of_prior = [a for a in mine if draws_on_prior(a, prior) and by_then(a)]
    for (field, item), limit in counts(prior["limits"]).items():
        stated = (claim.get("items") or {}).get(item) if field == "max_items" else claim.get(CONSUMED[field])
        if stated is None:
            continue
        used = 0
        # Each attempt (id and start: two starts are two attempts) once, at the most its records report.
        for thing in {attempt_thing(a) for a in of_prior}:
            reports = [r for r in (consumed(a, field, item) for a in of_prior if attempt_thing(a) == thing) if r is not None]
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
    # A record naming a revision in hand by its id under another digest claims content that revision lacks: refused
    # (an attempt on `retries`, a checkpoint on `inputs`, as their digest conflicts), and the attempt still counted in
    # every sum below (README note 113).
    if any(names_under_other_digest(a["delegation_ref"], contract) for a in mine for contract in (prior, nxt)):
        failed.add("ATTEMPT_REVISION_DIGEST retries")
    if any(names_under_other_digest(c["delegation_ref"], prior) for c in checkpoints):
        failed.add("CHECKPOINT_REVISION_DIGEST inputs")
    for c in checkpoints:
        # A checkpoint's remainder is of the limits of the exact revision it names: the prior's here.
        if rev(c["delegation_ref"]) != revision_of(prior):
            failed.add("CHECKPOINT_REMAINDER_UNVERIFIED budget")
        writers = [a for a in mine if a["attempt_id"] == c["attempt_id"] and a["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"]]
        for a in writers:
            # Its attempt's exact delegation revision, written no earlier than that attempt started (on `budget`); records
            # of its attempt id at two starts (ATTEMPT_REVISION_FORK) are two attempts, and it may be the earlier's.
            if rev(c["delegation_ref"]) != rev(a["delegation_ref"]) or compare_time(c["written_at"], min((w["started_at"] for w in writers), key=instant)) < 0:
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
            if resumes_own_attempt(a, c):
                failed.add("RESUME_NOT_NEW_ATTEMPT retries")
            if any(o["checkpoint_id"] != c["checkpoint_id"] and o["attempt_id"] == c["attempt_id"]
                   and o["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"]
                   and o["sequence"] > c["sequence"] and compare_time(o["written_at"], a["started_at"]) <= 0 for o in checkpoints) or amended_since(a, c, checkpoints):
                failed.add("RESUME_CHECKPOINT_SUPERSEDED inputs")
        # A record moving its outcome away from unknown or partially_applied names a read-back its prior did not hold.
        before = prior_record(a, mine)
        if (before is not None and before.get("outcome") in RECONCILE_FIRST and outcome_moved(before.get("outcome"), a.get("outcome")) and not left_to_success_rule(a)
                and (a.get("readback_ref") is None or (before.get("readback_ref") is not None and rev(a["readback_ref"]) == rev(before["readback_ref"])))):
            failed.add("ATTEMPT_OUTCOME_UNRECONCILED retries")
        # What was consumed is never given back (on `budget`; `spend` for money).
        if before is not None:
            now, then = a.get("budget_consumption") or {}, before.get("budget_consumption") or {}
            for field in ("tokens", "tool_calls"):
                if field in now and field in then and now[field] < then[field]:
                    failed.add("ATTEMPT_CONSUMPTION_SHRANK budget")
            for item, n in (now.get("items") or {}).items():
                if item in (then.get("items") or {}) and n < then["items"][item]:
                    failed.add("ATTEMPT_CONSUMPTION_SHRANK budget")
            if "spend" in now and "spend" in then and now["spend"]["currency"] == then["spend"]["currency"] and amount_units(now["spend"]["amount"]) < amount_units(then["spend"]["amount"]):
                failed.add("ATTEMPT_CONSUMPTION_SHRANK spend")
        # The delegatee is that of the exact revision each record names, of the two in hand.
        for contract in (prior, nxt):
            if rev(a["delegation_ref"]) == revision_of(contract):
                failed |= delegatee_findings(contract, a)
    # The window too, held at the attempt's latest record ("Attempts within their budget"), at each of a fork's.
    for _, a in latest_heads(mine):
        for contract in (prior, nxt):
            if rev(a["delegation_ref"]) == revision_of(contract):
                failed |= window_findings(contract, a)
    failed |= remaining_budget_findings(prior, nxt, mine)
    failed |= input_findings(prior, nxt, mine, checkpoints)
    failed |= fork_findings(mine)
    failed |= fence_findings(prior, nxt, mine, checkpoints)
    # One idempotency key names one effect, across the revisions (on `retries`).
    sent = {}
    for a in mine:
        if a.get("idempotency_key") is not None and sent.setdefault(a["idempotency_key"], a["requested_effect_digest"]) != a["requested_effect_digest"]:
            failed.add("IDEMPOTENCY_KEY_CONFLICT retries")
    return failed


def fixed_by(refs):
    """The exact revisions (revision, digest) a list names of each object."""
    out = {}
    for r in refs:
        out.setdefault(r["object_id"], set()).add((r["revision_id"], r["content_digest"]))
    return out


def unfixed(refs, fixed):
    """One of `refs` names an object `fixed` fixes, at none of the revisions and digests fixed of it."""
    return any(r["object_id"] in fixed and (r["revision_id"], r["content_digest"]) not in fixed[r["object_id"]] for r in refs)


def input_findings(prior, nxt, mine, checkpoints):
    """Input fixity (7.2 "input fixity"; 11.4 "If any input ... changes, reassignment stops"; all on `inputs`): a checkpoint
    of the prior's exact revision fixes the prior's exact inputs of each object the prior binds (INPUT_NOT_EXACT); the
    next revision, and a resume of a given checkpoint, use what the checkpoint fixed of each object it fixes (INPUT_STALE);
    a checkpoint fixes only revisions its attempt's records that state all used by then (ended, or issued at or after
    written_at) name of each object they name, among their inputs and outputs (CHECKPOINT_INPUT_UNUSED). An object a
    list does not name is not judged (a search reads more as it goes)."""
    found = set()
    for c in checkpoints:
        if rev(c["delegation_ref"]) == revision_of(prior):
            if unfixed(c["input_revisions"], fixed_by(prior["inputs"])):
                found.add("INPUT_NOT_EXACT inputs")
            if unfixed(nxt["inputs"], fixed_by(c["input_revisions"])):
                found.add("INPUT_STALE inputs")
        writers = [a for a in mine if a["attempt_id"] == c["attempt_id"] and a["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"]
                   and (a.get("ended_at") is not None or compare_time(a["issued_at"], c["written_at"]) >= 0)]
        if any(unfixed(c["input_revisions"], fixed_by(a["inputs"] + a["outputs"])) for a in writers):
            found.add("CHECKPOINT_INPUT_UNUSED inputs")
    for a in mine:
        c = resumed_checkpoint(a, checkpoints)
        if c is not None and unfixed(a["inputs"], fixed_by(c["input_revisions"])):
            found.add("INPUT_STALE inputs")
    return found


def budget_findings(contract, attempts, checkpoints=()):
    """What `checkAttempts` says of the attempts drawing on a revision's limits (5.2's budget and spend predicates over
    the attempt log, as "CODE prior"): every attempt naming its revision id, under any digest (README note 113), each
    attempt (id and start) at the most any of its records reports of each count and of each currency's spend, summed.
    A count past its limit is BUDGET_EXCEEDED; spend above zero under no MoneyLimit (or a zero one) SPEND_NO_AUTHORITY,
    in another currency or past the limit SPEND_EXCEEDS."""
    mine = [a for a in attempts if a["delegation_ref"]["object_id"] == contract["delegation_id"]]
    # Records that contradict each other: checkAttempts reads nothing more (notes 93, 103).
    if digest_conflicts(mine, ("attempt_id", "record_id")) or digest_conflicts(checkpoints, ("checkpoint_id", "record_id")) or sequence_conflicts(checkpoints):
        return set()
    of = [a for a in mine if draws_on_prior(a, contract)]
    totals = {}
    for thing in {attempt_thing(a) for a in of}:
        most = {}
        for a in of:
            if attempt_thing(a) != thing:
                continue
            b = a.get("budget_consumption") or {}
            amounts = {("count", k): b[k] for k in ("tokens", "tool_calls") if k in b}
            amounts.update({("count", "items." + t): n for t, n in (b.get("items") or {}).items()})
            if "spend" in b:
                amounts[("spend", b["spend"]["currency"])] = amount_units(b["spend"]["amount"])
            for k, v in amounts.items():
                most[k] = max(most.get(k, v), v)
        for k, v in most.items():
            totals[k] = totals.get(k, 0) + v
    limits, found = contract["limits"], set()
    for (kind, what), total in totals.items():
        if kind == "count":
            limit = (limits.get("max_items") or {}).get(what[len("items."):]) if what.startswith("items.") else limits.get("max_" + what)
            if limit is not None and total > limit:
                found.add("BUDGET_EXCEEDED prior")
        elif total > 0:
            spend = limits.get("spend")
            if spend is None or amount_units(spend["amount"]) == 0:
                found.add("SPEND_NO_AUTHORITY prior")
            elif spend["currency"] != what or total > amount_units(spend["amount"]):
                found.add("SPEND_EXCEEDS prior")
    return found


def attempt_thing(a):
    """One attempt: its id and start (two records under one id starting at two times are two attempts)."""
    return (a["attempt_id"], instant(a["started_at"]))


def latest_heads(attempts):
    """Each attempt (id and start) at its latest records: those no other given record names as its prior. A fork
    (two such records of one attempt, ATTEMPT_REVISION_FORK) keeps both heads, and the remainder counts each: which
    one the attempt is, is unknown, so failing closed it consumed at each (a reading of the core's; the fork
    itself already denies)."""
    # A record is superseded only by a record of the same attempt (id and start) naming it.
    named = {(attempt_thing(a), prior_named(a)) for a in attempts if prior_named(a) is not None}
    heads, seen = [], set()
    for a in attempts:
        if (attempt_thing(a), rev_of(a)) not in named and json_of(a) not in seen:
            seen.add(json_of(a))
            heads.append((attempt_thing(a), a))
    return heads


def earlier_revisions(record, records):
    """The given records this one reaches through its chain of priors, exactly, nearest first."""
    out, seen, at = [], set(), record
    while True:
        before = prior_record(at, records)
        if before is None or id(before) in seen:
            return out
        seen.add(id(before))
        out.append(before)
        at = before


def fork_findings(mine):
    """Of one attempt id's records: two starting at different times, or neither leading to the other through its
    priors, or one whose prior is not given beside another record (a gap), fork (on `retries`)."""
    by_id = {}
    for a in mine:
        by_id.setdefault(a["attempt_id"], []).append(a)
    for records in by_id.values():
        distinct = {json_of(a): a for a in records}.values()
        distinct = list(distinct)
        if len(distinct) < 2:
            continue
        if len({instant(a["started_at"]) for a in distinct}) > 1:
            return {"ATTEMPT_REVISION_FORK retries"}
        # More than one latest record: neither leads to the other (a branch, or a gap between two given records).
        # A chain whose first revision is not given is one chain (the caller may hold it): no fork.
        named = {prior_named(a) for a in distinct if prior_named(a) is not None}
        if sum(rev_of(a) not in named for a in distinct) > 1:
            return {"ATTEMPT_REVISION_FORK retries"}
    return set()


def json_of(record):
    return json.dumps(record, sort_keys=True)


def rev_of(record):
    return (record["record_id"], record["revision_id"], record["content_digest"])


def stream(b):
    return (b["project_id"], b["branch_id"])


def fence_findings(prior, nxt, mine, checkpoints):
    """Section 1.2's positions only grow, a stream has one event at each position, and a resume fences afresh
    (all on `ancestor_fences`): RESUME_FENCE_STALE, CHECKPOINT_FENCE_REGRESSED, ATTEMPT_FENCE_REGRESSED, FENCE_FORK."""
    found = set()
    # FENCE_FORK: across every attempt and checkpoint given, one event (and digest) a position, one position an event.
    at_position, of_event = {}, {}
    for r in list(mine) + list(checkpoints):
        for b in r["control_fence_set"]:
            k = stream(b)
            if at_position.setdefault((k, b["position"]), (b["event_id"], b["event_digest"])) != (b["event_id"], b["event_digest"]):
                found.add("FENCE_FORK ancestor_fences")
            if of_event.setdefault((k, b["event_id"]), b["position"]) != b["position"]:
                found.add("FENCE_FORK ancestor_fences")
    # RESUME_FENCE_STALE: a resume fences no stream before its checkpoint, and under another delegation revision
    # than its checkpoint's, not its delegation's own stream at the checkpoint's boundary.
    for a in mine:
        c = resumed_checkpoint(a, checkpoints)
        if c is None:
            continue
        theirs = {stream(b): b for b in c["control_fence_set"]}
        for b in a["control_fence_set"]:
            t = theirs.get(stream(b))
            if t is None:
                continue
            if b["position"] < t["position"]:
                found.add("RESUME_FENCE_STALE ancestor_fences")
            own = b["branch_id"] == "delegation:" + c["delegation_ref"]["object_id"]
            if own and rev(a["delegation_ref"]) != rev(c["delegation_ref"]) and b["position"] == t["position"]:
                found.add("RESUME_FENCE_STALE ancestor_fences")
    # CHECKPOINT_FENCE_REGRESSED: before the earliest its attempt's records fenced, or before the greatest a
    # checkpoint of that attempt with a lower sequence fenced.
    for c in checkpoints:
        writers = [a for a in mine if a["attempt_id"] == c["attempt_id"] and a["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"]]
        floor = {}
        for a in writers:
            for b in a["control_fence_set"]:
                floor[stream(b)] = min(floor.get(stream(b), b["position"]), b["position"])
        high = {}
        for o in checkpoints:
            if o["attempt_id"] == c["attempt_id"] and o["delegation_ref"]["object_id"] == c["delegation_ref"]["object_id"] and o["sequence"] < c["sequence"]:
                for b in o["control_fence_set"]:
                    high[stream(b)] = max(high.get(stream(b), b["position"]), b["position"])
        # And before the greatest an earlier revision of it (reached through its priors) fenced (README note 112).
        for before in earlier_revisions(c, checkpoints):
            for b in before["control_fence_set"]:
                high[stream(b)] = max(high.get(stream(b), b["position"]), b["position"])
        for b in c["control_fence_set"]:
            if b["position"] < floor.get(stream(b), b["position"]) or b["position"] < high.get(stream(b), b["position"]):
                found.add("CHECKPOINT_FENCE_REGRESSED ancestor_fences")
    # ATTEMPT_FENCE_REGRESSED: a later revision of an attempt, before the greatest an earlier one (through its priors) fenced.
    for a in mine:
        for before in earlier_revisions(a, mine):
            theirs = {stream(b): b["position"] for b in before["control_fence_set"]}
            if any(b["position"] < theirs.get(stream(b), b["position"]) for b in a["control_fence_set"]):
                found.add("ATTEMPT_FENCE_REGRESSED ancestor_fences")
    return found


def attempts_in_order(attempts):
    """Each attempt id once, as the list of its latest records (`latest_heads`): one, or a fork's several, since which
    one the attempt is, is unknown and each is judged (note 109). The ids in the order they started, a forked one at
    its earliest start; equal starts in the order given."""
    by_id = {}
    for _, a in latest_heads(attempts):
        by_id.setdefault(a["attempt_id"], []).append(a)
    position = {id(a): i for i, a in enumerate(attempts)}
    return sorted(by_id.values(), key=lambda heads: min((instant(a["started_at"]), position[id(a)]) for a in heads))


def same_checkpoint(ref, earlier):
    """Two resumes continue from one state when they name one revision of it: a RevisionRef is the "Exact {object_id,
    revision_id, content_digest} triple" (section 2), and an amendment is another state (README note 173)."""
    return earlier is not None and rev(earlier) == rev(ref)


def resumes_past(a, before, checkpoints):
    """A resume of the checkpoint revision the attempt before it resumed too, or of one (given) written before that
    attempt started: the checkpoint cannot record what that attempt did, so the resume reconciles it as a retry would
    (note 104). Another revision of the checkpoint that attempt resumed, not in hand (not given, or named under another
    digest), may be the very state it continued from, or older: held too (note 173)."""
    ref = a.get("resumed_from_checkpoint_ref")
    if ref is None:
        return False
    earlier = before.get("resumed_from_checkpoint_ref")
    if same_checkpoint(ref, earlier):
        return True
    c = resumed_checkpoint(a, checkpoints)
    if c is not None:
        return compare_time(c["written_at"], before["started_at"]) < 0
    return earlier is not None and earlier["object_id"] == ref["object_id"]


def retry_findings(contract, attempts, checkpoints=()):
    """The retry policy between consecutive attempts of the delegation (7.1; `checkAttempts`), RETRY_* only."""
    mine = [a for a in attempts if a["delegation_ref"]["object_id"] == contract["delegation_id"]]
    if digest_conflicts(mine, ("attempt_id", "record_id")) or digest_conflicts(checkpoints, ("checkpoint_id", "record_id")) or sequence_conflicts(checkpoints):
        return set()
    policy = contract["retry_policy"]
    failed = set()
    ordered = attempts_in_order(mine)
    # Each attempt counts once: one id at two starts is two attempts, a branch at one start one (README note 111).
    if len({attempt_thing(a) for heads in ordered for a in heads}) > policy["max_attempts"]:
        failed.add("RETRY_EXHAUSTED retry")
    # Each latest record of an attempt after each of the attempt before it: a fork is judged at every head (note 109).
    pairs = [(before, a) for earlier, later in zip(ordered, ordered[1:]) for before in earlier for a in later]
    for before, a in pairs:
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
