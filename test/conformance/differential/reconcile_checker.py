"""An independent reading of mailbox reconciliation (sections 3, 7, 9, 12, 13 of the Agent Mailbox spec), for
the differential check against core `reconcile`. Written from the spec and the READMEs' readings,
not from core/mailbox/*.ts. It reads the case's files itself (a small line reader of the CORE
envelope generate_reconcile.py writes) and decides, for the participant: every count section 3
names, work-clean, readiness-clean, the status, each addressed message's next action, whether its
reply is still open and its effective disposition, the UUIDs the cursor may take, and the codes of
the findings it models (MODELED).

Readings followed where the spec leaves a choice (README conformance notes, core/mailbox/README.md):
- the arenas reconciled are the one given, else those where the callsign sends or is named (2: a
  callsign is a name within one arena; 9: a ledger is reused on "an exact owner/arena/root
  match"): several read together are ARENA_AMBIGUOUS (an error), one given where the callsign is
  nobody while it is somebody elsewhere ARENA_FOREIGN (an error), a callsign found in no arena
  CALLSIGN_UNSEEN (a note; ARENA_FOREIGN is said instead when it is found elsewhere);
- a message addresses the participant when its `to` names it, or is `[ALL]` and the participant is
  a callsign of the message's arena other than its sender: one that sends there or is named there,
  a Handler seat as any other (core/mailbox/README.md, "Reconciliation"; 8);
- a message's arena is its `arena`, or its `pod` when `arena` is missing (4: "`pod` is accepted
  only as a deprecated Lyt v1 alias"; core/mailbox/README.md: it "stands in for a missing
  `arena`"), and arenas compare exactly, in case too ("arena and machine compare exactly");
- a Handler seat (`HANDLER`, `HANDLER-<NAME>`) owes no reply: "Addressing `HANDLER` with
  `expects_reply` makes a request, never a protocol debt" (4);
- a message is quarantined when other bytes are delivered under its UUID (an anomaly, section 10),
  when it is sent in a callsign's name from another locus (machine and root) than the one the
  callsign's first message in that arena claimed (CALLSIGN_HELD, 4: every other locus, however many,
  each of its messages; claims are per arena, so one arena's holder is held in another), or when an agent's answer to
  anyone but the Handler cites such a message (core/mailbox/README.md: PARENT_QUARANTINED, one
  level deep), when it answers a message of another arena (PARENT_ARENA_MISMATCH, 4), or when it
  answers again what its sender already answered (REPLY_REPUBLISHED: "Never republish", 9); a
  quarantined message owes and pays nothing, is never handled and counts as an anomaly per file
  when its UUID is duplicated;
- so is a `claim`, `deliver`, `reply` or `ratify` that speaks for its sender when no pair between
  its sender and every agent it addresses was established before it in UUID order
  (WORK_BEFORE_ESTABLISHED, section 6: "Until a thread is established, do not begin claimed work";
  core/mailbox/README.md, "The right to work outside a handshake's thread";
  reconcile_establishment.py): still its sender's word, so its answers are not PARENT_QUARANTINED,
  but a reply found so is not the reply owed; establishment is read through counters, FULL's third
  message and group hellos there;
- so is a CORE `ack` of a FULL acceptance (PROFILE_DOWNGRADE: only a FULL `ack` is the third message);
- so is a CORE message outside a hello's thread between callsigns established under FULL before it,
  or to `ALL` from a callsign with such a pair, or in a thread a FULL message opened
  (PROFILE_DOWNGRADE, section 2: "Do not silently downgrade FULL requirements"; README notes 121, 124, 128,
  reconcile_downgrade.py): it owes, asks and answers nothing;
- so is a handshake answer labelled `terms: accept` that changes the exchange budget, the tag set or
  the profile on the table
  (COUNTER_AS_ACCEPT, section 6: "Material is decided by effect, not by how the change is
  labelled"), an error, read as the counter it is (reconcile_establishment.py);
- a requester's own `cancel` (same `request_id`, addressed to the participant) withdraws a request:
  it is "an exact independently valid record identifying what supersedes what" (3);
- a reply owed to a requester that retired with `re-entry: final` is for the Handler: the action is
  `audit`, the reply stays open;
- `deferred` is due at `resume_after` exactly ("at or after that time", 3); a blocker past `expires`
  (strictly) is expired;
- a transition out of an audit state without evidence (reply, effect, correction, handler) is
  skipped, as any transition lacking the evidence its state needs;
- a missing or unusable primer blocks readiness, not work (12);
- a disposition or cursor entry keyed by a message the mailbox holds that is not addressed to the
  participant in the arena reconciled (its own, one sent to others, another arena's) settles and
  owes nothing and is said, a note (dispositions and the cursor are keyed by inbound UUID, 9;
  README note 122);
- an anomaly whose UUID a valid message holds has no trustworthy UUID (a duplicate UUID is an
  anomaly, 10; 7 keys an anomaly without one by file name and fingerprint): that UUID's disposition
  is the message's and never accounts for the anomaly, which is said, a note (README note 123);
- so has one whose UUID, held by no valid message, another refused file carries too, whatever its
  bytes: the UUID names no one file (10), so each file is tracked by name and fingerprint (7) and a
  disposition under the UUID accounts for none, which is said, a note (README note 125);
- a refused file is the participant's to reconcile when its recipients name it or `ALL`, or cannot
  be read, and its arena is one reconciled or cannot be read (note 134; with no arena reconciled, a
  callsign found nowhere, any arena may be its); a disposition or cursor entry under a UUID (no
  valid message's) that only refused files addressed to others (or of another arena) carry settles
  and owes nothing and is said, as for a message (notes 126, 134);
- a cursor entry under the UUID of a refused file in view is known (never CURSOR_UNKNOWN), and is
  ahead of the file (CURSOR_AHEAD) while the file is open: not closed in the anomaly index, and no
  trustworthy UUID or no terminal or quarantined disposition under it (3: the cursor advances
  "only for a terminal or quarantined effective state", an anomaly without a trustworthy UUID
  "never enters the UUID cursor"; note 133);
- a correction (7: it "replies to the repair request" and "names the original filename/hash ... in
  `meta.mailbox.correction`"; 3: "an exact independently valid record identifying what supersedes
  what") proves `superseded-by-correction` when it is a message of an arena reconciled, from the
  original's sender in the original's arena, answering a message of the participant's there, neither
  it nor that request quarantined (the conversation rules above: it is not "independently valid"), with a string of its correction mapping equal to the original's
  UUID or file name (with or without `.md`); for a refused file, from a callsign the repair request
  names, the file's UUID trusted, in the arena the file's envelope names when that reads (2: its
  sender is a callsign of that arena; README note 140). Unproven, it is SUPERSESSION_UNPROVEN: a
  message's disposition is contradicted, an anomaly stays open; proven, a message's reply is no
  longer owed;
- the participant's later exact reply naming an earlier one in its correction mapping replaces it
  (3: a "terminal replacement"), not a republication, when the earlier one still stands; a
  `replied` citing a replaced reply is REPLY_REPLACED, a note, and the item is `restore`.
"""
import re

