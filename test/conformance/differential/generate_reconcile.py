"""Seeded reconciliation cases for the differential check of `reconcile` (the mailbox's sections 3, 7, 9).

A case is one participant's view of a room of 2 to 4 participants in one arena: the room
shakes hands (the reconciling participant, VEGA, says hello to each peer or a peer says hello to
it; now and then a peer that said hello asks at once, and VEGA answers before or after its
welcome; now and then instead one peer's group hello to VEGA and the others, by name or to ALL,
in a room of three peers often, VEGA answering another responder's request while a third keeps
the group from standing whole),
each hello welcomed with an exact accept mostly, else a counter of the budget, the tag set or (under
FULL terms) the profile, now and then labelled accept (accepted, countered back, left open, answered
by the initiator's `blocked` and then silence, an acceptance all the same, a second `blocked` or the
Handler's lift and the acceptance, or by an accept that changes the term, COUNTER_AS_ACCEPT), the
answer that would establish now and then sent after the room's work; now and then the whole case is
FULL, every handshake then needing its third message, the `ack`, now and then never sent, or, in a
CORE room, VEGA's handshake with one peer is FULL, its `ack` now and then CORE, and where the terms
were countered, now and then their acceptance delivered twice with other bytes and the `ack` of it
CORE), then the peers send VEGA requests (expecting a
reply or not) and proposals, and VEGA answers some of them with an exact causal reply (same
`reply_to` and `request_id`) or an inexact one (another `request_id`). A requester may cancel its
request (to VEGA, to another peer only, or with another `request_id`), another peer may "cancel"
it, and a requester may leave with a goodbye (`re-entry: final` or `returning`) after its requests.
A message may be delivered twice (the same bytes, or other bytes under the same UUID), and some
threads are read from the archive (`archive/<thread-slug>/`) rather than the inbox: mostly closed
ones (a `close` VEGA acknowledged), now and then an open one, one split (a message left in the
inbox), two threads in one folder, or a thread copied rather than moved (the same bytes in the
inbox too). Now and then a second room in another arena holds VEGA and LYRA too (other ledgers'
callsigns), its arena now and then the room's in lower case (another arena: arenas compare
exactly). Now and then a message goes to the whole room (`to: [ALL]`: a peer's request, the
Handler's FYI or request, VEGA's request, the other arena's LYRA asking there), some messages name
their arena by `pod` alone or beside an `arena` naming another, and a peer's name is sent in from
two or three loci no one holds after its holder claimed it (CALLSIGN_HELD), in one arena or across
two (the other arena's LYRA held from another machine, each arena's holder sending in the other's),
or claimed by an impostor's own hello or welcome (CALLSIGN_COLLISION), now and then one stamped before the
holder's first claim, which keeps the name (the holder's claims are then the CALLSIGN_COLLISION), from
a locus that may send other messages in the name too (VEGA's replies to them are then work before
establishment when no pair with the name was established before them).
Files are listed as the CLI reads a room: the inbox's first, then the archive's.

VEGA's state: per addressed message none, one or two disposition transitions (every state of
section 3 with a CTA state, mostly a consistent one; `replied` naming its exact reply, an inexact
one or a UUID nobody wrote; `deferred` due before, at or after `now`; `blocked: handler-decision`
expiring before, at or after `now`; now and then the fingerprint of the bytes handled, or of
other bytes, as if the file were edited in place since; audit states with or without the evidence that lets them exit),
a cursor holding some UUIDs, now and then a disposition or cursor entry for a message not addressed
to VEGA (its own, one sent to others, or another arena's), 0 to 2 anomalies (conflict copies
without a UUID, refused files with one, now and then the UUID of a message of the room or of the
other refused file, with other bytes or the same; addressed to VEGA, to another or unreadable) with
or without a disposition or a closed anomaly-index record, now and then a cursor entry holding a
refused file's UUID, and the primer present, missing, unusable or not judged. Corrections: a
repair round (VEGA's repair request, answered by the requester or another peer with a correction
naming the original by UUID, file or stem, or naming another UUID), VEGA's reply replaced by a later
one naming it, a repair round for the first refused file, and `superseded-by-correction` citing a
correction, another message or a UUID nobody wrote; corrections in the other arena's room (LYRA
there answering VEGA there, naming LYRA's request here; now and then answering it from this
arena), refused files' repair rounds there, and corrections the conversation rules quarantine
(from another locus, delivered twice with other bytes, answering a repair request delivered so,
or a second answer to the repair request). Refused files name an arena: the room's, the other
room's, or none readable; now and then one is given as its bytes (`text`, `refused`), naming its
arena by `pod`, refused for its body, name or as a conflict copy (the envelope reads) or for its
envelope (it does not), its recipients and arena left for the reader. Mostly VEGA reconciles in the room's arena; now and then a Handler seat
(`HANDLER`, `HANDLER-OPS`, with peers' requests to it, or silent: nothing names it, and another
seat writes to `ALL`), VEGA with no arena given (a callsign of two
arenas when the second room is drawn), VEGA in an arena where no message is, or NOVA, whom no
message names (`arena` null when none is given).

Each case is {"participant", "arena", "files": [{"name", "text", "archive"?}], "dispositions",
"cursor", "anomalies", "anomalyIndex", "now", "primer"?}; `now` is one minute after the last message.
Same seed, same cases.

    python3 generate_reconcile.py COUNT SEED > reconcile.jsonl
"""
import hashlib
import json
import random
import sys

# The folders' room: its arenas, machine root, first moment and UUIDs (this script's folder is on sys.path).
from generate_folders import ARENA, OTHER_ARENA, ROOT, START_MS, uuid7  # noqa: E402

ME = "VEGA"
PEERS = ["LYRA", "ORION", "ALTAIR"]
# An arena no message of the room is in, a callsign no message names, and a locus (machine and
# root) no participant holds: an arena given where VEGA is nobody, a participant not seen yet, and
# a message in a peer's name sent from elsewhere (CALLSIGN_HELD).
THIRD_ARENA = "CROX-FIELD"
NEWCOMER = "NOVA"
ELSEWHERE = ("EVIL-BOX", "e0" * 32)
# More loci no participant holds, for a name claimed from two or three places at once (CALLSIGN_HELD):
# another machine, and the holder's own machine name under another root.
ELSEWHERES = [ELSEWHERE, ("ROGUE-BOX", "f1" * 32)]
# The arena of the room in other case: another arena, since arenas compare exactly (core/mailbox/README.md:
# "arena and machine compare exactly"), and `pod`, the deprecated Lyt v1 alias that stands in for a
# missing `arena` (4; core/mailbox/README.md: "`pod` inbound stands in for a missing `arena`").
ARENA_OTHER_CASE = ARENA.lower()
ALL = "ALL"


def members(msgs):
    """The callsigns of each arena: those that send in it or are named in it (`ALL` names nobody)."""
    out = {}
    for m in msgs:
        out.setdefault(m["arena"], set()).update([m["sender"]] + [t for t in m["to"] if t != ALL])
    return out


def addresses(m, who, arena_members):
    """Whether `m` addresses `who`: by name, or by `ALL` when `who` is a callsign of its arena other than its sender."""
    if m["sender"] == who:
        return False
    return who in arena_members.get(m["arena"], set()) if ALL in m["to"] else who in m["to"]


def iso(ms):
    import datetime
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_exact(ms):
    """ISO 8601 UTC with milliseconds when the time has them."""
    return iso(ms) if ms % 1000 == 0 else iso(ms - ms % 1000)[:-1] + f".{ms % 1000:03d}Z"


def stamp(ms):
    import datetime
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%d-%H-%M-%S")


class Room:
    def __init__(self, rng):
        self.rng = rng
        self.ms = START_MS
        self.msgs = []  # dicts: id, thread, request, sender, to, kind, parent, expects, body, archive
        # Each handshake() chain after its welcome: what initiator_citations() reads.
        self.chains = []

    def add(self, sender, to, kind, parent=None, thread=None, request=None, expects=False, body="", arena=ARENA, rng=None):
        self.ms += 60_000
        rng = rng or self.rng
        m = {"id": uuid7(rng, self.ms), "ms": self.ms, "sender": sender, "to": to, "kind": kind, "arena": arena,
             "parent": None if parent is None else parent["id"], "expects": expects, "body": body}
        m["thread"] = thread if thread is not None else (parent["thread"] if parent else uuid7(rng, self.ms))
        m["request"] = request if request is not None else (parent["request"] if parent else uuid7(rng, self.ms))
        self.msgs.append(m)
        return m


def render(m, parent_name):
    lines = ["---", f"tags: [{', '.join(m.get('tags') or ['agent-mailbox', m['arena'].lower()])}]", "meta:", "  mailbox:", "    version: 1", f"    profile: {m.get('profile', 'CORE')}",
             f"    id: {m['id']}", f"    thread: {m['thread']}", f"    request_id: {m['request']}",
             f"    from: {m['sender']}", f"    to: [{', '.join(m['to'])}]", f"    kind: {m['kind']}",
             f"    reply_to: {m['parent'] or ''}".rstrip(), f"    expects_reply: {'true' if m['expects'] else 'false'}",
             *([f"    pod: {m['arena']}"] if m.get("alias") == "pod" else [f"    arena: {m['arena']}"] + ([f"    pod: {m['pod']}"] if m.get("alias") == "both" else [])),
             f"    machine: {m.get('machine', m['sender'] + '-BOX')}", f"    root: {m.get('root', ROOT)}",
             "    transport: local"]
    if m.get("profile") == "FULL":
        # FULL needs a session and a sequence (4: "Session identifier: ... required in FULL").
        lines += [f"    session: {m['sender']}-{m.get('machine', m['sender'] + '-BOX')}-session", f"    seq: {m['seq']}"]
    # A welcome accepts exactly unless drawn otherwise (`terms` None: a welcome naming no terms).
    terms = m.get("terms", "accept" if m["kind"] == "welcome" else None)
    if terms is not None:
        lines.append(f"    terms: {terms}")
    if m.get("budget") is not None:
        lines.append(f"    exchange_budget: {m['budget']}")
    if m.get("evidence") is not None:
        lines.append(f"    new_evidence: {m['evidence']}")
    if m.get("correction") is not None:
        lines += ["    correction:"] + [f"      {k}: {v}" for k, v in m["correction"].items()]
    lines.append("---")
    body = [f"Re: [[{parent_name[:-3]}]]\n"] if parent_name else []
    body.append(f"{m['kind'].capitalize()} from {m['sender']}.{m['body']}")
    return "\n".join(lines) + "\n" + "\n".join(body) + "\n"


def file_name(m):
    """The file a message is published under (case() names each file so)."""
    return f"{stamp(m['ms'])}-{m['sender']}-{m['kind']}-{m['id'][-6:]}.md"


def naming(rng, m):
    """A correction's meta.mailbox.correction: naming `m` by UUID, file or file without `.md`, or another UUID."""
    roll = rng.random()
    value = m["id"] if roll < 0.4 else file_name(m) if roll < 0.6 else file_name(m)[:-3] if roll < 0.8 else uuid7(rng, m["ms"])
    return {rng.choice(["original", "replaces", "file"]): value}


