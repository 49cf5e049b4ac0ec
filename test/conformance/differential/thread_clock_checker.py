"""An independent replay of a Worker's thread at known moments: what it refuses of each line as it
arrives, what its alarms record, and its report at the end.

Written from spec sections 2 (an id is unique within the conversation), 3.1 (`exp`: "on an HO,
nothing may be done on it after; on an RB, the statement cannot be confirmed after, and it may not
outlive the HO's") and 5.4, the README's notes 32 (appending, a retry, a reply ahead, a late
readback), 27 and 35 (statements, the thread's clock, read to the minute, and its alarm), 56, 65
and 107 (a late confirmation) and core/CODES.md, never from the core's reply-order,
readback-expiry or statement code, nor from worker/thread/thread-object.ts. Each line is one append at its moment, in order:

- a line the validator refuses is refused (`INVALID`, the receiver's UN);
- a line under a stored id is a retry (`duplicate`) when its canonical form (what `h=` digests) is
  the stored one's, else `THREAD_ID_REUSED`;
- a reply that acts on what it answers (RB, AN, DN, FL, CX) whose `re=` names no stored line is
  `THREAD_REPLY_AHEAD` (a UN, an HO or an ST is taken);
- an RB arriving after its own `exp`, or after the `exp` of the stored HO its `re=` names, is
  `THREAD_READBACK_EXPIRED`;
- the sender's `AN val=Y` to a stored RB of its HO (note 35's answer: from the HO's sender to its
  receiver, about its item or none, to an RB from that receiver to that sender) arriving after the
  RB's `exp`, or after the HO's, is `THREAD_CONFIRMATION_EXPIRED` (only the sender's yes confirms:
  a hold, and any other yes, are taken);
- anything else is stored.

A line under the id of the RB a statement states, while that statement is pending in its window or
committed, is `THREAD_ID_REUSED` unless it is an RB carrying its `x_tok` (section 2: an id names one
message; the id is the statement's, to be relayed under it).

A commit (section 5.3, notes 27 and 35): a statement not pending, or past its window (then expired),
is refused; so is one whose HO is not live, or whose item a newer HO of the same sender handed to
another receiver whose readback passed (rule 1, as thread_auditor.py's THREAD_DONE_OWNED_ELSEWHERE);
it runs only when a readback of its HO carrying its token states it as prepared (its canonical form,
tail aside, that of the RB the spec's tool states) and passed, and the sender's answer standing for
that readback (its latest to it, else its latest to any readback of the HO, a yes to a void one
aside, as thread_auditor.py reads a hold) is none or `val=Y`; and once per handoff: a committed
statement of its re-issue line refuses it, and a commit ends the line's other pending statements
(abandoned, or expired past their window). The audit is told which HOs' act ran, so that a DN
reporting the act after a CX that came after the commit is `THREAD_CANCEL_AFTER_ACT`, not
`THREAD_DONE_AFTER_CANCEL` (section 5.4: "if the act had already run, it answers with the act's DN
instead"). A prepare is refused too once a statement of the HO's line ran. A refused commit names
its slot and what it found there (Statements.commit), in the order the thread asks: the statement
not pending (`x_tok`, its state; one a close abandoned after its line's act ran, `committed`; one
abandoned for a cancelled handoff, `re`, `cancelled`), past its window (`exp`, the moment), the
handoff not live (`re`, its state), its item owned elsewhere (`item`, that HO), no relay (`x_tok`,
`none`), no relay as prepared (`x_tok`, those relays), held by the sender (`val`, the answer),
no passing relay (`x_tok`, the last one's verdict), the line's act already run (`x_tok`,
`committed`).

What the thread says of its statements as it stores a line (Statements.said, section 5.3 and 5.4):
an RB carrying `x_tok` of no statement (`STATEMENT_UNKNOWN`), of another HO's, of one no longer
pending in its window, or not stating it as prepared (`STATEMENT_REFUSED`); a DN `out=NOOP` once
the line's act ran (`DONE_NOOP`), a DN reporting the act when none of the line ran and its plan
relays a statement (`DONE_UNCOMMITTED`); the sender's CX of a handoff whose act ran
(`STATEMENT_REFUSED`), and the receiver's `val=Y` to such a CX (`STATEMENT_RAN`). A prepare
without `n` numbers its RB one past the receiver's highest number in the thread (note 32: its
lines, its statements' RBs, its ids a stored line's `re=` names), and one whose RB id the thread
holds, another statement states or a `re=` cites is refused (section 2).

Prepared statements (notes 27 and 35; the tool's side of section 5.3): a prepare is refused for
an id that is no stored HO, for an HO not live at its moment (open, held or orphaned, as
thread_auditor.py finds it), for one that does not ask `rb=exec` of an ask with execution slots,
and for a window already past or after the HO's `exp`; an abandon of a pending statement within
its window abandons it, past it is refused and expires it, and of any other is refused; an alarm,
and the state at the end, expire the pending ones past their window; a stored DN, UN or FL ends the
pending statements of the closed HOs of its re-issue line, and of its superseded ones once none of
the line is live (`abandoned`, or `expired` past their window); a stored CX from the HO's sender to
its receiver about its item cancels those of the HO it closes and, when that HO was the live one
of its line, of the HOs of the line it superseded; a CX of a superseded HO, those of that HO alone
(`cancelled`, or `expired` past their window).

A refused prepare is answered as the thread answers it (its kind, the parameter it names, its
findings), by the first rule that refuses it in the thread's order (README, "A thread's clock").
A record the sender registers ahead of its HO (note 34) refuses the HO that contradicts it
(check-ho, notes 23 and 24: `HO_DIFFERS`) and checks each readback of it at tier 5, as
thread_auditor.py is told; a stored DN of an HO of the thread gets check-dn's check against its
plan (done_checker.py, note 26). Past 2^53 - 1 an agent's next number is the lowest free one (note
32).

The sender's challenge (note 34) is registered ahead of its HO or for a live one: each part once
(`thread-conflict`; a part carried to a re-issue counts), its profile a shipped one
(`unknown-profile`) and the one its parts or its HO were read with (`thread-conflict`), its record
read in that vocabulary (note 24: a key no slot has, a value its slot's type does not admit, a
`$resolve` naming no slot, each `RECORD_SHAPE`, `invalid-record`) and, for an appended HO, held to
check-ho (`HO_NEEDS_EXEC` among its findings, note 99); a statement for an HO asking `rb=acc` or
`rb=plan` is refused, its RB carrying no `acc=` (section 5.1, `READBACK_INCOMPLETE`). Its
criteria are read in the HO's vocabulary (the profile named, else the core) and refused when not
key:value, naming a key outside the closed set or a single-valued key twice (`invalid-request`,
with those codes), an id a stored line holds refused. An HO re-issuing a challenged one (rule 1, the
HO it supersedes) is checked with its original's challenge, whose parts stand over any registered
for its own id (`CHALLENGE_CARRIED`, slot `re`); a part an HO's `rb=` does not read (criteria
without `rb=acc` or `rb=plan`, a record for an ask with no execution slots) is dropped
(`READBACK_NOT_ASKED`, slot `acc` for criteria); each readback is judged with what is left
(tier 4 against the criteria, tier 5 against the record). A line holds at most 8,192 bytes (the
Worker's request limit): a longer one is refused (`line-too-long`), and so is a prepare whose RB
line would be longer (it could never be relayed). Under a thread's bytes bound (notes 144 and
148) a readback's row (check-rb's report, its findings and notes), a DN's done check and each
prepared statement (its JSON as stored, openapi `Statement`, in the state it stands) count as
those notes and README note 156 say; of a finding, the code and severity (core/CODES.md) and, for
check-dn's own, the slot and values are this replay's, its words and places the core row's
(`finding_text`: neither the spec nor the README fixes them).

A moment is late for a time from the next minute (the clock read to the minute, `exp` its minute
included) and for a date from the next day. An alarm at a moment records each handoff past its
`exp` or `due` and each AQ unanswered past its `by=`, as check-thread reports them at that moment
(thread_auditor.py over the stored lines), once, with the first moment it found it. The end is
thread_auditor.py's report of the stored lines at `end`. Standard library only.
"""
import datetime
import functools
import json
import os
import types

import done_checker
import generate_thread_clocks
import readback_checker
import thread_auditor
import validator

class _ReadOnce:
    """validator.py with each line read once: the replay asks thread_auditor.py about the same
    stored lines at every commit, close, cancel, prepare and alarm, which read every line anew.
    Neither it nor readback_checker.py changes what it reads, so a reading can be shared."""
    parse = staticmethod(functools.lru_cache(maxsize=8192)(validator.parse))
    verdict = staticmethod(functools.lru_cache(maxsize=8192)(validator.verdict))

    def __getattr__(self, name):
        return getattr(validator, name)


