"""An independent check of a readback against its HO: tiers 1 to 5 and the finding codes.

Written from spec sections 5.1 to 5.3 and the README's conformance notes on readbacks (notes 10,
12, 20 to 24 and 46), never from core/*.ts, so that a difference from the core is a question to
settle. It reads lines with validator.py (the other differential check's) and digests as
oracle.py does (canonical JSON, SHA-256). Tier 4 is read for the values generate_readbacks.py
draws (plain hyphenated words, lengths, one alias pair): no negation words, no word a prefix of
another, so the matching rules of note 22 this needs are equality, word sets and a shared word.
Validation notes (SLOT_UNKNOWN and the like) are left out of the codes. Standard library only.
"""
import hashlib
import json
import re

import validator

TIERS = ("receipt", "integrity", "echo", "comprehension", "execution")
RB_OWN = {"h", "eta", "not", "asm", "exp", "p"}
# Section 5.2's alias table, as far as the generated values reach it.
ALIASES = {"uk": "en-gb", "british": "en-gb", "en-gb": "en-gb", "md": "markdown", "markdown": "markdown"}
STOPWORDS = {"the", "and", "for", "with", "not", "non", "never", "without", "no", "any", "all"}


# ---------------------------------------------------------------- reading (section 6)

def vocabulary_of(slots):
    p = slots.get("p")
    return validator.SHIPPED.get(p, validator.CORE) if p is not None else validator.CORE


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

def words(key, value):
    v = value.lower()
    if key == "len":
        m = re.fullmatch(r"([0-9]+)(w|words?|c|chars?|p|pages?|s|slides?)", v)
        if m:
            return ("LEN", int(m.group(1)), m.group(2)[0])
    v = ALIASES.get(v, v)
    return tuple(w for w in re.split(r"[^0-9a-z]+", v) if w)


def same_fact(key, a, b):
    wa, wb = words(key, a), words(key, b)
    if wa and wa[0] == "LEN" or wb and wb[0] == "LEN":
        return wa == wb
    if wa == wb or set(wa) <= set(wb) or set(wb) <= set(wa):
        return True
    # One a prefix of the other, never ending inside a number (note 22: by:oct-1 is not by:oct-12).
    ja, jb = sorted(("-".join(wa), "-".join(wb)), key=len)
    return bool(ja) and jb.startswith(ja) and not (ja[-1].isdigit() and jb[len(ja)].isdigit())


def shared_word(key, a, b):
    wa, wb = words(key, a), words(key, b)
    if wa and wa[0] == "LEN" or wb and wb[0] == "LEN":
        return False
    return any(len(w) >= 3 and w not in STOPWORDS and w in wb for w in wa)


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
            findings.append("CRITERIA_KEY_UNKNOWN")
            continue
        if not vocab.ckeys[key] and key in seen:
            findings.append("CRITERIA_REPEATED")
            repeated.add(key)
        seen.add(key)
        out.append((key, m.group(2)))
    return out


def comprehension(ho, rb, vocab, expect_acc, findings):
    levels = ho["slots"].get("rb", "").split("+")
    plan = "plan" in levels
    if plan and "do" not in rb["slots"]:
        findings.append("ACC_MISSING")
    if "acc" not in rb["slots"]:
        findings.append("ACC_MISSING")
        return
    receiver = []
    for element in rb["slots"].get("acc", "").split("+") if "acc" in rb["slots"] else []:
        key, _, value = element.partition(":")
        key = key.lower()
        if not re.fullmatch(r"[a-z][a-z0-9_]*", key) or not value:
            continue  # no constraint at all: the RB's own VALUE_TYPE at tier 1
        if key not in vocab.ckeys:
            findings.append("ACC_KEY_UNKNOWN")
            continue
        receiver.append((key, value))
    repeated = set()  # single-valued keys the withheld criteria name twice: compared with neither value
    excluded = [("no", t) for t in rb["slots"]["not"].split("+")] if "not" in rb["slots"] else []
    if expect_acc:
        sender = parse_criteria(expect_acc, vocab, findings, repeated)
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
                findings.append("ACC_KEY_UNKNOWN")
    else:
        sender = None
        findings.append("ACC_UNCHECKED")
    held = {k for k, _ in receiver} | ({"no"} if excluded else set())
    for key in ho["slots"]["keys"].split("+") if "keys" in ho["slots"] else []:
        key = key.lower()
        if key not in vocab.ckeys:
            findings.append("ACC_KEY_UNKNOWN")
        elif key not in held and (sender is None or key not in {k for k, _ in sender}):
            findings.append("ACC_GAP")
    if sender is None:
        findings.extend("ACC_ASSUMPTION" for _ in receiver + excluded)
        return
    keys = list(dict.fromkeys([k for k, _ in sender] + [k for k, _ in receiver] + (["no"] if excluded else [])))
    for key in keys:
        if key in repeated:
            continue
        s_values = [v for k, v in sender if k == key]
        r_values = [v for k, v in receiver if k == key] + ([v for _, v in excluded] if key == "no" else [])
        if not vocab.ckeys[key]:
            if s_values and r_values:
                if any(not same_fact(key, s_values[0], r) for r in r_values):
                    findings.append("ACC_CONTRADICTION")
            elif s_values:
                findings.append("ACC_GAP")
            else:
                findings.append("ACC_ASSUMPTION")
            continue
        free = [r for r in r_values if not any(same_fact(key, s, r) for s in s_values)]
        for s in s_values:
            if any(same_fact(key, s, r) for r in r_values):
                continue
            loose = next((r for r in free if shared_word(key, s, r)), None)
            if loose is None:
                findings.append("ACC_GAP")
            else:
                findings.append("ACC_LOOSE")
                free.remove(loose)
        findings.extend("ACC_ASSUMPTION" for _ in free)
    musts = [v for k, v in sender if k == "must"]
    for _, value in [c for c in receiver if c[0] == "no"] + excluded:
        hits = [m for m in musts if same_fact("must", m, value)]
        findings.extend("ACC_EXCLUDED" for _ in hits)
        if not hits and any(shared_word("must", m, value) for m in musts):
            findings.append("ACC_LOOSE")


