"""An independent check of a readback against its HO: tiers 1 to 5 and the finding codes.

Written from spec sections 5.1 to 5.3 and the README's conformance notes on readbacks (notes 10,
12, 20 to 24 and 46), never from core/*.ts, so that a difference from the core is a question to
settle. It reads lines with validator.py (the other differential check's) and digests as
oracle.py does (canonical JSON, SHA-256). Tier 4 reads note 22 for the values generate_readbacks.py
draws: NFC, words split at punctuation, the spec's alias pairs, equality, prefixes never ending
inside a number, word sets and a shared word; negation (the five words, up to than or but, a pair's
answer, a double negative or a trailing negation word read as a polarity no rule reads, a no: value's
leading no, set-valued keys turned by it); by: dates written YYYY-MM-DD; lengths as number and unit,
decimals and grouped thousands kept exactly. Not read: profile ckeys and aliases (no shipped profile
has any) and note 22's known limits (its words other than the five, look-alike letters).
Validation notes (SLOT_UNKNOWN and the like) are left out of the codes. Standard library only.
"""
import hashlib
import json
import re
import unicodedata
from decimal import Decimal

import validator

class Placed(str):
    """A finding's code (or a criterion's value) with the slot check-rb places it in (`acc`, `not`, a
    slot's name; None for none): a str, so a caller reading codes reads it as one."""

    def __new__(cls, text, slot=None):
        placed = super().__new__(cls, text)
        placed.slot = slot
        return placed


def placed(text, slot):
    return Placed(text, slot)


def slot_of(code):
    return getattr(code, "slot", None)


TIERS = ("receipt", "integrity", "echo", "comprehension", "execution")
RB_OWN = {"h", "eta", "not", "asm", "exp", "p"}
# Section 5.2's alias table, as far as the generated values reach it.
ALIASES = {"uk": "en-gb", "british": "en-gb", "en-gb": "en-gb", "md": "markdown", "markdown": "markdown",
           "we": "first-person-plural", "first-person-plural": "first-person-plural"}
STOPWORDS = {"the", "and", "for", "with", "not", "non", "never", "without", "no", "any", "all"}


# ---------------------------------------------------------------- reading (section 6)

# The profile the reader chose (a thread's own, README note 145), which a line without p= is read
# with as `rw --profile` reads one; None, the core.
reader = None


def vocabulary_of(slots):
    p = slots.get("p")
    if p is None:
        return validator.SHIPPED.get(reader, validator.CORE) if reader is not None else validator.CORE
    return validator.SHIPPED.get(p, validator.CORE)


def decode(vocab, key, value):
    """The JSON value of one slot by its type (note 1); a value that does not decode stays text."""
    typ = vocab.types.get(key) if not key.startswith("x_") else None
    if typ is None:
        return value
    if typ.startswith("list:"):
        return [decode_scalar(typ[5:], e) for e in value.split("+")]
    return decode_scalar(typ, value)


def decode_scalar(typ, value):
    if typ.startswith("int") or typ == "days":
        n = validator.read_int(value)
        return value if n is None else n
    if typ == "bool" and value in ("Y", "N"):
        return value == "Y"
    return value


def json_form(message):
    slots = message["slots"]
    vocab = vocabulary_of(slots)
    form = {"v": "RW1", "type": message["type"], "id": message["id"], "re": slots.get("re"),
            "from": slots.get("from"), "to": slots.get("to"), "item": slots.get("item"), "slots": {},
            "tail": message["tail"]}
    for key, value in slots.items():
        if key not in ("re", "from", "to", "item"):
            form["slots"][key] = decode(vocab, key, value)
    return form


