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
  restated or countered; none named, the default 20), else the default: folder_checker.budget_limit,
  the folder checker's own reading, the hello's group read as whole from its first chain settled
  (a two-party hello's one chain). For a group hello (generate_reconcile.group_budget: its budget
  bound by FYIs past it) that is the core's reading too, though the core reaches it otherwise: before
  the group stands whole its thread is held to the budgets of the pairs of its first message (note
  136), the host's with each responder, which in those rooms only the hello's own chains settle; so
  a first chain refused (countered, never accepted) binds nothing, and a later chain accepted binds
  its budget from its acceptance, in both readings (fix-IE).
- With the count at the limit, a message passes only when it is its sender's first exact causal
  reply (the question's `request_id`, not a root kind) to a question of the thread asked of it
  (by name, or to ALL of its arena) within the budget and not quarantined (note 153: a quarantined
  question owes nothing): folder_checker.owed_at_limit, the folder checker's own reading, given
  the questions sent past the limit, those quarantined and each question's first exact replies
  here; anything else is EXCHANGE_BUDGET_EXCEEDED, and a question so refused owes nothing.
- A message to an agent declaring `new_evidence` resets the count, then counts itself (8: "since the
  latest `HANDLER` message or declared new external evidence"; core/mailbox/README.md: "what lifts a
  `blocked` is what resets the budget"): generate_reconcile.group_citations draws the initiator's
  declaration in a group hello's thread, whose budget group_budget() may have made bind. The planted
  fault "evidence-reset-unread" reads declared evidence as resetting nothing.
- Not modelled, as not drawn there: a requester's cancel withdrawing a
  question, a reply sorted before its question, a group hello's budget before the group stands
  whole where its host's pairs hold a budget of another handshake (note 136; none is drawn), and a
  thread other than a hello's own (a pair's budget; the room's other threads stay below any limit
  their pairs set, group_budget() naming one above the longest thread).
"""
from folder_checker import DEFAULT_BUDGET, budget_limit, owed_at_limit
from reconcile_blocked import declares_evidence

def exceeded(msgs, silent, held, hello_budgets, is_seat, faults=()):
    """UUID -> EXCHANGE_BUDGET_EXCEEDED for each message of a hello's own thread its budget refuses.
    `silent`: the messages that do not speak for their senders; `held`: those quarantined before the
    walk (questions that owe nothing; the walk adds what it refuses); `hello_budgets`: thread ->
    [(the UUID that established a chain of the hello opening it, the budget it settled)]. The planted
    fault "hello-budget-unread" reads every hello's thread under the default budget;
    "evidence-reset-unread" declared evidence as resetting no count."""
    threads = {}
    for i in sorted(msgs):
        if i not in silent and msgs[i]["thread"] in hello_budgets:
            threads.setdefault(msgs[i]["thread"], []).append(msgs[i])
    out = {}
    # folder_checker's envelope names for the fields its readings use.
    as_folder = lambda e: dict(e, expects_reply=e["expects"], request_id=e["request"])  # noqa: E731
    question_held = lambda q: q["id"] in held  # noqa: E731
    for thread, spoken in threads.items():
        chains = [] if "hello-budget-unread" in faults else hello_budgets[thread]
        first = min((at for at, _ in chains), default=None)
        count = 0
        asked = {}  # question UUID counted in the walk -> the callsigns that have paid it
        past_limit = set()  # the messages sent with the budget spent: owed no reply
        paid = lambda m, q: m["from"] not in asked[q["id"]] and (q["kind"] == "welcome" or m["request_id"] == q["request_id"])  # noqa: E731
        for m in spoken:
            if is_seat(m["from"]):
                count = 0
                continue
            if all(is_seat(t) for t in m["to"]):
                continue
            if declares_evidence(m, is_seat) and "evidence-reset-unread" not in faults:
                count = 0  # "since the latest HANDLER message or declared new external evidence" (8); it counts
            limit = budget_limit(m, [b for at, b in chains if at < m["id"]], first, lambda: DEFAULT_BUDGET)
            q = msgs[m["reply_to"]] if m["reply_to"] in asked else None
            pays = q is not None and owed_at_limit(as_folder(m), as_folder(q), past_limit, question_held, paid)
            if count >= limit:
                past_limit.add(m["id"])
                if not pays:
                    out[m["id"]] = "EXCHANGE_BUDGET_EXCEEDED"
                    held.add(m["id"])
            if pays:
                asked[q["id"]].add(m["from"])
            count += 1
            if m["expects"]:
                asked[m["id"]] = set()
    return out
