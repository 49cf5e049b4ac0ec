"""Runs the core, as a Worker's thread calls it, and the independent replay over the same seeded
conversations with clocks, and compares them.

    python3 compare_thread_clocks.py COUNT SEED [--first] [--break-confirmation] [--break-commit] [--break-relay] [--break-numbering]
                                     [--break-prepare] [--break-highest] [--break-noop] [--break-done] [--break-challenge]
                                     [--break-criteria] [--break-carry] [--break-line] [--break-record]
                                     [--break-profile] [--break-late-record] [--break-unread] [--break-incomplete]
                                     [--break-shape] [--break-full] [--break-inline] [--break-unnamed]
                                     [--break-bytes] [--break-report-bytes] [--break-unprofiled]
                                     [--break-finding-bytes] [--break-dn-bytes] [--break-statement-bytes]
                                     [--break-dn-slot] [--break-needs-exec] [--break-plan-record]
                                     [--break-unread-plan] [--break-reader-cache]

Compares each append's status and refusal code, and what the thread says of its statements as it
stores the line (each finding's code, slot and what it found there: a relayed RB's, a DN's, a CX's
and an AN's to a CX, an HO's CHALLENGE_CARRIED and READBACK_NOT_ASKED), the done check it stores for a DN (its plan, ok, check-dn's DONE_ findings
whole and the DN's validation codes), each prepare's answer (a refused one by the thread's problem kind, the
parameter it names and its findings' code, slot, expected and received; a prepared one with the RB
id it states) and abandon's, each challenge registration's (registered, or refused with its kind,
the parameter it names and its findings' codes), each commit's (committed, or refused with its code, slot
and what it found), each statement's state at the end, the alarms' records (handoff, code,
moment), the ids stored and the report at the end (verdict, error and note codes as multisets, where each HO
stands), prints the divergences clustered by what differs, with examples, and exits 1 when there is
any. With --first it prints the first divergence alone (for the test); --break-confirmation plants a
replay that lets a late `val=Y` through, --break-commit one that runs a statement in its window
whatever was relayed, checked or answered, --break-relay one that says nothing of a relay carrying
a statement's token but not the statement as prepared, --break-numbering one whose prepare without
`n` does not count the RBs the thread's statements state, --break-prepare one that holds a
prepare's call to the execution slots without reading it in the HO's vocabulary, --break-highest
one whose next number goes on past 2^53 - 1, --break-noop a check-dn that takes execution values on
an out=NOOP report, --break-done one that plans by the HO's values alone, --break-challenge a
replay that drops the record registered ahead of an HO, --break-criteria one that judges a
readback without the criteria its sender withheld, --break-carry one that carries nothing of a
challenge to a re-issue, --break-line one that prepares a statement whose RB line passes a line's
8,192 bytes, --break-record one that takes a record the vocabulary does not read (note 24),
--break-profile one that takes a challenge's profile whatever it names, --break-late-record one
that takes a record for an appended HO that asks no rb=exec of an ask with execution slots
(HO_NEEDS_EXEC), --break-unread one that keeps, unsaid, a record an HO's ask does not read, --break-incomplete one
that prepares a statement for an HO asking rb=acc, whose RB carries no acc=, --break-shape one that
takes a challenge of a shape the challenge route refuses (an id no HO line can carry, no part, a
record that is no object), --break-unnamed one that takes a challenge naming the thread's profile
after parts registered naming none before a line fixed it (note 143), --break-bytes one that stores
challenges (registered or carried over) and lines past the thread's bytes (README note 144),
--break-report-bytes one that counts an RB's line and not the readback report stored beside it,
--break-unprofiled one that reads a line without p= with the core in a thread of its own profile
(note 145), --break-finding-bytes one that counts a void or noted readback's report as if it held no
finding, --break-dn-bytes one that counts a DN's line and not the done check stored beside it (note
148), --break-statement-bytes one that holds prepared statements to their rows alone, not the
thread's bytes (note 156), --break-dn-slot a check-dn whose validation notes name no slot, --break-needs-exec a check-dn whose
record does not hold an HO asking no rb=exec of an ask with execution slots (HO_NEEDS_EXEC, note
99; compared on the sender's own check-dn of a DN with its record, which a thread never reaches),
--break-plan-record a check-dn that judges the readback given as the plan without the sender's
record, --break-unread-plan one that plans a value the HO left to the receiver by a record nobody
read back (the sender's own check-dn, given an HO asking rb=exec, its record and its readback or
none), --break-reader-cache a replay that keeps a readback's verdict by its HO's and its own line
alone, so that one judged in a thread of another profile (note 145) stands in the next. The
core's side gives the words of its rows' findings (`words`), which the replay takes as given (neither the spec nor the README fixes them). Needs python3 and node.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
import done_checker  # noqa: E402
from core_answers import core_answers  # noqa: E402
import generate_thread_clocks  # noqa: E402
import thread_clock_checker  # noqa: E402
from validation_codes import VALIDATION_CODES  # noqa: E402


def multiset_difference(a, b):
    return sorted((collections.Counter(a) - collections.Counter(b)).elements())


# The DN's validation errors, validator.py's: each once and unplaced (done_checker.py places the notes).
UNPLACED = VALIDATION_CODES - {"SLOT_UNKNOWN", "SLOT_NOT_ON_TYPE"}


def checked(done):
    """A done check as compared: check-dn's own findings by code, slot, expected and received, in
    its order; the DN's validation errors by code alone, as a set; every other finding (the HO
    against the record, the DN's validation notes) by code and slot, as a multiset."""
    if not done or done[0] is None:
        return done
    plan, ok, findings = done[0]
    own = [f for f in findings if f[0].startswith("DONE_")]
    others = [f for f in findings if not f[0].startswith("DONE_")]
    return [plan, ok, own, sorted({f[0] for f in others if f[0] in UNPLACED}), sorted([f[0], f[1]] for f in others if f[0] not in UNPLACED)]


