"""An independent replay of a Worker's thread at known moments: what it refuses of each line as it
arrives, what its alarms record, and its report at the end.

Written from spec sections 2 (an id is unique within the conversation), 3.1 (`exp`: "on an HO,
nothing may be done on it after; on an RB, the statement cannot be confirmed after, and it may not
outlive the HO's") and 5.4, the README's notes 32 (appending, a retry, a reply ahead, a late
readback), 35 (the thread's clock, read to the minute, and its alarm), 56 and 65 (a late
confirmation) and core/CODES.md, never from the core's reply-order, readback-expiry or statement
code, nor from worker/thread/thread-object.ts. Each line is one append at its moment, in order:

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

A moment is late for a time from the next minute (the clock read to the minute, `exp` its minute
included) and for a date from the next day. An alarm at a moment records each handoff past its
`exp` or `due` and each AQ unanswered past its `by=`, as check-thread reports them at that moment
(thread_auditor.py over the stored lines), once, with the first moment it found it. The end is
thread_auditor.py's report of the stored lines at `end`. Standard library only.
"""
import datetime
import json

import readback_checker
import thread_auditor
import validator

ACTING_REPLIES = {"RB", "AN", "DN", "FL", "CX"}
# Whether the sender's late yes is refused (compare_thread_clocks.py --break-confirmation plants a replay that lets it through).
confirmations_closed = True


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
        self.stored[m["id"]] = (m, form)
        self.texts.append(text)
        return ["stored", None]


def replay(events, end):
    thread = Thread()
    appends, orphans, marked = [], [], set()
    for event in events:
        if event.get("alarm"):
            now = minute(event["at"])
            for handoff, code in thread_auditor.audit(thread.texts, now)["orphans"]:
                if (handoff, code) not in marked:
                    marked.add((handoff, code))
                    orphans.append([handoff, code, now])
            continue
        appends.append(thread.append(event["line"], event["at"]))
    report = thread_auditor.audit(thread.texts, minute(end))
    return {"appends": appends, "orphans": orphans, "stored": list(thread.stored),
            "end": {k: report[k] for k in ("ok", "errors", "notes", "handoffs")}}
