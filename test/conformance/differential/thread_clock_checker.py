"""An independent replay of a Worker's thread at known moments: what it refuses of each line as it
arrives, what its alarms record, and its report at the end.

Written from spec sections 2 (an id is unique within the conversation), 3.1 (`exp`: "on an HO,
nothing may be done on it after; on an RB, the statement cannot be confirmed after, and it may not
outlive the HO's") and 5.4, the README's notes 32 (appending, a retry, a reply ahead, a late
readback), 27 and 35 (statements, the thread's clock, read to the minute, and its alarm), 56, 65
and 107 (a late confirmation) and core/CODES.md, never from the core's reply-order,
readback-expiry or statement code, nor from worker/thread/thread-object.ts. Each line is one append at its moment, in order:

- a line the validator refuses is refused (`INVALID`, the receiver's UN);
- a line under a stored id is a retry (`duplicate`) when its canonical form (what `h=` digests) is
  the stored one's, else `THREAD_ID_REUSED`;
- a reply that acts on what it answers (RB, AN, DN, FL, CX) whose `re=` names no stored line is
  `THREAD_REPLY_AHEAD` (a UN, an HO or an ST is taken);
- an RB arriving after its own `exp`, or after the `exp` of the stored HO its `re=` names, is
  `THREAD_READBACK_EXPIRED`;
- the sender's `AN val=Y` to a stored RB of its HO (note 35's answer: from the HO's sender to its
  receiver, about its item or none, to an RB from that receiver to that sender) arriving after the
  RB's `exp`, or after the HO's, is `THREAD_CONFIRMATION_EXPIRED` (only the sender's yes confirms:
  a hold, and any other yes, are taken);
- anything else is stored.

A line under the id of the RB a statement states, while that statement is pending in its window or
committed, is `THREAD_ID_REUSED` unless it is an RB carrying its `x_tok` (section 2: an id names one
message; the id is the statement's, to be relayed under it).

A commit (section 5.3, notes 27 and 35): a statement not pending, or past its window (then expired),
is refused; so is one whose HO is not live, or whose item a newer HO of the same sender handed to
another receiver whose readback passed (rule 1, as thread_auditor.py's THREAD_DONE_OWNED_ELSEWHERE);
it runs only when a readback of its HO carrying its token states it as prepared (its canonical form,
tail aside, that of the RB the spec's tool states) and passed, and the sender's answer standing for
that readback (its latest to it, else its latest to any readback of the HO, a yes to a void one
aside, as thread_auditor.py reads a hold) is none or `val=Y`; and once per handoff: a committed
statement of its re-issue line refuses it, and a commit ends the line's other pending statements
(abandoned, or expired past their window). The audit is told which HOs' act ran, so that a DN
reporting the act after a CX that came after the commit is `THREAD_CANCEL_AFTER_ACT`, not
`THREAD_DONE_AFTER_CANCEL` (section 5.4: "if the act had already run, it answers with the act's DN
instead"). A prepare is refused too once a statement of the HO's line ran.

Prepared statements (notes 27 and 35; the tool's side of section 5.3): a prepare is refused for
an id that is no stored HO, for an HO not live at its moment (open, held or orphaned, as
thread_auditor.py finds it), for one that does not ask `rb=exec` of an ask with execution slots,
and for a window already past or after the HO's `exp`; an abandon of a pending statement within
its window abandons it, past it is refused and expires it, and of any other is refused; an alarm,
and the state at the end, expire the pending ones past their window; a stored DN, UN or FL ends the
pending statements of the closed HOs of its re-issue line, and of its superseded ones once none of
the line is live (`abandoned`, or `expired` past their window); a stored CX from the HO's sender to
its receiver about its item cancels those of the HO it closes and, when that HO was the live one
of its line, of the HOs of the line it superseded; a CX of a superseded HO, those of that HO alone
(`cancelled`, or `expired` past their window).

A moment is late for a time from the next minute (the clock read to the minute, `exp` its minute
included) and for a date from the next day. An alarm at a moment records each handoff past its
`exp` or `due` and each AQ unanswered past its `by=`, as check-thread reports them at that moment
(thread_auditor.py over the stored lines), once, with the first moment it found it. The end is
thread_auditor.py's report of the stored lines at `end`. Standard library only.
"""
import datetime
import json