_read_once = _ReadOnce()
thread_auditor.validator = _read_once
_judge = thread_auditor.verdict
# A readback's verdict, judged once for each HO's line and readback (it reads the HO's line alone,
# and the thread holds no expectations) in the vocabulary a line without p= is read with (note
# 145: the thread's own profile, readback_checker.reader), since the cache outlives a thread.
_judged = functools.lru_cache(maxsize=8192)(lambda ho_text, rb_text, reader: _judge(types.SimpleNamespace(text=ho_text), rb_text, {}))
# The same, with the sender's challenge (its criteria and record, as JSON text).
_judged_with = functools.lru_cache(maxsize=8192)(lambda ho_text, rb_text, reader, expected: _judge(types.SimpleNamespace(text=ho_text), rb_text, json.loads(expected)))
# Whether a readback's verdict is kept by the reader it was judged with (--break-reader-cache
# plants a replay that keeps it by the lines alone, so a thread of another profile's reading stands).
verdicts_by_reader = True


def _verdict(ho, rb_text, expected):
    if not criteria_kept:
        # --break-criteria: the readback judged as if the sender had withheld no criteria.
        expected = {k: v for k, v in expected.items() if k != "expectAcc"}
    reader = readback_checker.reader if verdicts_by_reader else None
    return _judged(ho.text, rb_text, reader) if not expected else _judged_with(ho.text, rb_text, reader, json.dumps(expected, sort_keys=True))


thread_auditor.verdict = _verdict

ACTING_REPLIES = {"RB", "AN", "DN", "FL", "CX"}
# Whether the sender's late yes is refused (compare_thread_clocks.py --break-confirmation plants a replay that lets it through).
confirmations_closed = True
# Whether a commit waits for its relayed, passing, unheld readback (--break-commit plants a replay that runs it without).
commits_cleared = True
# Whether a relayed RB that does not state its statement as prepared is said to clear nothing
# (--break-relay plants a replay that says nothing of it).
relays_said = True
# Whether a challenge's shape is read as the challenge route reads it: an id an HO line can carry,
# at least one part (empty criteria none), a record an object (--break-shape plants a replay that takes any).
shapes_read = True
# Whether a prepare without n counts the RBs the thread's statements state (--break-numbering plants a replay that does not).
statements_numbered = True
# Whether a prepare reads its call in the HO's vocabulary first (--break-prepare plants a replay
# that holds the call to the execution slots alone, so a call of another vocabulary is the statement's refusal).
calls_read = True
# Whether the sender's challenge registered ahead of an HO is kept (--break-challenge plants a
# replay that drops it, so the HO's readback is judged without the record).
challenges_kept = True
# Whether an agent's next number past 2^53 - 1 is its lowest free one (--break-highest plants a replay that goes on counting).
lowest_free = True
# Whether the sender's withheld criteria check the readback (--break-criteria plants a replay that judges it without them).
criteria_kept = True
# Whether a re-issue carries its original's challenge (--break-carry plants a replay that carries nothing).
challenges_carried = True
# Whether a statement for an HO asking rb=acc or rb=plan is refused, its RB lacking acc= (--break-incomplete plants a replay that prepares it).
statements_complete = True
# Whether a record is read when it is registered (--break-record plants a replay that takes any record).
records_read = True
# Whether a challenge's profile must be a shipped one and the one its parts or HO were read with
# (--break-profile plants a replay that takes any).
profiles_read = True
# Whether a record registered for an appended HO that does not ask rb=exec of an ask with execution
# slots is refused (--break-late-record plants a replay that holds it to its values alone).
late_records_held = True
# Whether a record an HO's ask does not read is dropped and said (--break-unread plants a replay that keeps it).
unread_records_dropped = True
# Whether a statement whose RB line passes a line's 8,192 bytes is refused (--break-line plants a replay that prepares it).
lines_bounded = True
# Whether a challenge naming the thread's own profile is refused until a line fixed it (--break-inline
# plants a replay that knows the profile from the first request).
inline_fixed_by_line = True
# Whether the challenges a thread holds are bounded, on registration and on carry-over (--break-full
# plants a replay that stores them past the thread's capacity).
challenge_rows_bounded = True
# Whether a line without p= in a thread of its own profile is read with that profile (--break-unprofiled
# plants a replay that reads it with the core alone).
unprofiled_read_with_thread = True
# Whether the bytes a thread's challenges and lines hold are bounded (--break-bytes plants a replay
# that stores challenges, registered or carried over, and lines past the thread's bytes).
challenge_bytes_bounded = True
# Whether the readback report a thread stores beside an RB counts in its bytes ("A thread's size";
# --break-report-bytes plants a replay that counts the line alone).
report_rows_counted = True
# Whether the findings of a readback's report count in its row (--break-finding-bytes plants a replay
# that counts a void or noted readback's report as if it held none).
finding_rows_counted = True
# Whether the done check a thread stores beside a DN counts in its bytes (note 148; --break-dn-bytes
# plants a replay that counts a DN's line alone).
done_rows_counted = True
# Whether the statements a thread holds are bounded by its bytes too (--break-statement-bytes plants
# a replay that holds them to their rows alone).
statement_bytes_bounded = True
# Whether a challenge whose first part named no profile keeps naming none (note 143; --break-unnamed
# plants a replay that holds its parts read with the thread's profile as it stands now).
unnamed_kept = True
LINE_BYTES = 8192
# The profiles this build ships, known by name whatever a thread fixed (an inline one is not).
SHIPPED_NAMES = frozenset(validator.SHIPPED)
PARTS = ("expectAcc", "record")


def challenge_row_bytes(handoff, body):
    """README note 144: a challenge row counts the UTF-8 bytes of the HO id it is kept under and of
    its body, the JSON text, without white space, of the parts that id holds as registered
    (`expectAcc` the criteria listed, `record` the object given) and the `profile` named with them."""
    return len(handoff.encode()) + len(json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode())


TIER_NAMES = ("receipt", "integrity", "echo", "comprehension", "execution")


def readback_row_bytes(rb_id, handoff, verdict, tiers, findings=None):
    """README "A thread's size" and note 144: the row a thread keeps for a readback of its HO counts
    the UTF-8 bytes of the RB's id, the HO's, the verdict and the checked report, check-rb's report
    as the API gives it (openapi `ReadbackReport`: `roger`, `wilco`, the five `tiers`, each `tier`,
    `name`, `result` and `findings`, then `notes`, every note of the tiers again), its JSON without
    white space; a late readback (`tiers` None) is not checked and stores no report. `findings`:
    each tier's findings as stored, [(severity, its JSON text)] (finding_text)."""
    findings = findings or [[] for _ in TIER_NAMES]
    if not finding_rows_counted:
        findings = [[] for _ in TIER_NAMES]
    frame = "" if tiers is None else json.dumps({
        "roger": tiers[0] == "pass" and tiers[1] != "fail", "wilco": "fail" not in tiers,
        "tiers": [{"tier": i + 1, "name": TIER_NAMES[i], "result": r, "findings": "@"} for i, r in enumerate(tiers)],
        "notes": "@"}, separators=(",", ":"))
    listed = lambda texts: "[" + ",".join(texts) + "]"
    notes = [text for tier in findings for severity, text in tier if severity == "note"]
    report = frame
    for tier in findings:
        report = report.replace('"@"', listed(text for _, text in tier), 1)
    report = report.replace('"@"', listed(notes), 1)
    return len(rb_id.encode()) + len(handoff.encode()) + len(verdict.encode()) + len(report.encode())


