"""An independent checker of the Agent Mailbox's folder-level rules, for the differential check.

Written from the spec (agent-mailbox.md sections 3, 4, 6, 8, 9 and 13), core/mailbox/README.md
("Conversation state") and CODES.md, never from core/mailbox/*.ts. Each file's own verdict is
mailbox_checker.py's; the valid messages, one per UUID, are then walked in UUIDv7 order (section
4: the envelope is authoritative; 13: "process by causal parent; timestamp order is only
presentation") as one participant's view of the room would be built:

- parents: a `reply_to` the folder does not hold (PARENT_UNKNOWN, a note), one in another thread
  (PARENT_THREAD_MISMATCH), the message itself (PARENT_CYCLE), a body that does not wikilink it
  (PARENT_LINK_MISSING);
- one UUID in two files: the same bytes are one delivery (DUPLICATE_DELIVERY, a note), other bytes
  make every file DUPLICATE_ID, and none of them takes part in the rules;
- callsign claims (section 4): a `hello` opening its own thread claims, a misplaced one
  (HELLO_THREAD_REUSED) does not; a `welcome` claims when it answers a well-placed hello as
  addressed (WELCOME_PARENT_NOT_HELLO, WELCOME_HELLO_MISPLACED, WELCOME_PARENT_UNKNOWN otherwise);
  a claimant is its locus (machine and root) and the first claim in UUID order keeps the name, so
  a later claim from another locus is CALLSIGN_COLLISION and its other messages CALLSIGN_HELD;
  a message from a name holding no claim yet is CALLSIGN_UNCLAIMED (a note that quarantines; said
  once per name, at its first message);
- departures (section 8): a goodbye the rules do not refuse retires its sender with `re-entry:
  final` (CALLSIGN_RETIRED for what it sends after, ADDRESSEE_RETIRED for what is sent to it, but
  the no-reply answer to that goodbye), and otherwise departs it (ADDRESSEE_DEPARTED on what asks
  it for a reply);
- the right to work (section 6): a reply, ratify, claim or deliver needs an established pair with
  every addressee (WORK_BEFORE_ESTABLISHED); a ratify of one's own message is RATIFY_SELF;
- fresh roots (section 12): a root request, propose or review reusing an earlier thread or
  request_id is ROOT_NOT_FRESH (a note);
- engagement (sections 4, 13): an answer to a message that does not speak for its sender
  (CALLSIGN_RETIRED, CALLSIGN_HELD, CALLSIGN_COLLISION, PARENT_CYCLE, DUPLICATE_ID) is PARENT_QUARANTINED, to a stranger's message
  CALLSIGN_UNCLAIMED_ENGAGED, unless the answer is refused for another error already;
- a message addressed to a name no claim holds anywhere in the folder is ADDRESSEE_UNCLAIMED;
- the handshake (section 6): a welcome that accepts exactly establishes its pair (CORE); one that
  counters (or names no terms) puts its terms on the table, and the initiator's answer carrying
  `terms: accept` establishes, `counter` turns them back; an accept that changes the exchange
  budget is COUNTER_AS_ACCEPT and read as the counter it is; a pair that accepted several budgets
  works under the strictest; a `blocked` from a party of a chain answering its terms holds the
  chain until a Handler message in the thread or declared new_evidence, and an acceptance
  meanwhile is ACCEPT_WHILE_BLOCKED and settles nothing;
- crossed hellos (section 6): of two well-placed hellos between two callsigns, each addressing the
  other, neither welcomed by the other's sender before the other was sent, the smaller UUID is
  canonical and the other is HELLO_CROSSED (a note): its chain with that callsign settles nothing;
- the exchange budget (section 8): per thread, agent-to-agent messages since the last Handler
  message (which resets to 0) or declared `new_evidence` (which resets and counts itself); the
  limit at a message is the one in force when it was sent (README note 110): a hello's thread its
  own handshake's (none named: 20) once its group stood whole (below), else the strictest budget the thread's first
  sender accepted with those it addresses in handshakes settled before it (else 20); past it only
  an owed reply may follow (its sender's first exact causal reply, the question's request_id or a
  welcome's any, to a question asked of it within the budget, not withdrawn before it by its
  requester's cancel, one no rule quarantines, README notes 151, 154; a question quarantined for any rule owes nothing, README note
  153, but for the rules judged after the walk, README note 165), anything else is EXCHANGE_BUDGET_EXCEEDED; at the end a
  thread at its limit is at-limit while reply debt holds a question of it owed (still_owes, over the
  messages no error quarantines), else blocked;
- never republish (section 9): a second answer of one kind, sender and arena to a reply_to and
  request_id a standing answer already answered, reaching one of its recipients again, is
  REPLY_REPUBLISHED;
- one `blocked`, then silence (sections 6, 8): until a Handler message or declared evidence lifts
  it, the sender's second `blocked` in the thread is BLOCKED_REPEATED and anything else it sends
  there INITIATED_WHILE_BLOCKED, but a reply it owed before the `blocked` (read as at a budget's
  limit, exactly_owed: its first exact causal reply, not withdrawn before it by its requester's
  cancel, one no rule quarantines; README notes 152, 154; to a question no rule quarantines, README note 153) or a message only
  to Handler seats;
- a resumed agent waits (section 12): after its `resume`, until another callsign answers it,
  anything it sends but a `resume`, `blocked`, `goodbye`, a message only to Handler seats or a reply
  to that answer is RESUME_UNANSWERED; an answer sorting before the resume it cites answers
  nothing where it sorts, and that resume, met with its answer already there, opens no wait
  (README note 172); a resume is answered once, by its first answer in UUID order: a second
  answer to it ends no wait, nor does a reply to it follow an answer (README note 174);
- Handler seats: a Handler's message is not judged by the claims, the right to work or the
  addressee rules, and a message only to Handler seats needs no pair and engages nobody.

- an orphaned thread (sections 8, 13; core/mailbox/README.md): a reply still owed in it and none of
  its participants active (THREAD_ORPHANED, a note, keyed by the thread's UUID).

- succession (section 4): a resume from another locus than the name's holder is
  SUCCESSION_DECLARED (a note; the seat moves to its locus) when it names the seat, carries new
  provenance (a session other than the prior holder's newest message's, or a model, with its
  company, other than that message's, read without format characters) and cites the prior
  holder's newest message, else SUCCESSION_UNDECLARED.
- FULL (sections 2, 4, 6): an acceptance of FULL terms establishes only at its proposer's FULL
  `ack`; an accept that changes the profile is COUNTER_AS_ACCEPT; PROFILE_DOWNGRADE for a CORE
  message in a thread whose first message is a FULL one other than a hello (whoever sends it),
  in a hello's thread for one of a FULL chain (a responder's own; the initiator's, by its parent)
  other than an answer to the terms on the table, and to an agent its sender established with
  under FULL before it (no hello but one in a thread already used, no Handler, nothing the
  handshake binds), a message to ALL to each of those (README note 128); SEQ_GAP, a note, for a
  sender's `seq` in a thread (within its arena) that does not follow its previous one by 1.
- `to: [ALL]` (section 8) addresses every callsign of the sender's arena: work to ALL needs the
  sender in at least one established pair (in a hello's thread a party of its handshake waits for
  it), a message to ALL is agent-to-agent, and a thread opened to ALL works under the strictest
  budget of any pair of its sender.
- a group hello (to ALL, or to several by name; sections 6, 8): each responder's welcome opens a
  chain of its own, established as a two-party one is; the group stands whole at a message when
  every responder that welcomed by then (a chain a lost crossing took aside) established and every
  name the hello names (but one it lost) welcomed. From the first message at which it stands
  whole, each responder established by then is grouped; one established later, from the next
  message at which it stands whole again; nothing later ungroups it (README note 132). Two grouped
  responders are a pair from the later of their two on, under the stricter of their two budgets
  and profiles. The crossings a hello loses are known only once the later hello is walked, so
  check() walks twice (group_pairs).
  The hello's thread works under the strictest budget its live chains accepted, each from its own
  acceptance (a chain naming none counting as the default), whoever answered first, from the first
  message at which its group stood whole (README note 136; before it, the pairs' budgets), so a
  counter or a pending responder later changes no earlier limit.
  In the hello's thread, two grouped responders are held to the stricter of their chains'
  profiles, whatever they settled elsewhere (a FULL pair accepting a CORE group works under CORE
  there once grouped, README note 135), and before they are grouped their other pairs judge them;
  a responder whose own chain is open begins no work there (README note 96), and the initiator's
  message speaks in the chains of the responders it addresses among those holding its parent, else
  in all of them (README note 120). A hello that lost a crossing is itself a proposal, no downgrade
  (README note 138); the profile and the work of its chains with callsigns it did not cross are
  judged as an uncrossed hello's (a responder whose chain is open begins no work, the initiator's
  work to ALL waits for the chains that remain), and the callsign it crossed, an answer to that
  chain's terms among it, is held to the pairs (README notes 131, 141, 142); of a hello with no such
  chain and no such name in `to`, the pairs judge the whole thread.

A callsign is a name within one arena (sections 3, 4): every name is read with its arena, `pod`
standing in for a missing `arena` (4).
`check(folder)` gives the set of (code, UUID) pairs. The folders come from generate_folders.py:
two arenas at most, CORE and FULL, no archive or primer; the checker models the rules
those folders can reach (MODELED), and says nothing of the others.
"""
import os
import re
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mailbox_checker  # noqa: E402

