"""Seeded custom profiles, and lines read under each, for the differential check of profiles.

Each profile is drawn at random within profiles/README.md's file format (enums, asks, why, slots of
every section 7 type with `on` and `required`, agents, `ans`, `asks_used`, `exec`, ckeys, aliases,
translation rules with `require`, `tail`, `shape`, `sum` and `when`); one in four is then broken
once in a way the format refuses (a core code redefined, removed or spelt in another case, an `ans`
code that reads as an answer kept outside `ans`, a core slot, an unknown field, a bad type or range,
a blank or long text, a case twin, a name listed twice, a reference to nothing); of the valid
ones, one in about twelve, drawn on a random stream of its own, has a core slot or `item` redefined
and a rule requiring it (README note 178); on streams of their own, one broken file in about three
is given an `x_` slot key too (sometimes a rule requiring it, sometimes a type expression of the
wrong form: the stages of profiles/README.md), and one valid file in about seven a list slot under
a shape rule, its lines given elements on and off the list's type (and, on a stream of its own, one
such line in about three an empty element: `a++b`, `+a`, `a+`, `lst=`); on a stream of its own too,
one file in about seventeen, valid or broken, is given a key no object may hold (`constructor`,
`prototype`, `__proto__`, anywhere, sometimes beside a removal) or `constructor`/`prototype` as a
slot key a slot, rule or `exec` names (profiles/README.md's first and format stages); and, each on
a stream of its own, one valid file with rules in about twenty-five given an empty `when.has` or
`when.item_ns` (README note 179), one in about seventeen a rule naming nothing to check or an empty
`require` or `shape` (README note 187); and last, on a stream of its own, one valid file in about five
a field of the wrong JSON type or form (a translation rule's `require`, `tail`, `shape`, `sum`,
`when`, `on` or `id`, three in four when it has rules; else an enum's codes, `asks` or `why` given
as a list, an execution slot as a lone name, a slot without `on` or `type` or with a type that is
no string), and, on another, one in about seventeen a code spelt as a label (`IN PROGRESS`,
`N/A`, `REVIEW `) in an enum, `asks`, `asks_used` or `exec`; and on a last stream, one in about
five a field no draw above gives malformed (an `exec` ask in another case or defined nowhere, a
slot's `desc`, `agents`, `title`, `version`, `desc` or another top-level field of the wrong JSON type
or null, a sum whose total is one of its parts: README note 191). Each case is
{"profile", "line", "reader"}: the line is a valid one for a type under the profile, mutated by
generate.py's mutations and by profile ones (a profile slot given another type's value, a required
slot dropped, `p=` left out or naming another profile); reader is the profile's name when the
reader was given the file (`rw validate --profile FILE`), else null. Same count and seed, same cases.

    python3 generate_profiles.py COUNT SEED > cases.jsonl
"""
import json
import random
import sys

import generate

TYPES = ["HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX"]
CORE_ASKS = ["REVIEW", "DRAFT", "DECIDE", "RESEARCH", "BUILD", "FIX", "SUMM", "PLAN", "TEST", "EXTRACT", "UNDO"]
SLOT_KEYS = ["lvl", "qa", "cnt", "tags", "who", "mid", "flag", "dur", "gross", "net2", "tax2", "when2", "at2", "ratio", "team", "zone"]
SIMPLE_TYPES = ["token", "ref", "date", "time", "days", "bool", "money", "num", "msgid", "agent"]
CODE_POOL = ["RED", "GREEN", "AMBER", "Blue", "X1", "LOW", "HIGH", "MID", "A-B", "TOP_2"]
ANS_POOL = ["GO", "WAIT", "STOP", "RETRY2", "ESCALATE", "Defer"]
PROFILE_ASKS = ["SHIP", "AUDIT", "FILE", "ARCHIVE", "MERGE"]
PROFILE_WHY = ["LEGAL", "QUOTA", "EMBARGO"]
MEANINGS = ["a meaning", "what it says", "é accented", "emoji \U0001F600 here", "tab\tinside", "x" * 300]


def slot_type(rng, enums):
    roll = rng.random()
    if roll < 0.2 and enums:
        return "enum:" + rng.choice(sorted(enums))
    if roll < 0.3:
        lo = rng.choice([-40, -20, 0, 1, 5])
        return f"int:{lo}-{lo + rng.choice([0, 5, 60, 100])}"
    if roll < 0.4:
        inner = rng.choice(["token", "ref", "agent", "date", "money"] + (["enum:" + sorted(enums)[0]] if enums else []))
        return "list:" + inner
    return rng.choice(SIMPLE_TYPES)