def _severities():
    """Each finding code's severity, as core/CODES.md's tables fix it ("The severity is fixed by the code")."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "core", "CODES.md")
    with open(path, encoding="utf-8") as f:
        rows = (line.split("|") for line in f if line.startswith("| `"))
        return {row[1].strip().strip("`"): row[2].strip() for row in rows}


SEVERITY = _severities()


def finding_text(code, own, given, keep=None):
    """A finding as a stored row's JSON writes it (openapi `Finding`: `code`, `severity`, `message`,
    then `slot`, `at`, `expected`, `received`, `path` where they are): its code, its severity (fixed
    by the code) and the fields this replay models (`own`, None ones left out) written here; each
    other field as the core's row gives it (`given`, its JSON text), only those in `keep` when given:
    a finding's `message` is the core's prose, and its places (`at`, and `slot`, `expected`,
    `received` where this replay does not model them) neither the spec nor the README fixes."""
    parts = {"code": json.dumps(code), "severity": json.dumps(SEVERITY[code])}
    parts.update({k: json.dumps(v, ensure_ascii=False) for k, v in own.items() if v is not None})
    parts.update({k: v for k, v in given.items() if k not in own and (keep is None or k in keep)})
    return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in parts.items()) + "}"


def take_words(words, tier, code):
    """The fields the core's row gives for the next finding of `code` in `tier` (0 for a done check),
    taken from `words` (a list of [tier, code, fields]), or None when it gives no such finding."""
    at = next((i for i, w in enumerate(words) if w[0] == tier and w[1] == code), None)
    return None if at is None else words.pop(at)[2]


def statement_bytes(st):
    """The bytes a prepared statement holds (openapi `Statement` as stored, without the prepare
    answer's `line` and `findings`): its JSON without white space, UTF-8, of its token, handoff, call
    (every execution value as its RB states it), exp, readback (the RB's JSON form, section 6), state
    and the moment it was prepared. Its state changes its bytes (`pending` to `abandoned`, say)."""
    handoff, exp, state, token, rb, prepared = st[:6]
    form = readback_checker.json_form(_read_once.parse(rb)[1])
    ho = validator.parse(rb)[1]["slots"]
    exec_slots = ((validator.PROFILES.get(ho.get("p")) or {}).get("exec") or {}).get(ho.get("ask"), [])
    call = {k: form["slots"][k] for k in exec_slots if k in form["slots"]}
    body = {"token": token, "handoff": handoff, "call": call, "exp": exp, "readback": form, "state": state, "prepared": prepared}
    return len(json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode())


def raw_challenge(event):
    """The parts a registration gives as the object keeps them (note 144): the criteria as listed,
    unless every one is empty (none given), the record and the profile as given."""
    listed = event.get("expectAcc")
    return {**({"expectAcc": listed} if listed is not None and any(c != "" for c in listed) else {}),
            **({"record": event["record"]} if "record" in event else {}), **({"profile": event["profile"]} if "profile" in event else {})}


def carried_body(own, inherited):
    """Note 34 and 144: the copy a re-issue keeps, its original's parts over its own, its own
    profile only with its own parts."""
    if own is None:
        return dict(inherited)
    mine = {part: own[part] for part in PARTS if part in own and part not in inherited}
    return dict(mine, **({"profile": own["profile"]} if mine and "profile" in own else {}), **inherited)


def unnamed_then_named(before, request, ho):
    """Note 143: ahead of its HO, parts held that named no profile were read with the thread's
    profile as it stood then, or the core while it had none, and which is not kept: a profile
    named by a later registration is refused (`thread-conflict`, profile), whether or not a line
    fixed the thread's profile since."""
    return unnamed_kept and ho is None and "profile" in request and "profile" not in before and any(part in before for part in PARTS)


def record_shapes(vocab, record):
    """Note 24's RECORD_SHAPE, one for each entry of a record the vocabulary does not read: a key no
    slot has, a value that is no JSON scalar or non-empty list of them, one that, decoded by its
    slot's type (a string as a line's value is), is not one the type admits (a number for a date, a
    boolean for a token, a list for a single-valued slot), and each name `$resolve` holds that is no
    slot (or a `$resolve` that is no list of names)."""
    out = []
    for key, value in record.items():
        if key == "$resolve":
            if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
                out.append("RECORD_SHAPE")
            continue
        typ = vocab.types.get(key)
        if typ is None or not readable_value(vocab, key, typ, value):
            out.append("RECORD_SHAPE")
    resolve = record.get("$resolve")
    if isinstance(resolve, list) and all(isinstance(k, str) for k in resolve):
        out += ["RECORD_SHAPE" for k in dict.fromkeys(resolve) if k not in vocab.types]
    return out


def as_written(record):
    """A readable record with each value as a line writes it (note 24: `2` is `"2"`, a list `a+b`)."""
    return {key: value if key == "$resolve" else "+".join(map(shown, value)) if isinstance(value, list) else shown(value)
            for key, value in record.items()}


def readable_value(vocab, key, typ, value):
    """Whether one record value is one its slot's type admits (note 24): a string read as the
    line's would be; a boolean only for a bool; a whole number only for an int; a list only for a
    list type, each element so."""
    if isinstance(value, str):
        errors = set()
        validator.check_value(vocab, key, typ, value, errors)
        return not errors
    if isinstance(value, bool):
        return typ == "bool"
    if isinstance(value, int):
        return (typ.startswith("int") or typ == "days") and readable_value(vocab, key, typ, str(value))
    if isinstance(value, list):
        return typ.startswith("list:") and len(value) > 0 and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value) \
            and readable_value(vocab, key, typ, "+".join(str(v) for v in value))
    return False


def cut(text):
    """A value as a finding shows it: past 40 characters, its first 40 and `...` (note 36)."""
    return text if len(text) <= 40 else text[:40] + "..."


def shown(value):
    """A slot value as a line writes it (a boolean Y or N)."""
    return "Y" if value is True else "N" if value is False else str(value)


def minute(ms):
    """The UTC minute of a moment in epoch milliseconds, as `YYYYMMDDTHHMMZ`."""
    return datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc).strftime("%Y%m%dT%H%MZ")


def receiver_number(mid, receiver):
    """The number of `mid` when it is one of `receiver`'s ids (`<receiver>-<n>`, note 16), else None."""
    sender, _, n = (mid or "").rpartition("-")
    return int(n) if sender == receiver and n.isdigit() else None


def past(exp, now):
    """Whether the time `exp` is past at the minute `now`: from the minute after it."""
    return isinstance(exp, str) and exp < now


