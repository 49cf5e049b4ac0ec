"""An independent check of a custom profile file: the refusal codes, or none.

Written from spec sections 4 and 7, profiles/README.md ("The file format", "Translation rules")
and core/CODES.md's meanings of the PROFILE_ codes, never from core/profile*.ts or
extend-vocabulary.ts. A profile it accepts is read with validator.Vocabulary. Python 3, standard
library only.
"""
import re
import unicodedata

import validator

FIELDS = {"profile", "version", "extends", "title", "desc", "asks", "why", "enums", "slots", "agents",
          "asks_used", "exec", "ckeys", "aliases", "translation"}
REMOVING = {"remove", "removes", "drop", "drops", "delete"}
SLOT_FIELDS = {"key", "type", "on", "required", "desc"}
RULE_FIELDS = {"id", "desc", "on", "when", "require", "tail", "shape", "sum"}
MESSAGE_FIELDS = {"v", "type", "id", "slots", "tail"}
KEPT_TYPES = {"value", "hex12", "constraint", "ckey", "rblevel", "profile"}
SIMPLE_TYPES = {"token", "ref", "date", "time", "days", "bool", "money", "num", "msgid", "agent"}
ENVELOPE = {"re", "from", "to", "item"}
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")


def text_problem(value, limit=300):
    """Profiles/README: text is a string of at most `limit` code points, not blank (white space or
    control characters alone, as it says: an invisible format character is neither, unlike a
    tail's blank of note 50), and no lone surrogate."""
    if not isinstance(value, str):
        return True
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        return True
    if all(ch.isspace() or unicodedata.category(ch) == "Cc" for ch in value):
        return True
    return len(value) > limit


def check(profile):
    """The set of PROFILE_ codes the file is refused with (empty: accepted)."""
    codes = set()
    if not isinstance(profile, dict):
        return {"PROFILE_SCHEMA"}
    for field in profile:
        if field in REMOVING:
            codes.add("PROFILE_REMOVES_CORE")
        elif field not in FIELDS:
            codes.add("PROFILE_SCHEMA")
    name = profile.get("profile")
    if not isinstance(name, str) or not validator.PROFILE_NAME.match(name):
        codes.add("PROFILE_SCHEMA")
    if text_problem(profile.get("version")) or profile.get("extends") != "RW1":
        codes.add("PROFILE_SCHEMA")
    if "title" in profile and text_problem(profile["title"]):
        codes.add("PROFILE_SCHEMA")
    if "desc" in profile and text_problem(profile["desc"], 2000):
        codes.add("PROFILE_SCHEMA")
    enums = profile.get("enums", {})
    own_codes = {}  # enum -> codes this profile adds
    for field, enum in (("asks", "ask"), ("why", "why")):
        codes |= code_map(profile.get(field, {}), enum, own_codes)
    if not isinstance(enums, dict):
        codes.add("PROFILE_SCHEMA")
        enums = {}
    for enum, table in enums.items():
        if table is None or table is False:
            codes.add("PROFILE_REMOVES_CORE" if enum in validator.CORE_ENUMS else "PROFILE_SCHEMA")
            continue
        if enum == "rb":
            codes.add("PROFILE_REDEFINES_CORE")
            continue
        if not isinstance(table, dict) or not table:
            codes.add("PROFILE_SCHEMA")
            continue
        codes |= code_map(table, enum, own_codes)
        if enum == "ans":
            for code in table:
                if code.upper() in ("Y", "N", "TAIL") or NUMBER.match(code) or validator.is_date(code):
                    codes.add("PROFILE_REDEFINES_CORE")
    defined_enums = set(validator.CORE_ENUMS) | set(own_codes)
    slots = profile.get("slots", [])
    slot_on = {}
    if not isinstance(slots, list):
        codes.add("PROFILE_SCHEMA")
        slots = []
    for slot in slots:
        if not isinstance(slot, dict) or set(slot) - SLOT_FIELDS or not {"key", "type", "on"} <= set(slot):
            codes.add("PROFILE_SCHEMA")
            continue
        key = slot["key"]
        if key in validator.CORE_SLOTS or key in MESSAGE_FIELDS:
            codes.add("PROFILE_REDEFINES_CORE")
        elif not isinstance(key, str) or not validator.KEY.match(key) or key in slot_on:
            codes.add("PROFILE_SCHEMA")
        codes |= type_problem(slot["type"], defined_enums)
        on = slot["on"]
        if not isinstance(on, list) or not on or len(set(on)) != len(on) or any(t not in validator.TYPES for t in on):
            codes.add("PROFILE_SCHEMA")
            on = []
        if "required" in slot and not isinstance(slot["required"], bool):
            codes.add("PROFILE_SCHEMA")
        if "desc" in slot and text_problem(slot["desc"]):
            codes.add("PROFILE_SCHEMA")
        slot_on[key] = (set(on), slot["type"])
    codes |= name_list(profile, "agents", lambda a: isinstance(a, str) and validator.AGENT.match(a))
    codes |= name_list(profile, "asks_used", lambda a: isinstance(a, str))
    asks_used = profile.get("asks_used")
    all_asks = set(validator.CORE_ENUMS["ask"]) | own_codes.get("ask", set())
    if isinstance(asks_used, list) and any(a not in validator.CORE_ENUMS["ask"] for a in asks_used if isinstance(a, str)):
        codes.add("PROFILE_REFERENCE")
    execs = profile.get("exec", {})
    if not isinstance(execs, dict):
        codes.add("PROFILE_SCHEMA")
        execs = {}
    for ask, names in execs.items():
        if not isinstance(names, list) or not names or len(set(names)) != len(names):
            codes.add("PROFILE_SCHEMA")
            continue
        if ask not in all_asks:
            codes.add("PROFILE_REFERENCE")
        for s in names:
            if s in ("re", "from", "to") or s not in slot_on or not {"RB", "DN"} <= slot_on[s][0]:
                codes.add("PROFILE_REFERENCE")
        if isinstance(asks_used, list) and ask in validator.CORE_ENUMS["ask"] and ask not in asks_used:
            codes.add("PROFILE_REFERENCE")
    if execs and isinstance(asks_used, list) and "UNDO" not in asks_used:
        codes.add("PROFILE_REFERENCE")
    for ckey in (profile.get("ckeys") or {}):
        # A name as slot keys are spelt (the core's reading); a core key so spelt is a redefinition.
        if not validator.KEY.match(ckey):
            codes.add("PROFILE_SCHEMA")
        elif ckey in validator.CORE_CKEYS:
            codes.add("PROFILE_REDEFINES_CORE")
    for rule in profile.get("translation", []) or []:
        codes |= rule_problem(rule, slot_on, defined_enums)
    # The core reads a file in stages, each refusing on its own: a removal, then the format, then
    # what the format cannot say (redefinitions and references).
    for stage in ("PROFILE_REMOVES_CORE", "PROFILE_SCHEMA"):
        if stage in codes:
            return {stage}
    return codes


