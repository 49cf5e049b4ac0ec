"""An independent closure audit of a conversation (check-thread): findings, owners and counts.

Written from spec rule 1 (ownership, readbacks, re-issues, `UN why=DUP`), rule 2 (an AQ answered
once, in its shape, by its `by=`), rule 3, section 5.3 (the sender's answer to a readback clears
or holds the act) and section 5.4 (every HO closes once; CX and its answer; `exp`/`due`) and the
README's notes 28, 41, 42, 47, 48, 56, 76 and 82 to 84, never from core/thread.ts, so that a
difference from the core is a question to settle; where the notes say nothing, it follows the
readings differential/README.md lists. Lines are read with validator.py, each readback judged with
readback_checker.py (wilco; unverified when its only failure is a value the receiver resolved with
no record; else void) against its HO and the sender's expectations for that HO, when it has any:
withheld criteria (tier 4) and a record (tier 5, note 23: the HO held to it, what the receiver
resolved checked against it; note 99: without rb=exec too, where its ask has execution slots;
note 100: a record for an HO whose ask has none is read by nothing, and a note says so). So a readback's `h=` (tier 2) and its `exp=` against its HO's (tier
1, note 21) are judged there; its `exp=` against the audit's moment is not, since check-thread reads
a log with no arrival times (notes 32 and 65), nor is a DN's record: check-thread judges what a DN
closes and owns, check-dn what it reports. Besides findings, owners and counts it gives why each
readback is void or unverified and where each HO stands at the end (open, held, orphaned past its
`exp` or `due`, superseded, closed). Standard library only.
"""
import json
import re

import readback_checker
import validator

NUMBER = r"-?(0|[1-9][0-9]*)(\.[0-9]+)?"


class Handoff:
    def __init__(self, index, message, text):
        s = message["slots"]
        self.index, self.id, self.text = index, message["id"], text
        self.sender, self.receiver, self.item = s.get("from"), s.get("to"), s.get("item")
        self.exp, self.due = s.get("exp"), s.get("due")
        self.slots = {k: v for k, v in readback_checker.json_form(message)["slots"].items() if k != "re"}
        self.state = "open"  # open, superseded, closed
        self.closed_by = None  # the type of the message that closed it
        self.superseded_by = None  # the re-issue that replaced it
        self.cancel = None  # the cancel that withdrew it (its own CX, or its live re-issue's)
        self.passed = self.void = self.unverified = 0
        self.last = None  # the latest readback's verdict
        self.ever_read = False  # a readback passed or was unverified
        self.readbacks = []  # (RB id, verdict) of each readback checked
        self.answers = []  # (RB id, val) of the sender's answers to them, in order (a yes to a void one left out)
        self.line = [self]  # the HOs that are one handoff sent again, shared by them all
        self.replaces = None  # the HO this one superseded as a re-issue


class Cancel:
    def __init__(self, cx_id, ho, why):
        self.id, self.ho, self.why = cx_id, ho, why
        self.answered = self.acked = False
        self.withdrawn = [ho]


class Question:
    def __init__(self, message):
        s = message["slots"]
        self.id, self.sender, self.receiver, self.item = message["id"], s.get("from"), s.get("to"), s.get("item")
        self.need, self.opts, self.by = s.get("need"), (s.get("opts") or "").split("+"), s.get("by")
        self.answered = False


READBACK_NOTES = {"ACC_ASSUMPTION", "ACC_LOOSE", "ACC_UNCHECKED", "ACC_KEY_UNKNOWN", "EXEC_NO_MAP"}
# A readback's validation notes (tier 1, read in its HO's vocabulary) make it fail no tier.
VALIDATION_NOTES = {"SLOT_UNKNOWN", "SLOT_NOT_ON_TYPE", "CONSTRAINT_KEY_UNKNOWN", "KEYS_UNCHECKED", "OPTS_UNREAD", "AGENT_NOT_IN_PROFILE"}


