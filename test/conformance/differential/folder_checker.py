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
- a message addressed to a name no claim holds anywhere in the folder is ADDRESSEE_UNCLAIMED.

`check(folder)` gives the set of (code, UUID) pairs. The folders come from generate_folders.py:
one arena, CORE, no resume, no Handler seat, no FULL `ack`; the checker models the rules those
folders can reach (MODELED), and says nothing of the others.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mailbox_checker  # noqa: E402

WORK_KINDS = {"claim", "deliver", "reply", "ratify"}
TRUE_ROOTS = {"hello", "resume"}
FRESH_ROOT_KINDS = {"request", "propose", "review"}
REENTRY = re.compile(r"re-entry:\s*(returning|final)\b")

# The codes the checker models; the comparison reads no other (THREAD_ORPHANED, say, which needs
# the participant lifecycle these folders do not exercise).
MODELED = {"PARENT_UNKNOWN", "PARENT_THREAD_MISMATCH", "PARENT_CYCLE", "PARENT_LINK_MISSING", "DUPLICATE_ID",
           "DUPLICATE_DELIVERY", "HELLO_THREAD_REUSED", "WELCOME_PARENT_NOT_HELLO", "WELCOME_HELLO_MISPLACED",
           "WELCOME_PARENT_UNKNOWN", "CALLSIGN_UNCLAIMED", "CALLSIGN_RETIRED", "ADDRESSEE_RETIRED",
           "ADDRESSEE_DEPARTED", "ADDRESSEE_UNCLAIMED", "RATIFY_SELF", "WORK_BEFORE_ESTABLISHED", "ROOT_NOT_FRESH",
           "PARENT_QUARANTINED", "CALLSIGN_UNCLAIMED_ENGAGED", "CALLSIGN_HELD", "CALLSIGN_COLLISION"}

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
                                       "expects_reply", "arena", "terms", "machine", "root")}
    fields["reply_to"] = fields["reply_to"] or ""
    fields["body"] = body
    return fields


def reentry(body):
    """A goodbye's re-entry: exactly one stated, or `returning` (GOODBYE_REENTRY_UNSTATED)."""
    stated = set(REENTRY.findall(body))
    return stated.pop() if len(stated) == 1 else "returning"


