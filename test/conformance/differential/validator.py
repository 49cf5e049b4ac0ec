"""An independent reading of one RW1 line: verdict and error codes.

Written from the spec (sections 2, 3, 4, 5 rule 2 and 7), profiles/README.md and the README's
conformance notes, never from core/*.ts, so that a difference from the core is a question to
settle rather than the implementation agreeing with itself. Notes (SLOT_UNKNOWN and the like)
are left out: only errors are compared. Python 3, standard library only.
"""
import json
import os
import re
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
PROFILES_DIR = os.path.join(HERE, "..", "..", "..", "profiles")

TYPES = ("HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX")
AGENT = re.compile(r"[A-Za-z0-9._-]+\Z")
KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
PROFILE_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
MAX_SAFE = 2**53 - 1

# Section 3, with note 8 (HO takes keys; an RB may carry what an HO's rb= can ask it to echo) and
# note 9 (UN's need). `p` belongs to every type (section 7).
REQUIRED = {
    "HO": ["from", "to", "item", "ask"],
    "RB": ["re", "from", "to", "item", "ask"],
    "AQ": ["from", "to", "need"],
    "AN": ["re", "from", "to", "val"],
    "ST": ["from", "to", "item"],
    "DN": ["re", "from", "to", "item", "out"],
    "UN": ["re", "from", "to", "why"],
    "FL": ["re", "from", "to", "item", "why"],
    "CX": ["re", "from", "to", "item"],
}
OPTIONAL = {
    "HO": ["re", "due", "pri", "conf", "keep", "art", "ctx", "rb", "acc", "exp", "keys"],
    "RB": ["h", "eta", "not", "asm", "exp", "due", "pri", "conf", "keep", "art", "ctx", "rb", "keys", "acc", "do"],
    "AQ": ["re", "item", "by", "opts"],
    "AN": ["item"],
    "ST": ["re", "pct", "eta", "blk"],
    "DN": ["art", "next"],
    "UN": ["item", "alt", "need"],
    "FL": ["art", "retry"],
    "CX": ["why"],
}

# Section 3.1 slot types (ctx: message ids, note 57).
CORE_SLOTS = {
    "re": "msgid", "from": "agent", "to": "agent", "item": "ref", "ask": "enum:ask", "due": "date",
    "by": "date", "exp": "time", "pri": "int:1-5", "conf": "enum:conf", "keep": "list:agent",
    "art": "list:ref", "ctx": "list:msgid", "eta": "date", "pct": "int:0-100", "blk": "list:ref",
    "need": "enum:need", "opts": "list:token", "val": "value", "out": "enum:out", "next": "enum:ask",
    "why": "enum:why", "alt": "agent", "retry": "bool", "keys": "list:ckey", "rb": "list:rblevel",
    "h": "hex12", "acc": "list:constraint", "do": "token", "not": "list:token", "asm": "list:token",
    "p": "profile",
}
CORE_ENUMS = {
    "ask": ["REVIEW", "DRAFT", "DECIDE", "RESEARCH", "BUILD", "FIX", "SUMM", "PLAN", "TEST", "EXTRACT", "UNDO"],
    "why": ["NOCAP", "NOCTX", "PERM", "BUSY", "CONFLICT", "DUP", "VER", "UNK", "SCOPE", "ERR", "TIMEOUT",
            "REVOKED", "SUPERSEDED", "EXPIRED"],
    "out": ["OK", "PARTIAL", "NOOP"],
    "need": ["ENUM", "TEXT", "NUM", "DATE", "YESNO"],
    "conf": ["L", "M", "H"],
}
LEVELS = ("echo", "all", "acc", "plan", "exec")
CORE_CKEYS = {"len": False, "fmt": False, "lang": False, "tone": False, "voice": False, "aud": False,
              "out": False, "by": False, "src": True, "scope": True, "must": True, "no": True}
# Note 10: never echoed (rb keys exp p) and answered rather than echoed (re from to).
NOT_ECHOED = {"rb", "keys", "exp", "p", "re", "from", "to"}


