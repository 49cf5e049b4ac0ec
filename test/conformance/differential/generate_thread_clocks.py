"""Seeded conversations with the moment each line arrives, for the differential check of the checks
only a Worker's thread makes (it has a clock and holds what it stored): a reply ahead of the line it
names, a readback after its own `exp` or its HO's, the sender's `val=Y` after that window, and the
handoffs and questions its alarm finds late.

    python3 generate_thread_clocks.py COUNT SEED   # one JSON line each: {"events": [...], "end": ms}

An event is a line ({"at", "line"}), an alarm ({"at", "alarm": true}), a prepare ({"at", "prepare":
HO id, "statement": k, "exp", "n", "call", "token"}; "n" null leaves the RB's number to the thread),
an abandon ({"at", "abandon": k}) or a commit ({"at", "commit": k}). A line naming statement k's RB
as `<agent>-@k@` names the id its prepare stated (`stated`), which each replay reads in.

The lines are generate_threads.py's walks (HOs with `exp=` and `due=`, readbacks with `exp=`,
closes, cancels, re-issues, questions with `by=`, the sender's answers to readbacks, retries, lines
swapped), its expectations left out (a thread's challenge is another matter). Then: now and then a
reply moved before the line it names and sent again after it (append that line first, then the
reply again, note 32), or a line sent again later; answers to readbacks with a window (the
sender's yes or hold, about the readback's item, another or none; the receiver's own yes; a yes to
a readback from another party); and statements prepared for HOs (pay's `rb=exec` ones, now and
then another, which is refused; in almost half the conversations a clean pay HO is added first, so
that statements run at any count) with a window drawn at the prepare's moment (a minute before it,
at it, later, kept within the HO's most of the time) or fixed, some abandoned later, on their
window's edge or not; each statement's RB relayed (as section 5.3's tool states it, written here
from the spec: the HO's echo, every execution value of the call, the window, the HO's digest and
`x_tok`; unchanged, with a tail, an execution value changed or dropped, a slot added, its exp or
h= changed, another statement's or an unknown `x_tok`, none), the sender's answers to that RB (yes,
no or hold, about its item or none; now and then the receiver's), and commits (one to three,
now and then right after a relay, within seconds, else anywhere later, past an abandon, a close or
a cancel, on the window's edge or past it), and now and then its handoff's end placed anywhere
after the prepare (the receiver's DN `OK`, `PARTIAL` or `NOOP`; the sender's CX, then now and then
the receiver's `val=Y` or `N` to it, or that answer first). Now and then an HO without p= asking `rb=acc`, `acc+pri`, `plan` or `echo`,
with the sender's withheld criteria registered ahead of it (drawn as generate_readbacks.py draws
them; now and then with one the route refuses, registered twice, or after the HO) and its receiver's readbacks
echoing them right, wrong, partly or not at all; re-issues of the challenged HOs (now and then
asking less, or with criteria of their own registered ahead), with readbacks; HOs asking `rb=exec`
of an ask with no execution slots; and calls whose `ref` makes the RB near a line's 8,192 bytes,
either side. Records now and then registered after their HO, that the vocabulary does not read
(unreadable), naming another profile or none; an HO numbered 650 whose ask has no execution slots
with a record of its values (unread_record); a pay HO numbered 660 asking `rb=acc+exec` with
criteria on its line and others withheld, its readbacks and DN (planned_criteria). In half the
conversations with a prepare giving n, another for the same HO right after it, at the same moment,
leaving n to the thread (numbered_after); in about one in seven, a challenge whose shape the
route refuses (shaped). In about a third of the pay threads, an HO naming no profile and its
readback naming pay, which the next thread not pay's holds too, so the same two lines are judged
with two profiles (reread). Beside the conversation, now and then, the sender's own check-dn of a pay
DN with its record (`done_checks`: an HO asking no `rb=exec`, sender_done_checks; one asking it,
with the execution readback its receiver sent or none, read_back_done_checks). A statement's token is fixed (k + 1 in
32 hex characters) and its RB numbered 700 + k, or, in about a third of the prepares, by the
thread (n omitted), so the lines can carry them. Each line gets a moment, in epoch
milliseconds, that never goes back: minutes, seconds or hours on, or onto a window's edge (the
minute of an `exp`, its last millisecond, the next minute; a midnight either side), and an alarm
runs now and then at the moment reached or at such an edge. The report is read at `end`, the last
moment or a later edge. Deterministic: the same count and seed give the same conversations.
Standard library only.
"""
import calendar
import json
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_readbacks  # noqa: E402
import generate_threads  # noqa: E402
import readback_checker  # noqa: E402
import validator  # noqa: E402

MINUTE = 60_000
REPLIES = ("RB", "AN", "DN", "FL", "CX")


def ms(time):
    """The first millisecond of a minute `YYYYMMDDTHHMMZ`, or of a day's midnight `YYYYMMDD`."""
    t = time + "T0000Z" if len(time) == 8 else time
    return calendar.timegm((int(t[0:4]), int(t[4:6]), int(t[6:8]), int(t[9:11]), int(t[11:13]), 0)) * 1000


# The windows' edges: each exp an HO or a readback may carry, and each due's midnight (late the day after).
EDGES = sorted({ms(t) for t in generate_threads.RB_EXPS + generate_threads.EXPS}
               | {ms(d) + 86_400_000 for d in generate_threads.DUES} | {ms(generate_threads.NOW)})
STARTS = [ms("20261002T1030Z"), ms("20261002T1058Z"), ms("20261002T1159Z"), ms("20261002T1230Z"),
          ms("20261002T1259Z"), ms("20261001T2350Z"), ms("20261003T0859Z")]


