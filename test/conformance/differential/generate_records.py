"""Seeded attempts and checkpoints for a reassignment of 11.4's D-RESEARCH-2 r1 -> r2 (generate_chains.py).

The base is 11.4's own records, ATT-1 (partially_applied under r1), CP-7 (its checkpoint) and ATT-2
(AGENT-B's resume of CP-7 under r2), which the core and the checker both allow (README note 108).
Each case changes one to three things: a checkpoint's sequence, time, revision (one checkpoint at two
revisions, notes 93 and 103), writer, delegation revision (r1's id under another digest too) or external operations; the resume's
start, receipts or key, or the checkpoint it names its own attempt's (a later record of ATT-1 resuming CP-7, ATT-2 a
CP-9 it wrote); an attempt's delegatee, end, a later record of it (consumption given back)
or a copy under its digest; a third attempt retrying ATT-2 under r2's retry policy (max_attempts,
retryable outcomes, backoff, read-back, key); attempts of other revisions (ATT-2 ended having used
r2's budget, an ATT-0 under an earlier r0, an ATT-9 naming r1, or an ATT-8 naming r2, under another digest); spend limits
on r1 and r2 with spend recorded under r1, r2 or r0, in the limit's currency or another, given back
by a later record; ATT-1 forked (two branches, one maybe under another key or none, a gap, another
start, a prior naming its r1 under another object's id) or chained; a fence moved back, forked or stale (the resume's, CP-7's against ATT-1, a
later record of ATT-1's, a later revision of CP-7's against its prior); or the inputs: r1 and r2 binding
CP-7's Sources exactly or not, ATT-2 resuming with another revision, CP-7 fixing one ATT-1 never touched.
Lists are given in a random order: no verdict may hang on it. Drawn on a stream of its own, so that the rest is
drawn as before: ATT-3 resuming CP-7's amendment or its cp-r1 again after ATT-2 (README note 173). Every record is
issued no earlier than its own times (`issued_at_own_times`, README note 176), and, on a stream of its own, one may be
issued before one of them (`x_issued_time_order`); on another, an attempt given a receipt whose receipt_ref is
malformed or not (`x_receipt_shape`). On a stream of its own beside the resume's, an attempt whose outcome and effects
agree or not (`x_outcome_effects`).
"""
import copy
import random
from datetime import datetime, timedelta, timezone

from generate_subdelegations import record


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
    kind = rng.choice(["digest_conflict", "sequence_conflict", "restated", "revision_fence", "later", "later", "pending", "writer_operator", "names_next", "early", "prior_other_digest"])
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
    elif kind == "revision_fence":
        # CP-7 restated at cp-r2 (one sequence, README note 103) with its Space fence moved: a later revision
        # fencing before an earlier one it reaches through its priors regresses (README note 112); one naming
        # no prior is not ordered against CP-7.
        first, then = rng.choice([12, 13]), rng.choice([12, 13, 14])
        boundary(fence_of(cp7, "space:"), first, f"EV-SPACE-{first}", digest(f"EV-SPACE-{first}"))
        r2 = copy.deepcopy(cp7)
        chained = rng.random() < 0.8
        r2.update(revision_id="cp-r2", prior_revision_ref=ref(cp7) if chained else None, content_digest=digest(f"CP-7 r2 fence {then}"), remaining_budget={})
        boundary(fence_of(r2, "space:"), then, f"EV-SPACE-{then}", digest(f"EV-SPACE-{then}"))
        cps.append(r2)
        kind += f":{first}->{then}{'' if chained else ':unchained'}"
    elif kind == "later":
        cps.append(later_checkpoint(rng, cp7, rng.choice(["CP-8", "CP-6"]), rng.choice([6, 7, 8, 9]), at(rng.choice(["10:04:00", "10:05:00", "10:06:00", "10:30:00", "10:45:00"]))))
    elif kind == "pending":
        cp7["external_operations"][0]["reconciliation"] = rng.choice(["pending", "unknown", "reconciled"])
        receipt = rng.choice([None, "ref", "null_ref", "other_op"])
        if receipt is not None:
            att2 = find(case["attempts"], "ATT-2")
            op = "CAT-OP-8" if receipt == "other_op" else "CAT-OP-9"
            # A receipt read back is a RevisionRef to that read-back (or null for none), as the schema asks.
            read_back = {"object_id": f"RCPT-{op}", "revision_id": "r1", "content_digest": digest(f"RCPT-{op}")}
            att2["external_receipts"] = [{"system": "catalog", "operation_id": op, "receipt_ref": None if receipt == "null_ref" else read_back}]
        kind += f":{cp7['external_operations'][0]['reconciliation']}:{receipt}"
    elif kind == "writer_operator":
        cp7["writer_operator_ref"] = "OP-OTHER"
    elif kind == "names_next":
        n = case["next"]
        cp7["delegation_ref"] = {"object_id": n["delegation_id"], "revision_id": n["revision_id"], "content_digest": n["content_digest"]}
    elif kind == "prior_other_digest":
        # CP-7 naming r1's revision id under another digest (README note 113): refused, its remainder unverified.
        cp7["delegation_ref"] = dict(cp7["delegation_ref"], content_digest=digest("D-RESEARCH-2 r1 forged"))
    else:
        cp7["written_at"] = cp7["issued_at"] = at(rng.choice(["09:00:00", "09:05:00"]))
    return "checkpoint:" + kind