WORK_KINDS = {"claim", "deliver", "reply", "ratify"}
DEFAULT_BUDGET = 20
TRUE_ROOTS = {"hello", "resume"}
FRESH_ROOT_KINDS = {"request", "propose", "review"}
REENTRY = re.compile(r"re-entry:\s*(returning|final)\b")

# The codes the checker models; the comparison reads no other. THREAD_ORPHANED names a thread, not
# a message: check() gives it as (code, thread UUID).
MODELED = {"PARENT_UNKNOWN", "PARENT_THREAD_MISMATCH", "PARENT_CYCLE", "PARENT_LINK_MISSING", "DUPLICATE_ID",
           "DUPLICATE_DELIVERY", "HELLO_THREAD_REUSED", "WELCOME_PARENT_NOT_HELLO", "WELCOME_HELLO_MISPLACED",
           "WELCOME_PARENT_UNKNOWN", "CALLSIGN_UNCLAIMED", "CALLSIGN_RETIRED", "ADDRESSEE_RETIRED",
           "ADDRESSEE_DEPARTED", "ADDRESSEE_UNCLAIMED", "RATIFY_SELF", "WORK_BEFORE_ESTABLISHED", "ROOT_NOT_FRESH",
           "PARENT_QUARANTINED", "CALLSIGN_UNCLAIMED_ENGAGED", "CALLSIGN_HELD", "CALLSIGN_COLLISION",
           "COUNTER_AS_ACCEPT", "HELLO_CROSSED", "EXCHANGE_BUDGET_EXCEEDED", "BLOCKED_REPEATED",
           "INITIATED_WHILE_BLOCKED", "RESUME_UNANSWERED", "REPLY_REPUBLISHED",
           "ACCEPT_WHILE_BLOCKED", "THREAD_ORPHANED", "SUCCESSION_DECLARED", "SUCCESSION_UNDECLARED",
           "PROFILE_DOWNGRADE", "SEQ_GAP"}

# The errors of a message that does not speak for its sender (README: "A message that does not
# speak for its sender ... takes no part in any handshake or pair").
IMPOSTOR = {"CALLSIGN_HELD", "CALLSIGN_COLLISION"}
NOT_SPEAKING = {"CALLSIGN_RETIRED", "PARENT_CYCLE"} | IMPOSTOR

# Planted faults, for the test that a disagreement is reported (compare_folders.py --break-*).
FAULTS = set()


def envelope(text):
    """The envelope's fields the rules read, and the body; None when the file is no valid message."""
    ok, _ = mailbox_checker.verdict(text, "inbound")
    if not ok:
        return None
    yaml_text, body = mailbox_checker.split_frontmatter(text)
    env = mailbox_checker.parse_yaml(yaml_text).get("meta").get("mailbox")
    fields = {k: env.get(k) for k in ("id", "thread", "request_id", "from", "to", "kind", "reply_to",
                                       "expects_reply", "arena", "terms", "machine", "root",
                                       "exchange_budget", "new_evidence", "session", "model", "company", "profile", "seq")}
    fields["reply_to"] = fields["reply_to"] or ""
    # `pod`, the deprecated Lyt v1 alias, stands in for a missing `arena` inbound (section 4;
    # core/mailbox/README.md, "`pod` inbound stands in for a missing `arena`").
    if "arena" not in env:
        fields["arena"] = env.get("pod")
    # A callsign is a name within one arena (sections 3, 4): every rule below keys it with its arena.
    fields["from"] = scoped(fields["from"], fields["arena"])
    fields["to"] = [scoped(n, fields["arena"]) for n in fields["to"]]
    budget = fields["exchange_budget"]
    fields["exchange_budget"] = mailbox_checker.whole_value(budget) if mailbox_checker.whole(budget) else None
    fields["seq"] = mailbox_checker.whole_value(fields["seq"]) if mailbox_checker.whole(fields["seq"]) else None
    fields["body"] = body
    return fields


def visible(text):
    """A provenance string as a person reads it: without its format characters (Unicode Cf)."""
    return None if text is None else "".join(c for c in str(text) if unicodedata.category(c) != "Cf")


def scoped(name, arena):
    """A callsign with its arena; ALL and Handler seats are the same in every arena."""
    return name if name == "ALL" or is_handler(name) else f"{name}@{arena}"


def is_handler(name):
    return name == "HANDLER" or name.startswith("HANDLER-")


def agents(names):
    """The addressees that are agents: neither ALL nor a Handler seat."""
    return [n for n in names if n != "ALL" and not is_handler(n)]


def to_agents(m):
    """Whether m addresses at least one agent: by name, or ALL (every callsign of its arena but the sender)."""
    return "ALL" in m["to"] or bool(agents(m["to"]))


def only_to_handler(m):
    return all(is_handler(n) for n in m["to"])


def budget_of(m, table):
    """The exchange budget a handshake message puts on the table: its own, or the one there (section 8: default 20)."""
    return m["exchange_budget"] if isinstance(m.get("exchange_budget"), int) else table


def budget_limit(m, settled, whole_at, otherwise):
    """m's thread's budget when m is sent (section 8): a hello's thread its own handshake's, the
    strictest budget its chains settled before m (`settled`; a chain naming none counting as the
    default), once its group stood whole before m (`whole_at`: the first message at which it did,
    None while it has not), whatever pends or counters later (README notes 110, 132, 136); before
    that, as any other thread, `otherwise()`: the pairs of its first message established so far
    (core/mailbox/README.md; section 6: until accepted, a counter "is an open question"), else the
    default. The folder walk's reading, and the reconcile checker's (reconcile_budget.py)."""
    if settled and whole_at is not None and whole_at < m["id"]:
        return min(settled)
    return otherwise()


def owed_at_limit(m, q, past_limit, question_held, exactly_owed):
    """Whether m, sent with its thread's budget spent, finishes a reply already owed (section 8):
    a reply is owed "until an exact causal reply is durable or a terminal replacement or
    supersession is supported by an exact independently valid record" (3), so m must be its
    sender's first exact causal reply (9: "exact `reply_to` plus `request_id`"; a welcome is
    acknowledged by the first work message citing it, 6; a hello's or resume's `reply_to` is a
    citation, "These are true roots", 9) to a question asked of it within the budget, that its
    requester did not withdraw before m with a cancel of its own (5: "Withdraw a request or
    claim") addressed to it, in the request, that no rule holds (one past the budget, after its
    sender's blocked or quarantined for any other rule withdraws nothing), and not held (a
    quarantined question owes nothing). `q`: the message m answers (None when none is held);
    `past_limit`: the UUIDs sent with their thread's budget spent; `question_held(q)`: whether a
    rule holds q where m is walked; `exactly_owed(m, q)`: whether m is that first exact reply,
    withdrawn by no cancel. The folder walk's reading, and the reconcile checker's."""
    if q is None or q["thread"] != m["thread"] or q["expects_reply"] is not True or q["from"] == m["from"] \
            or not (m["from"] in q["to"] or q["to"] == ["ALL"] and q["arena"] == m["arena"]) \
            or q["id"] in past_limit or question_held(q) or m["kind"] in TRUE_ROOTS:
        return False
    return exactly_owed(m, q)


def reentry(body):
    """A goodbye's re-entry: exactly one stated, or `returning` (GOODBYE_REENTRY_UNSTATED)."""
    stated = set(REENTRY.findall(body))
    return stated.pop() if len(stated) == 1 else "returning"


def check(folder, budgets=None):
    """The findings over a folder, in two passes (section 6; README note 132): a group hello's
    responders are a pair among themselves from the message at which the group first stood whole
    with both established. The first pass records each chain's welcome and establishment, and which
    chains crossings took; the second judges the folder with each group's responder pairs. Given a
    dict, `budgets` receives each thread's exchange budget at the end (thread_budgets)."""
    record = {}
    walk(folder, {}, record)
    late = "CROSSED_LATE" in FAULTS
    return walk(folder, group_pairs(record), None, whole_since(record), remaining(record),
                set() if late else record["lost"], set() if late else record["silent"], budgets)


def remaining(record):
    """The hellos that lost a crossing of which something remains (core/mailbox/README.md, "a
    crossing is between the two who crossed"): a chain with, or a name in `to` of, a callsign it
    did not cross. Their threads judge the profile of those chains as an uncrossed hello's do
    (README note 141); a hello of which nothing remains leaves its whole thread to the pairs."""
    crossed = {hid for hid, _ in record["lost"]}
    return {hid for hid in crossed
            if any((hid, n) not in record["lost"] for n in record["welcomed"].get(hid, {}))
            or any((hid, n) not in record["lost"] for n in agents(record["hellos"][hid]["to"]))}