def minute_of(moment):
    """The UTC minute of a moment in epoch milliseconds, as `YYYYMMDDTHHMMZ`."""
    t = time.gmtime(moment // 1000)
    return f"{t.tm_year:04d}{t.tm_mon:02d}{t.tm_mday:02d}T{t.tm_hour:02d}{t.tm_min:02d}Z"


def edge_after(rng, now):
    """A moment at or after `now` on a window's edge: its minute's first or last millisecond, or the next minute's first."""
    later = [e for e in EDGES if e + MINUTE > now]
    if not later:
        return now
    e = rng.choice(later[:3])
    return max(now, e + rng.choice([0, 0, MINUTE - 1, MINUTE, MINUTE, 30_000]))


def step(rng, now):
    """The next moment: the same, seconds, minutes or hours on, or a window's edge."""
    r = rng.random()
    if r < 0.15:
        return now
    if r < 0.35:
        return now + rng.randrange(1, 120_000)
    if r < 0.6:
        return now + rng.randrange(1, 40) * MINUTE + rng.choice([0, 0, rng.randrange(MINUTE)])
    if r < 0.7:
        return now + rng.randrange(1, 30) * 60 * MINUTE
    return edge_after(rng, now)


def reply_target(text):
    """The id a reply names in re=, or None."""
    head = text.split(" // ", 1)[0].split(" ")
    if len(head) < 3 or head[1] not in REPLIES:
        return None
    return next((t[3:] for t in head if t.startswith("re=")), None)


def shuffled(rng, lines):
    """Lines with now and then a reply moved ahead of its target and sent again after, or a line sent again later."""
    lines = list(lines)
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        replies = [i for i, t in enumerate(lines) if reply_target(t)]
        if not replies:
            break
        i = rng.choice(replies)
        target = reply_target(lines[i])
        at = next((j for j, t in enumerate(lines) if t.split(" ")[2:3] == [target]), None)
        if at is None or at >= i:
            continue
        text = lines.pop(i)
        lines.insert(rng.randint(0, at), text)
        if rng.random() < 0.8:
            lines.insert(rng.randint(at + 2, len(lines)), text)
    if lines and rng.random() < 0.2:
        lines.insert(rng.randint(1, len(lines)), rng.choice(lines))
    return lines


def slot(text, key):
    """A slot's value as written on a line, or None."""
    head = text.split(" // ", 1)[0].split(" ")
    return next((t[len(key) + 1:] for t in head if t.startswith(key + "=")), None)


def windows(lines):
    """Each line's window to arrive near: an RB's own exp or its HO's, an AN's readback's or that HO's."""
    exps, out = {}, {}
    for i, text in enumerate(lines):
        kind, mid = text.split(" ")[1:3]
        re, own = slot(text, "re"), slot(text, "exp")
        if kind == "HO":
            exps.setdefault(mid, own)
        if kind == "RB":
            exps.setdefault(mid, min(e for e in (own, exps.get(re)) if e) if own or exps.get(re) else None)
        window = exps.get(re) if kind == "AN" else exps.get(mid) if kind == "RB" else None
        if window:
            out[i] = window
    return out


def confirmations(rng, lines):
    """Now and then an answer to a readback with a window, each under a fresh id: the sender's yes
    or hold, about the readback's item, another or none, or the receiver's own yes."""
    out = list(lines)
    rbs = [t for t in lines if t.split(" ")[1] == "RB" and (slot(t, "exp") or any(
        slot(h, "exp") for h in lines if h.split(" ")[1:3] == ["HO", slot(t, "re")]))]
    for k in range(rng.choice([0, 1, 1, 2, 3]) if rbs else 0):
        rb = rng.choice(rbs)
        sender, receiver = slot(rb, "to"), slot(rb, "from")
        if rng.random() < 0.15:
            sender, receiver = receiver, sender
        val = rng.choice(["Y", "Y", "Y", "N", "HOLD"])
        about = rng.choice(["", "", "", f" item={slot(rb, 'item')}", " item=jira:OTHER-9"])
        an = f"RW1 AN {sender}-{900 + k} re={rb.split(' ')[2]} from={sender} to={receiver}{about} val={val}"
        at = out.index(rb)
        out.insert(rng.randint(at + 1, len(out)), an)
    return out


CALL = dict(generate_threads.PAY)
STATEMENT_EXPS = generate_threads.RB_EXPS + ["20261002T1130Z", "20261002T1201Z"]


def clean_handoff(rng, lines):
    """A pay HO asking rb=exec with every execution value (acct too, so that its readback can pass
    without a record) from one of the conversation's agents to another, numbered 600 (past every
    walk's line), inserted anywhere: a handoff whose statement can run, so that commits run at any
    count. None when the conversation has fewer than two agents."""
    agents = sorted({slot(t, "from") for t in lines} | {slot(t, "to") for t in lines} - {None})
    if len(agents) < 2:
        return None
    sender, receiver = rng.sample(agents, 2)
    slots = [("p", "pay"), ("from", sender), ("to", receiver), ("item", "inv:MD-2026-057"), ("ask", "PAY"), ("rb", "exec")] + generate_threads.PAY
    if rng.random() < 0.3:
        slots.append(("exp", rng.choice(generate_threads.EXPS)))
    return generate_threads.line("HO", f"{sender}-600", slots)


def odd_handoff(rng, lines):
    """An HO numbered 610 whose statement the thread refuses for what it asks (note 27): a pay one
    without rb=exec, one asking rb=exec of an ask with no execution slots (pay's REVIEW, the core's
    DRAFT), or one asking CHGBANK, whose execution slots are not the call's; None when the
    conversation has fewer than two agents."""
    agents = sorted({slot(t, "from") for t in lines} | {slot(t, "to") for t in lines} - {None})
    if len(agents) < 2:
        return None
    sender, receiver = rng.sample(agents, 2)
    head = [("p", "pay"), ("from", sender), ("to", receiver), ("item", "inv:MD-2026-061")]
    r = rng.random()
    if r < 0.4:
        slots = head + [("ask", "PAY"), ("rb", rng.choice(["echo", "all"]))] + generate_threads.PAY
    elif r < 0.65:
        # rb=exec of an ask with no execution slots: pay's REVIEW, or the core's DRAFT without p=.
        slots = head + [("ask", "REVIEW"), ("rb", "exec")] if rng.random() < 0.5 else \
            [("from", sender), ("to", receiver), ("item", "inv:MD-2026-061"), ("ask", "DRAFT"), ("rb", "exec")]
    else:
        slots = head + [("ask", "CHGBANK"), ("rb", "exec"), ("sup", "marlow"), ("acct", "40-12-88/61102938"), ("apref", "FD-0929")]
    return generate_threads.line("HO", f"{sender}-610", slots)


def challenged_handoff(rng, lines):
    """A pay HO numbered 620 asking rb=exec that leaves `acct` to the receiver, and the sender's
    record registered ahead of it with the profile it names (note 34: {"challenge": HO id, "record",
    "profile"}), so that its readback can pass tier 5 against the record: the call's values with
    `"$resolve": ["acct"]` (note 24), now and then without that mark or with another `amt` (the HO
    then contradicts the record and is refused) or another `acct` (the readback relaying the
    call's then fails tier 5). None when the conversation has fewer than
    two agents. Its re-issues (ending's, reissued) inherit the challenge (note 34)."""
    agents = sorted({slot(t, "from") for t in lines} | {slot(t, "to") for t in lines} - {None})
    if len(agents) < 2:
        return None
    sender, receiver = rng.sample(agents, 2)
    # Now and then asking no rb=exec of PAY, whose execution slots the record holds: check-ho's
    # HO_NEEDS_EXEC (note 99), the HO refused after the record, the record refused after the HO.
    rb = "exec" if rng.random() < 0.85 else rng.choice(["echo", "all"])
    slots = [("p", "pay"), ("from", sender), ("to", receiver), ("item", "inv:MD-2026-062"), ("ask", "PAY"), ("rb", rb)]
    slots += [kv for kv in generate_threads.PAY if kv[0] != "acct"]
    record = dict(CALL, **{"$resolve": ["acct"]})
    r = rng.random()
    if r < 0.1:
        # Not marked as the receiver's to resolve (note 24): the HO omitting it is refused (HO_OMITS).
        del record["$resolve"]
    elif r < 0.25:
        record["acct"] = CHANGED["acct"]
    elif r < 0.35:
        record["amt"] = CHANGED["amt"]
    ho = generate_threads.line("HO", f"{sender}-620", slots)
    challenge = {"challenge": f"{sender}-620", "record": record, "profile": "pay", "near": None}
    q = rng.random()
    if q < 0.12:
        # A record the vocabulary does not read (note 24): invalid-record.
        challenge["record"] = unreadable(rng, record)
    elif q < 0.2:
        # No profile named: ahead of the HO read with the core (pay's slots unknown, note 34), after
        # it with the HO's own.
        del challenge["profile"]
    elif q < 0.28:
        # Another profile than the HO's: one that is not shipped, or clin.
        challenge["profile"] = rng.choice(["clin", "nosuch"])
    return challenge, ho


def planned_criteria(rng, lines):
    """A pay HO numbered 660 asking rb=acc+exec of PAY with every execution value and criteria of
    its own on the line (`acc=`), the sender's other criteria withheld and registered ahead of it
    (note 34: {"challenge", "expectAcc", "profile": "pay"}), one or two readbacks of it from its
    receiver echoing the withheld criteria (now and then the line's), and the receiver's DN
    reporting the act: the plan a DN is checked against is a readback judged with the withheld
    criteria, which set the line's own aside (section 4, tier 4). Returns (challenge, HO, later
    lines); None with fewer than two agents."""
    agents = sorted({slot(t, "from") for t in lines if isinstance(t, str)} | {slot(t, "to") for t in lines if isinstance(t, str)} - {None})
    if len(agents) < 2:
        return None
    sender, receiver = rng.sample(agents, 2)
    withheld = generate_readbacks.criteria(rng, rng.randint(1, 2))
    shown = generate_readbacks.criteria(rng, rng.randint(1, 2))
    item = "inv:MD-2026-066"
    slots = [("p", "pay"), ("from", sender), ("to", receiver), ("item", item), ("ask", "PAY"), ("rb", "acc+exec"), ("acc", "+".join(shown))] + generate_threads.PAY
    ho = generate_threads.line("HO", f"{sender}-660", slots)
    later = []
    for j in range(rng.randint(1, 2)):
        acc = withheld if rng.random() < 0.8 else shown
        later.append(generate_threads.line("RB", f"{receiver}-{661 + j}", [("re", f"{sender}-660"), ("from", receiver), ("to", sender), ("item", item), ("p", "pay"), ("ask", "PAY"), ("acc", "+".join(acc))] + generate_threads.PAY))
    later.append(f"RW1 DN {receiver}-665 re={sender}-660 from={receiver} to={sender} item={item} out=OK p=pay " + " ".join(f"{k}={v}" for k, v in CALL.items()))
    return {"challenge": f"{sender}-660", "expectAcc": withheld, "profile": "pay", "near": None}, ho, later


def unreadable(rng, record):
    """`record` with one thing the vocabulary does not read (note 24): a key no slot has, a value its
    slot's type does not admit as written or decoded (the number 20261002 for the date `paid`, true or
    12345678 for the token `acct`, `"x"` for `amt`, a list for the single-valued `cur`, a code the enum
    lacks), or a `$resolve` that is not a list of slot names; now and then two of them."""
    out = dict(record)
    for _ in range(1 if rng.random() < 0.8 else 2):
        r = rng.randrange(9)
        if r == 0:
            out["nokey"] = "1"
        elif r == 1:
            out["paid"] = 20261002
        elif r == 2:
            out["acct"] = rng.choice([True, 12345678])
        elif r == 3:
            out["amt"] = "x"
        elif r == 4:
            out["cur"] = ["GBP", "EUR"]
        elif r == 5:
            out["kind"] = "ALL"
        elif r == 6:
            out["$resolve"] = "acct"
        elif r == 7:
            out["$resolve"] = ["acct", "nokey"]
        else:
            out["pri"] = 9
    return out


def unread_record(rng, lines):
    """An HO numbered 650 whose ask has no execution slots (pay's REVIEW, or the core's DRAFT
    without p=), carrying values, with the sender's record of them ({"challenge", "record",
    "profile"?}; now and then one value another, so that check-ho refuses the HO): a record tier 5
    never reads (note 34: ahead of its HO dropped with READBACK_NOT_ASKED, no slot; for the HO
    appended refused, invalid-request). Returns (challenge, HO, readbacks); None with fewer than two
    agents."""
    agents = sorted({slot(t, "from") for t in lines if isinstance(t, str)} | {slot(t, "to") for t in lines if isinstance(t, str)} - {None})
    if len(agents) < 2:
        return None
    sender, receiver = rng.sample(agents, 2)
    rb = rng.choice(["echo", "exec", "all"])
    if rng.random() < 0.6:
        slots = [("p", "pay"), ("from", sender), ("to", receiver), ("item", "inv:MD-2026-065"), ("ask", "REVIEW"), ("rb", rb), ("amt", "5400.00"), ("cur", "GBP")]
        record = {"amt": "5400.00", "cur": "GBP"}
        profile = "pay"
    else:
        slots = [("from", sender), ("to", receiver), ("item", "gh:crox/site#65"), ("ask", "DRAFT"), ("rb", rb), ("pri", "2")]
        record = {"pri": rng.choice([2, "2"])}
        profile = None
    if rng.random() < 0.2:
        record = dict(record, **{next(iter(record)): "5401.00" if profile else 3})
    ho = generate_threads.line("HO", f"{sender}-650", slots)
    challenge = {"challenge": f"{sender}-650", "record": record, "near": None}
    if profile is not None and rng.random() < 0.8:
        challenge["profile"] = profile
    s = dict(slots)
    echo = [(k, v) for k, v in slots if k not in ("p", "from", "to", "item", "ask", "rb")]
    readbacks = [generate_threads.line("RB", f"{receiver}-{651 + j}", [("re", f"{sender}-650"), ("from", receiver), ("to", sender), ("item", s["item"])]
                                       + ([("p", "pay")] if profile else []) + [("ask", s["ask"])] + echo) for j in range(rng.randint(0, 2))]
    return challenge, ho, readbacks


def criteria_handoff(rng, lines):
    """An HO without p= numbered 630 asking the comprehension readback (`rb=acc`, `acc+pri` or
    `plan`; now and then `echo`, which does not read criteria) with keys= now and then, and the
    sender's withheld criteria registered ahead of it (section 4 tier 4, note 34: {"challenge",
    "expectAcc"}), drawn as generate_readbacks.py draws them; then one to three readbacks of it
    from its receiver whose acc= echoes the criteria right, wrong (one value another), partly (one
    left out) or not at all. Returns (challenge, HO, readbacks); None with fewer than two agents."""
    agents = sorted({slot(t, "from") for t in lines if isinstance(t, str)} | {slot(t, "to") for t in lines if isinstance(t, str)} - {None})
    if len(agents) < 2:
        return None
    sender, receiver = rng.sample(agents, 2)
    held = generate_readbacks.criteria(rng, rng.randint(1, 3))
    levels = rng.choice(["acc", "acc", "acc+pri", "plan", "echo"])
    slots = [("from", sender), ("to", receiver), ("item", "gh:crox/site#42"), ("ask", "DRAFT"), ("rb", levels)]
    if "pri" in levels:
        slots.append(("pri", "1"))
    if rng.random() < 0.7:
        slots.append(("keys", "+".join(dict.fromkeys(c.split(":")[0] for c in held))))
    if rng.random() < 0.3:
        slots.append(("exp", rng.choice(generate_threads.EXPS)))
    ho = generate_threads.line("HO", f"{sender}-630", slots)
    registered = held
    if rng.random() < 0.15:
        # Criteria the route refuses (invalid-request): one not key:value, a key outside the closed
        # set, a single-valued key named twice; the HO is then unchallenged.
        registered = held + [rng.choice(["nocolon", "lenght:2p", "Tone:formal", "len:", "aud:x y", f"{held[0].split(':')[0]}:again"])]
    challenge = {"challenge": f"{sender}-630", "expectAcc": registered, "near": None}
    if rng.random() < 0.1:
        # A profile named that the HO (no p=) does not carry, or none shipped has.
        challenge["profile"] = rng.choice(["pay", "nosuch"])
    if rng.random() < 0.1:
        # Registered twice: each part is written once (thread-conflict), the first standing.
        challenge = [challenge, dict(challenge, expectAcc=generate_readbacks.criteria(rng, 1))]
    elif rng.random() < 0.06:
        # Then a record naming a profile other than the criteria were read with (thread-conflict, profile).
        challenge = [challenge, {"challenge": f"{sender}-630", "record": {"pri": 1}, "profile": "pay", "near": None}]
    return challenge, ho, [comprehended(rng, ho, held, 631 + j) for j in range(rng.randint(1, 3))]


def comprehended(rng, ho_text, held, number):
    """A readback of a criteria HO from its receiver (its echo, `pri` where rb= asks it, `do=` for
    rb=plan) whose acc= echoes the withheld criteria right, wrong, partly or not at all."""
    s = dict(validator.parse(ho_text)[1]["slots"])
    levels = s["rb"].split("+")
    acc = list(held)
    r = rng.random()
    if r < 0.25:
        acc[rng.randrange(len(acc))] = generate_readbacks.criteria(rng, 1)[0]
    elif r < 0.4 and len(acc) > 1:
        del acc[rng.randrange(len(acc))]
    elif r < 0.5:
        acc = generate_readbacks.criteria(rng, 2)
    slots = [("re", ho_text.split(" ")[2]), ("from", s["to"]), ("to", s["from"]), ("item", s["item"]), ("ask", s["ask"])]
    if "pri" in levels:
        slots.append(("pri", s["pri"]))
    if rng.random() < 0.9:
        slots.append(("acc", "+".join(acc)))
    if "plan" in levels:
        slots.append(("do", "copy"))
    return generate_threads.line("RB", f"{s['to']}-{number}", slots)


def reissued(rng, ho_text, number):
    """A re-issue of a challenged HO (rule 1: the same HO again under `<sender>-<number>` with re=
    naming it), now and then asking a lower level (rb=echo or all: a part it does not read is
    dropped, note 34), and now and then with a challenge of its own registered ahead of it (other
    criteria; dropped where the original holds criteria, the re-issue's own where it holds none):
    [its own challenge or None, the re-issue]."""
    sender = slot(ho_text, "from")
    ho = ho_text.split(" ")[2]
    text = ho_text.replace(f" {ho} ", f" {sender}-{number} re={ho} ", 1)
    if rng.random() < 0.2:
        text = re.sub(r" rb=[a-z+]+", " rb=" + rng.choice(["echo", "all"]), text, count=1)
    own = {"challenge": f"{sender}-{number}", "expectAcc": generate_readbacks.criteria(rng, 1), "near": None} if rng.random() < 0.3 else None
    return [own, text]


MAX_SAFE = 2**53 - 1


def highest_id(rng, lines):
    """A line under an HO receiver's id numbered 2^53 - 1 (its ST about the HO's item), or a line of
    the HO's sender citing that id with re= (its AQ): after it, that receiver's next number is the
    lowest none of its ids has (note 32). Now and then, instead, the receiver's ST under `-0700`,
    the number the first statement's prepare gives written otherwise: a prepare with n=700 is then
    refused, since where the thread writes an id it counts numbers (note 16). None when the
    conversation has no HO."""
    hos = [t for t in lines if t.split(" ")[1] == "HO"]
    if not hos:
        return None
    ho = rng.choice(hos)
    sender, receiver, item = slot(ho, "from"), slot(ho, "to"), slot(ho, "item")
    r = rng.random()
    if r < 0.15:
        return f"RW1 ST {receiver}-0700 from={receiver} to={sender} item={item} pct=10"
    if r < 0.5:
        return f"RW1 ST {receiver}-{MAX_SAFE} from={receiver} to={sender} item={item} pct=10"
    return f"RW1 AQ {sender}-{MAX_SAFE - 1} re={receiver}-{MAX_SAFE} from={sender} to={receiver} item={item} need=ETA"


def used_numbers(lines, agent):
    """`agent`'s message numbers its ids and the ids `re=` names show in `lines`."""
    out = set()
    for text in lines:
        for mid in (text.split(" ")[2], slot(text, "re")):
            sender, _, n = (mid or "").rpartition("-")
            if sender == agent and n.isdigit():
                out.add(int(n))
    return sorted(out)


def statements(rng, lines):
    """Now and then a statement prepared for an HO (most of them pay's rb=exec ones; another is
    refused) with a window before, at or after the HO's, and now and then abandoned later: each a
    dict among the lines, the window to arrive near in "near". Now and then a clean pay HO is added
    first (clean_handoff). A statement's RB is numbered n = 700 + k, or, in a fraction of prepares,
    left to the thread (n omitted): its relays and answers then name it `<receiver>-@k@`, which the
    replays read as the id the prepare stated (else 700 + k)."""
    out = list(lines)
    for chance, draw in ((0.45, clean_handoff), (0.12, odd_handoff), (0.08, highest_id)):
        if rng.random() < chance:
            extra = draw(rng, out)
            if extra is not None:
                out.insert(rng.randint(0, len(out)), extra)
    if rng.random() < 0.25:
        extra = challenged_handoff(rng, out)
        if extra is not None:
            at = rng.randint(0, len(out))
            out.insert(at, extra[1])
            # Now and then registered after its HO (before or after a readback of it), else ahead;
            # more often for an HO that asks no rb=exec (check-ho's HO_NEEDS_EXEC either way).
            after = rng.random() < (0.3 if " rb=exec" in extra[1] else 0.6)
            out.insert(rng.randint(at + 1, len(out)) if after else rng.randint(0, at), extra[0])
            if rng.random() < 0.25:
                text = reissue(rng, out, extra[1], 625)
                if rng.random() < 0.3:
                    # A record registered for the re-issue once it is appended: held to check-ho
                    # (HO_NEEDS_EXEC where it asks less), or a part its original's carried already holds.
                    out.insert(rng.randint(out.index(text) + 1, len(out)), dict(extra[0], challenge=text.split(" ")[2]))
    if rng.random() < 0.08:
        extra = planned_criteria(rng, out)
        if extra is not None:
            at = rng.randint(0, len(out))
            out.insert(at, extra[1])
            out.insert(rng.randint(0, at), extra[0])
            for text in extra[2]:
                # In order: the readbacks, then the DN, each anywhere after the HO.
                out.insert(rng.randint(max(out.index(t) for t in [extra[1]] + [x for x in extra[2] if x in out]) + 1, len(out)), text)
    if rng.random() < 0.1:
        extra = unread_record(rng, out)
        if extra is not None:
            at = rng.randint(0, len(out))
            out.insert(at, extra[1])
            out.insert(rng.randint(at + 1, len(out)) if rng.random() < 0.3 else rng.randint(0, at), extra[0])
            for rb in extra[2]:
                out.insert(rng.randint(out.index(extra[1]) + 1, len(out)), rb)
    if rng.random() < 0.2:
        extra = criteria_handoff(rng, out)
        if extra is not None:
            at = rng.randint(0, len(out))
            out.insert(at, extra[1])
            for challenge in extra[0] if isinstance(extra[0], list) else [extra[0]]:
                # Now and then registered after the HO: before its readback is checked, or too late.
                after = rng.random() < 0.2
                out.insert(rng.randint(out.index(extra[1]) + 1, len(out)) if after else rng.randint(0, out.index(extra[1])), challenge)
            for rb in extra[2]:
                out.insert(rng.randint(out.index(extra[1]) + 1, len(out)), rb)
            if rng.random() < 0.35:
                texts = reissue(rng, out, extra[1], 635)
                for j, rb in enumerate(extra[2][:rng.randint(0, 2)]):
                    rb = rb.replace(f" re={extra[1].split(' ')[2]} ", f" re={texts.split(' ')[2]} ", 1)
                    rb = rb.replace(f" {rb.split(' ')[2]} ", f" {rb.split(' ')[2][:-3]}{641 + j} ", 1)
                    out.insert(rng.randint(out.index(texts) + 1, len(out)), rb)
    texts = [t for t in out if isinstance(t, str) and t.split(" ")[1] == "HO"]
    hos = [t.split(" ")[2] for t in texts]
    pay = [h for h, t in zip(hos, texts) if " rb=exec" in t and " p=pay" in t]
    prepared = 0
    for _ in range(rng.choice([1, 1, 2, 3]) if pay else rng.choice([0, 1]) if hos and rng.random() < 0.1 else 0):
        ho = rng.choice(pay) if pay and rng.random() < 0.9 else rng.choice(hos)
        # Most windows are drawn at the prepare's moment (None here): a minute before it, at it, or later.
        exp = rng.choice(STATEMENT_EXPS) if rng.random() < 0.3 else None
        at = next(i for i, t in enumerate(out) if isinstance(t, str) and t.split(" ")[2] == ho)
        # Half of them as the HO arrives, while it is most likely live.
        i = at + 1 if rng.random() < 0.5 else rng.randint(at + 1, len(out))
        auto = rng.random() < 0.3
        text = next(t for t in out if isinstance(t, str) and t.split(" ")[2] == ho)
        n = None if auto else 700 + prepared
        if not auto and rng.random() < 0.15:
            # A number the receiver already shows (its ids, those re= names), another statement's
            # RB's, or 2^53 - 1: its lines then name the RB as the prepare stated it (note 16).
            n = rng.choice(used_numbers([t for t in out if isinstance(t, str)], slot(text, "to")) + [700 + j for j in range(prepared)] + [MAX_SAFE])
            auto = True
        # Now and then a call whose ref is so long that the RB stating it is near a line's 8,192
        # bytes, either side: one past them could never be relayed (line-too-long).
        call = CALL if rng.random() < 0.9 else dict(CALL, ref="R" + "7" * rng.randint(7910, 7990))
        out.insert(i, {"prepare": ho, "statement": prepared, "exp": exp, "n": n, "call": call, "near": exp if rng.random() < 0.3 else None})
        if rng.random() < 0.5:
            out.insert(rng.randint(i + 1, len(out)), {"abandon": prepared, "near": exp})
        if rng.random() < 0.6:
            # Relayed right after the prepare, now and then answered, and committed within seconds.
            soon = [{"relay": prepared, "ho": text, "auto": auto, "call": call, "change": None if rng.random() < 0.5 else change(rng), "near": "soon"}]
            if rng.random() < 0.4:
                soon.append(answer(rng, text, prepared, 9, auto))
            soon.append({"commit": prepared, "near": "soon"})
            out[i + 1:i + 1] = soon
        # Its RB relayed (as prepared, or changed), the sender's answers to it, and commits.
        for _ in range(rng.choice([0, 1, 1, 1, 2])):
            out.insert(rng.randint(i + 1, len(out)), {"relay": prepared, "ho": text, "auto": auto, "call": call, "change": change(rng), "near": exp})
        for j in range(rng.choice([0, 0, 1, 1, 2])):
            out.insert(rng.randint(i + 1, len(out)), answer(rng, text, prepared, j, auto))
        for _ in range(rng.choice([1, 1, 2, 3])):
            out.insert(rng.randint(i + 1, len(out)), {"commit": prepared, "near": exp})
        if rng.random() < 0.4:
            for end in ending(rng, text, prepared):
                out.insert(rng.randint(i + 1, len(out)), end)
        prepared += 1
    return out


def reissue(rng, out, ho_text, number):
    """A re-issue of `ho_text` (reissued) inserted after it, its own challenge, if any, ahead of it; the re-issue."""
    own, text = reissued(rng, ho_text, number)
    at = rng.randint(out.index(ho_text) + 1, len(out))
    out.insert(at, text)
    if own is not None:
        out.insert(rng.randint(0, at), own)
    return text


def ending(rng, ho_text, k):
    """How statement k's handoff ends, or moves, placed anywhere after its prepare (before or after
    a commit): the receiver's DN (`OK`, `PARTIAL` or `NOOP`, now and then with values as executed), or the sender's CX, then now and then
    the receiver's `AN val=Y` to it (or `N`), a re-issue, or the same HO to another receiver with
    that receiver's readback, each under an id of its own (800, 820, 840, 860 and 880 + k)."""
    sender, receiver, item = slot(ho_text, "from"), slot(ho_text, "to"), slot(ho_text, "item")
    ho = ho_text.split(" ")[2]
    r = rng.random()
    if r < 0.15:
        # Re-issued (rule 1: the same HO sent again), so that the statement's HO is superseded.
        return [ho_text.replace(f" {ho} ", f" {sender}-{860 + k} re={ho} ", 1)]
    if r < 0.3:
        # Handed to another receiver, whose readback (composed as the tool states one, no x_tok) may
        # pass and make it the item's owner (rule 1), before the relay or after.
        other = "qa" if receiver != "qa" else "ops"
        elsewhere = ho_text.replace(f" {ho} ", f" {sender}-{880 + k} ", 1).replace(f" to={receiver} ", f" to={other} ", 1)
        if f"{sender}-{880 + k}" == elsewhere.split(" ")[2] and sender != other:
            rb = relay(elsewhere, k, slot(ho_text, "exp") or "20261003T0900Z", ["x_tok", "none"], k + 1, f"{other}-{880 + k}")
            return [rb, elsewhere][::rng.choice([1, -1])]
        return []
    if r < 0.6:
        out = rng.choice(["OK", "OK", "PARTIAL", "NOOP"])
        return [f"RW1 DN {receiver}-{800 + k} re={ho} from={receiver} to={sender} item={item} out={out}{executed(rng)}"]
    cx = f"RW1 CX {sender}-{820 + k} re={ho} from={sender} to={receiver} item={item} why=REVOKED"
    if rng.random() < 0.3:
        return [cx]
    # Inserted one after the other at random places, the acknowledgement may come first: then it is ahead.
    return [f"RW1 AN {receiver}-{840 + k} re={sender}-{820 + k} from={receiver} to={sender} val={rng.choice(['Y', 'Y', 'N'])}", cx][::rng.choice([1, -1])]


def executed(rng):
    """What a DN reports as executed (section 5.3: the execution slots with the values as executed):
    now and then nothing, else the call's values under `p=pay`, one of them changed or left out."""
    if rng.random() < 0.5:
        return ""
    values = altered(rng, rng.random(), 0.5)
    return " p=pay " + " ".join(f"{k}={v}" for k, v in values.items())


def altered(rng, r, dropped_below):
    """The call's values, one changed when `r` < 0.3, else one left out when `r` < `dropped_below`."""
    values = dict(CALL)
    if r < 0.3:
        key = rng.choice(list(CHANGED))
        values[key] = CHANGED[key]
    elif r < dropped_below:
        del values[rng.choice(list(CHANGED))]
    return values


def token(k):
    """Statement k's token: 32 lowercase hex characters, fixed so that a relay can carry it."""
    return f"{k + 1:032x}"


# Each execution value of pay's PAY changed to another the validator takes.
CHANGED = {"sup": "marlo", "amt": "5401.00", "cur": "EUR", "kind": "NET", "acct": "40-12-88/61102939",
           "paid": "20261003", "ref": "MD-2026-058", "apref": "FD-0930"}


def change(rng):
    """What a relay does to the statement's RB: nothing, a tail, an exec value changed, dropped or a
    slot added, its exp, h= or x_tok changed (another statement's, an unknown one) or x_tok dropped."""
    r = rng.random()
    if r < 0.4:
        return None
    if r < 0.5:
        return ["tail"]
    if r < 0.72:
        return ["set", rng.choice(list(CHANGED))]
    if r < 0.82:
        return ["drop", rng.choice(list(CHANGED))]
    if r < 0.86:
        return ["extra"]
    if r < 0.89:
        return ["exp"]
    if r < 0.92:
        return ["h"]
    if r < 0.94:
        return ["id"]
    return rng.choice([["x_tok", "other"], ["x_tok", "unknown"], ["x_tok", "none"]])


def otherwise(mid):
    """An id written with its number otherwise (`ops-0701` for `ops-701`; `<agent>-@zk@` for
    `<agent>-@k@`, which the replays read so): a message id of its own, compared as text (note 16)."""
    if "-@" in mid:
        return mid.replace("-@", "-@z", 1)
    sender, _, n = mid.rpartition("-")
    return f"{sender}-0{n}"


def rb_id(ho_text, k, auto=False):
    """The id of statement k's RB: its HO's receiver's, numbered n (700 + k, past every line's), or,
    where the prepare left n to the thread (`auto`), `<receiver>-@k@`, which the replays read."""
    return f"{slot(ho_text, 'to')}-@{k}@" if auto else f"{slot(ho_text, 'to')}-{700 + k}"


def stated(text, rb_of):
    """A line with each `<agent>-@k@` read as the id statement k's RB was given (`rb_of(k)`, None
    when it was never prepared: then `<agent>-<700 + k>`)."""
    if "-@" not in text:
        return text

    def read(m):
        mid = rb_of(int(m.group(3))) or f"{m.group(1)}-{700 + int(m.group(3))}"
        return otherwise(mid) if m.group(2) else mid
    return re.sub(r"(?<![a-z0-9-])([a-z0-9-]+)-@(z?)([0-9]+)@", read, text)


def answer(rng, ho_text, k, j, auto=False):
    """An answer to statement k's RB: the sender's yes, no or hold (about its item or none), now and then the receiver's."""
    sender, receiver = slot(ho_text, "from"), slot(ho_text, "to")
    if rng.random() < 0.1:
        sender, receiver = receiver, sender
    about = rng.choice(["", "", f" item={slot(ho_text, 'item')}"])
    val = rng.choice(["Y", "Y", "Y", "N", "HOLD"])
    named = rb_id(ho_text, k, auto)
    if rng.random() < 0.1:
        named = otherwise(named)
    return f"RW1 AN {sender}-{950 + 10 * k + j} re={named} from={sender} to={receiver}{about} val={val}"


def relay(ho_text, k, exp, change, prepared, rid=None, call=CALL):
    """Statement k's RB as the spec's tool states it (section 5.3: the HO's echo, every execution slot
    with the value that runs, its window, the HO's digest and x_tok), with `change` applied."""
    _, ho = validator.parse(ho_text)
    s = ho["slots"]
    slots = [("re", ho["id"]), ("from", s["to"]), ("to", s["from"]), ("item", s["item"]), ("p", "pay"), ("ask", s["ask"])]
    slots += list(call.items()) + [("exp", exp), ("h", readback_checker.digest(ho)), ("x_tok", token(k))]
    tail = None
    kind = change[0] if change else None
    if kind == "tail":
        tail = "relayed"
    elif kind == "set":
        slots = [(key, CHANGED[key] if key == change[1] else v) for key, v in slots]
    elif kind == "drop":
        slots = [(key, v) for key, v in slots if key != change[1]]
    elif kind == "extra":
        slots.insert(len(slots) - 3, ("pri", "1"))
    elif kind == "exp":
        slots = [(key, minute_of(ms(v) - MINUTE) if key == "exp" else v) for key, v in slots]
    elif kind == "h":
        slots = [(key, "0123456789ab" if key == "h" else v) for key, v in slots]
    elif kind == "x_tok":
        other = {"other": token(k + 1 if k + 1 < prepared else max(k - 1, 0) if k else 99), "unknown": "f" * 32}.get(change[1])
        slots = [(key, other if key == "x_tok" else v) for key, v in slots if key != "x_tok" or other is not None]
    rid = rid or rb_id(ho_text, k)
    return generate_threads.line("RB", otherwise(rid) if kind == "id" else rid, slots, tail)


def conversation(rng):
    lines = statements(rng, confirmations(rng, shuffled(rng, generate_threads.conversation(rng)["lines"])))
    texts = [t for t in lines if isinstance(t, str)]
    near = windows(texts)
    now = rng.choice(STARTS) + rng.randrange(MINUTE)
    events = []
    windows_of = {}  # statement -> its window, drawn at its prepare
    prepares = 0
    line_index = -1
    for item in lines:
        if rng.random() < 0.2:
            events.append({"at": now, "alarm": True})
        window = None
        if isinstance(item, str):
            line_index += 1
            window = near.get(line_index)
        else:
            window = item.get("near")
        if window == "soon":
            now += rng.choice([0, 0, rng.randrange(1, 20_000)])
        elif window and rng.random() < 0.7:
            # On the window's edge: the minute before, its first and last millisecond, the next minute.
            now = max(now, ms(window) + rng.choice([-MINUTE, 0, MINUTE - 1, MINUTE, MINUTE + 1]))
        else:
            now = step(rng, now)
        if isinstance(item, str):
            events.append({"at": now, "line": item})
            continue
        event = {"at": now, **{k: v for k, v in item.items() if k not in ("near", "ho", "change", "auto") and not ("relay" in item and k == "call")}}
        if "prepare" in item:
            event["token"] = token(item["statement"])
            prepares += 1
        if "prepare" in item and item["exp"] is None:
            event["exp"] = minute_of(now + rng.choice([-MINUTE, 0, 0, MINUTE, 10 * MINUTE, 10 * MINUTE, 90 * MINUTE, 26 * 60 * MINUTE]))
            # Most tools keep the window within the HO's, as prepare asks.
            ho_exp = slot(next(t for t in texts if t.split(" ")[2] == item["prepare"]), "exp")
            if ho_exp and rng.random() < 0.7:
                event["exp"] = min(event["exp"], ho_exp)
        if "prepare" in item:
            windows_of[item["statement"]] = event["exp"]
        k = item.get("abandon", item.get("relay", item.get("commit")))
        if k is not None and item["near"] is None:
            window = windows_of.get(k)
            if window and rng.random() < 0.7:
                event["at"] = now = max(now, ms(window) + rng.choice([0, MINUTE - 1, MINUTE, MINUTE + 1]))
        if "relay" in item:
            event = {"at": event["at"], "line": relay(item["ho"], k, windows_of.get(k, "20261002T1200Z"), item["change"], prepares, rb_id(item["ho"], k, item["auto"]), item["call"])}
        events.append(event)
    if rng.random() < 0.6:
        now = edge_after(rng, now) if rng.random() < 0.5 else step(rng, now)
        events.append({"at": now, "alarm": True})
    end = now if rng.random() < 0.5 else edge_after(rng, now)
    return {"events": events, "end": end}


def numbered_after(draws, events):
    """Now and then, right after a prepare that gives its RB's number (n), at the same moment, another
    for the same HO leaving the number to the thread: the RB the first states is the receiver's
    highest number and not yet a line, so only a thread that counts its statements' RBs numbers the
    second past it (note 32). Drawn from `draws`, so the conversations drawn before stay as they were."""
    given = [i for i, e in enumerate(events) if "prepare" in e and e["n"] is not None]
    if not given or draws.random() >= 0.5:
        return events
    i = draws.choice(given)
    first = events[i]
    k = 1 + max(e["statement"] for e in events if "prepare" in e)
    second = {"at": first["at"], "prepare": first["prepare"], "statement": k, "exp": first["exp"], "n": None, "call": first["call"], "token": token(k)}
    return events[:i + 1] + [second] + events[i + 1:]


def shaped(draws, events):
    """Now and then a challenge whose shape the challenge route refuses before the thread sees it:
    criteria empty or only "" with no record (none given, as rw check-rb's --expect-acc ""; now
    and then naming a profile), a record that is no JSON object (a list, a string, a number, null;
    now and then beside criteria), or an id no HO line can carry (a sender of 4,089 characters,
    whose least HO, `RW1 HO <id> from=<sender>`, is 8,193 bytes; now and then 4,088, whose 8,191
    fit, and its criteria are kept ahead of that HO). For one of the conversation's HOs, now and
    then another id; at the moment of the event before it. Drawn from `draws`."""
    if draws.random() >= 0.15:
        return events
    hos = [e["line"].split(" ")[2] for e in events if "line" in e and e["line"].split(" ")[1:2] == ["HO"]]
    target = draws.choice(hos) if hos and draws.random() < 0.7 else "ops-680"
    kind = draws.choice(["empty", "record", "long"])
    if kind == "empty":
        challenge = {"challenge": target, "expectAcc": draws.choice([[], [""], ["", ""]])}
        if draws.random() < 0.4:
            challenge["profile"] = "pay"
    elif kind == "record":
        challenge = {"challenge": target, "record": draws.choice([[], ["amt"], "x", 5, None])}
        if draws.random() < 0.3:
            challenge["expectAcc"] = generate_readbacks.criteria(draws, 1)
    else:
        challenge = {"challenge": "o" * draws.choice([4088, 4089]) + "-1", "expectAcc": generate_readbacks.criteria(draws, 1)}
    i = draws.randint(0, len(events))
    at = events[i - 1]["at"] if i > 0 else events[0]["at"] if events else 0
    return events[:i] + [dict(challenge, at=at)] + events[i:]


def bounded(draws, events):
    """Now and then a thread that holds few rows (the object's capacity, as the Worker's tests lower
    it: the most lines, the most challenges and the most statements): (events, capacity), else
    (events, None). The capacity is drawn at an event: an HO re-issuing a challenged one (its
    original's challenge carried over to it takes a row), a challenge, a prepare, or any; as the
    lines before it and one or two more (none to two more but at a re-issue), or at a prepare as
    the prepares before it and none or one more. Challenges for ids no HO of the conversation
    has (`audit-9xx`), just before it at its moment, fill the rows the challenges before it may
    have taken, and up to two past them (refused, thread-full): from there a registration, or a
    carry-over, finds the challenges full, and the lines soon after it the lines. Drawn from `draws`."""
    if not events:
        return events, None
    challenged = {e["challenge"] for e in events if "challenge" in e}
    marks = {
        "carry": [i for i, e in enumerate(events) if "line" in e and e["line"].split(" ")[1:2] == ["HO"] and slot(e["line"], "re") in challenged],
        "challenge": [i for i, e in enumerate(events) if "challenge" in e],
        "prepare": [i for i, e in enumerate(events) if "prepare" in e],
        "any": list(range(len(events))),
    }
    # A re-issue of a challenged HO is rarer than the rest: a conversation with one is bounded
    # more often, and mostly at it.
    if draws.random() >= (0.5 if marks["carry"] else 0.3):
        return events, None
    kind = "carry" if marks["carry"] and draws.random() < 0.6 else draws.choice([k for k, v in marks.items() if v])
    at = draws.choice(marks[kind])
    lines = sum(1 for e in events[:at] if "line" in e)
    if kind == "prepare":
        capacity = max(1, sum(1 for e in events[:at] if "prepare" in e) + draws.choice([0, 1]))
    else:
        capacity = max(1, lines + draws.choice([1, 1, 2] if kind == "carry" else [0, 0, 1, 1, 2]))
    registered = len({e["challenge"] for e in events[:at] if "challenge" in e})
    fillers = max(0, capacity - registered + draws.choice([0, 0, 1, 2]))
    moment = events[at]["at"]
    fill = [{"at": moment, "challenge": f"audit-{901 + i}", "expectAcc": generate_readbacks.criteria(draws, 1)} for i in range(fillers)]
    return events[:at] + fill + events[at:], capacity


# The thread's own profile, inline (as the append route's `profile` takes a profile file): one ask
# with execution slots and slots of its own, nothing required and no rule, so a line without `p=`
# (read with it once the thread fixed it) reads as with the core alone: none written here uses
# its ask or slots without naming it.
INLINE = {
    "profile": "wire", "version": "0.1", "extends": "RW1", "title": "Wire transfers", "desc": "A thread's own profile.",
    "asks": {"WIRE": "send a wire transfer"},
    "slots": [{"key": "wamt", "type": "money", "on": ["HO", "RB", "DN", "ST"], "desc": "amount"},
              {"key": "wref", "type": "token", "on": ["HO", "RB", "DN", "ST"], "desc": "reference"}],
    "exec": {"WIRE": ["wamt", "wref"]},
}


def inline(draws, events):
    """Now and then a thread created with a profile of its own (INLINE, named `wire`): (events,
    profile), else (events, None). An HO naming it with p= (asking rb=exec, or echo), challenges
    naming it by name (criteria, a record of its slots, agreeing or not with the HO; now and then
    ahead of the thread's first line, when no profile is fixed yet; now and then after its HO), its
    readbacks (the values as handed, or another amount; now and then naming p=pay) and a prepare
    of its call. Drawn from `draws`."""
    if not events or draws.random() >= 0.15:
        return events, None
    n = draws.choice([655, 656])
    rb = draws.choice(["exec", "exec", "echo", "acc+exec"])
    ho = f"RW1 HO ops-{n} p=wire from=ops to=builder item=acme:W-{n} ask=WIRE rb={rb} wamt=12.50 wref=W{n}"
    out = list(events)
    at = draws.randint(0, len(out))
    moment = out[at - 1]["at"] if at > 0 else out[0]["at"]
    out.insert(at, {"at": moment, "line": ho})
    for _ in range(draws.randint(1, 3)):
        challenge = {"challenge": f"ops-{n}"}
        if draws.random() < 0.85:
            challenge["profile"] = draws.choice(["wire", "wire", "wire", "pay"])
        r = draws.random()
        if r < 0.5:
            challenge["record"] = {"wamt": draws.choice(["12.50", "12.50", "13.00"])} if draws.random() < 0.8 else {"wref": f"W{n}", "wamt": 12.5}
        if r >= 0.3:
            challenge["expectAcc"] = generate_readbacks.criteria(draws, 1)
        i = draws.choice([0, draws.randint(0, len(out)), draws.randint(out.index(next(e for e in out if e.get("line") == ho)), len(out))])
        out.insert(i, dict(challenge, at=out[i - 1]["at"] if i > 0 else out[0]["at"]))
    where = out.index(next(e for e in out if e.get("line") == ho))
    for j in range(draws.randint(0, 2)):
        amount = draws.choice(["12.50", "12.50", "99.00"])
        p = draws.choice(["wire", "wire", "wire", "pay"])
        line = f"RW1 RB builder-{n + 10 + j} re=ops-{n} p={p} from=builder to=ops item=acme:W-{n} ask=WIRE wamt={amount} wref=W{n}"
        i = draws.randint(where + 1, len(out))
        out.insert(i, {"at": out[i - 1]["at"], "line": line})
    if draws.random() < 0.5:
        k = 1 + max([e["statement"] for e in out if "prepare" in e], default=-1)
        i = draws.randint(where + 1, len(out))
        out.insert(i, {"at": out[i - 1]["at"], "prepare": f"ops-{n}", "statement": k, "exp": "20261002T1200Z", "n": None,
                       "call": {"wamt": draws.choice(["12.50", "12.50", "14.00"]), "wref": f"W{n}"}, "token": token(k)})
    return out, INLINE


# A thread whose bytes bound is drawn (bytes_bounded): its lines are HOs (re-issues among them),
# readbacks of those asking rb=echo (each with the report the thread stores beside it), readbacks
# from another party (none stored) and late ones after a CX (no report), so the bytes it holds of
# lines are theirs and their readback rows' (README note 144, "A thread's size"); no DN, whose
# done check's findings carry the core's messages, nor any statement (the checker models neither).
BYTE_ASKS = [("", "DRAFT"), ("", "DRAFT"), (" p=pay", "REVIEW")]
# About the bytes of a passing echo readback's report (five tiers, no finding), as the generator
# guesses it to place a bound between an RB's line and its row; the checker counts it exactly.
REPORT_GUESS = 330


# About the bytes a readback's report holds with its findings, a DN's done check and a prepared
# statement, as the generator guesses them to place a bound across one; the checker counts them.
FINDINGS_GUESS = 700
DONE_GUESS = 200
STATEMENT_GUESS = 1100


def bytes_bounded(draws, events, extra=None):
    """Now and then a thread whose bytes bound is small (the object's `capacity.bytes`, as the
    Worker's tests lower it, its lines bound kept): (events, bytes), else (events, None). Its
    conversation is one of its own, replacing the drawn one: HOs (the core's DRAFT, or pay's
    REVIEW with p=pay, asking rb=acc or echo, now and then with a tail), the sender's criteria
    registered ahead of them (now and then naming the profile the HO names, now and then with a
    record the ask does not read, dropped when the HO is stored) or for a live one, challenges for
    ids no HO carries (`audit-9xx`), re-issues of challenged HOs (their challenge carried over, a
    copy counted under the re-issue's id; now and then with criteria of their own ahead, or asking
    echo, which drops what was carried), and the bound drawn at a registration or a re-issue as the
    challenges' bytes before it, give or take a few dozen, so that registrations, carry-overs and
    lines cross it. Drawn from `draws`; from `extra` (a stream of its own, so that what `draws`
    draws stays as it was), rows whose findings carry the core's words (checked_rows): readbacks
    void or noted, DNs with their done check, and statements prepared for a pay HO, with the bound
    now and then drawn across one of them instead."""
    if not events or draws.random() >= 0.12:
        return events, None
    now = events[0]["at"]
    # The bytes of challenges and of lines so far, as the generator guesses them (merges and drops
    # aside), and where the bound may fall: (event index, the least bound that refuses it, the most).
    out, estimate, lined, marks, bodies = [], [0], [0], [], {}

    def at():
        nonlocal now
        now += draws.choice([1000, 60_000])
        return now

    def body_bytes(handoff, body):
        return len(handoff.encode()) + len(json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode())

    def register(handoff, body, mark=True):
        # Now and then a criterion of several UTF-8 bytes a character (the bound counts bytes).
        if "expectAcc" in body and draws.random() < 0.3 and not any(c.startswith("fmt:") for c in body["expectAcc"]):
            body["expectAcc"] = body["expectAcc"] + [draws.choice(["fmt:café", "fmt:££", "fmt:x́y"])]
        if mark:
            marks.append((len(out), estimate[0], estimate[0] + body_bytes(handoff, body)))
        out.append(dict(body, at=at(), challenge=handoff))
        bodies.setdefault(handoff, body)
        estimate[0] += body_bytes(handoff, body)

    def line(text, row=0):
        out.append({"at": at(), "line": text})
        lined[0] += len(text.encode()) + row

    def readback(handoff, p, ask, number, item):
        # Its line fits and its report does not, for a bound between the two.
        text = f"RW1 RB builder-{number} re=ops-{handoff}{p} from=builder to=ops item=acme:B-{item} ask={ask}"
        row = REPORT_GUESS + len(f"builder-{number}ops-{handoff}wilco")
        marks.append((len(out), lined[0] + len(text.encode()), lined[0] + len(text.encode()) + row))
        line(text, row)

    # What `extra` adds (checked_rows): where the bound may fall across a row whose findings carry
    # the core's words, or a statement, as (event index, the least bound that refuses it, the most).
    checked_marks, statement_marks = [], []
    if extra is not None and extra.random() < 0.35:
        prepared_statements(extra, out, at, line, statement_marks)
    hos = []
    for i in range(draws.randint(3, 6)):
        n = 801 + i
        p, ask = draws.choice(BYTE_ASKS)
        rb = draws.choice(["acc", "acc", "acc", "echo"])
        tail = f" x_note={'n' * draws.randint(1, 120)}" if draws.random() < 0.3 else ""
        ho = f"RW1 HO ops-{n}{p} from=ops to=builder item=acme:B-{n} ask={ask} rb={rb}{tail}"
        if draws.random() < 0.7:
            body = {"expectAcc": generate_readbacks.criteria(draws, draws.randint(1, 4))}
            if p and draws.random() < 0.5:
                body["profile"] = "pay"
            if draws.random() < 0.25:
                body["record"] = {"pri": draws.choice(["1", "2"])}
            register(f"ops-{n}", body)
        for _ in range(draws.choice([0, 0, 1, 2])):
            register(f"audit-{901 + len(out)}", {"expectAcc": generate_readbacks.criteria(draws, draws.randint(1, 3))})
        line(ho)
        hos.append((n, p, ask, rb, tail))
        if rb == "echo" and draws.random() < 0.6:
            readback(n, p, ask, n + 100, n)
        if draws.random() < 0.1:
            # From another party: no readback of the HO, so no report stored beside it.
            line(f"RW1 RB audit-{n + 100} re=ops-{n}{p} from=audit to=ops item=acme:B-{n} ask={ask}")
        if draws.random() < 0.25:
            register(f"ops-{n}", {"expectAcc": generate_readbacks.criteria(draws, draws.randint(1, 2))})
        if extra is not None:
            checked_rows(extra, n, p, ask, rb, bodies.get(f"ops-{n}", {}), out, lined, line, checked_marks)
    # Now and then challenges no HO carries fill the bytes before the re-issues, so that a
    # carry-over, not the lines, is what crosses the bound.
    for _ in range(draws.choice([0, 2, 4, 6])):
        register(f"audit-{901 + len(out)}", {"expectAcc": generate_readbacks.criteria(draws, draws.randint(2, 4))}, mark=False)
    carries = []
    for n, p, ask, rb, tail in hos:
        if draws.random() >= 0.6:
            continue
        again = n + 50
        if draws.random() < 0.3:
            register(f"ops-{again}", {"expectAcc": generate_readbacks.criteria(draws, 1)}, mark=False)
        text = f"RW1 HO ops-{again} re=ops-{n}{p} from=ops to=builder item=acme:B-{n} ask={ask} rb={draws.choice([rb, rb, 'echo'])}{tail}"
        carried = body_bytes(f"ops-{again}", bodies.get(f"ops-{n}", {}))
        # Past the lines with this one, and past the challenges only with its carried copy.
        carries.append((len(out), max(estimate[0], lined[0] + len(text.encode())), estimate[0] + carried))
        line(text)
        if "rb=echo" in text and draws.random() < 0.5:
            readback(again, p, ask, again + 100, n)
    for n, p, ask, rb, tail in hos:
        # Withdrawn by its sender, then read back: late, unchecked, a row with no report.
        if draws.random() < 0.15:
            line(f"RW1 CX ops-{n + 300} re=ops-{n} from=ops to=builder item=acme:B-{n}")
            line(f"RW1 RB builder-{n + 200} re=ops-{n}{p} from=builder to=ops item=acme:B-{n} ask={ask}", len(f"builder-{n + 200}ops-{n}late"))
    if not marks and not carries and not checked_marks and not statement_marks:
        return events, None
    if marks or carries:
        # A carry-over is rarer than a registration: the bound falls at one more often.
        _, least, most = draws.choice(carries if carries and (not marks or draws.random() < 0.6) else marks)
        bound = draws.randint(least, most - 1) if least < most else least + draws.randint(-40, 40)
        # Now and then on its edge: the bytes held with it, or a byte or two fewer (a criterion of
        # several bytes a character tells bytes from characters there).
        if draws.random() < 0.4:
            bound = most - draws.choice([0, 1, 2])
    # More often, where there is one, across a statement or a row with findings (from `extra`).
    chosen = statement_marks if statement_marks and extra.random() < 0.6 else checked_marks
    if chosen and (not (marks or carries) or extra.random() < 0.75):
        _, least, most = extra.choice(chosen)
        bound = extra.randint(least, most - 1)
    return out, max(1, bound)


def prepared_statements(extra, out, at, line, statement_marks):
    """A pay HO asking rb=exec with every execution value (section 8's), first in a thread whose
    bytes bound is drawn, and two to four statements prepared for it (the RB numbered by the thread
    or given), now and then one abandoned before the next (its state, and so its bytes, changed):
    a statement counts toward the thread's bytes of statements (not of lines), so the bound may fall
    across one, between the statements' bytes before it and with it."""
    slots = [("p", "pay"), ("from", "ops"), ("to", "builder"), ("item", "acme:B-870"), ("ask", "PAY"), ("rb", "exec")] + generate_threads.PAY
    line(generate_threads.line("HO", "ops-870", slots))
    # A window a day on from the HO, so that no prepare is refused for it.
    exp = minute_of(out[-1]["at"] + 1440 * MINUTE)
    held = 0
    for k in range(extra.randint(2, 4)):
        statement_marks.append((len(out), held + 1, held + STATEMENT_GUESS))
        n = None if extra.random() < 0.6 else 970 + k
        out.append({"at": at(), "prepare": "ops-870", "statement": k, "exp": exp, "n": n, "call": dict(CALL), "token": token(k)})
        held += STATEMENT_GUESS
        if extra.random() < 0.3:
            out.append({"at": at(), "abandon": k})


def checked_rows(extra, n, p, ask, rb, body, out, lined, line, checked_marks):
    """After the HO ops-<n> (its sender's criteria `body`, if any): now and then its receiver's
    readback with findings (for rb=echo another ask or item, or p=pay for a core HO, void; for rb=acc an acc= echoing
    the withheld criteria right or another, or none withheld, noted), and now and then its DN (OK,
    PARTIAL or NOOP), each stored with a row whose findings carry the core's words (note 148); a
    mark where the bound falls between the line's bytes and the line's with its row."""
    def checked(text, guess):
        checked_marks.append((len(out), lined[0] + len(text.encode()), lined[0] + len(text.encode()) + guess))
        line(text, guess)

    if extra.random() < 0.4:
        head = f"RW1 RB builder-{n + 400} re=ops-{n}{p} from=builder to=ops"
        if rb == "echo":
            # Another ask or item (void at the echo), or a core HO read back naming pay (void at the receipt, note 21).
            other = f"RW1 RB builder-{n + 400} re=ops-{n} p=pay from=builder to=ops item=acme:B-{n} ask={ask}" if not p else f"{head} item=acme:B-{n} ask=DRAFT"
            checked(extra.choice([f"{head} item=acme:B-{n} ask={'DRAFT' if ask != 'DRAFT' else 'REVIEW'}", other,
                                  f"{head} item=acme:B-{n + 1} ask={ask}"]), FINDINGS_GUESS)
        else:
            criteria = [c for c in body.get("expectAcc", []) if re.fullmatch(r"[a-z]+:[a-z0-9.-]+", c)]
            acc = "+".join(criteria) if criteria and extra.random() < 0.5 else extra.choice(["len:120w", "fmt:pdf+len:2p"])
            checked(f"{head} item=acme:B-{n} ask={ask} acc={acc}", FINDINGS_GUESS)
    if extra.random() < 0.25:
        checked(f"RW1 DN builder-{n + 500} re=ops-{n}{p} from=builder to=ops item=acme:B-{n} out={extra.choice(['OK', 'PARTIAL', 'NOOP'])}", DONE_GUESS)


def both_bounds(draws, events):
    """Now and then, on a thread whose bytes bound is drawn, its rows lowered as well (the object's
    `capacity.lines`: its lines, challenges and statements, each counted in rows), about as many
    as its lines, so that a line or a registration meets one bound or the other: the rows, else
    None. Drawn from `draws`."""
    if draws.random() >= 0.3:
        return None
    lines = sum(1 for e in events if "line" in e)
    return max(1, lines - draws.randint(-1, 3))


def unprofiled(draws, events):
    """Lines without `p=` in a thread whose own profile (INLINE, `wire`) every append names, now and
    then: the object reads them with the thread's profile (README note 145: as `rw --profile`, notes
    3 and 11), so one carrying `wire`'s slots (`wamt`, `wref`), its ask (`WIRE`) or `rb=wamt` is
    refused `PROFILE_REQUIRED`, where the core alone would read a slot as unknown (a note, stored);
    and ones carrying none of it (an HO of the core's `DRAFT`, a readback or a DN of the `p=wire`
    HO naming no profile, an AN), which read as with the core. Each at a moment after the HO it
    names, if any. Drawn from `draws`."""
    ho = next((e for e in events if e.get("line", "").startswith("RW1 HO ops-65") and " p=wire " in e["line"]), None)
    if ho is None or draws.random() >= 0.7:
        return events
    n = int(ho["line"].split(" ")[2].split("-")[1])
    m = n + 30
    drawn = [
        f"RW1 HO ops-{m} from=ops to=builder item=acme:W-{m} ask=DRAFT rb=echo wamt=12.50",
        f"RW1 HO ops-{m + 1} from=ops to=builder item=acme:W-{m + 1} ask=DRAFT rb=echo wref=W{m}",
        f"RW1 HO ops-{m + 2} from=ops to=builder item=acme:W-{m + 2} ask=WIRE rb=exec wamt=12.50 wref=W{m}",
        f"RW1 HO ops-{m + 3} from=ops to=builder item=acme:W-{m + 3} ask=DRAFT rb=wamt",
        f"RW1 HO ops-{m + 4} from=ops to=builder item=acme:W-{m + 4} ask=DRAFT rb=echo",
        f"RW1 RB builder-{m + 10} re=ops-{n} from=builder to=ops item=acme:W-{n} ask=WIRE wamt=12.50 wref=W{n}",
        f"RW1 RB builder-{m + 11} re=ops-{n} from=builder to=ops item=acme:W-{n} wamt=12.50 wref=W{n}",
        f"RW1 RB builder-{m + 12} re=ops-{n} from=builder to=ops item=acme:W-{n} ask=DRAFT",
        f"RW1 DN builder-{m + 13} re=ops-{n} from=builder to=ops item=acme:W-{n} out=OK",
        f"RW1 DN builder-{m + 14} re=ops-{n} from=builder to=ops item=acme:W-{n} out=OK wamt=12.50",
        f"RW1 AN ops-{m + 15} re=ops-{n} from=ops to=builder val=Y",
    ]
    out = list(events)
    where = out.index(ho)
    for line in draws.sample(drawn, draws.randint(1, 4)):
        i = draws.randint(where + 1, len(out))
        out.insert(i, {"at": out[i - 1]["at"], "line": line})
    return out


def shipped_thread(draws, events):
    """Now and then a thread whose profile is a shipped one, `pay`, named by every append (as the
    append route's `profile` takes a shipped name): (events, "pay"), else (events, None). Its
    lines without p= are read with pay (README note 145), so lines without p= carrying pay's slots
    (`amt`, `cur`), its ask (`CHGBANK`) or `rb=amt` are added, each refused `PROFILE_REQUIRED`,
    beside the conversation's own (core lines, read as with the core, and p=pay ones). Drawn from
    `draws`."""
    if not events or draws.random() >= 0.1:
        return events, None
    drawn = [
        "RW1 HO ops-691 from=ops to=builder item=acme:P-691 ask=DRAFT rb=echo amt=12.50",
        "RW1 HO ops-692 from=ops to=builder item=acme:P-692 ask=DRAFT rb=echo cur=EUR",
        "RW1 HO ops-693 from=ops to=builder item=acme:P-693 ask=CHGBANK rb=exec",
        "RW1 HO ops-694 from=ops to=builder item=acme:P-694 ask=DRAFT rb=amt",
        "RW1 HO ops-695 from=ops to=builder item=acme:P-695 ask=DRAFT rb=echo",
        "RW1 RB builder-696 re=ops-695 from=builder to=ops item=acme:P-695 ask=DRAFT",
        "RW1 DN builder-697 re=ops-695 from=builder to=ops item=acme:P-695 out=OK amt=12.50",
    ]
    out = list(events)
    for line in draws.sample(drawn, draws.randint(0, 3)):
        i = draws.randint(0, len(out))
        out.insert(i, {"at": out[i - 1]["at"] if i > 0 else out[0]["at"], "line": line})
    return out, "pay"


def unnamed_ahead(draws, events, profile):
    """Now and then, on a thread with a profile of its own, criteria for its HO registered ahead of
    the thread's first line naming no profile (read with the core), then, after that line, a record
    naming the thread's profile (note 143: refused, the parts held named none). Drawn from `draws`."""
    if profile is None or draws.random() >= 0.3:
        return events
    handoff = next(e["line"].split()[2] for e in events if e.get("line", "").startswith("RW1 HO ops-65") and " p=wire " in e["line"])
    out = [{"at": events[0]["at"], "challenge": handoff, "expectAcc": generate_readbacks.criteria(draws, 1)}] + list(events)
    first = next(i for i, e in enumerate(out) if "line" in e)
    out.insert(first + 1, {"at": out[first]["at"], "challenge": handoff, "profile": "wire", "record": {"wamt": "12.50", "wref": f"W{handoff[4:]}"}})
    return out


# An HO naming no profile and its readback naming pay: in a pay thread the HO reads with pay (README
# note 145), so the readback passes (wilco); in a thread of no profile or of its own, it names
# another profile than its HO (RECEIPT, note 21: void).
READER_PAIR = ("RW1 HO ledger-1 from=ledger to=clerk item=acme:L-1 ask=REVIEW",
               "RW1 RB clerk-1 p=pay re=ledger-1 from=clerk to=ledger item=acme:L-1 ask=REVIEW")


def reread(draws, events, profile, owed):
    """Now and then (about a third of the pay threads, shipped_thread) READER_PAIR in a pay thread,
    and then in the next conversation whose thread is not pay's (of no profile, or of its own): the
    same two lines judged in threads of two profiles, which a replay keeping a readback's verdict by
    its lines alone (`--break-reader-cache`) reads alike. `owed`: whether the pair is still owed to
    a thread not pay's. (events, owed). Drawn from `draws`."""
    if not events or (owed and profile == "pay"):
        return events, owed
    if not owed and (profile != "pay" or draws.random() >= 0.35):
        return events, False
    # Among the thread's first events, the readback right after its HO or one event later, so that
    # a thread of small capacity or few bytes still holds both.
    out = list(events)
    where = draws.randint(0, min(3, len(out)))
    for k, line in enumerate(READER_PAIR):
        i = where + k + (draws.randint(0, 1) if k else 0)
        i = min(i, len(out))
        out.insert(i, {"at": out[i - 1]["at"] if i > 0 else out[0]["at"], "line": line})
        where = i
    return out, profile == "pay"


def sender_done_checks(draws):
    """Now and then (a quarter of the conversations) the sender's own check-dn of a pay DN with its
    record, as `POST /v1/check-dn` or a thread with no passing readback calls the core's `checkDone`:
    a pay `ask=PAY` HO mostly asking no `rb=exec` (none, `echo` or `all`; now and then `exec`), now
    and then leaving `acct` to the receiver, the call's values as the record (one changed, one left
    out, or `acct` marked `$resolve`), and the receiver's DN (`OK`, `PARTIAL` or `NOOP`, with values
    as executed or none). A thread refuses such a record, or such an HO, before any DN (check-ho's
    `HO_NEEDS_EXEC`, note 99), so its done checks never meet one: this is where check-dn's own
    reading of note 99 is compared. Drawn from `draws`; none for most conversations."""
    if draws.random() >= 0.25:
        return []
    rb = draws.choice([None, None, "echo", "echo", "all", "exec"])
    slots = [("p", "pay"), ("from", "scheduler"), ("to", "payer"), ("item", "inv:MD-2026-057"), ("ask", "PAY")] + ([] if rb is None else [("rb", rb)])
    leaves_acct = draws.random() < 0.3
    slots += [kv for kv in generate_threads.PAY if not (leaves_acct and kv[0] == "acct")]
    r = draws.random()
    record = altered(draws, r, 0.4)
    if 0.4 <= r < 0.6:
        record["$resolve"] = ["acct"]
    out = draws.choice(["OK", "OK", "PARTIAL", "NOOP"])
    dn = f"RW1 DN payer-900 re=scheduler-900 from=payer to=scheduler item=inv:MD-2026-057 out={out}{executed(draws)}"
    return [{"ho": generate_threads.line("HO", "scheduler-900", slots), "dn": dn, "record": record}]


def read_back_done_checks(draws):
    """Now and then (three in ten conversations) the sender's own check-dn of a pay DN for an HO
    asking `rb=exec`, with its record and the execution readback its receiver sent, or none (section
    5.3: the report equals "the HO's value, or the readback's where the HO left the slot to the
    receiver and the readback passed"; note 26). The HO mostly leaves `acct` to the receiver; the
    record is the call's values (one changed, or one left out), marking `acct` `$resolve` where the
    HO leaves it, now and then not; the readback, in seven of ten, carries the HO's echo and every
    execution value as the receiver will act (the call's, now and then one changed, `acct` most
    often, or one left out), now and then `h=`, so that it agrees with the record or differs in one
    value; with none, the record is one nobody read back. The DN as `sender_done_checks` draws it.
    Drawn from `draws`; none for most conversations."""
    if draws.random() >= 0.3:
        return []
    item = "inv:MD-2026-057"
    leaves_acct = draws.random() < 0.7
    slots = [("p", "pay"), ("from", "scheduler"), ("to", "payer"), ("item", item), ("ask", "PAY"), ("rb", "exec")]
    ho = generate_threads.line("HO", "scheduler-910", slots + [kv for kv in generate_threads.PAY if not (leaves_acct and kv[0] == "acct")])
    record = altered(draws, draws.random(), 0.4)
    if leaves_acct and draws.random() < 0.8:
        record["$resolve"] = ["acct"]
    check = {"ho": ho, "record": record}
    if draws.random() < 0.7:
        values = dict(CALL)
        r = draws.random()
        if r < 0.25:
            key = "acct" if draws.random() < 0.5 else draws.choice(list(CHANGED))
            values[key] = CHANGED[key]
        elif r < 0.3:
            del values[draws.choice(list(CHANGED))]
        digest = [("h", readback_checker.digest(validator.parse(ho)[1]))] if draws.random() < 0.5 else []
        echo = [("re", "scheduler-910"), ("from", "payer"), ("to", "scheduler"), ("item", item), ("p", "pay"), ("ask", "PAY")]
        check["rb"] = generate_threads.line("RB", "payer-911", echo + list(values.items()) + digest)
    out = draws.choice(["OK", "OK", "PARTIAL", "NOOP"])
    check["dn"] = f"RW1 DN payer-912 re=scheduler-910 from=payer to=scheduler item={item} out={out}{executed(draws)}"
    return [check]


def conversations(count, seed):
    rng = random.Random(seed)
    # The draws added since (numbered_after) come from a stream of their own, and the thread's
    # capacity (bounded) from another, so the conversations drawn before stay as they were.
    draws = random.Random(f"{seed} draws")
    sizes = random.Random(f"{seed} capacity")
    # The thread's inline profile (inline) from a stream of its own too.
    profiled = random.Random(f"{seed} inline")
    byte_sizes = random.Random(f"{seed} bytes")
    row_sizes = random.Random(f"{seed} bytes rows")
    # The rows with findings and the statements drawn there (checked_rows, prepared_statements).
    checked_sizes = random.Random(f"{seed} bytes checked")
    # Lines without p= in a thread of its own profile (unprofiled), from a stream of their own.
    unprofiled_draws = random.Random(f"{seed} unprofiled")
    # A thread whose profile is a shipped one (shipped_thread), from a stream of its own.
    shipping = random.Random(f"{seed} shipped")
    # And the challenges registered ahead of its first line naming no profile (unnamed_ahead).
    unnamed = random.Random(f"{seed} unnamed")
    # The sender's own check-dn with its record (sender_done_checks), from a stream of its own.
    dn_checks = random.Random(f"{seed} done checks")
    # And those of an HO asking rb=exec, with or without its readback (read_back_done_checks).
    read_back_checks = random.Random(f"{seed} done readbacks")
    rereads = random.Random(f"{seed} rereads")
    owed = False
    for _ in range(count):
        c = conversation(rng)
        events, profile = inline(profiled, shaped(draws, numbered_after(draws, c["events"])))
        events = unnamed_ahead(unnamed, events, profile)
        if profile is not None:
            events = unprofiled(unprofiled_draws, events)
        events, capacity = bounded(sizes, events)
        # A thread's bytes bound (bytes_bounded) from a stream of its own, on a conversation of
        # neither bound drawn above nor a profile of its own (a conversation of its own replaces it).
        events, size = bytes_bounded(byte_sizes, events, checked_sizes) if capacity is None and profile is None else (events, None)
        # Now and then its rows lowered too (both_bounds), from a stream of its own.
        if size is not None:
            capacity = both_bounds(row_sizes, events)
        if profile is None and size is None:
            events, profile = shipped_thread(shipping, events)
        # The same HO and readback in a pay thread and then in one not pay's (reread), from a stream of its own.
        events, owed = reread(rereads, events, profile, owed)
        checks = sender_done_checks(dn_checks) + read_back_done_checks(read_back_checks)
        yield dict(c, events=events, **({} if capacity is None else {"capacity": capacity}), **({} if profile is None else {"profile": profile}),
                   **({} if size is None else {"bytes": size}), **({"done_checks": checks} if checks else {}))


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for c in conversations(count, seed):
        print(json.dumps(c))
