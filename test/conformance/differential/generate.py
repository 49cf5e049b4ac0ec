"""Seeded lines for the differential check: valid RW1 lines, mutated.

Seeds are the valid lines of test/conformance/lines.jsonl (every finding a note) and the exchanges
of spec section 8, plus one valid line per type under each shipped profile. Each generated case is
{"line", "reader"}, reader being the profile the reader chose (or null). Same seed, same lines.

    python3 generate.py COUNT SEED > cases.jsonl
"""
import json
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LINES = os.path.join(HERE, "..", "lines.jsonl")
CODES = os.path.join(HERE, "..", "..", "..", "core", "CODES.md")

EXTRA_SEEDS = [
    "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes",
    "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc",
    "RW1 AQ writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 need=ENUM opts=formal+plain+punchy // tone?",
    "RW1 AN research-02 re=writer-02 from=research to=writer val=plain",
    "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=sha256:9f3e1c // v1, 118 words",
    "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len+tone+must+no art=url:https://example.com/brief // hero copy for the landing page",
    "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md do=copy // landing hero",
    "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929",
    "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607 sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929",
    "RW1 AN scheduler-2 re=payer-1 p=pay from=scheduler to=payer val=Y // readback matches the approved run; proceed",
    "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 // as executed",
    "RW1 UN writer-04 re=research-01 from=writer to=research item=gh:crox/site#42 why=NOCTX alt=copywriter // no style guide on file",
    "RW1 AQ triage-09 from=triage to=human item=pensive:4664 need=ENUM opts=RETIRE+ACTIVATE+PARK by=20261005 // stale 15d",
    "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001",
    "RW1 HO ops-04 re=builder-05 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 // readback mismatch on ask",
    "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED // FD-0929 withdrawn",
    "RW1 AN payer-3 re=scheduler-2 p=pay from=payer to=scheduler val=Y // statement abandoned; nothing paid",
    "RW1 ST ext-1 p=pay from=ext to=sch item=inv:MD-1 src=email:7+po:PO-1044 amt=5400.00 cur=GBP kind=GROSS net=4500.00 vat=900.00",
    "RW1 ST ext-2 p=clin from=ext to=rev item=dx:hypertension act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:n1#l4 qty=140/90 unit=mmHg dt=20261002 // BP 140/90, hypertension",
    "RW1 HO tri-1 p=pform from=TRI to=STR item=pensive:4102 ask=SCORE4 stg=REV pri=1",
    "RW1 ST tri-2 p=pform from=TRI to=STR item=pensive:4102 stg=DEC pct=40 eta=20261010 blk=jira:X-1",
    "RW1 FL writer-05 re=research-01 from=writer to=research item=gh:crox/site#42 why=ERR retry=Y art=log:1",
    "RW1 UN writer-06 re=research-01 from=writer to=research why=UNK need=TEXT // unknown ask=POLISH",
    "RW1 HO ops-09 from=ops to=builder item=jira:OPS-77 ask=UNDO ctx=builder-08 exp=20261002T1405Z",
    "RW1 AN research-07 re=writer-06 from=research to=writer val=tail // the plain one",
    "RW1 AQ payer-4 p=pay from=payer to=scheduler need=ENUM opts=APPROVE+HOLD by=20261003",
    "RW1 DN writer-09 re=research-01 from=writer to=research item=gh:crox/site#42 out=NOOP next=REVIEW",
]

ERROR_CODES = set()


def load():
    notes = set()
    with open(CODES, encoding="utf-8") as f:
        for row in f:
            m = re.match(r"\| `([A-Z_]+)` \| (error|note) \|", row)
            if m and m.group(2) == "note":
                notes.add(m.group(1))
    seeds = list(EXTRA_SEEDS)
    with open(LINES, encoding="utf-8") as f:
        for row in f:
            case = json.loads(row)
            if all(finding.split(":")[0] in notes for finding in case["findings"]):
                seeds.append(case["line"])
    return seeds


INTS = ["0", "1", "2", "5", "6", "-1", "02", "+1", "1.0", "100", "101", "-0", "9007199254740991",
        "9007199254740992", "99999999999999999999", "", "1e2", "٣"]
