"""check-dn, written from spec section 5.3 ("the done report carries the execution slots with the
values as executed ... the sender checks them against the plan"), the README's notes 21 and 71 (a
reply read in its HO's vocabulary), 23, 26 (check-dn) and 99, and core/CODES.md, never from the core's
check-done code: for the done reports a Worker's thread checks as it stores them (the record the
sender registered for the HO, if any; the plan a readback that passed).

    check(ho_text, dn_text, plan_text, plan_verdict, record) -> [[code, slot, expected, received], ...]

`plan_text` is the readback that stands for the plan (None for none), `plan_verdict` its verdict
against `ho_text`. The DN is read as answering `ho_text`. The findings come in check-dn's order:
the receipt (the HO refused, then the DN's `re`, `from`, `to`, `item`, then the DN's own validation
in its HO's vocabulary, a `p=` other than the HO's its receipt), the map (`DONE_NO_MAP`: no
execution slots, or no `rb=exec`), the plan (`DONE_PLAN_VOID`), then each execution slot of the
ask in the profile's order (`DONE_NOOP`, `DONE_MISSING`, `DONE_UNVERIFIED`, `DONE_MISMATCH`). A
validation code is given with its slot where the code names one this module can tell (`SLOT_UNKNOWN`,
`SLOT_NOT_ON_TYPE`), else with none: the comparison reads validation errors by code alone. The HO
held to the sender's record gives each finding with its slot, as often as found, and `HO_NEEDS_EXEC`
(slot `rb`) when it asks no `rb=exec` of an ask with execution slots (section 5.3's check-ho rule,
note 99: the record holds it, whatever its values). `read_back` says what check-dn makes of a
readback it is given as the plan, judged with the sender's record; a record nobody read back plans
nothing (only the HO and a passing readback do).
Standard library only.
"""
import types

import readback_checker
import thread_auditor
import validator

# Whether a value the HO leaves to the receiver is planned by the passing readback (note 26;
# compare_thread_clocks.py --break-done plants a check-dn that plans by the HO alone).
plans_read_back = True

# Whether values on an out=NOOP report are DONE_NOOP (--break-noop plants a check-dn that takes them).
noop_values_said = True

# Whether a validation note names its slot (--break-dn-slot plants a check-dn that names none).
notes_placed = True

# Whether the record holds an HO that asks no rb=exec of an ask with execution slots, as check-ho
# refuses it (HO_NEEDS_EXEC; --break-needs-exec plants a check-dn without that rule).
records_need_exec = True

# Whether a readback given as the plan is judged with the sender's record, which tier 5 checks the
# values the receiver resolved against (--break-plan-record plants a check-dn that judges it without).
read_backs_held_to_record = True

# Whether a record nobody read back plans nothing (--break-unread-plan plants a check-dn that plans
# a value the HO left to the receiver by the record's, with no readback given).
unread_records_plan_nothing = True

# The notes among what this module says; every other code is an error.
NOTES = {"DONE_NO_MAP", "SLOT_UNKNOWN", "SLOT_NOT_ON_TYPE", "AGENT_NOT_IN_PROFILE"}


def shown(value):
    """A value as a finding quotes it: as a line writes it, or "nothing" (note 36's cut aside: every value here is short)."""
    if value is None:
        return "nothing"
    if isinstance(value, list):
        return "+".join(shown(v) for v in value)
    return "Y" if value is True else "N" if value is False else str(value)


def field(message, key):
    return message["slots"].get(key)


def contradictions(ho, record):
    """check-ho's errors for a parsed HO against the sender's record (section 5.3, notes 23 and 24):
    each value the HO carries that the record says otherwise, each execution value it carries that
    the record does not hold (`HO_DIFFERS`), each it leaves out that the record holds none for
    (`HO_EXEC_UNSET`), and each value the record holds that the HO leaves out unless the record
    marks it `$resolve` (`HO_OMITS`)."""
    hs = ho["slots"]
    vocab = readback_checker.vocabulary_of(hs)
    exec_slots = ((vocab.profile or {}).get("exec") or {}).get(hs.get("ask"), [])
    resolve = record.get("$resolve") or []
    values = {k: v for k, v in record.items() if k != "$resolve"}
    found = []
    readback_checker.held_to_record(ho, vocab, values, exec_slots, found)
    found += [readback_checker.placed("HO_OMITS", key) for key in values if key not in hs and key not in resolve]
    return found


def read_back(ho_text, rb_text, record):
    """The verdict of a readback given to check-dn as the plan (section 5.3: the readback's value
    stands "where the HO left the slot to the receiver and the readback passed"; note 26): check-rb's
    against the HO, with the sender's record, against which tier 5 checks what the receiver resolved
    (section 5.3, note 24), as the sender judged it. `wilco`, `unverified` (its only failure a
    resolved value no record value checks, note 26) or `void`."""
    judged_with = {"record": record} if record is not None and read_backs_held_to_record else {}
    return thread_auditor.verdict(types.SimpleNamespace(text=ho_text), rb_text, judged_with)[0]