def grouping(record, hid):
    """Each responder of hello `hid` and the first message at or after its establishment at which the
    group stood whole (README note 132): every live responder that welcomed by then established and
    every live name the hello names welcomed. That changes only at a welcome or an establishment, so
    those are the moments read. For a hello to one responder, its establishing message."""
    h = record["hellos"][hid]
    named = agents(h["to"])
    welcome_at = {n: w for n, w in record["welcomed"].get(hid, {}).items() if (hid, n) not in record["lost"]}
    settled_at = {n: record["settled"][(hid, n)][0] for n in welcome_at if (hid, n) in record["settled"]}
    names = [n for n in named if (hid, n) not in record["lost"]]

    def whole(at):
        opened = [n for n, w in welcome_at.items() if w <= at]
        return bool(opened) and all(n in settled_at and settled_at[n] <= at for n in opened) \
            and all(n in welcome_at and welcome_at[n] <= at for n in names)
    grouped = {}
    for at in sorted(set(welcome_at.values()) | set(settled_at.values())):
        if whole(at):
            for n, s in settled_at.items():
                if s <= at:
                    grouped.setdefault(n, at)
    return grouped


def whole_since(record):
    """Each hello's first message at which its group stood whole (README note 136): from it on, its
    thread works under its own chains' budgets, whatever pends or counters later."""
    wholes = {}
    for hid in record["hellos"]:
        grouped = grouping(record, hid)
        if grouped:
            wholes[hid] = min(grouped.values())
    return wholes


def group_pairs(record):
    """The responder pairs of every group hello (to ALL, or to several by name), from the first
    pass: (hello, pair) -> (the UUID from which both are grouped, the stricter of the two chains'
    budgets, FULL when either chain settled FULL). A responder is grouped at the first message at or
    after its establishment at which the group stands whole (grouping; README note 132). Two groups
    settling one pair each bind from their own settlement, the stricter terms holding once both do,
    as for a pair that shook hands twice (README note 110)."""
    pairs = {}
    for hid, h in record["hellos"].items():
        if h["to"] != ["ALL"] and len(agents(h["to"])) < 2:
            continue
        grouped = grouping(record, hid)
        ordered = sorted(grouped)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1:]:
                (_, ba, pa), (_, bb, pb) = record["settled"][(hid, a)], record["settled"][(hid, b)]
                pairs[(hid, frozenset((a, b)))] = (max(grouped[a], grouped[b]), min(ba, bb), "FULL" if "FULL" in (pa, pb) else "CORE")
    return pairs


