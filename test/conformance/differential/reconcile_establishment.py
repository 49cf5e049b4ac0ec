"""Which work is done before its sender and addressees were established (WORK_BEFORE_ESTABLISHED), as
reconciliation needs it: such a message is quarantined, so a reply found so is not the reply owed.
Written from the spec (section 6, "Establishment"; section 2, the profiles) and core/mailbox/README.md
("Conversation state": the handshake, "Material is decided by effect", "The right to work outside a
handshake's thread", "Crossed hellos"), never from core/mailbox/*.ts. Modelled as the reconcile
generator draws the room: hellos to one responder or to several (by name or `ALL`), CORE or FULL,
accepted exactly or countered (the budget, the tags or the profile; the counter accepted, countered
back, left open or blocked), crossings between two callsigns, work outside a hello's thread.

- A hello that speaks for its sender and opens its thread puts its terms on the table (its exchange
  budget, default 20, its profile and its tag set) for the callsigns it names. A welcome that speaks for its
  sender and answers it as addressed (from a callsign it names, or any to `ALL`; to its initiator or
  `ALL`; in its arena) opens that responder's chain and answers those terms.
- An answer accepts the terms on the table when it carries `terms: accept` and changes no material
  term the envelope shows (the budget, the profile: "Material is decided by effect, not by how the
  change is labelled", 6). Anything else counters ("a `welcome` that counters settles neither"): a
  welcome naming no terms, `terms: counter`, or an accept that changes a term (COUNTER_AS_ACCEPT,
  an error, so quarantined, but read as the counter it is), and its terms go on the table. The other
  party then answers them with a causal message citing them, from it, to the counter's sender (or
  `ALL`), in the arena, carrying `terms` ("the initiator sends a causal acceptance of the counter").
- CORE: the chain is established at the acceptance ("`hello -> welcome` establishes"; after a
  counter, at its acceptance). FULL: at the FULL `ack` of the acceptance from the party whose terms
  were accepted, to the acceptor ("`hello -> welcome -> ack` establishes. No claimed work begins
  before the third message"). A chain never accepted stays establishing.
- Two such hellos of one arena from different senders, each addressing the other, neither welcomed
  by the other's sender before the other was sent, crossed: the smaller UUID is canonical and the
  other keeps no chain with the callsign it crossed (6: "the lexicographically smaller root message
  UUID becomes canonical"; core/mailbox/README.md: "only the canonical hello's handshake
  establishes", "a crossing is between the two who crossed").
- An established chain establishes the pair of its two callsigns in its arena, from the message
  that established it on. Each responder of a group hello has a chain of its own, and two
  responders are a pair from the first message at or after both established at which the group
  stands whole (every responder that welcomed by then established, every callsign the hello names
  welcomed; README note 132, core/mailbox/README.md "the pairs a group settles among its responders
  are monotonic"): folder_checker.group_pairs, that checker's reading of the same rule, over the
  chains read here.
- A `claim`, `deliver`, `reply` or `ratify` that speaks for its sender, not a Handler seat's, needs
  a pair established before it in UUID order between its sender and every agent it names (a
  Handler seat is no agent), and to `ALL` the sender in at least one pair of its arena; otherwise
  it is work before establishment. Work in a hello's own thread is judged by the pairs too: the
  generator draws none there, so the handshake's own rule for its thread is not modelled, nor is a
  second answer to one set of terms. FULL's rule that no message of a FULL handshake but a
  counter is CORE is read of what either party sends the other in the hello's thread after the FULL
  terms while the chain establishes, but an answer to terms that were on the table (a counter, or an
  accept that changes a term) and another hello (core_messages_between): a CORE `ack`, or a CORE
  `state` accepting a welcome that does not speak for its sender (the generator draws no other).
- A `blocked` in a chain, from either party, before it is established, blocks it until a Handler seat
  speaks in its thread or a message in the chain declares new evidence to an agent
  (core/mailbox/README.md: "A `blocked` in the chain makes it `blocked: handler-decision` until a
  Handler message or a message of the pair to an agent declaring `new_evidence`"): an acceptance
  meanwhile settles nothing (ACCEPT_WHILE_BLOCKED; 6: "That agent may not work, may not accept"),
  and a later answer still may; so does a FULL `ack` of the acceptance (the chain's third message
  establishes only out of `establishing`, not `blocked: handler-decision`), and one after the lift
  still may. A responder's message is in its own chain; the initiator's in the
  chains holding what it cites (each chain holds the hello and the messages in it), and, citing a
  UUID no chain holds (one not here, or one of two files with other bytes), in the chain of each
  responder it addresses (README note 184: "`to` assigns the obligation to respond", 8). What else a standing `blocked`
  refuses is reconcile_blocked.py's; a message it refuses still answers terms here.

The budget an answer puts on the table is folder_checker.budget_of, that checker's reading of the
same rule (its own, or the one on the table; section 8: default 20); a Handler seat is
folder_checker.is_handler. folder_checker models no tag set, so tags_of is written here.
"""
import folder_checker
from folder_checker import DEFAULT_BUDGET, budget_of
from reconcile_blocked import declares_evidence