def verdict(ho, rb_text, expected):
    """The readback's verdict and the errors that make it so (none for wilco): each (code, slot) as
    often as check-rb finds it, in its tiers' order, as the core's finding carries its causes."""
    record = expected.get("record")
    if record is not None:
        record = {k: v for k, v in record.items() if k != "$resolve"}  # resolve: what tier 5 leaves to the receiver
    report = readback_checker.check(ho.text, rb_text, expected.get("expectAcc") or None, record, by_tier=True)
    if all(t != "fail" for t in report["tiers"]):
        return "wilco", ()
    placed = [[(code, slot) for code, slot in tier if code not in READBACK_NOTES | VALIDATION_NOTES] for tier in report["placed"]]
    extra, carried = fingerprinted(ho.text)
    placed[2] = named_as_one(placed[2], extra, "ECHO_MISSING", "ECHO_MISMATCH")
    placed[4] = named_as_one(placed[4], carried, "EXEC_MISSING", "EXEC_MISMATCH")
    failing = tuple(f for tier in placed for f in tier)
    return ("unverified" if {code for code, _ in failing} == {"EXEC_UNVERIFIED"} else "void"), failing


def fingerprinted(ho_text):
    """Note 29: the slots a thread compares through one fingerprint, in the readback set's order
    (section 5.1: `item`, `ask`, `due`, then under rb=all the HO's slots as written, then those
    rb= names): the echo set beyond `item`, `ask` and `due`, and under rb=exec the execution
    slots of the ask the HO carries, in the profile's order."""
    _, message = validator.parse(ho_text)
    slots = message["slots"]
    vocab = readback_checker.vocabulary_of(slots)
    levels = (slots.get("rb") or "echo").split("+")
    hot = vocab.on["HO"] - {"p"}
    echo = ["item", "ask", "due"]
    if "all" in levels:
        echo += [k for k in slots if k in hot and k not in validator.NOT_ECHOED]
    echo += [k for k in levels if k not in validator.LEVELS and k in hot and k not in validator.NOT_ECHOED]
    if "acc" in levels or "plan" in levels:
        echo = [k for k in echo if k != "acc"]
    extra = [k for k in dict.fromkeys(echo) if k in slots and k not in ("item", "ask", "due")]
    exec_slots = (vocab.profile or {}).get("exec", {}).get(slots.get("ask"), []) if "exec" in levels else []
    return extra, [k for k in exec_slots if k in slots]


def named_as_one(found, slots, missing, mismatch):
    """A tier's findings as a thread gives them (note 29): the mismatches among `slots`, compared
    through one fingerprint, are one finding naming them all ("one of" them, slot a+b+...), and
    none once one of them is missing (the fingerprint of the rest cannot be taken)."""
    ours = [f for f in found if f[0] == mismatch and f[1] in slots]
    if not ours or len(slots) < 2:
        return found
    kept = [f for f in found if f not in ours]
    if any(code == missing and slot in slots for code, slot in found):
        return kept
    at = found.index(ours[0])
    return kept[:at] + [(mismatch, "+".join(slots))] + kept[at:]


def record_unread(ho, expected):
    """Note 100: a record given for an HO whose ask has no execution slots in its vocabulary."""
    if expected.get("record") is None:
        return False
    _, message = validator.parse(ho.text)
    slots = message["slots"]
    vocab = readback_checker.vocabulary_of(slots)
    return not (vocab.profile or {}).get("exec", {}).get(slots.get("ask"))


def shaped(q, val):
    if q.need == "YESNO":
        return val in ("Y", "N")
    if q.need == "ENUM":
        return val in q.opts
    if q.need == "NUM":
        return bool(re.fullmatch(NUMBER + "(/" + NUMBER + ")?", val))
    if q.need == "DATE":
        return validator.is_date(val)
    if q.need == "TEXT":
        return val == "tail"
    return True