def walk(folder, groups, record, wholes=None, remains=frozenset(), crossed=frozenset(), silent=frozenset(), budgets=None):
    """One walk in UUID order; `groups` the responder pairs of the group hellos (group_pairs), each
    joining the pairs after the message from which both are grouped; `wholes` each hello's first
    message at which its group stood whole (whole_since); `remains` the crossed hellos of which a
    chain or a name remains (remaining); `crossed` the chains crossings took, from the first walk:
    a welcome sorting before its hello (two clocks) settles nothing in a chain its hello loses once
    walked (core/mailbox/README.md, "Crossed hellos": "the order in which files are read changes
    nothing"), and `silent` the messages that do not speak for their senders, from the first walk,
    so such a welcome answers nothing of a hello refused once walked (a retired name's, say);
    `record`, when given, receives what group_pairs reads."""
    wholes = wholes or {}
    findings = set()
    by_id = {}
    for f in sorted(folder["files"], key=lambda f: f["name"]):
        m = envelope(f["text"])
        if m is not None:
            by_id.setdefault(m["id"], []).append((f, m))
    messages, files_of, duplicated = [], {}, set()
    for uuid, copies in by_id.items():
        if len({f["text"] for f, _ in copies}) > 1:
            duplicated.add(uuid)
            findings.add(("DUPLICATE_ID", uuid))
            continue
        if len(copies) > 1:
            findings.add(("DUPLICATE_DELIVERY", uuid))
        files_of[uuid] = [f["name"] for f, _ in copies]
        messages.append(copies[0][1])
    messages.sort(key=lambda m: m["id"])
    held = {m["id"]: m for m in messages}

    errors = {m["id"]: set() for m in messages}
    unclaimed_sender = set()  # messages whose sender held no claim when they were sent
    claimed = set()           # names a claim holds, at the walk's place
    holder = {}               # name -> the locus whose claim holds it
    newest = {}               # (name, locus) -> its newest message so far and that message's session
    ever_claimed = set()
    state = {}                # name -> ("retired", goodbye id) | ("departed", goodbye id)
    established = {}          # frozenset pair -> the exchange budget its parties accepted
    opened = {}               # thread -> the earlier messages that speak for their senders there
    misplaced_hellos = set()
    opened_by_stranger = {}   # (sender, locus, thread) -> what a name nobody claimed yet wrote there
    seen_threads, seen_requests = set(), set()
    # The handshake (section 6): per (hello, responder), the terms on the table, who must answer
    # them, and the message that put them there (a counter), until one side accepts them exactly.
    chains = {}               # counter or welcome id -> {"hello", "pair", "budget", "awaits", "from"}
    hellos = []               # well-placed hellos that speak: (id, sender, to)
    welcomed = {}             # hello id -> {responder: welcome id in its thread}
    seen_hellos = {}          # hello id -> {responder: a welcome of it in any thread}
    lost = set(crossed)       # (hello id, callsign): the chain a crossing took from that hello
    settled_chains = set()    # (hello id, responder): the chains that established
    blocked_chains = set()    # (hello id, pair): chains a blocked holds for a Handler decision
    chain_settled = {}        # (hello id, responder) -> (the establishing message, its budget, its profile)
    group_joined = set()      # the group responder pairs already joined to `established`
    hello_of_thread = {}      # thread -> the well-placed hello that opened it
    # FULL (sections 2, 6): an acceptance of FULL terms waits for its proposer's FULL ack; a pair
    # established so keeps FULL in every thread; a thread a FULL message outside a handshake opened
    # stays FULL.
    awaiting_ack = {}         # acceptance id -> the chain it accepted, and who accepted
    chain_profile = {}        # (hello id, responder) -> the profile of the terms on the table
    full_pairs = set()        # pairs established under FULL
    full_opened = set()       # threads a FULL message other than a hello opened
    chain_of = {}             # message id -> the responders whose chains of its hello's thread it speaks in (note 120)
    # The dialogue (sections 6, 8, 12): per thread, the count since the last reset and its limit;
    # standing blocks per thread and sender; a resume waiting for its answer per callsign.
    count, thread_limit, first_of_thread = {}, {}, {}
    past_limit = set()        # messages sent with the thread's budget spent: they are owed no reply
    dialogue = {}             # thread -> its agent-to-agent messages that speak for their senders, in UUID order
    answered = set()          # (sender, parent id): the first answer is the one owed
    answered_exactly = set()  # (sender, parent id): the first exact causal reply is the one a budget's limit owes
    blocks = {}               # thread -> {sender: blocked id}
    waiting = {}              # callsign -> its resumes no answer has reached yet (an answer to any ends the wait)
    waits = set()             # callsigns waiting for an answer to a resume
    resumed = {}              # callsign -> every resume of its that opened a wait or was answered already
    answered_early = set()    # resumes an answer sorting before them answered (two clocks)
    answer_replies = []       # (message, answer): a waiting callsign's reply to an answer of its resume
    first_answer = {}         # resume id -> its first answer in UUID order, the one that answers it (note 174)

    def reaches(m, target):
        """Whether m's chain of parents reaches the message `target`."""
        seen = set()
        while m["reply_to"] and m["id"] not in seen:
            seen.add(m["id"])
            if m["reply_to"] == target:
                return True
            if m["reply_to"] not in held:
                return False
            m = held[m["reply_to"]]
        return False

    def rooted(m):
        seen = set()
        while m["reply_to"] and m["id"] not in seen:
            seen.add(m["id"])
            if m["reply_to"] not in held:
                return False
            m = held[m["reply_to"]]
        return True

    def exactly_owed(m, q, stop, broken):
        """Whether m, citing q, is the reply still owed by its sender, as reply debt reads one
        (still_owes): its first exact causal reply (9: "exact `reply_to` plus `request_id`"; a
        welcome is acknowledged by the first work message citing it, 6; a hello's or resume's
        `reply_to` is a citation, "These are true roots", 9), to a question its requester did not
        withdraw before m with a cancel of its own (5: "Withdraw a request or claim") addressed to
        it, in the request, that no rule holds where m is walked (held_where_walked: a quarantined
        cancel is no "exact independently valid record", 3, and withdraws nothing, as reply debt
        at the end reads it over the kept messages; README note 154). One reading for the budget's
        limit and a blocked (README notes 151, 152); `broken`, the planted fault, reads the first
        answer citing q, whatever it is, withdrawn by nothing. The planted fault QUARANTINED_CANCEL
        lets a cancel withdraw unless it does not speak for its sender or the stop reading m
        (`stop`: its own codes) refused it (the reading before README note 154)."""
        if broken:
            return (m["from"], q["id"]) not in answered
        if m["kind"] in TRUE_ROOTS or (m["from"], q["id"]) in answered_exactly:
            return False
        if q["kind"] != "welcome" and m["request_id"] != q["request_id"]:
            return False
        return not any(c["kind"] == "cancel" and c["reply_to"] == q["id"] and c["id"] < m["id"] and c["thread"] == m["thread"]
                       and c["from"] == q["from"] and c["arena"] == q["arena"] and q["kind"] in ("request", "claim")
                       and c["request_id"] == q["request_id"] and (m["from"] in c["to"] or "ALL" in c["to"])
                       and not cancel_held(c, stop) for c in messages)

    def cancel_held(c, stop):
        if "QUARANTINED_CANCEL" in FAULTS:
            return bool(errors[c["id"]] & (NOT_SPEAKING | stop))
        return held_where_walked(c)

    def question_held(q):
        """Whether question q is quarantined where its answer is walked, so owes nothing (section 3:
        a quarantined message "cannot authorize work"; 4: a stranger is "not engaged"; 8: "finish
        replies already owed"; README note 153): an error the walk gave it by then (the budget's and
        a blocked's among them, not a resume's wait, which is judged over what they refuse), a
        stranger's message, or an answer to a stranger's message or to one that does not speak for
        its sender (the engagement rules below, read ahead). The planted fault reads only a question
        that does not speak for its sender as owing nothing (the reading before README note 153)."""
        if "QUARANTINED_QUESTION" in FAULTS:
            return bool(errors[q["id"]] & NOT_SPEAKING)
        return held_where_walked(q)

    def held_where_walked(q):
        """Whether q is quarantined where a later message is walked (question_held's reading, a
        cancel's too: README notes 153, 154). Not by a resume's wait, nor by a republished reply
        (judged after the walk): the stops read what only those rules hold as its sender's word, as
        the core does (README note 165). The planted fault RESUME_WAIT_HELD reads a resume's wait
        here too (one reading of the debt, which the core does not give yet)."""
        unread = set() if "RESUME_WAIT_HELD" in FAULTS else {"RESUME_UNANSWERED"}
        if errors[q["id"]] - unread or q["id"] in unclaimed_sender:
            return True
        p = q["reply_to"]
        return bool(p) and q["kind"] not in TRUE_ROOTS and not is_handler(q["from"]) and not only_to_handler(q) \
            and (p in unclaimed_sender or p in silent or p in duplicated or bool(errors.get(p, set()) & NOT_SPEAKING))

    def owed(m, before):
        """Whether m, sent after its sender's blocked `before`, is the reply it still owes (section 6:
        "Then stop initiating"; 8: "finish replies already owed"): to a question of its thread asked
        of it before the blocked (by name, or ALL of its arena: another arena's callsign of that name
        is not asked; a question held, refused for any rule, owes nothing: question_held, but one
        sent past the budget that passed as the reply its sender owed is held by nothing and owes as
        reply debt reads it, README note 155), read by exactly_owed (a cancel any rule holds
        withdraws nothing). The planted fault BLOCKED_PAST_LIMIT reads every question sent past the
        limit as owing nothing here (the reading before README note 155)."""
        q = held.get(m["reply_to"])
        return (q is not None and q["thread"] == m["thread"] and q["expects_reply"] is True and q["from"] != m["from"]
                and (m["from"] in q["to"] or q["to"] == ["ALL"] and q["arena"] == m["arena"])
                and not ("BLOCKED_PAST_LIMIT" in FAULTS and q["id"] in past_limit) and not question_held(q) and q["id"] < before
                and exactly_owed(m, q, {"INITIATED_WHILE_BLOCKED", "BLOCKED_REPEATED"}, "BLOCKED_DEBT" in FAULTS))

    def owed_past_budget(m):
        """owed_at_limit over the walk's state (a cancel the budget refuses withdraws nothing)."""
        return owed_at_limit(m, held.get(m["reply_to"]), past_limit, question_held,
                             lambda m, q: exactly_owed(m, q, {"EXCHANGE_BUDGET_EXCEEDED"}, "BUDGET_DEBT" in FAULTS))

    def speaks_in(m):
        """The initiator's message in its hello's thread: (hello id, the responders whose chains it
        speaks in: of those holding its parent, the ones it addresses, to ALL each, else every one;
        README note 120); None for any other message."""
        h = held.get(hello_of_thread.get(m["thread"]))
        if h is None or h["id"] == m["id"] or h["arena"] != m["arena"] or m["from"] != h["from"] or m["kind"] == "hello" \
                or "BLOCKED_HELLO" in FAULTS:
            return None
        holding = set(welcomed.get(h["id"], {})) if m["reply_to"] == h["id"] else \
            (chain_of.get(m["reply_to"], set()) if m["reply_to"] in held and held[m["reply_to"]]["thread"] == m["thread"] else set())
        addressed = holding if "ALL" in m["to"] else holding & set(m["to"])
        return (h["id"], addressed or holding) if holding else None

    def limit(m):
        """budget_limit over the walk's state."""
        h = held.get(hello_of_thread.get(m["thread"]))
        # The budgets the hello's live chains accepted, each binding from its own acceptance,
        # whoever answered first (a chain naming none counting as the default).
        own = [b for (hid, _), (_, b, _) in chain_settled.items() if h is not None and hid == h["id"]]
        return budget_limit(m, own, None if h is None else wholes.get(h["id"]), thread_limit.get(m["thread"], lambda: DEFAULT_BUDGET))

    def pair_limit(first):
        def read():
            # To ALL: any pair of that sender (core/mailbox/README.md, "Exchange budget, per thread").
            budgets = [b for pair, b in established.items() if first["from"] in pair] if "ALL" in first["to"] else \
                [established[frozenset((first["from"], n))] for n in agents(first["to"])
                 if frozenset((first["from"], n)) in established]
            return min(budgets) if budgets else DEFAULT_BUDGET
        return read

    def establish(chain, at):
        """The pair of a chain is established at message `at`, under its budget (the strictest of
        several) and its profile."""
        if chain["lost"]:
            return
        established[chain["pair"]] = min(chain["budget"], established.get(chain["pair"], chain["budget"]))
        responder = next(iter(chain["pair"] - {held[chain["hello"]]["from"]}))
        settled_chains.add((chain["hello"], responder))
        chain_settled.setdefault((chain["hello"], responder), (at, chain["budget"], chain["profile"]))
        if chain["profile"] == "FULL":
            full_pairs.add(chain["pair"])

    for m in messages:
        e = errors[m["id"]]
        uid, kind, sender, parent_id = m["id"], m["kind"], m["from"], m["reply_to"]
        # A group's responder pairs, established after the message from which both are grouped.
        for (hid, pair), (since, budget, profile) in groups.items():
            if (hid, pair) not in group_joined and since < uid:
                group_joined.add((hid, pair))
                established[pair] = min(budget, established.get(pair, budget))
                if profile == "FULL":
                    full_pairs.add(pair)
        # The budget in force when m was sent: what m itself settles binds from the next message on.
        limit_at_m = limit(m) if m["thread"] in thread_limit else pair_limit(m)()
        parent = held.get(parent_id)
        handler = is_handler(sender)
        # Parents.
        if parent_id:
            if parent_id == uid:
                e.add("PARENT_CYCLE")
            elif parent is not None:
                if kind not in TRUE_ROOTS and parent["arena"] != m["arena"]:
                    # A reply stays in its parent's arena (core/mailbox/README.md): not compared, it
                    # quarantines; the parent is not found in the reply's arena, so its thread is
                    # not compared either.
                    e.add("PARENT_ARENA_MISMATCH")
                elif kind not in TRUE_ROOTS and parent["thread"] != m["thread"]:
                    e.add("PARENT_THREAD_MISMATCH")
                if not any(f"[[{name[:-3]}]]" in m["body"] or f"[[{name}]]" in m["body"] for name in files_of[parent_id]):
                    findings.add(("PARENT_LINK_MISSING", uid))
            elif parent_id not in duplicated:
                findings.add(("PARENT_UNKNOWN", uid))
        # Fresh roots.
        if kind in FRESH_ROOT_KINDS and not parent_id and (m["thread"] in seen_threads or m["request_id"] in seen_requests):
            findings.add(("ROOT_NOT_FRESH", uid))
        seen_threads.add(m["thread"])
        seen_requests.add(m["request_id"])
        # Who speaks: a retired name, a name never claimed.
        if state.get(sender, ("",))[0] == "retired" and not handler:
            e.add("CALLSIGN_RETIRED")
        claims = False
        locus = (m["machine"], m["root"].lower())
        if kind == "hello":
            # A message whose parents lead to this hello answers it, sorting before it only because
            # two machines' clocks disagree: it opened nothing before it (core/mailbox/README.md).
            # A stranger's message answering this hello (its parents lead to it) is no old history either.
            if any(not reaches(o, uid) for o in [*opened.get(m["thread"], ()), *opened_by_stranger.get((sender, locus, m["thread"]), ())]):
                # A retired name's hello is refused as that already; misplaced, it is not said twice.
                if "CALLSIGN_RETIRED" not in e:
                    e.add("HELLO_THREAD_REUSED")
                misplaced_hellos.add(uid)
            else:
                claims = True
        elif kind == "resume":
            claims = True
        elif kind == "welcome":
            if parent is None:
                # Not here, or a UUID naming differing files (CODES.md): no hello to check it against.
                if parent_id != uid:
                    findings.add(("WELCOME_PARENT_UNKNOWN", uid))
                if parent_id == uid:
                    e.add("WELCOME_PARENT_NOT_HELLO")
            elif parent["kind"] != "hello":
                e.add("WELCOME_PARENT_NOT_HELLO")
            elif parent_id in misplaced_hellos:
                e.add("WELCOME_HELLO_MISPLACED")
            elif (sender in parent["to"] or parent["to"] == ["ALL"]) and (parent["from"] in m["to"] or m["to"] == ["ALL"]) \
                    and (parent["arena"] == m["arena"] or "MISADDRESSED" in FAULTS):
                # Another arena's welcome answers no terms (HANDSHAKE_MISADDRESSED), even to ALL of a
                # hello to ALL: it opens no chain and claims nothing (core/mailbox/README.md,
                # "Callsign claims": "or in another arena").
                claims = True
        # A claimant is its locus (machine and root): the first claim in UUID order keeps the name.
        if handler:
            pass
        elif claims and "CALLSIGN_RETIRED" not in e:
            if sender in holder and holder[sender] != locus and kind == "resume":
                # A resume from another locus is a succession (section 4: "a first `resume` naming the
                # seat, new session/provenance, and prior holder's last accepted message"): declared,
                # as core/mailbox/README.md reads it, when the body names the seat as a word, the
                # session is another than the prior holder's last, and the body cites the prior
                # holder's newest message by UUID or wikilink; the seat then moves to this locus.
                # Otherwise "Silent unauthorized assumption is impersonation": refused, the name stays.
                prior = newest.get((sender, holder[sender]))
                cited = prior is not None and (prior[0] in m["body"] or any(
                    f"[[{name[:-3]}]]" in m["body"] or f"[[{name}]]" in m["body"] for name in files_of.get(prior[0], ())))
                seat = sender.rsplit("@", 1)[0]
                # "new session/provenance" (core/mailbox/README.md): a session other than the prior
                # holder's last one, or a model (with its company) other than its, read as a person
                # reads them (without format characters).
                new_session = m["session"] is not None and m["session"] != prior[1]
                new_model = visible(m["model"]) is not None and (visible(m["model"]), visible(m["company"])) != prior[2:]
                if re.search(rf"(?<![A-Za-z0-9_-]){re.escape(seat)}(?![A-Za-z0-9_-])", m["body"]) and cited \
                        and (new_session or new_model):
                    findings.add(("SUCCESSION_DECLARED", uid))
                    holder[sender] = locus
                    claimed.add(sender)
                else:
                    e.add("SUCCESSION_UNDECLARED")
            elif sender in holder and holder[sender] != locus:
                e.add("CALLSIGN_COLLISION")
            else:
                holder.setdefault(sender, locus)
                claimed.add(sender)
                ever_claimed.add(sender)
        elif sender in holder and holder[sender] != locus and "CALLSIGN_RETIRED" not in e:
            e.add("CALLSIGN_HELD")
        if not handler and sender not in claimed and not e & IMPOSTOR:
            unclaimed_sender.add(uid)
        if not handler:
            # A locus's newest message and its session, for a later succession to cite.
            newest[(sender, locus)] = (uid, m["session"], visible(m["model"]), visible(m["company"]))
        # What is sent to a departed or retired name.
        for name in m["to"]:
            gone = state.get(name)
            if not handler and gone is not None and gone[0] == "retired" and not (parent_id == gone[1] and m["expects_reply"] is False):
                e.add("ADDRESSEE_RETIRED")
        # The right to work.
        if kind == "ratify" and not handler and parent is not None and parent["from"] == sender and parent["arena"] == m["arena"]:
            e.add("RATIFY_SELF")
        # A hello refused as not speaking for its sender is not told it is misplaced as well.
        if e & IMPOSTOR:
            e.discard("HELLO_THREAD_REUSED")
        not_speaking = bool(e & NOT_SPEAKING)
        stranger = uid in unclaimed_sender
        # A message that does not speak for its sender takes part in no pair (README: "it accepts,
        # counters and establishes nothing"), so its work is not judged against one either.
        if kind in WORK_KINDS and not handler and "WORK_BEFORE_ESTABLISHED" not in FAULTS and not not_speaking:
            # In a hello's thread, work between its initiator and a responder that answered it
            # waits for that handshake (section 6: "Until a thread is established"), whatever the
            # pair settled elsewhere; work with anyone else is judged by the pairs.
            h = held.get(hello_of_thread.get(m["thread"]))

            def licensed(name):
                # The planted fault CROSSED_WORK reverts README note 142: a hello that lost a crossing
                # licenses no work at all, its thread the pairs' whole.
                if h is not None and "CROSSED_WORK" in FAULTS and any(hid == h["id"] for hid, _ in lost):
                    return frozenset((sender, name)) in established
                if h is not None and sender != name and {sender, name} <= {h["from"], *welcomed.get(h["id"], {})} \
                        and h["from"] in (sender, name) and (h["id"], name if sender == h["from"] else sender) not in lost:
                    return (h["id"], name if sender == h["from"] else sender) in settled_chains
                # A responder whose own chain is still open has not established the thread: it begins
                # no work there, with anyone (section 6: "Until a thread is established, do not begin
                # claimed work"; README note 96: "a responder whose chain is open ... is still
                # refused"). Once it has, its work to another responder is the group's once both are
                # grouped, before that (or to a third party) the pairs' elsewhere (README note 132;
                # core/mailbox/README.md, "a hello's thread binds only its handshake's parties"); the
                # group's pairs join the pairs when settled. A hello that lost a crossing does the
                # same for its chains with callsigns it did not cross; the one it crossed is judged
                # by the pairs (README note 142).
                if h is not None and sender != h["from"] and sender in welcomed.get(h["id"], {}) \
                        and (h["id"], sender) not in lost and (h["id"], sender) not in settled_chains:
                    return False
                return frozenset((sender, name)) in established
            def licensed_all():
                """Work to ALL (every callsign of the arena but the sender): in a hello's thread, a party
                of its handshake waits for it (the initiator for every responder that answered, a
                responder for its own chain); anyone else needs at least one established pair
                (core/mailbox/README.md, "The right to work": "to `ALL`: the sender in at least one")."""
                # A hello that lost a crossing judges this over the chains that remain, the one it
                # crossed not waited for; of one with nothing left, the pairs judge the thread
                # (README note 142).
                if h is not None and (h["id"] in remains and "CROSSED_WORK" not in FAULTS or not any(hid == h["id"] for hid, _ in lost)):
                    responders = [n for n in welcomed.get(h["id"], {}) if (h["id"], n) not in lost]
                    if sender == h["from"]:
                        return bool(responders) and all((h["id"], n) in settled_chains for n in responders)
                    if sender in responders:
                        return (h["id"], sender) in settled_chains
                return any(sender in pair for pair in established)
            if any(not licensed(name) for name in agents(m["to"])) or ("ALL" in m["to"] and not licensed_all()):
                e.add("WORK_BEFORE_ESTABLISHED")
        speaks = not not_speaking and not stranger
        # Crossed hellos (section 6): of two hellos between two callsigns, each addressing the other,
        # neither welcomed by the other's sender before the other was sent, the smaller UUID is
        # canonical; the other keeps no chain with that callsign.
        if kind == "hello" and claims and speaks:
            for hid, hfrom, hto in hellos:
                if "SAME_SENDER" in FAULTS and any(f == sender and (hfrom in t or t == ["ALL"]) for i, f, t in hellos if i < uid):
                    continue
                if hfrom != sender and (sender in hto or hto == ["ALL"]) and (hfrom in m["to"] or m["to"] == ["ALL"]) \
                        and not (sender in seen_hellos.get(hid, {}) and seen_hellos[hid][sender] < uid):
                    findings.add(("HELLO_CROSSED", uid))
                    lost.add((uid, hfrom))
            hellos.append((uid, sender, m["to"]))
            hello_of_thread.setdefault(m["thread"], uid)
        # The handshake: a welcome opens a responder's chain; an answer to the terms on the table
        # from the party they await accepts them (CORE establishes) or counters.
        # A blocked in a chain (section 6: "establishing -> blocked: handler-decision") holds it until
        # a Handler message in the thread or declared new_evidence from the pair to an agent; an
        # acceptance meanwhile settles nothing (ACCEPT_WHILE_BLOCKED: "may not accept").
        if handler and not not_speaking:
            blocked_chains.difference_update({k for k in blocked_chains if held[k[0]]["thread"] == m["thread"]})
        elif speaks and m["new_evidence"] is not None and to_agents(m):
            # The initiator's message in a hello's thread moves only the chains it speaks in (README
            # note 120): its evidence lifts those, not its other responders' chains.
            moved = speaks_in(m)
            blocked_chains.difference_update({k for k in blocked_chains if held[k[0]]["thread"] == m["thread"] and sender in k[1]
                                              and (moved is None or k[0] != moved[0] or k[1] - {sender} <= moved[1])})
        if kind == "blocked" and speaks and not handler and parent_id in chains and sender in chains[parent_id]["pair"] \
                and m["thread"] == held[chains[parent_id]["hello"]]["thread"]:
            blocked_chains.add((chains[parent_id]["hello"], chains[parent_id]["pair"]))
        if speaks and not handler and m["terms"] in ("accept", "counter") or (kind == "welcome" and claims and speaks):
            chain = None
            if kind == "welcome" and claims:
                # The handshake is per thread rooted in a hello: a welcome moved to another thread
                # answers nothing there, so its sender settled nothing with that hello; it still
                # shows the hello was seen, so the two hellos did not cross.
                if not errors[parent_id] & NOT_SPEAKING and parent_id not in silent:
                    seen_hellos.setdefault(parent_id, {})[sender] = uid
                if not errors[parent_id] & NOT_SPEAKING and parent_id not in silent and m["thread"] == parent["thread"]:
                    welcomed.setdefault(parent_id, {})[sender] = uid
                    chain_profile[(parent_id, sender)] = parent["profile"] if m["terms"] == "accept" and m["profile"] == parent["profile"] \
                        else m["profile"]
                    # A chain a crossing took stays in the record, its terms judged, but settles nothing.
                    chain = {"hello": parent_id, "pair": frozenset((sender, parent["from"])), "lost": (parent_id, sender) in lost,
                             "budget": budget_of(parent, DEFAULT_BUDGET), "awaits": sender, "from": parent["from"],
                             "profile": parent["profile"]}
            elif parent_id in chains:
                c = chains[parent_id]
                if c["awaits"] == sender and (c["from"] in m["to"] or m["to"] == ["ALL"]):
                    chain = c
            if chain is not None and not e - {"ADDRESSEE_RETIRED", "COUNTER_AS_ACCEPT"}:
                exact = budget_of(m, chain["budget"]) == chain["budget"] and m["profile"] == chain["profile"]
                if m["terms"] == "accept" and exact and (chain["hello"], chain["pair"]) in blocked_chains:
                    # An accept that changes a term is a counter however labelled (CODES.md,
                    # COUNTER_AS_ACCEPT), so it accepts nothing while blocked either: only an exact
                    # acceptance is ACCEPT_WHILE_BLOCKED.
                    e.add("ACCEPT_WHILE_BLOCKED")
                elif m["terms"] == "accept" and exact:
                    # (A welcome to a name retired since the hello still settles the pair: see the README.)
                    # FULL establishes only at the proposer's ack of the acceptance ("hello → welcome → ack").
                    if chain["profile"] == "FULL":
                        awaiting_ack[uid] = {**chain, "acceptor": sender}
                    else:
                        establish(chain, uid)
                else:
                    if m["terms"] == "accept":
                        e.add("COUNTER_AS_ACCEPT")
                    chains[uid] = {"hello": chain["hello"], "pair": chain["pair"], "lost": chain["lost"],
                                   "budget": budget_of(m, chain["budget"]),
                                   "awaits": chain["from"], "from": sender, "profile": m["profile"]}
                    chain_profile[(chain["hello"], next(iter(chain["pair"] - {held[chain["hello"]]["from"]})))] = m["profile"]
        # Which responder's chain of its hello's thread m belongs to: a responder's own; the
        # initiator's, the chain its parent belongs to (in a thread of several responders only the
        # causal parent tells which chain an initiator's message speaks in).
        # The initiator's message speaks in the chains holding its parent: the hello (and the
        # initiator's own message to several) is held by every responder's chain, and then it speaks
        # in those of the responders it addresses (to ALL: each), or in every one holding its parent
        # when it addresses none of them (README note 120).
        h_of = held.get(hello_of_thread.get(m["thread"]))
        if h_of is not None and h_of["id"] != uid and h_of["arena"] == m["arena"] and speaks and not handler and kind != "hello":
            if sender != h_of["from"]:
                if sender in welcomed.get(h_of["id"], {}):
                    chain_of[uid] = {sender}
            else:
                holding = set(welcomed.get(h_of["id"], {})) if parent_id == h_of["id"] else \
                    (chain_of.get(parent_id, set()) if parent_id in held and held[parent_id]["thread"] == m["thread"] else set())
                addressed = holding if "ALL" in m["to"] else holding & set(m["to"])
                if addressed or holding:
                    chain_of[uid] = addressed or holding
                # The initiator's `blocked` citing its hello holds the chains it speaks in, each a
                # chain whose terms it answers (README note 120; section 6: "establishing -> blocked").
                if kind == "blocked" and parent_id == h_of["id"] and "BLOCKED_HELLO" not in FAULTS:
                    blocked_chains.update((h_of["id"], frozenset((sender, r))) for r in chain_of.get(uid, ()))
        # FULL's third step: the proposer's FULL ack of the acceptance, to the acceptor, establishes.
        if kind == "ack" and speaks and not handler and parent_id in awaiting_ack and m["profile"] == "FULL" \
                and not e - {"ADDRESSEE_RETIRED"}:
            c = awaiting_ack[parent_id]
            if sender == c["from"] and (c["acceptor"] in m["to"] or m["to"] == ["ALL"]):
                establish(c, uid)
        # FULL is not silently downgraded (section 2; core/mailbox/README.md): a CORE message in a
        # thread a FULL message outside a handshake opened (the Handler's too), between the parties
        # of a FULL handshake in its thread while its terms are FULL, or to a FULL peer elsewhere; an
        # answer to the terms on the table (a welcome, or one carrying terms) is a counter instead.
        # A thread opened under FULL holds every message in it, whoever sends it (one that does not
        # speak for its sender, a stranger's, the Handler's). A hello proposes its own terms (a new
        # handshake, accepted or not): no downgrade; but one in a thread already used
        # (HELLO_THREAD_REUSED) opens no handshake and puts no terms on the table (a welcome to it is
        # misplaced), so it is held to the pairs like any other message.
        if m["profile"] != "FULL" and m["thread"] in full_opened:
            e.add("PROFILE_DOWNGRADE")
        if m["profile"] != "FULL" and not not_speaking and (kind != "hello" or "HELLO_THREAD_REUSED" in e):
            h = held.get(hello_of_thread.get(m["thread"]))
            if h is None and kind == "welcome" and parent is not None and parent["kind"] == "hello" \
                    and parent["thread"] == m["thread"] and parent_id > uid:
                # A welcome sorting before the hello it answers (two machines' clocks) answers its terms
                # all the same: "the order in which files are read changes nothing" (core/mailbox/README.md).
                h = parent
            if h is not None and (h["arena"] != m["arena"] or h["id"] == uid):
                h = None
            # A hello that lost a crossing keeps its chains for the audit trail, their terms judged
            # (as COUNTER_AS_ACCEPT is). A chain a crossing took binds nobody: the pairs judge the two
            # who crossed, an answer to its terms among what they judge. Its chains with the others
            # are an uncrossed hello's (README notes 131, 141); of a hello with none left and no
            # name left in `to`, the whole thread is the pairs' to judge.
            crossed = h is not None and any(hid == h["id"] for hid, _ in lost) and h["id"] not in remains
            lost_terms = h is not None and ((h["id"], sender) in lost or (parent_id in chains and chains[parent_id]["lost"]))
            answers_terms = (kind == "welcome" or m["terms"] is not None) and h is not None and not lost_terms \
                and (parent_id == h["id"] or (parent_id in chains and chains[parent_id]["hello"] == h["id"]))
            downgrade = False
            # A chain a lost crossing took holds no terms: a CORE message in it is the pairs' to
            # judge (README note 131).
            if h is not None and not handler and not answers_terms:
                downgrade = downgrade or any(chain_profile.get((h["id"], r)) == "FULL"
                                             for r in chain_of.get(uid, ()) if (h["id"], r) not in lost)
            # The terms of a hello that lost a crossing are no longer on the table (core/mailbox/README.md,
            # "Crossed hellos"): an answer to them is held to the pairs like any other message.
            # ALL addresses the whole arena (section 8): a CORE message to it is held to every FULL
            # pair of its sender (README note 128), those its hello's handshake binds aside.
            peers = agents(m["to"]) + (sorted(n for pair in full_pairs if sender in pair for n in pair - {sender})
                                       if "ALL" in m["to"] else [])
            for n in ([] if handler or (answers_terms and not crossed) else peers):
                responder = n if h is not None and sender == h["from"] else sender
                bound = h is not None and not crossed and h["from"] in (sender, n) and responder in welcomed.get(h["id"], {}) \
                    and sender != n and (h["id"], responder) not in lost
                # Two responders the hello has grouped are held, in its thread, to the stricter of
                # their chains' profiles, whatever they settled elsewhere: each accepted its terms in
                # the open, for a group that settles the pair (README notes 132, 135). Before both
                # are grouped, the group settles nothing and their other pairs judge them. A hello
                # that lost a crossing judges nothing in its thread: the pairs do, the group's
                # among them (core/mailbox/README.md, "Crossed hellos").
                grouped = groups.get((h["id"], frozenset((sender, n)))) if h is not None and not crossed else None
                if grouped is not None and grouped[0] < uid:
                    downgrade = downgrade or grouped[2] == "FULL"
                elif not bound and frozenset((sender, n)) in full_pairs:
                    downgrade = True
            if downgrade:
                e.add("PROFILE_DOWNGRADE")
        # The dialogue, in the thread: the budget, then the standing blocks, then a resume's wait.
        t = m["thread"]
        if t not in first_of_thread:
            first_of_thread[t] = m
            if m["profile"] == "FULL" and kind != "hello":
                full_opened.add(t)
            thread_limit.setdefault(t, pair_limit(m))
        if not not_speaking:
            agent_to_agent = not handler and to_agents(m)
            if agent_to_agent:
                dialogue.setdefault(t, []).append(m)
            if handler:
                count[t] = 0
                blocks.pop(t, None)
            elif agent_to_agent and m["new_evidence"] is not None:
                count[t] = 1
                blocks.pop(t, None)
            elif agent_to_agent:
                # A stranger's message is its sender's word, quarantined as unexpected: it counts.
                if count.get(t, 0) >= limit_at_m:
                    past_limit.add(uid)
                    if not owed_past_budget(m):
                        e.add("EXCHANGE_BUDGET_EXCEEDED")
                count[t] = count.get(t, 0) + 1
            standing = blocks.get(t, {}).get(sender)
            if standing is not None and not handler:
                if kind == "blocked":
                    e.add("BLOCKED_REPEATED")
                elif not only_to_handler(m) and not owed(m, standing):
                    e.add("INITIATED_WHILE_BLOCKED")
            elif kind == "blocked" and not handler:
                blocks.setdefault(t, {})[sender] = uid
            wait = sender in waits
            if wait and kind not in ("resume", "blocked", "goodbye") and not only_to_handler(m):
                # A reply to an answer of any of its resumes follows that answer whatever its UUID
                # says (two machines' clocks), so it is judged once the answer's own errors are known,
                # and whether it is that resume's first answer (README note 174).
                if parent is not None and parent["kind"] not in TRUE_ROOTS and parent["reply_to"] in resumed.get(sender, ()) \
                        and parent["from"] != sender:
                    answer_replies.append((uid, parent_id))
                else:
                    e.add("RESUME_UNANSWERED")
            if parent is not None and kind not in TRUE_ROOTS and parent["kind"] == "resume" and parent["from"] != sender:
                first_answer.setdefault(parent_id, uid)
            if parent is not None and kind not in TRUE_ROOTS and parent_id in waiting.get(parent["from"], ()) \
                    and parent["from"] != sender:
                # That resume is answered; one sent before it and still unanswered stands, and its
                # answer ends a later wait too.
                waiting[parent["from"]].discard(parent_id)
                waits.discard(parent["from"])
            elif parent is not None and kind not in TRUE_ROOTS and parent["kind"] == "resume" \
                    and parent_id > uid and parent["from"] != sender:
                if "ANSWER_BEFORE_RESUME" in FAULTS:
                    # The planted fault: an answer sorting before the resume it cites ends its
                    # resumer's wait where it sorts, as the core did before README note 172.
                    waits.discard(parent["from"])
                if "EARLY_ANSWER_IGNORED" not in FAULTS:
                    # It is there already when the walk meets its resume (README note 172).
                    answered_early.add(parent_id)
            elif "ANSWERED_RESUME_ANSWERS" in FAULTS and parent is not None and kind not in TRUE_ROOTS \
                    and parent_id in resumed.get(parent["from"], ()) and parent["from"] != sender:
                # The planted fault: a second answer to a resume answered already ends its resumer's
                # later wait, as the core did before README note 174.
                waits.discard(parent["from"])
            if kind == "resume" and not e and not stranger:
                resumed.setdefault(sender, set()).add(uid)
                if uid in answered_early:
                    # Answered already: this resume replaces the earlier wait and waits for nothing.
                    waits.discard(sender)
                else:
                    waiting.setdefault(sender, set()).add(uid)
                    waits.add(sender)
        if parent_id and kind not in TRUE_ROOTS:
            answered.add((sender, parent_id))
            if parent_id in held and (held[parent_id]["kind"] == "welcome" or held[parent_id]["request_id"] == m["request_id"]):
                answered_exactly.add((sender, parent_id))
        # A message whose chain of parents breaks at one the folder does not hold may answer a
        # hello not yet synced, so it opens nothing.
        if speaks and rooted(m):
            opened.setdefault(m["thread"], []).append(m)
        elif stranger and rooted(m):
            # A stranger's message is old history only to a later hello of its own sender and locus.
            opened_by_stranger.setdefault((sender, locus, m["thread"]), []).append(m)
        # A departure takes effect when the goodbye is not refused; a resume ends it.
        if kind == "goodbye" and not e and not stranger:
            state[sender] = ("retired" if reentry(m["body"]) == "final" else "departed", uid)
        if kind == "resume" and not e and not stranger and state.get(sender, ("",))[0] == "departed":
            del state[sender]
        m["departed_to"] = [n for n in m["to"] if state.get(n, ("",))[0] == "departed" and state[n][1] != uid]

    # Sequence gaps (section 4: "per-sender/per-thread gap signal"; CODES.md): a sender's seq in a
    # thread (its name within its arena) that does not follow its previous one there by 1.
    last_seq = {}
    for m in messages:
        if m["seq"] is None:
            continue
        key = (m["from"], m["thread"])
        if key in last_seq and m["seq"] != last_seq[key] + 1:
            findings.add(("SEQ_GAP", m["id"]))
        last_seq[key] = m["seq"]
    # Only an answer that speaks for its sender answers a resume, and only its first (README note 174).
    for uid, answer in answer_replies:
        second = first_answer.get(held[answer]["reply_to"]) != answer and "ANSWERED_RESUME_ANSWERS" not in FAULTS
        if errors[answer] & NOT_SPEAKING or second:
            errors[uid].add("RESUME_UNANSWERED")
    # Answers to what must not be answered, once every error of the walk is known.
    not_speaking = {uid for uid, e in errors.items() if e & NOT_SPEAKING} | duplicated
    for m in messages:
        e = errors[m["id"]]
        if not m["reply_to"] or m["kind"] in TRUE_ROOTS or e or m["id"] in unclaimed_sender \
                or is_handler(m["from"]) or only_to_handler(m):
            continue
        # A stranger's message that does not speak for its sender either (a welcome citing itself) is
        # first a stranger's: answering it engages the stranger.
        if m["reply_to"] in unclaimed_sender:
            e.add("CALLSIGN_UNCLAIMED_ENGAGED")
        elif m["reply_to"] in not_speaking:
            e.add("PARENT_QUARANTINED")
    # Never republish (section 9: "match published messages by exact reply_to plus request_id ...
    # Never republish"): a second answer of the same kind, sender and arena to a question a standing
    # answer already reached the same recipient of (ALL naming every one) is REPLY_REPUBLISHED; a
    # quarantined earlier answer is no evidence, a root's reply_to a citation, a blocked its own rule;
    # an answer quarantined already is not said to be republished as well.
    standing = {}
    for m in messages:
        if not m["reply_to"] or m["kind"] in TRUE_ROOTS or m["kind"] == "blocked" or errors[m["id"]] or m["id"] in unclaimed_sender:
            continue
        key = (m["arena"], m["from"], m["kind"], m["reply_to"], m["request_id"])
        before = standing.setdefault(key, [])
        if any("ALL" in to or "ALL" in m["to"] or set(to) & set(m["to"]) for to in before):
            errors[m["id"]].add("REPLY_REPUBLISHED")
        else:
            before.append(m["to"])
    surfaced = set()
    for m in messages:
        uid = m["id"]
        for code in errors[uid] & MODELED:
            findings.add((code, uid))
        # Surfaced once per name, at its first message; every one of them is held.
        if uid in unclaimed_sender and m["from"] not in surfaced:
            surfaced.add(m["from"])
            findings.add(("CALLSIGN_UNCLAIMED", uid))
        quarantined = errors[uid] or uid in unclaimed_sender
        if quarantined or is_handler(m["from"]):
            continue
        if m["kind"] != "hello" and any(n not in ever_claimed for n in agents(m["to"])):
            findings.add(("ADDRESSEE_UNCLAIMED", uid))
        if m["expects_reply"] is True and m["departed_to"]:
            findings.add(("ADDRESSEE_DEPARTED", uid))
    kept = [m for m in messages if not errors[m["id"]] and m["id"] not in unclaimed_sender]
    if budgets is not None:
        # After the last message: "~" sorts after every UUID, so every settlement binds by then, a
        # group's responder pair settled by the last message among them.
        for (hid, pair), (since, budget, profile) in groups.items():
            if (hid, pair) not in group_joined:
                established[pair] = min(budget, established.get(pair, budget))
        for t in first_of_thread:
            budgets[t] = thread_budget(count.get(t, 0), limit({"thread": t, "id": "~"}), dialogue.get(t, []), past_limit, arena_callsigns(messages),
                                       [m for m in kept if m["thread"] == t])
    for thread in orphaned_threads(kept, ever_claimed, messages):
        findings.add(("THREAD_ORPHANED", thread))
    if record is not None:
        record.update(hellos={hid: held[hid] for hid, _, _ in hellos}, welcomed=welcomed, lost=lost, settled=chain_settled,
                      silent={uid for uid, e in errors.items() if e & NOT_SPEAKING})
    return findings