def quarantine_correction(rng, r, ask, fix):
    """Now and then a correction the conversation rules quarantine (it is not "independently valid",
    3): sent in its sender's name from another locus (CALLSIGN_HELD), delivered twice with other
    bytes (DUPLICATE_ID), answering a repair request delivered so (PARENT_QUARANTINED) or one
    published twice (the second, which it answers, REPLY_REPUBLISHED), or a second answer to the
    repair request after a first one without a correction (REPLY_REPUBLISHED)."""
    roll = rng.random()
    if roll < 0.2:
        fix["machine"], fix["root"] = ELSEWHERE
    elif roll < 0.4:
        fix["twice"] = True
    elif roll < 0.6:
        ask["twice"] = True
    elif roll < 0.8:
        # The same repair request published first: the one the correction answers repeats it.
        first = dict(ask, id=uuid7(rng, ask["ms"] - 1), ms=ask["ms"] - 1)
        r.msgs.insert(r.msgs.index(ask), first)
    else:
        # The plain first answer, then the correction under the same reply_to and request_id.
        first = dict(fix, id=uuid7(rng, fix["ms"] - 1), ms=fix["ms"] - 1, correction=None)
        r.msgs.insert(r.msgs.index(fix), first)


# A body the core refuses (a malformed RW1 line) under an envelope that reads.
REFUSED_BODY = "\n\nRW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261002"


def refused_files(draws, anomalies, index, r, owner):
    """Now and then a refused file given as its bytes, whose envelope names its arena by `pod` (4:
    the deprecated alias, standing in for a missing `arena`; now and then beside an `arena` naming
    another): refused for its body (its UUID kept), its name or as a conflict copy (no UUID to
    trust: keyed by bytes), so the envelope reads and gives the file's recipients and arena; or
    refused for its envelope (`expects_reply: maybe`, its UUID kept), so neither reads (README note
    126: recipients, and so the arena, are read only when the envelope reads). The file the repair
    round is about, and files sharing a UUID, stay as drawn."""
    ids = [a["id"] for a in anomalies]
    for k, a in enumerate(anomalies):
        if draws.random() >= 0.4 or (r.anomaly_fix is not None and k == 0) or (a["id"] is not None and ids.count(a["id"]) > 1):
            continue
        refusal = draws.choice(["body", "envelope"]) if a["id"] is not None else draws.choice(["name", "conflict"])
        pod = draws.choice([ARENA, r.other_arena if r.other_room else OTHER_ARENA, ARENA_OTHER_CASE, THIRD_ARENA])
        to = a["to"] if a["to"] is not None else draws.choice([[owner], [ALL], ["LYRA"]])
        m = {"id": a["id"] or uuid7(draws, START_MS), "thread": uuid7(draws, START_MS), "request": uuid7(draws, START_MS), "sender": "ORION" if to == ["LYRA"] else "LYRA",
             "to": to, "kind": "request", "parent": None, "expects": True, "body": REFUSED_BODY if refusal == "body" else "",
             "arena": pod, "alias": "pod"}
        if draws.random() < 0.2:
            # `arena` beside the `pod`: the arena is read, the alias not.
            m.update(alias="both", pod=pod, arena=draws.choice([ARENA, OTHER_ARENA]))
        text = render(m, None)
        if refusal == "envelope":
            text = text.replace("expects_reply: true", "expects_reply: maybe")
        file = {"name": a["file"][:-3] + ".md.tmp", "conflict": a["file"][:-3] + " (conflicted copy).md"}.get(refusal, a["file"])
        for record in index:
            if record["file"] == a["file"] and record["fingerprint"] == a["fingerprint"]:
                record["file"] = file
        for key in ("to", "arena"):
            a.pop(key, None)
        a.update(file=file, text=text, refused=refusal)


def impostor_claims(draws, r, peers):
    """Now and then an impostor's own claim of a peer's name (4: "hello and welcome claim"; the
    smaller root UUID keeps the name, so a later claim from another locus is CALLSIGN_COLLISION,
    core/mailbox/README.md "Callsign claims"), from a locus no one holds, after the holder's claim
    (or, now and then, stamped before it, below):
    a hello of its own to VEGA (VEGA welcoming it now and then, the impostor going on with a
    request), a welcome of VEGA's hello to the holder (welcomed by the holder already), or of a
    fresh hello of VEGA's to the holder (the holder's own welcome after it now and then). In the
    room's arena mostly, now and then the other arena's LYRA (claims are per arena)."""
    if draws.random() >= 0.07:
        return
    victim = "LYRA" if r.other_room and draws.random() < 0.4 else draws.choice(peers)
    where = r.other_arena if victim == "LYRA" and r.other_room and draws.random() < 0.4 else ARENA
    locus = draws.choice(ELSEWHERES + [(victim + "-BOX", "d2" * 32)])
    form = draws.choice(["hello", "hello", "welcome", "fresh"])
    # A late earlier claim now and then: the impostor's hello or welcome (and a fresh hello of VEGA's
    # it welcomes) stamped before the holder's first claim in that arena, though its file comes last
    # ("A late earlier UUID makes the later claimant yield", 4): the impostor keeps the name, and the
    # holder's claims are CALLSIGN_COLLISION, the rest of what it sends CALLSIGN_HELD. From any locus,
    # one of those room() drew sending in the name too: its messages then speak for the name, and
    # VEGA's reply to one written before a pair with the name was established (VEGA's welcome of the
    # impostor's hello is drawn after them) is WORK_BEFORE_ESTABLISHED, the reply owed still open.
    holder_first = min((m for m in r.msgs if m["sender"] == victim and m["arena"] == where), key=lambda m: m["id"])
    first = draws.random() < 0.5

    def claim(m):
        m["machine"], m["root"] = locus
        return m

    def stamped(m, ms):
        """`m` minted at `ms` rather than when it was added: its UUID sorts there, its file comes last."""
        m["ms"], m["id"] = ms, uuid7(draws, ms)
        return m
    if form == "hello":
        hello = claim(r.add(victim, [ME], "hello", expects=True, arena=where, rng=draws))
        if first:
            stamped(hello, holder_first["ms"] - draws.randint(1, 59_999))
        welcome = r.add(ME, [victim], "welcome", parent=hello, arena=where, rng=draws) if draws.random() < 0.5 else None
        if draws.random() < 0.4:
            ask = claim(r.add(victim, [ME], "request", expects=draws.random() < 0.7, arena=where, rng=draws))
            if draws.random() < 0.5:
                # VEGA answers the impostor's request, now and then before it welcomes the hello (the
                # welcome then comes after the reply): work before a pair with the name was established
                # (6) when the impostor's claim holds it, its reply not the reply owed.
                reply = r.add(ME, [victim], "reply", parent=ask, arena=where, rng=draws)
                if welcome is not None and draws.random() < 0.5:
                    r.msgs.remove(welcome)
                    r.msgs.append(stamped(welcome, reply["ms"] + draws.randint(1, 59_999)))
        return
    asked = [m for m in r.msgs if m["kind"] == "hello" and m["sender"] == ME and m["to"] == [victim] and m["arena"] == where]
    # Sorting first, a welcome of VEGA's hello to the holder comes between that hello and the
    # holder's own welcome of it (the holder's first claim when VEGA said hello first).
    answered = asked[0] if asked and (not first or holder_first["parent"] == asked[0]["id"]) else None
    hello = answered if form == "welcome" and answered else r.add(ME, [victim], "hello", expects=True, arena=where, rng=draws)
    if first and hello is not answered:
        stamped(hello, holder_first["ms"] - 30_000 - draws.randint(1, 29_999))
    welcome = claim(r.add(victim, [ME], "welcome", parent=hello, arena=where, rng=draws))
    if first:
        stamped(welcome, holder_first["ms"] - draws.randint(1, 29_999) if hello is not answered else hello["ms"] + draws.randint(1, 59_999))
    if hello is not (asked[0] if asked else None) and draws.random() < 0.5:
        r.add(victim, [ME], "welcome", parent=hello, arena=where, rng=draws)  # the holder's own welcome


# Exchange budgets a counter names: looser than the default 20, so no thread of the room reaches its
# limit (the budget is not compared here) while the counter still changes a material term (6).
COUNTER_BUDGETS = [30, 40, 50]


