"""Seeded mailbox folders for the differential check of the folder-level rules: valid ones, mutated.

A folder is 2 to 4 participants of one arena, each on its own machine, under CORE (a quarter of
the folders FULL rooms: below). The first
says hello to each other one in a thread of its own (a third of the hellos naming a small
exchange budget), and each welcomes it: mostly accepting the terms exactly, else countering (also
an accept that changes the budget, or no terms), which the first may accept with an `ack` or
counter again for the other to accept, or cannot accept a counter and sends a `blocked`, then
accepts anyway, or after the Handler or declared evidence lifts it, or after only a note to the
Handler (which lifts nothing); then a few request threads between established
pairs, each answered by a reply and sometimes ratified. Then one to three mutations: a message
dropped (a root, a hello, a welcome, a parent), a reply moved to another thread or citing itself,
a file delivered twice (the same bytes, or another body under the same UUID), a stranger's message
and an answer to it, a request to a name nobody claims, a root reusing a thread or a
`request_id`, a hello in an opened thread (and its welcome), a ratify of one's own message, work
between two participants that never shook hands, a second machine speaking in a participant's
name (a hello, a request, an answer to it), and a goodbye (`re-entry: final`, `returning`,
both or neither) placed among the messages, so later messages come from or go to a departed name;
a responder's own hello to the first, crossing its hello (perhaps welcomed, perhaps worked in);
more turns in a thread (to spend its budget), one of them perhaps declaring `new_evidence`; the
Handler speaking into a thread and an agent answering it (or the Handler); a `blocked` and what
its sender sends after it (an owed reply, a second `blocked`, a note to the Handler, another
turn), and what lifts it; a `resume` and what its sender sends before the peer's `state` answers it;
every agent of a thread saying goodbye around an unanswered question (orphaned or not); a long run
of turns past a budget named above 20; a second room in another arena, and leaks across; messages
to `ALL` (an FYI note, a request or vote answered by some, perhaps twice, work to ALL in a thread, a
goodbye, a resume, a blocked, a Handler message and turns of a run); each name's own machine
carrying a `model`, `company` and `session` or not, and a successor's resume declaring a new
session, a new model (with its company or not), the same ones, or a model with a format character.
In a FULL room most hellos are FULL (section 6: "`hello → welcome → ack` establishes"): the
responder's FULL welcome accepting (now and then a CORE one: a counter labelled accept), then the
initiator's ack at once, late (after the pair's first work), as CORE, or none; the FULL pairs'
messages are FULL in every thread, with `session` and a `seq` per sender and thread; and FULL's
own mutations: a CORE message between FULL peers (in their thread, in a fresh one, in another
hello's thread), the Handler's CORE message in a FULL thread, a thread a FULL request opens and a
CORE answer there, a `seq` skipped, repeated or restarted under a new session.
A FULL counter: the responder's FULL welcome countering, the initiator's FULL acceptance and the
counter's proposer's ack (the third message), or the initiator's counter back, accepted and acked.
Three in ten rooms of three or four open with a group hello instead (to ALL, or to every other by
name): each responder welcomes it in its own chain (accepting, countering, FULL in a FULL room) or
not at all, some chains late among the work, then work between two responders in a thread of their
own or in the hello's (no work between two responders there: the generator turns it into a `state`,
see the differential README) and work to ALL; three in ten times two of its responders first
settled FULL in a handshake of their own (README note 135: CORE between them in a CORE group's
thread once grouped, FULL before and elsewhere). The `cross` mutation crosses group hellos too (the
initiator's to ALL or several, crossed by a responder's hello to it, to ALL or to several, which
third parties may welcome), and the `group` mutation sends a second group hello into the room (from
the first or another, to ALL or several, while another is open or after), each addressee answering
in its own chain, then work between two of its responders. A FULL room's second arena is FULL half
the time. Since fix-GZ: a group hello's small budget that the initiator's `blocked` citing it
decides (README notes 120, 136), then the initiator's turns; a crossing made sure, with work in the
losing hello's thread with the callsigns it did not cross (README note 142); and the responder's
welcome of the initiator's second hello sorting before it, that hello naming a small budget.
Since fix-HJ (README note 151): a question still owed in a thread its requester's notes spend to
about its pair's budget, with the asked one's answer under another request_id, the requester's
cancel (within the budget or past it), the asked one's exact reply quarantined (the question came
after its own blocked) or the question quarantined (after its sender's blocked), perhaps the exact
reply after.
Since fix-HS (README note 154): on a stream of its own, in 5% of folders, a cancel the other stop
quarantines (after its requester's own blocked, or past the limit after the asked one's blocked),
then the asked one's exact reply.
Each case is {"files": [{"name", "text"}], "now"}: the folder's files and the moment of the check,
one minute after the last message. Same seed, same folders.

    python3 generate_folders.py COUNT SEED > folders.jsonl
"""
import json
import random
import sys

NAMES = ["VEGA", "LYRA", "ORION", "ALTAIR"]
STRANGER = "ZEPHYR"
HANDLER = "HANDLER"
TYPO = "LYAR"
ARENA = "CROX-SITE"
OTHER_ARENA = "CROX-LAB"
ROOT = "483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc"
START_MS = 1790838000000  # 2026-10-01T07:00:00Z
HEX = "0123456789abcdef"
WORK_KINDS = {"claim", "deliver", "reply", "ratify"}


def uuid7(rng, ms):
    """A UUIDv7 stamped `ms`, the rest drawn from rng."""
    t = f"{ms:012x}"
    r = "".join(rng.choice(HEX) for _ in range(19))
    return f"{t[:8]}-{t[8:12]}-7{r[:3]}-{rng.choice('89ab')}{r[3:6]}-{r[6:18]}"


class Message:
    """One message before its identifiers are minted: references to others are by key."""

    def __init__(self, key, sender, to, kind, parent=None, thread=None, request=None, expects=False, **extra):
        self.key, self.sender, self.to, self.kind = key, sender, to, kind
        self.parent, self.thread, self.request, self.expects = parent, thread, request, expects
        self.extra = extra  # terms, reentry, body
        self.dropped = False
        self.copies = []  # "same" or "other": a second file under this UUID


def base(rng, full):
    """The room; with `full`, a FULL room (section 2): some of its hellos FULL, the FULL pairs'
    threads FULL, every message added to a FULL thread later FULL too unless it says otherwise."""
    n = rng.randint(2, 4)
    people = NAMES[:n]
    rng.shuffle(people)
    msgs = []
    counter = [0]
    full_threads = set()

    def add(*args, **kw):
        counter[0] += 1
        m = Message(f"m{counter[0]}", *args, **kw)
        # A FULL pair keeps FULL in every thread (core/mailbox/README.md, "The right to work").
        full_pair = m.kind not in ("hello", "welcome") and any(frozenset((m.sender, n)) in add.full_pairs for n in m.to)
        m.extra.setdefault("profile", "FULL" if m.thread in full_threads or full_pair else "CORE")
        msgs.append(m)
        return m

    add.full_threads = full_threads
    add.msgs = msgs
    add.group = None
    add.full_peers = set()
    add.full_pairs = set()
    add.late_acks = []
    add.drawn = set()  # the cases of the differential README this folder holds, to count them

    first = people[0]
    # A group hello (section 8: a joining participant "sends `hello` or `resume` to `ALL`, receives
    # `welcome`"): to ALL, or to several named responders, each welcoming it (accepting, countering,
    # or not at all) in its own chain; the group is established when every responder that welcomed
    # (and every name it names) has established, and two responders work together from the first
    # message at which it stood whole with both established (README note 132).
    group = len(people) >= 3 and rng.random() < 0.3
    if group and rng.random() < 0.3:
        # A pair settled before the group hello, under a small budget: until the group first stands
        # whole the hello's thread is held to the pairs' budgets, this one among them, and from then
        # to its own chains', whatever a late counter leaves open (README notes 110, 136).
        other = rng.choice(people[1:])
        pre = add(first, [other], "hello", thread=f"t-pre-{other}", request=f"r-pre-{other}", expects=True,
                  exchange_budget=rng.randint(3, 6))
        add(other, [first], "welcome", parent=pre.key, thread=pre.thread, request=pre.request, terms="accept")
    if group and rng.random() < 0.3:
        # Two responders-to-be settled FULL in a handshake of their own first: where both accept a
        # CORE group hello, they work under CORE with each other in its thread once the group stands
        # whole, and under FULL before that and everywhere else (README note 135).
        a, b = rng.sample(people[1:], 2)
        thread = f"t-pre-full-{a}"
        add.full_threads.add(thread)
        pre = add(a, [b], "hello", thread=thread, request=f"r-pre-full-{a}", expects=True, profile="FULL")
        w = add(b, [a], "welcome", parent=pre.key, thread=thread, request=pre.request, terms="accept", profile="FULL")
        add(a, [b], "ack", parent=w.key, thread=thread, request=pre.request, profile="FULL")
        add.full_pairs.add(frozenset((a, b)))
    if group:
        group_hello(rng, add, first, people[1:], full)
    for other in ([] if group else people[1:]):
        # A hello may name an exchange budget, so the dialogue rules meet it: mostly a small one, now
        # and then one above the default 20 (a pair that accepted it after the default still works
        # under 20 outside that hello's thread: README note 110).
        budget = {"exchange_budget": rng.randint(3, 6) if rng.random() < 0.7 else rng.randint(21, 40)} if rng.random() < 0.35 else {}
        if full and rng.random() < 0.7:
            # A FULL hello (section 6: "`hello → welcome → ack` establishes"): its thread is FULL.
            full_threads.add(f"t-hello-{other}")
            hello = add(first, [other], "hello", thread=f"t-hello-{other}", request=f"r-hello-{other}", expects=True, **budget)
            full_handshake(rng, add, hello, first, other)
            continue
        hello = add(first, [other], "hello", thread=f"t-hello-{other}", request=f"r-hello-{other}", expects=True, **budget)
        handshake(rng, add, hello, first, other)
    for k in range(rng.randint(2, 5)):
        other = rng.choice(people[1:])
        asker, answerer = (first, other) if rng.random() < 0.5 else (other, first)
        if other in add.full_peers:
            full_threads.add(f"t{k}")
        req = add(asker, [answerer], "request", thread=f"t{k}", request=f"r{k}", expects=True)
        rep = add(answerer, [asker], "reply", parent=req.key, thread=req.thread, request=req.request)
        if rng.random() < 0.3:
            add(asker, [answerer], "ratify", parent=rep.key, thread=req.thread, request=req.request)
    if group:
        group_work(rng, add, msgs, first, people[1:])
    for ack, after in add.late_acks:
        # A late ack: sent some time after the welcome, perhaps after the pair's first work.
        msgs.remove(ack)
        msgs.insert(rng.randint(msgs.index(after) + 1, len(msgs)), ack)
    return people, msgs, add