def x_attempts(rng, case):
    atts = case["attempts"]
    att1, att2 = find(atts, "ATT-1"), find(atts, "ATT-2")
    kind = rng.choice(["resume_start", "key_conflict", "att1_delegatee", "att2_delegatee", "att1_end", "att1_later_record", "att1_digest_conflict", "no_resume", "resume_own"])
    if kind == "no_resume":
        atts.remove(att2)
    elif kind == "resume_own":
        # A resume of a checkpoint its own attempt wrote (7.2: "Resume creates a new attempt"): a later record of ATT-1
        # naming CP-7, or ATT-2 naming a CP-9 it wrote under r2 the instant it started or later (README note 170).
        if rng.random() < 0.4:
            r2 = copy.deepcopy(att1)
            r2.update(revision_id="att-r2", prior_revision_ref=ref(att1), issued_at=at("10:06:00"), content_digest=digest("ATT-1 r2 own"), resumed_from_checkpoint_ref=ref(find(case["checkpoints"], "CP-7")))
            atts.append(r2)
            kind += ":att1"
        else:
            cp9 = later_checkpoint(rng, find(case["checkpoints"], "CP-7"), "CP-9", 8, at(rng.choice(["10:40:00", "10:40:00", "10:41:00"])))
            cp9.update(attempt_id="ATT-2", delegation_ref=copy.deepcopy(att2["delegation_ref"]), writer_actor_ref=copy.deepcopy(att2["executor_actor_ref"]),
                       writer_operator_ref=att2["operator_principal_ref"], control_fence_set=copy.deepcopy(att2["control_fence_set"]))
            case["checkpoints"].append(cp9)
            att2["resumed_from_checkpoint_ref"] = ref(cp9)
            kind += ":att2:" + cp9["written_at"][11:16]
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
    att2 = head(atts, "ATT-2")
    max_attempts, retryable = rng.choice([2, 3]), rng.choice([["failed"], ["failed", "unknown"], ["failed", "unknown", "partially_applied"]])
    for c in (case["prior"], case["next"]):
        c["retry_policy"]["max_attempts"], c["retry_policy"]["retryable_outcomes"] = max_attempts, list(retryable)
    outcome = rng.choice([None, "failed", "unknown", "unknown", "partially_applied"])
    two_records = outcome is not None and rng.random() < 0.5
    if outcome is not None:
        if two_records:
            # ATT-2 appended running, then again when it ended: one attempt, read at its latest record.
            ended = copy.deepcopy(att2)
            ended.update(revision_id=att2["revision_id"] + "x", prior_revision_ref=ref(att2), issued_at=at("10:50:00"), content_digest=digest("ATT-2 r2"))
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