WORK = {"claim", "deliver", "reply", "ratify"}


def addresses_name(e, name):
    """Whether e names `name`, or is to ALL."""
    return name in e["to"] or "ALL" in e["to"]


def answers_as_addressed(w, hello):
    """Whether welcome `w` answers `hello` as addressed: from a callsign the hello names (any, to ALL),
    to its initiator (or ALL), in its arena (core/mailbox/README.md, "An answer counts only when it
    answers its parent as addressed")."""
    return w["kind"] == "welcome" and w["reply_to"] == hello["id"] and addresses_name(hello, w["from"]) and \
        addresses_name(w, hello["from"]) and w["arena"] == hello["arena"]


def answers_terms(m, table):
    """Whether m answers the terms on the table after a counter: it cites them, from the party they
    await, to their proposer (or ALL), in their arena, accepting or countering them (`terms`)."""
    return m["reply_to"] == table["id"] and m["from"] == table["awaits"] and addresses_name(m, table["from"]) and \
        m["arena"] == table["arena"] and m["terms"] in ("accept", "counter")


def acknowledges(m, acceptance, proposer, any_profile=False):
    """Whether m is FULL's third message for `acceptance`: a FULL `ack` (of any profile, any_profile)
    citing it, from the party whose terms it accepted, to the acceptor (or ALL), in its arena."""
    return m["kind"] == "ack" and (m["profile"] == "FULL" or any_profile) and m["reply_to"] == acceptance["id"] and \
        m["from"] == proposer and addresses_name(m, acceptance["from"]) and m["arena"] == acceptance["arena"]


def tags_of(m, table):
    """The tag set an answer puts on the table: its own, or, naming none, the one on the table
    (core/mailbox/README.md, "The settled tag set": "a counter or accept naming no tags restates the
    set on the table")."""
    return table if m["tags"] is None else m["tags"]