def full_handshake(rng, add, hello, first, other, welcome_to=None):
    """A FULL hello's handshake: the responder's FULL welcome accepting (now and then a CORE one,
    which changes the profile: a counter labelled accept), then the initiator's ack, which alone
    establishes (section 6): at once, late, as CORE (a downgrade, establishing nothing), or none."""
    add.full_peers.add(other)
    add.full_pairs.add(frozenset((first, other)))
    if rng.random() < 0.2:
        # A FULL counter (section 6): the responder's FULL welcome countering (a budget of its own, or
        # a counter of the prose), the initiator's FULL acceptance of it, and the counter's proposer's
        # FULL ack of that acceptance, the third message that alone establishes: at once, late, as
        # CORE, or none; now and then the initiator counters again instead, for the responder to accept.
        w = add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request,
                terms="counter", **({"exchange_budget": rng.randint(3, 8)} if rng.random() < 0.5 else {}))
        proposer, acceptor, table = other, first, w
        if rng.random() < 0.2:
            table = add(first, [other], "state", parent=w.key, thread=hello.thread, request=hello.request, terms="counter",
                        exchange_budget=rng.randint(3, 8), expects=True)
            proposer, acceptor = first, other
        acc = add(acceptor, [proposer], "ack", parent=table.key, thread=hello.thread, request=hello.request, terms="accept")
        way = rng.choice(["now", "now", "now", "late", "core", "none"])
        if way != "none":
            ack = add(proposer, [acceptor], "ack", parent=acc.key, thread=hello.thread, request=hello.request,
                      **({"profile": "CORE"} if way == "core" else {}))
            if way == "late":
                add.late_acks.append((ack, acc))
        return
    grouped = add.group is not None and add.group["hello"] is hello
    if rng.random() < (0.3 if grouped else 0.15):
        w = add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request, terms="accept",
                profile="CORE")
        if grouped and rng.random() < 0.7:
            # In a group, the initiator accepts the CORE counter: this chain settles CORE beside the
            # others' FULL, and two responders work under the stricter (README notes 121, 135).
            add(first, [other], "state", parent=w.key, thread=hello.thread, request=hello.request, terms="accept", profile="CORE")
        return
    w = add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request, terms="accept")
    way = rng.choice(["now", "now", "now", "late", "late", "core", "none"])
    if way == "none":
        return
    ack = add(first, [other], "ack", parent=w.key, thread=hello.thread, request=hello.request,
              **({"profile": "CORE"} if way == "core" else {}))
    if way == "late":
        add.late_acks.append((ack, w))