DATES = ["20260230", "20261301", "20261000", "20240229", "20230229", "20261231", "2026101", "202610021",
         "00000101", "2026-10-02", "20260431", "19000229", "20000229", ""]
TIMES = ["20261002T1405Z", "20261002T2400Z", "20261002T2359Z", "20261002T1460Z", "20260230T1000Z",
         "20261002t1405z", "20261002T1405", "202610021405Z"]
MONEY = ["5400.00", "1.0", "1.000", "01.00", "-0.00", "-1.00", "0.00", ".50", "1,000.00", "-05.00",
         "4500.00", "900.00", "5400", "+1.00", "0.01", "99999999999999999999.99"]
LISTS = ["a++b", "+a", "a+", "+", "a", "a+b", "a+a", "++"]
ENUMS = ["DRAFT", "draft", "Draft", "PAY", "pay", "POLISH", "GBP", "gbp", "XYZ", "REVIEW", "UNDO", "OK",
         "ok", "ENUM", "enum", "M", "m", "UNK", "VER", "unk", "NOCTX", "APPROVE", "approve", "Y", "N",
         "y", "tail", "TAIL", "GROSS", "NET", "REV", "rev", "SCORE4", "DX", "dx", "CUR"]
KEYS = ["pri", "due", "ask", "conf", "keep", "art", "ctx", "rb", "acc", "exp", "keys", "h", "eta",
        "not", "asm", "do", "by", "opts", "need", "val", "pct", "blk", "out", "next", "why", "alt",
        "retry", "p", "item", "re", "from", "to", "sup", "amt", "cur", "kind", "acct", "paid", "ref",
        "apref", "prev", "addr", "eff", "src", "net", "vat", "stg", "act", "pol", "cert", "subj",
        "time", "qty", "unit", "dose", "freq", "dt", "code", "x_a", "zzz", "v", "type", "id", "slots",
        "tail", "Pri", "PRI", "1a", "_a", "a-b", "constructor", "prototype", "x_", "toString",
        "__proto__", "hasOwnProperty"]
RB = ["echo", "all", "acc+pri", "exec", "plan", "ECHO", "exp", "rb", "keys", "p", "h", "eta", "prev",
      "x_a", "item", "re", "from", "to", "due", "echo+due", "amt", "stg", "sup", "do", "acc", "src",
      "pri+pri", "zzz", "echo+", "constructor", "toString"]
ACC = ["len:120w", "len:120w+len:150w", "LEN:1+len:2", "must:a+must:b", "foo", ":x", "len:", "zz:1+zz:2",
       "src:a+src:b", "Len:1+LEN:1", "len:120w+tone:plain", "a:b:c", "no:x+no:x", "by:1+BY:2", "out:x+out:y"]
KEYSV = ["len", "len+tone", "len:120w", "LEN", "zzz", "len+len", "", "len+", "must+no", "a:b"]
IDS = ["writer-07", "writer-0", "writer", "writer-", "-7", "writer-9007199254740991",
       "writer-9007199254740992", "writer-07a", "wri ter-1", "writer-1.5", "a.b-1", "team-a-1",
       "writer--1", "writer-+1", "writer-٣", "w_r-1"]
VALUES = ["plain", "Y", "N", "n", "y", "tail", "1", "1.5", "-1", "20261002", "20261302", "2026-10-02",
          "1e3", "APPROVE", "approve", "HOLD", "140/90", "1/2", "1.", ".5", "0x1", "Tail", "+1", "01",
          "1/2/3", "-0", "1.50", "20240229", "9007199254740993"]
NUMS = ["140/90", "12.5", "-1", "1.", ".5", "1/", "/2", "1/2/3", "abc", "01", "1e3", "+1", "1,5",
        "0", "140/-90", "1.5/2.5", ""]
REFS = ["inv:MD-1", "INV:MD-1", "invoice:MD-1", "doc:n1", "po:PO-1", "email:7", "dx:hypertension",
        "DX:foo", "med:x", "dx:", "dx:a/b", "dx:a:b", "gh:crox/site#42", ":x", "inv:", "bank:1"]
SRCS = ["doc:n1#l4", "doc:n1#l0", "doc:n1#l007", "doc:n1#L4", "doc:n1", "doc:n-1.2_x#l12",
        "email:7+po:PO-1044", "doc:a#l1+doc:b#l2", "doc:#l1", "doc:a b", "x", "doc:a#l1#l2"]