def settle(hello, welcome, spoken, faults):
    """(the UUID that established the chain `welcome` opened, the budget and profile it settled), or
    None while it is establishing, and the answers in it labelled accept that changed a term
    (COUNTER_AS_ACCEPT) or that downgrade its FULL terms: a CORE `ack` of a FULL acceptance, which
    completes nothing ("`hello -> welcome -> ack`" under FULL; core/mailbox/README.md, "FULL is not
    silently downgraded": "only a FULL `ack` completes the third step", any other message of the
    handshake but a counter must be FULL, PROFILE_DOWNGRADE). `spoken`: the messages
    that speak for their senders, in UUID order. The planted faults: "counter-establishes" reads a
    counter as an acceptance, "full-ack-unread" establishes FULL at the acceptance, and
    "counter-as-accept-unread" reads an accept that changes the budget as the acceptance it says it is;
    "core-ack-completes" reads a CORE `ack` as the third message, no downgrade."""
    table = {"id": hello["id"], "from": hello["from"], "awaits": welcome["from"], "arena": hello["arena"],
             "budget": budget_of(hello, DEFAULT_BUDGET), "profile": hello["profile"], "tags": hello["tags"]}
    miscounted = {}  # UUID -> the handshake's code for it
    proposals = {hello["id"]}  # every set of terms that was on the table

    def blocked_at(at):
        """Whether the chain stands blocked just before UUID `at` (chain_blocked)."""
        return "blocked-unread" not in faults and chain_blocked(hello, welcome["from"], spoken, at, faults)
    answer = welcome
    while answer is not None:
        # The terms a program can compare (6: "profile", "tags", "exchange budget" are material):
        # naming no budget or no tags restates the table's; the tags compare as a set, exactly.
        exact = (budget_of(answer, table["budget"]) == table["budget"] or "counter-as-accept-unread" in faults) and \
            (answer["profile"] == table["profile"] or "counter-profile-unread" in faults) and \
            (tags_of(answer, table["tags"]) == table["tags"] or "counter-tags-unread" in faults)
        if answer["terms"] == "accept" and exact and answer is not welcome and blocked_at(answer["id"]):
            # "That agent may not work, may not accept": an acceptance while the chain is blocked
            # settles nothing (ACCEPT_WHILE_BLOCKED); a later answer still may.
            miscounted[answer["id"]] = "ACCEPT_WHILE_BLOCKED"
            answer = next((m for m in spoken if answers_terms(m, table) and m["id"] > answer["id"]), None)
            continue
        if (answer["terms"] == "accept" and exact) or "counter-establishes" in faults:
            if table["profile"] != "FULL" or "full-ack-unread" in faults:
                return (answer["id"], table["budget"], table["profile"]), miscounted
            lax = "core-ack-completes" in faults
            if not lax:
                miscounted.update((m["id"], "PROFILE_DOWNGRADE") for m in spoken
                                  if acknowledges(m, answer, table["from"], any_profile=True) and m["profile"] != "FULL")
            # A FULL `ack` while the chain stands blocked establishes nothing ("establishing -> blocked:
            # handler-decision", resumed "only on direct Handler authority or causally declared
            # authority-changing evidence", 6); one after the lift still may. The planted fault
            # "blocked-ack-unread" reads the ack whatever stands (the checker's reading before fix-JD).
            ack = next((m for m in spoken if acknowledges(m, answer, table["from"], any_profile=lax) and
                        ("blocked-ack-unread" in faults or not blocked_at(m["id"]))), None)
            if ack is None and not lax and "accepted-core-ack-unread" not in faults:
                # Accepted, its third message never sent: still establishing under the FULL terms, so
                # a CORE `ack` between the parties citing anything else (an acceptance that does not
                # speak, say) downgrades them too (README note 184). The planted fault
                # "accepted-core-ack-unread" reads only a CORE ack of the acceptance that speaks.
                miscounted.update((i, "PROFILE_DOWNGRADE") for i in core_messages_between(hello, table, spoken, proposals, faults))
            return (None if ack is None else (ack["id"], table["budget"], table["profile"])), miscounted
        if answer["terms"] == "accept":
            # A CORE answer labelled accept to FULL terms is still a counter (core/mailbox/README.md:
            # "a CORE `welcome` with `terms: accept` to a FULL hello is `COUNTER_AS_ACCEPT`"), not a
            # downgrade; the planted fault "counter-as-downgrade" reads it as PROFILE_DOWNGRADE.
            downgrade = "counter-as-downgrade" in faults and table["profile"] == "FULL" and answer["profile"] != "FULL"
            miscounted[answer["id"]] = "PROFILE_DOWNGRADE" if downgrade else "COUNTER_AS_ACCEPT"
        proposals.add(answer["id"])
        table = {"id": answer["id"], "from": answer["from"], "awaits": table["from"], "arena": table["arena"],
                 "budget": budget_of(answer, table["budget"]), "profile": answer["profile"], "tags": tags_of(answer, table["tags"])}
        answer = next((m for m in spoken if answers_terms(m, table)), None)
    if table["profile"] == "FULL" and "unsettled-core-ack-unread" not in faults and "core-ack-completes" not in faults:
        # Still establishing under FULL terms (an acceptance that does not speak for its sender, a
        # `DUPLICATE_ID` one, say, settles nothing): "any message of that handshake other than a
        # counter must be FULL" (core/mailbox/README.md, "FULL is not silently downgraded"), so a CORE
        # `ack` either party sends the other in the hello's thread after the terms is PROFILE_DOWNGRADE.
        # The planted fault "unsettled-core-ack-unread" reads a CORE ack only of an acceptance that speaks.
        miscounted.update((i, "PROFILE_DOWNGRADE") for i in core_messages_between(hello, table, spoken, proposals, faults))
    return None, miscounted