def handshake(rng, add, hello, first, other, welcome_to=None, blocks=False):
    """The responder's welcome: mostly an exact accept; else a counter (also one labelled accept that
    changes the budget, or one with no terms), then perhaps the initiator's acceptance, or a
    counter of the counter and the responder's acceptance. With `blocks`, a counter the initiator
    answers with a `blocked` citing its group hello (README note 120)."""
    way = rng.choice(["counter", "no-terms"] if blocks else ["accept"] if blocks is None else
                     ["accept"] * 6 + ["counter", "no-terms", "budget-changed"])
    if way == "accept":
        add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request, terms="accept")
        return
    if way == "counter":
        w = add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request, terms="counter")
    elif way == "no-terms":
        w = add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request)
    else:
        changed = hello.extra.get("exchange_budget", 20) + rng.choice([-1, 1, 10])
        w = add(other, welcome_to or [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request, terms="accept",
                exchange_budget=changed)
    roll = rng.random()
    group = hello.to == ["ALL"] or len(hello.to) > 1
    if blocks or roll < (0.3 if group else 0.15):
        # The initiator cannot accept the counter (section 6: "establishing -> blocked:
        # handler-decision"): one blocked, then an acceptance anyway, or after the Handler or declared
        # evidence lifts the block, or only after a message to the Handler (which lifts nothing).
        # Of a group hello, now and then the blocked cites the hello itself, which every chain holds:
        # it speaks in the chain of the responder it addresses, to ALL in each (README note 120).
        cites_hello = blocks or group and rng.random() < 0.6
        if cites_hello:
            add.drawn.add("blocked-cites-group-hello")
        b = add(first, ["ALL"] if cites_hello and rng.random() < 0.3 else [other], "blocked",
                parent=hello.key if cites_hello else w.key, thread=hello.thread, request=hello.request)
        lift = rng.choice(["none", "none", "to-handler", "handler", "evidence"] if blocks else ["none", "handler", "evidence", "to-handler"])
        if lift == "handler":
            b = add(HANDLER, [first, other], "state", parent=b.key, thread=hello.thread, request=hello.request)
        elif lift == "evidence":
            b = add(first, [other], "state", parent=b.key, thread=hello.thread, request=hello.request,
                    new_evidence="the Handler widened the corpus")
        elif lift == "to-handler":
            b = add(first, [HANDLER], "state", parent=b.key, thread=hello.thread, request=hello.request, expects=True)
        if blocks or rng.random() < 0.8:
            # The acceptance answers the counter on the table, citing it.
            add(first, [other], "ack", parent=w.key, thread=hello.thread, request=hello.request, terms="accept")
    elif roll < 0.6:
        add(first, [other], "ack", parent=w.key, thread=hello.thread, request=hello.request, terms="accept")
    elif roll < 0.8:
        c = add(first, [other], "state", parent=w.key, thread=hello.thread, request=hello.request, terms="counter",
                exchange_budget=rng.randint(3, 8) if rng.random() < 0.7 else rng.randint(21, 40), expects=True)
        if rng.random() < 0.7:
            add(other, [first], "ack", parent=c.key, thread=hello.thread, request=hello.request, terms="accept")


def group_hello(rng, add, first, others, full):
    """The first's hello to ALL, or to every other by name, in one thread: each responder answers in
    a chain of its own (an exact accept, a counter and what follows it, a FULL handshake in a FULL
    room), or not at all; a welcome now and then to ALL. Some chains come late: a responder's
    answers, in order, are moved among the room's later messages, so the group settles after work
    began (or never, when a named responder never answers or a counter stays open)."""
    budget = {"exchange_budget": rng.randint(3, 6) if rng.random() < 0.7 else rng.randint(21, 40)} if rng.random() < 0.35 else {}
    to = ["ALL"] if rng.random() < 0.7 else others[:]
    thread = "t-hello-group"
    fully = full and rng.random() < 0.7
    # Now and then a small budget the initiator's `blocked` citing the hello decides (README notes 120,
    # 136): the chains it speaks in wait for a Handler or evidence, so whether the group stands whole,
    # and with it whether the thread works under the hello's budget or the pairs', turns on which
    # chains the blocked and any evidence speak in; a run of the initiator's turns then spends the one
    # or the other.
    budget_run = not fully and len(others) >= 2 and rng.random() < 0.4
    if budget_run:
        budget = {"exchange_budget": rng.randint(3, 6)}
        blocking = set(rng.sample(others, rng.randint(1, len(others) - 1)))
    if fully:
        add.full_threads.add(thread)
    hello = add(first, to, "hello", thread=thread, request="r-hello-group", expects=True, **budget)
    add.group = {"hello": hello, "chains": {}}
    for other in others:
        if rng.random() < 0.12:
            continue  # no welcome: to ALL, no responder; by name, the group never settles
        welcome_to = ["ALL"] if rng.random() < 0.2 else None
        start = len(add.msgs)
        if fully:
            full_handshake(rng, add, hello, first, other, welcome_to)
        else:
            # In the budget case the other chains accept exactly (blocks=None), so the blocked decides.
            handshake(rng, add, hello, first, other, welcome_to, blocks=(other in blocking or None) if budget_run else False)
        add.group["chains"][other] = add.msgs[start:]
    if budget_run:
        add.drawn.add("blocked-hello-budget")
        last = hello
        for _ in range(rng.randint(3, 8)):
            last = add(first, ["ALL"] if rng.random() < 0.3 else [rng.choice(others)], rng.choice(["state", "propose", "review"]),
                       parent=(hello if rng.random() < 0.5 else last).key, thread=thread, request=hello.request)
    if to == ["ALL"] and rng.random() < 0.12:
        # Another arena's welcome of it, to ALL, in its thread: both names read as addressed, but it
        # answers no terms (HANDSHAKE_MISADDRESSED), so it opens no chain the group waits for and
        # claims nothing (core/mailbox/README.md, "Callsign claims").
        add(rng.choice(others), ["ALL"], "welcome", parent=hello.key, thread=thread, request=hello.request, terms="accept",
            arena=OTHER_ARENA)
        add.drawn.add("misaddressed-welcome")


def group_work(rng, add, msgs, first, others):
    """Work after a group hello: between two responders (their pair settles with the group), in a
    thread of its own or in the hello's; a party's work to ALL in the hello's thread; then some
    responders' chains moved later, so work precedes the group's settling."""
    hello = add.group["hello"]
    responders = list(add.group["chains"])
    for k in range(rng.randint(1, 3)):
        a, b = rng.sample(others, 2)
        where = rng.random()
        # Two responders who are also a FULL pair from a handshake of their own, now and then CORE.
        full_pair = frozenset((a, b)) in add.full_pairs
        if where < 0.5:
            core = {"profile": "CORE"} if full_pair and rng.random() < 0.3 else {}
            req = add(a, [b], "request", thread=f"t-g{k}", request=f"r-g{k}", expects=True, **core)
            rep = add(b, [a], rng.choice(["reply", "deliver"]), parent=req.key, thread=req.thread, request=req.request, **core)
        else:
            last = thread_of(msgs, hello)[-1]
            kind = rng.choice(["reply", "deliver", "state", "request"])
            # In a FULL hello's thread, now and then CORE: held to the stricter of the two responders'
            # chains (README note 135), to ALL to every grouped responder's; in a CORE one, a FULL
            # pair's CORE work is held to their chains once both are grouped, to their pair before.
            core = {"profile": "CORE"} if (hello.thread in add.full_threads and rng.random() < 0.4) or (
                full_pair and hello.thread not in add.full_threads and rng.random() < 0.6) else {}
            rep = add(a, [b] if rng.random() < 0.7 else ["ALL"], kind, parent=last.key, thread=hello.thread,
                      request=hello.request, expects=kind == "request", **core)
        if rng.random() < 0.3:
            add(rng.choice([first, *responders] or [first]), ["ALL"], rng.choice(["deliver", "reply"]), parent=rep.key,
                thread=rep.thread, request=rep.request)
    for other, chain in add.group["chains"].items():
        if chain and rng.random() < 0.35:
            pos = msgs.index(chain[0])
            for m in chain:
                msgs.remove(m)
                pos = rng.randint(min(pos, len(msgs)), len(msgs))
                msgs.insert(pos, m)
                pos += 1


def thread_of(msgs, m):
    """The live messages of m's thread, in list order."""
    return [x for x in msgs if x.thread == m.thread and not x.dropped]


def mutate(rng, people, msgs, add, persona, full=False, forced=None):
    """One mutation, in place; `persona` is each name's provenance on its own machine (model, company, session).
    A FULL room draws FULL's own mutations too. With `forced` "crossed-hello-work" it is the `cross`
    mutation in README note 142's case (the draws are made all the same, so the stream keeps its shape)."""
    first = people[0]
    live = [m for m in msgs if not m.dropped]
    answers = [m for m in live if m.parent is not None]
    what = rng.choice((["full"] * 12 if full else []) + ["drop", "drop", "thread", "cycle", "copy", "copy", "stranger", "typo", "not-fresh",
                       "hello-reused", "ratify-self", "unestablished", "goodbye", "goodbye", "goodbye",
                       "impostor", "impostor", "cross", "cross", "cross", "chatter", "chatter", "handler", "blocked",
                       "blocked", "resume", "resume", "evidence", "leave", "leave", "leave", "arena", "arena", "arena",
                       "succession", "succession", "succession", "all", "all", "all", "all", "group", "group", "group",
                       "debt", "debt", "debt"])
    if forced == "crossed-hello-work":
        what = "cross"
    at = rng.randint(0, len(msgs))  # where an added message goes in time

    def place(m):
        msgs.remove(m)
        msgs.insert(min(at, len(msgs)), m)
        return m

    def scatter(moved, pos):
        """Moves each of `moved`, in order, to a random place at or after the last one's, from `pos`."""
        for m in moved:
            msgs.remove(m)
            pos = rng.randint(min(pos, len(msgs)), len(msgs))
            msgs.insert(pos, m)
            pos += 1

    if what == "full":
        full_mutation(rng, people, msgs, add, place, scatter)
    elif what == "drop":
        rng.choice(live).dropped = True
    elif what == "thread" and answers:
        rng.choice(answers).thread = f"t-moved-{len(msgs)}"
    elif what == "cycle" and answers:
        m = rng.choice(answers)
        m.parent = m.key
    elif what == "copy":
        rng.choice(live).copies.append(rng.choice(["same", "other"]))
    elif what == "stranger":
        target = rng.choice(people)
        req = place(add(STRANGER, [target], "request", thread=f"t-z{len(msgs)}", request=f"r-z{len(msgs)}", expects=True))
        # An answer: a reply (work), or a state that only acknowledges it.
        if rng.random() < 0.7:
            ans = add(target, [STRANGER], rng.choice(["reply", "state"]), parent=req.key, thread=req.thread, request=req.request)
            msgs.remove(ans)
            msgs.insert(msgs.index(req) + 1, ans)
    elif what == "typo":
        sender = rng.choice(people)
        to = [TYPO] if rng.random() < 0.7 else [TYPO, rng.choice([p for p in people if p != sender])]
        place(add(sender, to, "request", thread=f"t-y{len(msgs)}", request=f"r-y{len(msgs)}", expects=True))
    elif what == "not-fresh" and live:
        old = rng.choice(live)
        sender = rng.choice(people)
        to = [first] if sender != first else [rng.choice(people[1:])]
        reuse = rng.choice(["thread", "request", "both"])
        place(add(sender, to, rng.choice(["request", "propose", "review"]),
                  thread=old.thread if reuse != "request" else f"t-n{len(msgs)}",
                  request=old.request if reuse != "thread" else f"r-n{len(msgs)}", expects=True))
    elif what == "hello-reused" and live:
        old = rng.choice(live)
        other = rng.choice(people[1:])
        hello = place(add(first, [other], "hello", thread=old.thread, request=f"r-h{len(msgs)}", expects=True))
        if rng.random() < 0.6:
            w = add(other, [first], "welcome", parent=hello.key, thread=hello.thread, request=hello.request, terms="accept")
            msgs.remove(w)
            msgs.insert(msgs.index(hello) + 1, w)
    elif what == "ratify-self":
        own = [m for m in live if m.kind in ("request", "reply")]
        if own:
            m = rng.choice(own)
            r = add(m.sender, m.to, "ratify", parent=m.key, thread=m.thread, request=m.request)
            msgs.remove(r)
            msgs.insert(min(max(at, msgs.index(m) + 1), len(msgs)), r)
    elif what == "unestablished" and len(people) > 2:
        a, b = rng.sample(people[1:], 2)
        req = place(add(a, [b], "request", thread=f"t-u{len(msgs)}", request=f"r-u{len(msgs)}", expects=True))
        rep = add(b, [a], rng.choice(["reply", "ratify"]), parent=req.key, thread=req.thread, request=req.request)
        msgs.remove(rep)
        msgs.insert(msgs.index(req) + 1, rep)
    elif what == "impostor":
        # A second locus (another machine) speaking in a participant's name: a hello of its own,
        # then perhaps a request, and perhaps an answer to that request.
        name = rng.choice(people)
        box = f"{name}-LAPTOP"
        other = rng.choice([p for p in people if p != name])
        place(add(name, [other], "hello", thread=f"t-i{len(msgs)}", request=f"r-i{len(msgs)}", expects=True, machine=box))
        if rng.random() < 0.6:
            at = rng.randint(0, len(msgs))
            req = place(add(name, [other], "request", thread=f"t-j{len(msgs)}", request=f"r-j{len(msgs)}", expects=True, machine=box))
            if rng.random() < 0.5:
                ans = add(other, [name], "state", parent=req.key, thread=req.thread, request=req.request)
                msgs.remove(ans)
                msgs.insert(msgs.index(req) + 1, ans)
    elif what == "cross":
        # A responder's own hello to the initiator, sent about when the initiator's reached it: the
        # two cross unless the one welcomed the other's before sending its own. Either may be a
        # group hello (to ALL, or to several by name): the initiator's, or the responder's, which a
        # third party may welcome too (core/mailbox/README.md, "a crossing is between the two who
        # crossed").
        hellos = [m for m in live if m.kind == "hello" and m.sender == first and m.to and m.to[0] != first
                  and m.extra.get("arena", ARENA) == ARENA and "machine" not in m.extra]
        if hellos:
            # Now and then the case of README note 142: the two hellos surely cross (the responder's
            # sent before it welcomed the initiator's), and there is work with the callsigns the
            # losing one did not cross (below).
            work_case = rng.random() < 0.85 or forced == "crossed-hello-work"
            group_hellos = [x for x in hellos if x.to == ["ALL"] or len(x.to) > 1]
            h = rng.choice(group_hellos if work_case and group_hellos and rng.random() < 0.5 else hellos)
            other = rng.choice([n for n in (people[1:] if h.to == ["ALL"] else h.to) if n in people] or people[1:])
            thirds = [p for p in people if p not in (first, other)]
            roll = rng.random() * (0.4 if work_case else 1)
            to = ["ALL"] if roll < 0.25 else ([first, *rng.sample(thirds, rng.randint(1, len(thirds)))] if roll < 0.4 and thirds else [first])
            mine = add(other, to, "hello", thread=f"t-x{len(msgs)}", request=f"r-x{len(msgs)}", expects=True)
            msgs.remove(mine)
            msgs.insert(min(msgs.index(h) + rng.choice([0, 1] if work_case else [0, 1, 1, 2, 3]), len(msgs)), mine)
            later = []
            if rng.random() < 0.65:
                # A second hello of the initiator's to the responder (to it, to ALL, or to several),
                # before it welcomed the responder's: it may cross the responder's too, and a chain of
                # crossings is followed to its end between the same two (core/mailbox/README.md,
                # "supersession is followed to its end"); with a group hello among the three, a third
                # party's welcome of it still holds (README note 141).
                roll = rng.random()
                again_to = ["ALL"] if roll < 0.3 else ([other, *rng.sample(thirds, rng.randint(1, len(thirds)))]
                                                        if roll < 0.5 and thirds else [other])
                again = add(first, again_to, "hello", thread=f"t-x2{len(msgs)}", request=f"r-x2{len(msgs)}", expects=True)
                msgs.remove(again)
                msgs.insert(min(msgs.index(mine) + rng.choice([-1, 0, 1, 1, 2]), len(msgs)), again)
                add.drawn.add("same-sender-cross")
                if "ALL" in (*h.to, *to, *again_to) or len(h.to) > 1 or len(to) > 1 or len(again_to) > 1:
                    add.drawn.add("group-cross-chain")
                if rng.random() < 0.75:
                    w = add(other, [first], "welcome", parent=again.key, thread=again.thread, request=again.request, terms="accept")
                    if rng.random() < 0.8:
                        # Its welcome sorts before it (two machines' clocks), both after the responder's
                        # hello, so the two hellos crossed: once the hello is walked, the crossing it
                        # loses with the responder leaves that welcome settling nothing. A small budget
                        # and a few turns in its thread show what the welcome would have settled.
                        msgs.remove(again)
                        msgs.insert(min(msgs.index(mine) + rng.choice([1, 1, 2]), len(msgs)), again)
                        msgs.remove(w)
                        msgs.insert(msgs.index(again), w)
                        add.drawn.add("welcome-before-crossed-hello")
                        if rng.random() < 0.7:
                            again.extra["exchange_budget"] = rng.randint(2, 4)
                            for k in range(rng.randint(3, 6)):
                                later.append(add(*((first, [other]) if k % 2 == 0 else (other, [first])), "state",
                                                 parent=(later[-1] if later and later[-1].thread == again.thread else w).key,
                                                 thread=again.thread, request=again.request))
                    else:
                        later.append(w)
                for third in (thirds if again_to == ["ALL"] else [t for t in again_to if t in thirds]):
                    if rng.random() < 0.5:
                        later.append(add(third, [first], "welcome", parent=again.key, thread=again.thread,
                                         request=again.request, terms="accept"))
                if rng.random() < 0.4:
                    later.append(add(first, [other], rng.choice(["deliver", "reply", "state"]), parent=again.key,
                                     thread=again.thread, request=again.request))
            if rng.random() < 0.6 and h.to == ["ALL"]:
                # Another arena's welcome of the hello to ALL, to ALL, in its thread: no answer to its
                # terms (HANDSHAKE_MISADDRESSED: "in another arena"), so it opens no chain and claims
                # nothing (core/mailbox/README.md, "Callsign claims"); the crossing leaves the hello
                # nothing more for it.
                later.append(add(rng.choice(people[1:]), ["ALL"], "welcome", parent=h.key, thread=h.thread, request=h.request,
                                 terms="accept", arena=OTHER_ARENA))
                add.drawn.add("misaddressed-welcome")
            if rng.random() < 0.5:
                later.append(add(first, [other] if rng.random() < 0.8 else ["ALL"], "welcome", parent=mine.key, thread=mine.thread,
                                 request=mine.request, terms="accept"))
            for third in (thirds if to == ["ALL"] else [t for t in to if t in thirds]):
                if rng.random() < (0.85 if work_case else 0.6):
                    start = len(msgs)
                    handshake(rng, add, mine, other, third)
                    later += msgs[start:]
            if rng.random() < 0.5:
                later.append(add(other, [rng.choice([first, *thirds]) if len(to) > 1 else first], rng.choice(["deliver", "reply"]),
                                 parent=mine.key, thread=mine.thread, request=mine.request))
            # Work in the thread of whichever hello loses, with the callsigns it did not cross (README
            # note 142): between its initiator and a responder of its own, either way, or its
            # initiator's to ALL, before or after that responder's chain settles.
            ahead = []
            if work_case:
                for hello, sender, crossed in ((mine, other, first), (h, first, other)):
                    parties = [x.sender for x in msgs if x.kind == "welcome" and x.parent == hello.key and x.sender not in (sender, crossed)
                               and x.extra.get("arena", ARENA) == ARENA]
                    named = [n for n in hello.to if n not in ("ALL", sender, crossed)]
                    for _ in range(rng.randint(1, 3) if parties or named or hello.to == ["ALL"] else 0):
                        peer = rng.choice(parties or named or [None])
                        roll = rng.random()
                        a, b = (sender, ["ALL"]) if peer is None or roll < 0.5 else ((sender, [peer]) if roll < 0.75 else (peer, [sender]))
                        ahead.append(add(a, b, rng.choice(["deliver", "reply", "claim"]), parent=hello.key, thread=hello.thread,
                                         request=hello.request))
                        add.drawn.add("crossed-hello-work")
            scatter(later, msgs.index(mine) + 1)
            for m in ahead:
                # Early, so it often comes while a chain of the losing hello is still open.
                msgs.remove(m)
                msgs.insert(min(max(msgs.index(mine), msgs.index(h)) + 1 + rng.randint(0, 4), len(msgs)), m)
    elif what == "group" and len(people) >= 3:
        # A second group hello in the room (section 8: a joining participant "sends `hello` or
        # `resume` to `ALL`"), to ALL or to several by name, from the first or another: its parties
        # overlap the room's other handshakes, it comes while another hello is still open or after
        # it settled, and where two senders' hellos address each other before either welcomed the
        # other's, they cross. Each addressee answers in its own chain, or not at all; then work
        # between two of its responders, in its thread or one of their own.
        sender = first if rng.random() < 0.4 else rng.choice(people[1:])
        others = [p for p in people if p != sender]
        to = ["ALL"] if rng.random() < 0.6 else rng.sample(others, rng.randint(2, len(others)))
        n = len(msgs)
        thread = f"t-g2-{n}"
        fully = full and rng.random() < 0.5
        if fully:
            add.full_threads.add(thread)
        budget = {"exchange_budget": rng.randint(3, 6) if rng.random() < 0.7 else rng.randint(21, 40)} if rng.random() < 0.35 else {}
        hello = place(add(sender, to, "hello", thread=thread, request=f"r-g2-{n}", expects=True, **budget))
        start = len(msgs)
        responders = []
        for other in (others if to == ["ALL"] else to):
            if rng.random() < 0.15:
                continue
            responders.append(other)
            (full_handshake if fully else handshake)(rng, add, hello, sender, other, ["ALL"] if rng.random() < 0.2 else None)
        later = msgs[start:]
        for k in range(rng.randint(0, 2) if len(responders) >= 2 else 0):
            a, b = rng.sample(responders, 2)
            if rng.random() < 0.5:
                last = ([hello] + [x for x in later if x.thread == thread])[-1]
                later.append(add(a, [b] if rng.random() < 0.7 else ["ALL"], rng.choice(["deliver", "reply", "state", "request"]),
                                 parent=last.key, thread=thread, request=hello.request, expects=rng.random() < 0.3))
            else:
                req = add(a, [b], "request", thread=f"t-g2-{n}-{k}", request=f"r-g2-{n}-{k}", expects=True)
                later += [req, add(b, [a], rng.choice(["reply", "deliver"]), parent=req.key, thread=req.thread, request=req.request)]
        scatter(later, msgs.index(hello) + 1)
    elif what in ("chatter", "evidence") and live:
        # More turns in a thread (to spend its budget), each answering the last; with "evidence"
        # one of them declares new evidence.
        m = rng.choice([x for x in live if x.kind not in ("goodbye",)] or live)
        # Now and then a long run, past 20 and past a budget named above it, mostly between a pair
        # whose hello named one above 20.
        wide = {h.to[0] for h in live if h.kind == "hello" and h.extra.get("exchange_budget", 0) > 20}
        n = rng.randint(2, 7) if rng.random() < (0.5 if wide else 0.9) else rng.randint(18, 44)
        if n > 7 and wide and rng.random() < 0.8:
            m = rng.choice([x for x in live if x.kind != "goodbye" and first in (x.sender, *x.to) and wide & {x.sender, *x.to}] or [m])
        last = thread_of(msgs, m)[-1]
        a, b = last.sender, (last.to[0] if last.to and last.to[0] not in ("ALL", last.sender) else first)
        if a == b:
            b = rng.choice([p for p in people if p != a])
        evidence = rng.randrange(n) if what == "evidence" else -1
        for k in range(n):
            extra = {"new_evidence": "CI run 4411 failed on main"} if k == evidence else {}
            nxt = add(b, [a] if rng.random() < 0.9 else ["ALL"], rng.choice(["propose", "state", "review", "reply"]), parent=last.key, thread=last.thread,
                      request=last.request, expects=rng.random() < 0.5, **extra)
            last, a, b = nxt, b, a
    elif what == "handler" and live:
        # The Handler speaks into a thread: to an agent there, or answering it; the agent may answer.
        m = rng.choice(live)
        last = thread_of(msgs, m)[-1]
        agent = last.sender if last.sender != HANDLER else first
        h = add(HANDLER, [agent] if rng.random() < 0.75 else ["ALL"], rng.choice(["request", "state"]), parent=last.key, thread=last.thread, request=last.request,
                expects=rng.random() < 0.6)
        if rng.random() < 0.6:
            add(agent, rng.choice([[HANDLER], [HANDLER]] + [[p] for p in people if p != agent]), rng.choice(["reply", "state"]),
                parent=h.key, thread=h.thread, request=h.request)
    elif what == "blocked" and live:
        # One causal blocked in a thread, then what its sender sends there: an owed reply, a second
        # blocked, a message to the Handler, another turn; perhaps the Handler or new evidence lifts it.
        m = rng.choice([x for x in live if x.kind != "goodbye"] or live)
        thread = thread_of(msgs, m)
        last = thread[-1]
        who = rng.choice([x.sender for x in thread if x.sender != HANDLER] or [first])
        peer = rng.choice([n for n in last.to + [last.sender] if n not in (who, "ALL", HANDLER)] or [p for p in people if p != who])
        if rng.random() < 0.4:
            # A question to `who` first, so a reply is owed when it blocks.
            last = add(peer, [who], "request", parent=last.key, thread=last.thread, request=last.request, expects=True)
        asked = last
        b = add(who, [peer] if rng.random() < 0.8 else ["ALL"], "blocked", parent=last.key, thread=last.thread, request=last.request)
        for _ in range(rng.randint(1, 3)):
            step = rng.choice(["owed", "again", "handler-note", "turn", "peer", "lift-handler", "lift-evidence"])
            if step == "owed":
                add(who, [asked.sender if asked.sender != who else peer], "reply", parent=asked.key, thread=b.thread, request=b.request)
            elif step == "again":
                add(who, [peer], "blocked", parent=b.key, thread=b.thread, request=b.request)
            elif step == "handler-note":
                add(who, [HANDLER], "state", parent=b.key, thread=b.thread, request=b.request, expects=True)
            elif step == "turn":
                add(who, [peer], rng.choice(["propose", "state"]), parent=b.key, thread=b.thread, request=b.request, expects=True)
            elif step == "peer":
                add(peer, [who], rng.choice(["request", "state"]), parent=b.key, thread=b.thread, request=b.request, expects=True)
            elif step == "lift-handler":
                add(HANDLER, [who], "state", parent=b.key, thread=b.thread, request=b.request)
            else:
                add(rng.choice([who, peer]), [peer] if rng.random() < 0.5 else [who], "state", parent=b.key, thread=b.thread,
                    request=b.request, new_evidence="the CI run failed on main")
    elif what == "resume":
        # A holder's resume in an established room; before its peer's state answers it, perhaps
        # more from it (a request, a note to the Handler, a blocked, a second resume); after, a reply.
        who = rng.choice(people)
        peer = rng.choice([p for p in people if p != who])
        # To its peer, or to ALL (section 8: a joining participant "sends `hello` or `resume` to `ALL`").
        s = place(add(who, [peer] if rng.random() < 0.7 else ["ALL"], "resume", thread=f"t-s{len(msgs)}", request=f"r-s{len(msgs)}",
                      expects=True))
        pos = msgs.index(s) + 1
        early = []
        for _ in range(rng.randint(0, 2)):
            kind, to = rng.choice([("request", [peer]), ("state", [HANDLER]), ("blocked", [peer]), ("resume", [peer]), ("request", [peer])])
            early.append(add(who, to, kind, thread=f"t-q{len(msgs)}", request=f"r-q{len(msgs)}", expects=kind not in ("blocked", "state")))
        answer = add(peer, [who], "state", parent=s.key, thread=s.thread, request=s.request) if rng.random() < 0.8 else None
        after = add(who, [peer], "reply", parent=answer.key, thread=s.thread, request=s.request) if answer and rng.random() < 0.6 else None
        for m in [*early, answer, after]:
            if m is not None:
                msgs.remove(m)
                msgs.insert(min(pos, len(msgs)), m)
                pos += 1
        if after is not None and rng.random() < 0.3:
            # Its reply sorts before the answer it follows: two machines' clocks.
            msgs.remove(after)
            msgs.insert(msgs.index(answer), after)
    elif what == "leave" and live:
        # Every agent of a thread says goodbye (or all but one), perhaps with a question of the
        # thread left unanswered, its answer sent after, peers' ACKs and a returning one's resume:
        # the thread is orphaned or not at the check's moment (section 8).
        m = rng.choice([x for x in live if x.kind != "goodbye"] or live)
        thread = thread_of(msgs, m)
        last = thread[-1]
        cast = sorted({n for x in thread for n in [x.sender, *x.to] if n in people})
        if len(cast) < 2:
            cast = sorted({last.sender if last.sender in people else first, rng.choice(people[1:])} | {first})
        question = None
        if rng.random() < 0.7:
            asker = rng.choice(cast)
            question = add(asker, [rng.choice([n for n in cast if n != asker])], rng.choice(["request", "propose", "state"]),
                           parent=last.key, thread=last.thread, request=last.request, expects=True)
        leavers = cast[:]
        rng.shuffle(leavers)
        if rng.random() < 0.3:
            leavers.pop()
        byes = []
        for leaver in leavers:
            reentry = rng.choice(["final", "returning", "returning", "none"])
            bye = add(leaver, [n for n in cast if n != leaver] if rng.random() < 0.75 else ["ALL"], "goodbye", thread=f"t-l{len(msgs)}", request=f"r-l{len(msgs)}",
                      reentry=reentry)
            byes.append((bye, reentry))
            if rng.random() < 0.4:
                add(rng.choice([n for n in cast if n != leaver]), [leaver], "ack", parent=bye.key, thread=bye.thread, request=bye.request)
        if question is not None and rng.random() < 0.25:
            add(question.to[0], [question.sender], "reply", parent=question.key, thread=question.thread, request=question.request)
        back = [b for b, r in byes if r != "final"]
        if back and rng.random() < 0.3:
            b = rng.choice(back)
            add(b.sender, [n for n in cast if n != b.sender], "resume", thread=f"t-b{len(msgs)}", request=f"r-b{len(msgs)}", expects=True)
    elif what == "arena":
        # A second room in another arena (sections 3, 4: a callsign is claimed per arena), two of the
        # names again, perhaps from another machine, interleaved with the first room's messages;
        # then perhaps a leak across: a name of the first room only, speaking there; an answer or a
        # welcome there to a message of the first room; a root there reusing a thread of the first
        # room, answered there; a final goodbye there, its sender still at work here.
        a, b = rng.sample(people, 2)
        where = {"arena": OTHER_ARENA}
        box = {"machine": f"{a}-LAPTOP"} if rng.random() < 0.3 else {}
        n = len(msgs)
        # In a FULL room, now and then a FULL room there too: a FULL hello, welcome and ack (at once,
        # as CORE, or none), the pair's work FULL, with `seq` per sender and thread in that arena.
        fully = {"profile": "FULL"} if full and rng.random() < 0.5 else {}
        room = [add(a, [b], "hello", thread=f"t-a{n}", request=f"r-a{n}", expects=True, **where, **box, **fully)]
        if rng.random() < 0.85:
            w = add(b, [a], "welcome", parent=room[0].key, thread=room[0].thread, request=room[0].request, terms="accept",
                    **where, **fully)
            room.append(w)
            if fully and rng.random() < 0.85:
                room.append(add(a, [b], "ack", parent=w.key, thread=w.thread, request=w.request, **where, **box,
                                profile="CORE" if rng.random() < 0.15 else "FULL"))
            req = add(b, [a], "request", thread=f"t-a{n}w", request=f"r-a{n}w", expects=True, **where, **fully)
            room += [req, add(a, [b], "reply", parent=req.key, thread=req.thread, request=req.request, **where, **box,
                              **({"profile": rng.choice(["FULL", "FULL", "CORE"])} if fully else {}))]
        leak = rng.choice(["none", "sender", "parent", "welcome", "final", "thread"])
        if leak == "sender" and len(people) > 2:
            c = rng.choice([p for p in people if p not in (a, b)])
            room.append(add(c, [a], "request", thread=f"t-a{n}c", request=f"r-a{n}c", expects=True, **where))
        elif leak in ("parent", "welcome"):
            olds = [m for m in live if m.extra.get("arena", ARENA) == ARENA and (leak == "parent" or m.kind == "hello")]
            if olds:
                to_everyone = [m for m in olds if leak == "welcome" and m.to == ["ALL"]]
                old = rng.choice(to_everyone if to_everyone and rng.random() < 0.6 else olds)
                answerer = rng.choice(old.to) if old.to[0] in people else b
                # In the parent's thread (judged by that thread's handshake and blocks as the other
                # arena's callsign before README note 114) or in one of its own.
                # A welcome of a hello to ALL, now and then to ALL in its thread: another arena's answer
                # is HANDSHAKE_MISADDRESSED, opening no chain and claiming nothing, though both names
                # read as addressed (core/mailbox/README.md, "Callsign claims").
                to_all = leak == "welcome" and old.to == ["ALL"] and rng.random() < 0.6
                if to_all:
                    add.drawn.add("misaddressed-welcome")
                room.append(add(answerer, ["ALL"] if to_all else [old.sender], "welcome" if leak == "welcome" else rng.choice(["reply", "state"]),
                                parent=old.key, thread=old.thread if to_all else rng.choice([old.thread, f"t-a{n}p"]), request=old.request,
                                **({"terms": "accept"} if leak == "welcome" else {}), **where))
        elif leak == "thread" and len(room) > 1:
            # A root of this arena reusing a thread of the first room, and its answer there.
            old = rng.choice([m for m in live if m.extra.get("arena", ARENA) == ARENA])
            q = add(b, [a], rng.choice(["request", "propose"]), thread=old.thread, request=f"r-a{n}t", expects=True, **where)
            room += [q, add(a, [b], rng.choice(["reply", "deliver", "state"]), parent=q.key, thread=old.thread, request=q.request,
                            **where, **box)]
        elif leak == "final":
            room.append(add(a, [b], "goodbye", thread=f"t-a{n}g", request=f"r-a{n}g", reentry="final", **where, **box))
        scatter(room, rng.randint(0, n))
    elif what == "succession":
        # A resume in a participant's name from another machine (section 4): declared (a new session
        # and the prior holder's newest message cited), or short of it (no session, an older message
        # cited, none); then perhaps the peer's state, and work from the new machine and the old.
        name = rng.choice(people)
        peer = rng.choice([p for p in people if p != name])
        box = f"{name}-NEW"
        way = rng.choice(["declared", "declared", "declared", "no-provenance", "older", "uncited"])
        n = len(msgs)
        s = place(add(name, [peer] if rng.random() < 0.8 else ["ALL"], "resume", thread=f"t-v{n}", request=f"r-v{n}", expects=True, machine=box,
                      cite="older" if way == "older" else ("none" if way == "uncited" else "newest"),
                      **({} if way == "no-provenance" else succession_provenance(rng, persona[name]))))
        later = []
        if rng.random() < 0.7:
            later.append(add(peer, [name], "state", parent=s.key, thread=s.thread, request=s.request))
        if rng.random() < 0.6:
            later.append(add(name, [peer], "request", thread=f"t-v{n}n", request=f"r-v{n}n", expects=True, machine=box))
        if rng.random() < 0.5:
            later.append(add(name, [peer], "request", thread=f"t-v{n}o", request=f"r-v{n}o", expects=True))
        scatter(later, msgs.index(s) + 1)
    elif what == "all":
        # A message to every participant of the arena (section 8, "How a group works": `to: [ALL]`):
        # an FYI note, perhaps answered anyway; a request or vote to ALL, answered by some (to its
        # sender or to ALL, now and then twice, perhaps by one with no pair with the asker); work to
        # ALL in a thread (a deliver or reply answering its last message); a goodbye to ALL, acked.
        sender = rng.choice(people) if rng.random() < 0.92 else STRANGER
        n = len(msgs)
        role = rng.choice(["fyi", "request", "request", "request", "work", "work", "goodbye"])
        if role == "fyi":
            note = place(add(sender, ["ALL"], "state", thread=f"t-all{n}", request=f"r-all{n}"))
            if rng.random() < 0.3:
                p = rng.choice([x for x in people if x != sender])
                scatter([add(p, rng.choice([[sender], ["ALL"]]), rng.choice(["state", "reply"]), parent=note.key,
                             thread=note.thread, request=note.request)], msgs.index(note) + 1)
        elif role == "request":
            q = place(add(sender, ["ALL"], rng.choice(["request", "request", "propose"]), thread=f"t-all{n}",
                          request=f"r-all{n}", expects=True))
            others = [x for x in people if x != sender]
            answers = []
            for p in rng.sample(others, rng.randint(0, len(others))):
                to = ["ALL"] if rng.random() < 0.3 else [sender if sender in people or rng.random() < 0.5 else first]
                kind = rng.choice(["reply", "reply", "state", "ack"])
                answers.append(add(p, to, kind, parent=q.key, thread=q.thread, request=q.request))
                if rng.random() < 0.12:
                    # Answered twice: to the same recipients, to ALL, or to the asker by name.
                    answers.append(add(p, rng.choice([to, ["ALL"], [sender]]), kind, parent=q.key, thread=q.thread,
                                       request=q.request))
            if answers and rng.random() < 0.2:
                # The asker's follow-up to ALL in the thread, asking again.
                answers.append(add(sender, ["ALL"], "state", parent=answers[0].key, thread=q.thread, request=q.request,
                                   expects=True))
            scatter(answers, msgs.index(q) + 1)
        elif role == "work" and live:
            m = rng.choice([x for x in live if x.kind != "goodbye"] or live)
            last = thread_of(msgs, m)[-1]
            who = rng.choice([x for x in people if x != last.sender] or people)
            w = add(who, ["ALL"], rng.choice(["deliver", "reply", "ratify"]), parent=last.key, thread=last.thread,
                    request=last.request, expects=rng.random() < 0.3)
            scatter([w], msgs.index(last) + 1)
        elif role == "goodbye":
            reentry = rng.choice(["final", "returning", "returning", "none"])
            bye = place(add(sender, ["ALL"], "goodbye", thread=f"t-all{n}", request=f"r-all{n}", reentry=reentry))
            later = []
            for p in [x for x in people if x != sender]:
                if rng.random() < 0.4:
                    later.append(add(p, [sender], "state", parent=bye.key, thread=bye.thread, request=bye.request))
            if rng.random() < 0.4:
                # Later, a question to ALL from another: a departed member is not read into it.
                p = rng.choice([x for x in people if x != sender])
                later.append(add(p, ["ALL"], "request", thread=f"t-all{n}q", request=f"r-all{n}q", expects=True))
            scatter(later, msgs.index(bye) + 1)
    elif what == "debt":
        # A question still owed in a thread that reaches its exchange budget's limit (section 8: "At
        # the limit, finish replies already owed"; README note 151): the asked one's answer under
        # another request_id, its requester's cancel (within the budget, or past it), the asked one's
        # exact reply quarantined (the question came after its own blocked, so the reply is
        # INITIATED_WHILE_BLOCKED), or the question itself (asked after its sender's blocked); the
        # requester's notes citing it spend the budget, and perhaps the exact reply follows.
        asker = first if rng.random() < 0.8 else rng.choice(people)
        asked = rng.choice([p for p in people if p != asker])
        hello = next((h for h in live if h.kind == "hello" and asker in (h.sender, *h.to) and asked in (h.sender, *h.to)), None)
        spend = (hello.extra.get("exchange_budget", 20) if hello is not None else 20) - 1 + rng.choice([-1, 0, 0, 1])
        n = len(msgs)
        label, ways = f"t-debt{n}", rng.sample(["other-request", "cancel", "quarantined-reply", "quarantined-question"], rng.choice([1, 1, 2]))
        before = None
        if "quarantined-reply" in ways or "quarantined-question" in ways:
            blocker = asked if "quarantined-reply" in ways else asker
            before = add(blocker, [asker if blocker == asked else asked], "blocked", thread=label, request=f"r-debt{n}b")
        q = add(asker, [asked] if rng.random() < 0.85 else ["ALL"], rng.choice(["request", "request", "propose"]),
                parent=before.key if before else None, thread=label, request=f"r-debt{n}", expects=True)
        cancel_at = rng.randint(0, max(spend, 0) + 1) if "cancel" in ways else -1
        for k in range(max(spend, 0) + 1):
            if k == cancel_at:
                add(asker, [asked] if rng.random() < 0.8 else ["ALL"], "cancel", parent=q.key, thread=label, request=q.request)
            elif k < spend:
                add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)
        if "other-request" in ways:
            add(asked, [asker], rng.choice(["reply", "state"]), parent=q.key, thread=label, request=f"r-debt{n}x")
        if "quarantined-reply" in ways or rng.random() < 0.4:
            add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request)
        for way in ways:
            add.drawn.add(f"budget-debt-{way}")
    elif what == "goodbye":
        leaver = rng.choice(people)
        to = [p for p in people if p != leaver][:rng.randint(1, len(people) - 1)]
        reentry = rng.choice(["final", "final", "returning", "none", "both"])
        bye = place(add(leaver, to, "goodbye", thread=f"t-g{len(msgs)}", request=f"r-g{len(msgs)}", reentry=reentry))
        if rng.random() < 0.4:
            # The peer's acknowledgement of the departure, asking nothing.
            ack = add(to[0], [leaver], "state", parent=bye.key, thread=bye.thread, request=bye.request)
            msgs.remove(ack)
            msgs.insert(msgs.index(bye) + 1, ack)