def handshake(r, shakes, hello, welcome, pending=False):
    """The rest of a two-party handshake after `welcome` answered `hello` (section 6), drawn from
    `shakes` (none: an exact CORE accept, as before). Mostly the welcome accepts exactly; now and then
    it counters (a changed `exchange_budget`, tag set or, in a FULL room, profile; or no `terms` at
    all; now and then labelled `accept`, COUNTER_AS_ACCEPT) and the initiator accepts the counter with a `state` carrying `terms: accept` ("a causal
    acceptance of the counter"), counters back (the responder then accepting), accepts while changing
    the term countered (COUNTER_AS_ACCEPT: a counter however labelled, the responder accepting it half
    the time), or never answers (the pair stays establishing). When the terms accepted are FULL the
    proposer of them acknowledges the acceptance with an `ack` ("`hello -> welcome -> ack`"), now and
    then never. The message that would establish is now and then sent late, after the room's work
    (r.late), so work before it is unlicensed; `pending`, it counters and its acceptance is late or
    never sent."""
    if shakes is None:
        return
    initiator, responder, arena = hello["sender"], welcome["sender"], hello["arena"]
    # The terms' profile: the room's, or FULL for the one FULL chain of a CORE room (room()).
    profile = hello.get("profile", r.profile)
    if profile == "FULL":
        welcome.setdefault("profile", "FULL")
    roll = shakes.random()
    form = "exact" if roll < 0.8 else "counter" if roll < 0.88 else "unaccepted" if roll < 0.91 else \
        "no-terms" if roll < 0.94 else "counter-back" if roll < 0.97 else "counter-as-accept"
    if pending:
        form = shakes.choice(["counter", "unaccepted"])
    budget = shakes.choice(COUNTER_BUDGETS)
    # The material term a counter changes (6: "profile", "tags" and "exchange budget" are named): the
    # budget mostly, else the tag set (a topic tag added: "optional topic tags", 4), or, in a FULL
    # room, the profile (to CORE; countered back, or mislabelled an accept, to FULL again). Its
    # values: the hello's, the counter's, the counter back's, and the mislabelled accept's.
    term = shakes.choice(["budget", "budget", "tags"] + (["profile"] * 3 if profile == "FULL" else []))
    room_tags = ["agent-mailbox", arena.lower()]
    hellos, countered, back, mislabelled = {
        "budget": (None, budget, budget + 10, budget + 5),
        "tags": (room_tags, room_tags + ["handoff"], room_tags + ["review"], room_tags),
        "profile": ("FULL", "CORE", "FULL", "FULL")}[term]
    field = {"budget": "budget", "tags": "tags", "profile": "profile"}[term]
    # An acceptance restates the budget or names none; the tags and profile every message carries.
    restated = (lambda v: v if shakes.random() < 0.5 else None) if term == "budget" else (lambda v: v)
    # Each answer after the welcome: (sender, terms, value of the term), each citing the one before.
    steps = []
    if form != "exact":
        # A counter a quarter of the time labelled `accept` (COUNTER_AS_ACCEPT: "Material is decided by
        # effect, not by how the change is labelled", 6), a counter all the same; half the time when
        # it is a CORE welcome of FULL terms, as a CORE responder would write it.
        mislabel = 0.5 if term == "profile" else 0.25
        welcome["terms"] = None if form == "no-terms" else "accept" if form == "counter" and shakes.random() < mislabel else "counter"
        welcome[field] = None if term == "budget" and form == "no-terms" and shakes.random() < 0.5 else countered
    if form in ("counter", "no-terms") and shakes.random() < 0.3:
        # The initiator cannot accept the counter: one causal `blocked` ("establishing -> blocked:
        # handler-decision", 6), then silence, or an acceptance all the same (it "may not accept":
        # refused, settling nothing), a second `blocked` (refused too), or the Handler's word into
        # the thread, which lifts it ("Resume only on direct Handler authority"), then the acceptance.
        then = shakes.choice(["silent", "accepts", "again", "lifted"])
        steps.append((initiator, "blocked", None))
        if then == "again":
            steps.append((initiator, "blocked", None))
        if then == "lifted":
            steps.append(("HANDLER", "lift", None))
        if then in ("accepts", "lifted"):
            steps.append((initiator, "accept", restated(welcome[field])))
        form = "lifted" if then == "lifted" else "blocked"
    elif form in ("counter", "no-terms"):
        steps.append((initiator, "accept", restated(welcome[field])))
    elif form == "counter-back":
        steps += [(initiator, "counter", back), (responder, "accept", restated(back))]
    elif form == "counter-as-accept":
        steps.append((initiator, "accept", mislabelled))
        if shakes.random() < 0.5:
            steps.append((responder, "accept", restated(mislabelled)))
    accepted = form in ("exact", "counter", "no-terms", "counter-back", "lifted") or (form == "counter-as-accept" and len(steps) == 2)
    agreed = {"exact": hellos, "counter": welcome.get(field), "no-terms": welcome.get(field), "counter-back": back,
              "counter-as-accept": mislabelled, "unaccepted": None, "lifted": welcome.get(field), "blocked": None}[form]
    if (agreed if term == "profile" else profile) == "FULL" and accepted and shakes.random() > 0.06:
        # The proposer of the terms accepted acknowledges the acceptance, carrying the tags agreed;
        # in a CORE room now and then with a CORE `ack`, which completes nothing (a FULL chain's third
        # message is a FULL `ack`) and is itself a downgrade of the chain's terms.
        proposer = initiator if form == "exact" else responder if form in ("counter", "no-terms", "lifted") else steps[-2][0]
        core_ack = r.profile == "CORE" and shakes.random() < 0.25
        # More often from a stream of its own (r.acks), so the other draws stay as they were.
        core_ack = core_ack or (r.profile == "CORE" and r.acks is not None and r.acks.random() < CORE_ACK_EXTRA)
        steps.append((proposer, "core-ack" if core_ack else "ack", None if term == "budget" else agreed))
        if form != "exact" and r.profile == "CORE" and often(r, "unsettled-acks"):
            # An acceptance delivered twice with other bytes (DUPLICATE_ID: it speaks for nobody, so
            # the chain stays establishing under the FULL terms on the table) and a CORE `ack` citing
            # it, PROFILE_DOWNGRADE all the same (core/mailbox/README.md, "FULL is not silently
            # downgraded"; `--break-unsettled-core-ack`; README note 184 for the initiator's). The
            # acceptance is the step before the ack.
            steps[-1] = (proposer, "core-ack", steps[-1][2])
            steps[-2] = steps[-2] + ("written-again",)
    late = bool(steps) and (pending or shakes.random() < 0.2)
    if form == "exact" and profile == "FULL" and often(r, "downgrades"):
        # A CORE welcome labelled accept to FULL terms: a counter by effect (6; core/mailbox/README.md:
        # "a CORE `welcome` with `terms: accept` to a FULL hello is `COUNTER_AS_ACCEPT`"), the ack
        # after it acknowledging no acceptance, so the pair stays establishing.
        welcome["profile"] = "CORE"

    # What initiator_citations() reads of the chain, after the room is drawn (no draw of its own here).
    chain = {"hello": hello, "welcome": welcome, "initiator": initiator, "responder": responder, "profile": profile, "form": form, "sent": []}
    r.chains.append(chain)

    def send(prev, sender, terms, value, *written_again):
        kind = {"ack": "ack", "core-ack": "ack", "blocked": "blocked"}.get(terms, "state")
        m = r.add(sender, [initiator] if sender in (responder, "HANDLER") else [responder], kind, parent=prev, arena=arena, rng=shakes)
        chain["sent"].append(m)
        if written_again:
            m["written_again"] = True  # case() delivers it twice, with other bytes
        m["profile"] = "CORE" if terms == "core-ack" else profile
        if terms == "blocked":
            m["body"] = "\nDisputed term: the counter's; Handler decision required."
        elif terms == "lift":
            m["body"] = "\nHandler: accept the counter."
        else:
            if kind == "state":
                m["terms"] = terms
            if kind == "state" or term != "budget":
                m[field] = value
        return m
    prev = welcome
    for k, (sender, terms, value, *written_again) in enumerate(steps):
        if late and k == len(steps) - 1:
            r.late.append(lambda prev=prev, sender=sender, terms=terms, value=value: send(prev, sender, terms, value))
        else:
            sent = send(prev, sender, terms, value, *written_again)
            # A `blocked` and the Handler's word cite the counter and are no answer to it: the
            # acceptance after them cites the counter too.
            prev = prev if terms in ("blocked", "lift") else sent


# A callsign only the budget thread holds (budget_thread()): no other thread is between it and
# VEGA, so the small budget its hello sets binds that thread alone (a pair's budget binds every
# thread its first message opens between them, section 8, and the room's other threads are no
# nearer their limit for it).
BUDGET_PEER = "RIGEL"
# How often a CORE room without a group hello draws the budget thread; the budgets its hello names.
BUDGET_THREAD_SHARE = 0.3
HELLO_BUDGETS = [2, 3, 4]
# From the `acks` stream: a FULL pair among CORE pairs drawn where the handshakes' stream drew none,
# and a CORE `ack` of its acceptance where that stream drew a FULL one (PROFILE_DOWNGRADE).
FULL_PEER_EXTRA = 0.2
CORE_ACK_EXTRA = 0.5
# A thin planted fault's case drawn more often, each from a stream of its own (OFTEN, seeded "<seed>
# <name>"), by relabelling what the other streams drew and never in place of a draw of theirs, so the
# other cases are drawn as before: a FULL hello's exact welcome made a CORE one, still labelled
# accept (COUNTER_AS_ACCEPT, not a downgrade: `--break-counter-as-downgrade`,
# `--break-counter-profile`); the Handler's question VEGA answers, in a room VEGA reconciles, asked
# from `HANDLER-OPS` (`--break-seat`); NOVA with no arena given where VEGA in the room's arena was
# drawn (`--break-every-arena`); VEGA's answer to the other arena's LYRA sent from this arena
# (PARENT_ARENA_MISMATCH, `--break-parent-arena`). Since fix-IE: a correction across arenas (the other
# arena's LYRA naming LYRA's request here) cited by that request's disposition, `superseded-by-correction`
# (`--break-correction-arena`: cite_crossing()); and, in a CORE room of one arena VEGA would reconcile
# in the room's arena, `HANDLER-OPS` reconciling with VEGA's ledger, a peer's question to it and the
# Handler's FYI to `ALL` drawn after the room's last message (`--break-handler`, `--break-all-seats`:
# seat_beside()). And not a fault's: a CORE group hello naming a budget its thread then outruns
# (group_budget(), past_budget()), so the budget of a group whose first chain is refused and a later one
# accepted binds from that acceptance (README note 136; `--break-hello-budget`). Since fix-IX: in a CORE
# room, a countered FULL chain's acceptance delivered twice with other bytes and the `ack` of it made
# CORE (handshake(); `--break-unsettled-core-ack`). Since fix-JB, not a relabelling but files added after
# the room is drawn: the initiator's `blocked` or declaration of new evidence citing a UUID no chain holds
# in a two-party FULL hello's thread (initiator_citations(); README note 184, `--break-initiator-chains`).
# Since fix-JD, files added so too: a `blocked` between a FULL chain's exact welcome and its `ack`
# (blocked_acks(), `--break-blocked-ack`), and VEGA's `blocked` before the exact reply it still owes,
# then a message of its own after that reply (blocked_debts(), README note 152, `--break-blocked-debt`).
# Since fix-JI, files added so too: in a group hello's thread, the host's `blocked` to one responder alone
# citing a UUID no chain holds, just before another chain's acceptance (group_blocks(),
# `--break-group-chains`), and, where its budget binds, the host's declaration of new evidence before the
# FYIs past it (evidence_resets(), `--break-evidence-reset`).
OFTEN = {"downgrades": 0.15, "seats": 0.7, "strangers": 0.06, "mismatches": 0.5, "crossings": 0.85, "seated": 0.06,
         "group-budgets": 0.5, "unsettled-acks": 0.8, "initiator-citations": 0.8, "blocked-acks": 0.6, "blocked-debts": 0.3,
         "group-citations": 0.8, "group-blocks": 0.8, "evidence-resets": 0.8, "full-downgrades": 0.6}


def initiator_citations(stream, r, files, folders):
    """OFTEN's "initiator-citations" (README note 184: in a FULL hello's thread, the initiator's
    message citing a UUID no chain holds speaks in the chains of the responders it addresses), drawn
    after the room, as files of their own, so every other draw is as before. In a two-party FULL
    hello's thread not archived: where the initiator countered back (or accepted, changing a term),
    its `blocked` to the responder between that counter and the responder's acceptance (the chain
    blocked: ACCEPT_WHILE_BLOCKED), or, where it accepted the responder's counter, between the two;
    either now and then followed by its declaration of new evidence (which lifts it again); where the
    initiator's `blocked` was drawn (handshake()), its `state` declaring `new_evidence` to the
    responder just after it (the chain lifted: its acceptance all the same settles), and, where it
    then fell silent, its exact acceptance of the counter after that. Each cites a
    UUID nobody wrote, or, half the time, the responder's FYI delivered twice with other bytes
    (DUPLICATE_ID) just before it."""
    for chain in r.chains:
        if chain["profile"] == "FULL" and chain["hello"]["to"] == [chain["responder"]] and chain["hello"]["thread"] not in folders:
            cite_unheld(stream, r, files, chain, [chain["responder"]], OFTEN["initiator-citations"])


def group_citations(stream, r, files, folders):
    """OFTEN's "group-citations" (README note 184 in a group hello: the initiator's message citing a
    UUID no chain holds speaks in the chains of the responders it addresses, every one to `ALL`), as
    initiator_citations() draws them in a two-party FULL hello, in each chain of a group hello's
    thread not archived (CORE or FULL: the placement is the same, and a CORE group is likelier): addressed to that chain's responder alone (its chain only: the others'
    acceptances still settle) or, half the time, to the group as the hello named it (by name or
    `ALL`: every chain)."""
    for chain in r.chains:
        hello = chain["hello"]
        if hello["to"] != [chain["responder"]] and hello["thread"] not in folders:
            cite_unheld(stream, r, files, chain, list(hello["to"]) if stream.random() < 0.5 else [chain["responder"]], OFTEN["group-citations"])