import generate_thread_clocks
import readback_checker
import thread_auditor
import validator

ACTING_REPLIES = {"RB", "AN", "DN", "FL", "CX"}
# Whether the sender's late yes is refused (compare_thread_clocks.py --break-confirmation plants a replay that lets it through).
confirmations_closed = True
# Whether a commit waits for its relayed, passing, unheld readback (--break-commit plants a replay that runs it without).
commits_cleared = True


def minute(ms):
    """The UTC minute of a moment in epoch milliseconds, as `YYYYMMDDTHHMMZ`."""
    return datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc).strftime("%Y%m%dT%H%MZ")


def past(exp, now):
    """Whether the time `exp` is past at the minute `now`: from the minute after it."""
    return isinstance(exp, str) and exp < now


class Thread:
    def __init__(self):
        self.stored = {}  # id -> (message as validator reads it, its canonical form)
        self.texts = []  # the stored lines, in order
        self.statements = []  # the prepared statements (Statements.all)

    def ho_exp(self, mid):
        """The exp of the stored HO `mid`, or None (none, or no HO)."""
        held = self.stored.get(mid)
        if held is None or held[0]["type"] != "HO":
            return None
        return held[0]["slots"].get("exp")

    def append(self, text, ms):
        """(status, code) of one line arriving at `ms`."""
        ok, _ = validator.verdict(text)
        if not ok:
            return ["refused", "INVALID"]
        _, m = validator.parse(text)
        s = m["slots"]
        form = json.dumps(readback_checker.json_form(m), sort_keys=True)
        if m["id"] in self.stored:
            return ["duplicate", None] if self.stored[m["id"]][1] == form else ["refused", "THREAD_ID_REUSED"]
        now = minute(ms)
        kind, re = m["type"], s.get("re")
        # Section 2: an id names one message. The RB a statement states is that statement's while
        # it may run (pending in its window) or ran, so only an RB relaying it (its x_tok) takes the id.
        for st in self.statements:
            if st[4] is not None and st[4].split(" ")[2] == m["id"] and (st[2] == "committed" or (st[2] == "pending" and not past(st[1], now))) \
                    and not (kind == "RB" and s.get("x_tok") == st[3]):
                return ["refused", "THREAD_ID_REUSED"]
        if kind in ACTING_REPLIES and re not in self.stored:
            return ["refused", "THREAD_REPLY_AHEAD"]
        if kind == "RB" and (past(s.get("exp"), now) or past(self.ho_exp(re), now)):
            return ["refused", "THREAD_READBACK_EXPIRED"]
        if confirmations_closed and kind == "AN" and s.get("val") == "Y" and self.stored[re][0]["type"] == "RB":
            rb = self.stored[re][0]["slots"]
            ho = self.stored.get(rb.get("re"), (None,))[0]
            ho = ho["slots"] if ho is not None and ho["type"] == "HO" else None
            # The sender's yes to a readback of its HO: the HO's sender to its receiver, about its item
            # or none, answering an RB from that receiver to that sender (note 35's answer).
            if ho is not None and (rb.get("from"), rb.get("to")) == (ho.get("to"), ho.get("from")) \
                    and (s.get("from"), s.get("to")) == (ho.get("from"), ho.get("to")) and s.get("item") in (None, ho.get("item")) \
                    and (past(rb.get("exp"), now) or past(ho.get("exp"), now)):
                return ["refused", "THREAD_CONFIRMATION_EXPIRED"]
        self.stored[m["id"]] = (m, form, text)
        self.texts.append(text)
        return ["stored", None]