def x_outcome_moved(rng, case, outcomes=("partially_applied", "partially_applied", "failed", "unknown"), hows=("same", "same", "same", "none", "again")):
    """ATT-2, running, appended ended `unknown` or `partially_applied` (with a read-back or none), then again with
    another outcome on the same read-back, another revision of it, or none: a move away from unknown or mixed
    reconciles only on a read-back the earlier record did not hold (ATTEMPT_OUTCOME_UNRECONCILED), `unknown` to
    `partially_applied` too (CODES.md: "to another", not `unknown`). Drawn on a stream of its own, and only where ATT-2 runs and no ATT-3 is.
    Drawn again to `succeeded` (`outcomes`, mostly on no read-back, `hows`, with acceptance evidence or none) on a stream of its
    own: with no read-back that is the record's own ATTEMPT_SUCCESS_UNVERIFIED, at validation, not a move unreconciled."""
    atts = case["attempts"]
    if any(a["attempt_id"] == "ATT-3" for a in atts) or not any(a["attempt_id"] == "ATT-2" for a in atts):
        return None
    att2 = head(atts, "ATT-2")
    if att2.get("outcome") is not None:
        return None
    then, now = rng.choice(["unknown", "unknown", "unknown", "unknown", "partially_applied"]), rng.choice(outcomes)
    readback = {"object_id": "VR-ATT-2", "revision_id": "vr-r1", "content_digest": digest("VR-ATT-2")}
    held = rng.random() < 0.85
    ended = copy.deepcopy(att2)
    ended.update(revision_id="att-r1m", prior_revision_ref=ref(att2), issued_at=at("10:50:00"), ended_at=at("10:50:00"), outcome=then,
                 readback_ref=copy.deepcopy(readback) if held else None, content_digest=digest("ATT-2 ended " + then))
    moved = copy.deepcopy(ended)
    how = rng.choice(hows)
    moved.update(revision_id="att-r1n", prior_revision_ref=ref(ended), issued_at=at("10:52:00"), outcome=now, content_digest=digest("ATT-2 moved " + now),
                 readback_ref=None if how == "none" else dict(readback, revision_id="vr-r2", content_digest=digest("VR-ATT-2 again")) if how == "again" or not held else copy.deepcopy(readback))
    if now == "succeeded":
        moved["effects"] = [{"effect_id": "EFF-STAGE-SRC-74", "digest": digest("EFF 74"), "status": "applied"}]
        moved["acceptance_evidence_refs"] = [{"object_id": "ACC-ATT-2", "revision_id": "acc-r1", "content_digest": digest("ACC-ATT-2")}] if rng.random() < 0.5 else []
    for r in (ended, moved):
        if r["outcome"] == "partially_applied":
            r["effects"] = [{"effect_id": "EFF-STAGE-SRC-74", "digest": digest("EFF 74"), "status": "applied"}, {"effect_id": "EFF-STAGE-SRC-75", "digest": digest("EFF 75"), "status": "not_applied"}]
        atts.insert(rng.randrange(len(atts) + 1), r)
    return f"attempts:outcome_moved:{then}{'+rb' if held else ''}->{now}:{'none' if moved['readback_ref'] is None else moved['readback_ref']['revision_id']}"


def head(items, rid):
    """The latest given record of `rid`: the one no other record of it names as its prior (appending there forks nothing)."""
    mine = [x for x in items if x["record_id"] == rid]
    named = {(r["object_id"], r["revision_id"], r["content_digest"]) for r in (x.get("prior_revision_ref") for x in mine) if r is not None}
    return next(x for x in reversed(mine) if (x["record_id"], x["revision_id"], x["content_digest"]) not in named)


def ended_att2(case, toolcalls, sources, spend=None):
    """ATT-2 appended again, ended `failed`, having consumed what it states (under r2: r2's own budget). Where an earlier
    draw already ended it with an applied or unknown effect (`x_retry`'s `partially_applied`), it keeps that outcome:
    `failed` would contradict its effects (ATTEMPT_OUTCOME_EFFECTS, at validation), which this draw is not for."""
    att2 = head(case["attempts"], "ATT-2")
    ended = copy.deepcopy(att2)
    escaped = any(e["status"] in ("applied", "unknown") for e in att2["effects"])
    ended.update(revision_id=att2["revision_id"] + "e", prior_revision_ref=ref(att2), issued_at=at("10:50:00"), ended_at=at("10:50:00"),
                 outcome=att2["outcome"] if escaped else "failed", content_digest=digest("ATT-2 ended"))
    ended["budget_consumption"] = {"tool_calls": toolcalls, "items": {"Source": sources}}
    if spend is not None:
        ended["budget_consumption"]["spend"] = spend
    case["attempts"].append(ended)
    return ended


def other_revision_attempt(case, aid, revision, digest_text, start, end, toolcalls, sources, spend=None):
    """An attempt of D-RESEARCH-2 under another revision than r1 and r2 (an earlier r0), or r1's id under another digest."""
    a = copy.deepcopy(find(case["attempts"], "ATT-1"))
    a.update(record_id=aid, attempt_id=aid, revision_id="att-r1", prior_revision_ref=None, content_digest=digest(aid), started_at=at(start), issued_at=at(start), ended_at=at(end), outcome="failed", effects=[], readback_ref=None, checkpoint_refs=[])
    a["delegation_ref"] = {"object_id": "D-RESEARCH-2", "revision_id": revision, "content_digest": digest(digest_text)}
    a["budget_consumption"] = {"tool_calls": toolcalls, "items": {"Source": sources}}
    if spend is not None:
        a["budget_consumption"]["spend"] = spend
    case["attempts"].append(a)
    return a