def chains_of(m, hello, chains):
    """The responders in whose chains of `hello` message m speaks, `chains` mapping each responder
    whose welcome opened a chain to the UUIDs it holds so far (the hello, and each message placed in
    it): a responder's own; the initiator's those holding what it cites (of them, those it addresses,
    when it addresses any), or, citing a UUID no chain holds (one not here, or one of two files with
    other bytes), those of the responders it addresses, every one to `ALL` (README note 184: "`to`
    assigns the obligation to respond", 8)."""
    if m["arena"] != hello["arena"]:
        return []
    if m["from"] != hello["from"]:
        return [m["from"]] if m["from"] in chains else []
    to_all = "ALL" in m["to"]
    holders = [n for n, ids in chains.items() if m["reply_to"] in ids]
    cited = holders or [n for n in chains if to_all or n in m["to"]]
    addressed = cited if to_all else [n for n in cited if n in m["to"]]
    return addressed or cited


def chain_blocked(hello, responder, spoken, at, faults=()):
    """Whether the chain of `responder` of `hello` stands blocked just before UUID `at`: a `blocked` in
    it, and after it no Handler seat's message in the thread nor a message in the chain declaring new
    evidence to an agent. Asked only of an answer to terms or a FULL `ack` of an acceptance, so of a chain not yet
    established. The planted fault "initiator-chains-unread" places the initiator's message citing a
    UUID no chain holds in no chain; "group-chains-unaddressed" in every chain, whoever it addresses."""
    chains, blocked = {}, False
    for m in spoken:
        if m["thread"] != hello["thread"] or not hello["id"] < m["id"] < at:
            continue
        if folder_checker.is_handler(m["from"]):
            blocked = False
            continue
        if m["from"] not in chains and answers_as_addressed(m, hello):
            chains[m["from"]] = {hello["id"]}
        placed = chains_of(m, hello, chains)
        if m["from"] == hello["from"] and not any(m["reply_to"] in ids for ids in chains.values()):
            placed = [] if "initiator-chains-unread" in faults else list(chains) if "group-chains-unaddressed" in faults else placed
        for n in placed:
            chains[n].add(m["id"])
        if responder not in placed:
            continue
        if declares_evidence(m, folder_checker.is_handler):
            blocked = False
        if m["kind"] == "blocked":
            blocked = True
    return blocked


def core_messages_between(hello, table, spoken, proposals, faults=()):
    """The UUIDs of the CORE messages either party of FULL terms `table` sends the other in `hello`'s
    thread after them, while the chain still establishes, that answer no terms on the table
    (`proposals`: an answer to them counters or accepts) and open nothing (another hello): "any
    message of that handshake other than a counter must be FULL" (core/mailbox/README.md, "FULL is not
    silently downgraded"). The planted fault "core-state-unread" reads only a CORE `ack` so, the
    checker's reading until a CORE `state` accept citing a welcome that does not speak was drawn."""
    parties = (table["from"], table["awaits"])
    return [m["id"] for m in spoken
            if m["profile"] != "FULL" and m["thread"] == hello["thread"] and m["kind"] != "hello" and
            (m["kind"] == "ack" or ("core-state-unread" not in faults and not (
                m["reply_to"] in proposals and (m["kind"] == "welcome" or m["terms"] is not None)))) and
            m["id"] > table["id"] and m["from"] in parties and m["arena"] == table["arena"] and
            addresses_name(m, parties[1] if m["from"] == parties[0] else parties[0])]