def full_mutation(rng, people, msgs, add, place, scatter):
    """FULL's own: a CORE message between FULL peers (in their FULL thread, in a fresh thread, in
    another hello's thread), a Handler's CORE message in a FULL thread, a thread opened by a FULL
    message between CORE peers and a CORE answer there, or a `seq` that skips, repeats or restarts
    under a new session."""
    first = people[0]
    live = [m for m in msgs if not m.dropped]
    full_live = [m for m in live if m.extra["profile"] == "FULL"]
    peers = sorted(add.full_peers)
    way = rng.choice(["in-thread", "fresh", "other-hello", "handler", "full-root", "seq", "seq", "seq", "task", "task", "task", "task", "task", "task"])
    if way == "in-thread" and full_live:
        # A CORE turn between FULL peers answering the last message of a FULL thread.
        last = thread_of(msgs, rng.choice(full_live))[-1]
        who = rng.choice([n for n in (last.sender, *last.to) if n in people] or [first])
        to = [n for n in (last.sender, *last.to) if n in people and n != who] or [rng.choice([p for p in people if p != who])]
        m = add(who, to[:1], rng.choice(["state", "reply", "propose"]), parent=last.key, thread=last.thread,
                request=last.request, expects=rng.random() < 0.5, profile="CORE")
        scatter([m], msgs.index(last) + 1)
    elif way == "fresh" and peers:
        # A CORE request between FULL peers in a thread of its own, and perhaps a FULL or CORE reply.
        other = rng.choice(peers)
        a, b = (first, other) if rng.random() < 0.5 else (other, first)
        q = place(add(a, [b], "request", thread=f"t-f{len(msgs)}", request=f"r-f{len(msgs)}", expects=True, profile="CORE"))
        if rng.random() < 0.6:
            scatter([add(b, [a], "reply", parent=q.key, thread=q.thread, request=q.request,
                         profile=rng.choice(["CORE", "FULL"]))], msgs.index(q) + 1)
    elif way == "other-hello" and peers and len(people) > 2:
        # In the thread of another hello of the initiator's (README note 118), a FULL peer's CORE
        # message to the initiator, or the initiator's to it.
        peer = rng.choice(peers)
        hellos = [m for m in live if m.kind == "hello" and m.sender == first and m.to[0] in people and m.to[0] != peer]
        if hellos:
            h = rng.choice(hellos)
            a, b = (peer, first) if rng.random() < 0.6 else (first, peer)
            last = thread_of(msgs, h)[-1]
            m = add(a, [b], rng.choice(["state", "request", "reply"]), parent=last.key, thread=h.thread,
                    request=h.request, expects=rng.random() < 0.5, profile="CORE")
            scatter([m], msgs.index(last) + 1)
    elif way == "handler" and full_live:
        # The Handler's CORE message in a FULL thread (a hello's, or one a FULL request opened).
        last = thread_of(msgs, rng.choice(full_live))[-1]
        agent = last.sender if last.sender in people else first
        m = add(HANDLER, [agent], rng.choice(["request", "state"]), parent=last.key, thread=last.thread,
                request=last.request, expects=rng.random() < 0.5, profile="CORE")
        scatter([m], msgs.index(last) + 1)
    elif way == "full-root":
        # A thread a FULL request opens between any two (FULL peers or not): it stays FULL, so a
        # CORE answer there is a downgrade.
        a, b = rng.sample(people, 2) if rng.random() < 0.5 else (first, rng.choice(people[1:]))
        label = f"t-r{len(msgs)}"
        add.full_threads.add(label)
        q = place(add(a, [b], rng.choice(["request", "propose"]), thread=label, request=f"r-r{len(msgs)}", expects=True))
        scatter([add(b, [a], rng.choice(["state", "reply"]), parent=q.key, thread=q.thread, request=q.request,
                     profile=rng.choice(["CORE", "FULL", "FULL"]))], msgs.index(q) + 1)
    elif way == "task" and len(people) >= 3:
        # An open task (section 8: "`to: [ALL]` plus FULL claim semantics; earliest valid causal
        # claim wins and others stand down"): a FULL request to ALL, claimed by none, one or two of
        # the others (now and then under another request_id, a part whose scope cannot be compared;
        # now and then withdrawn by its claimant's cancel, or the requester's own claim), perhaps a
        # delivery; then everyone leaves, so the thread is orphaned exactly when a reply is still
        # owed (core/mailbox/README.md, "An open task claimed by another").
        # Mostly the first, established with every other, so a claim (work) has its pair.
        asker = first if rng.random() < 0.8 else rng.choice(people)
        n = len(msgs)
        label = f"t-task{n}"
        add.full_threads.add(label)
        q = place(add(asker, ["ALL"], "request", thread=label, request=f"r-task{n}", expects=True, profile="FULL"))
        others = [p for p in people if p != asker]
        later = []
        # Mostly one claimant, so another recipient is left to stand down (or not).
        claimants = rng.sample(others, rng.choice([0, 1, 1, 1, 1, 2]))
        if rng.random() < 0.15:
            claimants.append(asker)
        for c in claimants:
            rid = q.request if rng.random() < 0.85 else f"r-task{n}-{c}"
            claim = add(c, [asker] if c != asker and rng.random() < 0.7 else ["ALL"], "claim", parent=q.key, thread=label,
                        request=rid, profile="FULL")
            later.append(claim)
            if rng.random() < 0.25:
                later.append(add(c, [asker] if c != asker else ["ALL"], "cancel", parent=claim.key, thread=label, request=rid,
                                 profile="FULL"))
            if rng.random() < 0.3:
                later.append(add(c, [asker] if c != asker else ["ALL"], "deliver", parent=q.key, thread=label, request=q.request,
                                 profile="FULL"))
        add.drawn.add("open-task-claimed" if any(c != asker for c in claimants) else "open-task")
        scatter(later, msgs.index(q) + 1)
        # Then everyone leaves, to ALL (a goodbye by name to one retired before is refused, and a
        # refused goodbye departs nobody), at the end of the folder.
        for p in people:
            if rng.random() < 0.95:
                add(p, ["ALL"], "goodbye", thread=f"t-tb{n}{p}", request=f"r-tb{n}{p}",
                    reentry=rng.choice(["final", "returning", "returning"]), profile="FULL")
    elif way == "seq" and full_live:
        # On a message its sender already sent a FULL one before in that thread, so there is a
        # previous number to follow; now and then on a first one (nothing to follow: no gap).
        later = [m for m in full_live if any(x.sender == m.sender and x.thread == m.thread and x.extra["profile"] == "FULL"
                                             for x in msgs[:msgs.index(m)])]
        rng.choice(later if later and rng.random() < 0.85 else full_live).seq_step = rng.choice(["gap", "repeat", "restart"])