def arena_callsigns(messages):
    """Every agent callsign (NAME@arena) any message of the folder shows, a quarantined one's too (a
    stranger's): who `ALL` asks is every callsign of its arena but the sender, not only the thread's."""
    return {n for m in messages for n in [m["from"], *m["to"]] if n != "ALL" and not is_handler(n)}


def addressed(m, everyone):
    """The agents m addresses: those it names, or, to ALL, every callsign of its arena but its sender."""
    return sorted(n for n in everyone - {m["from"]} if n.endswith("@" + m["arena"])) if "ALL" in m["to"] else agents(m["to"])


def open_task_winners(msgs):
    """An open task (section 8: "`to: [ALL]` plus FULL claim semantics; earliest valid causal claim
    wins and others stand down"), read as core/mailbox/README.md decides ("An open task claimed by
    another"): a FULL request to ALL, won by the earliest claim of `msgs` citing it inside its request,
    in its arena, from another than the requester, that its claimant did not withdraw with a cancel
    of its own citing it inside its request; every other recipient stands down. Task id -> winner."""
    withdrawn = {x["reply_to"] for x in msgs if x["kind"] == "cancel" for c in msgs
                 if c["id"] == x["reply_to"] and c["kind"] == "claim" and c["from"] == x["from"]
                 and c["arena"] == x["arena"] and c["request_id"] == x["request_id"]}
    winner = {}
    for c in msgs:
        q = next((x for x in msgs if x["id"] == c["reply_to"]), None) if c["kind"] == "claim" else None
        if q is None or q["id"] in winner or c["id"] in withdrawn or q["kind"] != "request" or q["profile"] != "FULL" \
                or "ALL" not in q["to"] or c["request_id"] != q["request_id"] or c["arena"] != q["arena"] \
                or c["from"] == q["from"] or is_handler(c["from"]):
            continue
        winner[q["id"]] = c["from"]
    return winner