def valid_profile(rng, n):
    name = rng.choice(["cp", "team", "ops_x", "lab-"]) + str(n)
    profile = {"profile": name, "version": rng.choice(["0.1", "1", "2026.10"]), "extends": "RW1"}
    if rng.random() < 0.5:
        profile["title"] = rng.choice(MEANINGS)
    if rng.random() < 0.3:
        profile["desc"] = rng.choice(["long " * 300, "a domain"])
    enums = {}
    for enum in rng.sample(["stage", "sev", "colour"], rng.randrange(0, 3)):
        enums[enum] = {c: rng.choice(MEANINGS) for c in rng.sample(CODE_POOL, rng.randrange(1, 4))}
    if rng.random() < 0.4:
        enums["ans"] = {c: rng.choice(MEANINGS) for c in rng.sample(ANS_POOL, rng.randrange(1, 4))}
    if rng.random() < 0.2:
        enums["conf"] = {"X": "extra confidence"}
    if enums:
        profile["enums"] = enums
    asks = rng.sample(PROFILE_ASKS, rng.randrange(0, 3))
    if asks:
        profile["asks"] = {a: rng.choice(MEANINGS) for a in asks}
    if rng.random() < 0.4:
        profile["why"] = {w: rng.choice(MEANINGS) for w in rng.sample(PROFILE_WHY, rng.randrange(1, 3))}
    own = {k for k in enums if k != "conf"}
    slots = []
    for key in rng.sample(SLOT_KEYS, rng.randrange(1, 5)):
        on = sorted(rng.sample(TYPES, rng.randrange(1, 5)), key=TYPES.index)
        slot = {"key": key, "type": slot_type(rng, own), "on": on}
        if rng.random() < 0.3:
            slot["required"] = rng.random() < 0.7
        if rng.random() < 0.3:
            slot["desc"] = rng.choice(MEANINGS)
        slots.append(slot)
    profile["slots"] = slots
    if rng.random() < 0.4:
        profile["agents"] = rng.sample(["writer", "research", "ops", "a", "b", "TRI"], rng.randrange(1, 4))
    exec_slots = [s["key"] for s in slots if "RB" in s["on"] and "DN" in s["on"]]
    if asks and exec_slots and rng.random() < 0.6:
        profile["exec"] = {asks[0]: rng.sample(exec_slots, rng.randrange(1, len(exec_slots) + 1))}
    if rng.random() < 0.5:
        used = rng.sample(CORE_ASKS[:-1], rng.randrange(1, 4))
        profile["asks_used"] = used + (["UNDO"] if "exec" in profile or rng.random() < 0.3 else [])
    if rng.random() < 0.3:
        profile["ckeys"] = {rng.choice(["sev", "region", "pages2"]): {"desc": "a constraint key", "set": rng.random() < 0.5}}
    if rng.random() < 0.2:
        profile["aliases"] = [["gbp", "sterling"]]
    rules = []
    for i in range(rng.randrange(0, 3)):
        rules.append(rule(rng, i, slots))
    if rules:
        profile["translation"] = rules
    return profile


def rule(rng, i, slots):
    r = {"id": f"r{i}", "desc": rng.choice(["a rule", "net and tax make the gross"])}
    kind = rng.randrange(6)
    slot = rng.choice(slots)
    if kind == 4:  # a shape on a profile slot of any type, with when.has
        r["on"] = slot["on"][:2]
        r["shape"] = {slot["key"]: rng.choice(["{id}", "{n}", "{id}:{n}", "Y", "2", "-{n}", "{n}.00", "{enum:conf}", "x-{id}", "{n}/{n}"])}
        if rng.random() < 0.5:
            r["when"] = {"has": [slot["key"]]}
        return r
    if kind == 5:  # required with when.has and item_ns, no on: every type that takes the slots
        r["when"] = {"has": [slot["key"]], "item_ns": rng.sample(["doc", "inv", "x", "DOC"], 2)}
        r["require"] = ["item"]
        if rng.random() < 0.5:
            r["tail"] = "required"
        return r
    if kind == 0:  # require a profile slot on the types that take it
        r["on"] = slot["on"][:1]
        r["require"] = [slot["key"]]
    elif kind == 1:
        r["on"] = rng.sample(["ST", "DN", "HO"], rng.randrange(1, 3))
        r["tail"] = "required"
    elif kind == 2:
        r["on"] = ["ST"]
        r["shape"] = {"item": rng.choice(["{id}:{n}", "doc:{id}", "{id}:{id}#l{n}"])}
        if rng.random() < 0.5:
            r["when"] = {"item_ns": rng.sample(["doc", "inv", "DOC"], rng.randrange(1, 3))}
    else:
        money = [s for s in slots if s["type"] == "money"]
        if len(money) >= 2:
            common = [t for t in money[0]["on"] if all(t in s["on"] for s in money)]
            if common:
                r["on"] = common[:1]
                r["sum"] = {"parts": [s["key"] for s in money[1:]], "total": money[0]["key"]}
                return r
        r["tail"] = "required"
    return r


