"""Which messages of a hello's own thread its exchange budget refuses, as reconciliation needs it:
such a message is quarantined (EXCHANGE_BUDGET_EXCEEDED). Written from the spec (section 8,
"Exchange budget": "The handshake sets a per-thread exchange budget, default 20. Count consecutive
agent-to-agent messages since the latest `HANDLER` message ... At the limit, finish replies already
owed by `expects_reply`"; section 6: a counter "nobody accepted is an open question", so a budget
binds from the acceptance that sets it) and README notes 151 and 153, never from core/mailbox/*.ts.
Modelled as the reconcile generator draws it (generate_reconcile.budget_thread): a two-party hello
naming a small budget, accepted exactly, then questions, exact replies, FYIs and the Handler's word.

- Per hello thread, in UUID order, over the messages that speak for their senders: a Handler
  seat's message resets the count and is not counted; a message only to Handler seats is not
  counted; every other message counts.
- The limit at a message: the strictest budget the hello's chains settled before it (the budget on
  the table is folder_checker.budget_of, through reconcile_establishment.settle: the hello's own,
  restated or countered; none named, the default 20), else the default.
- With the count at the limit, a message passes only when it is its sender's first exact causal
  reply (the question's `request_id`, not a root kind) to a question of the thread asked of it
  (by name, or to ALL) within the budget and not quarantined (note 153: a quarantined question owes
  nothing); anything else is EXCHANGE_BUDGET_EXCEEDED, and a question so refused owes nothing.
- Not modelled, as not drawn there: declared `new_evidence`, a requester's cancel withdrawing a
  question, a reply sorted before its question, a group hello's budget before the group stands
  whole (note 136), and a thread other than a hello's own (a pair's budget; the room's other
  threads stay far below any limit their pairs set).
"""
from folder_checker import DEFAULT_BUDGET

ROOTS = {"hello", "resume"}


def exceeded(msgs, silent, held, hello_budgets, is_seat, faults=()):
    """UUID -> EXCHANGE_BUDGET_EXCEEDED for each message of a hello's own thread its budget refuses.
    `silent`: the messages that do not speak for their senders; `held`: those quarantined before the
    walk (questions that owe nothing; the walk adds what it refuses); `hello_budgets`: thread ->
    [(the UUID that established a chain of the hello opening it, the budget it settled)]. The planted
    fault "hello-budget-unread" reads every hello's thread under the default budget."""
    threads = {}
    for i in sorted(msgs):
        if i not in silent and msgs[i]["thread"] in hello_budgets:
            threads.setdefault(msgs[i]["thread"], []).append(msgs[i])
    out = {}
    for thread, spoken in threads.items():
        chains = [] if "hello-budget-unread" in faults else hello_budgets[thread]
        count = 0
        asked = {}  # question UUID -> the callsigns that have paid it
        for m in spoken:
            if is_seat(m["from"]):
                count = 0
                continue
            if all(is_seat(t) for t in m["to"]):
                continue
            limit = min((b for at, b in chains if at < m["id"]), default=DEFAULT_BUDGET)
            q = msgs[m["reply_to"]] if m["reply_to"] in asked else None
            pays = q is not None and m["kind"] not in ROOTS and q["id"] not in held and m["from"] not in asked[q["id"]] and \
                (m["from"] in q["to"] or "ALL" in q["to"]) and (q["kind"] == "welcome" or m["request"] == q["request"])
            if count >= limit and not pays:
                out[m["id"]] = "EXCHANGE_BUDGET_EXCEEDED"
                held.add(m["id"])
            if pays:
                asked[q["id"]].add(m["from"])
            count += 1
            if m["expects"] and count <= limit:
                asked[m["id"]] = set()
    return out