def still_owes(q, name, kept, winner):
    """Reply debt (section 3: "`expects_reply: true` remains open until an exact causal reply is
    durable or a terminal replacement or supersession is supported by an exact independently valid
    record identifying what supersedes what"), over `kept`, what no error quarantines (a quarantined
    message neither owes nor pays): whether q still owes `name` a reply. It is paid by that callsign's
    exact causal reply, wherever the clocks sort it (the same reply_to and request_id, section 9; for
    a welcome, any message citing it: "The first work message cites the `welcome` and doubles as
    acknowledgement", 6; a hello's or resume's reply_to is a citation, "These are true roots", 9);
    withdrawn by its requester's own cancel addressed to it, citing it in its request (5: `cancel`
    withdraws "a request or claim": the party owed the reply releases it); an open task's other
    recipients stand down once another's claim won it (`winner`, open_task_winners)."""
    if q["id"] in winner and winner[q["id"]] != name and "CLAIMS" not in FAULTS:
        return False
    if any(x["from"] == name and x["reply_to"] == q["id"] and x["kind"] not in TRUE_ROOTS
           and (q["kind"] == "welcome" or x["request_id"] == q["request_id"]) for x in kept):
        return False
    return not any(c["kind"] == "cancel" and c["reply_to"] == q["id"] and c["from"] == q["from"] and c["arena"] == q["arena"]
                   and q["kind"] in ("request", "claim") and c["request_id"] == q["request_id"]
                   and (name in c["to"] or "ALL" in c["to"]) for c in kept)


