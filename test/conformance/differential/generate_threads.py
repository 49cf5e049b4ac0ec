"""Seeded conversations for the differential check of check-thread (the closure audit, section 5.4).

    python3 generate_threads.py COUNT SEED     # one JSON line per conversation: {"lines", "now", "expectations"}

Each conversation is a random walk among 2 to 4 agents and 1 to 3 items, built from valid lines:
HOs (core, with `due=`/`exp=` before or after the audit's moment, criteria and readback levels
(`acc=`, `rb=acc`, `plan`, `all`, a slot, `exec` with no execution slots), `keys=`, `pri=` also as `02`, an `x_` slot, a tail; or
pay `rb=exec`, with `acct` left to the receiver so that its readback is unverified without a
record), the sender's expectations for some HOs (withheld criteria; a pay record matching,
resolving `acct`, contradicting the HO or the receiver, holding the envelope or the window),
readbacks that pass or are void (composed from the HO as delivered; criteria read otherwise,
two carried execution values misread or one left out beside one misread (a stream of its own),
`exp=` before, at and after the audit's moment and past the HO's, `h=` right, in capitals,
another HO's or absent), DN (`OK`, `PARTIAL`, `NOOP`), UN (`DUP` among others), FL, CX
(with section 5.4's reasons), the receiver's AN to a cancel, the sender's AN to a readback
(`val=Y` clears the act, `N` or `HOLD` holds it), AQs with `by=` and their answers,
re-issues (the same HO sent again, `re=` the HO or its void readback, sometimes changed: the ask,
`pri=`, the amount, the criteria, the date, the window, or the tail alone), HOs of
the same item to another receiver, UNDOs whose `ctx=` names a DN, another message or an id not
sent, and then noise: a reply from the wrong party or about another
item, a line sent again (a retry) or another under a used id, and two lines swapped, so that a
reply comes before the line it names. Half are audited at a moment (mostly 20261002T1200Z, now
and then a minute either side of the windows or at a midnight), half with no clock.
Deterministic: the same count and seed give the same conversations. Standard library only.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import readback_checker  # noqa: E402  (the digest, to write a right h=)
import validator  # noqa: E402

AGENTS = ["ops", "builder", "writer", "qa"]
ITEMS = ["jira:OPS-1", "gh:crox/site#42", "inv:MD-2026-057"]
NOW = "20261002T1200Z"
# Other moments of the audit: the minute before and after the windows, midnight into the next day.
NOWS = [NOW, NOW, NOW, "20261002T1159Z", "20261002T1301Z", "20261003T0000Z", "20261001T2359Z"]
DUES = ["20261001", "20261002", "20261003"]
EXPS = ["20261002T1100Z", "20261002T1200Z", "20261002T1300Z"]
# A readback's own window: before, at and after the audit's moment, and past every HO's exp.
RB_EXPS = EXPS + ["20261002T1400Z", "20261003T0900Z"]
# Criteria the sender writes (acc=) or withholds (expectAcc), and what a receiver may read back.
CRITERIA = ["len:120w+must:cite-sources", "len:120w", "must:cite-sources+no:em-dash"]
READ_CRITERIA = ["len:120w+must:cite-sources", "LEN:120W+must:cite-sources", "len:200w+must:cite-sources",
                 "len:120w+must:cite-sources+tone:formal", "must:cite-sources+no:em-dash", "len:120w+no:cite-sources"]
ASKS = ["FIX", "DRAFT", "REVIEW"]
PAY = [("sup", "marlow"), ("amt", "5400.00"), ("cur", "GBP"), ("kind", "GROSS"), ("acct", "40-12-88/61102938"),
       ("paid", "20261002"), ("ref", "MD-2026-057"), ("apref", "FD-0929")]


def line(mtype, mid, slots, tail=None):
    text = f"RW1 {mtype} {mid} " + " ".join(f"{k}={v}" for k, v in slots)
    return text + (f" // {tail}" if tail else "")


# Another value for each carried execution slot, valid in the pay profile: a receiver's misread.
MISREAD = {"sup": "marlowe", "amt": "5200.00", "cur": "EUR", "kind": "NET", "paid": "20261003",
           "ref": "MD-2026-058", "apref": "FD-0930"}


class Walk:
    def __init__(self, rng, misreads=None):
        self.rng = rng
        # A stream of its own for the misreads of several fingerprinted slots (note 29), so that
        # every other draw, and every conversation without one, stays as it was drawn before.
        # None (the thread-clock generator's walks): none drawn.
        self.misreads = misreads
        self.agents = AGENTS[: rng.randint(2, 4)]
        self.items = ITEMS[: rng.randint(1, 3)]
        self.n = {a: 0 for a in AGENTS}
        self.lines = []
        self.hos = []  # (id, slots as a list of pairs, dict)
        self.rbs = []  # (id, ho id)
        self.cxs = []  # (id, ho dict)
        self.aqs = []  # (id, from, to, item, need)
        self.dns = []  # (id, the HO's slots)
        self.texts = {}  # HO id -> its line, for a readback's h=
        self.tails = {}  # HO id -> its tail (a re-issue may change it alone, and so its digest)
        self.expectations = {}  # HO id -> the sender's withheld criteria and record (checkThread's expectations)

    def next_id(self, agent):
        self.n[agent] += 1
        return f"{agent}-{self.n[agent]}"

    def other(self, agent):
        return self.rng.choice([a for a in self.agents if a != agent])

    # ------------------------------------------------------------ handoffs

    def new_ho(self, sender=None, receiver=None, item=None, re=None):
        rng = self.rng
        sender = sender or rng.choice(self.agents)
        receiver = receiver or self.other(sender)
        item = item or rng.choice(self.items)
        slots = ([("re", re)] if re else []) + [("from", sender), ("to", receiver), ("item", item)]
        if item.startswith("inv:") and rng.random() < 0.6:
            # Now and then without rb=exec, which check-ho refuses (HO_NEEDS_EXEC): a record still holds it (note 99).
            slots = [("p", "pay")] + slots + [("ask", "PAY")] + ([("rb", "exec")] if rng.random() < 0.85 else [])
            slots += [kv for kv in PAY if kv[0] != "acct" or rng.random() < 0.5]
        else:
            slots.append(("ask", rng.choice(ASKS)))
            if rng.random() < 0.5:
                slots.append(("due", rng.choice(DUES)))
            if rng.random() < 0.3:
                slots.append(("pri", ("0" if rng.random() < 0.2 else "") + str(rng.randint(1, 5))))
            if rng.random() < 0.35:
                # Section 5.2: criteria on the line, read back at tier 4 when rb=acc asks for them.
                if rng.random() < 0.7:
                    slots.append(("acc", rng.choice(CRITERIA)))
                if rng.random() < 0.7:
                    slots.append(("rb", rng.choice(["acc", "acc", "plan", "all+acc", "acc+pri"])))
                if rng.random() < 0.2:
                    slots.append(("keys", "len"))
            elif rng.random() < 0.1:
                # rb=exec on a core ask, which has no execution slots: tier 5 is not asked (EXEC_NO_MAP).
                slots.append(("rb", rng.choice(["all", "pri", "echo", "exec"])))
        if rng.random() < 0.3:
            slots.append(("exp", rng.choice(EXPS)))
        if rng.random() < 0.1:
            slots.append(("x_ref", "t-7"))
        self.send_ho(sender, slots, "the context" if rng.random() < 0.2 else None)

    def send_ho(self, sender, slots, tail=None):
        mid = self.next_id(sender)
        self.hos.append((mid, slots, dict(slots)))
        self.tails[mid] = tail
        self.lines.append(line("HO", mid, slots, tail))
        self.texts.setdefault(mid, self.lines[-1])
        self.expect(mid, dict(slots))

    def expect(self, mid, s):
        """The sender's expectations for this HO's readbacks, now and then: withheld criteria for
        rb=acc, a record for rb=exec (matching the HO, resolving acct, contradicting it, leaving a
        carried execution value unapproved, or holding another acct than the receiver's)."""
        rng = self.rng
        out = {}
        if ("acc" in s.get("rb", "") or "plan" in s.get("rb", "")) and rng.random() < 0.4 or rng.random() < 0.03:
            # Withheld criteria, also for an HO that asks no comprehension (tier 4 not asked: unread).
            out["expectAcc"] = rng.choice(CRITERIA + [""])
        if s.get("rb") == "exec" and s.get("p") is None and rng.random() < 0.5:
            out["record"] = {"pri": rng.choice(["2", "3"])}  # a record for a core ask: no tier 5 to hold the HO to it
        if s.get("rb") == "exec" and s.get("p") == "pay" and rng.random() < 0.6:
            record = {k: v for k, v in PAY}
            r = rng.random()
            if r < 0.15:
                record["amt"] = "5100.00"
            elif r < 0.25:
                del record[rng.choice(["kind", "ref"])]
            elif r < 0.35:
                record["acct"] = "40-12-88/61100000"
            elif r < 0.5:
                # The envelope and the window, which a record copied from a JSON form holds (notes 23, 24).
                key = rng.choice(["item", "from", "to", "exp", "rb"])
                record[key] = rng.choice({"item": [s.get("item"), "inv:MD-2026-058"], "from": [s.get("from"), "qa"],
                                          "to": [s.get("to"), "qa"], "exp": EXPS, "rb": ["exec", "echo"]}[key])
            if "acct" not in s and rng.random() < 0.6:
                record["$resolve"] = ["acct"]
            elif rng.random() < 0.1:
                record["$resolve"] = ["acct", "amt"]
            out["record"] = record
        if s.get("p") == "pay" and s.get("rb") != "exec" and rng.random() < 0.6:
            # A record for a pay HO without rb=exec: it holds the HO all the same (note 99).
            out["record"] = {k: v for k, v in PAY}
            if rng.random() < 0.5:
                out["record"]["amt"] = "5100.00"
        if out and mid not in self.expectations:
            self.expectations[mid] = out

    def reissue(self):
        mid, slots, s = self.rng.choice(self.hos)
        rbs = [r for r, h in self.rbs if h == mid]
        target = self.rng.choice(rbs) if rbs and self.rng.random() < 0.4 else mid
        kept = [kv for kv in slots if kv[0] != "re"]
        if self.rng.random() < 0.15:
            kept = [(k, "BUILD" if k == "ask" and v != "PAY" else v) for k, v in kept]
            kept = [kv for kv in kept if kv[0] != "pri"] + [("pri", "1")] * (self.rng.random() < 0.3)
        elif self.rng.random() < 0.12:
            # Content a readback reads: the amount, the criteria, the window or the date.
            r = self.rng.random()
            change = {"amt": "5100.00", "acc": "len:200w", "due": "20261004"} if r < 0.6 else {}
            kept = [(k, change.get(k, v)) for k, v in kept]
            if r >= 0.6:
                kept = [kv for kv in kept if kv[0] != "exp"] + [("exp", self.rng.choice(EXPS))]
        pos = 1 if kept[0][0] == "p" else 0
        tail = self.tails.get(mid)
        if self.rng.random() < 0.2:
            tail = "said otherwise" if tail else "now with a tail"
        self.send_ho(s["from"], kept[:pos] + [("re", target)] + kept[pos:], tail)

    def hand_on(self):
        """Another HO of an item from its sender: to another receiver (ownership moves) or the same (no re-issue)."""
        mid, slots, s = self.rng.choice(self.hos)
        receiver = self.rng.choice([a for a in self.agents if a != s["from"]])
        self.new_ho(s["from"], receiver, s["item"])

    # ------------------------------------------------------------ replies to an HO

    def parties(self, s):
        """The receiver to the sender, now and then another pair."""
        frm, to = s["to"], s["from"]
        r = self.rng.random()
        if r < 0.05:
            frm, to = to, frm
        elif r < 0.09 and len(self.agents) > 2:
            frm = self.rng.choice([a for a in self.agents if a not in (s["from"], s["to"])])
        return frm, to

    def item_of(self, s):
        return self.rng.choice([i for i in ITEMS if i != s["item"]]) if self.rng.random() < 0.05 else s["item"]

    def readback(self):
        mid, slots, s = self.rng.choice(self.hos)
        frm, to = self.parties(s)
        out = [("re", mid), ("from", frm), ("to", to)]
        void = self.rng.random() < 0.3
        for k, v in slots:
            if k in ("item", "ask", "due", "p") or (s.get("rb") == "exec" and k in dict(PAY)):
                if void and k == "ask" and v != "PAY":
                    v = "BUILD"
                if void and k == "amt":
                    v = "5100.00"
                out.append((k, v))
        if s.get("rb") == "exec" and "acct" not in s:
            out.append(("acct", "40-12-88/61102938" if self.rng.random() < 0.85 else "40-12-88/61100000"))
        if s.get("rb") == "exec" and s.get("p") == "pay":
            out = self.misread_carried(out)
        levels = s.get("rb", "").split("+")
        if "all" in levels or "pri" in levels:
            # Echoed under rb=all or rb=pri: each carried slot the set names (pri, acc outside acc, x_ never).
            out += [(k, v) for k, v in slots if k in ("pri",) + (("acc",) if "acc" not in levels else ())]
        if "x_ref" in s and self.rng.random() < 0.3:
            out.append(("x_ref", self.rng.choice(["t-7", "t-8"])))
        if "p" not in s and self.rng.random() < 0.05:
            out.insert(0, ("p", "pay"))  # a readback in another vocabulary than its core HO's (tier 1, note 21)
        if "pri" in s and "pri" not in dict(out) and self.rng.random() < 0.3:
            # A slot outside the readback set, stated anyway: as sent, spelt otherwise, or misread (note 20).
            out.append(("pri", self.rng.choice([s["pri"], s["pri"].lstrip("0"), "0" + s["pri"], str(int(s["pri"]) % 5 + 1)])))
        if "acc" in levels or "plan" in levels:
            # The receiver's criteria: the HO's, the same in other case, or read otherwise (tier 4); its plan.
            if "plan" in levels and self.rng.random() < 0.8:
                out.append(("do", "draft-then-review"))
            out.append(("acc", s["acc"] if "acc" in s and self.rng.random() < 0.5 else self.rng.choice(READ_CRITERIA)))
        if self.rng.random() < 0.3:
            out.append(("exp", self.rng.choice(RB_EXPS)))
        r = self.rng.random()
        if r < 0.3:
            out.append(("h", self.digest(mid) if self.rng.random() < 0.9 else self.digest(mid).upper()))
        elif r < 0.4:
            # Wrong: another HO's digest (an earlier HO of a re-issue line read back under the re-issue), or none at all.
            other = self.rng.choice(self.hos)[0]
            out.append(("h", self.digest(other) if other != mid else "0123456789ab"))
        rid = self.next_id(frm)
        self.rbs.append((rid, mid))
        self.lines.append(line("RB", rid, out))

    def misread_carried(self, out):
        """Now and then, two carried execution values misread, or one left out beside one misread:
        the thread compares them through one fingerprint (note 29), so the first is one finding
        naming them all and the second the _MISSING alone, where check-rb names each slot."""
        if self.misreads is None:
            return out
        carried = [k for k, _ in out if k in MISREAD]
        r = self.misreads.random()
        if r >= 0.3 or len(carried) < 2:
            return out
        first, second = self.misreads.sample(carried, 2)
        if r < 0.15:
            return [(k, MISREAD[k] if k in (first, second) else v) for k, v in out]
        return [(k, MISREAD[k] if k == second else v) for k, v in out if k != first]

    def digest(self, mid):
        """The h= of an HO as sent (section 5.2), by the independent digest."""
        return readback_checker.digest(validator.parse(self.texts[mid])[1])

    def close(self):
        mid, slots, s = self.rng.choice(self.hos)
        frm, to = self.parties(s)
        kind = self.rng.choice(["DN", "DN", "DN", "UN", "FL"])
        out = [("re", mid), ("from", frm), ("to", to), ("item", self.item_of(s))]
        if kind == "DN":
            outcome = self.rng.choice(["OK", "OK", "PARTIAL", "NOOP"])
            out.append(("out", outcome))
            if s.get("rb") == "exec" and outcome == "OK":
                # The done report's values: the plan's, or another amount (check-dn's, not check-thread's, to judge).
                paid = [("amt", "5100.00") if k == "amt" and self.rng.random() < 0.2 else (k, v) for k, v in PAY]
                out = [("p", "pay")] + out + paid
        elif kind == "UN":
            out.append(("why", self.rng.choice(["DUP", "DUP", "NOCAP", "BUSY"])))
            if self.rng.random() < 0.3:
                out = [kv for kv in out if kv[0] != "item"]
        else:
            out.append(("why", "ERR"))
        did = self.next_id(frm)
        if kind == "DN":
            self.dns.append((did, s))
        self.lines.append(line(kind, did, out))

    def undo(self):
        """An HO ask=UNDO whose ctx= names a DN (section 5.4), another message, or an id not (yet) sent."""
        rng = self.rng
        did, s = rng.choice(self.dns)
        sender = s["from"] if rng.random() < 0.8 else rng.choice(self.agents)
        item = s["item"] if rng.random() < 0.85 else rng.choice(self.items)
        ctx = [did]
        r = rng.random()
        if r < 0.15:
            ctx = [rng.choice(self.lines).split(" ")[2]]
        elif r < 0.25:
            ctx = [f"{sender}-99"] + ctx * (rng.random() < 0.5)
        receiver = rng.choice([a for a in self.agents if a != sender])
        self.send_ho(sender, [("from", sender), ("to", receiver), ("item", item), ("ask", "UNDO"), ("ctx", "+".join(ctx))])

    def cancel(self):
        mid, slots, s = self.rng.choice(self.hos)
        frm, to = s["from"], s["to"]
        if self.rng.random() < 0.07:
            frm, to = to, frm
        out = [("re", mid), ("from", frm), ("to", to), ("item", self.item_of(s))]
        if self.rng.random() < 0.9:
            out.append(("why", self.rng.choice(["REVOKED", "TIMEOUT", "SUPERSEDED", "EXPIRED", "NOCAP"])))
        cid = self.next_id(frm)
        self.cxs.append((cid, s))
        self.lines.append(line("CX", cid, out))

    def acknowledge(self):
        cid, s = self.rng.choice(self.cxs)
        frm, to = self.parties(s)
        out = [("re", cid), ("from", frm), ("to", to), ("val", "Y" if self.rng.random() < 0.85 else "N")]
        if self.rng.random() < 0.3:
            out.append(("item", self.item_of(s)))
        self.lines.append(line("AN", self.next_id(frm), out))

    def confirm(self):
        """The sender's answer to a readback (section 5.3): val=Y clears the act, anything else holds it."""
        rid, mid = self.rng.choice(self.rbs)
        s = next(h for i, _, h in self.hos if i == mid)
        val = self.rng.choice(["Y", "Y", "N", "HOLD"])
        self.lines.append(line("AN", self.next_id(s["from"]), [("re", rid), ("from", s["from"]), ("to", s["to"]), ("val", val)]))

    # ------------------------------------------------------------ questions (rule 2)

    def ask(self):
        rng = self.rng
        sender = rng.choice(self.agents)
        receiver = self.other(sender)
        item = rng.choice(self.items) if rng.random() < 0.6 else None
        need, opts = rng.choice([("YESNO", None), ("ENUM", "APPROVE+HOLD"), ("NUM", None), ("DATE", None), ("TEXT", None)])
        out = [("from", sender), ("to", receiver)] + ([("item", item)] if item else []) + [("need", need)]
        if opts:
            out.append(("opts", opts))
        if rng.random() < 0.6:
            out.append(("by", rng.choice(DUES)))
        qid = self.next_id(sender)
        self.aqs.append((qid, sender, receiver, item, need))
        self.lines.append(line("AQ", qid, out))

    def answer(self):
        rng = self.rng
        qid, sender, receiver, item, need = rng.choice(self.aqs)
        frm, to = self.parties({"from": sender, "to": receiver})
        if rng.random() < 0.2:
            out = [("re", qid), ("from", frm), ("to", to), ("why", "NOCAP")]
            self.lines.append(line("UN", self.next_id(frm), out))
            return
        val = rng.choice({"YESNO": ["Y", "N", "yes"], "ENUM": ["APPROVE", "HOLD", "approve", "Y"], "NUM": ["3", "Y", "2.5", "120/80"],
                          "DATE": ["20261002", "2026-10-02", "20260230"], "TEXT": ["tail", "plain"]}[need])
        out = [("re", qid), ("from", frm), ("to", to), ("val", val)]
        if rng.random() < 0.3:
            out.append(("item", item if item and rng.random() < 0.8 else rng.choice(ITEMS)))
        self.lines.append(line("AN", self.next_id(frm), out, "the answer" if val == "tail" else None))

    # ------------------------------------------------------------ noise

    def repeat(self):
        """A line sent again (a retry), or another message under its id."""
        text = self.rng.choice(self.lines)
        if self.rng.random() < 0.6 or " x_n=" in text:
            self.lines.append(text)
        else:
            self.lines.append(text.replace(" from=", " x_n=1 from=", 1))

    def swap(self):
        if len(self.lines) > 2:
            i = self.rng.randrange(len(self.lines) - 1)
            self.lines[i], self.lines[i + 1] = self.lines[i + 1], self.lines[i]


def conversation(rng, misreads=None):
    walk = Walk(rng, misreads)
    walk.new_ho()
    for _ in range(rng.randint(2, 12)):
        steps = [(walk.new_ho, 2), (walk.readback, 6), (walk.close, 4), (walk.cancel, 1.5), (walk.reissue, 2),
                 (walk.hand_on, 1), (walk.ask, 0.8), (walk.repeat, 0.5), (walk.swap, 0.4)]
        if walk.cxs:
            steps.append((walk.acknowledge, 1.5))
        if walk.aqs:
            steps.append((walk.answer, 1.5))
        if walk.rbs:
            steps.append((walk.confirm, 1.5))
        if walk.dns:
            steps.append((walk.undo, 0.7))
        step = rng.choices([s for s, _ in steps], [w for _, w in steps])[0]
        step()
    return {"lines": walk.lines, "now": rng.choice(NOWS) if rng.random() < 0.5 else None, "expectations": walk.expectations}


def conversations(count, seed):
    rng = random.Random(seed)
    misreads = random.Random(f"{seed} misreads")
    for _ in range(count):
        yield conversation(rng, misreads)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    for c in conversations(count, seed):
        print(json.dumps(c))
