"""Which CORE messages downgrade a pair established under FULL (PROFILE_DOWNGRADE), as reconciliation
needs it: such a message is quarantined, so it owes, asks and answers nothing. Written from the spec
(section 2: "FULL is a strict superset of CORE ... Do not silently downgrade FULL requirements merely
because only two agents are online today") and core/mailbox/README.md ("The right to work outside a
handshake's thread": "A pair established under FULL keeps FULL in every thread ... from the first
message that established it under FULL on"; "a CORE message to `ALL` is held to every FULL pair of its
sender established before it"), never from core/mailbox/*.ts.

- A message that speaks for its sender, not a Handler seat's, outside a hello's own thread (whose
  handshake judges what it binds: reconcile_establishment.settle), whatever its kind but a hello,
  is PROFILE_DOWNGRADE when it is not FULL and its sender and an agent it names (a Handler seat is
  no agent) were established under FULL before it in UUID order in its arena, or, to `ALL`, its
  sender and anyone were: `ALL` addresses the whole room (8), so it is sent under the strictest
  profile any reader is owed.
- So is any CORE message in a thread opened under FULL: whose first message in UUID order (of the
  UUIDs that name one message: other bytes under one name no one, 10) is FULL and no hello,
  whoever sends it and whether or not it speaks for its sender (core/mailbox/README.md, "FULL is
  not silently downgraded": "A thread opened by a FULL message outside a handshake stays FULL
  too ... every message there is held to it"). A hello's thread is its handshake's to judge.
- Before the FULL chain's establishment (its third message) nothing is downgraded: the pair is not
  yet FULL. A pair's FULL is reconcile_establishment.handshakes()'s `full`: the first message that
  established it under FULL, a group hello's responders from their grouping when either chain
  settled FULL (folder_checker.group_pairs).

The planted fault "full-pair-unread" reads no such message as a downgrade (the checker's reading
before fix-JL drew such messages: PROFILE_DOWNGRADE only while a chain is set up);
"full-thread-unread" reads the pairs alone, not the thread a FULL message opened.
"""


def downgrades(msgs, silent, duplicated, in_hello_thread, is_seat, full, faults=()):
    """The UUIDs of the CORE messages in a thread opened under FULL, or sent to an agent their sender
    was established with under FULL before them (`full`: (arena, frozenset of two callsigns) -> the
    UUID from which the pair is FULL), or to `ALL` by a sender with any such pair in its arena.
    `silent`: the messages that do not speak for their senders; `duplicated`: the UUIDs other bytes
    share; `in_hello_thread`: whether a message is in a thread a hello opened."""
    if "full-pair-unread" in faults:
        return set()
    out, opener = set(), {}
    for i in sorted(msgs):
        e = msgs[i]
        if i in duplicated or "full-thread-unread" in faults:
            continue
        first = opener.setdefault(e["thread"], e)
        if first is not e and first["profile"] == "FULL" and first["kind"] != "hello" and e["profile"] != "FULL":
            out.add(i)
    for i, e in msgs.items():
        if i in silent or e["profile"] == "FULL" or e["kind"] == "hello" or is_seat(e["from"]) or in_hello_thread(e):
            continue
        before = [pair for (arena, pair), since in full.items() if arena == e["arena"] and e["from"] in pair and since < i]
        named = {n for n in e["to"] if n != "ALL" and not is_seat(n)}
        if any(pair - {e["from"]} <= named for pair in before) or ("ALL" in e["to"] and before):
            out.add(i)
    return out