def break_profile(rng, profile):
    """One change the file format refuses."""
    p = json.loads(json.dumps(profile))
    kind = rng.randrange(44)
    slots = p["slots"]
    if kind == 0:
        p.setdefault("asks", {})[rng.choice(["DRAFT", "draft", "Undo"])] = "again"
    elif kind == 1:
        p.setdefault("why", {})[rng.choice(["UNK", "unk", "Ver"])] = "again"
    elif kind == 2:
        p.setdefault("enums", {})["conf"] = {rng.choice(["h", "m", "H"]): "again"}
    elif kind == 3:
        p.setdefault("enums", {})["rb"] = {"deep": "more"}
    elif kind == 4:
        slots[0]["key"] = rng.choice(["due", "item", "tail", "id", "slots", "v", "type", "acc"])
    elif kind == 5:
        p.setdefault("asks", {})["DRAFT"] = None
    elif kind == 6:
        p[rng.choice(["remove", "drop"])] = ["DRAFT"]
    elif kind == 7:
        p.setdefault("enums", {})[rng.choice(["conf", "why", "ask"])] = rng.choice([None, False])
    elif kind == 8:
        p[rng.choice(["transaltion", "Slots", "x"])] = []
    elif kind == 9:
        slots[0]["type"] = rng.choice(["int:5-1", "value", "hex12", "string", "list:", "int:1", "enum:", "constraint", "list:list:token"])
    elif kind == 10:
        p["asks"] = {"BLANKED": rng.choice(["", "   ", "\t", "\u200b\x01"])}
    elif kind == 11:
        p["asks"] = {"LONGER": "y" * 301}
    elif kind == 12:
        p.setdefault("enums", {})["twin"] = {"GO": "go", "go": "also go"}
    elif kind == 13:
        p.setdefault("enums", {})["ans"] = {rng.choice(["Y", "n", "tail", "TAIL", "1", "1.5", "20261002"]): "answer"}
    elif kind == 14:
        slots[0]["type"] = "enum:nowhere"
    elif kind == 15:
        p["exec"] = {rng.choice(["NOSUCH", "DRAFT"]): [slots[0]["key"]]}
        for s in slots:
            s["on"] = sorted(set(s["on"]) | {"RB", "DN"}, key=TYPES.index)
        p["asks_used"] = ["REVIEW", "UNDO"]
    elif kind == 16:
        slots[0]["on"] = ["HO", "ST"]
        p.setdefault("asks", {})["SHIP"] = "ship"
        p["exec"] = {"SHIP": [slots[0]["key"]]}
        p.pop("asks_used", None)
    elif kind == 17:
        p["agents"] = ["a", "b", "a"]
    elif kind == 18:
        p[rng.choice(["extends", "profile", "version"])] = rng.choice(["RW2", "Bad", "", 1, "pay x"])
    elif kind == 19:
        p["translation"] = [{"id": "r9", "desc": "req", "on": ["AN"], "require": ["due"]}]
    elif kind == 20:
        p["ckeys"] = {rng.choice(["len", "must", "LEN"]): {"desc": "again"}}
    elif kind == 21:
        p["asks"] = {"LONE": "half \ud800 a character"}
    elif kind == 22:  # placeholders not set apart, or an enum the profile never defines
        p["translation"] = [{"id": "r8", "desc": "shape", "on": ["ST"], "shape": {"item": rng.choice(["{id}{n}", "{n}{id}", "{enum:nowhere}:{id}", "{id}:{enum:conf}", "{x}", "doc:{id}", "{id}.{n}", "{id}x", "doc:{n}0", "{n}-{id}", "{n}a", "{enum:conf}{n}", "{id", "a}b", "{{id}}", ""])}}]
    elif kind == 23:
        p["asks_used"] = rng.choice([["SHIP"], ["REVIEW", "REVIEW"], ["review"], [], "REVIEW"])
    elif kind == 24:
        p.setdefault("enums", {})["ans"] = {"GO": "go", rng.choice(["go", "Go", "GO2"]): "again"}
    elif kind == 25:
        p.setdefault("asks", {})["SHIP"] = "ship"
        p.setdefault("enums", {})["ask"] = {rng.choice(["ship", "SHIP", "Ship", "SAIL"]): "twin"}
    elif kind == 26:
        slots[0]["on"] = rng.choice([["XX"], [], ["HO", "HO"], "HO", ["ho"]])
    elif kind == 27:
        slots[0][rng.choice(["required", "desc", "extra"])] = rng.choice(["yes", 1, None, "", "ok"])
    elif kind == 28:
        slots[0]["type"] = rng.choice(["int:-20--5", "int:01-5", "int:0-9007199254740991", "int:1-1", "int:-0-0", "list:enum:conf", "enum:ask", "list:int:1-3"])
    elif kind == 29:
        p.setdefault("enums", {})[rng.choice(["Stage", "st-age", "ok", "a"])] = {"X": "x"}
    elif kind == 30:
        p["translation"] = [{"id": "r7", "desc": "d", "on": ["ST"], "when": {"has": [rng.choice(["due", "pct", "item", slots[0]["key"]])]}, "require": ["pct"]}]
    elif kind == 31:
        p["translation"] = [{"id": "r6", "desc": "d", "require": [rng.choice(["item", "from", "re", "due"])]}]
    elif kind == 32:
        p["exec"] = {"SHIP": [rng.choice(["re", "from", "to", "item"])]}
        p.setdefault("asks", {})["SHIP"] = "ship"
    elif kind == 33:
        p["translation"] = [{"id": "r5", "desc": "d", "sum": {"parts": ["a1", "a2"], "total": slots[0]["key"]}}]
    elif kind == 34:
        p["asks"] = {"NUMBERED": rng.choice([1, True, ["x"], {"a": "b"}])}
    elif kind == 35:
        p[rng.choice(["slots", "enums", "exec", "asks", "agents"])] = rng.choice([{}, [], "x", 3])
    elif kind == 36:
        p["agents"] = [rng.choice(["a b", "", "a/b", 7, "ok.name"])]
    elif kind == 37:
        p["translation"] = [{"id": "r4", "desc": "d", "tail": rng.choice(["optional", True, "required"])}]
    elif kind == 38:
        p["translation"] = [{"id": "r3", "desc": "d", "when": {"item_ns": rng.choice([[], ["doc", "doc"], ["doc"], "doc"])}, "tail": "required"}]
    elif kind == 39:
        p["translation"] = [{"id": "r2", "desc": "d", "tail": "required"}, {"id": rng.choice(["r2", "r1"]), "desc": "e", "tail": "required"}]
    elif kind == 40:
        p["aliases"] = rng.choice([[["uk", "gb"]], [["md", "mdown"]], [["a", "b"], ["b", "c"]], [["a", "a"]], [["x"]], [[]], [["We", "us"]]])
    elif kind == 41:
        p["exec"] = {"SHIP": []}
        p.setdefault("asks", {})["SHIP"] = "ship"
    elif kind == 42:
        p["ckeys"] = {"sev": rng.choice([{}, {"desc": ""}, {"desc": "d", "set": "yes"}, {"desc": "d", "extra": 1}, None])}
    else:
        p["slots"] = slots + [{"key": "x_extra", "type": "token", "on": ["HO"]}]
    return p