def thread_budget(spent, cap, said, past_limit, everyone, kept):
    """A thread's exchange budget at its end (section 8: "At the limit, finish replies already owed
    by `expects_reply`, then mark that thread `blocked: exchange-budget`"): (state, count, limit).
    Below the limit it is open; at it, at-limit while a reply is still owed, else blocked. A reply
    is owed to a question sent within the budget (one past it is owed none, as for the finding)
    by each agent it names, or, to ALL, by each callsign of its arena other than its sender
    (`everyone`, the folder's: "`to` assigns the obligation to respond", 8; README note 150), as
    reply debt reads it (still_owes, README note 151) over `kept`, the thread's messages no error
    quarantines; `said` holds the thread's agent-to-agent messages that speak for their senders (a
    stranger's among them: its word counts), a reset restarting the count, never the debts (README
    note 129)."""
    if "BUDGET_STATE" in FAULTS:
        # Planted: the checker forgets the debts, so a thread at its limit reads blocked at once.
        return ("blocked" if spent >= cap else "open", spent, cap)
    if spent < cap:
        return ("open", spent, cap)
    if "BUDGET_DEBT" in FAULTS:
        # Planted: the reading before README note 151: any message of a callsign asked citing the
        # question pays it, whatever its request_id or quarantine, and no cancel withdraws it.
        kept = said
        standing = {q["id"] for q in said}
    else:
        standing = {m["id"] for m in kept}
    winner = open_task_winners(kept)

    def owing(q):
        if "BUDGET_DEBT" in FAULTS:
            answers = {r["from"] for r in said if r["reply_to"] == q["id"] and r["arena"] == q["arena"]}
            return not all(n in answers or (q["id"] in winner and winner[q["id"]] != n) for n in addressed(q, everyone))
        owes = [still_owes(q, n, kept, winner) for n in addressed(q, everyone)]
        if "BUDGET_ALL" in FAULTS and "ALL" in q["to"]:
            # Planted: the reading before README note 150, a question to ALL paid by any one callsign's reply.
            return all(owes)
        return any(owes)
    owed = any(q["expects_reply"] is True and q["id"] not in past_limit and q["id"] in standing and owing(q) for q in said)
    return ("at-limit" if owed else "blocked", spent, cap)