class Thread:
    def __init__(self, capacity=None, inline=None, size=None):
        # The name of the thread's own profile (an inline profile file its appends name), or None:
        # fixed by the first append that stores a line, so a thread holding none has no profile.
        self.inline = inline
        # What a thread holds (README, "A thread's size", note 34; the object's capacity): at most
        # `capacity` lines, as many challenges (one row an HO id) and as many statements; None for
        # a thread whose bounds a conversation this size never reaches.
        self.capacity = capacity
        # The bytes a thread holds (note 144), each of its lines' and of its challenges': None for a
        # thread whose bounds a conversation this size never reaches. What each id's challenge row
        # holds, as the object keeps it (bodies), and the UTF-8 bytes of the stored lines.
        self.size = size
        self.bodies = {}
        self.line_bytes = 0
        # The ids the thread keeps a challenge under: a row added when one is registered (ahead of
        # its HO or for it) and when a re-issue is stored with its original's carried over, deleted
        # when an HO is stored whose rb= reads none of the parts its id holds.
        self.rows = set()
        self.stored = {}  # id -> (message as validator reads it, its canonical form)
        self.texts = []  # the stored lines, in order
        self.statements = []  # the prepared statements (Statements.all)
        self.expectations = {}  # HO id -> the challenge its readback is checked with ({"expectAcc", "record", "profile"}, note 34)
        self.registered = {}  # id -> the challenge registered ahead of its HO, as registered
        self.said = []  # what the thread says of an HO's challenge as it stores it
        # The words of the findings the core's rows hold, by the index of the append that built the
        # row (what neither the spec nor the README fixes, taken as given: finding_text), and the
        # index of the append being read.
        self.words, self.index = {}, 0

    def register(self, event, standing):
        """Note 34 and the challenge route: registered ahead of its HO or for a live HO of the thread
        until a readback of it is checked (else `thread-conflict`, handoff; an id a stored line
        other than an HO holds too), each part written once
        (`thread-conflict`, the part), a profile other than the one the parts held were read with
        refused (`thread-conflict`, profile), criteria read in the vocabulary (the profile named,
        else the parts', else the core: section 7, "Without p=, only core vocabulary is valid")
        that are not key:value, name a key outside the closed set or a single-valued key twice
        refused (`invalid-request`, expectAcc, with those codes). The record is drawn readable."""
        handoff = event["challenge"]
        # The challenge route, before the thread sees it: an id no HO line can carry (its least HO,
        # `RW1 HO <id> from=<sender>`, past a line's 8,192 bytes) waits for nothing; criteria that
        # are empty or only "" are none given (as rw check-rb's --expect-acc ""), and a challenge
        # carries at least one part; a record is a JSON object of slot values (invalid-request).
        given = [c for c in event.get("expectAcc") or [] if c != ""]
        if shapes_read:
            if len(f"RW1 HO {handoff} from={handoff[:handoff.rfind('-')]}".encode()) > LINE_BYTES:
                return ["refused", "invalid-request", "handoff", []]
            if not given and "record" not in event:
                return ["refused", "invalid-request", "expectAcc", []]
            if "record" in event and not isinstance(event["record"], dict):
                return ["refused", "invalid-request", "record", []]
        elif "record" in event and not isinstance(event["record"], dict):
            return ["registered"]
        held = self.stored.get(handoff)
        ho = held[0] if held is not None and held[0]["type"] == "HO" else None
        # The thread's profile, once a line fixed it: what a line without p= is read with.
        chosen = self.inline if self.stored else None
        # Note 34: registered until its readback is checked (a readback from its receiver to its sender).
        if ho is not None and any(h[0]["type"] == "RB" and h[0]["slots"].get("re") == handoff and (h[0]["slots"].get("from"), h[0]["slots"].get("to")) == (ho["slots"].get("to"), ho["slots"].get("from")) for h in self.stored.values()):
            return ["refused", "thread-conflict", "handoff", []]
        # Section 2: an id names one message; one a stored line other than an HO holds no HO can take.
        if held is not None and ho is None:
            return ["refused", "thread-conflict", "handoff", []]
        request = {k: event[k] for k in ("expectAcc", "record", "profile") if k in event}
        if not given and shapes_read:
            request.pop("expectAcc", None)
        if "expectAcc" in request:
            request["expectAcc"] = "+".join(request["expectAcc"])
        # What the id holds: ahead of its HO, what was registered; once the HO is stored, what its
        # readbacks are checked with (note 34: a re-issue's carried parts, less those its rb= does
        # not read), so a part carried to it is one already registered.
        before = self.registered.get(handoff, {}) if ho is None else {k: v for k, v in self.expectations.get(handoff, {}).items() if k in PARTS}
        again = next((part for part in PARTS if part in request and part in before), None)
        if again is not None:
            return ["refused", "thread-conflict", again, []]
        # Note 34: the profile named is resolved as an HO's p= is (the thread has none of its own
        # here, so a shipped one; another name is unknown-profile), and must be the one the parts
        # held were read with, or the appended HO's.
        # A thread's own profile is known by its name once the thread fixed it, as a shipped one.
        if "profile" in request and profiles_read and (request["profile"] not in validator.SHIPPED or (request["profile"] == self.inline and chosen is None and self.inline not in SHIPPED_NAMES and inline_fixed_by_line)):
            return ["refused", "unknown-profile", "profile", []]
        if profiles_read and unnamed_then_named(before, request, ho):
            return ["refused", "thread-conflict", "profile", []]
        read_with = (ho["slots"].get("p") or chosen) if ho is not None else before.get("profile") or (chosen if any(part in before for part in PARTS) else False)
        if profiles_read and "profile" in request and read_with is not False and request["profile"] != read_with:
            return ["refused", "thread-conflict", "profile", []]
        # What the parts are read with: the HO's vocabulary, else the profile named or the one
        # the parts held were read with, else the core (section 7: "Without p=, only core
        # vocabulary is valid").
        named = (ho["slots"].get("p") or chosen) if ho is not None else request.get("profile") or before.get("profile") or chosen
        vocab = validator.SHIPPED.get(named, validator.CORE)
        if ho is not None:
            # For an HO of the thread: live (a handoff closed or superseded has no readback left to
            # check); its record held to check-ho; a part its rb= does not read refused.
            if dict((h[0], h[1]) for h in standing()["handoffs"]).get(handoff) not in LIVE:
                return ["refused", "thread-conflict", "handoff", []]
        if "record" in request and records_read:
            # Note 24: a key no slot has, a value its slot's type does not admit, or a $resolve that
            # is not a list of slot names refuses the record when it is registered (note 34: the
            # sender's slip, said at once).
            shapes = record_shapes(vocab, request["record"])
            if shapes:
                return ["refused", "invalid-record", "record", shapes]
        if "record" in request:
            # Note 24: a value may be written as on a line or decoded; compared as a line writes it.
            request["record"] = as_written(request["record"])
        if ho is not None:
            s = ho["slots"]
            # check-ho (section 5.3, notes 23, 24 and 99): what the record contradicts, and rb=exec
            # not asked of an ask with execution slots (HO_NEEDS_EXEC).
            exec_slots = ((readback_checker.vocabulary_of(s).profile or {}).get("exec") or {}).get(s.get("ask"), [])
            needs = ["HO_NEEDS_EXEC"] if late_records_held and exec_slots and "exec" not in (s.get("rb") or "").split("+") else []
            if "record" in request and done_checker.contradictions(ho, request["record"]) + needs:
                return ["refused", "thread-conflict", "record", sorted(done_checker.contradictions(ho, request["record"]) + needs)]
            levels = (s.get("rb") or "").split("+")
            if "expectAcc" in request and "acc" not in levels and "plan" not in levels:
                return ["refused", "invalid-request", "expectAcc", []]
            vocab = readback_checker.vocabulary_of(s)
            if "record" in request and not exec_slots:
                return ["refused", "invalid-request", "record", []]
        if "expectAcc" in request:
            findings = []
            readback_checker.parse_criteria(request["expectAcc"], vocab, findings, set())
            if findings:
                return ["refused", "invalid-request", "expectAcc", sorted(findings)]
        if not request.get("expectAcc") and "record" not in request:
            return ["registered"]
        if not self.fits(handoff):
            return ["refused", "thread-full", None, []]
        body = dict(self.bodies.get(handoff, {}), **raw_challenge(event))
        if not self.bytes_fit(handoff, body):
            return ["refused", "thread-full", None, []]
        self.bodies[handoff] = body
        self.rows.add(handoff)
        self.registered[handoff] = dict(before, **request)
        if ho is not None:
            # The HO is here: its readbacks are checked with it from now on.
            self.expectations[handoff] = dict(self.expectations.get(handoff, {}), **{k: v for k, v in request.items() if k in PARTS})
        return ["registered"]

    def fits(self, handoff):
        """Whether the thread can keep a challenge under `handoff`: it holds one there already (a
        row in place of another), or fewer rows than its capacity."""
        return self.capacity is None or not challenge_rows_bounded or handoff in self.rows or len(self.rows) < self.capacity

    def reader(self):
        """README note 145: the profile a line is read with, as `rw --profile` reads one (notes 3 and
        11): the thread's own, which every append names, for a line without p= too (a profile's
        slot, ask or rb= level there is PROFILE_REQUIRED); None, the core, for a thread without one."""
        return self.inline if unprofiled_read_with_thread else None

    def bytes_fit(self, handoff, body):
        """Note 144: whether the challenges stay within the thread's bytes with `body` kept under
        `handoff` (in place of what it holds): a row that adds no bytes always fits."""
        if self.size is None or not challenge_bytes_bounded:
            return True
        held = sum(challenge_row_bytes(h, b) for h, b in self.bodies.items())
        after = held - (challenge_row_bytes(handoff, self.bodies[handoff]) if handoff in self.bodies else 0) + challenge_row_bytes(handoff, body)
        return after <= held or after <= self.size

    def keep_body(self, m, original, challenge):
        """Note 144: what the HO `m`'s id holds once it is stored: its original's carried over to
        it (a re-issue), less the parts its rb= does not read (`challenge`, as left), the row
        deleted when none is left."""
        body = carried_body(self.bodies.get(m["id"]), self.bodies[original]) if original in self.bodies else self.bodies.get(m["id"])
        if body is None:
            return
        kept = {part: body[part] for part in PARTS if part in body and part in challenge}
        if kept:
            self.bodies[m["id"]] = dict(kept, **({"profile": body["profile"]} if "profile" in body else {}))
        else:
            self.bodies.pop(m["id"], None)

    def readback_row(self, m, text):
        """The bytes of the row the thread keeps beside the RB `m` (readback_row_bytes): none for
        one of no stored HO or from another party than its receiver to its sender (section 5.1:
        no readback of it); a late one (its HO closed or withdrawn before it) unchecked; else
        check-rb's report against the HO with its challenge (note 34)."""
        s = m["slots"]
        held = self.stored.get(s.get("re"))
        if held is None or held[0]["type"] != "HO":
            return 0
        ho = held[0]["slots"]
        if (s.get("from"), s.get("to")) != (ho.get("to"), ho.get("from")):
            return 0
        report = thread_auditor.audit(self.texts + [text], None, self.expectations)
        checked = [v for rb, v in report["readbacks"].get(held[0]["id"], []) if rb == m["id"]]
        if not checked:
            return readback_row_bytes(m["id"], held[0]["id"], "late", None)
        challenge = self.expectations.get(held[0]["id"], {})
        found = readback_checker.check(held[2], text, challenge.get("expectAcc"), challenge.get("record"), by_tier=True)
        if "tiers" not in found:
            raise ValueError(f"a conversation with a bytes bound stores RB {m['id']}, whose report is no report ({found}), not modelled")
        # Note 148: the tiers a private challenge judged (4 for criteria, 5 for a record) as every
        # answer shows them (note 34): their values (`expected`, `received`) dropped, the words withheld.
        withheld = {4: "expectAcc" in challenge, 5: "record" in challenge}
        words = list(self.words.get(str(self.index), []))
        tiers = []
        for tier, codes in enumerate(found["found"], 1):
            texts = []
            for code in codes:
                given = take_words(words, tier, code)
                if given is None:
                    return None
                # The Worker's redaction (checked-rows.ts's hide) keeps a finding's `at` and `path`:
                # no withheld value, since check-rb's tiers 4 and 5 place none (`at` is a position
                # checkLine gives, `path` a profile file's JSON path or a translation rule's id,
                # tier 1's). One given here would be a place to read for what it shows: a divergence.
                if withheld.get(tier) and ("at" in given or "path" in given):
                    return None
                texts.append((SEVERITY[code], finding_text(code, {}, given, set(given) - {"expected", "received"} if withheld.get(tier) else None)))
            tiers.append(texts)
        # A finding the core's row holds and this replay's does not: the rows differ.
        return None if words else readback_row_bytes(m["id"], held[0]["id"], checked[-1], found["tiers"], tiers)

    def done_row(self, m, done, said):
        """The bytes of the row the thread keeps beside a DN answering its HO (note 148): the DN's
        id, the HO's, its plan's RB id (none without a plan) and its findings as the done check
        lists them (check-dn's, then the tool's side's, `said`), as JSON: check-dn's own `DONE_`
        findings and the tool's with the slot, `expected` and `received` this replay finds, every
        other finding (the DN's validation) with its places as the core's row gives them. None
        when the core's row holds other findings."""
        words = list(self.words.get(str(self.index), []))
        texts = []
        for f in list(done[2]) + [[code, slot, None, found] for code, slot, found in said]:
            given = take_words(words, 0, f[0])
            if given is None:
                return None
            own = {"slot": f[1], "expected": f[2], "received": f[3]} if f[0].startswith("DONE_") else {}
            texts.append(finding_text(f[0], own, given))
        if words:
            return None
        plan = "" if done[0] is None else done[0]
        return len(m["id"].encode()) + len(m["slots"]["re"].encode()) + len(plan.encode()) + len(("[" + ",".join(texts) + "]").encode())

    def unstore(self, m, text):
        """A stored line taken back, nothing of it kept (its request refused whole, note 148)."""
        del self.stored[m["id"]]
        self.texts.pop()
        self.line_bytes -= len(text.encode())

    def reissued(self, m, text):
        """The HO `m` re-issues (rule 1, as thread_auditor.py reads a re-issue: the HO it supersedes), or None."""
        if "re" not in m["slots"]:
            return None
        handoffs = thread_auditor.audit(self.texts + [text], None, {})["handoffs"]
        return next((h[0] for h in handoffs if h[4] == m["id"]), None)

    def challenge_of(self, m, text):
        """The challenge an HO is checked with (note 34): the one registered for its id ahead of
        it, and for a re-issue its original's, whose parts stand over its own; the re-issue's
        profile goes with its own parts. (the original or None, the challenge or None)."""
        # Only a challenged HO has a challenge to carry: the re-issue's audit is read only when one is held.
        original = self.reissued(m, text) if challenges_carried and self.expectations else None
        own = self.registered.get(m["id"])
        inherited = self.expectations.get(original) if original is not None else None
        if inherited is None:
            return None, own
        if own is None:
            return original, dict(inherited)
        mine = {part: own[part] for part in PARTS if part in own and part not in inherited}
        return original, dict(mine, **({"profile": own["profile"]} if mine and "profile" in own else {}), **inherited)

    def ho_exp(self, mid):
        """The exp of the stored HO `mid`, or None (none, or no HO)."""
        held = self.stored.get(mid)
        if held is None or held[0]["type"] != "HO":
            return None
        return held[0]["slots"].get("exp")

    def append(self, text, ms):
        """(status, code) of one line arriving at `ms`."""
        # A line holds at most 8,192 bytes of UTF-8 (the Worker's request limit): past them, refused.
        if len(text.encode()) > LINE_BYTES:
            return ["refused", "line-too-long"]
        ok, _ = _read_once.verdict(text, self.reader())
        if not ok:
            return ["refused", "INVALID"]
        _, m = _read_once.parse(text)
        s = m["slots"]
        form = json.dumps(readback_checker.json_form(m), sort_keys=True)
        if m["id"] in self.stored:
            return ["duplicate", None] if self.stored[m["id"]][1] == form else ["refused", "THREAD_ID_REUSED"]
        now = minute(ms)
        kind, re = m["type"], s.get("re")
        # Section 2: an id names one message. The RB a statement states is that statement's while
        # it may run (pending in its window) or ran, so only an RB relaying it (its x_tok) takes the id.
        for st in self.statements:
            if st[4] is not None and st[4].split(" ")[2] == m["id"] and (st[2] == "committed" or (st[2] == "pending" and not past(st[1], now))) \
                    and not (kind == "RB" and s.get("x_tok") == st[3]):
                return ["refused", "THREAD_ID_REUSED"]
        if kind in ACTING_REPLIES and re not in self.stored:
            return ["refused", "THREAD_REPLY_AHEAD"]
        if kind == "RB" and (past(s.get("exp"), now) or past(self.ho_exp(re), now)):
            return ["refused", "THREAD_READBACK_EXPIRED"]
        if confirmations_closed and kind == "AN" and s.get("val") == "Y" and self.stored[re][0]["type"] == "RB":
            rb = self.stored[re][0]["slots"]
            ho = self.stored.get(rb.get("re"), (None,))[0]
            ho = ho["slots"] if ho is not None and ho["type"] == "HO" else None
            # The sender's yes to a readback of its HO: the HO's sender to its receiver, about its item
            # or none, answering an RB from that receiver to that sender (note 35's answer).
            if ho is not None and (rb.get("from"), rb.get("to")) == (ho.get("to"), ho.get("from")) \
                    and (s.get("from"), s.get("to")) == (ho.get("from"), ho.get("to")) and s.get("item") in (None, ho.get("item")) \
                    and (past(rb.get("exp"), now) or past(ho.get("exp"), now)):
                return ["refused", "THREAD_CONFIRMATION_EXPIRED"]
        self.said = []
        original, challenge = self.challenge_of(m, text) if kind == "HO" else (None, None)
        if kind == "HO":
            if challenge is not None:
                # Note 34: an HO read with another profile than its challenge was is refused
                # (HO_DIFFERS); so is one that contradicts the record (check-ho, section 5.3:
                # HO_DIFFERS, which value not said, the record being private), HO_NEEDS_EXEC where
                # it does not ask rb=exec for an ask with execution slots and nothing else differs.
                if "profile" in challenge and (s.get("p") or self.inline) != challenge["profile"]:
                    return ["refused", "HO_DIFFERS"]
                vocab = readback_checker.vocabulary_of(s)
                exec_slots = ((vocab.profile or {}).get("exec") or {}).get(s.get("ask"), [])
                if "record" in challenge:
                    needs = ["HO_NEEDS_EXEC"] if exec_slots and "exec" not in (s.get("rb") or "").split("+") else []
                    found = done_checker.contradictions(m, challenge["record"]) + needs
                    if found:
                        return ["refused", "HO_NEEDS_EXEC" if set(found) == {"HO_NEEDS_EXEC"} else "HO_DIFFERS"]
        # A thread holds at most `capacity` lines; an HO whose original's challenge is carried over
        # to it takes a row of its own, past the challenges the thread holds refused whole too.
        if self.capacity is not None and len(self.stored) >= self.capacity:
            return ["refused", "thread-full"]
        if self.size is not None and challenge_bytes_bounded and self.line_bytes + len(text.encode()) > self.size:
            return ["refused", "thread-full"]
        if original is not None and not self.fits(m["id"]):
            return ["refused", "thread-full"]
        if original is not None and original in self.bodies and not self.bytes_fit(m["id"], carried_body(self.bodies.get(m["id"]), self.bodies[original])):
            return ["refused", "thread-full"]
        row = self.readback_row(m, text) if self.size is not None and kind == "RB" else 0
        if row is None:
            # The core's row holds findings this replay's does not (or the other way): a divergence.
            return ["refused", "row-findings-differ"]
        if row and report_rows_counted and self.line_bytes + len(text.encode()) + row > self.size:
            return ["refused", "thread-full"]
        if kind == "HO":
            if challenge is not None:
                vocab = readback_checker.vocabulary_of(s)
                exec_slots = ((vocab.profile or {}).get("exec") or {}).get(s.get("ask"), [])
                # Carried to a re-issue, said (CHALLENGE_CARRIED, slot re); a part its rb= does
                # not read dropped and said (READBACK_NOT_ASKED: criteria without rb=acc or
                # rb=plan, slot acc; a record for an ask with no execution slots, note 100).
                if original is not None:
                    self.rows.add(m["id"])
                    self.said.append(["CHALLENGE_CARRIED", "re", None])
                levels = (s.get("rb") or "").split("+")
                if "expectAcc" in challenge and "acc" not in levels and "plan" not in levels:
                    self.said.append(["READBACK_NOT_ASKED", "acc", None])
                    del challenge["expectAcc"]
                if "record" in challenge and not exec_slots and unread_records_dropped:
                    self.said.append(["READBACK_NOT_ASKED", None, None])
                    del challenge["record"]
                self.keep_body(m, original, challenge)
                if any(part in challenge for part in PARTS):
                    self.expectations[m["id"]] = challenge
                else:
                    # Every part unread: nothing is kept under its id.
                    self.rows.discard(m["id"])
        self.stored[m["id"]] = (m, form, text)
        self.line_bytes += len(text.encode()) + (row if report_rows_counted else 0)
        self.texts.append(text)
        return ["stored", None]