def check(ho_text, dn_text, plan_text=None, plan_verdict=None, record=None, thread_profile=None):
    """`thread_profile`: the name of the profile the reader chose (a thread's own), which an HO
    without p= is read with."""
    _, ho = validator.parse(ho_text)
    _, dn = validator.parse(dn_text)
    hs, ds = ho["slots"], dn["slots"]
    p = hs.get("p") or thread_profile
    vocab = readback_checker.vocabulary_of(hs) if p is None or "p" in hs else validator.SHIPPED[p]
    out = []
    # The receipt (note 26, as tier 1 of check-rb): a DN of an HO that is itself refused reports nothing.
    if validator.validate(ho, thread_profile):
        out.append(["DONE_RECEIPT", "re", ho["id"], ho["id"]])
    for key, want in (("from", hs.get("to")), ("to", hs.get("from")), ("item", hs.get("item"))):
        if ds.get(key) != want:
            out.append(["DONE_RECEIPT", key, shown(want), shown(ds.get(key))])
    # The DN validated in its HO's vocabulary (note 21): a p= other than the HO's is its receipt, and
    # the rest is read by the core's types; no p= is read in the HO's profile.
    other_p = "p" in ds and ds["p"] != p
    read_in = validator.CORE if other_p or p not in validator.SHIPPED else validator.SHIPPED[p]
    if other_p:
        out.append(["DONE_RECEIPT", "p", "no p=" if p is None else p, ds["p"]])
    for code in sorted(validator.validate(dn, p) - ({"PROFILE_UNKNOWN"} if other_p else set())):
        out.append([code, None, None, None])
    for key in ds:
        if key == "p" or key.startswith("x_"):
            continue
        if key not in read_in.types:
            out.append(["SLOT_UNKNOWN", key if notes_placed else None, None, None])
        elif key not in read_in.on["DN"]:
            out.append(["SLOT_NOT_ON_TYPE", key if notes_placed else None, None, None])
    exec_slots = ((vocab.profile or {}).get("exec") or {}).get(hs.get("ask"), [])
    if not exec_slots:
        out.append(["DONE_NO_MAP", "out", None, None])
        return out
    rb_asked = "exec" in (hs.get("rb") or "").split("+")
    plan = None
    if record is not None:
        # The sender's record, where it registered one: the HO held to it, as check-ho holds it (note 23).
        # A value the record holds and the HO omits is check-ho's alone (HO_OMITS, note 23): the
        # report carries the value as executed, which the plan decides, not the record.
        out.extend([code, readback_checker.slot_of(code), None, None] for code in contradictions(ho, record) if code != "HO_OMITS")
        if not rb_asked and records_need_exec:
            # Section 5.3: check-ho "refuses a line that ... does not ask rb=exec where the profile
            # names execution slots for the ask"; a record given holds the HO to it whatever it asks
            # (note 99), so such an HO is refused by the rule alone, whether or not its values agree.
            out.append(["HO_NEEDS_EXEC", "rb", None, None])
    if not rb_asked:
        # Note 99: without rb=exec no readback read the values back; the HO alone is the plan.
        out.append(["DONE_NO_MAP", "out", None, None])
    elif plan_text is not None:
        if plan_verdict == "void":
            out.append(["DONE_PLAN_VOID", "rb", None, validator.parse(plan_text)[1]["id"]])
        if plan_verdict == "wilco":
            plan = validator.parse(plan_text)[1]
    outcome = ds.get("out")
    # Values compared as decoded by the HO's types (the DN read in its HO's vocabulary, note 71).
    value = lambda message, key: None if field(message, key) is None else readback_checker.decode(vocab, key, field(message, key))
    for key in exec_slots:
        got = value(dn, key)
        if outcome == "NOOP":
            if got is not None and key != "item" and noop_values_said:
                out.append(["DONE_NOOP", key, None, shown(got)])
            continue
        # The HO's value where it gives one, else the passing readback's (note 26).
        planned = value(ho, key) if key in vocab.types and key in vocab.on["HO"] else None
        if planned is None and plan is not None and plans_read_back:
            planned = value(plan, key)
        if planned is None and plan_text is None and record is not None and key in record and not unread_records_plan_nothing:
            planned = readback_checker.decode(vocab, key, record[key])
        if got is None:
            if outcome == "OK" and rb_asked:
                out.append(["DONE_MISSING", key, shown(planned), None])
        elif planned is None:
            out.append(["DONE_UNVERIFIED", key, None, shown(got)])
        elif planned != got:
            out.append(["DONE_MISMATCH", key, shown(planned), shown(got)])
    return out


def ok(findings):
    """Whether a done check passes: no error among its findings."""
    return not any(f[0] not in NOTES for f in findings)