LIVE = {"open", "held", "orphaned"}
EXEC_ASKS = {("pay", "PAY"), ("pay", "CHGBANK"), ("pay", "SEND")}


class Statements:
    """The thread's prepared statements (notes 27 and 35): each [HO id, exp, state, token, its RB line]."""

    def __init__(self, thread):
        self.thread, self.all = thread, []
        thread.statements = self.all

    def ran(self):
        """The HOs whose act ran: one of their statements was committed."""
        return frozenset(st[0] for st in self.all if st[2] == "committed")

    def standing(self, now):
        return thread_auditor.audit(self.thread.texts, now, ran=self.ran())

    def prepare(self, handoff, exp, now, token=None, n=None):
        """A statement for a live HO asking rb=exec for an ask with execution slots, its exp neither past nor after the HO's."""
        held = self.thread.stored.get(handoff)
        if held is None or held[0]["type"] != "HO":
            return None, ["refused", "unknown-handoff"]
        states = {h[0]: h[1] for h in self.standing(now)["handoffs"]}
        if states.get(handoff) not in LIVE:
            return None, ["refused", "not-open"]
        s = held[0]["slots"]
        if (s.get("p"), s.get("ask")) not in EXEC_ASKS or "exec" not in (s.get("rb") or "").split("+") \
                or past(exp, now) or past(s.get("exp"), exp):
            return None, ["refused", "STATEMENT_REFUSED"]
        # One act per handoff (note 27): none is prepared once one of its re-issue line's ran.
        if any(h in self.ran() for h in self.standing(now)["lines"].get(handoff, [handoff])):
            return None, ["refused", "STATEMENT_REFUSED"]
        k = len(self.all)
        # Its RB as the spec's tool states it (section 5.3), which the relay must carry unchanged.
        rb = generate_thread_clocks.relay(held[2], n - 700, exp, None, k + 1) if token is not None else None
        self.all.append([handoff, exp, "pending", token, rb])
        return k, ["prepared", None]

    def commit(self, k, now):
        """Section 5.3: runs once, within its window (note 27), for a live handoff whose item no
        newer HO of its sender handed elsewhere (rule 1), only when a readback relaying it unchanged
        (tail aside) passed and its sender's answer standing for it is none or val=Y ("only a passing
        readback, answered with AN val=Y where the receiver waits for one, clears the act"); one act
        per handoff: the line's other pending statements end."""
        st = self.all[k]
        if st[2] == "pending" and past(st[1], now):
            st[2] = "expired"
        if st[2] != "pending":
            return ["refused", "STATEMENT_REFUSED", st[2]]
        handoff, report = st[0], self.standing(now)
        states = {h[0]: h[1] for h in report["handoffs"]}
        if states.get(handoff) not in LIVE:
            return ["refused", "STATEMENT_REFUSED", "re"]
        if report["owned_elsewhere"].get(handoff) is not None:
            return ["refused", "STATEMENT_REFUSED", "item"]
        form = lambda text: dict(readback_checker.json_form(validator.parse(text)[1]), tail=None)
        relayed = [(rb, v) for rb, v in report["readbacks"].get(handoff, [])
                   if self.thread.stored[rb][0]["slots"].get("x_tok") == st[3]]
        passed = [rb for rb, v in relayed if v == "wilco" and form(self.thread.stored[rb][2]) == form(st[4])]
        answers = report["answers"].get(handoff, [])
        latest = answers[-1][1] if answers else None
        if commits_cleared and not any(([val for r, val in answers if r == rb] or [latest])[-1] in (None, "Y") for rb in passed):
            return ["refused", "STATEMENT_REFUSED", "cleared"]
        line = report["lines"].get(handoff, [handoff])
        if any(h in self.ran() for h in line):
            return ["refused", "STATEMENT_REFUSED", "ran"]
        st[2] = "committed"
        self.end(set(line), now, "abandoned")
        return ["committed", None]

    def abandon(self, k, now):
        """Abandoned while pending and in its window; past it, refused and expired; else refused."""
        st = self.all[k]
        if st[2] == "pending" and past(st[1], now):
            st[2] = "expired"
        if st[2] != "pending":
            return ["refused", st[2]]
        st[2] = "abandoned"
        return ["abandoned", None]

    def expire(self, now):
        for st in self.all:
            if st[2] == "pending" and past(st[1], now):
                st[2] = "expired"

    def end(self, handoffs, now, state):
        """The pending statements of `handoffs` end: `state`, or expired when past their window."""
        for st in self.all:
            if st[2] == "pending" and st[0] in handoffs:
                st[2] = "expired" if past(st[1], now) else state

    def after(self, m, now):
        """What a stored line does to statements: a close ends its line's, a cancel what it withdrew."""
        s, kind = m["slots"], m["type"]
        held = self.thread.stored.get(s.get("re"))
        if held is None or held[0]["type"] != "HO" or not any(st[0] for st in self.all if st[2] == "pending"):
            return
        report = self.standing(now)
        states = {h[0]: h for h in report["handoffs"]}
        line = report["lines"].get(s["re"], [s["re"]])
        if kind in ("DN", "UN", "FL"):
            # Closed HOs of the line can never run; superseded ones neither, once none of the line is live.
            live = any(states[h][1] in LIVE for h in line)
            self.end({h for h in line if states[h][1] == "closed" or (not live and states[h][1] == "superseded")}, now, "abandoned")
        if kind == "CX":
            ho = held[0]["slots"]
            if (s.get("from"), s.get("to"), s.get("item")) != (ho.get("from"), ho.get("to"), ho.get("item")):
                return
            # The live HO's cancel withdraws it and the HOs of its line it superseded; a superseded
            # HO's, that HO alone; a second end, nothing (note 27).
            before = {h[0]: h[1] for h in thread_auditor.audit(self.thread.texts[:-1], now)["handoffs"]}
            withdrawn = set()
            if before.get(s["re"]) in LIVE:
                withdrawn = {s["re"]} | {h for h in line if before.get(h) == "superseded"}
            elif before.get(s["re"]) == "superseded":
                withdrawn = {s["re"]}
            self.end(withdrawn, now, "cancelled")