LIVE = {"open", "held", "orphaned"}
EXEC_ASKS = {("pay", "PAY"), ("pay", "CHGBANK"), ("pay", "SEND")}


class Statements:
    """The thread's prepared statements (notes 27 and 35): each [HO id, exp, state, token, its RB line]."""

    def __init__(self, thread):
        self.thread, self.all = thread, []
        thread.statements = self.all
        self.withdrawn = {}  # HO id -> the HOs the CX that cancelled it withdrew
        self.cancels = {}  # HO id -> the CX that cancelled it
        self.cancelled = set()  # the HOs a CX withdrew: nothing is prepared or run for them again

    def ran(self):
        """The HOs whose act ran: one of their statements was committed."""
        return frozenset(st[0] for st in self.all if st[2] == "committed")

    def standing(self, now):
        return thread_auditor.audit(self.thread.texts, now, self.thread.expectations, ran=self.ran())

    def next_number(self, agent):
        """Note 32: an agent's next message number, for the RB a prepare without `n` states: one past
        its highest in the thread, its lines' ids (`<from>-<n>`, note 16), its statements' RBs' and
        its ids a stored line's `re=` names counted, else 1; once that would pass 2^53 - 1 (note 16's
        highest number), the lowest positive number none of those has (note 32)."""
        ids = [mid for mid, held in self.thread.stored.items() if held[0]["slots"].get("from") == agent]
        ids += [st[4].split(" ")[2] for st in self.all if st[4] is not None and statements_numbered]
        ids += [held[0]["slots"].get("re") for held in self.thread.stored.values()]
        numbers = {receiver_number(mid, agent) for mid in ids} - {None}
        if max(numbers, default=0) + 1 <= validator.MAX_SAFE or not lowest_free:
            return max(numbers, default=0) + 1
        return next(n for n in range(1, len(numbers) + 2) if n not in numbers)

    def prepare(self, handoff, exp, now, token=None, n=None, statement=None, statement_call=()):
        """A statement for a live HO asking rb=exec for an ask with execution slots, its exp neither
        past nor after the HO's; its RB numbered `n`, else the receiver's next number (note 32). A
        refusal is answered as the thread's prepare answers one: [kind, the request's parameter it
        names, [[code, slot, expected, received], ...]], the first rule that refuses it in the thread's order
        (the HO, its standing, the call read in its vocabulary, then the statement's rules, note 27,
        then its RB's id, section 2 and note 16)."""
        refused = lambda kind, parameter, findings=(): (None, ["refused", kind, parameter, [list(f) for f in findings]])
        held = self.thread.stored.get(handoff)
        if held is None or held[0]["type"] != "HO":
            return refused("unknown-handoff", "handoff")
        states = {h[0]: h[1] for h in self.standing(now)["handoffs"]}
        if states.get(handoff) not in LIVE:
            return refused("statement-refused", "handoff")
        s = held[0]["slots"]
        # Note 145: an HO without p= is read with the thread's profile.
        profile = validator.PROFILES.get(s.get("p") or self.thread.reader())
        vocabulary = readback_checker.vocabulary_of(s)
        # The call holds slot values of the HO's vocabulary (RECORD_SHAPE: a key that is no slot).
        unknown = [("RECORD_SHAPE", key, None, None) for key in statement_call if key not in vocabulary.types]
        if unknown and calls_read:
            return refused("invalid-request", "call", unknown)
        # Note 27: the window neither past nor after the HO's; then an execution readback: rb=exec,
        # an ask with execution slots, a call carrying only those; then one act per handoff.
        if past(exp, now):
            return refused("statement-refused", None, [("STATEMENT_REFUSED", "exp", f">= {now}", exp)])
        if past(s.get("exp"), exp):
            return refused("statement-refused", None, [("STATEMENT_REFUSED", "exp", f"<= {s['exp']}", exp)])
        if "exec" not in (s.get("rb") or "").split("+"):
            return refused("statement-refused", None, [("STATEMENT_REFUSED", "rb", "exec", None)])
        exec_slots = ((profile or {}).get("exec") or {}).get(s.get("ask"), [])
        if not exec_slots:
            return refused("statement-refused", None, [("STATEMENT_REFUSED", "ask", None, shown(s.get("ask")))])
        stray = next((key for key in statement_call if key not in exec_slots), None)
        if stray is not None:
            return refused("statement-refused", None, [("STATEMENT_REFUSED", stray, " ".join(exec_slots), stray)])
        # One act per handoff (note 27): none is prepared once one of its re-issue line's ran.
        if any(h in self.ran() for h in self.standing(now)["lines"].get(handoff, [handoff])):
            return refused("statement-refused", None, [("STATEMENT_REFUSED", "x_tok", None, "committed")])
        if handoff in self.cancelled:
            return refused("statement-refused", None, [("STATEMENT_REFUSED", "re", None, "cancelled")])
        k = len(self.all)
        receiver = s.get("to")
        number = n if n is not None else self.next_number(receiver)
        rid = f"{receiver}-{number}"
        # Note 16: a number the receiver's ids the HO names (its own, re=, ctx=), or the RB another
        # statement states, already has is refused whoever chose it (READBACK_ID_REUSED).
        ctx = s.get("ctx")
        named = [held[0]["id"], s.get("re")] + (ctx if isinstance(ctx, list) else [ctx] if ctx else [])
        named += [st[4].split(" ")[2] for st in self.all if st[4] is not None]
        used = [mid for mid in named if receiver_number(mid, receiver) == number]
        if used:
            return refused("statement-refused", "n", [("READBACK_ID_REUSED", "id", f"an id other than {used[-1]}", rid)])
        # Section 5.1: a readback of an HO asking rb=acc or rb=plan carries the receiver's criteria
        # (acc=), and rb=plan its do=; the tool states the call alone and the receiver relays it
        # unchanged, so a statement that could never pass tier 4 is refused (READBACK_INCOMPLETE).
        levels = (s.get("rb") or "").split("+")
        incomplete = [("READBACK_INCOMPLETE", "acc", None, None)] if "acc" in levels or "plan" in levels else []
        incomplete += [("READBACK_INCOMPLETE", "do", None, None)] if "plan" in levels else []
        if incomplete and statements_complete:
            # Said beside them, as make-rb says it (section 5.3): each execution value the call
            # gives otherwise than the HO, which the readback would state (a note, EXEC_DIFFERS).
            differs = [("EXEC_DIFFERS", key, shown(s[key]), cut(shown(statement_call[key]))) for key in exec_slots
                       if key in s and key in statement_call and shown(statement_call[key]) != shown(s[key])]
            return refused("statement-refused", None, incomplete + differs)
        # Section 2: an id names one message. An RB under the number of an id the thread holds,
        # or another statement states, or a number of the receiver's a stored line's re= cites
        # (note 32), could never be relayed: by number, in whatever spelling (note 16).
        # The RB line the receiver relays: past a line's 8,192 bytes it could never be relayed (section 2's line, note 36).
        rb = generate_thread_clocks.relay(held[2], statement, exp, None, k + 1, rid, dict(statement_call)) if token is not None else None
        if lines_bounded and rb is not None and len(rb.encode()) > LINE_BYTES:
            return refused("line-too-long", "call")
        if any(receiver_number(mid, receiver) == number for mid in self.thread.stored) \
                or any(st[4] is not None and receiver_number(st[4].split(" ")[2], receiver) == number for st in self.all) \
                or any(receiver_number(held[0]["slots"].get("re"), receiver) == number for held in self.thread.stored.values()):
            return refused("statement-refused", "n")
        # A thread holds at most as many statements as lines, whatever their state.
        if self.thread.capacity is not None and len(self.all) >= self.thread.capacity:
            return refused("thread-full", None)
        # And as many bytes of them as of lines, whatever their state (statement_bytes): a prepare
        # that takes them past is refused, thread-full.
        if self.thread.size is not None and statement_bytes_bounded and rb is not None and \
                sum(statement_bytes(st) for st in self.all if st[4] is not None) + statement_bytes([handoff, exp, "pending", token, rb, now]) > self.thread.size:
            return refused("thread-full", None)
        self.all.append([handoff, exp, "pending", token, rb, now])
        return k, ["prepared", None, rid]

    def commit(self, k, now):
        """Section 5.3: runs once, within its window (note 27), for a live handoff whose item no
        newer HO of its sender handed elsewhere (rule 1), only when a readback relaying it unchanged
        (tail aside) passed and its sender's answer standing for it is none or val=Y ("only a passing
        readback, answered with AN val=Y where the receiver waits for one, clears the act"); one act
        per handoff: the line's other pending statements end. A refusal names its slot and what it
        found there: the statement's state (`x_tok`), the moment past its window (`exp`), the
        handoff's state (`re`), the HO that made another receiver the item's owner (`item`), the
        readbacks that relay it (`x_tok`: none, those not stating it as prepared, or the last one's
        verdict) or the sender's answer holding it (`val`)."""
        st = self.all[k]
        handoff = st[0]
        line = lambda: self.standing(now)["lines"].get(handoff, [handoff])
        if st[2] == "pending" and past(st[1], now):
            st[2] = "expired"
            return ["refused", "STATEMENT_REFUSED", "exp", now]
        if st[2] == "abandoned" and any(h in self.ran() for h in line()):
            # Abandoned because its handoff's act ran under another statement: refused for that.
            return ["refused", "STATEMENT_REFUSED", "x_tok", "committed"]
        if st[2] == "abandoned" and handoff in self.cancelled:
            return ["refused", "STATEMENT_REFUSED", "re", "cancelled"]
        if st[2] != "pending":
            return ["refused", "STATEMENT_REFUSED", "x_tok", st[2]]
        report = self.standing(now)
        states = {h[0]: h[1] for h in report["handoffs"]}
        if states.get(handoff) not in LIVE:
            return ["refused", "STATEMENT_REFUSED", "re", states.get(handoff, "unknown")]
        if report["owned_elsewhere"].get(handoff) is not None:
            return ["refused", "STATEMENT_REFUSED", "item", report["owned_elsewhere"][handoff]]
        if commits_cleared:
            form = lambda text: dict(readback_checker.json_form(_read_once.parse(text)[1]), tail=None)
            relayed = [(rb, v) for rb, v in report["readbacks"].get(handoff, [])
                       if self.thread.stored[rb][0]["slots"].get("x_tok") == st[3]]
            if not relayed:
                return ["refused", "STATEMENT_REFUSED", "x_tok", "none"]
            exact = [(rb, v) for rb, v in relayed if form(self.thread.stored[rb][2]) == form(st[4])]
            if not exact:
                return ["refused", "STATEMENT_REFUSED", "x_tok", " ".join(rb for rb, _ in relayed)]
            passed = [rb for rb, v in exact if v == "wilco"]
            answers = report["answers"].get(handoff, [])
            latest = answers[-1][1] if answers else None
            standing = [([val for r, val in answers if r == rb] or [latest])[-1] for rb in passed]
            if passed and not any(val in (None, "Y") for val in standing):
                return ["refused", "STATEMENT_REFUSED", "val", shown(standing[-1])]
            if not passed:
                return ["refused", "STATEMENT_REFUSED", "x_tok", exact[-1][1]]
        if any(h in self.ran() for h in report["lines"].get(handoff, [handoff])):
            return ["refused", "STATEMENT_REFUSED", "x_tok", "committed"]
        st[2] = "committed"
        self.end(set(report["lines"].get(handoff, [handoff])), now, "abandoned")
        return ["committed", None]

    def said(self, m, now):
        """What the thread says of its statements as a stored line arrives (each [code, slot, what
        it found there]), before the line ends any: an RB carrying `x_tok` that states no pending
        statement of its HO as prepared (section 5.3: only the statement as prepared, relayed, clears
        the act); a DN reporting nothing ran (`out=NOOP`) for a handoff whose act a commit ran, or
        reporting the act (OK, PARTIAL) when its plan, the line's latest passing readback (its own
        HO's first), relays a statement of the thread none of whose line ran (section 5.3: commit
        executes the statement and nothing else); the sender's CX, not a second end, of a handoff
        whose act ran, and the receiver's `val=Y` to a CX of one (section 5.4: "a cancel cannot
        unsay an act", it answers with the act's DN)."""
        s, kind = m["slots"], m["type"]
        re = s.get("re")
        if kind == "RB" and s.get("x_tok") is not None:
            token = str(s["x_tok"])
            st = next((st for st in self.all if st[3] == token), None)
            if st is None:
                return [["STATEMENT_UNKNOWN", "x_tok", None]]
            if st[0] != re:
                return [["STATEMENT_REFUSED", "x_tok", re]]
            if st[2] != "pending" or past(st[1], now):
                return [["STATEMENT_REFUSED", "x_tok", "expired" if st[2] == "pending" else st[2]]]
            form = lambda text: dict(readback_checker.json_form(_read_once.parse(text)[1]), tail=None)
            if relays_said and form(self.thread.stored[m["id"]][2]) != form(st[4]):
                return [["STATEMENT_REFUSED", "x_tok", m["id"]]]
            return []
        held = self.thread.stored.get(re)
        if kind == "AN" and held is not None and held[0]["type"] == "CX":
            cx = held[0]["slots"]
            if (s.get("from"), s.get("to")) == (cx.get("to"), cx.get("from")) and s.get("item") in (None, cx.get("item")) \
                    and s.get("val") == "Y" and self.withdrawn.get(cx.get("re"), set()) & self.ran():
                return [["STATEMENT_RAN", "val", "Y"]]
            return []
        if held is None or held[0]["type"] != "HO":
            return []
        ho = held[0]["slots"]
        if kind == "DN" and (s.get("from"), s.get("to")) == (ho.get("to"), ho.get("from")) and s.get("item") in (None, ho.get("item")):
            report = self.standing(now)
            line = report["lines"].get(re, [re])
            ran = any(h in self.ran() for h in line)
            if s.get("out") == "NOOP" and ran:
                return [["DONE_NOOP", "out", "NOOP"]]
            if s.get("out") in ("OK", "PARTIAL") and not ran:
                order = {mid: i for i, mid in enumerate(self.thread.stored)}
                passing = sorted(((h != re, -order[rb], rb) for h in line for rb, v in report["readbacks"].get(h, []) if v == "wilco"))
                plan = self.thread.stored[passing[0][2]][0]["slots"] if passing else None
                st = next((st for st in self.all if plan is not None and st[3] == plan.get("x_tok")), None)
                if st is not None:
                    return [["DONE_UNCOMMITTED", "x_tok", st[2]]]
            return []
        if kind == "CX" and self.cancels.get(re) == m["id"] and self.withdrawn[re] & self.ran():
            return [["STATEMENT_REFUSED", "x_tok", "committed"]]
        return []

    def done(self, m, now, said):
        """The done check the thread stores for a DN of one of its HOs (from its receiver to its
        sender about its item; note 26): [its plan's RB id, ok, check-dn's findings], the plan the
        line's latest passing readback, its own HO's first, checked against the HO it read back and
        the DN as answering that HO; ok only when neither check-dn nor the tool's side (`said`)
        finds an error. None for any other line."""
        s = m["slots"]
        held = self.thread.stored.get(s.get("re"))
        if m["type"] != "DN" or held is None or held[0]["type"] != "HO":
            return None
        ho = held[0]["slots"]
        if (s.get("from"), s.get("to")) != (ho.get("to"), ho.get("from")) or s.get("item") != ho.get("item"):
            return None
        report = self.standing(now)
        re = s["re"]
        line = report["lines"].get(re, [re])
        order = {mid: i for i, mid in enumerate(self.thread.stored)}
        passing = sorted((h != re, -order[rb], rb, h) for h in line for rb, v in report["readbacks"].get(h, []) if v == "wilco")
        if not passing:
            findings = done_checker.check(held[2], self.thread.stored[m["id"]][2], record=self.thread.expectations.get(re, {}).get("record"), thread_profile=self.thread.inline)
            return [None, done_checker.ok(findings) and not said, findings]
        _, _, rb, planned = passing[0]
        dn_text = self.thread.stored[m["id"]][2]
        if planned != re:
            # The DN read as answering the HO its plan read back (the same sender, receiver and item).
            dn_text = dn_text.replace(f" re={re} ", f" re={planned} ", 1)
        findings = done_checker.check(self.thread.stored[planned][2], dn_text, self.thread.stored[rb][2], "wilco", self.thread.expectations.get(planned, {}).get("record"), self.thread.inline)
        return [rb, done_checker.ok(findings) and not said, findings]

    def withdraws(self, m, now):
        """The HOs a CX withdraws (section 5.4, rule 1): from the HO's sender to its receiver about its
        item, the live HO and the HOs of its line it superseded, a superseded HO alone; a second
        end, none."""
        s = m["slots"]
        held = self.thread.stored.get(s.get("re"))
        if held is None or held[0]["type"] != "HO":
            return set()
        ho = held[0]["slots"]
        if (s.get("from"), s.get("to"), s.get("item")) not in ((ho.get("from"), ho.get("to"), ho.get("item")), (ho.get("from"), ho.get("to"), None)):
            return set()
        # A superseded HO an earlier CX withdrew with its line (note 35) has ended: this is a second end.
        if s["re"] in self.cancelled:
            return set()
        before = {h[0]: h[1] for h in thread_auditor.audit(self.thread.texts[:-1], now, self.thread.expectations)["handoffs"]}
        line = thread_auditor.audit(self.thread.texts, now, self.thread.expectations, ran=self.ran())["lines"].get(s["re"], [s["re"]])
        if before.get(s["re"]) in LIVE:
            return {s["re"]} | {h for h in line if before.get(h) == "superseded"}
        if before.get(s["re"]) == "superseded":
            return {s["re"]}
        return set()

    def abandon(self, k, now):
        """Abandoned while pending and in its window; past it, refused and expired; else refused."""
        st = self.all[k]
        if st[2] == "pending" and past(st[1], now):
            st[2] = "expired"
        if st[2] != "pending":
            return ["refused", st[2]]
        st[2] = "abandoned"
        return ["abandoned", None]

    def expire(self, now):
        for st in self.all:
            if st[2] == "pending" and past(st[1], now):
                st[2] = "expired"

    def end(self, handoffs, now, state):
        """The pending statements of `handoffs` end: `state`, or expired when past their window."""
        for st in self.all:
            if st[2] == "pending" and st[0] in handoffs:
                st[2] = "expired" if past(st[1], now) else state

    def after(self, m, now):
        """What a stored line does to statements: a close ends its line's, a cancel what it withdrew."""
        s, kind = m["slots"], m["type"]
        held = self.thread.stored.get(s.get("re"))
        if held is None or held[0]["type"] != "HO" or not any(st[0] for st in self.all if st[2] == "pending"):
            return
        report = self.standing(now)
        states = {h[0]: h for h in report["handoffs"]}
        line = report["lines"].get(s["re"], [s["re"]])
        if kind in ("DN", "UN", "FL"):
            # Closed HOs of the line can never run; superseded ones neither, once none of the line is live.
            live = any(states[h][1] in LIVE for h in line)
            self.end({h for h in line if states[h][1] == "closed" or (not live and states[h][1] == "superseded")}, now, "abandoned")
        if kind == "CX":
            self.end(self.withdrawn.get(s["re"], set()) if m["id"] == self.cancels.get(s["re"]) else set(), now, "cancelled")