from reconcile_blocked import stopped
from reconcile_budget import exceeded
from reconcile_downgrade import downgrades
from reconcile_establishment import answers_as_addressed, handshakes, work_before_established

ME_KINDS_ROOT = {"hello", "resume"}
TERMINAL = {"acted", "replied", "no-reply-required", "rejected-scope", "superseded-by-correction"}
TRANSITIONAL = {"blocked: handler-decision", "deferred", "needs-audit"}
QUARANTINED_STATE = {"historical-debt"}
LIVE = {"pending", "active", "blocked"}
WITHDRAWABLE = {"request", "claim"}
# The findings compared, with whether each is an error (one blocks readiness).
MODELED = {
    "DISPOSITION_INVALID": True, "AMBIGUOUS_HISTORY": True, "ANOMALY_OPEN": True, "CURSOR_AHEAD": True,
    "DISPOSITION_REQUEST_MISMATCH": True, "LIFECYCLE_CONTRADICTION": True, "QUARANTINED": True,
    "REPLY_NOT_FOUND": True, "REPLY_OWED": True, "PRIMER_MISSING": True,
    "RESTORABLE": False, "DEFERRAL_DUE": False, "REQUEST_WITHDRAWN": False, "REQUESTER_RETIRED": False,
    "CANCEL_NOT_WITHDRAWAL": False, "DISPOSITION_UNKNOWN_MESSAGE": False, "CURSOR_UNKNOWN": False,
    "CURSOR_INVALID_ENTRY": True, "MESSAGE_CHANGED": True,
    "DISPOSITION_NOT_ADDRESSED": False, "CURSOR_NOT_ADDRESSED": False, "ANOMALY_ID_TAKEN": False,
    "ANOMALY_ID_SHARED": False, "SUPERSESSION_UNPROVEN": True, "REPLY_REPLACED": False,
    "ARENA_AMBIGUOUS": True, "ARENA_FOREIGN": True, "CALLSIGN_UNSEEN": False,
}
# A message UUID as the cursor holds it: a canonical UUIDv7, lowercase (section 4; the cursor
# holds "message UUIDs", exactly, 9).
UUID7 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
# Planted faults (the differential test's --break-* flags): "due-late" reads a deferral due only after
# resume_after; "correction-unchecked" reads every superseded-by-correction as proven;
# "anomaly-any-arena" keeps a refused file of another arena in view; "correction-any-arena" accepts
# a correction (and its repair request) in any arena; "correction-quarantine-unchecked" accepts a
# quarantined correction or one answering a quarantined repair request; "handler-owes" has a
# Handler seat owe replies as an agent does; "seat-handler-only" takes `HANDLER-<NAME>` for an
# agent; "arena-foreign-unsaid" never says ARENA_FOREIGN; "unseen-in-arena-given" says
# CALLSIGN_UNSEEN for a callsign absent from the arena given though found in another; "every-arena"
# reads every arena of the mailbox when none is given and the callsign is found in none;
# "held-unread" and "parent-arena-unread" leave CALLSIGN_HELD and PARENT_ARENA_MISMATCH unmodelled.
# "all-by-name-only" reads `to: [ALL]` as addressing nobody; "all-skips-seats" has it miss every
# Handler seat; "pod-unread" ignores `pod`; "pod-over-arena" reads `pod` over `arena`;
# "arena-case-folded" compares arenas without regard to case; "held-once" holds only a name's first
# message from a locus other than its holder's; "held-across-arenas" keys claims by callsign alone;
# "collision-as-held" reads an impostor's own hello or welcome as CALLSIGN_HELD, not the second
# claim it is (CALLSIGN_COLLISION); "refused-pod-unread" reads no arena from a refused file's `pod`;
# "refused-envelope-read" reads the recipients and arena of a refused file whose envelope is refused;
# "claims-by-arrival" walks the claims in the order the files are listed, not by UUID, so a late
# earlier claim does not take the name; "establishment-any-time" reads work as licensed by a pair
# established anywhere in the folder, not only before it in UUID order; "counter-establishes" reads a
# counter as an acceptance, "full-ack-unread" establishes a FULL chain at its acceptance, without the
# third message, and "counter-as-accept-unread" reads an accept that changes the budget as an acceptance
# (neither a counter nor quarantined); "group-not-whole" pairs two responders of a group hello once
# both established, whether the group stood whole or not; "counter-tags-unread" and "counter-profile-unread"
# read an accept that changes the tag set, or the profile, as the acceptance it says it is; and
# "core-ack-completes" reads a CORE `ack` as a FULL chain's third message, no downgrade; and
# "counter-as-downgrade" reads a CORE answer labelled accept to FULL terms as PROFILE_DOWNGRADE, not
# the COUNTER_AS_ACCEPT it is (reconcile_establishment.py); "blocked-unread" reads a `blocked` as
# stopping nothing (reconcile_blocked.py); "hello-budget-unread" reads a hello's own thread under the
# default budget, whatever its handshake set (reconcile_budget.py). "held-mine-one-arena" reads a
# quarantined answer in the participant's name as ambiguous history only in its parent's arena; its
# case is too rare (1 of 1,000 of seed 1) for the test's planted-fault run, so it is not in PLANTED.
# "unsettled-core-ack-unread" reads a CORE `ack` as PROFILE_DOWNGRADE only when the acceptance it
# cites speaks for its sender, not in a chain still establishing under FULL terms
# (reconcile_establishment.settle); generate_reconcile.OFTEN's "unsettled-acks" draws its case.
# "initiator-chains-unread" places the initiator's `blocked` or declaration of new evidence citing a
# UUID no chain holds in no chain of its hello (the core's reading before README note 184), so it
# neither blocks nor lifts the chain (reconcile_establishment.chain_blocked);
# generate_reconcile.OFTEN's "initiator-citations" draws its cases. Since fix-JD: "blocked-ack-unread"
# lets a FULL `ack` establish a chain a `blocked` stands in (reconcile_establishment.settle;
# OFTEN's "blocked-acks"), "blocked-debt-unread" refuses the reply a blocked sender still owes
# (reconcile_blocked.stopped, README note 152; OFTEN's "blocked-debts"); "group-chains-unaddressed"
# places the initiator's message citing a UUID no chain holds in every chain of a group hello, whoever
# it addresses (reconcile_establishment.chain_blocked; OFTEN's "group-citations" and, since fix-JI,
# "group-blocks"), and "evidence-reset-unread" reads declared new evidence as resetting no exchange
# budget (reconcile_budget.py; OFTEN's "evidence-resets" since fix-JI, before which both were too rare
# for the test's planted-fault run). Since fix-JL (OFTEN's "full-downgrades"):
# "full-pair-unread" reads no CORE message outside a handshake as downgrading FULL (the checker's
# reading before: only while a chain is set up), "full-thread-unread" reads the pairs established under
# FULL but not a thread a FULL message opened (reconcile_downgrade.py).
FAULTS = set()
PLANTED = ["due-late", "correction-unchecked", "anomaly-any-arena", "correction-any-arena",
           "correction-quarantine-unchecked", "handler-owes", "seat-handler-only", "arena-foreign-unsaid",
           "unseen-in-arena-given", "every-arena", "held-unread", "parent-arena-unread",
           "all-by-name-only", "all-skips-seats", "pod-unread", "pod-over-arena", "arena-case-folded",
           "held-once", "held-across-arenas", "collision-as-held", "refused-pod-unread", "refused-envelope-read",
           "claims-by-arrival", "establishment-any-time", "counter-establishes", "full-ack-unread",
           "counter-as-accept-unread", "group-not-whole", "counter-tags-unread", "counter-profile-unread",
           "core-ack-completes", "counter-as-downgrade", "blocked-unread", "hello-budget-unread",
           "unsettled-core-ack-unread", "initiator-chains-unread", "blocked-ack-unread", "blocked-debt-unread",
           "group-chains-unaddressed", "evidence-reset-unread", "full-pair-unread", "full-thread-unread"]