def handshakes(msgs, silent, opens_thread, faults=()):
    """(the pairs: (arena, frozenset of two callsigns) -> the UUID of the first message that
    established the pair, the answers the handshake refuses by UUID, each with its code:
    COUNTER_AS_ACCEPT, or PROFILE_DOWNGRADE for a CORE `ack` of FULL terms: settle(), each
    hello's thread -> [(the UUID that established a chain, the budget it settled)], and the pairs
    established under FULL, as the pairs, from the first message that established each under FULL:
    "the strictest in force", a group's two responders FULL when either chain settled FULL)."""
    speaking = lambda e: e["id"] not in silent
    spoken = [msgs[i] for i in sorted(msgs) if speaking(msgs[i])]
    hellos = [e for e in spoken if e["kind"] == "hello" and opens_thread(e)]
    welcomes = {h["id"]: [e for e in spoken if answers_as_addressed(e, h)] for h in hellos}

    def welcomed_before(h, by, before):
        return any(w["from"] == by and w["id"] < before for w in welcomes[h["id"]])
    void = set()  # (hello UUID, callsign): a chain a lost crossing took
    for k, a in enumerate(hellos):
        for b in hellos[k + 1:]:
            if a["from"] != b["from"] and a["arena"] == b["arena"] and addresses_name(a, b["from"]) and \
                    addresses_name(b, a["from"]) and not welcomed_before(a, b["from"], b["id"]) and \
                    not welcomed_before(b, a["from"], a["id"]):
                void.add((b["id"], a["from"]))
    pairs, miscounted, full = {}, {}, {}

    def pair(arena, two, at, profile):
        key = (arena, frozenset(two))
        pairs[key] = min(pairs.get(key, at), at)
        if profile == "FULL":
            full[key] = min(full.get(key, at), at)
    # What folder_checker.group_pairs reads: each hello, its responders' first welcomes, the chains
    # crossings took, and each established chain's (establishing UUID, budget, profile).
    record = {"hellos": {h["id"]: h for h in hellos}, "welcomed": {}, "lost": void, "settled": {}}
    for h in hellos:
        for w in welcomes[h["id"]]:
            if w["from"] in record["welcomed"].setdefault(h["id"], {}):
                continue
            record["welcomed"][h["id"]][w["from"]] = w["id"]  # its chain's first answer
            settled, wrong = settle(h, w, spoken, faults)
            miscounted.update(wrong)
            if settled is not None and (h["id"], w["from"]) not in void:  # a chain a crossing took settles nothing
                record["settled"][(h["id"], w["from"])] = settled
                pair(h["arena"], (h["from"], w["from"]), settled[0], settled[2])
    # A group hello's responders are a pair from the message at which both are grouped (README note 132).
    for (hid, two), (since, _, profile) in group_pairs(record, faults).items():
        pair(record["hellos"][hid]["arena"], two, since, profile)
    # Each hello's thread and the budgets its chains settled, from the message that settled each
    # (reconcile_budget.py: "The handshake sets a per-thread exchange budget", 8).
    budgets = {}
    for (hid, _), (at, budget, _) in record["settled"].items():
        budgets.setdefault(record["hellos"][hid]["thread"], []).append((at, budget))
    return pairs, miscounted, budgets, full


def group_pairs(record, faults):
    """folder_checker.group_pairs (README note 132: a responder is grouped at the first message at or
    after its establishment at which the group stands whole); the planted fault "group-not-whole"
    pairs two responders once both established, whether the group stood whole or not."""
    if "group-not-whole" not in faults:
        return folder_checker.group_pairs(record)
    out = {}
    for hid, h in record["hellos"].items():
        if h["to"] != ["ALL"] and len(folder_checker.agents(h["to"])) < 2:
            continue
        settled = sorted((n, at) for (k, n), (at, _, _) in record["settled"].items() if k == hid)
        for i, (a, at_a) in enumerate(settled):
            for b, at_b in settled[i + 1:]:
                out[(hid, frozenset((a, b)))] = (max(at_a, at_b), None, None)
    return out


def work_before_established(msgs, silent, opens_thread, is_seat, pairs, faults=()):
    """The UUIDs of the work that no pair established before it licenses. `silent`: the messages that
    do not speak for their senders; `is_seat`: whether a callsign is a Handler seat; `pairs`:
    handshakes()'s. The planted fault "establishment-any-time" reads a pair established anywhere in
    the folder as licensing work before it too."""
    anytime = "establishment-any-time" in faults

    def paired(e, name):
        at = pairs.get((e["arena"], frozenset((e["from"], name))))
        return at is not None and (anytime or at < e["id"])
    out = set()
    for i, e in msgs.items():
        if e["kind"] not in WORK or i in silent or is_seat(e["from"]):
            continue
        agents = [n for n in e["to"] if n != "ALL" and not is_seat(n)]
        in_one = any(e["from"] in pair and arena == e["arena"] and (anytime or at < i) for (arena, pair), at in pairs.items())
        if not all(paired(e, n) for n in agents) or ("ALL" in e["to"] and not in_one):
            out.add(i)
    return out
