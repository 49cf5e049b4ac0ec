"""Which work is done before its sender and addressees were established (WORK_BEFORE_ESTABLISHED), as
reconciliation needs it: such a message is quarantined, so a reply found so is not the reply owed.
Written from the spec (section 6, "Establishment") and core/mailbox/README.md ("Conversation
state": the handshake, "The right to work outside a handshake's thread", "Crossed hellos"), never
from core/mailbox/*.ts. Modelled as the reconcile generator draws the room: two-party CORE hellos
welcomed with an exact accept, crossings between two callsigns, work outside a hello's thread.

- A hello that speaks for its sender and opens its thread proposes terms to the callsigns it names;
  a welcome that speaks for its sender and answers it as addressed (from a callsign it names, or any
  to `ALL`; to its initiator or `ALL`; in its arena) with `terms: accept` establishes that chain at
  the welcome ("`hello -> welcome` establishes", 6). A welcome that counters establishes nothing;
  the acceptance of a counter is not modelled (the generator draws none), so such a chain stays open.
- Two such hellos of one arena from different senders, each addressing the other, neither welcomed
  by the other's sender before the other was sent, crossed: the smaller UUID is canonical and the
  other keeps no chain with the callsign it crossed (6: "the lexicographically smaller root message
  UUID becomes canonical"; core/mailbox/README.md: "only the canonical hello's handshake
  establishes", "a crossing is between the two who crossed").
- An established chain establishes the pair of its two callsigns in its arena, from the welcome on.
- A `claim`, `deliver`, `reply` or `ratify` that speaks for its sender, not a Handler seat's, needs
  a pair established before it in UUID order between its sender and every agent it names (a
  Handler seat is no agent), and to `ALL` the sender in at least one pair of its arena; otherwise
  it is work before establishment. Work in a hello's own thread is judged by the pairs too: the
  generator draws none there, so the handshake's own rule for its thread is not modelled.
"""

WORK = {"claim", "deliver", "reply", "ratify"}


def addresses_name(e, name):
    """Whether e names `name`, or is to ALL."""
    return name in e["to"] or "ALL" in e["to"]


def answers_as_addressed(w, hello):
    """Whether welcome `w` answers `hello` as addressed: from a callsign the hello names (any, to ALL),
    to its initiator (or ALL), in its arena (core/mailbox/README.md, "An answer counts only when it
    answers its parent as addressed")."""
    return w["kind"] == "welcome" and w["reply_to"] == hello["id"] and addresses_name(hello, w["from"]) and \
        addresses_name(w, hello["from"]) and w["arena"] == hello["arena"]


def established_pairs(msgs, silent, opens_thread):
    """(arena, frozenset of two callsigns) -> the UUID of the first message that established the pair."""
    speaking = lambda e: e["id"] not in silent
    hellos = [msgs[i] for i in sorted(msgs) if msgs[i]["kind"] == "hello" and speaking(msgs[i]) and opens_thread(msgs[i])]
    welcomes = {h["id"]: [msgs[i] for i in sorted(msgs) if speaking(msgs[i]) and answers_as_addressed(msgs[i], h)] for h in hellos}

    def welcomed_before(h, by, before):
        return any(w["from"] == by and w["id"] < before for w in welcomes[h["id"]])
    void = set()  # (hello UUID, callsign): a chain a lost crossing took
    for k, a in enumerate(hellos):
        for b in hellos[k + 1:]:
            if a["from"] != b["from"] and a["arena"] == b["arena"] and addresses_name(a, b["from"]) and \
                    addresses_name(b, a["from"]) and not welcomed_before(a, b["from"], b["id"]) and \
                    not welcomed_before(b, a["from"], a["id"]):
                void.add((b["id"], a["from"]))
    pairs = {}
    for h in hellos:
        settled = set()
        for w in welcomes[h["id"]]:
            if w["from"] in settled or (h["id"], w["from"]) in void:
                continue
            settled.add(w["from"])  # its chain's first answer: an exact accept establishes, a counter not
            if w.get("terms") == "accept":
                key = (h["arena"], frozenset((h["from"], w["from"])))
                pairs[key] = min(pairs.get(key, w["id"]), w["id"])
    return pairs


def work_before_established(msgs, silent, opens_thread, is_seat, anytime=False):
    """The UUIDs of the work that no pair established before it licenses. `silent`: the messages that
    do not speak for their senders; `is_seat`: whether a callsign is a Handler seat; `anytime` (the
    planted fault `establishment-any-time`) reads a pair established anywhere in the folder as
    licensing work before it too."""
    pairs = established_pairs(msgs, silent, opens_thread)

    def paired(e, name):
        at = pairs.get((e["arena"], frozenset((e["from"], name))))
        return at is not None and (anytime or at < e["id"])
    out = set()
    for i, e in msgs.items():
        if e["kind"] not in WORK or i in silent or is_seat(e["from"]):
            continue
        agents = [n for n in e["to"] if n != "ALL" and not is_seat(n)]
        in_one = any(e["from"] in pair and arena == e["arena"] and (anytime or at < i) for (arena, pair), at in pairs.items())
        if not all(paired(e, n) for n in agents) or ("ALL" in e["to"] and not in_one):
            out.add(i)
    return out