MODELS = [("claude-opus-4", "anthropic"), ("gpt-5", "openai"), ("gemini-2.5-pro", "google")]


def provenance(rng, people):
    """Each name's runtime provenance on its own machine (section 4: `model` and `company`
    "optional-but-recommended"; `session` optional in CORE): all, some or none of them."""
    persona = {}
    for name in people:
        fields = {}
        if rng.random() < 0.6:
            model, company = rng.choice(MODELS)
            fields["model"] = model
            if rng.random() < 0.8:
                fields["company"] = company
        if rng.random() < 0.4:
            fields["session"] = f"{name.lower()}-s1"
        persona[name] = fields
    return persona


def succession_provenance(rng, prior):
    """A successor's provenance against the prior holder's `prior` (section 4: "new
    session/provenance"): a new session or the same one, a new model (with its company or without),
    the same model restated (or with a format character: no new one), only another company, or none."""
    way = rng.choice(["session", "session", "same-session", "model", "model", "model-alone", "same-model",
                      "model-invisible", "company", "none"])
    model, company = prior.get("model"), prior.get("company")
    if way == "session":
        return {"session": f"{prior.get('session', 'x-s1')[:-1]}2"}
    if way == "same-session":
        return {"session": prior["session"]} if "session" in prior else {}
    if way in ("model", "model-alone"):
        new_model, new_company = rng.choice([mc for mc in MODELS if mc[0] != model])
        return {"model": new_model} if way == "model-alone" else {"model": new_model, "company": new_company}
    if way == "same-model":
        return {k: v for k, v in (("model", model), ("company", company)) if v is not None}
    if way == "model-invisible":
        return {"model": (model or "gpt-5") + "\u200b", **({"company": company} if company else {})} if model else {}
    if way == "company":
        return {"model": model, "company": rng.choice([c for _, c in MODELS if c != company])} if model else \
            {"company": rng.choice(MODELS)[1]}
    return {}


