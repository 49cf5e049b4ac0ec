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
# compare_profiles.py --break-redefinition-on plants the core's reading before README note 178: a
# refused redefinition's `on` stood for the core slot's (or item's) in the types a rule may require it on.
REDEFINITION_ON = False
# compare_profiles.py --break-x-key-stage plants the checker's reading before: an x_ slot key was a
# format fault, which stopped the rules stage (a core slot redefined beside it went unreported).
X_KEY_STAGE = False
# --break-type-stage plants its reading of type expressions: a format fault, stopping the rules stage.
TYPE_STAGE = False
# --break-empty-has plants the core's reading before README note 179: an empty when.has was a
# condition every message meets, not a schema fault.
EMPTY_HAS = False
# --break-empty-when plants its reading for a when naming no condition, {}: a condition every
# message meets, where README note 179 refuses it as it refuses an empty has.
EMPTY_WHEN = False
# --break-checkless-rule plants the core's reading before README note 187: a rule naming none of
# require, tail, shape and sum was accepted, though it checks nothing.
CHECKLESS_RULE = False
# --break-empty-checks plants the same note's other half: an empty require or shape was accepted.
EMPTY_CHECKS = False
# --break-reserved-stage plants the checker's reading before: a reserved key was an ordinary key,
# read by the later stages (an unknown field, a code, a name), where profiles/README.md refuses it first.
RESERVED_STAGE = True
# --break-reserved-key-name plants a slot key read as spelt [a-z][a-z0-9_]* alone, `constructor`
# and `prototype` among them, where README note 6 excepts them (a format fault, as any key misspelt).
RESERVED_KEY_NAMES = ("constructor", "prototype")
# --break-rule-types plants a lenient reading of a translation rule: a field of the wrong JSON type
# or form (`require: "net"`, `shape: ["src"]`, `sum.parts: "a+b"`, `on: "ST"`, `when: {"has": "x"}`)
# read as if left out, where profiles/README.md's format stage refuses it.
RULE_TYPES = True
# --break-rule-id plants a rule id read as any string, where the core's reading spells it [a-z][a-z0-9-]*.
RULE_ID = re.compile(r"[a-z][a-z0-9-]*\Z")
# --break-rule-duplicates plants a rule's `on`, `require` and `sum.parts` read as sets, where
# profiles/README.md's "a list names each thing once" refuses a name twice in them.
RULE_DUPLICATES = True
# --break-total-part plants the core's reading before README note 191: a sum whose total is one of
# its parts was accepted, though it holds only when the other parts are zero.
TOTAL_PART = True
# --break-field-types plants a lenient reading of the file's other fields: one of the wrong JSON
# type, or null (`"agents": "writer"`, `"translation": null`, a slot's `"desc": 3`), read as left out,
# where profiles/README.md's format stage refuses "the JSON type of each value".
FIELD_TYPES = True
# --break-exec-case plants an exec ask matched in any case (`pay` for the profile's `PAY`), where
# codes are read as written (profiles/README.md) and exec names "an ask of the core or the profile".
EXEC_CASE = False
# The optional fields' JSON types (profiles/README.md, "The file format").
OPTIONAL_TYPES = {"title": str, "desc": str, "asks": dict, "why": dict, "enums": dict, "slots": list, "agents": list,
                  "asks_used": list, "exec": dict, "ckeys": dict, "aliases": list, "translation": list}
refused_redefinitions = {}  # key: the `on` of the first refused redefinition, for that planted fault
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")
# A code is what a line's enum value can carry, the core's reading (profiles/README.md: "codes ... of
# the wrong form" are the format's): letters, digits, `_ . -`, a letter or digit first; no space,
# no `+` (a list's separator). --break-code-form plants any string read as a code.
CODE_FORM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")


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


class Findings:
    """The codes found, by stage: profiles/README.md reads a file "schema with valibot, then the
    rules a schema cannot express", so a file of the wrong shape is refused for its shape alone;
    a removal (a core code mapped to null, a `remove` field) is refused before either."""

    def __init__(self):
        self.removes, self.shape, self.rules = set(), set(), set()

    def codes(self):
        return {"PROFILE_REMOVES_CORE"} if self.removes else set(self.shape) if self.shape else set(self.rules)


# profiles/README.md: "a key no object may hold", which JavaScript tools drop silently (note 6).
RESERVED_KEYS = {"__proto__", "prototype", "constructor"}