def x_revisions(rng, case):
    """Attempts of other revisions beside r1's (README note 108): only those naming r1's revision id draw on r1's limits."""
    kind = rng.choice(["att2_ended", "att2_ended", "earlier", "prior_other_digest", "next_other_digest"])
    if kind == "att2_ended":
        tc, src = rng.choice([0, 40, 120, 200]), rng.choice([0, 1, 3])
        ended_att2(case, tc, src)
        kind += f":{tc}:{src}"
    elif kind == "earlier":
        tc = rng.choice([10, 150])
        other_revision_attempt(case, "ATT-0", "r0", "D-RESEARCH-2 r0", "08:00:00", "08:30:00", tc, 1)
        kind += f":{tc}"
    elif kind == "prior_other_digest":
        # Counted against r1 by the remainder, the checkpoint's remainder and checkAttempts' budget alike (README note 113):
        # 80 + 120 is r1's 200 exactly, 121 past it; 2 Sources beside ATT-1's 2 are past r1's 3.
        tc, src = rng.choice([0, 1, 120, 121]), rng.choice([0, 0, 1, 2])
        # Spend under r1, which sets no MoneyLimit unless a spend mutation gave it one: no spending authority.
        spend = rng.choice([None, None, money("5")])
        other_revision_attempt(case, "ATT-9", "r1", "D-RESEARCH-2 r1 forged", "09:01:00", "09:02:00", tc, src, spend)
        kind += f":{tc}:{src}" + ("" if spend is None else ":spent=5")
    else:
        # ATT-8 naming r2's revision id under another digest: refused as ATT-9 is (README note 113), drawing on r2's limits, not r1's.
        tc = rng.choice([0, 150])
        other_revision_attempt(case, "ATT-8", "r2", "D-RESEARCH-2 r2 forged", "10:41:00", "10:42:00", tc, 0)
        kind += f":{tc}"
    return "revisions:" + kind


def money(amount, currency="USD"):
    return {"amount": amount, "currency": currency}


def x_spend(rng, case):
    """Spend limits on r1 and r2 and spend recorded by the attempts, under r1, r2 or another currency."""
    case["prior"]["limits"]["spend"] = money("100")
    grant = rng.choice(["40", "60", "60.0001", "0", "100"])
    case["next"]["limits"]["spend"] = money(grant, rng.choice(["USD"] * 5 + ["EUR"]))
    att1 = head(case["attempts"], "ATT-1")
    spent = rng.choice([None, "40", "40", "40.5", "0"])
    currency = rng.choice(["USD"] * 5 + ["EUR"])
    if spent is not None:
        att1["budget_consumption"]["spend"] = money(spent, currency)
    kind = f"r2={grant}:att1={spent}{currency if spent is not None else ''}"
    roll = rng.random()
    if roll < 0.3 and "spend" in att1["budget_consumption"]:
        # A later record of ATT-1 reporting less (or as much) spent.
        r2 = copy.deepcopy(att1)
        r2.update(revision_id=att1["revision_id"] + "s", prior_revision_ref=ref(att1), issued_at=at("10:01:00"), content_digest=digest("ATT-1 r2 spend"))
        r2["budget_consumption"]["spend"] = money(rng.choice(["30", "40"]), currency)
        case["attempts"].append(r2)
        kind += ":att1_later=" + r2["budget_consumption"]["spend"]["amount"]
    elif roll < 0.6:
        s = rng.choice(["10", "90"])
        ended_att2(case, 10, 0, money(s))
        kind += ":att2_ended=" + s
    elif roll < 0.75:
        other_revision_attempt(case, "ATT-0", "r0", "D-RESEARCH-2 r0", "08:00:00", "08:30:00", 0, 0, money("90"))
        kind += ":att0=90"
    return "spend:" + kind


def x_forks(rng, case):
    """ATT-1 at two records that do not make one chain: a branch, a gap, another start, a prior naming another
    object's revision (README note 169: a prior is the exact triple, its object id the record's own); or one that does."""
    att1 = find(case["attempts"], "ATT-1")
    kind = rng.choice(["branch", "gap", "restart", "foreign", "chain"])
    r2 = copy.deepcopy(att1)
    r2.update(revision_id="att-r2", prior_revision_ref=ref(att1), issued_at=at("10:01:00"), content_digest=digest("ATT-1 fork r2"))
    if kind == "branch":
        r2b = copy.deepcopy(r2)
        r2b.update(revision_id="att-r2b", content_digest=digest("ATT-1 fork r2b"))
        # A branch under another key, or none: ATT-2 after the partially applied ATT-1 reuses the key of
        # one branch and not of the other, so its RETRY_IDEMPOTENCY hangs on which branch is read (note 109).
        key = rng.choice(["same", "same", "other", "none"])
        if key != "same":
            r2b["idempotency_key"] = None if key == "none" else "D-RESEARCH-2/other"
        case["attempts"] += [r2, r2b]
        return "forks:branch" + ("" if key == "same" else ":key=" + key)
    elif kind == "gap":
        r2.update(revision_id="att-r3", prior_revision_ref={"object_id": "ATT-1", "revision_id": "att-r2", "content_digest": digest("ATT-1 absent r2")})
        case["attempts"].append(r2)
    elif kind == "foreign":
        # ATT-1's own r1 by revision and digest, under another object's id: ATT-2's (given) or an ATT-7 (not).
        r2["prior_revision_ref"] = dict(ref(att1), object_id=rng.choice(["ATT-2", "ATT-7"]))
        case["attempts"].append(r2)
        kind += ":" + r2["prior_revision_ref"]["object_id"]
    elif kind == "restart":
        r2["started_at"] = at(rng.choice(["09:06:00", "09:04:00"]))
        case["attempts"].append(r2)
    else:
        case["attempts"].append(r2)
    return "forks:" + kind


