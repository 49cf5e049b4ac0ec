"""Runs the core's reconcile and the independent reconcile checker over the same seeded cases and compares them.

    python3 compare_reconcile.py COUNT SEED [--first] [--break-due] [--break-correction] [--break-...]
    python3 compare_reconcile.py COUNT SEED --planted

Compares, per case: the status, work_clean, readiness_clean, every count, each addressed
message's action, open reply and effective disposition, the cursor advance, the codes of the
findings the checker models (reconcile_checker.MODELED), the messages quarantined, each one's claim
code (CALLSIGN_COLLISION or CALLSIGN_HELD), which are work before establishment
(WORK_BEFORE_ESTABLISHED, reconcile_establishment.py), which answers to terms the handshake refuses
and with what code (COUNTER_AS_ACCEPT, PROFILE_DOWNGRADE, ACCEPT_WHILE_BLOCKED) and which messages a
standing `blocked` refuses (BLOCKED_REPEATED, INITIATED_WHILE_BLOCKED, reconcile_blocked.py). Prints the
divergences clustered by which fields differ, with an example each, and exits 1 when there is any;
with --first it prints the first divergence alone (for the test). With --break-due the checker
reads a deferral as due only after its resume_after, not at it; with --break-correction it reads
every superseded-by-correction as proven; the other --break-* flags plant the checker's other
faults (BREAKS). With --planted it runs the core once and the checker under each planted fault,
and prints a JSON object naming, per fault, the first case's differing fields (null when none
differ, the fault not caught). Needs python3 and node.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import generate_reconcile  # noqa: E402
import reconcile_checker  # noqa: E402


CLAIM_CODES = {"CALLSIGN_COLLISION", "CALLSIGN_HELD"}
# The codes with which the handshake refuses an answer to terms (reconcile_establishment.settle).
TERMS_CODES = {"COUNTER_AS_ACCEPT", "PROFILE_DOWNGRADE", "ACCEPT_WHILE_BLOCKED"}
# The codes with which a standing `blocked` refuses its sender's later messages (reconcile_blocked.py).
STOP_CODES = {"BLOCKED_REPEATED", "INITIATED_WHILE_BLOCKED"}


def comparable(answer):
    """The answer with only what the checker models: codes of MODELED, quarantine as a sorted list."""
    out = dict(answer)
    out["codes"] = sorted(c for c in answer["codes"] if c in reconcile_checker.MODELED)
    out["quarantine"] = sorted(answer["quarantine"])
    # The identity codes a message that does not speak for its sender carries: a second claim of its
    # name (CALLSIGN_COLLISION) or another message from a locus that does not hold it (CALLSIGN_HELD).
    out["claims"] = {i: sorted(c for c in codes if c in CLAIM_CODES) for i, codes in sorted(answer["quarantine"].items()) if set(codes) & CLAIM_CODES}
    # The work quarantined as done before its sender and addressees were established (section 6).
    out["unestablished"] = sorted(i for i, codes in answer["quarantine"].items() if "WORK_BEFORE_ESTABLISHED" in codes)
    # The answers to terms the handshake refuses, by code: a counter labelled accept (COUNTER_AS_ACCEPT), a
    # CORE message of FULL terms, of a pair established under FULL or in a thread opened under FULL
    # (PROFILE_DOWNGRADE; README notes 121, 124, 128), an
    # acceptance in a chain a `blocked` stops (ACCEPT_WHILE_BLOCKED).
    out["terms_refused"] = {i: sorted(c for c in codes if c in TERMS_CODES) for i, codes in sorted(answer["quarantine"].items()) if set(codes) & TERMS_CODES}
    out["blocked_stops"] = {i: sorted(c for c in codes if c in STOP_CODES) for i, codes in sorted(answer["quarantine"].items()) if set(codes) & STOP_CODES}
    # The messages a hello's own thread's exchange budget refuses (section 8).
    out["budget_exceeded"] = sorted(i for i, codes in answer["quarantine"].items() if "EXCHANGE_BUDGET_EXCEEDED" in codes)
    return out


def differences(theirs, ours):
    """The fields (count names, item fields by action pair) where the two answers differ: a cluster key."""
    keys = []
    for field in ("arena", "status", "work_clean", "readiness_clean", "cursor_advance", "quarantine", "claims", "unestablished", "terms_refused", "blocked_stops", "budget_exceeded", "archive",
                  "blocked_threads"):
        if theirs[field] != ours[field]:
            keys.append(field)
    keys += [f"counts.{k}" for k in reconcile_checker.COUNTS if theirs["counts"][k] != ours["counts"][k]]
    keys += [f"code {c}: core {'has' if c in theirs['codes'] else 'lacks'}" for c in sorted(set(theirs["codes"]) ^ set(ours["codes"]))]
    for i in sorted(set(theirs["items"]) | set(ours["items"])):
        a, b = theirs["items"].get(i), ours["items"].get(i)
        if a != b:
            keys.append(f"item core {a and (a['action'], a['open_reply'])} checker {b and (b['action'], b['open_reply'])}")
    return None if not keys else tuple(sorted(set(keys)))


# The flags that plant each of the checker's faults (reconcile_checker.PLANTED, and "held-mine-one-arena").
BREAKS = {"--break-due": "due-late", "--break-correction": "correction-unchecked",
          "--break-anomaly-arena": "anomaly-any-arena", "--break-correction-arena": "correction-any-arena",
          "--break-correction-quarantine": "correction-quarantine-unchecked", "--break-handler": "handler-owes",
          "--break-seat": "seat-handler-only", "--break-arena-foreign": "arena-foreign-unsaid",
          "--break-unseen": "unseen-in-arena-given", "--break-every-arena": "every-arena",
          "--break-held": "held-unread", "--break-parent-arena": "parent-arena-unread",
          "--break-all-by-name": "all-by-name-only", "--break-all-seats": "all-skips-seats",
          "--break-pod-unread": "pod-unread", "--break-pod-over-arena": "pod-over-arena",
          "--break-arena-case": "arena-case-folded", "--break-held-once": "held-once",
          "--break-held-across-arenas": "held-across-arenas", "--break-collision-as-held": "collision-as-held",
          "--break-refused-pod-unread": "refused-pod-unread", "--break-refused-envelope-read": "refused-envelope-read",
          "--break-claims-by-arrival": "claims-by-arrival",
          "--break-establishment": "establishment-any-time", "--break-counter-establishment": "counter-establishes",
          "--break-full-ack": "full-ack-unread", "--break-counter-as-accept": "counter-as-accept-unread",
          "--break-group-whole": "group-not-whole", "--break-counter-tags": "counter-tags-unread",
          "--break-counter-profile": "counter-profile-unread", "--break-core-ack": "core-ack-completes",
          "--break-counter-as-downgrade": "counter-as-downgrade", "--break-blocked": "blocked-unread",
          "--break-hello-budget": "hello-budget-unread", "--break-held-mine-arena": "held-mine-one-arena",
          "--break-unsettled-core-ack": "unsettled-core-ack-unread", "--break-accepted-core-ack": "accepted-core-ack-unread",
          "--break-initiator-chains": "initiator-chains-unread", "--break-core-state": "core-state-unread",
          "--break-blocked-ack": "blocked-ack-unread", "--break-blocked-debt": "blocked-debt-unread",
          "--break-group-chains": "group-chains-unaddressed", "--break-evidence-reset": "evidence-reset-unread",
          "--break-full-downgrade": "full-pair-unread", "--break-full-thread": "full-thread-unread"}


def planted_caught(cases, core):
    """Per planted fault, the fields of the first case the checker under that fault reads otherwise than the core."""
    caught = {}
    for fault in reconcile_checker.PLANTED:
        reconcile_checker.FAULTS.clear()
        reconcile_checker.FAULTS.add(fault)
        caught[fault] = next((list(key) for key in (differences(theirs, reconcile_checker.check(case)) for case, theirs in zip(cases, core)) if key), None)
    reconcile_checker.FAULTS.clear()
    return caught


def main():
    count, seed, first = comparison.arguments()
    for flag, fault in BREAKS.items():
        if comparison.planted(flag):
            reconcile_checker.FAULTS.add(fault)
    cases = list(generate_reconcile.cases(count, seed))
    core = [comparable(answer) for answer in core_answers("core-reconcile.ts", cases)]
    if comparison.planted("--planted"):
        print(json.dumps(planted_caught(cases, core)))
        return
    mine = (reconcile_checker.check(case) for case in cases)
    found = comparison.clusters(
        zip(cases, core, mine),
        lambda case, theirs, ours: differences(theirs, ours),
        first,
        lambda case, theirs, ours: {"case": case, "core": theirs, "checker": ours})
    comparison.report(
        f"{len(cases)} reconciliations compared", found,
        lambda key: "; ".join(key),
        lambda case, theirs, ours: print("   ", json.dumps({k: (theirs[k], ours[k]) for k in theirs if theirs[k] != ours[k] and k != "items"})[:600],
                                         json.dumps({i: (theirs["items"].get(i), ours["items"].get(i)) for i in set(theirs["items"]) | set(ours["items"]) if theirs["items"].get(i) != ours["items"].get(i)})[:400]))


if __name__ == "__main__":
    main()