def holds_reserved_key(value):
    """Whether any object anywhere in the JSON value has a reserved key. Walks with a stack: a file
    nested deeply is read, not refused by Python's recursion limit."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if RESERVED_KEYS & set(node):
                return True
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return False


def is_slot_key(name):
    """A slot key as a line spells it: `[a-z][a-z0-9_]*`, except `constructor` and `prototype` (note 6)."""
    return isinstance(name, str) and bool(validator.KEY.match(name)) and name not in RESERVED_KEY_NAMES


def check(profile):
    """The set of PROFILE_ codes the file is refused with (empty: accepted)."""
    if not isinstance(profile, dict):
        return {"PROFILE_SCHEMA"}
    # The first stage: a reserved key anywhere is refused alone, a removal beside it included.
    if RESERVED_STAGE and holds_reserved_key(profile):
        return {"PROFILE_SCHEMA"}
    if not FIELD_TYPES:  # the planted reading: a field of the wrong JSON type read as left out
        for field, kind in OPTIONAL_TYPES.items():
            if field in profile and not isinstance(profile[field], kind):
                del profile[field]
        for slot in profile.get("slots", []):
            if isinstance(slot, dict) and "desc" in slot and not isinstance(slot["desc"], str):
                del slot["desc"]
    f = Findings()
    for field in profile:
        if field in REMOVING:
            f.removes.add(field)
        elif field not in FIELDS:
            f.shape.add("PROFILE_SCHEMA")
    name = profile.get("profile")
    if not isinstance(name, str) or not validator.PROFILE_NAME.match(name):
        f.shape.add("PROFILE_SCHEMA")
    if text_problem(profile.get("version")) or profile.get("extends") != "RW1":
        f.shape.add("PROFILE_SCHEMA")
    if "title" in profile and text_problem(profile["title"]):
        f.shape.add("PROFILE_SCHEMA")
    if "desc" in profile and text_problem(profile["desc"], 2000):
        f.shape.add("PROFILE_SCHEMA")
    enums = profile.get("enums", {})
    own_codes = {}  # enum -> codes this profile adds
    for field, enum in (("asks", "ask"), ("why", "why")):
        code_map(profile.get(field, {}), enum, own_codes, f)
    if not isinstance(enums, dict):
        f.shape.add("PROFILE_SCHEMA")
        enums = {}
    for enum, table in enums.items():
        if table is None or table is False:
            if enum in validator.CORE_ENUMS:
                f.removes.add(enum)
            else:
                f.shape.add("PROFILE_SCHEMA")
            continue
        if not validator.KEY.match(enum) or not isinstance(table, dict) or not table:
            f.shape.add("PROFILE_SCHEMA")
            continue
        if enum == "rb":
            f.rules.add("PROFILE_REDEFINES_CORE")
            continue
        code_map(table, enum, own_codes, f)
        if enum == "ans":
            for code in table:
                if code.upper() in ("Y", "N", "TAIL") or NUMBER.match(code) or validator.is_date(code):
                    f.rules.add("PROFILE_REDEFINES_CORE")
    defined_enums = set(validator.CORE_ENUMS) | set(own_codes)
    slots = profile.get("slots", [])
    slot_on = {}
    refused_redefinitions.clear()
    if not isinstance(slots, list):
        f.shape.add("PROFILE_SCHEMA")
        slots = []
    for slot in slots:
        if not isinstance(slot, dict) or set(slot) - SLOT_FIELDS or not {"key", "type", "on"} <= set(slot):
            f.shape.add("PROFILE_SCHEMA")
            continue
        key = slot["key"]
        # profiles/README.md: a key of the wrong form is a format fault; an x_ key (section 2's
        # extension namespace), a core slot, a field or a key twice is a rule about a name, which
        # stops nothing else, and the slot so refused defines nothing, its type unread.
        refused_key = True
        if not is_slot_key(key):
            f.shape.add("PROFILE_SCHEMA")
        elif key.startswith("x_"):
            (f.shape if X_KEY_STAGE else f.rules).add("PROFILE_SCHEMA")
        elif key in validator.CORE_SLOTS or key in MESSAGE_FIELDS:
            f.rules.add("PROFILE_REDEFINES_CORE")
        elif key in slot_on:
            f.rules.add("PROFILE_SCHEMA")
        else:
            refused_key = False
        if not refused_key:
            type_problem(slot["type"], defined_enums, f)
        elif not isinstance(slot["type"], str):
            f.shape.add("PROFILE_SCHEMA")
        on = slot["on"]
        if not isinstance(on, list) or not on or any(t not in validator.TYPES for t in on):
            f.shape.add("PROFILE_SCHEMA")
            on = []
        elif len(set(on)) != len(on):
            f.rules.add("PROFILE_SCHEMA")
        if "required" in slot and not isinstance(slot["required"], bool):
            f.shape.add("PROFILE_SCHEMA")
        if "desc" in slot and text_problem(slot["desc"]):
            f.shape.add("PROFILE_SCHEMA")
        if isinstance(key, str) and (key in validator.CORE_SLOTS or key in MESSAGE_FIELDS):
            refused_redefinitions.setdefault(key, set(on))
        if refused_key:
            continue  # refused, it defines nothing: a rule naming the key is judged by the core's slot, or by none
        slot_on[key] = (set(on), slot["type"])
    name_list(profile, "agents", lambda a: isinstance(a, str) and validator.AGENT.match(a), f)
    name_list(profile, "asks_used", lambda a: isinstance(a, str) and bool(CODE_FORM.match(a)), f)
    asks_used = profile.get("asks_used")
    all_asks = set(validator.CORE_ENUMS["ask"]) | own_codes.get("ask", set())
    if isinstance(asks_used, list) and any(a not in validator.CORE_ENUMS["ask"] for a in asks_used if isinstance(a, str)):
        f.rules.add("PROFILE_REFERENCE")
    execs = profile.get("exec", {})
    if not isinstance(execs, dict):
        f.shape.add("PROFILE_SCHEMA")
        execs = {}
    for ask, names in execs.items():
        if not CODE_FORM.match(ask) or not isinstance(names, list) or not names or not all(is_slot_key(s) for s in names):
            f.shape.add("PROFILE_SCHEMA")
            continue
        if len(set(names)) != len(names):
            f.rules.add("PROFILE_SCHEMA")
        if ask not in all_asks and not (EXEC_CASE and ask.upper() in {a.upper() for a in all_asks}):
            f.rules.add("PROFILE_REFERENCE")
        for s in names:
            # README: "each must be defined on RB and DN" in the vocabulary the profile makes, a
            # core slot (item, art) as well as its own; re, from and to are answered, not echoed.
            if s in ("re", "from", "to") or not (taken("RB", s, slot_on) and taken("DN", s, slot_on)):
                f.rules.add("PROFILE_REFERENCE")
        if isinstance(asks_used, list) and ask in validator.CORE_ENUMS["ask"] and ask not in asks_used:
            f.rules.add("PROFILE_REFERENCE")
    if execs and isinstance(asks_used, list) and "UNDO" not in asks_used:
        f.rules.add("PROFILE_REFERENCE")
    ckeys = profile.get("ckeys", {})
    if not isinstance(ckeys, dict):  # null too: a field given is of its type (profiles/README.md)
        f.shape.add("PROFILE_SCHEMA")
        ckeys = {}
    for spec in ckeys.values():
        if not isinstance(spec, dict) or set(spec) - {"desc", "set"} or text_problem(spec.get("desc")) or not isinstance(spec.get("set", False), bool):
            f.shape.add("PROFILE_SCHEMA")
    aliases(profile.get("aliases", []), f)
    for ckey in ckeys:
        # A name as slot keys are spelt (the core's reading); a core key so spelt is a redefinition.
        if not validator.KEY.match(ckey):
            f.shape.add("PROFILE_SCHEMA")
        elif ckey in validator.CORE_CKEYS:
            f.rules.add("PROFILE_REDEFINES_CORE")
    rules = profile.get("translation", [])
    if not isinstance(rules, list):
        f.shape.add("PROFILE_SCHEMA")
        rules = []
    ids = [r.get("id") for r in rules if isinstance(r, dict)]
    if len(set(map(str, ids))) != len(ids):
        f.rules.add("PROFILE_SCHEMA")  # a rule id twice
    for rule in rules:
        rule_problem(rule, slot_on, defined_enums, f)
    return f.codes()


def code_map(table, enum, own_codes, f):
    """A table of codes added to `enum` (asks, why, enums.<name>): meanings, case, core codes."""
    if not isinstance(table, dict):
        f.shape.add("PROFILE_SCHEMA")
        return
    core = validator.CORE_ENUMS.get(enum, [])
    seen = own_codes.setdefault(enum, set())
    for code, meaning in table.items():
        if not CODE_FORM.match(code):
            f.shape.add("PROFILE_SCHEMA")
        if meaning is None:
            if code in core:
                f.removes.add(code)
            else:
                f.shape.add("PROFILE_SCHEMA")
            continue
        if text_problem(meaning):
            f.shape.add("PROFILE_SCHEMA")
        if code.upper() in {c.upper() for c in core}:
            f.rules.add("PROFILE_REDEFINES_CORE")
        elif code.upper() in {c.upper() for c in seen}:
            f.rules.add("PROFILE_SCHEMA")
        seen.add(code)


def name_list(profile, field, ok, f):
    if field not in profile:
        return
    names = profile[field]
    if not isinstance(names, list) or not all(ok(n) for n in names):
        f.shape.add("PROFILE_SCHEMA")
    elif len(set(names)) != len(names):
        f.rules.add("PROFILE_SCHEMA")


def type_problem(typ, enums, f):
    """A type is a string (the format); what it says is a rule (profiles/README.md: a type expression
    is read as the rules a schema cannot express are, so it stops nothing else)."""
    if not isinstance(typ, str):
        f.shape.add("PROFILE_SCHEMA")
        return
    said = f.shape if TYPE_STAGE else f.rules
    if typ.startswith("list:"):
        inner = typ[5:]
        if inner.startswith("list:"):
            said.add("PROFILE_SCHEMA")
        else:
            type_problem(inner, enums, f)
        return
    if typ in SIMPLE_TYPES:
        return
    if typ.startswith("enum:"):
        name = typ[5:]
        if not validator.KEY.match(name):
            said.add("PROFILE_SCHEMA")
        elif name not in enums:
            f.rules.add("PROFILE_REFERENCE")
        return
    # Note 15's ranges; bounds of at most 15 digits (the core's reading: every one read exactly).
    m = re.fullmatch(r"int:(-?[0-9]{1,15})-(-?[0-9]{1,15})", typ)
    if not (m and int(m.group(1)) <= int(m.group(2))):
        said.add("PROFILE_SCHEMA")


def taken(mtype, slot, slot_on):
    if REDEFINITION_ON and slot in refused_redefinitions:
        return mtype in refused_redefinitions[slot]  # the planted fault: the core's reading before note 178
    return slot in ENVELOPE or slot in validator.CORE.on[mtype] or (slot in slot_on and mtype in slot_on[slot][0])


PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def shape_problem(template, enums, f):
    """profiles/README: placeholders {id}, {n}, {enum:<name>}, set apart by a character neither matches."""
    parts = PLACEHOLDER.split(template)  # text, name, text, name, ...
    if any("{" in text or "}" in text for text in parts[0::2]):
        f.rules.add("PROFILE_SCHEMA")  # a brace that opens or closes no placeholder names none
        return
    for i in range(1, len(parts), 2):
        name = parts[i]
        if name not in ("id", "n") and not name.startswith("enum:"):
            f.rules.add("PROFILE_SCHEMA")
            return
        if name.startswith("enum:") and name[5:] not in enums:
            f.rules.add("PROFILE_REFERENCE")
            return
        # Set apart: what follows a placeholder (another one, or text) starts with a character it
        # cannot match; the core reads this of text after the last placeholder too (`{id}x`), which
        # a pattern would otherwise have to backtrack over.
        after = parts[i + 1]
        matches = r"[0-9]" if name == "n" else r"[A-Za-z0-9._-]"
        if (after == "" and i + 2 < len(parts)) or (after and re.match(matches, after[0])):
            f.rules.add("PROFILE_SCHEMA")
            return


def is_list_of(value, ok, empty_allowed=False):
    return isinstance(value, list) and (empty_allowed or bool(value)) and all(ok(v) for v in value)


# An item namespace is the part of a reference before its first `:`, a token's characters (section 2.1).
ITEM_NS = re.compile(r"[A-Za-z0-9._-]+\Z")


def shape_text(template):
    """A shape is a template (never empty), a text of at most 200 characters holding no lone
    surrogate (profiles/README.md)."""
    return isinstance(template, str) and 0 < len(template) <= 200 and not any(0xD800 <= ord(ch) <= 0xDFFF for ch in template)


def rule_field_forms():
    """Each rule field's JSON type and form (profiles/README.md, "Translation rules" and the format
    stage: a message type outside the nine, a slot key misspelt, an empty list where one names at
    least one, a sum of one part). Read per call: the planted readings change what passes."""
    return {
        "on": lambda on: is_list_of(on, lambda t: t in validator.TYPES),
        "when": lambda when: isinstance(when, dict) and not set(when) - {"item_ns", "has"} and (bool(when) or EMPTY_WHEN)
        and ("item_ns" not in when or is_list_of(when["item_ns"], lambda n: isinstance(n, str) and bool(ITEM_NS.match(n))))
        and ("has" not in when or is_list_of(when["has"], is_slot_key, EMPTY_HAS)),
        "require": lambda names: is_list_of(names, is_slot_key, EMPTY_CHECKS),
        "tail": lambda tail: tail == "required",
        "shape": lambda shapes: isinstance(shapes, dict) and (bool(shapes) or EMPTY_CHECKS)
        and all(is_slot_key(k) and shape_text(t) for k, t in shapes.items()),
        "sum": lambda total: isinstance(total, dict) and set(total) == {"parts", "total"}
        and is_list_of(total["parts"], is_slot_key) and len(total["parts"]) >= 2 and is_slot_key(total["total"]),
    }


def rule_problem(rule, slot_on, enums, f):
    if not isinstance(rule, dict) or set(rule) - RULE_FIELDS or not isinstance(rule.get("id"), str) or not RULE_ID.match(rule["id"]) or text_problem(rule.get("desc")):
        f.shape.add("PROFILE_SCHEMA")
        return
    # profiles/README.md: a rule "then requires" by require, tail, shape or sum; naming none, it
    # checks nothing, and an empty require or shape names nothing to check (README note 187).
    if not CHECKLESS_RULE and not any(field in rule for field in ("require", "tail", "shape", "sum")):
        f.shape.add("PROFILE_SCHEMA")
        return
    forms = rule_field_forms()
    misread = [field for field in forms if field in rule and not forms[field](rule[field])]
    if misread and RULE_TYPES:
        f.shape.add("PROFILE_SCHEMA")
        return
    for field in misread:
        del rule[field]  # the planted reading: the validator then reads the file without the field
    when = rule.get("when", {})
    total = rule.get("sum")
    for field, names in (("on", rule.get("on", [])), ("item_ns", when.get("item_ns", [])), ("has", when.get("has", [])),
                         ("require", rule.get("require", [])), ("parts", total["parts"] if total else [])):
        if len(set(names)) != len(names) and (RULE_DUPLICATES or field in ("item_ns", "has")):
            f.rules.add("PROFILE_SCHEMA")
    # A sum's total is not one of its parts: parts + total = total holds only when the rest are zero (README note 191).
    if total and TOTAL_PART and total["total"] in total["parts"]:
        f.rules.add("PROFILE_SCHEMA")
    on = rule.get("on", list(validator.TYPES))
    has = when.get("has", [])
    named = has + rule.get("require", []) + list(rule.get("shape", {})) + ((total["parts"] + [total["total"]]) if total else [])
    if any(s not in slot_on and s not in ENVELOPE and s not in validator.CORE_SLOTS for s in named):
        f.rules.add("PROFILE_REFERENCE")  # a slot the profile never defines
    applies = [t for t in on if all(taken(t, s, slot_on) for s in has)]
    if not applies:
        f.rules.add("PROFILE_REFERENCE")
    for slot in rule.get("require", []):
        if not all(taken(t, slot, slot_on) for t in applies):
            f.rules.add("PROFILE_REFERENCE")
    if total:
        for s in total["parts"] + [total["total"]]:
            if s not in slot_on or slot_on[s][1] != "money":
                f.rules.add("PROFILE_REFERENCE")
    for template in rule.get("shape", {}).values():
        shape_problem(template, enums, f)


# Section 5.2's alias table: a profile may add groups, never respell one of these.
CORE_ALIASES = {"uk", "en-gb", "british", "md", "markdown", "we", "first-person-plural"}


def aliases(groups, f):
    """Groups of two spellings or more, each `[a-z0-9-]+` (the core's reading: criteria are compared
    lowercased), a spelling in one group, once, none of the core's."""
    if not isinstance(groups, list):
        f.shape.add("PROFILE_SCHEMA")
        return
    seen = set()
    for group in groups:
        if not isinstance(group, list) or len(group) < 2 or not all(isinstance(w, str) and re.fullmatch(r"[a-z0-9-]+", w) for w in group):
            f.shape.add("PROFILE_SCHEMA")
            continue
        for spelling in group:
            if spelling in CORE_ALIASES:
                f.rules.add("PROFILE_REDEFINES_CORE")
            elif spelling in seen:
                f.rules.add("PROFILE_SCHEMA")
            seen.add(spelling)