def code_map(table, enum, own_codes):
    """A table of codes added to `enum` (asks, why, enums.<name>): meanings, case, core codes."""
    codes = set()
    if not isinstance(table, dict):
        return {"PROFILE_SCHEMA"}
    core = validator.CORE_ENUMS.get(enum, [])
    seen = own_codes.setdefault(enum, set())
    for code, meaning in table.items():
        if meaning is None:
            codes.add("PROFILE_REMOVES_CORE" if code in core else "PROFILE_SCHEMA")
            continue
        if code.upper() in {c.upper() for c in core}:
            codes.add("PROFILE_REDEFINES_CORE")
            continue
        if text_problem(meaning) or code.upper() in {c.upper() for c in seen}:
            codes.add("PROFILE_SCHEMA")
        seen.add(code)
    return codes


def name_list(profile, field, ok):
    names = profile.get(field)
    if names is None:
        return set()
    if not isinstance(names, list) or len(set(map(str, names))) != len(names) or not all(ok(n) for n in names):
        return {"PROFILE_SCHEMA"}
    return set()


def type_problem(typ, enums):
    if not isinstance(typ, str):
        return {"PROFILE_SCHEMA"}
    if typ.startswith("list:"):
        inner = typ[5:]
        return {"PROFILE_SCHEMA"} if inner.startswith("list:") else type_problem(inner, enums)
    if typ in SIMPLE_TYPES:
        return set()
    if typ.startswith("enum:"):
        name = typ[5:]
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            return {"PROFILE_SCHEMA"}
        return set() if name in enums else {"PROFILE_REFERENCE"}
    m = re.fullmatch(r"int:(-?[0-9]+)-(-?[0-9]+)", typ)
    if m and int(m.group(1)) <= int(m.group(2)):
        return set()
    return {"PROFILE_SCHEMA"}


def taken(mtype, slot, slot_on):
    return slot in ENVELOPE or slot in validator.CORE.on[mtype] or (slot in slot_on and mtype in slot_on[slot][0])


def rule_problem(rule, slot_on, enums):
    if not isinstance(rule, dict) or set(rule) - RULE_FIELDS or not isinstance(rule.get("id"), str) or text_problem(rule.get("desc")):
        return {"PROFILE_SCHEMA"}
    on = rule.get("on", list(validator.TYPES))
    has = rule.get("when", {}).get("has", [])
    applies = [t for t in on if all(taken(t, s, slot_on) for s in has)]
    if not applies:
        return {"PROFILE_REFERENCE"}
    for slot in rule.get("require", []):
        if not all(taken(t, slot, slot_on) for t in applies):
            return {"PROFILE_REFERENCE"}
    total = rule.get("sum")
    if total and len(total["parts"]) < 2:
        return {"PROFILE_SCHEMA"}  # the core's reading: one part is an equality, not a sum
    if total:
        for s in total["parts"] + [total["total"]]:
            if s not in slot_on or slot_on[s][1] != "money":
                return {"PROFILE_REFERENCE"}
    for template in rule.get("shape", {}).values():
        for name in re.findall(r"\{enum:([^}]*)\}", template):
            if name not in enums:
                return {"PROFILE_REFERENCE"}
    return set()