COUNTS = ["messages", "addressed", "dispositioned", "undispositioned_count", "restorable_count", "pending_cta_count",
          "active_cta_count", "blocked_cta_count", "deferred_cta_count", "due_deferred_count", "needs_audit_count",
          "historical_debt_count", "audit_state_with_live_work_count", "expired_blocker_count", "open_reply_count",
          "lifecycle_contradiction_count", "anomaly_count", "quarantined_count"]


def envelope(text):
    """The meta.mailbox fields of a file, as strings (lists as lists)."""
    head = text.split("\n---\n", 1)[0]
    fields = {}
    for line in head.splitlines():
        m = re.match(r"^    ([a-z_]+):(?: (.*))?$", line)
        if m:
            value = m.group(2) or ""
            fields[m.group(1)] = [x.strip() for x in value[1:-1].split(",") if x.strip()] if value.startswith("[") else value
    body = text.split("\n---\n", 1)[1] if "\n---\n" in text else ""
    # The frontmatter's own `tags` (4: "Every later message ... carries that set in frontmatter"), a
    # set compared exactly, case too; None when the file names none.
    listed = re.search(r"^tags: \[(.*)\]$", head, re.M)
    tags = None if listed is None else frozenset(x.strip() for x in listed.group(1).split(",") if x.strip())
    correction = None
    lines = head.splitlines()
    if "    correction:" in lines:
        correction = {}
        for line in lines[lines.index("    correction:") + 1:]:
            m = re.match(r"^      ([a-z_]+): (.*)$", line)
            if not m:
                break
            correction[m.group(1)] = m.group(2)
    # `pod` is "accepted only as a deprecated Lyt v1 alias" of the arena (4): it stands in for a
    # missing `arena` (core/mailbox/README.md), never over one. Arenas compare exactly, in case too.
    arena = fields.get("arena", "")
    if "pod" in fields and "pod-unread" not in FAULTS and ("arena" not in fields or "pod-over-arena" in FAULTS):
        arena = fields["pod"]
    if "arena-case-folded" in FAULTS:
        arena = arena.upper()
    return {"correction": correction, "id": fields["id"], "thread": fields["thread"], "request": fields["request_id"], "from": fields["from"],
            "to": fields["to"], "kind": fields["kind"], "reply_to": fields.get("reply_to") or None,
            "expects": fields["expects_reply"] == "true", "arena": arena, "body": body, "terms": fields.get("terms"),
            "profile": fields.get("profile", "CORE"), "tags": tags, "evidence": fields.get("new_evidence") or None,
            "exchange_budget": int(fields["exchange_budget"]) if fields.get("exchange_budget", "").isdigit() else None,
            "locus": (fields["machine"], fields["root"])}