def value_of(rng, typ, profile):
    if typ.startswith("list:"):
        return "+".join(value_of(rng, typ[5:], profile) for _ in range(rng.randrange(1, 3)))
    if typ.startswith("enum:"):
        name = typ[5:]
        codes = list(profile.get("enums", {}).get(name, {}))
        return rng.choice(codes) if codes else "X"
    if typ.startswith("int:"):
        lo, hi = typ[4:].split("-", 1) if not typ[4:].startswith("-") else ("-" + typ[5:].split("-", 1)[0], typ[5:].split("-", 1)[1])
        return str(rng.randrange(int(lo), int(hi) + 1))
    return {"token": "abc", "ref": "doc:n1", "date": "20261002", "time": "20261002T1405Z", "days": "3",
            "bool": "Y", "money": "10.00", "num": "12.5", "msgid": "writer-3", "agent": "writer"}.get(typ, "abc")


BASE = {
    "HO": "from=ops to=writer item=doc:n1 ask=DRAFT", "RB": "re=writer-1 from=ops to=writer item=doc:n1 ask=DRAFT",
    "AQ": "from=ops to=writer need=TEXT", "AN": "re=writer-1 from=ops to=writer val=Y", "ST": "from=ops to=writer item=doc:n1",
    "DN": "re=writer-1 from=ops to=writer item=doc:n1 out=OK", "UN": "re=writer-1 from=ops to=writer why=BUSY",
    "FL": "re=writer-1 from=ops to=writer item=doc:n1 why=ERR", "CX": "re=writer-1 from=ops to=writer item=doc:n1",
}


def line_under(rng, profile):
    mtype = rng.choice(TYPES)
    tokens = ["RW1", mtype, f"ops-{rng.randrange(1, 9)}", "p=" + str(profile.get("profile"))] + BASE[mtype].split(" ")
    slots = [s for s in profile.get("slots", []) if isinstance(s, dict) and mtype in s.get("on", [])]
    for s in slots:
        if s.get("required") or rng.random() < 0.6:
            tokens = generate.set_slot(tokens, s["key"], value_of(rng, str(s["type"]), profile))
    asks = list(profile.get("asks", {}) or {})
    if mtype in ("HO", "RB") and asks and rng.random() < 0.5:
        tokens = generate.set_slot(tokens, "ask", rng.choice(asks))
    if mtype == "AN" and rng.random() < 0.5:
        tokens = generate.set_slot(tokens, "val", rng.choice(list(profile.get("enums", {}).get("ans", {})) + ["GO", "go", "Y"]))
    if mtype == "AQ" and rng.random() < 0.4:
        tokens = generate.set_slot(tokens, "need", "ENUM")
        tokens = generate.set_slot(tokens, "opts", "+".join(list(profile.get("enums", {}).get("ans", {}))[:2] or ["a", "b"]))
    tail = rng.choice([None, None, "x", "a quote", " "])
    return tokens, tail