def audit(lines, now, expectations=None, ran=frozenset()):
    """The audit at `now` (None: no clock), with the sender's expectations by HO id ({expectAcc?, record?})
    and the HOs whose act a holder's record (a Worker's committed statements) says ran."""
    expectations = expectations or {}
    errors, notes = [], []
    causes = []  # [finding code, HO id, RB id, the errors (code, slot) that make the readback so]
    # id -> (canonical form, what it is: a Handoff, Cancel or Question, ("RB", verdict, HO) for a
    # readback checked, ("DN", reports an act, its HO or None), else None)
    seen = {}
    handoffs, cancels, questions = [], [], []
    counts = {"messages": 0, "readbacks": {"passed": 0, "void": 0, "unverified": 0, "late": 0}}
    invalid = 0
    item_read = {}  # item -> the verdict of the latest readback of its HOs, or "late"
    done_lines = {}  # the first HO of each re-issue line -> the HO of it first reported done

    def read(ho):
        """A readback of it passed or was unverified (THREAD_READBACK_UNVERIFIED said so already), a later void one aside (note 28: "only void ones")."""
        return ho.ever_read

    def owned(ho):
        """Read itself, or (in a re-issue line) another HO of its line was."""
        return read(ho) or (len(ho.line) > 1 and any(read(h) for h in ho.line))

    def judge(ho, kind, act, twice):
        """What the receiver's DN or FL closing `ho` says of ownership, the line's act and holds (rule 1, 5.3, note 28)."""
        if twice:
            errors.append("THREAD_DONE_TWICE")
        if act:
            if not owned(ho):
                errors.append("THREAD_DONE_UNOWNED")
            if held(ho):
                errors.append("THREAD_DONE_AFTER_HOLD")
            done_lines.setdefault(ho.line[0].id, ho.id)
            newest = owner_handoff(handoffs, ho.item)
            if owned(ho) and newest is not None and newest.receiver != ho.receiver and newest.sender == ho.sender \
                    and newest not in ho.line and newest.index > ho.line[0].index and newest.cancel is None:
                errors.append("THREAD_DONE_OWNED_ELSEWHERE")
        if kind == "FL" and not owned(ho):
            notes.append("THREAD_FAIL_UNOWNED")

    for text in lines:
        ok, _ = validator.verdict(text)
        if not ok:
            invalid += 1
            continue
        _, m = validator.parse(text)
        s = m["slots"]
        form = json.dumps(readback_checker.json_form(m), sort_keys=True)
        if m["id"] in seen:
            if seen[m["id"]][0] == form:
                notes.append("THREAD_RETRY")
            else:
                errors.append("THREAD_ID_REUSED")
                counts["messages"] += 1
            continue
        counts["messages"] += 1
        target = seen.get(s.get("re"), (None, None))[1]
        kind, frm, to, item = m["type"], s.get("from"), s.get("to"), s.get("item")
        what = None
        if kind == "HO":
            ho = Handoff(len(handoffs), m, text)
            handoffs.append(ho)
            what = ho
            if s.get("ask") == "UNDO":
                undo(s, seen, errors, notes)
            void_rb = isinstance(target, tuple) and target[:2] == ("RB", "void")
            old = target if isinstance(target, Handoff) else target[2] if void_rb else None
            if old is not None and old.state == "superseded":
                old = next((h for h in old.line if h.state == "open"), None)
            if old is not None and old.state == "open" and (old.sender, old.receiver, old.item) == (frm, to, item):
                notes.append("THREAD_REISSUED")
                if old.slots != ho.slots:
                    errors.append("THREAD_REISSUE_CHANGED")
                old.state, ho.replaces, ho.line, old.superseded_by = "superseded", old, old.line, ho.id
                old.line.append(ho)
        elif kind == "RB":
            if not isinstance(target, Handoff):
                notes.append("THREAD_REPLY_UNMATCHED")
            elif (frm, to) != (target.receiver, target.sender):
                errors.append("THREAD_REPLY_PARTIES")
            elif target.state == "closed" or target.cancel is not None:
                notes.append("THREAD_READBACK_LATE")
                counts["readbacks"]["late"] += 1
                item_read[target.item] = "late"
            else:
                if record_unread(target, expectations.get(target.id, {})):
                    notes.append("THREAD_RECORD_UNREAD")
                v, why = verdict(target, text, expectations.get(target.id, {}))
                if target.state == "superseded":
                    notes.append("THREAD_READBACK_SUPERSEDED")
                if v == "wilco":
                    counts["readbacks"]["passed"] += 1
                    target.passed += 1
                elif v == "void":
                    counts["readbacks"]["void"] += 1
                    code = "THREAD_READBACK_REVERSED" if target.passed else "THREAD_READBACK_VOID"
                    (errors if target.passed else notes).append(code)
                    causes.append([code, target.id, m["id"], list(why)])
                    target.void += 1
                else:
                    counts["readbacks"]["unverified"] += 1
                    notes.append("THREAD_READBACK_UNVERIFIED")
                    causes.append(["THREAD_READBACK_UNVERIFIED", target.id, m["id"], list(why)])
                    target.unverified += 1
                target.last = (len(seen), v)
                item_read[target.item] = v
                target.ever_read = target.ever_read or v != "void"
                target.readbacks.append((m["id"], v))
                what = ("RB", v, target)
        elif kind in ("DN", "UN", "FL") and isinstance(target, Question) and kind == "UN":
            answer(target, m, None, errors)
        elif kind in ("DN", "UN", "FL"):
            act = kind == "DN" and s.get("out") in ("OK", "PARTIAL")
            if kind == "DN":
                # What an UNDO's ctx= may name: a DN, the act it reports, its HO (None: not in the conversation).
                what = ("DN", act, target if isinstance(target, Handoff) else None)
            if not isinstance(target, Handoff):
                # A UN may refuse what is no HO, but not what is no message at all (rule 3, note 32).
                if kind != "UN" or s.get("re") not in seen:
                    notes.append("THREAD_REPLY_UNMATCHED")
            elif (frm, to) != (target.receiver, target.sender):
                errors.append("THREAD_REPLY_PARTIES")
            elif item is not None and item != target.item:
                errors.append("THREAD_REPLY_ITEM")
            else:
                first_done = done_lines.get(target.line[0].id)
                twice = act and first_done is not None and first_done != target.id
                if target.cancel is not None and target.cancel.ho is target:
                    # The first reply after its own cancel answers it (note 28); after an AN val=Y a UN
                    # or FL cannot have crossed it (note 48); an act reported after it is judged as such.
                    c = target.cancel
                    if c.answered or (kind != "DN" and c.acked):
                        errors.append("THREAD_CLOSED_TWICE")
                    else:
                        c.answered = True
                    if act and any(h.id in ran for h in c.withdrawn):
                        # Section 5.4: "if the act had already run, it answers with the act's DN instead".
                        notes.append("THREAD_CANCEL_AFTER_ACT")
                    elif act:
                        errors.append("THREAD_DONE_AFTER_CANCEL")
                        if twice:
                            errors.append("THREAD_DONE_TWICE")
                        done_lines.setdefault(target.line[0].id, target.id)
                elif target.cancel is not None and target.state != "closed":
                    # A superseded HO its live re-issue's cancel withdrew: a reply closing it answers
                    # that cancel, once for the line (note 48), but an act is left to the act's rules.
                    c = target.cancel
                    if not act and (c.answered or (kind != "DN" and c.acked)):
                        errors.append("THREAD_CLOSED_TWICE")
                    else:
                        c.answered = True
                        notes.append("THREAD_REPLY_SUPERSEDED")
                        target.state, target.closed_by = "closed", kind
                        if act and any(h.id in ran for h in c.withdrawn):
                            notes.append("THREAD_CANCEL_AFTER_ACT")
                        elif act:
                            errors.append("THREAD_DONE_AFTER_CANCEL")
                        judge(target, kind, act, twice)
                elif target.state == "closed":
                    errors.append("THREAD_CLOSED_TWICE")
                else:
                    superseded = target.state == "superseded"
                    if superseded:
                        notes.append("THREAD_REPLY_SUPERSEDED")
                    target.state, target.closed_by = "closed", kind
                    if kind == "UN" and s.get("why") == "DUP" and target.replaces is not None and not superseded:
                        notes.append("THREAD_REISSUE_DUP")
                        # Only an HO still open is live again: one its own CX closed while superseded
                        # stays withdrawn alone, and its CX withdraws no other HO of the line.
                        back = target.replaces
                        if back.state == "superseded":
                            back.state = "open"
                    judge(target, kind, act, twice)
        elif kind == "CX":
            if not isinstance(target, Handoff):
                notes.append("THREAD_REPLY_UNMATCHED")
            elif (frm, to) != (target.sender, target.receiver):
                errors.append("THREAD_CANCEL_PARTIES")
            elif item is not None and item != target.item:
                errors.append("THREAD_REPLY_ITEM")
            elif target.state == "closed" or target.cancel is not None:
                errors.append("THREAD_CLOSED_TWICE")
            else:
                c = Cancel(m["id"], target, s.get("why"))
                cancels.append(c)
                what = c
                withdrawn = [target] + ([h for h in target.line if h.state == "superseded"] if target.state == "open" else [])
                # Whose act, having run, makes a DN after it the act's answer: the live HO's cancel
                # withdraws its whole line (rule 1: the same HO sent again), a superseded HO's, that HO.
                c.withdrawn = list(target.line) if target.state == "open" else [target]
                for h in withdrawn:
                    h.cancel = c
                target.state, target.closed_by = "closed", "CX"
                why = s.get("why")
                if why == "TIMEOUT":
                    notes.append("THREAD_CANCEL_REASON" if target.passed else "THREAD_CANCEL_TIMEOUT")
                elif why == "EXPIRED" and target.exp is None and target.due is None:
                    notes.append("THREAD_CANCEL_REASON")
                elif why is not None and why not in ("REVOKED", "SUPERSEDED", "EXPIRED", "TIMEOUT"):
                    notes.append("THREAD_CANCEL_REASON")
        elif kind == "AN":
            if isinstance(target, Cancel):
                ho = target.ho
                if (frm, to) != (ho.receiver, ho.sender):
                    errors.append("THREAD_REPLY_PARTIES")
                elif item is not None and item != ho.item:
                    errors.append("THREAD_REPLY_ITEM")
                elif s.get("val") == "Y":
                    target.acked = True
            elif isinstance(target, Question):
                answer(target, m, s.get("val"), errors)
            elif isinstance(target, tuple) and target[0] == "RB":
                _, v, ho = target
                # The sender's answer about another item, while the handoff is open, answers nothing and
                # says so (note 35: "about the HO's item or none"; vector answer-other-item, as an
                # answer to a cancel, note 28); once it is closed, no answer is read (note 82).
                if any(h.state != "closed" for h in ho.line) and (frm, to) == (ho.sender, ho.receiver) \
                        and item is not None and item != ho.item:
                    errors.append("THREAD_REPLY_ITEM")
                # A readback is answered while its handoff may still be reported done: its HO, or
                # another of its re-issue line, is not closed (note 28 reads a line's answers together).
                if any(h.state != "closed" for h in ho.line) and (frm, to) == (ho.sender, ho.receiver) and (item is None or item == ho.item):
                    # A yes to a void readback confirms what failed: it clears nothing and lifts no hold.
                    if not (v == "void" and s.get("val") == "Y"):
                        ho.answers.append((s["re"], s.get("val")))
            elif s.get("re") not in seen:
                # An AN answers an AQ, a readback or a cancel: one naming no message answers nothing here.
                notes.append("THREAD_REPLY_UNMATCHED")
        elif kind == "AQ":
            what = Question(m)
            questions.append(what)
        seen[m["id"]] = (form, what)

    # The report, at `now` (None: no clock).
    today = now[:8] if now else None
    states = {}  # HO id -> where it stands at the end: open, held, orphaned (past its exp or due), superseded, closed
    orphans = []  # (id, code) of each HO past its exp or due and each AQ past its by=: what a thread's alarm records
    for ho in handoffs:
        states[ho.id] = ho.state
        if ho.state != "open":
            continue
        late = []
        if now is not None and ho.exp is not None and ho.exp < now:
            late.append("THREAD_EXPIRED")
        if now is not None and ho.due is not None and ho.due < today:
            late.append("THREAD_OVERDUE")
        if late:
            errors.extend(late)
            orphans.extend((ho.id, code) for code in late)
            states[ho.id] = "orphaned"
        elif ho.last and ho.last[1] == "void" and not ho.passed:
            notes.append("THREAD_HELD")
            states[ho.id] = "held"
        else:
            notes.append("THREAD_OPEN")
    for c in cancels:
        if not c.answered and not c.acked:
            notes.append("THREAD_CANCEL_UNANSWERED")
        if c.why == "SUPERSEDED" and not any(h.index > c.ho.index and h.sender == c.ho.sender and h.item == c.ho.item for h in handoffs):
            notes.append("THREAD_CANCEL_REASON")
    overdue = 0
    for q in questions:
        if q.answered:
            continue
        if now is not None and q.by is not None and q.by < today:
            errors.append("THREAD_QUESTION_OVERDUE")
            orphans.append((q.id, "THREAD_QUESTION_OVERDUE"))
            overdue += 1
        else:
            notes.append("THREAD_QUESTION_OPEN")
    owners = []
    for item in dict.fromkeys(h.item for h in handoffs):
        newest = owner_handoff(handoffs, item)
        first = next(h for h in handoffs if h.item == item)
        # While the first sender holds it: why, when readbacks came (the last one's verdict, or late).
        owners.append([item, newest.receiver, newest.id, None] if newest else [item, first.sender, None, item_read.get(item)])
    # Each HO as the report's handoffs list gives it: its state, what closed it, its readbacks (wilco
    # once one passed, else the last verdict), the re-issue that replaced it.
    standing = [[h.id, states[h.id], h.closed_by if h.state == "closed" else None,
                 "wilco" if h.passed else h.last[1] if h.last else None,
                 h.superseded_by if h.state == "superseded" else None] for h in handoffs]
    states = [h.state for h in handoffs]
    counts.update({
        "handoffs": len(handoffs), "open": states.count("open"), "closed": states.count("closed"),
        "cancelled": len(cancels), "superseded": states.count("superseded"),
        "questions": {"asked": len(questions), "answered": sum(q.answered for q in questions),
                      "open": sum(not q.answered for q in questions), "overdue": overdue},
    })
    return {"ok": not errors and not invalid, "errors": sorted(errors), "notes": sorted(notes),
            "owners": owners, "causes": causes, "handoffs": standing, "counts": counts, "invalid": invalid,
            "orphans": orphans, "lines": {h.id: [x.id for x in h.line] for h in handoffs},
            # What a commit reads of each HO: its readbacks checked (id, verdict), the sender's answers
            # to them (id, val), and the HO of its sender's that since made another receiver the owner.
            "readbacks": {h.id: list(h.readbacks) for h in handoffs}, "answers": {h.id: list(h.answers) for h in handoffs},
            "owned_elsewhere": {h.id: owned_elsewhere(handoffs, h) for h in handoffs}}