def replay(events, end, capacity=None, profile=None, size=None, words=None):
    """`profile`: the inline profile file the thread's appends name (its own), or None; `size`, the
    bytes the thread holds (note 144), or None; `words`, the words of the findings of the core's
    rows (finding_text), by append."""
    if profile is None or isinstance(profile, str):
        # None, or a shipped profile's name (note 145), which the validator holds already.
        return replay_with(events, end, capacity, profile, size, words)
    # Read as a shipped profile is, by its name (validator.py's Vocabulary of the file), for this
    # conversation only: a line naming it is read with it, a challenge may name it.
    name = profile["profile"]
    validator.SHIPPED[name], validator.PROFILES[name] = validator.Vocabulary(profile), profile
    try:
        return replay_with(events, end, capacity, name, size, words)
    finally:
        del validator.SHIPPED[name], validator.PROFILES[name]


def replay_with(events, end, capacity, inline, size=None, words=None):
    # Note 145: a line without p= is read with the thread's profile, by the validator and by
    # readback_checker.py (what thread_auditor.py reads an HO's readbacks with) alike.
    readback_checker.reader = inline if unprofiled_read_with_thread else None
    try:
        return replay_thread(events, end, capacity, inline, size, words or {})
    finally:
        readback_checker.reader = None


def replay_thread(events, end, capacity, inline, size, words):
    thread = Thread(capacity, inline, size)
    thread.words = words
    statements = Statements(thread)
    appends, orphans, marked, tokens, said, registrations = [], [], set(), {}, [], []
    for event in events:
        if event.get("alarm"):
            now = minute(event["at"])
            statements.expire(now)
            for handoff, code in thread_auditor.audit(thread.texts, now, thread.expectations)["orphans"]:
                if (handoff, code) not in marked:
                    marked.add((handoff, code))
                    orphans.append([handoff, code, now])
            continue
        if "prepare" in event:
            k, answer = statements.prepare(event["prepare"], event["exp"], minute(event["at"]), event.get("token"), event.get("n"), event["statement"], event["call"])
            tokens[event["statement"]] = k
            said.append(answer)
            continue
        if "challenge" in event:
            # The sender's challenge registered ahead of its HO (note 34), read with the profile it names.
            kept = (dict(thread.registered), dict(thread.expectations))
            registrations.append(thread.register(event, lambda: statements.standing(minute(event["at"]))))
            if not challenges_kept:
                # --break-challenge answers it as the thread does, and drops what it registered.
                thread.registered, thread.expectations = kept
            continue
        if "abandon" in event:
            if tokens.get(event["abandon"]) is not None:
                said.append(statements.abandon(tokens[event["abandon"]], minute(event["at"])))
            continue
        if "commit" in event:
            if tokens.get(event["commit"]) is not None:
                said.append(statements.commit(tokens[event["commit"]], minute(event["at"])))
            continue
        # `<agent>-@k@` names the RB statement k's prepare stated (else `<agent>-<700 + k>`).
        text = generate_thread_clocks.stated(event["line"], lambda k: None if tokens.get(k) is None else statements.all[tokens[k]][4].split(" ")[2])
        thread.index = len(appends)
        answer = thread.append(text, event["at"])
        if answer[0] == "stored":
            m, now = _read_once.parse(text)[1], minute(event["at"])
            if m["type"] == "CX":
                withdrawn = statements.withdraws(m, now)
                if withdrawn:
                    re = m["slots"]["re"]
                    statements.withdrawn[re], statements.cancels[re] = withdrawn, m["id"]
                    statements.cancelled |= withdrawn
            spoken = thread.said + statements.said(m, now)
            done = statements.done(m, now, spoken)
            # Note 148: the done check is a row beside the DN, counted with it; past the thread's
            # bytes the request is refused whole (its line taken back).
            row = thread.done_row(m, done, spoken) if done is not None and thread.size is not None else 0
            if row is None:
                thread.unstore(m, text)
                appends.append(["refused", "row-findings-differ"])
                continue
            if row and done_rows_counted and thread.line_bytes + row > thread.size:
                thread.unstore(m, text)
                appends.append(["refused", "thread-full"])
                continue
            thread.line_bytes += row if done_rows_counted else 0
            answer = answer + [None, spoken, done]
            statements.after(m, now)
        appends.append(answer)
    statements.expire(minute(end))
    report = thread_auditor.audit(thread.texts, minute(end), thread.expectations, ran=statements.ran())
    return {"appends": appends, "orphans": orphans, "statements": said, "challenges": registrations,
            "states": [None if k is None else statements.all[k][2] for _, k in sorted(tokens.items())], "stored": list(thread.stored),
            "end": {k: report[k] for k in ("ok", "errors", "notes", "handoffs")}}