def cite_unheld(stream, r, files, chain, to, share):
    """The initiator's `blocked`, declaration of new evidence or acceptance in `chain`, to `to`, citing a
    UUID no chain holds (initiator_citations(), group_citations()); drawn at `share` where an acceptance
    that speaks follows, else at 0.2."""
    hello, initiator, responder = chain["hello"], chain["initiator"], chain["responder"]
    sent = sorted(chain["sent"], key=lambda m: m["id"])
    blocked = [m for m in sent if m["kind"] == "blocked" and m["sender"] == initiator]
    if chain["form"] in ("counter-back", "counter-as-accept") and len(sent) >= 2 and sent[1]["sender"] == responder:
        after, answer, kinds = sent[0], sent[1], ["blocked"] + (["evidence"] if stream.random() < 0.3 else [])
    elif chain["form"] in ("counter", "no-terms") and sent and sent[0]["sender"] == initiator:
        # Before its acceptance of the counter: that acceptance is then refused for the `blocked`
        # (INITIATED_WHILE_BLOCKED) whichever chain holds it, and ACCEPT_WHILE_BLOCKED in the chain.
        after, answer, kinds = chain["welcome"], sent[0], ["blocked"] + (["evidence"] if stream.random() < 0.3 else [])
    elif blocked:
        # Where the initiator then fell silent, its acceptance after the evidence.
        after, answer, kinds = blocked[0], (sent[1] if len(sent) > 1 else None), ["evidence"] + (["accept"] if len(sent) == 1 else [])
    else:
        return
    # Where the chain reads otherwise with the message in it and without (the core before note 184):
    # an acceptance after it that speaks (none delivered twice, OFTEN's "unsettled-acks"), not a
    # second `blocked` or the Handler's word; the others less often.
    seen = kinds[-1] == "accept" or (answer is not None and answer.get("terms") == "accept" and not answer.get("written_again"))
    if stream.random() >= (share if seen else 0.2):
        return
    later = [m["ms"] for m in r.msgs if m["thread"] == hello["thread"] and m["id"] > after["id"]]
    if later and min(later) - after["ms"] < 10:
        return
    ms, last, seq = after["ms"], after, 50
    for kind in kinds:
        if kind == "accept":
            # The counter's terms as they are, restating no budget: an exact acceptance.
            welcome = chain["welcome"]
            ms += 1
            m = {"id": uuid7(stream, ms), "ms": ms, "sender": initiator, "to": to, "kind": "state", "arena": hello["arena"],
                 "parent": welcome["id"], "expects": False, "body": "", "thread": hello["thread"], "request": welcome["request"],
                 "profile": welcome.get("profile", "CORE"), "seq": seq + 1, "terms": "accept", "tags": welcome.get("tags")}
            files.append({"name": file_name(m), "text": render(m, file_name(welcome))})
            continue
        if stream.random() < 0.5:
            ms += 1
            fyi = {"id": uuid7(stream, ms), "ms": ms, "sender": responder, "to": [initiator], "kind": "state", "arena": hello["arena"],
                   "parent": last["id"], "expects": False, "body": "", "thread": hello["thread"], "request": last["request"],
                   "profile": chain["profile"], "seq": seq}
            text = render(fyi, file_name(last))
            files += [{"name": file_name(fyi), "text": text}, {"name": file_name(fyi)[:-3] + " (1).md", "text": text + "Written again.\n"}]
            cited = fyi
        else:
            cited = {"id": uuid7(stream, ms - 1)}  # a UUID nobody wrote
        ms += 1
        m = {"id": uuid7(stream, ms), "ms": ms, "sender": initiator, "to": to, "kind": "blocked" if kind == "blocked" else "state",
             "arena": hello["arena"], "parent": cited["id"], "expects": False, "thread": hello["thread"], "request": after["request"],
             "profile": chain["profile"], "seq": seq + 1,
             "body": "\nDisputed term: the counter's; Handler decision required." if kind == "blocked" else "\nNew evidence: the budget memo."}
        if kind == "evidence":
            m["evidence"] = "budget memo 2026-10-01 approves the counter"
        files.append({"name": file_name(m), "text": render(m, file_name(cited) if "sender" in cited else None)})
        last, seq = m, seq + 2


def group_blocks(stream, r, files, folders):
    """OFTEN's "group-blocks" (README note 184 in a group hello: the initiator's `blocked` citing a UUID
    no chain holds, addressed to one responder alone, is in that responder's chain only, so another
    chain's acceptance after it still settles; `--break-group-chains`), drawn after the room as a file
    of its own, so every other draw is as before. In a group hello's thread not archived, for a chain
    whose exact acceptance (`terms: accept`, not delivered twice) follows its welcome: the host's
    `blocked` to another responder alone, citing a UUID nobody wrote, one millisecond before that
    acceptance (group_citations() places its messages in the cited chain itself, so only an acceptance
    of another chain drawn after them tells the two readings apart, and few are)."""
    hello = r.group_hello
    if hello is None or hello["thread"] in folders or stream.random() >= OFTEN["group-blocks"]:
        return
    chains = [c for c in r.chains if c["hello"] is hello]
    answers = [(c, m) for c in chains for m in c["sent"] if m["kind"] == "state" and m.get("terms") == "accept" and not m.get("written_again")]
    if not answers:
        return
    chain, answer = stream.choice(answers)
    others = [c for c in chains if c["responder"] != chain["responder"]]
    if not others or any(m["thread"] == hello["thread"] and answer["ms"] - 1 <= m["ms"] < answer["ms"] for m in r.msgs):
        return
    ms, addressed = answer["ms"] - 1, stream.choice(others)
    # Under the addressed chain's profile, as cite_unheld() writes: a CORE message to a FULL pair downgrades it.
    m = {"id": uuid7(stream, ms), "ms": ms, "sender": hello["sender"], "to": [addressed["responder"]], "kind": "blocked", "arena": hello["arena"],
         "parent": uuid7(stream, ms - 1), "expects": False, "thread": hello["thread"], "request": uuid7(stream, ms),
         "profile": addressed["profile"], "seq": 60, "body": "\nDisputed term: the counter's; Handler decision required."}
    files.append({"name": file_name(m), "text": render(m, None)})


def evidence_resets(stream, r, files, folders, now):
    """OFTEN's "evidence-resets" (section 8: count "since the latest `HANDLER` message or declared new
    external evidence"; `--break-evidence-reset`), drawn after the room as a file of its own, so every
    other draw is as before: where group_budget() made the group hello's budget bind (past_budget()'s
    FYIs past it) and the thread is not archived, the host's `state` declaring `new_evidence` to the
    hello's recipients, or to one responder, citing the thread's last message, between the room's last
    message and the first FYI, so the count starts again there and the FYIs stay within the budget."""
    hello = r.group_hello
    if hello is None or hello.get("budget") is None or hello["thread"] in folders or stream.random() >= OFTEN["evidence-resets"]:
        return
    last = max((m for m in r.msgs if m["thread"] == hello["thread"]), key=lambda m: m["id"])
    responders = [t for t in hello["to"] if t != ALL]
    to = list(hello["to"]) if not responders or stream.random() < 0.5 else [stream.choice(responders)]
    ms = now - 59_500
    m = {"id": uuid7(stream, ms), "ms": ms, "sender": hello["sender"], "to": to, "kind": "state", "arena": hello["arena"],
         "parent": last["id"], "expects": False, "thread": hello["thread"], "request": uuid7(stream, ms),
         "body": "\nNew evidence: the budget memo.", "evidence": "budget memo 2026-10-01 raises the budget"}
    files.append({"name": file_name(m), "text": render(m, file_name(last))})


def blocked_acks(stream, r, files, folders):
    """OFTEN's "blocked-acks": a `blocked` in a FULL chain between its exact welcome and the
    initiator's FULL `ack` ("`hello -> welcome -> ack` establishes"; "establishing -> blocked:
    handler-decision", "Resume only on direct Handler authority or causally declared
    authority-changing evidence", 6), drawn after the room as files of their own, so every other
    draw is as before. In a two-party FULL hello's thread not archived; from the responder (its own
    chain) or the initiator, citing the welcome, to the other; now and then the Handler's word to the
    initiator after it, which lifts it, so that the `ack` establishes after all. Without the lift the
    chain stays blocked and the `ack` establishes nothing (the initiator's is also
    INITIATED_WHILE_BLOCKED: the welcome asked nothing, so the `ack` is no reply still owed)."""
    for chain in r.chains:
        hello, welcome, initiator, responder = chain["hello"], chain["welcome"], chain["initiator"], chain["responder"]
        if chain["profile"] != "FULL" or chain["form"] != "exact" or hello["to"] != [responder] or hello["thread"] in folders:
            continue
        acks = [m for m in chain["sent"] if m["kind"] == "ack"]
        if welcome.get("profile") != "FULL" or len(acks) != 1 or acks[0]["profile"] != "FULL" or acks[0]["parent"] != welcome["id"]:
            continue
        if stream.random() >= OFTEN["blocked-acks"]:
            continue
        ack = acks[0]
        # Room for the added messages between the welcome and the `ack`, before any other of the thread.
        between = [m["ms"] for m in r.msgs if m["thread"] == hello["thread"] and welcome["id"] < m["id"]]
        if min(between) - welcome["ms"] < 10:
            continue
        blocker = stream.choice([initiator, responder])
        ms = welcome["ms"] + 1
        m = {"id": uuid7(stream, ms), "ms": ms, "sender": blocker, "to": [responder if blocker == initiator else initiator], "kind": "blocked",
             "arena": hello["arena"], "parent": welcome["id"], "expects": False, "thread": hello["thread"], "request": uuid7(stream, ms),
             "profile": "FULL", "seq": 40, "body": "\nDisputed term: the corpus; Handler decision required."}
        files.append({"name": file_name(m), "text": render(m, file_name(welcome))})
        if stream.random() < 0.2:
            ms += 1
            lift = {"id": uuid7(stream, ms), "ms": ms, "sender": "HANDLER", "to": [initiator], "kind": "state", "arena": hello["arena"],
                    "parent": m["id"], "expects": False, "thread": hello["thread"], "request": uuid7(stream, ms), "body": "\nHandler: go ahead."}
            files.append({"name": file_name(lift), "text": render(lift, file_name(m))})


def blocked_debts(stream, r, files, folders):
    """OFTEN's "blocked-debts" (README note 152: after its `blocked`, a sender stops initiating but
    still finishes the reply it owes, its first exact causal reply to a question asked of it before
    the `blocked`), drawn after the room as files of their own, so every other draw is as before. In
    a thread not archived holding only a peer's question to VEGA alone (expecting a reply) and VEGA's
    exact reply to it, each one file, VEGA's name claimed before the question: VEGA's `blocked` to
    the peer citing the question, with a `request_id` of its own (no exact reply), just before that
    reply, which still passes; then, just after the reply, VEGA's `state` to the peer citing it,
    which initiates: refused (INITIATED_WHILE_BLOCKED). Now and then the `blocked` carries the
    question's `request_id`, so it is itself the first exact reply, and the reply after it initiates."""
    names = {}
    for f in files:
        names[f["name"][:-3].split(" (")[0]] = names.get(f["name"][:-3].split(" (")[0], 0) + 1
    by_thread = {}
    for m in r.msgs:
        by_thread.setdefault(m["thread"], []).append(m)
    for thread, held in by_thread.items():
        if len(held) != 2 or thread in folders:
            continue
        ask, reply = sorted(held, key=lambda m: m["id"])
        if ask["kind"] not in ("request", "propose") or not ask["expects"] or ask["to"] != [ME] or ask["arena"] != ARENA or ask["sender"] not in PEERS:
            continue
        if reply["sender"] != ME or reply["parent"] != ask["id"] or reply["request"] != ask["request"] or reply["to"] != [ask["sender"]] or reply.get("correction"):
            continue
        # Each one file of the name it was drawn under, sent from its sender's own locus.
        if any(names.get(file_name(m)[:-3], 0) != 1 or "machine" in m for m in (ask, reply)):
            continue
        if any(m["sender"] == ask["sender"] and "machine" in m for m in r.msgs):
            continue
        # VEGA's name claimed before (its hello or welcome): an unclaimed name's `blocked` is refused itself.
        if not any(m["sender"] == ME and m["arena"] == ARENA and m["kind"] in ("hello", "welcome") and m["id"] < ask["id"] for m in r.msgs):
            continue
        if reply["ms"] - ask["ms"] < 10 or stream.random() >= OFTEN["blocked-debts"]:
            continue
        ms = reply["ms"] - 1
        # Now and then the `blocked` carries the question's `request_id`: it is then the exact reply
        # (9: "exact `reply_to` plus `request_id`"), owed no more, and VEGA's reply after it initiates.
        exact = stream.random() < 0.3
        m = {"id": uuid7(stream, ms), "ms": ms, "sender": ME, "to": [ask["sender"]], "kind": "blocked", "arena": ARENA, "parent": ask["id"],
             "expects": False, "thread": thread, "request": ask["request"] if exact else uuid7(stream, ms), "body": "\nDisputed term: the scope; Handler decision required."}
        if reply.get("profile") == "FULL":
            m.update(profile="FULL", seq=reply["seq"] + 10)  # a FULL pair's thread; a seq gap is a note
        files.append({"name": file_name(m), "text": render(m, file_name(ask))})
        ms = reply["ms"] + 1
        m = {"id": uuid7(stream, ms), "ms": ms, "sender": ME, "to": [ask["sender"]], "kind": "state", "arena": ARENA, "parent": reply["id"],
             "expects": False, "thread": thread, "request": uuid7(stream, ms), "body": "\nMeanwhile: a note."}
        if reply.get("profile") == "FULL":
            m.update(profile="FULL", seq=reply["seq"] + 11)
        files.append({"name": file_name(m), "text": render(m, file_name(reply))})


