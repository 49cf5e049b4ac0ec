"""Seeded attempts and checkpoints for a reassignment of 11.4's D-RESEARCH-2 r1 -> r2 (generate_chains.py).

The base is 11.4's own records, ATT-1 (partially_applied under r1), CP-7 (its checkpoint) and ATT-2
(AGENT-B's resume of CP-7 under r2), which the core and the checker both allow. Each case changes one
to three things: a checkpoint's sequence, time, revision (one checkpoint at two revisions, notes 93
and 103), writer, delegation revision or external operations; the resume's start, receipts or key;
an attempt's delegatee, end, a later record of it (consumption given back) or a copy under its
digest; or a third attempt retrying ATT-2 under r2's retry policy (max_attempts, retryable outcomes,
backoff, read-back, key). Lists are given in a random order: no verdict may hang on it.
"""
import copy

from generate_subdelegations import record, shift


def digest(text):
    """A content digest that differs for each name (never recomputed, only compared)."""
    return "sha256:" + "".join(f"{(ord(c) * 7919 + i) % 256:02x}" for i, c in enumerate((text * 64)[:32]))


def ref(r):
    return {"object_id": r["record_id"], "revision_id": r["revision_id"], "content_digest": r["content_digest"]}


def at(hhmmss):
    return f"2026-10-04T{hhmmss}Z"


def later_checkpoint(rng, base, cid, sequence, written):
    c = copy.deepcopy(base)
    c["record_id"] = c["checkpoint_id"] = cid
    c["sequence"], c["written_at"], c["issued_at"] = sequence, written, written
    c["remaining_budget"] = {}
    c["content_digest"] = digest(f"{cid} {sequence} {written}")
    return c


def find(items, rid):
    return next(x for x in items if x["record_id"] == rid)


def x_checkpoints(rng, case):
    cps, cp7 = case["checkpoints"], find(case["checkpoints"], "CP-7")
    kind = rng.choice(["digest_conflict", "sequence_conflict", "restated", "later", "later", "pending", "writer_operator", "names_next", "early"])
    if kind == "digest_conflict":
        cps.append(dict(copy.deepcopy(cp7), sequence=rng.choice([6, 8, 9])))
    elif kind == "sequence_conflict":
        r2 = copy.deepcopy(cp7)
        r2.update(revision_id="cp-r2", prior_revision_ref=ref(cp7), sequence=rng.choice([6, 7, 8, 9]), content_digest=digest("CP-7 r2"), remaining_budget={})
        cps.append(r2)
        if rng.random() < 0.6:
            cps.append(later_checkpoint(rng, cp7, "CP-8", 8, at(rng.choice(["10:06:00", "10:30:00"]))))
    elif kind == "restated":
        r2 = copy.deepcopy(cp7)
        r2.update(revision_id="cp-r2", prior_revision_ref=ref(cp7), written_at=at(rng.choice(["10:07:00", "10:35:00"])), content_digest=digest("CP-7 r2 t"), remaining_budget={})
        cps.append(r2)
        cps.append(later_checkpoint(rng, cp7, "CP-8", 8, at("10:30:00")))
    elif kind == "later":
        cps.append(later_checkpoint(rng, cp7, rng.choice(["CP-8", "CP-6"]), rng.choice([6, 7, 8, 9]), at(rng.choice(["10:04:00", "10:05:00", "10:06:00", "10:30:00", "10:45:00"]))))
    elif kind == "pending":
        cp7["external_operations"][0]["reconciliation"] = rng.choice(["pending", "unknown", "reconciled"])
        receipt = rng.choice([None, "ref", "null_ref", "other_op"])
        if receipt is not None:
            att2 = find(case["attempts"], "ATT-2")
            op = "CAT-OP-8" if receipt == "other_op" else "CAT-OP-9"
            att2["external_receipts"] = [{"system": "catalog", "operation_id": op, "receipt_ref": None if receipt == "null_ref" else "RCPT-CAT-OP-9"}]
        kind += f":{cp7['external_operations'][0]['reconciliation']}:{receipt}"
    elif kind == "writer_operator":
        cp7["writer_operator_ref"] = "OP-OTHER"
    elif kind == "names_next":
        n = case["next"]
        cp7["delegation_ref"] = {"object_id": n["delegation_id"], "revision_id": n["revision_id"], "content_digest": n["content_digest"]}
    else:
        cp7["written_at"] = cp7["issued_at"] = at(rng.choice(["09:00:00", "09:05:00"]))
    return "checkpoint:" + kind