def digest(message):
    text = json.dumps(json_form(message), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def compared(vocab, key, value):
    """A slot's value as the echo compares it: decoded, constraints in any case (note 20)."""
    if key == "acc" or key == "keys":
        return [e.lower() for e in value.split("+")]
    return decode(vocab, key, value)


# ---------------------------------------------------------------- tier 4 (section 5.2, note 22)

NEGATIONS = {"not", "non", "never", "without", "no"}
BOUNDS = {"than", "but"}  # a negation runs up to either: a bound negates its comparative
LENGTH = re.compile(r"[^0-9a-z.]*((?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?|\.[0-9]+)(w|words?|c|chars?|p|pages?|s|slides?)[^0-9a-z]*\Z")
# A real date written YYYY-MM-DD, set off from other digits (note 22, by: only).
ISO_DATE = re.compile(r"(?<![0-9])(?<![0-9][^0-9a-z])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![0-9])(?![^0-9a-z][0-9])")


class Value:
    """A criterion's value as note 22 reads it: a length, or words with their polarity."""

    def __init__(self, key, raw):
        self.raw = raw
        v = unicodedata.normalize("NFC", raw).lower()
        self.length = None
        if key == "len":
            m = LENGTH.match(v)
            if m:
                self.length = (Decimal(m.group(1).replace(",", "")), m.group(2)[0])
        if key == "by":
            v = ISO_DATE.sub(lambda m: m.group(1) + m.group(2) + m.group(3) if validator.is_date(m.group(1) + m.group(2) + m.group(3)) else m.group(0), v)
        v = ALIASES.get(v, v)
        # Words split at punctuation: a letter, a mark (staying with its letter) or a digit is a
        # word's; a value of punctuation alone has no words and is kept as written (must:£ is not must:$).
        ws = [w for w in "".join(ch if unicodedata.category(ch)[0] in "LMN" else " " for ch in v).split(" ") if w]
        if not ws:
            ws = [v]
        if key == "no" and ws[:1] == ["no"] and len(ws) > 1:
            ws = ws[1:]  # a no: value's (a not= token's) leading no restates its key
        self.tokens, self.plain, self.negated, self.ambiguous, self.negates = self.read(ws)

    @staticmethod
    def read(ws):
        """Tokens (each negation word that negates something read as `not`), the plain and negated
        words, whether no rule reads the polarity (a double negative, a negation word other than
        `no` ending the value), and whether the value negates at all."""
        ws = list(ws)
        # An answer of a pair negates nothing: yes no, yes or no (dropped), whether or not (whether kept).
        out, i = [], 0
        while i < len(ws):
            if ws[i:i + 3] == ["yes", "or", "no"]:
                i += 3
            elif ws[i:i + 2] == ["yes", "no"]:
                i += 2
            elif ws[i:i + 3] == ["whether", "or", "not"]:
                out.append("whether")
                i += 3
            else:
                out.append(ws[i])
                i += 1
        tokens, plain, negated, ambiguous, negating = [], set(), set(), False, False
        for j, w in enumerate(out):
            last = j == len(out) - 1
            if w in NEGATIONS:
                if last:
                    if w == "no":
                        plain.add(w)
                        tokens.append(w)
                    else:
                        ambiguous = True
                    continue
                if negating:
                    ambiguous = True
                negating = True
                tokens.append("not")
                continue
            if w in BOUNDS:
                negating = False
            (negated if negating and w not in BOUNDS else plain).add(w)
            tokens.append(w)
        return tokens, plain, negated, ambiguous, "not" in tokens or ambiguous

    def bare(self):
        """The words, negation set aside."""
        return [t for t in self.tokens if t != "not"]


def matches(a_tokens, b_tokens):
    """Equal, one's word set holding the other's, or one a prefix of the other never ending inside a number."""
    if a_tokens == b_tokens or set(a_tokens) <= set(b_tokens) or set(b_tokens) <= set(a_tokens):
        return bool(a_tokens) or a_tokens == b_tokens
    ja, jb = sorted(("-".join(a_tokens), "-".join(b_tokens)), key=len)
    return bool(ja) and jb.startswith(ja) and not (ja[-1].isdigit() and jb[len(ja)].isdigit())


def same_fact(key, a, b):
    va, vb = (a if isinstance(a, Value) else Value(key, a)), (b if isinstance(b, Value) else Value(key, b))
    if va.length is not None or vb.length is not None:
        return va.length == vb.length
    if va.tokens == vb.tokens and (va.ambiguous == vb.ambiguous):
        return True  # written alike
    if va.ambiguous or vb.ambiguous:
        return False
    if va.negated & vb.plain or vb.negated & va.plain:
        return False  # one negates a word the other states plainly
    return matches(va.tokens, vb.tokens)


def opposite(key, a, b):
    """Set-valued keys: the two name one fact, negation words set aside, with opposite polarity
    (or a polarity no rule reads, never guessed to agree)."""
    va, vb = (a if isinstance(a, Value) else Value(key, a)), (b if isinstance(b, Value) else Value(key, b))
    if va.length is not None or vb.length is not None or same_fact(key, va, vb):
        return False
    if not (va.negates or vb.negates):
        return False
    return matches(va.bare(), vb.bare())


def shared_word(key, a, b):
    va, vb = Value(key, a), Value(key, b)
    if va.length is not None or vb.length is not None:
        return False
    return any(len(w) >= 3 and w not in STOPWORDS and w in vb.bare() for w in va.bare())


def parse_criteria(text, vocab, findings, repeated):
    """Constraints as (key, value) pairs; the sender's own input errors are findings (note 12)."""
    out, seen = [], set()
    for element in text.split("+"):
        m = re.fullmatch(r"([A-Za-z][A-Za-z0-9_]*):(\S+)", element)
        if not m:
            findings.append("CRITERIA_SYNTAX")
            continue
        key = m.group(1).lower()
        if key not in vocab.ckeys:
            findings.append(placed("CRITERIA_KEY_UNKNOWN", "acc"))
            continue
        if not vocab.ckeys[key] and key in seen:
            findings.append(placed("CRITERIA_REPEATED", "acc"))
            repeated.add(key)
        seen.add(key)
        out.append((key, m.group(2)))
    return out


def comprehension(ho, rb, vocab, expect_acc, findings):
    levels = ho["slots"].get("rb", "").split("+")
    plan = "plan" in levels
    if plan and "do" not in rb["slots"]:
        findings.append(placed("ACC_MISSING", "do"))
    if "acc" not in rb["slots"]:
        findings.append(placed("ACC_MISSING", "acc"))
        return
    receiver = []
    for element in rb["slots"].get("acc", "").split("+") if "acc" in rb["slots"] else []:
        key, _, value = element.partition(":")
        key = key.lower()
        if not re.fullmatch(r"[a-z][a-z0-9_]*", key) or not value:
            continue  # no constraint at all: the RB's own VALUE_TYPE at tier 1
        if key not in vocab.ckeys:
            findings.append(placed("ACC_KEY_UNKNOWN", "acc"))
            continue
        receiver.append((key, placed(value, "acc")))
    repeated = set()  # single-valued keys the withheld criteria name twice: compared with neither value
    excluded = [("no", placed(t, "not")) for t in rb["slots"]["not"].split("+")] if "not" in rb["slots"] else []
    if expect_acc:
        # check-rb names a key the withheld criteria repeat once, where it compares that key.
        sender = parse_criteria(expect_acc, vocab, findings, repeated)
        findings[:] = [f for f in findings if f != "CRITERIA_REPEATED"] + [placed("CRITERIA_REPEATED", "acc") for _ in repeated]
    elif "acc" in ho["slots"]:
        sender = []
        for element in ho["slots"]["acc"].split("+"):
            key, _, value = element.partition(":")
            key = key.lower()
            if not re.fullmatch(r"[a-z][a-z0-9_]*", key) or not value:
                continue  # no constraint: the HO's own VALUE_TYPE, which refuses it (tier 1)
            if key in vocab.ckeys:
                sender.append((key, value))
            else:
                findings.append(placed("ACC_KEY_UNKNOWN", "acc"))
    else:
        sender = None
        findings.append(placed("ACC_UNCHECKED", "acc"))
    held = {k for k, _ in receiver} | ({"no"} if excluded else set())
    # A key keys= names twice (in any case) is one dimension, said once.
    for key in dict.fromkeys(k.lower() for k in ho["slots"]["keys"].split("+")) if "keys" in ho["slots"] else []:
        if key not in vocab.ckeys:
            findings.append(placed("ACC_KEY_UNKNOWN", "keys"))
        elif key not in held and (sender is None or key not in {k for k, _ in sender}):
            findings.append(placed("ACC_GAP", "acc"))
    if sender is None:
        findings.extend(placed("ACC_ASSUMPTION", slot_of(v)) for _, v in receiver + excluded)
        return
    keys = list(dict.fromkeys([k for k, _ in sender] + [k for k, _ in receiver] + (["no"] if excluded else [])))
    for key in keys:
        if key in repeated:
            continue
        s_values = [v for k, v in sender if k == key]
        r_values = [v for k, v in receiver if k == key] + ([v for _, v in excluded] if key == "no" else [])
        if not vocab.ckeys[key]:
            # A receiver naming a single-valued key twice (its own CONSTRAINT_REPEATED) is compared
            # value by value: a contradiction, or an assumption, for each value.
            if s_values and r_values:
                findings.extend(placed("ACC_CONTRADICTION", "acc") for r in r_values if not same_fact(key, s_values[0], r))
            elif s_values:
                findings.append(placed("ACC_GAP", "acc"))
            else:
                findings.extend(placed("ACC_ASSUMPTION", slot_of(r)) for r in r_values)
            continue
        # A key the receiver's set lacks is one gap, however many values the sender holds for it
        # (section 5.2's table: "key in the sender's set, absent from the receiver's").
        if s_values and not r_values:
            findings.append(placed("ACC_GAP", "acc"))
            continue
        # A pair naming one fact with opposite polarity is a contradiction, and the sender's value
        # then no gap; a value that names a fact (as it is or as its opposite) stands loosely for no other.
        free = [r for r in r_values if not any(same_fact(key, s, r) or opposite(key, s, r) for s in s_values)]
        unmet = []  # sender values no receiver value names
        for s in s_values:
            turned = [r for r in r_values if opposite(key, s, r)]
            findings.extend(placed("ACC_CONTRADICTION", slot_of(r)) for r in turned)
            if turned or any(same_fact(key, s, r) for r in r_values):
                continue
            unmet.append(s)
            # Note 22: the loose match is "between a sender value no receiver value names ... and the
            # first receiver value no sender value names"; a loose match names nothing, so that value
            # can stand loosely for another unmet sender value too.
            loose = next((r for r in free if shared_word(key, s, r)), None)
            findings.append(placed("ACC_GAP", "acc") if loose is None else placed("ACC_LOOSE", slot_of(loose)))
        # A value no sender value names is loosely an unmet sender value, or an assumption.
        findings.extend(placed("ACC_ASSUMPTION", slot_of(r)) for r in free if not any(shared_word(key, s, r) for s in unmet))
    musts = [v for k, v in sender if k == "must"]
    for _, value in [c for c in receiver if c[0] == "no"] + excluded:
        excluded_value = Value("no", value)  # its leading no restates the key
        hits = [m for m in musts if same_fact("must", Value("must", m), excluded_value) or opposite("must", Value("must", m), excluded_value)]
        findings.extend(placed("ACC_EXCLUDED", slot_of(value)) for _ in hits)
        if not hits and any(shared_word("must", m, excluded_value.raw) for m in musts):
            findings.append(placed("ACC_LOOSE", slot_of(value)))


# ---------------------------------------------------------------- tier 5 (section 5.3, notes 23, 24, 46)

def execution(ho, rb, vocab, record, resolve, findings):
    exec_map = (vocab.profile or {}).get("exec", {})
    ask = ho["slots"].get("ask")
    if ask not in exec_map:
        findings.append(placed("EXEC_NO_MAP", "rb"))
        return False
    exec_slots = exec_map[ask]
    ho_slots = {k: v for k, v in ho["slots"].items() if k in vocab.on["HO"]}
    held_to_record(ho, vocab, record, exec_slots, findings)
    for key in exec_slots:
        if key not in rb["slots"]:
            findings.append(placed("EXEC_MISSING", key))
        elif key in ho_slots:
            if compared(vocab, key, rb["slots"][key]) != compared(vocab, key, ho_slots[key]):
                findings.append(placed("EXEC_MISMATCH", key))
        elif record is None or key not in record:
            findings.append(placed("EXEC_UNVERIFIED", key))
        elif compared(vocab, key, rb["slots"][key]) != compared(vocab, key, record[key]):
            findings.append(placed("EXEC_MISMATCH", key))
    return True


def held_to_record(ho, vocab, record, exec_slots, findings):
    """Note 23: the HO against the sender's record, as check-ho holds it."""
    ho_slots = {k: v for k, v in ho["slots"].items() if k in vocab.on["HO"]}
    if record is not None:
        for key, value in record.items():
            if key in ("from", "to", "item"):
                # A value the HO omits is check-ho's HO_OMITS alone (note 23).
                if key in ho["slots"] and ho["slots"][key] != value:
                    findings.append(placed("HO_DIFFERS", key))
            elif key in ho_slots and compared(vocab, key, ho_slots[key]) != compared(vocab, key, value):
                findings.append(placed("HO_DIFFERS", key))
        for key in exec_slots:
            if key in ho_slots and key not in record:
                findings.append(placed("HO_DIFFERS", key))
            if key not in ho_slots and key not in record:
                findings.append(placed("HO_EXEC_UNSET", key))


def record_refused(vocab, record):
    """Note 24: a key no slot has, or a value its slot's type does not admit, refuses the record."""
    for key, value in record.items():
        typ = vocab.types.get(key)
        if typ is None or key == "p":
            return True
        errors = set()
        validator.check_value(vocab, key, typ, value, errors)
        if errors:
            return True
    return False


# ---------------------------------------------------------------- the check

def check(ho_line, rb_line, expect_acc=None, record=None, by_tier=False):
    """{"tiers": [five results], "codes": sorted codes}, or {"refused": "HO" | "RB"}; `by_tier`
    adds "found", each tier's codes in the order found, each as often as found (a thread's stored
    row counts them)."""
    ho_errors, ho = validator.parse(ho_line)
    rb_errors, rb = validator.parse(rb_line)
    if ho is None or rb is None:
        return {"refused": "HO" if ho is None else "RB"}
    if record is not None and record_refused(vocabulary_of(ho["slots"]), record):
        return {"refused": "record", "codes": ["RECORD_SHAPE"]}
    vocab = vocabulary_of(ho["slots"])
    hs, rs = ho["slots"], rb["slots"]
    codes = [[], [], [], [], []]
    asked = [True, "h" in rs, True, False, False]
    # Tier 1: the reply answers this HO, from its receiver to its sender, in its vocabulary (note 21).
    receipt = codes[0]
    # The HO's vocabulary: its p=, else the profile the reader chose (note 145), else the core.
    ho_p = hs.get("p") or reader
    ho_refused = validator.validate(ho, reader)
    rb_refused = validator.validate(rb, ho_p)
    # One RECEIPT for each field that fails it: the HO (its type, or refused: its id, re), then the
    # readback's type, re, from, to, p and exp.
    if ho["type"] != "HO":
        receipt.append(placed("RECEIPT", "type"))
    elif ho_refused:
        receipt.append(placed("RECEIPT", "re"))
    for slot, holds in (("type", rb["type"] == "RB"), ("re", rs.get("re") == ho["id"]), ("from", rs.get("from") == hs.get("to")), ("to", rs.get("to") == hs.get("from"))):
        if not holds:
            receipt.append(placed("RECEIPT", slot))
    if "p" in rs and rs["p"] != ho_p:
        receipt.append(placed("RECEIPT", "p"))
    if "exp" in rs and "exp" in hs and rs["exp"] > hs["exp"]:
        receipt.append(placed("RECEIPT", "exp"))
    # A p= naming another profile is that RECEIPT, not a profile the reader lacks (PROFILE_UNKNOWN).
    receipt.extend(sorted(rb_refused - ({"PROFILE_UNKNOWN"} if "p" in rs and rs["p"] != ho_p else set())))
    # Tier 2: h= is the digest of the HO's canonical JSON form (section 5.2).
    if asked[1] and rs["h"] != digest(ho):
        codes[1].append(placed("INTEGRITY", "h"))
    # Tier 3: the readback set (note 20), and every HO slot the RB states.
    levels = hs.get("rb", "echo").split("+")
    acc_level = "acc" in levels or "plan" in levels
    exec_level = "exec" in levels
    exec_slots = set((vocab.profile or {}).get("exec", {}).get(hs.get("ask"), [])) if exec_level else set()
    ho_type_slots = vocab.on["HO"] - {"p"}
    carried = {k: v for k, v in hs.items() if k in ho_type_slots}
    echo_set = {"item", "ask"} | ({"due"} if "due" in carried else set())
    if "all" in levels:
        echo_set |= set(carried) - {"rb", "keys", "exp", "re", "from", "to"} - ({"acc"} if acc_level else set())
    echo_set |= {l for l in levels if l not in validator.LEVELS}
    # An execution slot is the receiver's to state, unless the readback set asks it echoed (rb=all+exec).
    own = set(RB_OWN) | ({"acc", "do"} if acc_level else set()) | (exec_slots - (echo_set & set(carried)))
    for key in sorted(ho_type_slots | set(rs)):
        if key in ("re", "from", "to") or key not in ho_type_slots:
            continue
        if key == "item" and "item" not in carried:
            continue  # an HO without its item is refused (tier 1); its item is not echoed (reading 1)
        if key in echo_set and key not in own:
            if key in carried and key not in rs:
                codes[2].append(placed("ECHO_MISSING", key))
            elif key in rs and (key not in carried or compared(vocab, key, rs[key]) != compared(vocab, key, carried[key])):
                codes[2].append(placed("ECHO_MISMATCH", key))
        elif key in rs and key not in own:
            if key not in carried or compared(vocab, key, rs[key]) != compared(vocab, key, carried[key]):
                codes[2].append(placed("ECHO_MISMATCH", key))
    # Tier 4: comprehension, asked by rb=acc or rb=plan.
    if acc_level:
        asked[3] = True
        comprehension(ho, rb, vocab, expect_acc, codes[3])
    # Tier 5: execution, asked by rb=exec.
    if exec_level:
        asked[4] = execution(ho, rb, vocab, record, None, codes[4])
    elif record is not None and hs.get("ask") in (vocab.profile or {}).get("exec", {}):
        # Note 99: without rb=exec, an ask with execution slots still reads the record. check-ho
        # refuses such an HO (HO_NEEDS_EXEC), so tier 5 fails; nothing is asked of the readback.
        asked[4] = True
        codes[4].append(placed("HO_NEEDS_EXEC", "rb"))
        held_to_record(ho, vocab, record, (vocab.profile or {})["exec"][hs.get("ask")], codes[4])
    notes = {"ACC_ASSUMPTION", "ACC_LOOSE", "ACC_UNCHECKED", "ACC_KEY_UNKNOWN", "EXEC_NO_MAP"}
    tiers = []
    for i in range(5):
        if not asked[i]:
            tiers.append("not-asked")
        else:
            tiers.append("fail" if any(c not in notes for c in codes[i]) else "pass")
    return {"tiers": tiers, "codes": sorted({str(c) for t in codes for c in t}),
            **({"found": [[str(c) for c in t] for t in codes], "placed": [[[str(c), slot_of(c)] for c in t] for t in codes]} if by_tier else {})}


if __name__ == "__main__":
    import sys
    for raw in sys.stdin:
        if raw.strip():
            c = json.loads(raw)
            print(json.dumps(check(c["ho"], c["rb"], c.get("expectAcc"), c.get("record"))))