def boundary(b, position, event=None, event_digest=None):
    b["position"] = position
    b["event_id"] = event if event is not None else b["event_id"].rsplit("-", 1)[0] + f"-{position}" if "-" in b["event_id"] else f"DB{position}"
    b["event_digest"] = event_digest if event_digest is not None else digest(b["event_id"])


def fence_of(record, branch_prefix):
    return next(b for b in record["control_fence_set"] if b["branch_id"].startswith(branch_prefix))


def x_fences(rng, case):
    """A fence moved back, forked or stale: ATT-2's resume, CP-7 against ATT-1, a later record of ATT-1."""
    att1, att2, cp7 = find(case["attempts"], "ATT-1"), find(case["attempts"], "ATT-2"), find(case["checkpoints"], "CP-7")
    kind = rng.choice(["resume_delegation", "resume_space", "checkpoint_agent", "att1_later", "fork_digest", "fork_position"])
    if kind == "resume_delegation":
        # DB4 is the checkpoint's own boundary (copied exactly); DB5 is past it.
        pos = rng.choice([4, 5])
        b = fence_of(att2, "delegation:")
        if pos == 4:
            b.update(copy.deepcopy(fence_of(cp7, "delegation:")))
        else:
            boundary(b, 5, "DB5", digest("DB5"))
        kind += f":{pos}"
    elif kind == "resume_space":
        pos = rng.choice([11, 13])
        boundary(fence_of(att2, "space:"), pos, f"EV-SPACE-{pos}", digest(f"EV-SPACE-{pos}"))
        kind += f":{pos}"
    elif kind == "checkpoint_agent":
        pos = rng.choice([1, 3])
        boundary(fence_of(cp7, "agent:"), pos, f"EV-AGENT-A-{pos}", digest(f"EV-AGENT-A-{pos}"))
        kind += f":{pos}"
    elif kind == "att1_later":
        r2 = copy.deepcopy(att1)
        r2.update(revision_id="att-r2", prior_revision_ref=ref(att1), issued_at=at("10:01:00"), content_digest=digest("ATT-1 r2 fences"))
        pos = rng.choice([11, 13])
        boundary(fence_of(r2, "space:"), pos, f"EV-SPACE-{pos}", digest(f"EV-SPACE-{pos}"))
        case["attempts"].append(r2)
        kind += f":{pos}"
    elif kind == "fork_digest":
        # Another digest for an event another record fences at the same position.
        target = rng.choice([cp7, att2])
        fence_of(target, "space:")["event_digest"] = digest("EV-SPACE-12 forged")
        kind += ":" + target["record_id"]
    else:
        # One event at two positions.
        b = fence_of(att2, "space:")
        b["position"] = 13
        kind += ":13"
    return "fences:" + kind


def other_revision(r, how):
    """`r` at another revision (`revision`), or at its own revision under another digest (`digest`)."""
    r = copy.deepcopy(r)
    if how == "revision":
        r["revision_id"] = r["revision_id"][:-1] + str(int(r["revision_id"][-1]) + 1)
    r["content_digest"] = digest(f"{r['object_id']} {r['revision_id']} {how}")
    return r