def full_downgrades(stream, r, files, folders):
    """OFTEN's "full-downgrades" (section 2: "Do not silently downgrade FULL requirements"; README
    notes 121 and 128): in a CORE room where VEGA's handshake with one peer is FULL (r.full_peer), a CORE
    message between the two, drawn after the room as a file of its own, so every other draw is as
    before: from either side, to the other (or to `ALL` now and then), a `request` expecting a reply,
    a `propose`, a `state`, a `blocked` or an `ack`; a fresh root mostly, else citing the latest
    message of the pair outside hello threads not archived (in a thread opened under FULL, with a
    `request_id` of its own); sent after the room's last message mostly, else just after a message drawn at random, so
    now and then before the FULL chain's third message established the pair (no downgrade then)."""
    peer = r.full_peer
    if peer is None or stream.random() >= OFTEN["full-downgrades"]:
        return
    if any(m["kind"] == "goodbye" and m["sender"] == peer and m["arena"] == ARENA for m in r.msgs):
        return  # to or from a retired name is refused on its own account
    sender = stream.choice([ME, peer])
    to = [ALL] if stream.random() < 0.2 else [peer if sender == ME else ME]
    kind = stream.choice(["request", "request", "propose", "state", "blocked", "ack"])
    # After its sender claimed its name (its hello or welcome; CALLSIGN_UNCLAIMED before).
    claimed = [m for m in r.msgs if m["sender"] == sender and m["arena"] == ARENA and m["kind"] in ("hello", "welcome")]
    if not claimed:
        return
    after = r.msgs[-1] if stream.random() < 0.7 else stream.choice([m for m in r.msgs if m["id"] >= claimed[0]["id"]])
    ms = after["ms"] + 1
    # Only in a thread of the pair's alone, never a hello's (whose handshake judges what it binds, README
    # note 118) nor one to ALL (held to the budget of every pair of its sender's).
    apart = {m["thread"] for m in r.msgs if m["kind"] == "hello" or {m["sender"], *m["to"]} != {ME, peer}}
    between = [m for m in r.msgs if m["arena"] == ARENA and m["thread"] not in apart and m["thread"] not in folders and m["id"] <= after["id"]]
    cited = between[-1] if between and (kind == "ack" or stream.random() < 0.3) else None
    if kind == "ack" and cited is None:
        kind = "state"  # an `ack` answers a message (REPLY_TO_REQUIRED otherwise)
    m = {"id": uuid7(stream, ms), "ms": ms, "sender": sender, "to": to, "kind": kind, "arena": ARENA,
         "parent": None if cited is None else cited["id"], "expects": kind == "request",
         "thread": uuid7(stream, ms) if cited is None else cited["thread"], "request": uuid7(stream, ms),
         "body": "\nDisputed term: the scope; Handler decision required." if kind == "blocked" else "\nUnder CORE terms."}
    files.append({"name": file_name(m), "text": render(m, None if cited is None else file_name(cited))})


def often(r, name):
    """Whether stream `name` of OFTEN draws its case here (never when the streams are not given)."""
    return r.often is not None and r.often[name].random() < OFTEN[name]


def cite_crossing(stream, msgs, addressed, dispositions, now):
    """OFTEN's "crossings": now and then the disposition of a request a correction across arenas
    names (the other arena's LYRA answering VEGA's repair request there, fix["across"]) is made
    `superseded-by-correction` citing it (its last transition relabelled, else one added): not
    proven, the correction being another arena's participant's (2: a callsign is a name within one
    arena; core/mailbox/README.md, "Reconciliation"), so only
    `--break-correction-arena` reads it proven. Draws only from `stream`."""
    ids = {m["id"]: m for m in addressed}
    named = [(x, ids[i]) for x in msgs if x.get("across") for i in ids
             if {i, file_name(ids[i]), file_name(ids[i])[:-3]} & set(x["correction"].values())]
    if not named or stream.random() >= OFTEN["crossings"]:
        return
    fix, m = named[0]
    cited = {"state": "superseded-by-correction", "cta": "superseded", "correction": fix["id"]}
    mine = [k for k, d in enumerate(dispositions) if d["id"] == m["id"]]
    if mine:
        d = dispositions[mine[-1]]
        dispositions[mine[-1]] = {**{k: d[k] for k in ("id", "at", "request_id", "fingerprint") if k in d}, **cited}
    else:
        dispositions.append({"id": m["id"], "at": iso(now - 30_000), "request_id": m["request"], **cited})


def seat_beside(stream, r, peers, files, now):
    """OFTEN's "seated": now and then `HANDLER-OPS` reconciles a CORE room of one arena drawn for VEGA
    (VEGA's ledger, as NOVA's), after a peer (not a FULL pair's, not retired) asks it a question and
    the Handler sends `ALL` an FYI, both after the room's last message and before `now`: the seat
    owes the question nothing (4: "Addressing HANDLER with expects_reply makes a request, never a
    protocol debt"; `--break-handler` owes it) and `ALL` addresses it, a callsign of the arena
    (`--break-all-seats` misses it). Returns the seat, or None. Draws only from `stream`."""
    if stream.random() >= OFTEN["seated"]:
        return None
    askers = [p for p in peers if p != r.full_peer and not any(m["kind"] == "goodbye" and m["sender"] == p for m in r.msgs)]
    if not askers:
        return None
    seat = "HANDLER-OPS"
    said = [(stream.choice(askers), [seat], "request", True), ("HANDLER", [ALL], "state", False)]
    stream.shuffle(said)
    for k, (sender, to, kind, expects) in enumerate(said):
        ms = now - 40_000 + 20_000 * k
        m = {"id": uuid7(stream, ms), "ms": ms, "sender": sender, "to": to, "kind": kind, "arena": ARENA, "parent": None,
             "expects": expects, "body": "", "thread": uuid7(stream, ms), "request": uuid7(stream, ms)}
        files.append({"name": file_name(m), "text": render(m, None)})
    return seat


def group_budget(stream, r, now):
    """OFTEN's "group-budgets": now and then a CORE group hello (r.group_hello; nobody retired in its arena)
    names an exchange budget no message of the room reaches, the most messages of any thread (the
    hello's own included, so no handshake message is past it; a pair's budget binds its other threads,
    8), 4 to 16; an exact accept settles it, a counter 30 or more. Returns how many of the host's FYIs
    past_budget() adds to the hello's thread (so the last one or more go past the budget once a
    chain accepted it), else 0. Draws only from `stream`."""
    hello = r.group_hello
    if hello is None or r.profile != "CORE" or stream.random() >= OFTEN["group-budgets"]:
        return 0
    if any(m["kind"] == "goodbye" and m["arena"] == hello["arena"] for m in r.msgs):
        return 0  # a retired host sends nothing more, and an FYI to a retired responder is ADDRESSEE_RETIRED
    sizes = {}
    for m in r.msgs:
        sizes[m["thread"]] = sizes.get(m["thread"], 0) + 1
    budget = max(sizes.values()) + 1
    if budget > 16:
        return 0
    hello["budget"] = budget
    return budget - sizes[hello["thread"]] + stream.randint(1, 3)


def past_budget(stream, r, files, now, fyis):
    """The group hello's host sends `fyis` FYIs (`state`, no reply expected) to its responders in the
    hello's thread, each citing the one before, after the room's last message and before `now`."""
    hello = r.group_hello
    last = max((m for m in r.msgs if m["thread"] == hello["thread"]), key=lambda m: m["id"])
    parent = file_name(last)
    for k in range(fyis):
        ms = now - 59_000 + 1_000 * k
        m = {"id": uuid7(stream, ms), "ms": ms, "sender": hello["sender"], "to": hello["to"], "kind": "state", "arena": hello["arena"],
             "parent": last["id"], "expects": False, "body": "", "thread": hello["thread"], "request": uuid7(stream, ms)}
        files.append({"name": file_name(m), "text": render(m, parent)})
        last, parent = m, file_name(m)


def budget_thread(r, budgets):
    """A hello's own thread that reaches its exchange budget (section 8: "The handshake sets a
    per-thread exchange budget ... At the limit, finish replies already owed by `expects_reply`"),
    drawn from `budgets`: VEGA or BUDGET_PEER says hello naming a budget of 2 to 4, the other
    welcomes it with an exact accept (restating the budget or naming none), and then, in the thread,
    each citing the message before it: questions (`request`, `expects_reply`) either asks, exact
    replies to an open one (now and then a second reply to one already answered), FYIs (`state`,
    no reply expected) and, now and then, the Handler's word to both, which resets the count; a few
    messages past the limit, so some are owed replies and some are over budget."""
    limit = budgets.choice(HELLO_BUDGETS)
    opener, other = (ME, BUDGET_PEER) if budgets.random() < 0.5 else (BUDGET_PEER, ME)
    hello = r.add(opener, [other], "hello", expects=True, rng=budgets)
    hello["budget"] = limit
    welcome = r.add(other, [opener], "welcome", parent=hello, rng=budgets)
    if budgets.random() < 0.5:
        welcome["budget"] = limit
    asked, last = [], welcome
    for _ in range(limit + budgets.randint(1, 4)):
        roll = budgets.random()
        sender = budgets.choice([ME, BUDGET_PEER])
        to = BUDGET_PEER if sender == ME else ME
        if roll < 0.08:
            last = r.add("HANDLER", [ME, BUDGET_PEER], "state", parent=last, request=uuid7(budgets, r.ms), rng=budgets)
        elif roll < 0.5 and asked:
            q = budgets.choice(asked)
            if budgets.random() < 0.85:
                asked.remove(q)  # else answered again later: a second reply, never owed
            last = r.add(q["to"][0], [q["sender"]], "reply", parent=q, rng=budgets)
        elif roll < 0.85:
            last = r.add(sender, [to], "request", parent=last, request=uuid7(budgets, r.ms), expects=True, rng=budgets)
            asked.append(last)
        else:
            last = r.add(sender, [to], "state", parent=last, request=uuid7(budgets, r.ms), rng=budgets)