def sender_done_checks(case):
    """The sender's own check-dn of each DN the case gives with its record and, where it gives one,
    the readback as the plan (judged by done_checker.py with the record; none: the HO and nothing
    else plans), as done_checker.py reads it: [None, ok, findings]."""
    checks = []
    for check in case.get("done_checks", []):
        rb = check.get("rb")
        verdict = None if rb is None else done_checker.read_back(check["ho"], rb, check["record"])
        findings = done_checker.check(check["ho"], check["dn"], rb, verdict, check["record"])
        checks.append([None, done_checker.ok(findings), findings])
    return checks


def difference(case, theirs, ours):
    """What differs, as a hashable cluster key, or None."""
    key = []
    for a, b in zip(theirs.get("doneChecks", []), ours.get("doneChecks", [])):
        if checked([a]) != checked([b]):
            key.append(("sender done", json.dumps(checked([a])), json.dumps(checked([b]))))
    if len(theirs.get("doneChecks", [])) != len(ours.get("doneChecks", [])):
        key.append(("sender done", "counted otherwise"))
    lines = [e for e in case["events"] if "line" in e]
    for event, a, b in zip(lines, theirs["appends"], ours["appends"]):
        if a[:2] != b[:2]:
            key.append(("append", event["line"].split(" ")[1], tuple(a[:2]), tuple(b[:2])))
        elif a[3:4] != b[3:4]:
            # What the thread said of its statements as the line was stored (code, slot, what it found).
            key.append(("said", event["line"].split(" ")[1], json.dumps(a[3]), json.dumps(b[3])))
        elif checked(a[4:5]) != checked(b[4:5]):
            # The done check the thread stores for a DN (its plan, ok, check-dn's findings).
            key.append(("done", json.dumps(checked(a[4:5])), json.dumps(checked(b[4:5]))))
    if sorted(map(tuple, theirs["orphans"])) != sorted(map(tuple, ours["orphans"])):
        core_only = sorted(set(map(tuple, theirs["orphans"])) - set(map(tuple, ours["orphans"])))
        mine_only = sorted(set(map(tuple, ours["orphans"])) - set(map(tuple, theirs["orphans"])))
        key.append(("orphans", tuple(o[1] for o in core_only), tuple(o[1] for o in mine_only)))
    # Each answer as given: a prepare's refusal by its kind, the parameter it names and its
    # findings (code, slot, received); a commit's refusal by its code, its slot and what it found there.
    if theirs["statements"] != ours["statements"]:
        for a, b in zip(theirs["statements"], ours["statements"]):
            if a != b:
                key.append(("statement", json.dumps(a), json.dumps(b)))
                break
        else:
            key.append(("statements", "counted otherwise"))
    if theirs["challenges"] != ours["challenges"]:
        # Each registration's answer (registered, or refused with its kind, parameter and codes).
        key.append(("challenges", json.dumps(theirs["challenges"]), json.dumps(ours["challenges"])))
    if theirs["states"] != ours["states"]:
        key.append(("states", tuple(sorted({(a, b) for a, b in zip(theirs["states"], ours["states"]) if a != b}, key=str))))
    if theirs["stored"] != ours["stored"] and not key:
        key.append(("stored",))
    a, b = theirs["end"], ours["end"]
    for field in ("errors", "notes"):
        core_only, mine_only = multiset_difference(a[field], b[field]), multiset_difference(b[field], a[field])
        if core_only or mine_only:
            key.append((field, tuple(core_only), tuple(mine_only)))
    if sorted(map(tuple, a["handoffs"])) != sorted(map(tuple, b["handoffs"])):
        key.append(("handoffs",))
    if a["ok"] != b["ok"]:
        key.append(("ok", a["ok"], b["ok"]))
    # The first append that differs names the cluster; the rest follow from it.
    return tuple(key[:1]) or None