def mutate_under(rng, tokens, tail, profile):
    kind = rng.randrange(10)
    slots = [s for s in profile.get("slots", []) if isinstance(s, dict)]
    if kind == 8:  # money slots summed, or not
        for s in slots:
            if s["type"] == "money":
                tokens = generate.set_slot(tokens, s["key"], rng.choice(["10.00", "5.00", "-5.00", "15.00", "0.00", "20.00"]))
        return tokens, tail
    if kind == 9 and slots:  # an int range at and past its bounds
        s = rng.choice(slots)
        typ = str(s["type"])
        if typ.startswith("int:"):
            lo, hi = (typ[4:].split("-", 1) if not typ[4:].startswith("-") else ("-" + typ[5:].split("-", 1)[0], typ[5:].split("-", 1)[1]))
            n = rng.choice([int(lo), int(hi), int(lo) - 1, int(hi) + 1, 0])
            tokens = generate.set_slot(tokens, s["key"], rng.choice([str(n), "0" + str(n) if n >= 0 else str(n), "-0"]))
        return tokens, tail
    if kind == 0 and slots:  # a profile slot given a value of another type
        s = rng.choice(slots)
        pool = rng.choice([generate.INTS, generate.DATES, generate.MONEY, generate.NUMS, generate.REFS, generate.LISTS, generate.ENUMS, generate.TIMES])
        tokens = generate.set_slot(tokens, s["key"], rng.choice(pool))
    elif kind == 1 and slots:  # a required slot dropped
        tokens = generate.drop_slot(tokens, rng.choice(slots)["key"])
    elif kind == 2:  # p= left out, or naming another profile
        choice = rng.choice([None, "pay", "nosuch", str(profile.get("profile", "")).upper()])
        tokens = generate.drop_slot(tokens, "p") if choice is None else generate.set_slot(tokens, "p", choice)
    elif kind == 3:  # a code of the profile's enums, in its case or another
        codes = [c for e in profile.get("enums", {}).values() if isinstance(e, dict) for c in e]
        codes += list(profile.get("asks", {}) or {}) + list(profile.get("why", {}) or {})
        key = rng.choice(["ask", "why", "conf", "out", "next", "val"] + [s["key"] for s in slots])
        if codes:
            code = rng.choice(codes)
            tokens = generate.set_slot(tokens, key, rng.choice([code, code.lower(), code.upper()]))
    elif kind == 4:  # the item namespace a rule reads
        tokens = generate.set_slot(tokens, "item", rng.choice(["doc:n1", "DOC:n1", "inv:7", "x:1", "doc:a#l1", "a:b:c", "doc:"]))
    elif kind == 5:
        tail = rng.choice([None, "", " ", "\u200b", "quote"])
    else:
        return generate.split(generate.mutate(rng, generate.join(tokens, tail)))
    return tokens, tail


def redefined_and_required(rng, profile):
    """A core slot or item redefined on some types (refused) and a rule requiring it (README note
    178): the rule is judged by the core's slot, never by the refused redefinition's `on`."""
    import validator  # the core's slot table, as written in the checker's module
    p = json.loads(json.dumps(profile))
    if not isinstance(p.get("slots"), list) or not isinstance(p.get("translation", []), list):
        return p  # a file already broken there
    key = rng.choice(["item", "item", "due", "pri", "keep", "art", "val", "need"])
    core_on = [t for t in TYPES if key in validator.CORE.on[t]]
    p["slots"].append({"key": key, "type": rng.choice(SIMPLE_TYPES), "on": rng.sample(TYPES, rng.randrange(1, 4))})
    # Mostly types the core's slot is on (no reference fails), sometimes one it is not on.
    on = rng.sample(core_on, rng.randrange(1, len(core_on) + 1))
    others = [t for t in TYPES if t not in on]
    if others and rng.random() < 0.3:
        on.append(rng.choice(others))
    p.setdefault("translation", []).append({"id": "redef", "desc": "a rule requiring a redefined slot", "on": on, "require": [key]})
    return p


def x_key_beside(rng, profile):
    """A broken file given an `x_` slot key too, sometimes with a rule requiring it, sometimes with a
    type expression of the wrong form: the key and the type are rules, which stop nothing else, and
    the slot refused for its key defines nothing (profiles/README.md), so the file's other faults
    are still reported."""
    p = json.loads(json.dumps(profile))
    if not isinstance(p.get("slots"), list):
        return p  # a file already broken there
    p["slots"].insert(rng.randrange(len(p["slots"]) + 1), {"key": "x_more", "type": rng.choice(SIMPLE_TYPES), "on": rng.sample(TYPES, rng.randrange(1, 4))})
    if isinstance(p.get("translation", []), list) and rng.random() < 0.3:
        p.setdefault("translation", []).append({"id": "xreq", "desc": "a rule requiring an x_ key", "on": ["HO"], "require": ["x_more"]})
    if rng.random() < 0.3:  # and a type expression of the wrong form, also read with the rules
        p["slots"].append({"key": "bad_type", "type": rng.choice(["int:5-1", "string", "list:list:token", "enum:Bad", "int:1"]), "on": ["HO"]})
    return p


LIST_ELEMENTS = ["a", "b2", "7", "2", "0", "x:1", "20261002", "10.00", "1.5", "writer", "HIGH", "H", "Y", "-3"]


def list_shaped(rng, profile):
    """A list slot under a translation rule's shape, on every type: a shape tests each element, even
    elements off the slot's type (`a+b` of a list:date under `{id}` passes the shape as `a` and `b`)."""
    p = json.loads(json.dumps(profile))
    own = sorted(k for k in p.get("enums", {}) if k not in ("conf", "ans"))
    inner = rng.choice(["date", "money", "int:1-3", "agent", "ref", "enum:" + (own[0] if own else "conf")])
    p["slots"].append({"key": "lst", "type": "list:" + inner, "on": list(TYPES)})
    template = rng.choice(["{id}", "{id}", "{id}", "{n}", "{id}:{n}"])
    p.setdefault("translation", []).append({"id": "lshape", "desc": "each element's shape", "shape": {"lst": template}})
    return p