def owned_elsewhere(handoffs, ho):
    """Rule 1: the newest owner of the item, an HO of the same sender to another receiver sent after
    this handoff's line began and not withdrawn, whose readback passed; its id, or None."""
    newest = owner_handoff(handoffs, ho.item)
    if newest is not None and newest.receiver != ho.receiver and newest.sender == ho.sender \
            and newest not in ho.line and newest.index > ho.line[0].index and newest.cancel is None:
        return newest.id
    return None


def undo(s, seen, errors, notes):
    """Section 5.4: an UNDO reverses an act its ctx= names, a DN out=OK or PARTIAL on a handoff from
    the UNDO's sender about its item (one whose HO is not in the conversation matches any); an id
    not (yet) in the conversation may be that DN, so with none matching it is a note, else an error."""
    ids = s.get("ctx", "").split("+")
    for i in ids:
        what = seen.get(i, (None, None))[1]
        if isinstance(what, tuple) and what[0] == "DN" and what[1]:
            ho = what[2]
            if ho is None or (ho.sender == s.get("from") and ho.item == s.get("item")):
                return
    if any(i not in seen for i in ids):
        notes.append("THREAD_UNDO_UNSEEN")
    else:
        errors.append("THREAD_UNDO_UNMATCHED")


def held(ho):
    """Section 5.3 and note 28: the sender held the act. Each readback that passed (or is unverified)
    stands under the sender's latest answer to it, else its latest answer to any readback of that
    HO; the act is cleared when one of the line's stands under none or val=Y."""
    standing = []
    for h in ho.line:
        latest = h.answers[-1][1] if h.answers else None
        for rid, v in h.readbacks:
            if v != "void":
                own = [val for r, val in h.answers if r == rid]
                standing.append(own[-1] if own else latest)
    return bool(standing) and all(val not in (None, "Y") for val in standing)


def owner_handoff(handoffs, item):
    """Rule 1: the most recent HO of the item that received a passing readback, or None."""
    passed = [h for h in handoffs if h.item == item and h.passed]
    return passed[-1] if passed else None


def answer(q, m, val, errors):
    s = m["slots"]
    if (s.get("from"), s.get("to")) != (q.receiver, q.sender):
        errors.append("THREAD_REPLY_PARTIES")
    elif s.get("item") is not None and q.item is not None and s["item"] != q.item:
        errors.append("THREAD_REPLY_ITEM")
    elif q.answered:
        errors.append("THREAD_ANSWERED_TWICE")
    else:
        q.answered = True
        if val is not None and not shaped(q, val):
            errors.append("THREAD_ANSWER_SHAPE")