def iso_ms(text):
    import datetime
    fmt = "%Y-%m-%dT%H:%M:%S.%fZ" if "." in text else "%Y-%m-%dT%H:%M:%SZ"
    t = datetime.datetime.strptime(text, fmt).replace(tzinfo=datetime.timezone.utc)
    return round(t.timestamp() * 1000)


def effective_dispositions(records):
    """The last valid transition per UUID, how many were skipped (each a DISPOSITION_INVALID), and
    the bytes last recorded as handled per UUID (a valid transition without a fingerprint keeps them)."""
    out, skipped, handled = {}, 0, {}
    for d in records:
        s, prev = d["state"], out.get(d["id"])
        lacks = (s == "replied" and "reply" not in d) or (s == "acted" and "effect" not in d) or \
            (s == "rejected-scope" and "handler" not in d) or (s == "superseded-by-correction" and "correction" not in d) or \
            (s == "deferred" and ("owner" not in d or "resume_after" not in d)) or \
            (s == "needs-audit" and d["cta"] in LIVE and "work_continues" not in d and "work_blocked_reason" not in d)
        leaves_audit = prev is not None and prev["state"] in ("needs-audit", "historical-debt") and s != "needs-audit" and \
            not any(k in d for k in ("reply", "effect", "correction", "handler"))
        if lacks or leaves_audit:
            skipped += 1
            continue
        out[d["id"]] = d
        if "fingerprint" in d:
            handled[d["id"]] = d["fingerprint"]
    return out, skipped, handled


def handler_seat(callsign):
    """`HANDLER`, or one of several Handler seats, `HANDLER-<NAME>` (4)."""
    return callsign == "HANDLER" or (callsign.startswith("HANDLER-") and "seat-handler-only" not in FAULTS)


def refused_reading(a):
    """A refused file's recipients and arena (README note 126: read when its envelope reads, though
    the file is refused for its body, its name or as a conflict copy; an envelope that breaks any of
    its rules is not read at all, so neither is): drawn as given, or read from its bytes, the arena
    by `pod` where `arena` is missing (4; core/mailbox/README.md: "`pod` inbound stands in for a
    missing `arena`"). The small line reader's one envelope rule here: `expects_reply` is a boolean."""
    if "text" not in a:
        return a
    fields = {}
    for line in a["text"].split("\n---\n", 1)[0].splitlines():
        m = re.match(r"^    ([a-z_]+):(?: (.*))?$", line)
        if m:
            fields[m.group(1)] = m.group(2) or ""
    out = {k: v for k, v in a.items() if k not in ("text", "refused")}
    if fields.get("expects_reply") not in ("true", "false") and "refused-envelope-read" not in FAULTS:
        return dict(out, to=None, arena=None)
    arena = fields.get("arena")
    if arena is None and "refused-pod-unread" not in FAULTS:
        arena = fields.get("pod")
    return dict(out, to=[x.strip() for x in fields["to"][1:-1].split(",") if x.strip()], arena=arena)