def room(rng, seat=None, elsewhere=0.15, draws=None, shakes=None, budgets=None, acks=None, often_streams=None):
    """The room, and when `seat` names a Handler seat, peers asking it something, answered or not;
    `elsewhere`: how likely the second room in another arena is; `draws`, the stream of the later
    draws (impostors' own claims); `often_streams`, OFTEN's."""
    r = Room(rng)
    r.often = often_streams
    # Now and then the whole case is FULL (every message, so no CORE message downgrades a FULL pair).
    r.profile = "FULL" if shakes is not None and shakes.random() < 0.12 else "CORE"
    r.late = []  # the establishing answers sent after the room's work (handshake())
    r.acks = acks
    r.anomaly_fix = None
    r.other_room = False
    r.group_hello = None
    # The second room's arena: another name mostly, now and then this one in lower case (another arena too).
    r.other_arena = ARENA_OTHER_CASE if rng.random() < 0.3 else OTHER_ARENA
    other_arena = r.other_arena
    peers = PEERS[:rng.randint(1, 3)]
    # Now and then a peer's group hello to VEGA and the other peers, by name or to ALL (6, 8: "to"
    # lists "named responders (or ALL)"), in place of every other handshake of the room: each
    # responder's welcome opens a chain of its own (handshake(): a responder whose name is claimed by
    # its welcome alone always welcomes), and VEGA and each other responder are a pair only from the message at which
    # the group stands whole with both established (README note 132), so VEGA's work with them waits
    # for every chain of the group.
    # Of three peers, often (45%): only there can a third responder keep the group from standing
    # whole while VEGA and another have established, the window README note 132 is about.
    group = shakes is not None and len(peers) >= 2 and shakes.random() < (0.6 if len(peers) == 3 else 0.15)
    if group:
        host = shakes.choice(peers)
        responders = [ME] + [q for q in peers if q != host]
        hello = r.add(host, [ALL] if shakes.random() < 0.3 else list(responders), "hello", expects=True, rng=shakes)
        r.group_hello = hello  # OFTEN's "group-budgets" may give it a budget that binds (group_budget())
        shakes.shuffle(responders)
        # Of three responders, now and then one other than VEGA keeps the group from standing whole
        # (its chain countered and accepted late, or never) while VEGA and the other have established.
        pending = shakes.choice([q for q in responders if q != ME]) if len(responders) > 2 and shakes.random() < 0.7 else None
        for q in responders:
            handshake(r, shakes, hello, r.add(q, [host], "welcome", parent=hello, rng=shakes), pending=q == pending)
        if pending is not None and shakes.random() < 0.8:
            # While the group does not stand whole, the other responder asks VEGA and VEGA answers:
            # work between two responders not yet grouped, so before establishment (README note 132)
            # even when both their chains with the host are established.
            other = next(q for q in responders if q not in (ME, pending))
            r.add(ME, [other], "reply", parent=r.add(other, [ME], "request", expects=True, rng=shakes), rng=shakes)
    # Now and then, in a CORE room, VEGA's handshake with one peer is FULL (a FULL pair among CORE
    # pairs): it needs its third message, and VEGA's and that peer's other messages in the arena, and
    # every message of a thread one of them opens, are FULL, so none downgrades the pair.
    r.full_peer = shakes.choice(peers) if shakes is not None and not group and r.profile == "CORE" and shakes.random() < 0.15 else None
    if r.full_peer is None and r.acks is not None and not group and r.profile == "CORE" and r.acks.random() < FULL_PEER_EXTRA:
        r.full_peer = r.acks.choice(peers)
    for p in [] if group else peers:
        if rng.random() < 0.5:
            hello = r.add(ME, [p], "hello", expects=True)
            if p == r.full_peer:
                hello["profile"] = "FULL"
            welcome = r.add(p, [ME], "welcome", parent=hello)
            handshake(r, shakes, hello, welcome)
        else:
            hello = r.add(p, [ME], "hello", expects=True)
            if p == r.full_peer:
                hello["profile"] = "FULL"
            if draws is not None and draws.random() < 0.1:
                # The peer asks at once, before VEGA welcomed its hello; VEGA answers before its welcome
                # half the time: a reply before the pair was established (6: "Until a thread is
                # established, do not begin claimed work"), not the reply owed, else after it.
                ask = r.add(p, [ME], "request", expects=True, rng=draws)
                early = draws.random() < 0.5
                if early:
                    r.add(ME, [p], "reply", parent=ask, rng=draws)
                handshake(r, shakes, hello, r.add(ME, [p], "welcome", parent=hello))
                if not early:
                    r.add(ME, [p], "reply", parent=ask, rng=draws)
            else:
                handshake(r, shakes, hello, r.add(ME, [p], "welcome", parent=hello))
            continue
        if rng.random() < 0.3:
            # VEGA's first work message cites the welcome: it acknowledges it (6), with a request of its own.
            r.add(ME, [p], "request", parent=welcome, request=uuid7(rng, r.ms), expects=rng.random() < 0.5)
    # The peers shake hands too, so a request to VEGA and another peer is valid work.
    for k, p in enumerate([] if group else peers):
        for q in peers[k + 1:]:
            hello = r.add(p, [q], "hello", expects=True)
            handshake(r, shakes, hello, r.add(q, [p], "welcome", parent=hello))
    for _ in range(rng.randint(1, 6)):
        p = rng.choice(peers)
        others = [q for q in peers if q != p]
        kind = rng.choice(["request"] * 4 + ["propose"])
        roll = rng.random()
        # Now and then to the whole room (`to: [ALL]`, 8: the FYI, the open task, the vote).
        to = [ALL] if roll < 0.07 else [ME] + others[:1] if others and roll < 0.35 else [ME]
        req = r.add(p, to, kind, expects=rng.random() < 0.7)
        roll = rng.random()
        if roll < 0.35:
            first = r.add(ME, [p], "reply", parent=req)
            if rng.random() < 0.05:
                r.add(ME, [p], "reply", parent=req)  # answered twice
            elif rng.random() < 0.12:
                # VEGA replaces its reply: a later exact reply naming it in meta.mailbox.correction
                # (or naming something else); now and then a third naming the second or the first.
                second = r.add(ME, [p], "reply", parent=req)
                second["correction"] = naming(rng, first)
                if rng.random() < 0.3:
                    third = r.add(ME, [p], "reply", parent=req)
                    third["correction"] = naming(rng, rng.choice([first, second]))
        elif roll < 0.45:
            r.add(ME, [p], "reply", parent=req, request=uuid7(rng, r.ms))  # inexact: another request_id
        elif roll < 0.5:
            r.add(ME, [p], "ack", parent=req)
        if rng.random() < 0.12:
            # A repair round (7): VEGA asks for a correction, the requester (or another peer) answers
            # it naming the original in meta.mailbox.correction (or not); now and then the answer
            # cites the original rather than the repair request.
            ask = r.add(ME, [p], "request", parent=req, request=uuid7(rng, r.ms), expects=True)
            fixer = p if rng.random() < 0.8 or not others else others[0]
            cite = ask if rng.random() < 0.85 else req
            fix = r.add(fixer, [ME], "reply" if cite is ask else "state", parent=cite, request=ask["request"] if cite is ask else uuid7(rng, r.ms))
            fix["correction"] = naming(rng, req)
            if rng.random() < 0.25:
                quarantine_correction(rng, r, ask, fix)
        roll = rng.random()
        if roll < 0.2:
            r.add(p, to, "cancel", parent=req)
        elif roll < 0.25 and others:
            r.add(p, others[:1], "cancel", parent=req)  # withdraws it from another only
        elif roll < 0.3:
            r.add(p, [ME], "cancel", parent=req, request=uuid7(rng, r.ms))  # another request_id
        elif roll < 0.35 and others:
            r.add(others[0], [ME], "cancel", parent=req)  # not the requester's
        if rng.random() < 0.3:
            # The requester closes the thread; VEGA acknowledges the close (or not yet).
            close = r.add(p, [ME], "close", parent=r.msgs[-1] if r.msgs[-1]["thread"] == req["thread"] else req, expects=True)
            if rng.random() < 0.8:
                r.add(ME, [p], "ack", parent=close)
    # The establishing answers drawn late: the work above came before them.
    for send in r.late:
        send()
    r.late = []
    if rng.random() < elsewhere:
        # A second room in another arena, where VEGA and LYRA are other ledgers' callsigns: none of
        # it is addressed to the VEGA reconciled, nor its evidence.
        r.other_room = True
        hello = r.add(ME, ["LYRA"], "hello", expects=True, arena=other_arena)
        handshake(r, shakes, hello, r.add("LYRA", [ME], "welcome", parent=hello, arena=other_arena))
        ask = r.add("LYRA", [ME], "request", expects=True, arena=other_arena)
        if rng.random() < 0.5:
            r.add(ME, ["LYRA"], "reply", parent=ask, arena=ARENA if often(r, "mismatches") else other_arena)
        asked = [m for m in r.msgs if m["sender"] == "LYRA" and ME in m["to"] and m["arena"] == ARENA and m["kind"] in ("request", "propose")]
        if asked and rng.random() < 0.8:
            # A correction across arenas: the other arena's VEGA asks, the other arena's LYRA answers
            # naming a request LYRA sent VEGA here (a callsign is a name within one arena, 2).
            # Now and then the answer is in this arena, answering the other arena's request
            # (PARENT_ARENA_MISMATCH: a causal response in another arena than its parent's).
            ask = r.add(ME, ["LYRA"], "request", expects=True, arena=other_arena)
            fix = r.add("LYRA", [ME], "reply", parent=ask, arena=other_arena if rng.random() < 0.75 else ARENA)
            fix["correction"] = naming(rng, rng.choice(asked))
            fix["across"] = True  # OFTEN's "crossings" may cite it in the original's disposition
        if rng.random() < 0.3:
            # The other arena's LYRA asks its whole room (`ALL` there: its VEGA, not this one).
            r.add("LYRA", [ALL], "request", expects=True, arena=other_arena)
        # Now and then the other arena's LYRA holds its name from another machine: claims are per
        # arena (4), so this arena's holder sending there is someone else in LYRA's name.
        r.lyra_lab = rng.random() < 0.3
    if rng.random() < 0.1:
        # Two or three loci sending in one peer's name after its holder claimed it (4: the name's
        # non-holding loci are CALLSIGN_HELD), each once or twice, to VEGA or to ALL; VEGA answers
        # one now and then. With the second room, the other arena's LYRA too, or the holder of one
        # arena's LYRA sending in the other (a callsign is a name within one arena, 2).
        victim = "LYRA" if r.other_room and rng.random() < 0.6 else rng.choice(peers)
        loci = ELSEWHERES + [(victim + "-BOX", "d2" * 32)]
        for locus in rng.sample(loci, rng.randint(2, 3)):
            for _ in range(rng.randint(1, 2)):
                where = other_arena if victim == "LYRA" and r.other_room and rng.random() < 0.4 else ARENA
                m = r.add(victim, rng.choice([[ME], [ME], [ALL]]), rng.choice(["request", "propose"]), expects=rng.random() < 0.7, arena=where)
                m["machine"], m["root"] = locus
                if rng.random() < 0.2:
                    r.add(ME, [victim], "reply", parent=m, arena=where)
    if getattr(r, "lyra_lab", False) and rng.random() < 0.6:
        # Each arena's holder of LYRA in the other's: this arena's LYRA-BOX there, the other's
        # LYRA-LAB here, or both; each is someone else in that arena's LYRA's name.
        for machine, where in rng.choice([[("LYRA-BOX", other_arena)], [("LYRA-LAB", ARENA)], [("LYRA-BOX", other_arena), ("LYRA-LAB", ARENA)]]):
            m = r.add("LYRA", [ME], "request", expects=True, arena=where)
            m["machine"], m["root"] = machine, ROOT
    if draws is not None:
        impostor_claims(draws, r, peers)
    # Now and then the seat reconciling is silent: nothing names it and it sends nothing, so it is
    # no callsign of the arena, and `ALL` (from another seat) addresses it not.
    silent = seat is not None and rng.random() < 0.4
    if rng.random() < (1 if silent else 0.5 if seat is not None else 0.1):
        # The Handler (or a second seat, when one reconciles) writes to the whole room: an FYI or a
        # request; VEGA answers the request now and then.
        kind = rng.choice(["state", "request"])
        sender = ("HANDLER-OPS" if seat == "HANDLER" else "HANDLER") if silent else rng.choice(["HANDLER", "HANDLER-OPS"]) if seat is not None else "HANDLER"
        said = r.add(sender, [ALL], kind, expects=kind == "request")
        if said["expects"] and rng.random() < 0.5:
            if seat is None and often(r, "seats"):
                said["sender"] = "HANDLER-OPS"  # OFTEN's: the question VEGA answers asked from another seat
            r.add(ME, [said["sender"]], "reply", parent=said)
    if rng.random() < 0.1:
        # VEGA asks the whole room; a peer answers, or not yet.
        said = r.add(ME, [ALL], "request", expects=rng.random() < 0.6)
        if rng.random() < 0.5:
            r.add(rng.choice(peers), [ME], "reply", parent=said)
    if rng.random() < (0.6 if seat == "HANDLER" else 0.1) and not silent:
        # The Handler asks VEGA something; VEGA answers it, or not yet.
        ask = r.add("HANDLER", [ME], "request", expects=True)
        if rng.random() < 0.5:
            if seat is None and often(r, "seats"):
                ask["sender"] = "HANDLER-OPS"  # OFTEN's, as above
            r.add(ME, [ask["sender"]], "reply", parent=ask)
    if seat is not None:
        # Peers ask the Handler seat, `HANDLER` or one of several `HANDLER-<NAME>` (4: "Addressing
        # HANDLER with expects_reply makes a request, never a protocol debt"); it answers some.
        # Now and then none: a seat nobody names or hears from is no callsign of the arena, and `ALL` misses it.
        for _ in range(0 if silent else rng.randint(1, 3)):
            ask = r.add(rng.choice(peers + [ME]), [seat], rng.choice(["request", "propose"]), expects=rng.random() < 0.7)
            if rng.random() < 0.4:
                r.add(seat, [ask["sender"]], "reply", parent=ask)
    if rng.random() < 0.15:
        # A repair round for a refused file (drawn in case() as the first anomaly, under this UUID):
        # VEGA asks a peer for a correction, and that peer (or another) answers naming the file;
        # now and then in the other arena's room (VEGA asking LYRA there), or quarantined.
        there = r.other_room and rng.random() < 0.4
        p = "LYRA" if there else rng.choice(peers)
        arena = other_arena if there else ARENA
        ask = r.add(ME, [p], "request", expects=True, arena=arena)
        fixer = p if there or rng.random() < 0.8 or len(peers) == 1 else rng.choice([q for q in peers if q != p])
        fix = r.add(fixer, [ME], "reply", parent=ask, arena=arena)
        if rng.random() < 0.15:
            quarantine_correction(rng, r, ask, fix)
        anomaly_id = uuid7(rng, START_MS)
        roll = rng.random()
        fix["correction"] = {"original": anomaly_id if roll < 0.45 else "anomaly-0.md" if roll < 0.65 else "anomaly-0" if roll < 0.8 else uuid7(rng, r.ms)}
        r.anomaly_fix = {"id": anomaly_id, "ask": ask, "fix": fix}
    for send in r.late:
        send()  # the other room's, late (before anyone there retires)
    if r.other_room and rng.random() < 0.3:
        # The other arena's LYRA retires there, after all it sent there: this arena's LYRA is
        # another callsign (8: "final retires the callsign permanently in that arena").
        r.add("LYRA", [ME], "goodbye", body="\nre-entry: final", arena=other_arena)
    if rng.random() < 0.3:
        # One requester leaves (to VEGA alone: a goodbye to a name retired before it would be refused).
        r.add(rng.choice(peers), [ME], "goodbye", body=f"\nre-entry: {rng.choice(['final', 'final', 'returning'])}")
    if getattr(r, "lyra_lab", False):
        for m in r.msgs:
            if m["sender"] == "LYRA" and m["arena"] == other_arena and "machine" not in m:
                m["machine"] = "LYRA-LAB"
    if budgets is not None and not group and r.profile == "CORE" and budgets.random() < BUDGET_THREAD_SHARE:
        budget_thread(r, budgets)
    if r.profile == "FULL":
        # Every message FULL but a handshake's CORE counter or its acceptance (handshake()).
        for m in r.msgs:
            m.setdefault("profile", "FULL")
    elif r.full_peer is not None:
        # The FULL pair's handshake thread, and outside hello threads the pair's own messages in the
        # arena and every message of a thread holding one of them: a thread opened under FULL stays
        # FULL (4: FULL is not downgraded), and its opener is its first message the identity rules
        # keep, which need not be the first drawn (a request delivered twice with other bytes).
        hello_threads = {m["thread"] for m in r.msgs if m["kind"] == "hello"}
        # An impostor's hello in the peer's name, or VEGA's fresh hello it welcomes, is between the
        # pair too: FULL, so VEGA's welcome of it does not downgrade the pair.
        pair = {ME, r.full_peer}
        full_threads = {m["thread"] for m in r.msgs if m["arena"] == ARENA and (
            (m["kind"] == "hello" and {m["sender"], *m["to"]} == pair) or
            (m["thread"] not in hello_threads and m["sender"] in pair))}
        for m in r.msgs:
            if m["thread"] in full_threads:
                m.setdefault("profile", "FULL")
    # Each FULL message with a sequence per sender and thread in its arena (4).
    seqs = {}
    for m in r.msgs:
        if m.get("profile") == "FULL":
            key = (m["arena"], m["sender"], m["thread"])
            seqs[key] = m["seq"] = seqs.get(key, 0) + 1
    return peers, r


