"""Runs the core and the independent folder checker over the same seeded mailbox folders and compares them.

    python3 compare_folders.py COUNT SEED [--first] [--break-work] [--crossed-work] [--drawn=TAG]

Compares, per folder, the set of (code, message UUID) the conversation rules give, and of
(THREAD_ORPHANED, thread UUID) for a thread left unfinished with no active participant: the core's
analyzeMailbox findings of the codes the checker models (folder_checker.MODELED) against
folder_checker.check. Prints the divergences clustered by
which codes only the core gives and which only the checker gives, with an example each, and exits
1 when there is any; with --first it prints the first divergence alone (for the test). With
--break-work the checker forgets the right to work (WORK_BEFORE_ESTABLISHED). With --break-budget-debt it reads a
budget's debts as before README note 151 (the other --break-* faults are listed at PLANTED). With --crossed-work
every folder draws README note 142's case (generate_folders' "crossed-hello-work": work in the
thread of a hello that lost a crossing, with the callsigns it did not cross), which a plain draw
holds in 166 folders of 2,000 of seed 1. With --drawn=TAG only the folders of the plain draw whose
`drawn` lists TAG are compared, COUNT of them (a case a few folders in a hundred draw, for a test
that a planted fault is caught without comparing hundreds). Each thread's exchange budget at its end (ThreadSummary.budget:
state, count and limit) is compared too, as "BUDGET_<state> thread count/limit". Needs python3 and node.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import comparison  # noqa: E402
from core_answers import core_answers  # noqa: E402
import folder_checker  # noqa: E402
import generate_folders  # noqa: E402


# More planted faults, one for each case fix-GT drew: the checker lets another arena's welcome open a
# chain and claim (--break-misaddressed), forgets that the initiator's blocked citing its group hello
# holds the chains it speaks in (--break-blocked-hello), forgets that an open task's winning claim
# releases the others (--break-claims), or reads crossings of one sender's second hello as none
# (--break-same-sender), or settles a welcome that sorts before the hello it answers in a chain that
# hello loses once walked (--break-crossed-late); or, reverting README note 142, lets a hello that
# lost a crossing license no work with the callsigns it did not cross (--break-crossed-work); or
# forgets the replies owed at a budget's limit, so a thread there reads blocked (--break-budget-state);
# or, reverting README note 150, reads a question to ALL paid by any one callsign's reply (--break-budget-all);
# or, reverting README note 151, reads the debts at a budget's limit paid by any answer citing the
# question (another request_id, a quarantined one), withdrawn by no cancel (--break-budget-debt);
# or, reverting README note 152, reads the reply a blocked sender owes as its first answer citing the
# question (another request_id, a resume's citation), withdrawn by no cancel (--break-blocked-debt);
# or, reverting README note 153, reads a question quarantined for a rule other than not speaking for
# its sender as still owed at a budget's limit and after a blocked (--break-quarantined-question);
# or, reverting README note 154, lets a cancel quarantined for a rule other than not speaking for its
# sender or the stop at hand withdraw its question there (--break-quarantined-cancel); or, reverting
# README note 155, reads a question sent past the limit, even one that passed as an owed reply, as
# owing nothing after a blocked (--break-blocked-past-limit); or lets the stops read a question or
# cancel that only a resume's wait holds as held, which the core does not (README note 165,
# --break-resume-wait-held); or, reverting README note 172, lets an answer sorting before the resume
# it cites end its resumer's wait where it sorts (--break-answer-before-resume), or leaves that resume
# waiting all the same (--break-early-answer-ignored); or, reverting README note 174, lets a second
# answer to a resume answered already end its resumer's later wait, and a reply to it follow an
# answer (--break-answered-resume-answers).
PLANTED = {"--break-answered-resume-answers": "ANSWERED_RESUME_ANSWERS", "--break-answer-before-resume": "ANSWER_BEFORE_RESUME", "--break-early-answer-ignored": "EARLY_ANSWER_IGNORED", "--break-resume-wait-held": "RESUME_WAIT_HELD", "--break-quarantined-question": "QUARANTINED_QUESTION", "--break-quarantined-cancel": "QUARANTINED_CANCEL", "--break-blocked-past-limit": "BLOCKED_PAST_LIMIT", "--break-blocked-debt": "BLOCKED_DEBT", "--break-budget-state": "BUDGET_STATE", "--break-budget-all": "BUDGET_ALL", "--break-budget-debt": "BUDGET_DEBT", "--break-misaddressed": "MISADDRESSED", "--break-blocked-hello": "BLOCKED_HELLO",
           "--break-claims": "CLAIMS", "--break-same-sender": "SAME_SENDER", "--break-crossed-late": "CROSSED_LATE",
           "--break-crossed-work": "CROSSED_WORK"}


def pairs(findings):
    return sorted({f"{code} {uuid}" for code, uuid in findings})


# A thread's budget state, named as a pseudo-code so that a divergence clusters by it.
BUDGET_STATES = {"open": "BUDGET_OPEN", "at-limit": "BUDGET_AT_LIMIT", "blocked: exchange-budget": "BUDGET_BLOCKED",
                 "blocked": "BUDGET_BLOCKED"}


def budget_pairs(budgets):
    """Each thread's exchange budget at its end (section 8), as "BUDGET_<state> thread count/limit"."""
    return [f"{BUDGET_STATES[state]} {thread} {count}/{limit}" for thread, (state, count, limit) in budgets.items()]