def check(case):
    me, now = case["participant"], case["now"]
    anomalies = [refused_reading(a) for a in case["anomalies"]]
    codes = set()
    count = {k: 0 for k in COUNTS}
    files_by_id, texts, name_of = {}, {}, {}
    for f in case["files"]:
        e = envelope(f["text"])
        files_by_id.setdefault(e["id"], []).append(e)
        texts.setdefault(e["id"], set()).add(f["text"])
        name_of.setdefault(e["id"], f["name"])

    def names(e, i, name):
        """Whether correction-bearing message e names UUID i or file name (with or without .md)."""
        wanted = {i} | ({name, name[:-3] if name.endswith(".md") else name} if name else set())
        return e["correction"] is not None and any(v in wanted for v in e["correction"].values())
    msgs = {i: es[0] for i, es in files_by_id.items()}
    # `to: [ALL]` addresses every callsign of its own arena but its sender: one that sends there or
    # is named there (core/mailbox/README.md, reconciliation; 8: "to assigns the obligation to
    # respond"); a Handler seat is such a callsign when it sends or is named there.
    arena_members = {}
    for e in msgs.values():
        arena_members.setdefault(e["arena"], set()).update([e["from"]] + [t for t in e["to"] if t != "ALL"])

    def addresses(e, who):
        if e["from"] == who:
            return False
        if "ALL" not in e["to"]:
            return who in e["to"]
        if "all-by-name-only" in FAULTS or ("all-skips-seats" in FAULTS and handler_seat(who)):
            return False
        return who in arena_members.get(e["arena"], set())
    # The arenas reconciled (2: a callsign is a name within one arena; 9: a ledger is reused only on
    # "an exact owner/arena/root match"): the one given, else those where the callsign sends or is
    # named. Several with none given are read together, so no work is hidden, never clean; one
    # given where the callsign is nobody while it is somebody elsewhere reads nobody's work.
    present = {e["arena"] for e in msgs.values() if e["from"] == me or me in e["to"]}
    if case["arena"] is not None:
        arenas = {case["arena"]}
        if case["arena"] not in present and present and "arena-foreign-unsaid" not in FAULTS:
            codes.add("ARENA_FOREIGN")
    else:
        arenas = present or ({e["arena"] for e in msgs.values()} if "every-arena" in FAULTS else set())
        if len(present) > 1:
            codes.add("ARENA_AMBIGUOUS")
    if msgs and not (present & arenas if "unseen-in-arena-given" in FAULTS else present):
        codes.add("CALLSIGN_UNSEEN")  # found in no arena: a callsign about to join, or a mistyped one
    arena_read = case["arena"] if case["arena"] is not None else next(iter(present)) if len(present) == 1 else None
    seat = handler_seat(me) and "handler-owes" not in FAULTS

    def claim(e):
        """Whether e claims its name (4; core/mailbox/README.md, "Callsign claims"): a hello opening a
        thread, or a welcome answering, as addressed, a hello that opens its own: from a callsign
        the hello names, to its initiator, in its arena (a misaddressed or misplaced one claims nothing)."""
        if e["kind"] == "hello":
            return opens_thread(e)
        hello = msgs.get(e["reply_to"]) if e["kind"] == "welcome" and e["reply_to"] is not None else None
        return hello is not None and hello["kind"] == "hello" and opens_thread(hello) and answers_as_addressed(e, hello)

    def opens_thread(hello):
        """A root, the first message of its thread (in UUID order): not a hello in another's thread."""
        return hello["reply_to"] is None and not any(j < hello["id"] and x["thread"] == hello["thread"] for j, x in msgs.items())
    # Quarantine: other bytes under one UUID; a message in a callsign's name from another locus
    # (machine and root) than the one its first message in that arena (in UUID order) claimed
    # (CALLSIGN_HELD, 4); and an agent's answer to such a message, which acts on what cannot
    # authorize work (not a root's citation, nor a word to or from the Handler, to whom it is
    # surfaced). One level: that answer still speaks for its sender.
    duplicated = {i for i, t in texts.items() if len(t) > 1}
    claimed, held, heard_from, claims = {}, set(), set(), {}
    # In UUID order, not as the files arrived: "A late earlier UUID makes the later claimant yield" (4).
    for i in (list(msgs) if "claims-by-arrival" in FAULTS else sorted(msgs)):
        e = msgs[i]
        if i in duplicated:
            # Other bytes under one UUID are no one message (DUPLICATE_ID): refused before the claims
            # walk, which leaves out "what is refused before it (the identity errors, ...)"
            # (core/mailbox/README.md, "Callsign claims"), so such a file neither claims nor is held.
            continue
        name = e["from"] if "held-across-arenas" in FAULTS else (e["arena"], e["from"])
        if claimed.setdefault(name, e["locus"]) != e["locus"] and "held-unread" not in FAULTS:
            if "held-once" in FAULTS and name in heard_from:
                continue
            heard_from.add(name)
            held.add(i)
            # A claim from a non-holding locus (a hello opening its own thread, or a welcome answering
            # its hello as addressed: 4, "hello and welcome claim") is a second claim, after the
            # earlier one (the smaller UUID) took the name: CALLSIGN_COLLISION; anything else it
            # sends does not speak for the name: CALLSIGN_HELD (core/mailbox/README.md, "Callsign claims").
            claims[i] = "CALLSIGN_COLLISION" if claim(e) and "collision-as-held" not in FAULTS else "CALLSIGN_HELD"
    unheard = duplicated | held
    quarantined = unheard | {i for i, e in msgs.items() if e["reply_to"] in unheard and e["kind"] not in ME_KINDS_ROOT
                             and not handler_seat(e["from"]) and not all(handler_seat(t) for t in e["to"])}
    # A causal response in another arena than its parent's answers nothing there (4: the arena is
    # the collaboration boundary; PARENT_ARENA_MISMATCH); its own answers still stand.
    quarantined |= {i for i, e in msgs.items() if e["reply_to"] in msgs and msgs[e["reply_to"]]["arena"] != e["arena"] and e["kind"] not in ME_KINDS_ROOT
                    and "parent-arena-unread" not in FAULTS}
    # Work before its sender and addressees had an established pair (section 6; core/mailbox/README.md,
    # "The right to work outside a handshake's thread"): WORK_BEFORE_ESTABLISHED, its sender's word
    # but quarantined, so a reply found so is not the reply owed (reconcile_establishment.py).
    # One `blocked`, then silence (6): what its sender sends after it in the thread, until the Handler
    # speaks there, is refused, so quarantined (reconcile_blocked.py); it still answers terms in the
    # handshake, where only an acceptance in the chain the `blocked` blocks settles nothing
    # (ACCEPT_WHILE_BLOCKED, reconcile_establishment.settle).
    blocked_stops = stopped(msgs, unheard, handler_seat, set(quarantined), FAULTS)
    quarantined |= set(blocked_stops)
    pairs, refused_terms, hello_budgets, full_pairs = handshakes(msgs, unheard, opens_thread, FAULTS)
    unestablished = work_before_established(msgs, unheard, opens_thread, handler_seat, pairs, FAULTS)
    quarantined |= unestablished
    # A CORE message between callsigns established under FULL, outside a hello's thread (2: "Do not
    # silently downgrade FULL requirements"; README notes 121, 124, 128): PROFILE_DOWNGRADE, quarantined, still
    # its sender's word (reconcile_downgrade.py).
    hello_threads = {e["thread"] for e in msgs.values() if e["kind"] == "hello" and e["id"] not in unheard and opens_thread(e)}
    downgraded = downgrades(msgs, unheard, duplicated, lambda e: e["thread"] in hello_threads, handler_seat, full_pairs, FAULTS)
    quarantined |= downgraded
    # An answer labelled accept that changes a material term is a counter however labelled, an error
    # (COUNTER_AS_ACCEPT, 6: "it may not counter *and* declare established"), so quarantined; it is
    # still its sender's word (its answers are not PARENT_QUARANTINED) and stands as the counter. So is
    # a CORE `ack` of a FULL acceptance, which downgrades the chain's terms (PROFILE_DOWNGRADE).
    quarantined |= set(refused_terms)
    # A hello's own thread past the budget its handshake set (8): what is not a reply still owed is
    # EXCHANGE_BUDGET_EXCEEDED, quarantined; a question quarantined before it owes nothing (note 153).
    budget_stops = exceeded(msgs, unheard, set(quarantined), hello_budgets, handler_seat, FAULTS)
    quarantined |= set(budget_stops)
    # Never republish (9): a second answer of one kind from one sender with the same reply_to and
    # request_id to a recipient the first names is quarantined (REPLY_REPUBLISHED); the first stands.
    published = {}
    for i in sorted(msgs):
        e = msgs[i]
        if i in quarantined or e["reply_to"] is None or e["kind"] in ME_KINDS_ROOT or e["kind"] == "blocked":
            continue
        key = (e["from"], e["kind"], e["reply_to"], e["request"], e["arena"])
        standing = published.get(key, [])
        clash = [j for j in standing if set(e["to"]) & set(msgs[j]["to"])]
        replaced = [j for j in clash if names(e, j, name_of[j])]
        if clash and not replaced:
            quarantined.add(i)
        else:
            published[key] = [j for j in standing if j not in replaced] + [i]
    any_arena = "correction-any-arena" in FAULTS

    def valid_fix(c_id, original_id, name):
        """A correction in an arena reconciled answering the participant's request there, neither
        quarantined, naming the original; returns the repair request, else None."""
        c = msgs.get(c_id)
        if c is None or (c["arena"] not in arenas and not any_arena) or c_id == original_id or c["correction"] is None:
            return None
        if "correction-quarantine-unchecked" not in FAULTS and (c_id in quarantined or c["reply_to"] in quarantined):
            return None
        ask = msgs.get(c["reply_to"]) if c["reply_to"] is not None else None
        if ask is None or ask["from"] != me or (ask["arena"] != c["arena"] and not any_arena) or not names(c, original_id, name):
            return None
        return ask

    def corrects(c_id, m, i, name):
        if "correction-unchecked" in FAULTS:
            return True
        return valid_fix(c_id, i, name) is not None and msgs[c_id]["from"] == m["from"] and (msgs[c_id]["arena"] == m["arena"] or any_arena)

    retired = {}
    for e in msgs.values():
        if e["kind"] == "goodbye" and re.search(r"(?m)^re-entry: final$", e["body"]) and e["id"] not in quarantined:
            retired[(e["arena"], e["from"])] = e["id"]
    effective, skipped, handled = effective_dispositions(case["dispositions"])
    import hashlib
    bytes_now = {i: {hashlib.sha256(t.encode()).hexdigest() for t in ts} for i, ts in texts.items()}
    if skipped:
        codes.add("DISPOSITION_INVALID")
    cursor = set(case["cursor"])
    # A callsign is a name within one arena (4), and its ledger is that arena's.
    count["messages"] = sum(1 for e in msgs.values() if e["arena"] in arenas)
    items, advance = {}, []
    # The inbound messages of the arenas reconciled: what the ledger and the cursor are keyed by (9).
    inbound = {i for i, m in msgs.items() if addresses(m, me) and m["arena"] in arenas}
    for i in sorted(msgs):
        m = msgs[i]
        if i not in inbound:
            continue
        count["addressed"] += 1
        q = i in quarantined
        d = effective.get(i)
        if q and d is not None and "handler" in d:
            q = False  # a Handler record on its disposition overrides the quarantine (4)
        answers = [e for e in msgs.values() if e["from"] == me and e["reply_to"] == i and e["kind"] not in ME_KINDS_ROOT and
                   e["arena"] in ({m["arena"]} if "held-mine-one-arena" in FAULTS else arenas)]
        mine = [e for e in answers if e["id"] not in quarantined and e["arena"] == m["arena"]]
        # A quarantined answer in the participant's name from any arena reconciled (its own from another,
        # PARENT_ARENA_MISMATCH, when several are read together) is ambiguous history, not none
        # (core/mailbox/README.md: `audit` for "a reply in the participant's name that the conversation
        # rules quarantine"; 9: "quarantine ambiguous history").
        held_mine = [e for e in answers if e["id"] in quarantined]
        exact = [e for e in mine if e["request"] == m["request"] or m["kind"] == "welcome"]
        # Replaced: an earlier exact reply a later one (in UUID order, whatever folder holds it) names.
        nxt = {}
        ordered = sorted(exact, key=lambda e: e["id"])
        for k, e in enumerate(ordered):
            later = next((x for x in ordered[k + 1:] if names(x, e["id"], name_of[e["id"]])), None)
            if later is not None:
                nxt[e["id"]] = later["id"]
        # "Addressing HANDLER with expects_reply makes a request, never a protocol debt" (4).
        open_ = m["expects"] and not exact and not q and not seat
        cancels = [] if q or exact else [e for e in msgs.values() if e["kind"] == "cancel" and e["reply_to"] == i and e["id"] not in quarantined and e["arena"] == m["arena"]]
        valid = lambda c: c["from"] == m["from"] and c["arena"] == m["arena"] and m["kind"] in WITHDRAWABLE and c["request"] == m["request"]
        withdrawal = next((c for c in cancels if valid(c) and addresses(c, me)), None)
        if withdrawal is not None:
            open_ = False
        elif cancels:
            codes.add("CANCEL_NOT_WITHDRAWAL")
        owed = m["expects"] and not exact and not q and not seat
        is_retired = (m["arena"], m["from"]) in retired and retired[(m["arena"], m["from"])] != i
        if d is None:
            count["undispositioned_count"] += 1
            if q:
                action = "audit"
            elif exact:
                action = "restore"
                count["restorable_count"] += 1
                codes.add("RESTORABLE")
            elif mine or held_mine:
                action = "audit"
                codes.add("AMBIGUOUS_HISTORY")
            elif i in cursor:
                action = "audit"
                codes.add("CURSOR_AHEAD")
            elif withdrawal is not None:
                action = "withdrawn"
            else:
                action = "audit" if open_ and is_retired else "handle"
        else:
            count["dispositioned"] += 1
            s, cta = d["state"], d["cta"]
            if cta in LIVE:
                count[f"{cta}_cta_count"] += 1
            contradicted = False
            if s in TERMINAL and cta in LIVE:
                contradicted = True
                count["lifecycle_contradiction_count"] += 1
                codes.add("LIFECYCLE_CONTRADICTION")
            if s == "replied" and not any(e["id"] == d.get("reply") for e in exact):
                contradicted = True
                codes.add("REPLY_NOT_FOUND")
            replacing = d.get("reply") in nxt if s == "replied" else False
            if replacing:
                codes.add("REPLY_REPLACED")
            if "request_id" in d and d["request_id"] != m["request"]:
                contradicted = True
                codes.add("DISPOSITION_REQUEST_MISMATCH")
            proven = s == "superseded-by-correction" and corrects(d.get("correction"), m, i, name_of.get(i))
            if s == "superseded-by-correction" and not proven:
                contradicted = True
                codes.add("SUPERSESSION_UNPROVEN")
            if "handler" in d or proven:
                open_ = False
            # Messages are create-once (3): bytes other than those recorded as handled were edited in
            # place since; the handling no longer covers them: an anomaly to audit (7), never worked on.
            changed = i in handled and handled[i] not in bytes_now[i]
            if changed:
                contradicted = True
                count["anomaly_count"] += 1
                codes.add("MESSAGE_CHANGED")
            action = "none" if s in TERMINAL else "wait"
            if s == "deferred":
                count["deferred_cta_count"] += 1
                due = now > iso_ms(d["resume_after"]) if "due-late" in FAULTS else now >= iso_ms(d["resume_after"])
                if due:
                    count["due_deferred_count"] += 1
                    action = "resume"
                    codes.add("DEFERRAL_DUE")
                if withdrawal is not None:
                    action = "withdrawn"
            elif s in ("needs-audit", "historical-debt"):
                count["needs_audit_count" if s == "needs-audit" else "historical_debt_count"] += 1
                if cta in LIVE:
                    count["audit_state_with_live_work_count"] += 1
                action = "audit"
            elif s == "blocked: handler-decision":
                if "expires" in d and now > iso_ms(d["expires"]):
                    count["expired_blocker_count"] += 1
                if cta not in LIVE:
                    count["blocked_cta_count"] += 1
                    count["lifecycle_contradiction_count"] += 1
                    codes.add("LIFECYCLE_CONTRADICTION")
            if replacing and action == "none":
                action = "restore"
            if changed:
                action = "audit"
            elif open_ and s in TERMINAL and is_retired:
                action = "audit"
            elif open_ and s in TERMINAL:
                action = "reply"
                codes.add("REPLY_OWED")
            if s not in TRANSITIONAL and not contradicted and not open_ and not q and i not in cursor:
                advance.append(i)
            if s in TRANSITIONAL and i in cursor:
                codes.add("CURSOR_AHEAD")
        if q:
            count["quarantined_count"] += 1
            if len(texts[i]) > 1:
                count["anomaly_count"] += len(files_by_id[i])
            if d is None or d["state"] not in ("needs-audit", "historical-debt"):
                codes.add("QUARANTINED")
            action = "audit"
        if open_ and is_retired:
            codes.add("REQUESTER_RETIRED")
        if withdrawal is not None and (owed or action == "withdrawn"):
            codes.add("REQUEST_WITHDRAWN")
        if open_:
            count["open_reply_count"] += 1
        items[i] = {"action": action, "open_reply": open_, "disposition": None if d is None else d["state"]}
    # The refused files each UUID names, and whether one of them is the participant's to reconcile.
    files_of = {}
    for a in anomalies:
        if a["id"] is not None:
            files_of.setdefault(a["id"], set()).add(a["file"])
    # A refused file is in view when its readable recipients name the participant or ALL, or cannot
    # be read, and its arena is one reconciled or cannot be read (README notes 126, 134); a callsign
    # found in no arena (none given) has no arena to tell another's by, so any may be its own.
    mine_to_see = lambda a: (a["to"] is None or me in a["to"] or "ALL" in a["to"]) and \
        (a.get("arena") is None or (a["arena"].upper() if "arena-case-folded" in FAULTS else a["arena"]) in arenas or not arenas or "anomaly-any-arena" in FAULTS)
    seen = {a["id"] for a in anomalies if a["id"] is not None and mine_to_see(a)}
    others_only = {i for i in files_of if i not in msgs and i not in seen}
    if any(i not in msgs and i not in files_of for i in effective):
        codes.add("DISPOSITION_UNKNOWN_MESSAGE")
    if any((i in msgs and i not in inbound) or i in others_only for i in effective):
        codes.add("DISPOSITION_NOT_ADDRESSED")
    if any((i in msgs and i not in inbound) or i in others_only for i in cursor):
        codes.add("CURSOR_NOT_ADDRESSED")
    closed = {(r["file"], r["fingerprint"]) for r in case["anomalyIndex"] if r["state"] == "closed"}
    unsettled = set()  # the UUIDs of refused files in view still open: a cursor entry is ahead of them
    for a in anomalies:
        if (a["file"], a["fingerprint"]) in closed or not mine_to_see(a):
            continue
        # A UUID a valid message holds, or another refused file carries too, is not trusted for this
        # file: it is tracked by file and fingerprint, and no disposition under the UUID is its.
        if a["id"] is not None and a["id"] in msgs:
            codes.add("ANOMALY_ID_TAKEN")
        elif a["id"] is not None and len(files_of[a["id"]]) > 1:
            codes.add("ANOMALY_ID_SHARED")
        trusted = a["id"] is not None and a["id"] not in msgs and len(files_of[a["id"]]) == 1
        d = effective.get(a["id"]) if trusted else None
        if a["id"] is not None and a["id"] not in msgs and (d is None or d["state"] in TRANSITIONAL):
            unsettled.add(a["id"])
        if d is None or d["state"] in ("acted", "replied") or (d["state"] in TERMINAL and d["state"] != "superseded-by-correction" and "handler" not in d):
            count["anomaly_count"] += 1
            codes.add("ANOMALY_OPEN")
            continue
        if d["state"] == "superseded-by-correction":
            ask = valid_fix(d.get("correction"), a["id"], a["file"])
            # The file's sender is a callsign of the arena its envelope names, when that reads (2,
            # note 134): a correction from another arena's callsign is another participant's.
            elsewhere = ask is not None and a.get("arena") is not None and msgs[d["correction"]]["arena"] != a["arena"] and not any_arena
            if ("correction-unchecked" not in FAULTS) and (ask is None or msgs[d["correction"]]["from"] not in ask["to"] or elsewhere):
                count["anomaly_count"] += 1
                codes.add("SUPERSESSION_UNPROVEN")
                continue
        if d["state"] in ("needs-audit", "historical-debt"):
            count["needs_audit_count" if d["state"] == "needs-audit" else "historical_debt_count"] += 1
            if d["cta"] in LIVE:
                count["audit_state_with_live_work_count"] += 1
        elif d["state"] not in TERMINAL:
            count["anomaly_count"] += 1
    if any(i in unsettled for i in cursor):
        codes.add("CURSOR_AHEAD")
    if any(UUID7.match(i) and i not in msgs and i not in effective and i not in others_only and i not in seen for i in cursor):
        codes.add("CURSOR_UNKNOWN")
    if any(not UUID7.match(i) for i in case["cursor"]):
        codes.add("CURSOR_INVALID_ENTRY")
    if case.get("primer") in ("missing", "unusable") and msgs:
        codes.add("PRIMER_MISSING")
    c = count
    work = c["undispositioned_count"] == 0 and c["deferred_cta_count"] == 0 and \
        c["pending_cta_count"] + c["active_cta_count"] + c["blocked_cta_count"] == 0 and \
        c["expired_blocker_count"] == 0 and c["audit_state_with_live_work_count"] == 0 and c["open_reply_count"] == 0
    ready = work and c["needs_audit_count"] == 0 and c["historical_debt_count"] == 0 and c["anomaly_count"] == 0 and \
        not any(MODELED[k] for k in codes)
    return {"arena": arena_read, "status": "FOUND" if not work else "CLEAN" if ready else "WORK_CLEAN_WITH_AUDIT_DEBT", "work_clean": work,
            "readiness_clean": ready, "counts": count, "items": items, "cursor_advance": sorted(advance), "codes": sorted(codes),
            "quarantine": sorted(quarantined), "claims": {i: [code] for i, code in sorted(claims.items())},
            "unestablished": sorted(unestablished), "terms_refused": {i: sorted({refused_terms.get(i), "PROFILE_DOWNGRADE" if i in downgraded else None} - {None})
                                                           for i in sorted(set(refused_terms) | downgraded)},
            "blocked_stops": {i: [code] for i, code in sorted(blocked_stops.items())},
            "budget_exceeded": sorted(budget_stops),
            **archive(case, msgs, quarantined)}