def replay(events, end):
    thread = Thread()
    statements = Statements(thread)
    appends, orphans, marked, tokens, said = [], [], set(), {}, []
    for event in events:
        if event.get("alarm"):
            now = minute(event["at"])
            statements.expire(now)
            for handoff, code in thread_auditor.audit(thread.texts, now)["orphans"]:
                if (handoff, code) not in marked:
                    marked.add((handoff, code))
                    orphans.append([handoff, code, now])
            continue
        if "prepare" in event:
            k, answer = statements.prepare(event["prepare"], event["exp"], minute(event["at"]), event.get("token"), event.get("n"))
            tokens[event["statement"]] = k
            said.append(answer)
            continue
        if "abandon" in event:
            if tokens.get(event["abandon"]) is not None:
                said.append(statements.abandon(tokens[event["abandon"]], minute(event["at"])))
            continue
        if "commit" in event:
            if tokens.get(event["commit"]) is not None:
                said.append(statements.commit(tokens[event["commit"]], minute(event["at"])))
            continue
        answer = thread.append(event["line"], event["at"])
        appends.append(answer)
        if answer[0] == "stored":
            statements.after(validator.parse(event["line"])[1], minute(event["at"]))
    statements.expire(minute(end))
    report = thread_auditor.audit(thread.texts, minute(end), ran=statements.ran())
    return {"appends": appends, "orphans": orphans, "statements": said,
            "states": [None if k is None else statements.all[k][2] for _, k in sorted(tokens.items())], "stored": list(thread.stored),
            "end": {k: report[k] for k in ("ok", "errors", "notes", "handoffs")}}