def mint(rng, msgs):
    """Times in list order, and every id, thread and request_id as a UUIDv7."""
    ms = START_MS
    ids, fresh = {}, {}
    for m in msgs:
        ms += rng.randint(1, 90) * 1000
        m.ms = ms
        ids[m.key] = uuid7(rng, ms)
    for m in msgs:
        for attr in ("thread", "request"):
            label = getattr(m, attr)
            if label not in fresh:
                fresh[label] = uuid7(rng, m.ms)
    return ids, fresh, ms


def stamp(ms):
    import datetime
    t = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    return t.strftime("%Y-%m-%d-%H-%M-%S")


def render(m, ids, fresh, names, body_variant=""):
    parent = "" if m.parent is None else ids[m.parent]
    arena = m.extra.get("arena", ARENA)
    lines = ["---", f"tags: [agent-mailbox, {arena.lower()}]", "meta:", "  mailbox:", "    version: 1", f"    profile: {m.extra['profile']}",
             f"    id: {ids[m.key]}", f"    thread: {fresh[m.thread]}", f"    request_id: {fresh[m.request]}",
             f"    from: {m.sender}", f"    to: [{', '.join(m.to)}]", f"    kind: {m.kind}",
             f"    reply_to: {parent}".rstrip(), f"    expects_reply: {'true' if m.expects else 'false'}",
             f"    arena: {arena}", f"    machine: {m.extra.get('machine', m.sender + '-BOX')}", f"    root: {ROOT}", "    transport: local"]
    for field in ("terms", "exchange_budget", "new_evidence", "session", "seq", "model", "company"):
        if field in m.extra:
            lines.append(f"    {field}: {m.extra[field]}")
    lines.append("---")
    body = []
    if m.parent is not None and m.parent in names:
        body.append(f"Re: [[{names[m.parent][:-3]}]]\n")
    body.append(f"{m.kind.capitalize()} from {m.sender}.{body_variant}")
    if getattr(m, "cites", None):
        # A succession's resume names the prior holder's last accepted message.
        body.append(f"Prior holder's last accepted message: [[{names[m.cites][:-3]}]]")
    reentry = m.extra.get("reentry")
    if reentry in ("final", "returning"):
        body.append(f"re-entry: {reentry}")
    elif reentry == "both":
        body.append("re-entry: final\nre-entry: returning")
    return "\n".join(lines) + "\n" + "\n".join(body) + "\n"