def x_inputs(rng, case):
    """Input fixity (7.2, 11.4): r1 binding CP-7's Sources (exactly, or one at another revision or digest), r2 binding
    some of them, ATT-2 resuming with other revisions or another Source, CP-7 fixing a revision ATT-1 never touched."""
    cp7, att1, att2 = find(case["checkpoints"], "CP-7"), find(case["attempts"], "ATT-1"), find(case["attempts"], "ATT-2")
    fixed = cp7["input_revisions"]
    kind = rng.choice(["bound", "bound", "resume", "checkpoint", "att1_outputs"])
    if kind == "bound":
        how = [rng.choice(["exact", "exact", "revision", "digest"]) for _ in fixed]
        case["prior"]["inputs"] = [r if h == "exact" else other_revision(r, h) for r, h in zip(fixed, how)]
        # The next revision binds a subset of the prior's (a narrower revision), or, rarely, CP-7's own where the prior's differs.
        pick = rng.choice(["none", "first", "all", "fixed"])
        chosen = {"none": [], "first": case["prior"]["inputs"][:1], "all": case["prior"]["inputs"]}.get(pick, fixed[:1])
        case["next"]["inputs"] = copy.deepcopy(chosen)
        kind += ":" + "+".join(how) + ":next=" + pick
    elif kind == "resume":
        how = rng.choice(["revision", "digest", "new_object", "dropped"])
        if how == "new_object":
            att2["inputs"].append({"object_id": "SRC-73", "revision_id": "r1", "content_digest": digest("SRC-73 r1")})
        elif how == "dropped":
            att2["inputs"] = att2["inputs"][1:]
        else:
            n = rng.randrange(len(att2["inputs"]))
            att2["inputs"][n] = other_revision(att2["inputs"][n], how)
        kind += ":" + how
    elif kind == "checkpoint":
        how = rng.choice(["revision", "digest", "new_object"])
        if how == "new_object":
            fixed.append({"object_id": "SRC-73", "revision_id": "r1", "content_digest": digest("SRC-73 r1")})
        else:
            n = rng.randrange(len(fixed))
            fixed[n] = other_revision(fixed[n], how)
        kind += ":" + how
    else:
        # ATT-1's later record (ended, so it states all it used by CP-7) producing another revision of a Source CP-7 fixes.
        r2 = copy.deepcopy(att1)
        r2.update(revision_id="att-r2", prior_revision_ref=ref(att1), issued_at=at("10:01:00"), content_digest=digest("ATT-1 r2 outputs"))
        r2["outputs"] = [other_revision(r2["outputs"][0], rng.choice(["revision", "digest"]))] + r2["outputs"][1:]
        case["attempts"].append(r2)
    return "inputs:" + kind


def x_resume_revision(rng, case):
    """ATT-3 resuming CP-7 after ATT-2, which resumed its cp-r1 and ended `unknown`, `partially_applied` or `failed`
    (with or without a read-back) or runs: at CP-7's amendment cp-r3 (its prior cp-r1, one sequence) written before
    ATT-2 started, the instant it did or after, given or not, or named under another digest; or at cp-r1 again
    (README note 173: the same checkpoint is the exact revision; one written after ATT-2 started may record its
    effects). Drawn on a stream of its own (`records_case`'s `side`), and only where no ATT-3 is yet."""
    atts = case["attempts"]
    cp7 = next((c for c in case["checkpoints"] if c["record_id"] == "CP-7" and c["revision_id"] == "cp-r1"), None)
    if cp7 is None or any(a["attempt_id"] == "ATT-3" for a in atts) or not any(a["attempt_id"] == "ATT-2" for a in atts):
        return None
    att2 = head(atts, "ATT-2")
    outcome = rng.choice(["unknown", "unknown", "partially_applied", "failed", None])
    att2["outcome"], att2["ended_at"] = outcome, None if outcome is None else at("10:50:00")
    if outcome == "partially_applied":
        att2["effects"] = [{"effect_id": "EFF-STAGE-SRC-74", "digest": digest("EFF 74"), "status": "applied"}, {"effect_id": "EFF-STAGE-SRC-75", "digest": digest("EFF 75"), "status": "not_applied"}]
    read_back = outcome in ("unknown", "partially_applied") and rng.random() < 0.25
    att2["readback_ref"] = {"object_id": "VR-ATT-2", "revision_id": "vr-r1", "content_digest": digest("VR-ATT-2")} if read_back else None
    amended = copy.deepcopy(cp7)
    written = at(rng.choice(["10:30:00", "10:40:00", "10:52:00"]))
    amended.update(revision_id="cp-r3", prior_revision_ref=ref(cp7), issued_at=written, written_at=written, content_digest=digest(f"CP-7 r3 {written}"), remaining_budget={})
    amended["external_operations"] = copy.deepcopy(cp7["external_operations"]) + [{"system": "catalog", "operation_id": "CAT-OP-10", "reconciliation": "reconciled"}]
    names = rng.choice(["amended", "amended", "amended", "not_given", "other_digest", "first"])
    att3 = copy.deepcopy(att2)
    att3.update(record_id="ATT-3", attempt_id="ATT-3", revision_id="att-r1", prior_revision_ref=None, effects=[], checkpoint_refs=[], content_digest=digest("ATT-3 resume"),
                outcome=None, ended_at=None, readback_ref=None, external_receipts=[], budget_consumption={"tool_calls": 0}, started_at=at("10:55:00"), issued_at=at("10:55:00"))
    att3["resumed_from_checkpoint_ref"] = ref(cp7) if names == "first" else dict(ref(amended), content_digest=digest("CP-7 r3 forged")) if names == "other_digest" else ref(amended)
    if names != "not_given":
        case["checkpoints"].insert(rng.randrange(len(case["checkpoints"]) + 1), amended)
    atts.insert(rng.randrange(len(atts) + 1), att3)
    for c in (case["prior"], case["next"]):
        c["retry_policy"]["max_attempts"] = 3
    return f"attempts:resume_revision:att2={outcome}{'+rb' if read_back else ''}:cp-r3@{written[11:16]}:att3={names}"