# Each planted fault: the flag, and the switch it turns off in the replay (or its check-dn).
PLANTED = {
    # A replay for which a readback can be confirmed whenever the yes comes.
    "--break-confirmation": (thread_clock_checker, "confirmations_closed"),
    # A replay for which a statement in its window runs whatever was relayed, checked or answered.
    "--break-commit": (thread_clock_checker, "commits_cleared"),
    # A replay for which a relayed RB with its statement's token but not as prepared says nothing.
    "--break-relay": (thread_clock_checker, "relays_said"),
    # A replay whose prepare without n numbers the RB past the receiver's lines alone.
    "--break-numbering": (thread_clock_checker, "statements_numbered"),
    # A replay that holds a prepare's call to the execution slots without reading it in the HO's vocabulary.
    "--break-prepare": (thread_clock_checker, "calls_read"),
    # A replay whose next number goes on past 2^53 - 1 instead of taking the lowest free one.
    "--break-highest": (thread_clock_checker, "lowest_free"),
    # A check-dn that plans by the HO's values alone, never by the passing readback's.
    "--break-done": (done_checker, "plans_read_back"),
    # A check-dn that takes execution values on an out=NOOP report.
    "--break-noop": (done_checker, "noop_values_said"),
    # A check-dn whose validation notes name no slot (what comparing codes alone passed).
    "--break-dn-slot": (done_checker, "notes_placed"),
    # A check-dn whose record does not hold an HO asking no rb=exec (HO_NEEDS_EXEC, note 99).
    "--break-needs-exec": (done_checker, "records_need_exec"),
    # A check-dn that judges the readback given as the plan without the sender's record.
    "--break-plan-record": (done_checker, "read_backs_held_to_record"),
    # A check-dn that plans a value the HO left to the receiver by a record nobody read back.
    "--break-unread-plan": (done_checker, "unread_records_plan_nothing"),
    # A replay that keeps a readback's verdict by its lines alone, whatever profile the thread reads them with.
    "--break-reader-cache": (thread_clock_checker, "verdicts_by_reader"),
    # A replay that drops the sender's record registered ahead of its HO.
    "--break-challenge": (thread_clock_checker, "challenges_kept"),
    # A replay that drops the sender's withheld criteria, so a readback is judged without them.
    "--break-criteria": (thread_clock_checker, "criteria_kept"),
    # A replay for which a re-issue carries nothing of its original's challenge.
    "--break-carry": (thread_clock_checker, "challenges_carried"),
    # A replay that prepares a statement whose RB line passes a line's bytes.
    "--break-line": (thread_clock_checker, "lines_bounded"),
    # A replay that takes a record the vocabulary does not read (note 24) when it is registered.
    "--break-record": (thread_clock_checker, "records_read"),
    # A replay that takes a challenge's profile whatever it names (none shipped, or not its parts' or HO's).
    "--break-profile": (thread_clock_checker, "profiles_read"),
    # A replay that takes a record registered for an appended HO that asks no rb=exec of an ask with execution slots.
    "--break-late-record": (thread_clock_checker, "late_records_held"),
    # A replay that prepares a statement for an HO asking rb=acc, whose RB would carry no acc=.
    "--break-incomplete": (thread_clock_checker, "statements_complete"),
    # A replay that takes a challenge of any shape the route refuses (an id no HO carries, no part, a record no object).
    "--break-shape": (thread_clock_checker, "shapes_read"),
    # A replay that keeps a record an HO's ask does not read, unsaid.
    "--break-unread": (thread_clock_checker, "unread_records_dropped"),
    # A replay that takes a challenge naming the thread's own profile before a line fixed it.
    "--break-inline": (thread_clock_checker, "inline_fixed_by_line"),
    # A replay that stores challenges past the thread's capacity, registered or carried over.
    "--break-full": (thread_clock_checker, "challenge_rows_bounded"),
    # A replay that takes a challenge's profile after parts that named none, when it is the thread's profile a line fixed since.
    "--break-unnamed": (thread_clock_checker, "unnamed_kept"),
    # A replay that stores challenges (registered or carried over) and lines past the thread's bytes.
    "--break-bytes": (thread_clock_checker, "challenge_bytes_bounded"),
    # A replay that counts an RB's line and not the readback report the thread stores beside it.
    "--break-report-bytes": (thread_clock_checker, "report_rows_counted"),
    # A replay that counts a void or noted readback's report as if it held no finding.
    "--break-finding-bytes": (thread_clock_checker, "finding_rows_counted"),
    # A replay that counts a DN's line and not the done check the thread stores beside it.
    "--break-dn-bytes": (thread_clock_checker, "done_rows_counted"),
    # A replay that holds prepared statements to their rows alone, not to the thread's bytes.
    "--break-statement-bytes": (thread_clock_checker, "statement_bytes_bounded"),
    # A replay that reads a line without p= in a thread of its own profile with the core alone.
    "--break-unprofiled": (thread_clock_checker, "unprofiled_read_with_thread"),
}


def main():
    count, seed, first = comparison.arguments(2000)
    for flag, (module, switch) in PLANTED.items():
        if comparison.planted(flag):
            setattr(module, switch, False)
    cases = list(generate_thread_clocks.conversations(count, seed))
    triples = ((case, theirs, dict(thread_clock_checker.replay(case["events"], case["end"], case.get("capacity"), case.get("profile"), case.get("bytes"), theirs.get("words")),
                                   **({"doneChecks": sender_done_checks(case)} if "done_checks" in case else {})))
               for case, theirs in zip(cases, core_answers("core-thread-clock.ts", cases)))
    found = comparison.clusters(triples, difference, first,
                                lambda case, core, mine: {"case": case, "core": core, "replay": mine})

    def show(case, theirs, ours):
        print("   ", json.dumps(case))
        print("      core", json.dumps(theirs))
        print("      mine", json.dumps(ours))
    comparison.report(f"{len(cases)} conversations compared", {k: sorted(v, key=lambda i: len(i[0]["events"])) for k, v in found.items()},
                      json.dumps, show, examples=2)


if __name__ == "__main__":
    main()
