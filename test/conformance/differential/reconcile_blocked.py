"""Which messages a standing `blocked` refuses, as reconciliation needs it: such a message is
quarantined, and an acceptance so refused settles nothing. Written from the spec (section 6: "Send
**one** causal `blocked` message ... Then stop initiating. Resume only on direct Handler authority
or causally declared authority-changing evidence"; "That agent may not work, may not accept") and
core/mailbox/README.md ("One `blocked`, then silence, per sender and thread"; "what lifts a
`blocked` is what resets the budget"), never from core/mailbox/*.ts. Modelled as the reconcile
generator draws it: an initiator's `blocked` answering a counter, then silence, an acceptance all
the same, a second `blocked`, or the Handler's word into the thread and then the acceptance; and
(generate_reconcile.initiator_citations) the initiator's declaration of new evidence after its
`blocked`, and its `blocked` between its counter and the responder's acceptance.

- Per thread, in UUID order, over the messages that speak for their senders: from a sender's
  `blocked` until the thread shows what lifts it, another `blocked` from that sender (a callsign of
  the `blocked`'s arena) is BLOCKED_REPEATED and any other message it sends INITIATED_WHILE_BLOCKED,
  unless it is only to Handler seats. A message from a Handler seat into the thread, to anyone,
  lifts every standing `blocked` there, and so does an agent-to-agent message (to someone not a
  Handler seat) declaring `new_evidence`, from anyone (core/mailbox/README.md: "what lifts a
  `blocked` is what resets the budget": "an agent-to-agent message declaring `new_evidence`, from
  either side"), itself not refused; a `blocked` declaring it lifts, then stands.
- Not modelled, as the generator draws none: a reply the blocked sender still owes (README note
  152: its first exact causal reply to a question asked of it before its `blocked`, which passes).
"""


def declares_evidence(m, is_seat):
    """Whether m declares new evidence to an agent (a message only to Handler seats lifts nothing)."""
    return m.get("evidence") is not None and not all(is_seat(t) for t in m["to"])


def stopped(msgs, silent, is_seat, faults=()):
    """UUID -> BLOCKED_REPEATED or INITIATED_WHILE_BLOCKED for each message a standing `blocked` of its
    sender refuses. `silent`: the messages that do not speak for their senders. The planted fault
    "blocked-unread" reads a `blocked` as stopping nothing."""
    if "blocked-unread" in faults:
        return {}
    threads = {}
    for i in sorted(msgs):
        if i not in silent:
            threads.setdefault(msgs[i]["thread"], []).append(msgs[i])
    out = {}
    for thread in threads.values():
        standing = set()  # (arena, callsign) whose `blocked` stands
        for m in thread:
            if is_seat(m["from"]):
                standing.clear()
                continue
            if declares_evidence(m, is_seat):
                standing.clear()
            if (m["arena"], m["from"]) in standing and not all(is_seat(t) for t in m["to"]):
                out[m["id"]] = "BLOCKED_REPEATED" if m["kind"] == "blocked" else "INITIATED_WHILE_BLOCKED"
            elif m["kind"] == "blocked":
                standing.add((m["arena"], m["from"]))
    return out