def x_resume_superseded(rng, case):
    """CP-7 amended (cp-s2, its prior cp-r1, one sequence) at a time before ATT-2 (resuming cp-r1) started, the instant it
    did or after: directly, through cp-s3 naming cp-s2 (cp-s2 given or not: a chain broken where it is not), or naming
    cp-r1 under another digest (an amendment of no revision in hand). README note 175: a revision amended by the time a
    resume started is stale state. Drawn on a stream of its own (`records_case`'s `stale`), only where an ATT-2 record
    resumes cp-r1."""
    cp7 = next((c for c in case["checkpoints"] if c["record_id"] == "CP-7" and c["revision_id"] == "cp-r1"), None)
    if cp7 is None or not any(a["attempt_id"] == "ATT-2" and a.get("resumed_from_checkpoint_ref") == ref(cp7) for a in case["attempts"]):
        return None
    shape = rng.choice(["direct", "direct", "chain", "chain_gap", "other_digest"])
    times = sorted(rng.choice(["10:20:00", "10:40:00", "10:45:00"]) for _ in range(2))

    def amend(revision, prior, written):
        c = copy.deepcopy(cp7)
        c.update(revision_id=revision, prior_revision_ref=prior, issued_at=at(written), written_at=at(written), content_digest=digest(f"CP-7 {revision} {written}"), remaining_budget={})
        return c

    s2 = amend("cp-s2", dict(ref(cp7), content_digest=digest("CP-7 r1 forged")) if shape == "other_digest" else ref(cp7), times[0])
    added = [] if shape == "chain_gap" else [s2]
    if shape in ("chain", "chain_gap"):
        added.append(amend("cp-s3", ref(s2), times[1]))
    for c in added:
        case["checkpoints"].insert(rng.randrange(len(case["checkpoints"]) + 1), c)
    return f"attempts:resume_superseded:{shape}:{'+'.join(c['written_at'][11:16] for c in added)}"


# A record's own times: an attempt's start and end, a checkpoint's write (README note 176).
OWN_TIMES = ("started_at", "ended_at", "written_at")