def archive(case, msgs, quarantined):
    """Section 13: "only the primer writer may move a closed thread into `archive/<thread-slug>/` as a
    recorded rollup. Never archive an open thread"; closure is "`close` plus peer acknowledgement"
    (a timeout or silence closes nothing). Read as: a thread's messages all in one place (the inbox
    or one folder), one thread per folder, and an archived thread closed: its last `close` (in UUID
    order, quarantined messages aside) acknowledged by an `ack` citing it from an agent it
    addresses other than its sender, with only such acks after it. A message added to an archived
    thread would split it, so none may be."""
    place = lambda f: "inbox/" if "archive" not in f else f"archive/{f['archive']}/"
    thread_of = {f["name"]: envelope(f["text"])["thread"] for f in case["files"]}
    places, folders = {}, {}
    for f in case["files"]:
        t = thread_of[f["name"]]
        places.setdefault(t, set()).add(place(f))
        if "archive" in f:
            folders.setdefault(f["archive"], set()).add(t)
    out = []
    for t, at in places.items():
        if len(at) > 1:
            out.append(f"ARCHIVE_THREAD_SPLIT {min(p for p in at if p != 'inbox/')}")
    for folder, threads in folders.items():
        if len(threads) > 1:
            out.append(f"ARCHIVE_FOLDER_MIXED archive/{folder}/")
    # Each UUID's first archived file, the files read once (not once per message).
    first_archived = {}
    for f in case["files"]:
        if "archive" in f:
            first_archived.setdefault(envelope(f["text"])["id"], f["archive"])
    archived_at = {}
    for i in sorted(msgs):
        if i in first_archived:
            archived_at.setdefault(msgs[i]["thread"], first_archived[i])
    for t, folder in archived_at.items():
        spoken = [msgs[i] for i in sorted(msgs) if msgs[i]["thread"] == t and i not in quarantined]
        closes = [k for k, e in enumerate(spoken) if e["kind"] == "close"]
        closed = False
        if closes:
            close = spoken[closes[-1]]
            after = spoken[closes[-1] + 1:]
            peers = {c for c in close["to"] if c != close["from"] and not c.startswith("HANDLER")}
            closed = bool(after) and all(e["kind"] == "ack" and e["reply_to"] == close["id"] and e["from"] in peers for e in after)
        if not closed:
            out.append(f"ARCHIVE_THREAD_OPEN archive/{folder}/")
    return {"archive": sorted(out), "blocked_threads": sorted(t for t, at in places.items() if any(p != "inbox/" for p in at))}
