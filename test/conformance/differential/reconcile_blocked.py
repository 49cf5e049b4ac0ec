"""Which messages a standing `blocked` refuses, as reconciliation needs it: such a message is
quarantined, and an acceptance so refused settles nothing. Written from the spec (section 6: "Send
**one** causal `blocked` message ... Then stop initiating. Resume only on direct Handler authority
or causally declared authority-changing evidence"; "That agent may not work, may not accept") and
core/mailbox/README.md ("One `blocked`, then silence, per sender and thread"; "what lifts a
`blocked` is what resets the budget"), never from core/mailbox/*.ts. Modelled as the reconcile
generator draws it: an initiator's `blocked` answering a counter, then silence, an acceptance all
the same, a second `blocked`, or the Handler's word into the thread and then the acceptance; and
(generate_reconcile.initiator_citations, group_citations) the initiator's declaration of new evidence
after its `blocked`, and its `blocked` between its counter and the responder's acceptance; a
`blocked` between a FULL welcome and its `ack` (blocked_acks); VEGA's `blocked` before the reply it
still owes, then a message of its own (blocked_debts).

- Per thread, in UUID order, over the messages that speak for their senders: from a sender's
  `blocked` until the thread shows what lifts it, another `blocked` from that sender (a callsign of
  the `blocked`'s arena) is BLOCKED_REPEATED and any other message it sends INITIATED_WHILE_BLOCKED,
  unless it is only to Handler seats. A message from a Handler seat into the thread, to anyone,
  lifts every standing `blocked` there, and so does an agent-to-agent message (to someone not a
  Handler seat) declaring `new_evidence`, from anyone (core/mailbox/README.md: "what lifts a
  `blocked` is what resets the budget": "an agent-to-agent message declaring `new_evidence`, from
  either side"), itself not refused; a `blocked` declaring it lifts, then stands.
- A reply the blocked sender still owes passes (README note 152; section 8: "finish replies already
  owed by `expects_reply`"): its first exact causal reply (the question's `request_id`, not a root
  kind) to a question of the thread asked of it (by name, or to ALL of its arena) before its
  `blocked`, not quarantined where the walk meets it (note 153), not withdrawn before the reply by
  its requester's own `cancel` addressed to it that is not quarantined itself (note 154):
  folder_checker.owed_at_limit, the reading the budget's limit shares (reconcile_budget.py), given
  the questions asked after the sender's `blocked` as those it does not owe
  (generate_reconcile.blocked_debts draws VEGA's `blocked` before its exact reply, then a message
  of its own after that reply, which initiates).
"""
from folder_checker import owed_at_limit


def declares_evidence(m, is_seat):
    """Whether m declares new evidence to an agent (a message only to Handler seats lifts nothing)."""
    return m.get("evidence") is not None and not all(is_seat(t) for t in m["to"])


def stopped(msgs, silent, is_seat, held=frozenset(), faults=()):
    """UUID -> BLOCKED_REPEATED or INITIATED_WHILE_BLOCKED for each message a standing `blocked` of its
    sender refuses. `silent`: the messages that do not speak for their senders; `held`: those
    quarantined before the walk (a question among them owes nothing; a cancel withdraws nothing).
    The planted fault "blocked-unread" reads a `blocked` as stopping nothing; "blocked-debt-unread"
    lets no reply still owed through (the checker's reading before fix-JD drew one)."""
    if "blocked-unread" in faults:
        return {}
    threads = {}
    for i in sorted(msgs):
        if i not in silent:
            threads.setdefault(msgs[i]["thread"], []).append(msgs[i])
    out = {}
    # folder_checker's envelope names for the fields its readings use.
    as_folder = lambda e: dict(e, expects_reply=e["expects"], request_id=e["request"])  # noqa: E731
    question_held = lambda q: q["id"] in held or q["id"] in out  # noqa: E731
    for thread in threads.values():
        standing = {}  # (arena, callsign) whose `blocked` stands -> that `blocked`'s UUID
        asked = {}  # question UUID -> the callsigns whose first exact reply to it is sent
        for m in thread:
            if is_seat(m["from"]):
                standing.clear()
                continue
            if declares_evidence(m, is_seat):
                standing.clear()
            q = msgs[m["reply_to"]] if m["reply_to"] in asked else None
            first = q is not None and m["kind"] not in ("hello", "resume") and m["from"] not in asked[q["id"]] and \
                (q["kind"] == "welcome" or m["request"] == q["request"])

            def exactly_owed(m, q):
                """m is its sender's first exact reply to q, which its requester did not withdraw first."""
                return first and not any(c["kind"] == "cancel" and c["reply_to"] == q["id"] and c["from"] == q["from"] and
                                         c["request"] == q["request"] and (m["from"] in c["to"] or "ALL" in c["to"]) and
                                         c["id"] < m["id"] and c["id"] not in held and c["id"] not in out for c in thread)
            since = standing.get((m["arena"], m["from"]))
            if since is not None and not all(is_seat(t) for t in m["to"]):
                # The questions asked after the `blocked` are not owed (note 152: "asked of it before").
                after = {i for i in asked if i > since}
                owed = q is not None and "blocked-debt-unread" not in faults and \
                    owed_at_limit(as_folder(m), as_folder(q), after, question_held, exactly_owed)
                if not owed:
                    out[m["id"]] = "BLOCKED_REPEATED" if m["kind"] == "blocked" else "INITIATED_WHILE_BLOCKED"
            elif m["kind"] == "blocked":
                standing[(m["arena"], m["from"])] = m["id"]
            if first and m["id"] not in out:
                asked[q["id"]].add(m["from"])
            if m["expects"]:
                asked[m["id"]] = set()
    return out