def moment(text):
    """A generated time (no leap second, at most six fraction digits) as a datetime, to order and shift."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def written(moment_):
    return moment_.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ").replace(".000000Z", "Z")


def issued_at_own_times(case):
    """Each attempt and checkpoint issued no earlier than its own latest time: a record is written when it is issued
    (README note 176), so a valid case issues a record that ends, restarts or is written later at that moment. Draws
    nothing, so the cases are drawn as before; the mutation names how many records it moved."""
    moved = 0
    for r in case.get("attempts", []) + case.get("checkpoints", []):
        latest = max((r[k] for k in OWN_TIMES if r.get(k) is not None), key=moment)
        if moment(latest) > moment(r["issued_at"]):
            r["issued_at"], moved = latest, moved + 1
    return None if moved == 0 else f"issued_at_moved:{moved}"


def x_issued_time_order(rng, case):
    """One attempt or checkpoint issued before one of its own times (README note 176: TIME_ORDER), or at that very
    instant written another way (which passes): the record reports what had not happened when it was written. Drawn on
    a stream of its own (`generate_chains.cases`' `issued`), after every other mutation."""
    records = case.get("attempts", []) + case.get("checkpoints", [])
    r = rng.choice(records)
    field = rng.choice([k for k in OWN_TIMES if r.get(k) is not None])
    how = rng.choice(["same", "1us", "1s", "10min"])
    if how == "same":
        r["issued_at"] = r[field][:-1] + ".000Z" if "." not in r[field] else written(moment(r[field]))
    else:
        r["issued_at"] = written(moment(r[field]) - {"1us": timedelta(microseconds=1), "1s": timedelta(seconds=1), "10min": timedelta(minutes=10)}[how])
    return f"records:issued_time_order:{r['record_id']}@{r['revision_id']}:{field}:{how}"


# A receipt_ref as the schema asks (a RevisionRef read back, or null for none read back) or malformed on purpose.
RECEIPT_SHAPES = ("ref", "null", "bare_id", "no_digest", "upper_digest", "spaced_id")


def x_receipt_shape(rng, case):
    """One attempt given a receipt of CAT-OP-11 (an operation no checkpoint names, so no resume's reconciliation hangs on
    it) whose receipt_ref has one of RECEIPT_SHAPES: a malformed one validateRecord refuses at its schema and reads no
    further, so that record's own times are never compared with its issued_at: half the time the attempt is one issued
    before its own start or end, where there is one. Drawn on a stream of its own (`generate_chains.cases`' `receipts`),
    after every other mutation."""
    late = [a for a in case["attempts"] if any(a.get(k) is not None and moment(a[k]) > moment(a["issued_at"]) for k in OWN_TIMES)]
    a = rng.choice(late if late and rng.random() < 0.5 else case["attempts"])
    shape = rng.choice(RECEIPT_SHAPES)
    read_back = {"object_id": "RCPT-CAT-OP-11", "revision_id": "r1", "content_digest": digest("RCPT-CAT-OP-11")}
    a["external_receipts"] = a["external_receipts"] + [{"system": "catalog", "operation_id": "CAT-OP-11", "receipt_ref": {
        "ref": read_back, "null": None, "bare_id": "RCPT-CAT-OP-11", "no_digest": {k: read_back[k] for k in ("object_id", "revision_id")},
        "upper_digest": dict(read_back, content_digest=read_back["content_digest"].upper()), "spaced_id": dict(read_back, object_id="RCPT CAT-OP-11")}[shape]}]
    return f"records:receipt_shape:{a['record_id']}@{a['revision_id']}:{shape}"


def own_stream(anchor, name):
    """A random stream of its own, kept on `anchor` (generate_chains.cases' `side`, seeded by the run's seed) and seeded from
    its state when first asked for, which the seed alone decides: the draws of every other stream stay as they were."""
    if not hasattr(anchor, name):
        setattr(anchor, name, random.Random(f"{name} {anchor.getstate()!r}"))
    return getattr(anchor, name)


OUTCOMES = ("succeeded", "failed", "cancelled", "expired", "unknown", "partially_applied")
EFFECT_STATUSES = ("applied", "not_applied", "unknown")


def x_outcome_effects(rng, case):
    """ATT-1's latest record ended with another of the six outcomes or its own, each of its effects applied, not applied or
    unknown: they agree, or the outcome contradicts them (CODES.md's ATTEMPT_OUTCOME_EFFECTS, at validation); after
    `forks:restart`, ATT-1's restart, whose outcome is then no move from the other start's. Its times and
    the records given stay, so the draws made after it (`issued`'s, `receipts`') choose as before. A `succeeded` one is
    given its read-back and acceptance evidence, and a `partially_applied` one an applied effect first, so no other rule of
    the record's refuses it."""
    att1 = head(case["attempts"], "ATT-1")
    outcome = rng.choice(OUTCOMES)
    statuses = [rng.choice(EFFECT_STATUSES) for _ in att1["effects"]]
    if outcome == "partially_applied":
        statuses[0] = "applied"
    att1["outcome"] = outcome
    att1["effects"] = [dict(e, status=status) for e, status in zip(att1["effects"], statuses)]
    if outcome == "succeeded":
        att1["readback_ref"] = {"object_id": "VR-ATT-1", "revision_id": "vr-r1", "content_digest": digest("VR-ATT-1")}
        att1["acceptance_evidence_refs"] = [{"object_id": "ACC-ATT-1", "revision_id": "acc-r1", "content_digest": digest("ACC-ATT-1")}]
    return f"records:outcome_effects:{att1['revision_id']}:{outcome}:{'+'.join(statuses)}"


RECORD_MUTATIONS = [x_checkpoints, x_checkpoints, x_attempts, x_attempts, x_retry, x_revisions, x_spend, x_forks, x_fences, x_inputs]


def records_case(rng, plain, side=None, stale=None):
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
    # Drawn last and on `side` alone, so every other mutation is drawn from `rng` as before it was added.
    if side is not None and side.random() < 0.25 and not plain:
        applied = x_resume_revision(side, case)
        if applied is not None:
            case["mutations"].append(applied)
    # And on `stale` alone, after it, so the cases drawn without it stay as they were.
    if stale is not None and stale.random() < 0.25 and not plain:
        applied = x_resume_superseded(stale, case)
        if applied is not None:
            case["mutations"].append(applied)
    # And on a stream of its own beside `side`'s, after it and `stale`'s, so the cases drawn without it stay as they were.
    if side is not None and not plain and own_stream(side, "outcome-effects").random() < 0.15:
        case["mutations"].append(x_outcome_effects(own_stream(side, "outcome-effects"), case))
    return case