AGENTS = ["writer", "research", "human", "wr/iter", "w.r_i-t", "", "WRITER", "é", "writer\u00a0"]
EMOJI = "\U0001F600"
ODD = ["\u00a0", "\u200b", "\ufeff", "\x7f", "\x85", "\u2028", "\t", "\x00", "\ud800", "\u3000", "\r", " ",
       "=", "+", "//", " // ", "#", EMOJI]
TAILS = None


def tails():
    return [
        "x" * 300, "x" * 301, EMOJI * 300, EMOJI * 301, "e\u0301" * 150, "e\u0301" * 151, " ", "\u200b",
        "\u00ad", "a // b", "//", "ok", " x", "x ", "\u3000", "é" * 300, "é" * 301, "tab\there",
        "nbsp\u00a0", "\u2028", "x" * 299 + EMOJI, "x" * 300 + EMOJI,
    ]


def money_of(rng):
    scale = 10 ** rng.randrange(1, 22)
    return rng.randrange(-scale, scale) if rng.random() < 0.3 else rng.randrange(0, scale)


def written_money(cents):
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{whole}.{frac:02d}"


def split(line):
    head, sep, tail = line.partition(" // ")
    return head.split(" "), (tail if sep else None)


def join(tokens, tail):
    return " ".join(tokens) + ("" if tail is None else " // " + tail)


def set_slot(tokens, key, value):
    for i, t in enumerate(tokens[3:], 3):
        if t.split("=", 1)[0] == key:
            tokens[i] = key + "=" + value
            return tokens
    tokens.append(key + "=" + value)
    return tokens


def drop_slot(tokens, key):
    return tokens[:3] + [t for t in tokens[3:] if t.split("=", 1)[0] != key]


def slot_of(tokens, key):
    for t in tokens[3:]:
        if "=" in t and t.split("=", 1)[0] == key:
            return t.split("=", 1)[1]
    return None