def load_profile(name):
    with open(os.path.join(PROFILES_DIR, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


PROFILES = {name: load_profile(name) for name in ("pay", "clin", "pform")}


class Vocabulary:
    def __init__(self, profile):
        self.profile = profile
        self.name = None if profile is None else profile["profile"]
        self.types = dict(CORE_SLOTS)
        self.on = {t: set(REQUIRED[t]) | set(OPTIONAL[t]) | {"p"} for t in TYPES}
        self.required = {t: list(REQUIRED[t]) for t in TYPES}
        self.enums = {k: list(v) for k, v in CORE_ENUMS.items()}
        self.ckeys = dict(CORE_CKEYS)
        self.profile_slots = set()
        self.profile_codes = {}  # enum -> codes the profile added
        self.rules = []
        if profile is None:
            return
        for name, codes in profile.get("enums", {}).items():
            self.enums.setdefault(name, [])
            added = [c for c in codes if c not in self.enums[name]]
            self.enums[name] += added
            self.profile_codes.setdefault(name, set()).update(added)
        for field in ("asks", "why"):
            enum = "ask" if field == "asks" else "why"
            for code in profile.get(field, {}):
                self.enums[enum].append(code)
                self.profile_codes.setdefault(enum, set()).add(code)
        for slot in profile.get("slots", []):
            self.types[slot["key"]] = slot["type"]
            self.profile_slots.add(slot["key"])
            for t in slot["on"]:
                self.on[t].add(slot["key"])
                if slot.get("required"):
                    self.required[t].append(slot["key"])
        for key, spec in profile.get("ckeys", {}).items():
            self.ckeys[key.lower()] = bool(spec.get("set"))
        self.rules = profile.get("translation", [])


CORE = Vocabulary(None)
SHIPPED = {name: Vocabulary(p) for name, p in PROFILES.items()}

# ---------------------------------------------------------------- characters (section 2, note 5)

LINE_BREAKS = {"\n", "\r", "\x85", "\u2028", "\u2029"}


def char_class(ch):
    if ch in LINE_BREAKS:
        return "LINE_BREAK"
    o = ord(ch)
    if o < 0x20 or 0x7F <= o <= 0x9F:
        return "CONTROL_CHAR"
    if 0xD800 <= o <= 0xDFFF:
        return "ENCODING"
    return None


def is_space(ch):
    """White space as a token may not hold it: Unicode White_Space, and U+FEFF (a reading the core takes)."""
    return ch.isspace() or ch == "\ufeff"


def blank(text):
    """Note 50: white space, controls and format characters (Cf) alone say nothing."""
    return all(ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf") for ch in text)


# ---------------------------------------------------------------- value types (section 7, note 15)

def is_date(v):
    if not re.fullmatch(r"[0-9]{8}", v):
        return False
    y, m, d = int(v[:4]), int(v[4:6]), int(v[6:])
    if y < 1 or not 1 <= m <= 12 or d < 1:
        return False
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    return d <= days


def is_time(v):
    m = re.fullmatch(r"([0-9]{8})T([0-9]{2})([0-9]{2})Z", v)
    return bool(m) and is_date(m.group(1)) and int(m.group(2)) <= 23 and int(m.group(3)) <= 59


def read_int(v):
    """A whole number (note 1: exactly, up to 2^53-1); None when it is none."""
    if not re.fullmatch(r"-?[0-9]+", v):
        return None
    n = int(v)
    return n if abs(n) <= MAX_SAFE else None


def is_money(v):
    return bool(re.fullmatch(r"-?(0|[1-9][0-9]*)\.[0-9]{2}", v)) and v != "-0.00"


NUMBER = r"-?[0-9]+(\.[0-9]+)?"


def is_num(v):
    return bool(re.fullmatch(NUMBER + "(/" + NUMBER + ")?", v))


def is_msgid(v):
    agent, sep, n = v.rpartition("-")
    return bool(sep) and bool(AGENT.match(agent)) and bool(re.fullmatch(r"[0-9]+", n)) and int(n) <= MAX_SAFE


def check_value(vocab, key, typ, value, errors, without_p=False):
    """Adds the errors of one value against its type; returns the decoded value or None.

    `without_p`: the reader chose a profile and the line names none, so a profile's slot named in
    `rb=` is the profile's vocabulary used without `p=` (note 11)."""
    if typ.startswith("list:"):
        elements = value.split("+")
        if typ == "list:rblevel":
            # Rule 2 (note 7): every element that is no level or slot is its own finding. A list
            # holding an empty element is malformed: one finding, that of its first bad element.
            if "" not in elements:
                decoded = [check_value(vocab, key, "rblevel", e, errors, without_p) for e in elements]
                return None if any(d is None for d in decoded) else elements
            for e in elements:
                if e == "":
                    errors.add("VALUE_TYPE")
                    return None
                if check_value(vocab, key, "rblevel", e, errors, without_p) is None:
                    return None
            return elements
        # A list of values gets one finding, that of its first element that is empty or off its
        # type (the core's reading: list:int:1-3 `9+x` is OUT_OF_RANGE alone; `at2=a++b` of
        # list:enum, malformed, is the unknown code a). A list of codes names each unknown one
        # (note 73), all ENUM_UNKNOWN, which the set of codes compared cannot tell apart.
        decoded = []
        for e in elements:
            d = check_value(vocab, key, typ[5:], e, errors, without_p)
            if d is None:
                return None
            decoded.append(d)
        return decoded
    if value == "":
        errors.add("VALUE_TYPE")
        return None
    if typ.startswith("enum:"):
        if value not in vocab.enums.get(typ[5:], []):
            errors.add("ENUM_UNKNOWN")
            return None
        return value
    if typ.startswith("int"):
        n = read_int(value)
        if n is None:
            errors.add("VALUE_TYPE")
            return None
        if typ.startswith("int:"):
            lo, hi = re.fullmatch(r"int:(-?[0-9]+)-(-?[0-9]+)", typ).groups()
            if not int(lo) <= n <= int(hi):
                errors.add("OUT_OF_RANGE")
                return None
        elif n < 0:
            errors.add("VALUE_TYPE")
            return None
        return n
    ok = {
        "date": is_date, "time": is_time, "money": is_money, "num": is_num, "msgid": is_msgid,
        "agent": lambda v: bool(AGENT.match(v)), "bool": lambda v: v in ("Y", "N"),
        "hex12": lambda v: bool(re.fullmatch(r"[0-9a-f]{12}", v)),
        "days": lambda v: read_int(v) is not None and read_int(v) >= 0,
        "constraint": lambda v: bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*:.+", v)),
        "ckey": lambda v: bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", v)),
    }.get(typ)
    if ok is not None:
        if not ok(value):
            errors.add("VALUE_TYPE")
            return None
        return value
    if typ == "rblevel":
        if without_p and value in vocab.profile_slots and value in vocab.on["HO"]:
            errors.add("PROFILE_REQUIRED")
            return None
        if value in LEVELS:
            return value
        if value in NOT_ECHOED or value not in vocab.on["HO"]:
            errors.add("RB_UNKNOWN")
            return None
        return value
    return value  # token, ref, value, profile, and keys no vocabulary types: any text without spaces


# ---------------------------------------------------------------- parsing (section 2)

def nth_token_start(head, n):
    """Where the n-th (0-based) word of the head starts, or its length when it has fewer."""
    starts = [m.start() for m in re.finditer(r"[^ ]+", head)]
    return starts[n] if n < len(starts) else len(head)


def parse(line):
    """Returns (errors, message) where message is None when the line does not parse."""
    errors = set()
    before_tail = line[:-3] if line.endswith(" //") and " // " not in line else line.split(" // ", 1)[0]
    if line.startswith("#"):
        return {"LINE_COMMENT"}, None
    for ch in line:
        c = char_class(ch)
        if c:
            errors.add(c)
    if not errors and (line.strip(" ") == "" or before_tail.strip(" ") == ""):
        return {"LINE_EMPTY"}, None
    # Note 7: characters note 5 refuses do not make RW1 another version; a tab stands for a space.
    head, sep, tail = line.partition(" // ")
    if not sep and (line.endswith(" //")):
        head, sep, tail = line[:-3], " // ", ""
    start = 0
    while start < len(head) and (head[start] == " " or char_class(head[start]) is not None):
        start += 1
    first = re.split(r"[ \t]", head[start:], maxsplit=1)[0]
    first_clean = "".join(ch for ch in first if char_class(ch) is None)
    if first_clean != "RW1" and not (errors and first_clean == ""):
        return {"VERSION"}, None
    if errors:
        return errors, None
    if sep and tail == "":
        errors.add("TAIL_EMPTY")
    tokens = [t for t in head.split(" ") if t != ""]
    read_to = len(head)
    if len(tokens) < 2 or "=" in tokens[1]:
        errors.add("MISSING_TYPE")
        read_to = nth_token_start(head, 1)
    elif len(tokens) < 3 or "=" in tokens[2]:
        errors.add("MISSING_ID")
        read_to = nth_token_start(head, 2)
    # The line stops being read at a missing type or id: a stray space after it is not reported.
    read = head[:read_to]
    if read.startswith(" ") or "  " in read or (read_to == len(head) and head.endswith(" ")):
        errors.add("SPACING")
    slots = {}
    for token in tokens[3:] if len(tokens) >= 3 and not errors & {"MISSING_TYPE", "MISSING_ID"} else []:
        if "=" not in token:
            errors.add("TOKEN_NOT_KEYED")
            continue
        key, _, value = token.partition("=")
        if not KEY.match(key) or key in ("constructor", "prototype"):
            errors.add("KEY_SYNTAX")
            continue
        if key in slots:
            errors.add("DUPLICATE_KEY")
            continue
        slots[key] = value
    if errors:
        return errors, None
    return errors, {"type": tokens[1], "id": tokens[2], "slots": slots, "tail": tail if sep else None}


# ---------------------------------------------------------------- translation rules (profiles/README.md)

def shape_regex(vocab, template):
    out = ""
    for part in re.split(r"(\{[^}]*\})", template):
        if part == "{id}":
            out += r"[A-Za-z0-9._-]+"
        elif part == "{n}":
            out += r"[1-9][0-9]*"
        elif part.startswith("{enum:"):
            out += "(?:" + "|".join(re.escape(c) for c in vocab.enums.get(part[6:-1], [])) + ")"
        else:
            out += re.escape(part)
    return re.compile(out + r"\Z")


# compare_profiles.py --break-list-shape plants the reading this checker had: a value that did not
# decode was tested whole, so a list slot's `a+b` (elements off their type) failed `{id}`.
SHAPE_OF_WHAT_DECODED = False


# compare_profiles.py --break-empty-element-shape plants a shape that passes over a list's empty
# elements (`a++b` tested as `a` and `b`), where each element, the empty one too, is tested.
SHAPE_SKIPS_EMPTY = False


def json_form(typ, raw):
    """A value as section 6's JSON form holds it, by its slot's type whether or not it is valid:
    a list's elements in order, an integer's digits as the number (`09` as 9), anything else as
    written. A shape tests this, so `a+b` of a list slot is tested as `a` and `b` (profiles/README.md)."""
    if typ.startswith("list:"):
        return [json_form(typ[5:], e) for e in raw.split("+")]
    if (typ == "days" or typ == "int" or typ.startswith("int:")) and re.fullmatch(r"-?[0-9]+", raw) and abs(int(raw)) <= 2 ** 53 - 1:
        return int(raw)
    return raw


def to_cents(v):
    neg = v.startswith("-")
    whole, frac = v.lstrip("-").split(".")
    n = int(whole) * 100 + int(frac)
    return -n if neg else n


def apply_rules(vocab, mtype, present, decoded, tail, errors):
    for rule in vocab.rules:
        on = rule.get("on", TYPES)
        if mtype not in on:
            continue
        when = rule.get("when", {})
        if any(s not in present for s in when.get("has", [])):
            continue
        if "item_ns" in when:
            item = present.get("item")
            if item is None or ":" not in item or item.split(":", 1)[0] not in when["item_ns"]:
                continue
        if any(s not in present for s in rule.get("require", [])):
            errors.add("TRANSLATION")
        if rule.get("tail") == "required" and (tail is None or blank(tail)):
            errors.add("TRANSLATION")
        for slot, template in rule.get("shape", {}).items():
            if slot not in present:
                continue
            if SHAPE_OF_WHAT_DECODED:
                value = decoded.get(slot, present[slot])  # the planted fault: the reading before
            else:
                value = json_form(vocab.types.get(slot, "token"), present[slot])
            values = value if isinstance(value, list) else [value]
            if SHAPE_SKIPS_EMPTY:
                values = [v for v in values if v != ""]  # the planted fault
            rx = shape_regex(vocab, template)
            if not all(rx.match(str(v)) for v in values):
                errors.add("TRANSLATION")
        total = rule.get("sum")
        if total:
            slots = total["parts"] + [total["total"]]
            if all(s in present for s in slots) and all(is_money(present[s]) for s in slots):
                if sum(to_cents(present[s]) for s in total["parts"]) != to_cents(present[total["total"]]):
                    errors.add("TRANSLATION")


# ---------------------------------------------------------------- validation (sections 3, 4, 7)

def answer_exempt(v):
    return v in ("tail", "Y", "N") or is_date(v) or bool(re.fullmatch(NUMBER, v))


def validate(message, reader, custom=None):
    """`custom`: the Vocabulary of a profile file the reader was given, whose name is `reader`."""
    errors = set()
    slots = message["slots"]
    p = slots.get("p")
    held = dict(SHIPPED)
    if custom is not None:
        held[custom.name] = custom
    if p is None:
        vocab = held[reader] if reader else CORE
    elif reader and p == reader:
        vocab = held[reader]
    elif PROFILE_NAME.match(p) and p in SHIPPED:
        vocab = SHIPPED[p]
    else:
        # Note 18: nothing of a vocabulary the reader does not hold is guessed; the core alone reads it.
        vocab = CORE
        errors.add("PROFILE_UNKNOWN")
    mtype = message["type"]
    known_type = mtype in TYPES
    if not known_type:
        # Rule 2 answers it UNK; the rest of the line is still read, so the UN names every code.
        errors.add("TYPE_UNKNOWN")
    # id and sender (section 2, note 16)
    mid = message["id"]
    sender = slots.get("from")
    if not is_msgid(mid):
        errors.add("ID_SHAPE")
    elif sender is not None and AGENT.match(sender) and mid.rpartition("-")[0] != sender:
        errors.add("ID_FROM")
    if slots.get("re") is not None and slots["re"] == mid and is_msgid(mid):
        errors.add("RE_SELF")
    without_p = p is None and vocab.profile is not None
    present, decoded = {}, {}
    for key, value in slots.items():
        if without_p and key in vocab.profile_slots:
            errors.add("PROFILE_REQUIRED")
            continue
        # Section 2: values contain no spaces, Unicode's included (note 7: to=writer\u00a0), whatever the key.
        # A code with a space in it is an unknown code of its enum, where the slot is read at all.
        read_as_code = (vocab.types.get(key, "").startswith("enum:") or key == "rb") and (not known_type or key in vocab.on[mtype])
        spaced = any(is_space(ch) for ch in value) and not read_as_code and key != "p"
        if spaced:
            errors.add("VALUE_TYPE")
        if key == "p" or key.startswith("x_") or key not in vocab.types:
            continue
        if known_type and key not in vocab.on[mtype]:
            continue  # note 11: ignored by every check
        present[key] = value
        if spaced:
            continue
        typ = vocab.types[key]
        before = set(errors)
        d = check_value(vocab, key, typ, value, errors, without_p)
        if d is not None:
            decoded[key] = d
        if without_p and typ.startswith("enum:") or without_p and typ.startswith("list:enum:"):
            codes = vocab.profile_codes.get(typ.split("enum:")[1], set())
            if any(e in codes for e in value.split("+")):
                errors = before | {"PROFILE_REQUIRED"}
    profile_known = vocab.profile is not None and "PROFILE_UNKNOWN" not in errors
    for key in (vocab.required[mtype] if known_type else []):
        if not profile_known and key in vocab.profile_slots:
            continue
        if key not in present and not (without_p and key in vocab.profile_slots):
            errors.add("MISSING_SLOT")
    if mtype == "AQ" and present.get("need") == "ENUM" and "opts" not in present:
        errors.add("MISSING_SLOT")
    if mtype == "HO" and present.get("ask") == "UNDO" and "ctx" not in present:
        errors.add("MISSING_SLOT")
    tail = message["tail"]
    if tail is not None and len(tail) > 300:
        errors.add("TAIL_TOO_LONG")
    if mtype == "AN" and present.get("val") == "tail" and (tail is None or blank(tail)):
        errors.add("TAIL_REQUIRED")
    if mtype == "UN" and present.get("why") in ("UNK", "VER") and (tail is None or blank(tail)):
        errors.add("TAIL_REQUIRED")
    # acc: a single-valued constraint key named twice (note 12)
    if "acc" in present:
        seen = set()
        for c in [e for e in present["acc"].split("+") if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*:.+", e)]:
            k = c.split(":", 1)[0].lower()
            if k in vocab.ckeys and not vocab.ckeys[k]:
                if k in seen:
                    errors.add("CONSTRAINT_REPEATED")
                seen.add(k)
    # the closed answer vocabulary (section 7, notes 13 and 19)
    ans = vocab.enums.get("ans") if profile_known and p is not None else None
    if ans is not None:
        if mtype == "AN" and "val" in present and not answer_exempt(present["val"]) and present["val"] not in ans:
            errors.add("ANS_UNKNOWN")
        if mtype == "AQ" and present.get("need") == "ENUM" and "opts" in present:
            if any(o not in ans for o in present["opts"].split("+")):
                errors.add("ANS_UNKNOWN")
    if profile_known and p is not None and known_type:
        envelope = dict(present)
        apply_rules(vocab, mtype, envelope, decoded, tail, errors)
    return errors


def verdict(line, reader=None, custom=None):
    """(ok, sorted error codes) for one line read by a reader that chose `reader` (or none), a
    custom profile's Vocabulary when the reader was given its file."""
    errors, message = parse(line)
    if message is not None:
        errors = validate(message, reader, custom)
    return (not errors, sorted(errors))


if __name__ == "__main__":
    import sys
    for raw in sys.stdin:
        if raw.strip():
            case = json.loads(raw)
            ok, errors = verdict(case["line"], case.get("reader"))
            print(json.dumps({"ok": ok, "errors": errors}))