def number(msgs, persona):
    """FULL's `session` and `seq` (section 4: "required in FULL"; "per-sender/per-thread gap
    signal"): each sender's FULL messages of a thread numbered 1, 2, ... in time order (a dropped
    one keeps its number, so its loss is a gap), except where a step was drawn: a gap (one number
    skipped), a repeat (the last number again), a restart (1 again, under a new session)."""
    last, session = {}, {}
    for m in msgs:
        if m.extra["profile"] != "FULL":
            continue
        key = (m.sender, m.thread, m.extra.get("arena", ARENA))
        step = getattr(m, "seq_step", None)
        if step == "restart":
            session[key] = f"{m.sender.lower()}-s9"
            last[key] = 0
        seq = last.get(key, 0) + {"gap": 2, "repeat": 0}.get(step, 1)
        if step == "repeat" and seq == 0:
            seq = 1
        last[key] = seq
        m.extra["seq"] = seq
        m.extra["session"] = session.get(key) or persona.get(m.sender, {}).get("session") or f"{m.sender.lower()}-s1"


def blocked_debt(side, people, msgs, add):
    """A blocked sender's owed reply (section 6: "Then stop initiating"; README note 152), drawn from
    `side`, its own random stream: a question, the requester's note citing it, the asked one's
    `blocked` citing the note (so it answers nothing), then perhaps the requester's cancel (before or
    after the blocked), an answer under another request_id or a resume citing the question (a root's
    citation), and perhaps the exact reply. Appended after the folder's mutations, so the thread's
    budget may be spent too."""
    asker = people[0] if side.random() < 0.8 else side.choice(people)
    asked = side.choice([p for p in people if p != asker])
    n = len(msgs)
    label = f"t-bdebt{n}"
    ways = side.sample(["other-request", "cancel-before", "cancel-after", "resume"], side.choice([1, 1, 2]))
    q = add(asker, [asked] if side.random() < 0.85 else ["ALL"], side.choice(["request", "request", "propose"]),
            thread=label, request=f"r-bdebt{n}", expects=True)
    note = add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)
    if "cancel-before" in ways:
        add(asker, [asked], "cancel", parent=q.key, thread=label, request=q.request)
    add(asked, [asker], "blocked", parent=note.key, thread=label, request=q.request)
    if "cancel-after" in ways:
        add(asker, [asked] if side.random() < 0.8 else ["ALL"], "cancel", parent=q.key, thread=label, request=q.request)
    if "other-request" in ways:
        add(asked, [asker], side.choice(["reply", "state"]), parent=q.key, thread=label, request=f"r-bdebt{n}x")
    if "resume" in ways:
        add(asked, [asker], "resume", parent=q.key, thread=label, request=f"r-bdebt{n}s", expects=True)
    if side.random() < 0.6:
        add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request)
    for way in ways:
        add.drawn.add(f"blocked-debt-{way}")


def quarantined_cancel(draw, people, msgs, add):
    """A cancel the other stop quarantines (README note 154), drawn from `draw`, its own random
    stream, in a thread its messages bring to about the pair's budget: the requester's cancel after
    its own `blocked` (INITIATED_WHILE_BLOCKED), then the asked one's exact reply at the limit; or
    the asked one's `blocked` citing a note (so it answers nothing), the requester's cancel past the
    limit (EXCHANGE_BUDGET_EXCEEDED), then the asked one's exact reply. Either cancel withdraws
    nothing, so the reply is the one still owed. Appended after the folder's mutations."""
    asker, asked = asker_and_asked(draw, people)
    spend = max(pair_budget(msgs, asker, asked) - 3 + draw.choice([-1, 0, 0, 1]), 0)
    n = len(msgs)
    label, way = f"t-qcancel{n}", draw.choice(["own-blocked", "past-limit", "asks-at-limit"])
    q = add(asker, [asked], "request", thread=label, request=f"r-qcancel{n}", expects=True)
    if way == "asks-at-limit":
        # The asked one's exact reply at the limit asks in turn: it passes as the reply owed, so it
        # is owed itself (README note 155); the requester's blocked, perhaps after the Handler's
        # word, then its exact reply to it.
        for _ in range(spend + 1):
            add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)
        y = add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request, expects=True)
        if draw.random() < 0.5:
            add(HANDLER, [asker, asked], "state", parent=q.key, thread=label, request=q.request)
        add(asker, [asked], "blocked", thread=label, request=f"r-qcancel{n}b")
        add(asker, [asked], "reply", parent=y.key, thread=label, request=q.request)
        add.drawn.add(f"quarantined-cancel-{way}")
        return
    if way == "own-blocked":
        for _ in range(spend):
            add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)
        add(asker, [asked], "blocked", parent=q.key, thread=label, request=q.request)
    else:
        note = add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)
        add(asked, [asker], "blocked", parent=note.key, thread=label, request=q.request)
        for _ in range(spend):
            add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)
    add(asker, [asked], "cancel", parent=q.key, thread=label, request=q.request)
    add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request)
    add.drawn.add(f"quarantined-cancel-{way}")


def asker_and_asked(draw, people):
    """Who asks (the room's first callsign, mostly) and whom, drawn from `draw`."""
    asker = people[0] if draw.random() < 0.8 else draw.choice(people)
    return asker, draw.choice([p for p in people if p != asker])


def pair_budget(msgs, a, b):
    """The exchange budget of the first hello between `a` and `b` (20 when it names none, or none
    is left): about the budget of a thread the two open."""
    hello = next((h for h in msgs if not h.dropped and h.kind == "hello" and a in (h.sender, *h.to) and b in (h.sender, *h.to)), None)
    return hello.extra.get("exchange_budget", 20) if hello is not None else 20