def mutate(rng, line):
    tokens, tail = split(line)
    keyed = [t.split("=", 1)[0] for t in tokens[3:] if "=" in t]
    kind = rng.randrange(30) if len(tokens) >= 3 else rng.choice([24, 25])
    if kind == 27:  # a sum that adds up, or misses by one in some column, with any signs
        net, vat = money_of(rng), money_of(rng)
        amt = net + vat + rng.choice([0, 0, 0, 1, -1, 10, 100, 1000, 10**rng.randrange(0, 25)])
        for key, cents in (("net", net), ("vat", vat), ("amt", amt)):
            tokens = set_slot(tokens, key, written_money(cents) if rng.random() < 0.97 else rng.choice(MONEY))
        if rng.random() < 0.8:
            tokens = set_slot(tokens, "kind", "GROSS")
        if rng.random() < 0.8:
            tokens = set_slot(tokens, "p", "pay")
        return join(tokens, tail)
    if kind == 28:  # any calendar-shaped date or time
        y, m, d = rng.randrange(0, 10000), rng.randrange(0, 14), rng.randrange(0, 33)
        date = f"{y:04d}{m:02d}{d:02d}"
        if rng.random() < 0.5:
            tokens = set_slot(tokens, rng.choice(["due", "by", "eta", "paid", "eff", "dt"]), date)
        else:
            tokens = set_slot(tokens, "exp", f"{date}T{rng.randrange(0, 26):02d}{rng.randrange(0, 62):02d}Z")
        return join(tokens, tail)
    if kind == 29:  # any integer-shaped value
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 22)))
        tokens = set_slot(tokens, rng.choice(["pri", "pct", "val", "qty", "dose"]), rng.choice(["", "-", "+"]) + digits)
        return join(tokens, tail)
    if kind == 24:  # cut short, anywhere
        return line[: rng.randrange(0, len(line) + 1)]
    if kind == 25:  # a character no line, or any value, should carry unnoticed
        i = rng.randrange(0, len(line) + 1)
        return line[:i] + rng.choice(ODD) + line[i:]
    if kind == 26:  # the first words
        tokens[rng.randrange(0, min(3, len(tokens)))] = rng.choice(["Ho", "RW1", "HO", "", "a-1", "x=1", "//", "#", "RW1\u200b"])
        return join(tokens, tail)
    if kind == 0 and keyed:  # a key's spelling
        i = rng.randrange(3, len(tokens))
        tokens[i] = rng.choice(KEYS) + "=" + tokens[i].partition("=")[2]
    elif kind == 1:  # add a slot with a random value
        key = rng.choice(KEYS)
        pool = rng.choice([INTS, DATES, MONEY, LISTS, ENUMS, VALUES, NUMS, REFS, TIMES, AGENTS, SRCS])
        tokens = set_slot(tokens, key, rng.choice(pool))
    elif kind == 2 and keyed:  # drop a slot
        tokens = drop_slot(tokens, rng.choice(keyed))
    elif kind == 3:  # boundary ints
        tokens = set_slot(tokens, rng.choice(["pri", "pct", "pri", "pct", "qty"]), rng.choice(INTS))
    elif kind == 4:  # dates and times
        key = rng.choice(["due", "by", "eta", "paid", "eff", "dt", "exp", "exp"])
        tokens = set_slot(tokens, key, rng.choice(TIMES if key == "exp" else DATES + TIMES[:1]))
    elif kind == 5:  # money and sums
        for key in rng.sample(["amt", "net", "vat"], rng.randrange(1, 4)):
            tokens = set_slot(tokens, key, rng.choice(MONEY))
        if rng.random() < 0.5:
            tokens = set_slot(tokens, "kind", rng.choice(["GROSS", "NET", "VAT", "gross"]))
    elif kind == 6:  # lists
        tokens = set_slot(tokens, rng.choice(["keep", "art", "ctx", "blk", "opts", "not", "asm", "src", "acc"]),
                          rng.choice(LISTS + ["writer-1+ops-2", "msg:ops-3", "writer-01"]))
    elif kind == 7 and keyed:  # enum case and codes
        key = rng.choice(["ask", "why", "out", "need", "conf", "next", "cur", "kind", "stg", "act", "pol",
                          "cert", "subj", "time"])
        tokens = set_slot(tokens, key, rng.choice(ENUMS))
    elif kind == 8:  # spacing
        i = rng.randrange(1, len(tokens) + 1)
        sep = rng.choice(["  ", "\t", " \t", "   "])
        text = " ".join(tokens[:i]) + sep + " ".join(tokens[i:])
        return text + ("" if tail is None else " // " + tail) if i < len(tokens) or rng.random() < 0.5 else " " + join(tokens, tail)
    elif kind == 9:  # the tail
        choice = rng.random()
        if choice < 0.1:
            return join(tokens, None) + rng.choice([" //", " // ", "//", " //x"])
        tail = rng.choice(tails())
    elif kind == 10 and keyed:  # a duplicate slot
        key = rng.choice(keyed)
        tokens.append(key + "=" + (slot_of(tokens, key) if rng.random() < 0.5 else "x"))
    elif kind == 11:  # p=
        choice = rng.random()
        if choice < 0.3:
            tokens = drop_slot(tokens, "p")
        else:
            tokens = set_slot(tokens, "p", rng.choice(["pay", "clin", "pform", "PAY", "zzz", "pay2", "", "core", "1pay"]))
    elif kind == 12:  # the id
        new = rng.choice(IDS)
        sender = slot_of(tokens, "from")
        if sender is not None and rng.random() < 0.5:
            new = sender + "-" + rng.choice(["1", "0", "007", "9007199254740991", "9007199254740992", "x", ""])
        tokens[2] = new
        if rng.random() < 0.3:
            tokens = set_slot(tokens, "from", new.rpartition("-")[0] or "zz")
    elif kind == 13:  # re=
        choice = rng.random()
        if choice < 0.3:
            tokens = drop_slot(tokens, "re")
        elif choice < 0.6:
            tokens = set_slot(tokens, "re", tokens[2])
        else:
            tokens = set_slot(tokens, "re", rng.choice(IDS))
    elif kind == 14:  # the type
        tokens[1] = rng.choice(["HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX", "ho", "XX", "H0"])
    elif kind == 15:  # profile slots anywhere
        key = rng.choice(["sup", "amt", "cur", "kind", "prev", "src", "net", "stg", "act", "qty", "dose", "unit"])
        value = {"amt": "5400.00", "net": "1.00", "cur": "GBP", "kind": "GROSS", "stg": "REV", "act": "OBS",
                 "qty": "140/90", "dose": "500", "src": "doc:n1#l4"}.get(key, "x")
        tokens = set_slot(tokens, key, value)
    elif kind == 16:  # translation triggers
        tokens = set_slot(tokens, "item", rng.choice(REFS))
        if rng.random() < 0.5:
            tokens = set_slot(tokens, "src", rng.choice(SRCS))
    elif kind == 17:  # rb=
        tokens = set_slot(tokens, "rb", rng.choice(RB))
    elif kind == 18:  # acc and keys
        if rng.random() < 0.6:
            tokens = set_slot(tokens, "acc", rng.choice(ACC))
        else:
            tokens = set_slot(tokens, "keys", rng.choice(KEYSV))
    elif kind == 19:  # answers and questions
        choice = rng.random()
        if choice < 0.4:
            tokens = set_slot(tokens, "val", rng.choice(VALUES))
        elif choice < 0.7:
            tokens = set_slot(tokens, "need", rng.choice(["ENUM", "TEXT", "NUM", "YESNO", "DATE", "enum"]))
            if rng.random() < 0.5:
                tokens = set_slot(tokens, "opts", rng.choice(["APPROVE+HOLD", "APPROVE+Y", "a+b", "approve", "1+2"]))
        else:
            tokens = set_slot(tokens, "why", rng.choice(["UNK", "VER", "NOCAP", "unk"]))
        if rng.random() < 0.4:
            tail = rng.choice([None, " ", "\u200b", "x"])
    elif kind == 20:  # agents
        tokens = set_slot(tokens, rng.choice(["from", "to", "alt", "keep"]), rng.choice(AGENTS))
    elif kind == 21:  # num and the h digest
        if rng.random() < 0.5:
            tokens = set_slot(tokens, rng.choice(["qty", "dose"]), rng.choice(NUMS))
        else:
            tokens = set_slot(tokens, "h", rng.choice(["c40bba4360dc", "C40BBA4360DC", "c40bba4360d", "c40bba4360dcx", "g40bba4360dc"]))
    elif kind == 22:  # the version token
        tokens[0] = rng.choice(["RW1", "RW2", "rw1", "RW1\u00a0", "\ufeffRW1", "R\x00W1", "RW", "#RW1", "{"])
    elif kind == 23 and len(tokens) > 3:  # an unkeyed or empty token
        tokens.insert(rng.randrange(3, len(tokens) + 1), rng.choice(["DRAFT", "=x", "a=", "a==b", "=", "A=1", "é=1"]))
    return join(tokens, tail)