def transition(rng, m, msgs, now, me=ME):
    """One disposition transition for `m`, in `me`'s ledger."""
    fixes = [x for x in msgs if x.get("correction") is not None and x["sender"] != me]
    state = rng.choice(["acted", "replied", "replied", "no-reply-required", "rejected-scope", "deferred", "deferred",
                        "blocked: handler-decision", "needs-audit", "historical-debt"] + (["superseded-by-correction"] * 3 if fixes else []))
    consistent = {"superseded-by-correction": "superseded", "acted": "completed", "replied": "completed", "no-reply-required": "none", "rejected-scope": "none",
                  "deferred": "pending", "blocked: handler-decision": "blocked", "needs-audit": "none", "historical-debt": "none"}
    cta = consistent[state] if rng.random() < 0.75 else rng.choice(["none", "pending", "active", "blocked", "completed", "superseded"])
    d = {"id": m["id"], "state": state, "cta": cta, "at": iso(now - 30_000)}
    if rng.random() < 0.8:
        d["request_id"] = m["request"] if rng.random() < 0.9 else uuid7(rng, now)
    if state == "acted" and rng.random() < 0.9:
        d["effect"] = "commit 1a2b3c"
    if state == "replied" and rng.random() < 0.95:
        mine = [x for x in msgs if x["sender"] == me and x["parent"] == m["id"]]
        d["reply"] = rng.choice(mine)["id"] if mine and rng.random() < 0.85 else uuid7(rng, now)
    if state == "rejected-scope" and rng.random() < 0.9 or state not in ("rejected-scope",) and rng.random() < 0.08:
        d["handler"] = "HANDLER direction 2026-10-01"
    if state == "superseded-by-correction" and rng.random() < 0.95:
        # The correction of this message mostly, else another's, a message that is none, or a UUID nobody wrote.
        own = [x for x in fixes if m["id"] in x["correction"].values() or file_name(m) in x["correction"].values() or file_name(m)[:-3] in x["correction"].values()]
        roll = rng.random()
        d["correction"] = rng.choice(own)["id"] if own and roll < 0.7 else rng.choice(fixes)["id"] if roll < 0.85 else rng.choice(msgs)["id"] if roll < 0.93 else uuid7(rng, now)
    if state == "deferred":
        if rng.random() < 0.95:
            d["owner"] = me
            d["resume_after"] = iso_exact(now + rng.choice([-120_000, -60_000, -500, 0, 500, 60_000, 3_600_000]))
    if state == "blocked: handler-decision" and rng.random() < 0.5:
        d["expires"] = iso_exact(now + rng.choice([-60_000, -500, 0, 500, 60_000]))
    if state == "needs-audit" and cta in ("pending", "active", "blocked") and rng.random() < 0.8:
        d["work_blocked_reason" if rng.random() < 0.5 else "work_continues"] = "Handler record 12"
    return d


def tidy_transition(rng, m, msgs, now, me=ME):
    """The transition a careful participant records: replied with its exact reply, no-reply-required
    for a withdrawn request or one expecting none, else an outstanding state."""
    exact = [x for x in msgs if x["sender"] == me and x["parent"] == m["id"] and (x["request"] == m["request"] or m["kind"] == "welcome") and x["kind"] != "hello"]
    withdrawn = any(x["kind"] == "cancel" and x["parent"] == m["id"] and x["sender"] == m["sender"] and x["request"] == m["request"] and (me in x["to"] or ALL in x["to"]) for x in msgs)
    base = {"id": m["id"], "at": iso(now - 30_000), "request_id": m["request"]}
    # A correction its sender published in answer to VEGA's repair request, naming it: superseded.
    asks = {x["id"] for x in msgs if x["sender"] == me}
    fixed = [x for x in msgs if x.get("correction") is not None and x["sender"] == m["sender"] and x["parent"] in asks
             and {m["id"], file_name(m), file_name(m)[:-3]} & set(x["correction"].values())]
    if fixed and not exact and rng.random() < 0.8:
        return {**base, "state": "superseded-by-correction", "cta": "superseded", "correction": fixed[0]["id"]}
    if exact:
        return {**base, "state": "replied", "cta": "completed", "reply": exact[0]["id"]}
    if withdrawn or not m["expects"]:
        return {**base, "state": "no-reply-required", "cta": "superseded" if withdrawn else "none"}
    return transition(rng, m, msgs, now, me)