# ---------------------------------------------------------------- tier 5 (section 5.3, notes 23, 24, 46)

def execution(ho, rb, vocab, record, resolve, findings):
    exec_map = (vocab.profile or {}).get("exec", {})
    ask = ho["slots"].get("ask")
    if ask not in exec_map:
        findings.append("EXEC_NO_MAP")
        return False
    exec_slots = exec_map[ask]
    ho_slots = {k: v for k, v in ho["slots"].items() if k in vocab.on["HO"]}
    if record is not None:
        for key, value in record.items():
            if key in ("from", "to", "item"):
                # A value the HO omits is check-ho's HO_OMITS alone (note 23).
                if key in ho["slots"] and ho["slots"][key] != value:
                    findings.append("HO_DIFFERS")
            elif key in ho_slots and compared(vocab, key, ho_slots[key]) != compared(vocab, key, value):
                findings.append("HO_DIFFERS")
        for key in exec_slots:
            if key in ho_slots and key not in record:
                findings.append("HO_DIFFERS")
            if key not in ho_slots and key not in record:
                findings.append("HO_EXEC_UNSET")
    for key in exec_slots:
        if key not in rb["slots"]:
            findings.append("EXEC_MISSING")
        elif key in ho_slots:
            if compared(vocab, key, rb["slots"][key]) != compared(vocab, key, ho_slots[key]):
                findings.append("EXEC_MISMATCH")
        elif record is None or key not in record:
            findings.append("EXEC_UNVERIFIED")
        elif compared(vocab, key, rb["slots"][key]) != compared(vocab, key, record[key]):
            findings.append("EXEC_MISMATCH")
    return True


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

def check(ho_line, rb_line, expect_acc=None, record=None):
    """{"tiers": [five results], "codes": sorted codes}, or {"refused": "HO" | "RB"}."""
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
    ho_refused = validator.validate(ho, None)
    rb_refused = validator.validate(rb, hs.get("p"))
    if ho["type"] != "HO" or ho_refused:
        receipt.append("RECEIPT")
    if rb["type"] != "RB" or rs.get("re") != ho["id"] or rs.get("from") != hs.get("to") or rs.get("to") != hs.get("from"):
        receipt.append("RECEIPT")
    if "p" in rs and rs["p"] != hs.get("p"):
        receipt.append("RECEIPT")
    if "exp" in rs and "exp" in hs and rs["exp"] > hs["exp"]:
        receipt.append("RECEIPT")
    # A p= naming another profile is that RECEIPT, not a profile the reader lacks (PROFILE_UNKNOWN).
    receipt.extend(sorted(rb_refused - ({"PROFILE_UNKNOWN"} if "p" in rs and rs["p"] != hs.get("p") else set())))
    # Tier 2: h= is the digest of the HO's canonical JSON form (section 5.2).
    if asked[1] and rs["h"] != digest(ho):
        codes[1].append("INTEGRITY")
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
                codes[2].append("ECHO_MISSING")
            elif key in rs and (key not in carried or compared(vocab, key, rs[key]) != compared(vocab, key, carried[key])):
                codes[2].append("ECHO_MISMATCH")
        elif key in rs and key not in own:
            if key not in carried or compared(vocab, key, rs[key]) != compared(vocab, key, carried[key]):
                codes[2].append("ECHO_MISMATCH")
    # Tier 4: comprehension, asked by rb=acc or rb=plan.
    if acc_level:
        asked[3] = True
        comprehension(ho, rb, vocab, expect_acc, codes[3])
    # Tier 5: execution, asked by rb=exec.
    if exec_level:
        asked[4] = execution(ho, rb, vocab, record, None, codes[4])
    notes = {"ACC_ASSUMPTION", "ACC_LOOSE", "ACC_UNCHECKED", "ACC_KEY_UNKNOWN", "EXEC_NO_MAP"}
    tiers = []
    for i in range(5):
        if not asked[i]:
            tiers.append("not-asked")
        else:
            tiers.append("fail" if any(c not in notes for c in codes[i]) else "pass")
    return {"tiers": tiers, "codes": sorted({c for t in codes for c in t})}


if __name__ == "__main__":
    import sys
    for raw in sys.stdin:
        if raw.strip():
            c = json.loads(raw)
            print(json.dumps(check(c["ho"], c["rb"], c.get("expectAcc"), c.get("record"))))