def soup(rng):
    """A line of any type made of slots drawn at random, valid or not: combinations no seed has."""
    sender = rng.choice(["a", "writer", "Copy.Bot_2", "human"])
    tokens = ["RW1", rng.choice(["HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX"]), f"{sender}-{rng.randrange(0, 20)}",
              f"from={sender}", f"to={rng.choice(['b', 'human', 'payer'])}"]
    pools = [INTS, DATES, MONEY, LISTS, ENUMS, VALUES, NUMS, REFS, TIMES, AGENTS, SRCS, RB, ACC, KEYSV, IDS]
    for _ in range(rng.randrange(0, 9)):
        tokens = set_slot(tokens, rng.choice(KEYS[:62]), rng.choice(rng.choice(pools)))
    return join(tokens, rng.choice([None, None, "x", " ", "\u200b"]))


def cases(count, seed):
    rng = random.Random(seed)
    seeds = load()
    for _ in range(count):
        line = rng.choice(seeds) if rng.random() < 0.9 else soup(rng)
        for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
            line = mutate(rng, line)
        m = re.search(r" p=([^ ]*)", line.split(" // ")[0])
        named = m.group(1) if m else None
        readers = [None, None, "pay", "clin", "pform"] + ([named] * 3 if named in ("pay", "clin", "pform") else [])
        yield {"line": line, "reader": rng.choice(readers)}


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for case in cases(count, seed):
        print(json.dumps(case, ensure_ascii=True))