def list_value(rng):
    """One to three elements, any of them off the list's type, mostly matching the shape's {id}."""
    return "+".join(rng.choice(LIST_ELEMENTS) for _ in range(rng.choice([1, 2, 2, 3])))


RESERVED = ["constructor", "prototype", "__proto__"]


def reserved_key(rng, profile):
    """A key no object of the file may hold (`__proto__`, `prototype`, `constructor`), anywhere in
    it, which profiles/README.md refuses before every other stage (PROFILE_SCHEMA alone), a removal
    beside it included; or `constructor` or `prototype` as a slot key's value (README note 6: keys
    are `[a-z][a-z0-9_]*` except these two), a fault of the format stage, as any key of the wrong form."""
    p = json.loads(json.dumps(profile))
    word = rng.choice(RESERVED)
    slots = p.get("slots") if isinstance(p.get("slots"), list) else None
    rules = p.get("translation") if isinstance(p.get("translation", []), list) else None
    kind = rng.randrange(12)
    if kind == 0:
        p[word] = rng.choice([{}, "x", ["DRAFT"]])
    elif kind == 1 and isinstance(p.get("enums", {}), dict):
        p.setdefault("enums", {})[rng.choice(["stage", "extra", word])] = {word if rng.random() < 0.7 else "X": "a code"}
    elif kind == 2 and isinstance(p.get("asks", {}), dict):
        p.setdefault("asks", {})[word] = "an ask"
    elif kind == 3 and isinstance(p.get("why", {}), dict):
        p.setdefault("why", {})[word] = "a reason"
    elif kind == 4:
        p["ckeys"] = {word: {"desc": "a constraint key"}}
    elif kind == 5 and slots and isinstance(slots[0], dict):
        slots[0][word] = rng.choice([True, "x", {}])
    elif kind == 6 and rules is not None:
        rules.append({"id": "rshape", "desc": "d", "on": ["ST"], "shape": {word: "{id}"}})
        p["translation"] = rules
    elif kind == 7:
        p["exec"] = {word: ["item"]}
    elif kind == 8 and slots is not None:  # the format stage: a slot key of the wrong form
        slots.append({"key": rng.choice(RESERVED[:2]), "type": "token", "on": ["HO"]})
    elif kind == 9 and rules is not None:  # a rule naming such a key
        named = rng.choice(RESERVED[:2])
        rules.append(rng.choice([{"id": "rreq", "desc": "d", "on": ["HO"], "require": [named]},
                                 {"id": "rhas", "desc": "d", "when": {"has": [named]}, "tail": "required"},
                                 {"id": "rsum", "desc": "d", "sum": {"parts": ["a1", named], "total": "a3"}}]))
        p["translation"] = rules
    elif kind == 10 and isinstance(p.get("asks", {}), dict):  # an execution slot so named
        p.setdefault("asks", {})["SHIP"] = "ship"
        p["exec"] = {"SHIP": [rng.choice(RESERVED[:2])]}
        p.pop("asks_used", None)
    else:  # a kind the file's own fault left no place for, or a top-level key of no value
        p[word] = None
    if rng.random() < 0.3:  # and a removal: the reserved key is refused first, alone
        p[rng.choice(["remove", "drop"])] = ["DRAFT"]
    return p


EMPTY_ELEMENTS = ["{0}++{1}", "+{0}", "{0}+", "+", "", "{0}+{1}+", "++"]


def with_empty_element(rng, value):
    """A list value holding an empty element (`a++b`, `+a`, a trailing `+`, the empty value): a
    shape is each element's, and an empty element has no template's shape."""
    elements = value.split("+") + LIST_ELEMENTS[:2]
    return rng.choice(EMPTY_ELEMENTS).format(elements[0] or "a", elements[1] or "b")


def with_empty_condition(rng, profile):
    """A copy whose one rule's `when.has` or `when.item_ns` is an empty list: each names at least
    one when given (README note 179), so the file is refused for the schema."""
    copy = json.loads(json.dumps(profile))
    rule = rng.choice(copy["translation"])
    rule["when"] = {**rule.get("when", {}), rng.choice(["has", "has", "item_ns"]): []}
    return copy


def with_empty_when(rng, profile):
    """A copy whose one rule's `when` names no condition, `{}` (README note 179: leave when out to
    match any message), beside the rule's checks, so the file is refused for the schema."""
    copy = json.loads(json.dumps(profile))
    rng.choice(copy["translation"])["when"] = {}
    return copy


def with_empty_checks(rng, profile):
    """A copy whose one rule names nothing to check: none of require, tail, shape and sum (two in
    four), or an empty require or shape, beside its other checks or alone (README note 187)."""
    copy = json.loads(json.dumps(profile))
    rule = rng.choice(copy["translation"])
    kind = rng.choice(["checkless", "checkless", "require", "shape"])
    if kind == "checkless":
        for field in ("require", "tail", "shape", "sum"):
            rule.pop(field, None)
    else:
        rule[kind] = [] if kind == "require" else {}
    return copy