def later_rule_held(draw, people, msgs, add):
    """A question or cancel only a rule judged after the stops holds (README note 165), drawn from
    `draw`, its own random stream: the asker's request sent while its resume waits
    (RESUME_UNANSWERED), or its cancel of the request sent so; the asked one's second reply to the
    request, asking in turn (REPLY_REPUBLISHED); or the asker's second cancel of it, to the Handler
    and the asked one, reaching the Handler again (REPLY_REPUBLISHED). Then the exact answer, at
    about the pair's budget (the asker's notes spend it) or after its asked one's `blocked` (citing
    a note, so it answers nothing). The stops read the held message as its sender's word, reply debt
    at the end does not: the limit README note 165 records. Appended after the folder's mutations."""
    asker, asked = asker_and_asked(draw, people)
    n = len(msgs)
    label = f"t-later{n}"
    way, stop = draw.choice(["resume-question", "resume-cancel", "republished-question", "republished-cancel"]), draw.choice(["budget", "blocked"])
    # The messages the thread counts before the answer, the question among them; the notes make up the rest.
    target = pair_budget(msgs, asker, asked) + draw.choice([-1, 0, 0, 1])
    counted = {"resume-question": 1, "resume-cancel": 2, "republished-question": 3, "republished-cancel": 2}[way]

    def note(q):
        return add(asker, [asked], "state", parent=q.key, thread=label, request=q.request)

    def spend(q):
        for _ in range(max(target - counted, 0) if stop == "budget" else 0):
            note(q)

    def block(q):
        if stop == "blocked":
            who, whom = (asked, asker) if way != "republished-question" else (asker, asked)
            add(who, [whom], "blocked", parent=note(q).key if who == asked else None, thread=label, request=q.request if who == asked else f"r-later{n}b")

    def resume():
        add(asker, [asked], "resume", thread=f"t-later{n}r", request=f"r-later{n}r", expects=draw.random() < 0.5)

    if way == "resume-question":
        resume()
    q = add(asker, [asked], "request", thread=label, request=f"r-later{n}", expects=True)
    if way == "republished-question":
        spend(q)
        add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request)
        y = add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request, expects=True)
        block(q)
        add(asker, [asked], "reply", parent=y.key, thread=label, request=q.request)
    else:
        if way != "resume-question":
            block(q)
        if way == "resume-cancel":
            resume()
            add(asker, [asked], "cancel", parent=q.key, thread=label, request=q.request)
        elif way == "republished-cancel":
            add(asker, [HANDLER], "cancel", parent=q.key, thread=label, request=q.request)
            add(asker, [HANDLER, asked], "cancel", parent=q.key, thread=label, request=q.request)
        spend(q)
        if way == "resume-question":
            block(q)
        add(asked, [asker], "reply", parent=q.key, thread=label, request=q.request)
    add.drawn.add(f"later-rule-held-{way}-{stop}")


def answer_before_resume(draw, people, msgs, add):
    """An answer sorting before the resume it cites (README note 172), drawn from `draw`, its own
    random stream: a callsign resumes and nobody answers; its peer's `state` answering its second
    resume carries an earlier UUID (the peer's clock behind), then the resumer's own messages
    before that second resume (a request, a note to the Handler, now and then a reply to the early
    answer), the second resume, and perhaps after it a request and a reply to the answer. The
    answer ends no wait where it sorts, and none from its resume on but by a reply citing it.
    Appended after the folder's mutations."""
    asker, asked = asker_and_asked(draw, people)
    n = len(msgs)
    add(asker, [asked], "resume", thread=f"t-abr{n}a", request=f"r-abr{n}a", expects=draw.random() < 0.8)
    cited = add(asker, [asked], "resume", thread=f"t-abr{n}b", request=f"r-abr{n}b", expects=True)
    answer = add(asked, [asker], "state", parent=cited.key, thread=cited.thread, request=cited.request)
    between = []
    for k in range(draw.choice([1, 1, 2])):
        way = draw.choice(["request", "request", "handler", "reply"])
        if way == "reply":
            between.append(add(asker, [asked], "reply", parent=answer.key, thread=cited.thread, request=cited.request))
        else:
            between.append(add(asker, [HANDLER] if way == "handler" else [asked], "state" if way == "handler" else "request",
                               thread=f"t-abr{n}q{k}", request=f"r-abr{n}q{k}", expects=way == "request"))
    # The second resume after its answer and the resumer's messages between: two machines' clocks.
    msgs.remove(cited)
    msgs.insert(msgs.index(between[-1]) + 1, cited)
    if draw.random() < 0.6:
        add(asker, [asked], "request", thread=f"t-abr{n}n", request=f"r-abr{n}n", expects=True)
    if draw.random() < 0.5:
        add(asker, [asked], "reply", parent=answer.key, thread=cited.thread, request=cited.request)
    add.drawn.add("answer-before-resume")


def answer_to_answered_resume(draw, people, msgs, add):
    """A second answer to a resume already answered, after its resumer's later resume (README note
    174), drawn from `draw`, its own random stream: a callsign resumes, its peer's `state` answers,
    the resumer perhaps goes on, resumes again, and then a second answer cites the first resume (the
    Handler's `state`, the peer's `reply`, or the peer's `state` again). A resume is answered once:
    the second answer ends no wait, so the resumer's request after it, or its reply to it, waits
    for the later resume's answer, which now and then comes. Appended after the folder's mutations."""
    asker, asked = asker_and_asked(draw, people)
    n = len(msgs)
    first = add(asker, [asked], "resume", thread=f"t-aar{n}a", request=f"r-aar{n}a", expects=True)
    add(asked, [asker], "state", parent=first.key, thread=first.thread, request=first.request)
    if draw.random() < 0.5:
        add(asker, [asked], "request", thread=f"t-aar{n}m", request=f"r-aar{n}m", expects=True)
    later = add(asker, [asked], "resume", thread=f"t-aar{n}b", request=f"r-aar{n}b", expects=True)
    who = draw.choice(["handler", "handler", "reply", "state"])
    again = add(HANDLER if who == "handler" else asked, [asker], "reply" if who == "reply" else "state",
                parent=first.key, thread=first.thread, request=first.request)
    if draw.random() < 0.3:
        add(asked, [asker], "state", parent=later.key, thread=later.thread, request=later.request)
    for k in range(draw.choice([1, 1, 2])):
        if draw.random() < 0.5:
            # Copied to the peer: a message only to Handler seats asks the Handler and is never held.
            add(asker, [HANDLER, asked] if who == "handler" else [asked], "reply", parent=again.key,
                thread=first.thread, request=first.request)
        else:
            add(asker, [asked], "request", thread=f"t-aar{n}n{k}", request=f"r-aar{n}n{k}", expects=True)
    add.drawn.add(f"answer-to-answered-resume-{who}")


def folder(rng, forced=None, side=None, cancel=None, later=None, early=None, again=None):
    """One folder; with `side`, a random stream of its own, the `blocked_debt` case too; with
    `cancel`, another, the `quarantined_cancel` case; with `later`, a third, the `later_rule_held`
    case; with `early`, a fourth, the `answer_before_resume` case; with `again`, a fifth, the
    `answer_to_answered_resume` case."""
    full = rng.random() < 0.25
    people, msgs, add = base(rng, full)
    persona = provenance(rng, people)
    for k in range(rng.choice([1, 1, 2, 2, 3])):
        mutate(rng, people, msgs, add, persona, full, forced if k == 0 else None)
    if side is not None:
        blocked_debt(side, people, msgs, add)
    if cancel is not None:
        quarantined_cancel(cancel, people, msgs, add)
    if later is not None:
        later_rule_held(later, people, msgs, add)
    if early is not None:
        answer_before_resume(early, people, msgs, add)
    if again is not None:
        answer_to_answered_resume(again, people, msgs, add)
    for m in msgs:
        # Each name's own machine carries its provenance on every message it sends.
        if "machine" not in m.extra and m.sender in persona:
            for field, value in persona[m.sender].items():
                m.extra.setdefault(field, value)
    number(msgs, persona)
    ids, fresh, last = mint(rng, msgs)
    for k, m in enumerate(msgs):
        if m.extra.get("cite") in ("newest", "older"):
            # The prior holder's messages before it (its own machine), newest last.
            prior = [x for x in msgs[:k] if x.sender == m.sender and "machine" not in x.extra and not x.dropped
                     and x.extra.get("arena", ARENA) == m.extra.get("arena", ARENA)]
            if prior:
                m.cites = prior[-1].key if m.extra["cite"] == "newest" or len(prior) == 1 else rng.choice(prior[:-1]).key
    names = {m.key: f"{stamp(m.ms)}-{m.sender}-{m.kind}-{m.key}.md" for m in msgs}
    files = []
    for m in msgs:
        if m.dropped:
            continue
        files.append({"name": names[m.key], "text": render(m, ids, fresh, names)})
        for k, copy in enumerate(m.copies):
            files.append({"name": f"{stamp(m.ms)}-{m.sender}-{m.kind}-{m.key}-copy{k}.md",
                          "text": render(m, ids, fresh, names, "" if copy == "same" else " Edited.")})
    return {"files": files, "now": last + 60000, "drawn": sorted(add.drawn)}


# The share of folders that also draw the blocked_debt case (README note 152).
BLOCKED_DEBT_SHARE = 0.06
# The share of folders that also draw the quarantined_cancel case (README note 154).
QUARANTINED_CANCEL_SHARE = 0.05
# The share of folders that also draw the later_rule_held case (README note 165).
LATER_RULE_HELD_SHARE = 0.05
# The share of folders that also draw the answer_before_resume case (README note 172).
ANSWER_BEFORE_RESUME_SHARE = 0.05
# The share of folders that also draw the answer_to_answered_resume case (README note 174).
ANSWER_TO_ANSWERED_RESUME_SHARE = 0.05


def cases(count, seed, forced=None):
    """`count` folders of `seed`. With `forced` (a `drawn` tag: "crossed-hello-work"), every folder's
    first mutation draws that case, and a folder that still does not (a room of two, say, has no
    callsign the crossing leaves) is drawn again, so each one yielded lists it in `drawn`. Any other
    tag is drawn as it comes: the folders of the plain draw that list it, and only those."""
    rng = random.Random(seed)
    # The blocked_debt case draws from a stream of its own, and a folder that holds it leaves the
    # plain stream where the plain folder would (mint draws per message): every other folder is
    # byte for byte what it was, and the figures of the differential README before note 152 hold.
    side = random.Random(f"blocked-debt-{seed}")
    # So does the quarantined_cancel case (README note 154): the folders drawing neither are unchanged.
    cancels = random.Random(f"quarantined-cancel-{seed}")
    # And the later_rule_held case (README note 165).
    laters = random.Random(f"later-rule-held-{seed}")
    # And the answer_before_resume case (README note 172).
    earlies = random.Random(f"answer-before-resume-{seed}")
    # And the answer_to_answered_resume case (README note 174).
    agains = random.Random(f"answer-to-answered-resume-{seed}")
    made = 0
    while made < count:
        start = rng.getstate()
        case = folder(rng, forced)
        debt = side.random() < BLOCKED_DEBT_SHARE
        cancel = cancels.random() < QUARANTINED_CANCEL_SHARE
        later = laters.random() < LATER_RULE_HELD_SHARE
        early = earlies.random() < ANSWER_BEFORE_RESUME_SHARE
        again = agains.random() < ANSWER_TO_ANSWERED_RESUME_SHARE
        if debt or cancel or later or early or again:
            end = rng.getstate()
            rng.setstate(start)
            case = folder(rng, forced, side if debt else None, cancels if cancel else None, laters if later else None,
                          earlies if early else None, agains if again else None)
            rng.setstate(end)
        if forced is None or forced in case["drawn"]:
            made += 1
            yield case


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for case in cases(count, seed):
        print(json.dumps(case))