def orphaned_threads(kept, claimed, messages):
    """The threads left unfinished with no active participant (section 8: "any unfinished thread with
    zero active participants becomes `blocked` for the Handler"), read as core/mailbox/README.md
    decides: unfinished is a reply still owed in it (reply debt, still_owes: a message asking one
    whose agent recipient sent no exact causal reply, the same reply_to and request_id, for a welcome
    any message citing it, never a hello's or resume's citation, and whose requester did not
    withdraw it with a cancel); its participants are the callsigns that sent or were
    addressed in it (ALL naming every other), Handler seats aside; none is active when each is
    departing or departed. Only `kept` messages (no error quarantines them, no stranger's) count,
    as owing, paying, naming a participant or changing a status. `claimed` holds the names some
    claim held: a name nobody claimed is no participant of the lifecycle, so not departed either."""
    # `ALL` names every callsign of its arena (but the sender) that any message of the folder shows.
    everyone = arena_callsigns(messages)

    def recipients(m):
        return addressed(m, everyone)

    # The participant lifecycle at the end, in UUID order: a goodbye departs its sender (departing
    # or departed, neither active); a later resume of a returning name makes it active again.
    gone = {}
    for m in kept:
        if is_handler(m["from"]):
            continue
        if m["kind"] == "goodbye" and gone.get(m["from"]) != "final":
            gone[m["from"]] = reentry(m["body"])
        elif m["kind"] == "resume" and gone.get(m["from"]) == "returning":
            del gone[m["from"]]

    winner = open_task_winners(kept)

    def paid(q, name):
        return not still_owes(q, name, kept, winner)

    threads = {}
    for m in kept:
        threads.setdefault(m["thread"], []).append(m)
    for thread, ms in threads.items():
        unfinished = any(q["expects_reply"] is True and not paid(q, n) for q in ms for n in recipients(q) if n != q["from"])
        people = {n for m in ms if not is_handler(m["from"]) for n in [m["from"], *recipients(m)]} | \
                 {n for m in ms if is_handler(m["from"]) for n in recipients(m)}
        if unfinished and people and all(n in claimed and n in gone for n in people):
            yield thread