def with_malformed_rule(rng, profile):
    """A copy whose one rule has a field of the wrong JSON type or form, as a profile author writes
    one (a lone name for a list, a list for an object, a name twice, a type in lower case), beside
    the rule's other checks: the format stage refuses it, PROFILE_SCHEMA (a name twice is a rule
    about a list's names, which the rules stage refuses beside every other finding)."""
    copy = json.loads(json.dumps(profile))
    rule = rng.choice(copy["translation"])
    keys = [s["key"] for s in copy["slots"]]
    key, other = rng.choice(keys), rng.choice(keys + ["item"])
    field = rng.choice(["require", "require", "require", "tail", "shape", "shape", "sum", "sum", "when", "when", "on", "on", "id"])
    if field == "require":
        rule["require"] = rng.choice([key, 1, {key: True}, [key, 3], [key, None], [key, key], [key.upper()], [other, key, other], [key + " "]])
    elif field == "tail":
        rule["tail"] = rng.choice(["optional", True, "Required", "yes", None])
    elif field == "shape":
        rule["shape"] = rng.choice(["{id}", [key], {key: 3}, {key: None}, {key: ["{id}"]}, {key: "{id}" + "-x" * 99}, {key: {"template": "{id}"}}])
    elif field == "sum":
        rule["sum"] = rng.choice([f"{key}+{other}", [key, other], {"parts": f"{key}+{other}", "total": key}, {"parts": [key, other]},
                                  {"parts": [key, other], "total": [key]}, {"parts": [key, other], "total": key, "of": "money"}, {"parts": [key, key], "total": other}])
    elif field == "when":
        rule["when"] = rng.choice([key, [key], {"has": key}, {"ns": ["doc"]}, {"item_ns": "doc"}, {"item_ns": ["doc:"]}, {"has": [key, key]}, {"item_ns": ["doc", "doc"]}])
    elif field == "on":
        rule["on"] = rng.choice(["ST", ["st"], ["ST", "ST"], ["ALL"], ["ST", "HO", "ST"], "*"])
    else:
        rule["id"] = rng.choice(["R1", "rule_1", "1r", 3, "r 1", "r.1"])
    return copy


def with_malformed_field(rng, profile):
    """A copy with one other field of the wrong JSON type, as a profile author writes one: an enum's
    codes, `asks` or `why` as a list of codes with no meanings, an execution slot as a lone name, a
    slot left without `on` or `type`, or its `type` a list (PROFILE_SCHEMA, the format stage)."""
    copy = json.loads(json.dumps(profile))
    kind = rng.randrange(6)
    slot = rng.choice(copy["slots"])
    if kind == 0:
        copy.setdefault("enums", {})[rng.choice(sorted(copy.get("enums", {})) or ["stage"])] = rng.sample(CODE_POOL, 2)
    elif kind == 1:
        copy["asks"] = rng.sample(PROFILE_ASKS, rng.randrange(1, 3))
    elif kind == 2:
        copy["why"] = {w: None for w in rng.sample(PROFILE_WHY, 1)} if rng.random() < 0.3 else rng.sample(PROFILE_WHY, 1)
    elif kind == 3:
        copy.setdefault("asks", {})["SHIP"] = "ship"
        copy["exec"] = {"SHIP": slot["key"]}
    elif kind == 4:
        del slot[rng.choice(["on", "type"])]
    else:
        slot["type"] = rng.choice([[slot["type"]], {"list": "token"}, 1])
    return copy


MISSPELT_CODES = ["IN PROGRESS", "In progress", "A+B", "Q&A", "N/A", "-LOW", "REVIEW ", " HIGH", "café", "_DRAFT"]


def with_misspelt_code(rng, profile):
    """A copy with one code spelt as a label, not as a line can carry it (a space, `+`, `&`, `/`,
    a leading `-` or `_`, a letter off ASCII): in an enum, `asks`, `asks_used` or as an `exec` ask."""
    copy = json.loads(json.dumps(profile))
    code = rng.choice(MISSPELT_CODES)
    where = rng.randrange(4)
    if where == 0:
        copy.setdefault("enums", {}).setdefault(rng.choice(sorted(copy.get("enums", {})) or ["stage"]), {})[code] = "a meaning"
    elif where == 1:
        copy.setdefault("asks", {})[code] = "an ask"
    elif where == 2:
        copy["asks_used"] = copy.get("asks_used", ["REVIEW"]) + [code]
    else:
        copy.setdefault("asks", {})[code] = "an ask"
        copy["exec"] = {code: ["item"]}
    return copy