def case(rng, draws=None, shakes=None, budgets=None, acks=None, often_streams=None):
    # Who reconciles, in which arena: VEGA in the room's arena mostly; now and then the Handler
    # seat, VEGA with no arena given (several arenas when the second room is drawn), VEGA in an
    # arena where it is nobody, or a callsign no message names (README: "Decision: one arena").
    roll = rng.random()
    who, arena = ((rng.choice(["HANDLER", "HANDLER", "HANDLER-OPS"]), rng.choice([ARENA] * 3 + [None, THIRD_ARENA])) if roll < 0.08 else (ME, None) if roll < 0.13 else (ME, THIRD_ARENA) if roll < 0.16
                  else (NEWCOMER, rng.choice([ARENA, None])) if roll < 0.19 else (ME, ARENA))
    # With no arena given, the second room is likelier: VEGA is then a callsign of two arenas.
    elsewhere = 0.5 if arena is None else 0.15
    if (who, arena) == (ME, ARENA) and often_streams is not None and often_streams["strangers"].random() < OFTEN["strangers"]:
        who, arena = NEWCOMER, None  # OFTEN's: the room as drawn for VEGA, its second room as likely
    # The ledger drawn is the participant's, or VEGA's when the participant is nobody here.
    owner = who if who == ME or who.startswith("HANDLER") else ME
    peers, r = room(rng, seat=who if who.startswith("HANDLER") else None, elsewhere=elsewhere, draws=draws, shakes=shakes,
                    budgets=budgets, acks=acks, often_streams=often_streams)
    msgs = r.msgs
    now = r.ms + 60_000
    # Some threads archived (section 13: a closed thread, moved whole into archive/<thread-slug>/):
    # mostly closed ones, now and then an open one, a thread split between the archive and the
    # inbox, or two threads in one folder.
    by_thread = {}
    for m in msgs:
        by_thread.setdefault(m["thread"], []).append(m)
    closed = {t for t, ms in by_thread.items() if any(m["kind"] == "close" for m in ms)}
    folders = {t: f"thread-{t[-6:]}" for t in by_thread if rng.random() < (0.6 if t in closed else 0.08)}
    if len(folders) > 1 and rng.random() < 0.15:
        a, b = rng.sample(sorted(folders), 2)
        folders[b] = folders[a]
    # Now and then some messages name their arena by `pod` alone, or by `arena` beside a `pod` naming
    # another (the alias stands in only for a missing arena).
    roll = rng.random()
    alias = "pod" if roll < 0.06 else "both" if roll < 0.1 else None
    if alias is not None:
        for m in msgs:
            if rng.random() < 0.3:
                m["alias"] = alias
                m["pod"] = rng.choice([OTHER_ARENA, THIRD_ARENA, ARENA_OTHER_CASE, ARENA])
    fyis = group_budget(often_streams["group-budgets"], r, now) if often_streams is not None else 0
    names = {}
    files = []
    for m in msgs:
        names[m["id"]] = file_name(m)
    thread_of = {names[m["id"]]: m["thread"] for m in msgs}
    for m in msgs:
        f = {"name": names[m["id"]], "text": render(m, names.get(m["parent"]))}
        if m["thread"] in folders and rng.random() > 0.05:
            f["archive"] = folders[m["thread"]]
        files.append(f)
    # A thread copied into the archive rather than moved: the same bytes in the inbox too.
    copied = {t for t in folders if rng.random() < 0.15}
    files += [{"name": f["name"], "text": f["text"]} for f in list(files) if "archive" in f and f["archive"] == folders.get(thread_of[f["name"]]) and thread_of[f["name"]] in copied]
    # A quarantined correction or repair request delivered twice, with other bytes.
    for m in msgs:
        if m.get("twice"):
            f = next(x for x in files if x["name"] == names[m["id"]])
            files.append({"name": f["name"][:-3] + " (1).md", "text": f["text"] + "Written again.\n"})
    # A FULL chain's acceptance delivered twice with other bytes (OFTEN's "unsettled-acks", handshake()).
    for m in msgs:
        if m.get("written_again"):
            f = next(x for x in files if x["name"] == names[m["id"]])
            files.append({"name": f["name"][:-3] + " (1).md", "text": f["text"] + "Written again.\n"})
    # Addressed to VEGA (another arena's too: a ledger may hold a disposition or cursor entry for it).
    arena_members = members(msgs)
    addressed = [m for m in msgs if addresses(m, owner, arena_members)]
    # A file delivered twice: the same bytes, or other bytes under the same UUID.
    # Never a handshake message: other bytes under its UUID would leave the pair unestablished.
    duplicable = [m for m in msgs if m["kind"] not in ("hello", "welcome") and not m.get("twice") and (owner in m["to"] or m["sender"] == owner or rng.random() < 0.2)]
    if duplicable and rng.random() < 0.15:
        m = rng.choice(duplicable)
        f = next(x for x in files if x["name"] == names[m["id"]])
        text = f["text"] if rng.random() < 0.5 else f["text"] + "Written again.\n"
        files.append({"name": f["name"][:-3] + " (1).md", "text": text})
    # The bytes handled, which a transition may record (a message is create-once: other bytes later
    # mean it was edited in place): mostly its file's, now and then other bytes.
    handled = {m["id"]: hashlib.sha256(next(f["text"] for f in files if f["name"] == names[m["id"]]).encode()).hexdigest() for m in addressed}

    def fingerprinted(d):
        roll = rng.random()
        if roll < 0.15:
            d["fingerprint"] = handled[d["id"]]
        elif roll < 0.2:
            d["fingerprint"] = hashlib.sha256(f"edited {rng.random()}".encode()).hexdigest()
        return d
    dispositions = []
    # A tidy ledger (most of the time): every message dispositioned once, as its evidence says.
    tidy = rng.random() < 0.5
    for m in addressed:
        if tidy:
            dispositions.append(fingerprinted(tidy_transition(rng, m, msgs, now, owner)))
            continue
        roll = rng.random()
        if roll < 0.25:
            continue
        dispositions.append(fingerprinted(transition(rng, m, msgs, now, owner)))
        if rng.random() < 0.2:
            dispositions.append(fingerprinted(transition(rng, m, msgs, now, owner)))
    if rng.random() < 0.1:
        dispositions.append({"id": uuid7(rng, now), "state": "no-reply-required", "cta": "none"})
    # A transition or cursor entry keyed by a message not addressed to VEGA: its own, or one sent
    # to others only (another arena's message to VEGA is drawn among `addressed` already).
    stray = [m for m in msgs if not addresses(m, owner, arena_members)]
    if stray and rng.random() < 0.15:
        m = rng.choice(stray)
        dispositions.append({"id": m["id"], "state": rng.choice(["no-reply-required", "needs-audit"]), "cta": "none", "at": iso(now - 30_000)})
    rng.shuffle(dispositions) if rng.random() < 0.05 else None
    if often_streams is not None and who == ME and arena in (ARENA, None):
        cite_crossing(often_streams["crossings"], msgs, addressed, dispositions, now)
    cursor = [m["id"] for m in addressed if rng.random() < (0.1 if tidy else 0.3)]
    if stray and rng.random() < 0.15:
        cursor.append(rng.choice(stray)["id"])
    if addressed and rng.random() < 0.08:
        # An entry that is not a UUID as written: upper case, padded, or a file name.
        m = rng.choice(addressed)
        cursor.append(rng.choice([m["id"].upper(), f" {m['id']}", names[m["id"]], "not-a-uuid"]))
    anomalies, index = [], []
    ids = {m["id"] for m in msgs}
    fix = r.anomaly_fix
    for k in range(rng.choice([0, 0, 0, 1, 2]) if fix is None else rng.choice([1, 1, 2])):
        text = f"broken {k} {rng.random()}"
        fingerprint = hashlib.sha256(text.encode()).hexdigest()
        trusted = rng.random() < 0.6 or (fix is not None and k == 0)
        # Now and then a refused file under the UUID of a message of the room (a duplicate UUID).
        taken = trusted and rng.random() < 0.3 and not (fix is not None and k == 0)
        a = {"fingerprint": fingerprint, "file": f"anomaly-{k}.md", "id": (rng.choice(msgs)["id"] if taken else uuid7(rng, now)) if trusted else None,
             "to": rng.choice([[owner], [owner], ["LYRA"], None]), "reason": "FIELD_MISSING"}
        # The arena its envelope names (README note 134): the room's mostly, now and then the other
        # room's, or unreadable (null, or left out); the repair round's file is the room's mostly.
        roll = rng.random()
        if roll < 0.1:
            a["arena"] = r.other_arena if r.other_room else OTHER_ARENA
        elif roll < 0.14:
            a["arena"] = ARENA_OTHER_CASE  # another arena, though it differs from the room's only in case
        elif roll < 0.2:
            a["arena"] = None
        elif roll > 0.26:
            a["arena"] = ARENA
        if fix is not None and k == 0:
            a["id"] = fix["id"]  # the refused file the repair round is about
        # Now and then a second refused file under an earlier one's UUID that no message of the room
        # holds (a duplicate UUID): with other bytes and recipients, or the same bytes again.
        earlier = [b for b in anomalies if b["id"] is not None and b["id"] not in ids]
        if earlier and rng.random() < 0.5:
            b = rng.choice(earlier)
            trusted = True
            a["id"] = b["id"]
            if rng.random() < 0.3:
                a["fingerprint"], a["to"] = b["fingerprint"], b["to"]
                if "arena" in b:
                    a["arena"] = b["arena"]
                else:
                    a.pop("arena", None)
        anomalies.append(a)
        if fix is not None and k == 0 and rng.random() < 0.8:
            # superseded-by-correction citing the repair round's answer, mostly; else the repair
            # request itself, or a UUID nobody wrote.
            roll = rng.random()
            cites = fix["fix"]["id"] if roll < 0.8 else fix["ask"]["id"] if roll < 0.9 else uuid7(rng, now)
            dispositions.append({"id": a["id"], "state": "superseded-by-correction", "cta": "superseded", "correction": cites})
        elif trusted and rng.random() < 0.6:
            state = rng.choice(["needs-audit", "historical-debt", "no-reply-required", "acted", "deferred", "blocked: handler-decision"])
            d = {"id": a["id"], "state": state, "cta": "none"}
            if state == "acted":
                d["effect"] = "commit 1a2b3c"
            if state == "deferred":
                d.update(owner=owner, resume_after=iso(now + 60_000))
            if rng.random() < 0.3:
                d["handler"] = "HANDLER direction 2026-10-01"
            dispositions.append(d)
        if rng.random() < 0.25:
            index.append({"file": a["file"], "fingerprint": a["fingerprint"], "state": rng.choice(["closed", "closed", "open"])})
    if draws is not None:
        refused_files(draws, anomalies, index, r, owner)
    # Now and then a cursor entry holding a refused file's UUID (its own, or one it shares).
    carried = [a["id"] for a in anomalies if a["id"] is not None]
    if carried and rng.random() < 0.2:
        cursor.append(rng.choice(carried))
    if often_streams is not None and (who, arena) == (ME, ARENA) and not r.other_room and r.profile == "CORE":
        who = seat_beside(often_streams["seated"], r, peers, files, now) or who
    if fyis:
        past_budget(often_streams["group-budgets"], r, files, now, fyis)
    if often_streams is not None:
        initiator_citations(often_streams["initiator-citations"], r, files, folders)
        group_citations(often_streams["group-citations"], r, files, folders)
        blocked_acks(often_streams["blocked-acks"], r, files, folders)
        blocked_debts(often_streams["blocked-debts"], r, files, folders)
        group_blocks(often_streams["group-blocks"], r, files, folders)
        full_downgrades(often_streams["full-downgrades"], r, files, folders)
        if fyis:
            evidence_resets(often_streams["evidence-resets"], r, files, folders, now)
    # Read as `rw mailbox check` reads a room: the inbox's files first, then the archive's.
    files = [f for f in files if "archive" not in f] + [f for f in files if "archive" in f]
    out = {"participant": who, "arena": arena, "files": files, "dispositions": dispositions, "cursor": cursor,
           "anomalies": anomalies, "anomalyIndex": index, "now": now}
    primer = rng.choice(["present", "present", "missing", "unusable", None])
    if primer is not None:
        out["primer"] = primer
    return out


def cases(count, seed):
    rng = random.Random(seed)
    # The later draws (impostors' own claims, refused files' bytes) from a stream of their own: the
    # cases before the first that has an impostor are drawn as before (after it, the case's other
    # draws run over more messages, and the cases differ).
    draws = random.Random(f"{seed} draws")
    # The handshakes' terms (counters, FULL), from a stream of their own too.
    shakes = random.Random(f"{seed} handshakes")
    # A hello's own thread reaching its exchange budget (budget_thread()), and a CORE `ack` of a FULL
    # pair's acceptance drawn more often (handshake()), from a stream of their own.
    budgets = random.Random(f"{seed} budgets")
    acks = random.Random(f"{seed} acks")
    # A thin planted fault's case drawn more often (OFTEN), each from a stream of its own.
    often_streams = {name: random.Random(f"{seed} {name}") for name in OFTEN}
    for _ in range(count):
        yield case(rng, draws, shakes, budgets, acks, often_streams)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for c in cases(count, seed):
        print(json.dumps(c))