def core_budgets(answer):
    return {thread: (b["state"], b["count"], b["limit"]) for thread, b in answer["budgets"].items()}


def checker_pairs(case):
    budgets = {}
    findings = folder_checker.check(case, budgets)
    return sorted(set(pairs(findings)) | set(budget_pairs(budgets)))


def core_findings(answer):
    """The core's (code, message UUID) pairs of the modelled codes, and (THREAD_ORPHANED, thread
    UUID) for each thread it reads orphaned: that finding names no message, so it is keyed by thread."""
    orphaned = answer["orphaned"]
    notes = [f for f in answer["findings"] if f["code"] == "THREAD_ORPHANED"]
    if len(notes) != len(orphaned):
        sys.exit(f"the core gave {len(notes)} THREAD_ORPHANED findings for {len(orphaned)} orphaned threads")
    return [(f["code"], f["id"]) for f in answer["findings"] if f["code"] in folder_checker.MODELED and f["id"] is not None] + \
        [("THREAD_ORPHANED", thread) for thread in orphaned]


def main():
    count, seed, first = comparison.arguments()
    if comparison.planted("--break-work"):
        folder_checker.FAULTS.add("WORK_BEFORE_ESTABLISHED")
    for flag, fault in PLANTED.items():
        if comparison.planted(flag):
            folder_checker.FAULTS.add(fault)
    drawn = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--drawn=")), None)
    cases = list(generate_folders.cases(count, seed, "crossed-hello-work" if "--crossed-work" in sys.argv else drawn))
    core = [sorted(set(pairs(core_findings(answer))) | set(budget_pairs(core_budgets(answer))))
            for answer in core_answers("core-folders.ts", cases)]
    # Lazy, so --first stops checking at the first divergence.
    mine = (checker_pairs(case) for case in cases)
    found = comparison.clusters(
        zip(cases, core, mine),
        lambda case, theirs, ours: None if theirs == ours else comparison.code_difference(
            [p.split()[0] for p in set(theirs) - set(ours)], [p.split()[0] for p in set(ours) - set(theirs)]),
        first,
        lambda case, theirs, ours: {"case": case, "core": theirs, "checker": ours})
    comparison.report(
        f"{len(cases)} folders compared", found,
        lambda key: f"core only {list(key[0])}, checker only {list(key[1])}",
        lambda case, theirs, ours: print("    core only", sorted(set(theirs) - set(ours)), "checker only", sorted(set(ours) - set(theirs)),
                                         "files", [f["name"] for f in case["files"]]))


if __name__ == "__main__":
    main()