def x_attempts(rng, case):
    atts = case["attempts"]
    att1, att2 = find(atts, "ATT-1"), find(atts, "ATT-2")
    kind = rng.choice(["resume_start", "key_conflict", "att1_delegatee", "att2_delegatee", "att1_end", "att1_later_record", "att1_digest_conflict", "no_resume"])
    if kind == "no_resume":
        atts.remove(att2)
    elif kind == "resume_start":
        # Every record of an attempt keeps its start (two starts are ATTEMPT_REVISION_FORK, not generated here).
        start = at(rng.choice(["10:03:00", "10:05:00", "10:20:00", "10:30:00", "10:32:00"]))
        for a in atts:
            if a["attempt_id"] == "ATT-2":
                a["started_at"] = start
        att2["issued_at"] = start
        kind += ":" + att2["started_at"][11:16]
    elif kind == "key_conflict":
        att2["requested_effect_digest"] = digest("another effect")
    elif kind in ("att1_delegatee", "att2_delegatee"):
        mine, other = (att1, att2) if kind == "att1_delegatee" else (att2, att1)
        field = rng.choice(["card", "executor", "operator"])
        if field == "card":
            mine["card_ref"] = copy.deepcopy(other["card_ref"])
        elif field == "executor":
            mine["executor_actor_ref"] = copy.deepcopy(other["executor_actor_ref"])
            mine["issued_by_actor_ref"] = copy.deepcopy(other["executor_actor_ref"])
        else:
            mine["operator_principal_ref"] = "OP-OTHER"
        kind += ":" + field
    elif kind == "att1_end":
        att1["ended_at"] = at(rng.choice(["12:00:00", "13:00:00", "13:30:00"]))
        kind += ":" + att1["ended_at"][11:16]
    elif kind == "att1_later_record":
        r2 = copy.deepcopy(att1)
        r2.update(revision_id="att-r2", prior_revision_ref=ref(att1), issued_at=at("10:01:00"), content_digest=digest("ATT-1 r2"))
        r2["budget_consumption"]["tool_calls"] = rng.choice([70, 79, 80])
        atts.append(r2)
        kind += f":{r2['budget_consumption']['tool_calls']}"
    else:
        dup = copy.deepcopy(att1)
        dup["budget_consumption"]["tool_calls"] = rng.choice([80, 81])
        atts.append(dup)
    return "attempts:" + kind


def x_retry(rng, case):
    """A third attempt, ATT-3 under r2, after ATT-2 running or ended; r1's and r2's retry policy varied alike."""
    atts = case["attempts"]
    att2 = find(atts, "ATT-2")
    max_attempts, retryable = rng.choice([2, 3]), rng.choice([["failed"], ["failed", "unknown"], ["failed", "unknown", "partially_applied"]])
    for c in (case["prior"], case["next"]):
        c["retry_policy"]["max_attempts"], c["retry_policy"]["retryable_outcomes"] = max_attempts, list(retryable)
    outcome = rng.choice([None, "failed", "unknown", "unknown", "partially_applied"])
    two_records = outcome is not None and rng.random() < 0.5
    if outcome is not None:
        if two_records:
            # ATT-2 appended running, then again when it ended: one attempt, read at its latest record.
            ended = copy.deepcopy(att2)
            ended.update(revision_id="att-r2", prior_revision_ref=ref(att2), issued_at=at("10:50:00"), content_digest=digest("ATT-2 r2"))
            atts.append(ended)
            att2 = ended
        att2["outcome"], att2["ended_at"] = outcome, at("10:50:00")
        if outcome == "partially_applied":
            att2["effects"] = [{"effect_id": "EFF-STAGE-SRC-74", "digest": digest("EFF 74"), "status": "applied"}, {"effect_id": "EFF-STAGE-SRC-75", "digest": digest("EFF 75"), "status": "not_applied"}]
        if outcome in ("unknown", "partially_applied") and rng.random() < 0.5:
            att2["readback_ref"] = {"object_id": "VR-ATT-2", "revision_id": "vr-r1", "content_digest": digest("VR-ATT-2")}
    att3 = copy.deepcopy(att2)
    att3.update(record_id="ATT-3", attempt_id="ATT-3", revision_id="att-r1", prior_revision_ref=None, effects=[], resumed_from_checkpoint_ref=None, checkpoint_refs=[], content_digest=digest("ATT-3"),
                outcome=None, ended_at=None, readback_ref=None, external_receipts=[], budget_consumption={"tool_calls": 0})
    att3["started_at"] = att3["issued_at"] = at(rng.choice(["10:50:05", "10:50:10", "10:51:00"]))
    att3["idempotency_key"] = rng.choice(["D-RESEARCH-2/effect", "D-RESEARCH-2/effect", "D-RESEARCH-2/effect-3", None])
    if rng.random() < 0.2:
        att3["resumed_from_checkpoint_ref"] = copy.deepcopy(att2["resumed_from_checkpoint_ref"])
    atts.append(att3)
    p = case["next"]["retry_policy"]
    return f"retry:{'two records:' if two_records else ''}max{p['max_attempts']}:{'+'.join(p['retryable_outcomes'])}:att2={outcome}{'+rb' if att2.get('readback_ref') else ''}:key={att3['idempotency_key']}:{'resume' if att3['resumed_from_checkpoint_ref'] else 'retry'}:{att3['started_at'][11:19]}"


RECORD_MUTATIONS = [x_checkpoints, x_checkpoints, x_attempts, x_attempts, x_retry]


def records_case(rng, plain):
    case = {"op": "reassign", "base": "reassign-records", "mutations": [], "prior": record("d-research-2-r1"), "next": record("d-research-2-r2"),
            "attempts": [record("att-1"), record("att-2")], "checkpoints": [record("cp-7")]}
    if not plain:
        for _ in range(rng.choice([1, 1, 2, 3])):
            trial = copy.deepcopy(case)
            try:
                applied = rng.choice(RECORD_MUTATIONS)(rng, trial)
            except (StopIteration, KeyError, IndexError):
                continue
            case = trial
            case["mutations"].append(applied)
    if rng.random() < 0.5:
        rng.shuffle(case["attempts"])
        rng.shuffle(case["checkpoints"])
        case["mutations"].append("shuffled")
    return case