def with_undrawn_field(rng, profile):
    """A copy with one field no draw above gives malformed: an `exec` ask in another case than the
    ask's (`ship` for `SHIP`, `review` for the core's `REVIEW`) or one defined nowhere, a slot's
    `desc`, `agents`, the `title`, `version` or `desc` of the wrong JSON type, another top-level
    field of the wrong JSON type or null, or a sum whose total is one of its parts (README note 191)."""
    copy = json.loads(json.dumps(profile))
    kind = rng.randrange(9)
    if kind < 2:
        asks = sorted(copy.get("asks", {}))
        if kind == 0:
            ask = rng.choice(asks + ["REVIEW", "UNDO"])
            ask = rng.choice([ask.lower(), ask.capitalize()])
        else:
            ask = rng.choice([a for a in PROFILE_ASKS if a not in asks])
        copy["exec"] = {ask: ["item"]}
        if "asks_used" in copy and "UNDO" not in copy["asks_used"]:
            copy["asks_used"] = copy["asks_used"] + ["UNDO"]
    elif kind == 2:
        rng.choice(copy["slots"])["desc"] = rng.choice([3, 1.5, True, None, ["a desc"], {"en": "a desc"}])
    elif kind == 3:
        copy["agents"] = rng.choice(["writer", "writer+ops", {"writer": "w"}, 1, None, True])
    elif kind == 4:
        copy["title"] = rng.choice([1, True, None, ["A title"], {"en": "A title"}])
    elif kind == 5:
        copy["version"] = rng.choice([1, 0.1, None, ["1"], True, {"v": "1"}])
    elif kind == 6:
        copy["desc"] = rng.choice([5, None, ["a domain"], {}, False])
    elif kind == 7:
        field = rng.choice(["translation", "aliases", "asks_used", "slots", "ckeys", "asks", "why", "enums", "exec"])
        wrong = {} if field in ("translation", "aliases", "asks_used", "slots") else []
        copy[field] = rng.choice([None, wrong, "x", 3, True])
    else:
        parts = ["tot1", "tot2"]
        copy["slots"] = copy["slots"] + [{"key": key, "type": "money", "on": ["ST"]} for key in parts]
        rng.shuffle(parts)
        copy.setdefault("translation", []).append({"id": "rtot", "desc": "a total among its parts", "sum": {"parts": parts, "total": rng.choice(parts)}})
    return copy


def cases(count, seed):
    rng = random.Random(seed)
    # Its own stream, so every case it leaves alone is drawn as before it was added.
    redefinitions = random.Random(f"redefinitions {seed}")
    x_keys = random.Random(f"x keys {seed}")
    list_shapes = random.Random(f"list shapes {seed}")
    reserved = random.Random(f"reserved keys {seed}")
    empty_elements = random.Random(f"empty list elements {seed}")
    empty_conditions = random.Random(f"empty conditions {seed}")
    empty_checks = random.Random(f"empty checks {seed}")
    empty_when = random.Random(f"empty when {seed}")
    malformed = random.Random(f"malformed fields {seed}")
    misspelt = random.Random(f"misspelt codes {seed}")
    undrawn = random.Random(f"undrawn fields {seed}")
    generate.load()
    n = 0
    while n < count:
        good = valid_profile(rng, n)
        profile = break_profile(rng, good) if rng.random() < 0.25 else good
        # A valid file only: one broken already is read in stages, and two faults test the staging.
        if redefinitions.random() < 0.08 and profile is good:
            profile = redefined_and_required(redefinitions, profile)
        # Two faults, an x_ key and another, test the stages: each draw on a stream of its own.
        if x_keys.random() < 0.3 and profile is not good:
            profile = x_key_beside(x_keys, profile)
        listed = list_shapes.random() < 0.15 and profile is good
        if listed:
            profile = list_shaped(list_shapes, profile)
        # A valid file's rule given an empty condition list (README note 179), alone, so that it
        # is the file's one fault.
        if empty_conditions.random() < 0.04 and profile is good and profile.get("translation"):
            profile = with_empty_condition(empty_conditions, profile)
        # Another valid file's rule left naming nothing to check (README note 187), its one fault.
        if empty_checks.random() < 0.06 and profile is good and profile.get("translation"):
            profile = with_empty_checks(empty_checks, profile)
        # And another's rule given a when naming no condition (README note 179), its one fault.
        if empty_when.random() < 0.04 and profile is good and profile.get("translation"):
            profile = with_empty_when(empty_when, profile)
        # Any file, valid or broken: a reserved key is refused before every other stage.
        if reserved.random() < 0.06:
            profile = reserved_key(reserved, profile)
        # Last, so the streams above draw as before: a valid file's one field of the wrong JSON type or
        # form, a translation rule's (three in four, when it has rules) or another's.
        if malformed.random() < 0.2 and profile is good:
            rules = bool(profile.get("translation")) and malformed.random() < 0.75
            profile = with_malformed_rule(malformed, profile) if rules else with_malformed_field(malformed, profile)
        # And after it, another valid file's one code spelt as no line can carry it.
        if misspelt.random() < 0.06 and profile is good:
            profile = with_misspelt_code(misspelt, profile)
        # And last, another valid file's one field no draw above gives malformed.
        if undrawn.random() < 0.2 and profile is good:
            profile = with_undrawn_field(undrawn, profile)
        for _ in range(min(count - n, rng.randrange(5, 25))):
            tokens, tail = line_under(rng, good)
            for _ in range(rng.choice([0, 1, 1, 2])):
                tokens, tail = mutate_under(rng, tokens, tail, good)
            if listed and list_shapes.random() < 0.8:
                value = list_value(list_shapes)
                if empty_elements.random() < 0.3:
                    value = with_empty_element(empty_elements, value)
                tokens = generate.set_slot(tokens, "lst", value)
            reader = profile.get("profile") if rng.random() < 0.8 else None
            yield {"profile": profile, "line": generate.join(tokens, tail), "reader": reader if isinstance(reader, str) else None}
            n += 1


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for case in cases(count, seed):
        print(json.dumps(case, ensure_ascii=True))