def check(folder):
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
    ever_claimed = set()
    state = {}                # name -> ("retired", goodbye id) | ("departed", goodbye id)
    established = set()       # frozenset pairs
    opened = set()            # threads an earlier message that speaks for its sender opened
    misplaced_hellos = set()
    opened_by_stranger = set()  # (sender, locus, thread): a thread a name nobody claimed yet wrote in
    seen_threads, seen_requests = set(), set()

    def rooted(m):
        seen = set()
        while m["reply_to"] and m["id"] not in seen:
            seen.add(m["id"])
            if m["reply_to"] not in held:
                return False
            m = held[m["reply_to"]]
        return True

    for m in messages:
        e = errors[m["id"]]
        uid, kind, sender, parent_id = m["id"], m["kind"], m["from"], m["reply_to"]
        parent = held.get(parent_id)
        # Parents.
        if parent_id:
            if parent_id == uid:
                e.add("PARENT_CYCLE")
            elif parent is not None:
                if kind not in TRUE_ROOTS and parent["thread"] != m["thread"]:
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
        if state.get(sender, ("",))[0] == "retired":
            e.add("CALLSIGN_RETIRED")
        claims = False
        locus = (m["machine"], m["root"].lower())
        if kind == "hello":
            if m["thread"] in opened or (sender, locus, m["thread"]) in opened_by_stranger:
                # A retired name's hello is refused as that already; misplaced, it is not said twice.
                if "CALLSIGN_RETIRED" not in e:
                    e.add("HELLO_THREAD_REUSED")
                misplaced_hellos.add(uid)
            else:
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
            elif (sender in parent["to"] or parent["to"] == ["ALL"]) and (parent["from"] in m["to"] or m["to"] == ["ALL"]):
                claims = True
        # A claimant is its locus (machine and root): the first claim in UUID order keeps the name.
        if claims and "CALLSIGN_RETIRED" not in e:
            if sender in holder and holder[sender] != locus:
                e.add("CALLSIGN_COLLISION")
            else:
                holder.setdefault(sender, locus)
                claimed.add(sender)
                ever_claimed.add(sender)
        elif sender in holder and holder[sender] != locus and "CALLSIGN_RETIRED" not in e:
            e.add("CALLSIGN_HELD")
        if sender not in claimed and not e & IMPOSTOR:
            unclaimed_sender.add(uid)
        # What is sent to a departed or retired name.
        for name in m["to"]:
            gone = state.get(name)
            if gone is not None and gone[0] == "retired" and not (parent_id == gone[1] and m["expects_reply"] is False):
                e.add("ADDRESSEE_RETIRED")
        # The right to work.
        if kind == "ratify" and parent is not None and parent["from"] == sender and parent["arena"] == m["arena"]:
            e.add("RATIFY_SELF")
        # A hello refused as not speaking for its sender is not told it is misplaced as well.
        if e & IMPOSTOR:
            e.discard("HELLO_THREAD_REUSED")
        # A message that does not speak for its sender takes part in no pair (README: "it accepts,
        # counters and establishes nothing"), so its work is not judged against one either.
        if kind in WORK_KINDS and "WORK_BEFORE_ESTABLISHED" not in FAULTS and not e & NOT_SPEAKING:
            if any(frozenset((sender, name)) not in established for name in m["to"] if name != "ALL"):
                e.add("WORK_BEFORE_ESTABLISHED")
        speaks = not (e & NOT_SPEAKING) and uid not in unclaimed_sender
        # A message whose chain of parents breaks at one the folder does not hold may answer a
        # hello not yet synced, so it opens nothing.
        if speaks and rooted(m):
            opened.add(m["thread"])
        elif uid in unclaimed_sender and rooted(m):
            # A stranger's message is old history only to a later hello of its own sender and locus.
            opened_by_stranger.add((sender, locus, m["thread"]))
        # A CORE handshake establishes at the welcome that accepts.
        # (A welcome to a name retired since the hello still settles the pair: see the README.)
        if kind == "welcome" and claims and not e - {"ADDRESSEE_RETIRED"} and m["terms"] == "accept" \
                and not errors[parent_id] & NOT_SPEAKING:
            established.add(frozenset((sender, parent["from"])))
        # A departure takes effect when the goodbye is not refused.
        if kind == "goodbye" and not e and uid not in unclaimed_sender:
            state[sender] = ("retired" if reentry(m["body"]) == "final" else "departed", uid)
        m["departed_to"] = [n for n in m["to"] if state.get(n, ("",))[0] == "departed" and state[n][1] != uid]

    # Answers to what must not be answered, once every error of the walk is known.
    not_speaking = {uid for uid, e in errors.items() if e & NOT_SPEAKING} | duplicated
    for m in messages:
        e = errors[m["id"]]
        if not m["reply_to"] or m["kind"] in TRUE_ROOTS or e or m["id"] in unclaimed_sender:
            continue
        if m["reply_to"] in not_speaking:
            e.add("PARENT_QUARANTINED")
        elif m["reply_to"] in unclaimed_sender:
            e.add("CALLSIGN_UNCLAIMED_ENGAGED")
    surfaced = set()
    for m in messages:
        uid = m["id"]
        for code in errors[uid]:
            findings.add((code, uid))
        # Surfaced once per name, at its first message; every one of them is held.
        if uid in unclaimed_sender and m["from"] not in surfaced:
            surfaced.add(m["from"])
            findings.add(("CALLSIGN_UNCLAIMED", uid))
        quarantined = errors[uid] or uid in unclaimed_sender
        if quarantined:
            continue
        if m["kind"] != "hello" and any(n not in ever_claimed for n in m["to"] if n != "ALL"):
            findings.add(("ADDRESSEE_UNCLAIMED", uid))
        if m["expects_reply"] is True and m["departed_to"]:
            findings.add(("ADDRESSEE_DEPARTED", uid))
    return findings
