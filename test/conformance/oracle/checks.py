import json, os, sys
# Where the tables go: the conformance folder by default, or the folder named as the one argument
# (test/conformance/oracle.test.ts writes them to a temporary one and compares them with the committed).
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
HO1 = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes"
RB1 = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc"
HOA = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len+tone+must+no art=url:https://example.com/brief // hero copy for the landing page, 120 words, plain tone, no em dashes, must name the reader's Monday problem"
RBA = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md do=copy // landing hero, 120 words, plain, no em dashes, lead with the Monday problem"
WITHHELD = "len:120w+tone:plain+no:em-dash+must:monday-problem"
PAYHO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929"
PAYRB = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607 sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929"
PAYDN = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 // as executed, from the payment tool"
PASS, FAIL, NA = "pass", "fail", "not-asked"
rb = []
def R(id_, ho, rbl, tiers, codes, wilco=None, **kw):
    rec = {"id": id_, "ho": ho, "rb": rbl, "tiers": tiers, "codes": codes, "wilco": FAIL not in tiers if wilco is None else wilco}
    rec.update(kw); rb.append(rec)
R("s8-echo", HO1, RB1, [PASS, PASS, PASS, NA, NA], [])
R("s8-acc-withheld", HOA, RBA, [PASS, NA, PASS, PASS, NA], ["ACC_ASSUMPTION"], expectAcc=WITHHELD)
R("s8-acc-150w", HOA, RBA.replace("len:120w", "len:150w"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION", "ACC_ASSUMPTION"], expectAcc=WITHHELD)
# Section 5.2: only must no scope src repeat. Withheld criteria giving len two values compare neither.
R("acc-withheld-single-valued-twice", HOA, RBA, [PASS, NA, PASS, FAIL, NA], ["CRITERIA_REPEATED", "ACC_ASSUMPTION"], expectAcc=WITHHELD + "+len:150w", expectAccRefused=["CRITERIA_REPEATED"])
# Withheld criteria are read at tier 4, which only rb=acc or rb=plan asks: for an HO that asks
# neither, an adapter that takes them as input refuses them (they would be ignored in silence), and
# checkReadback, which reads tier 4 only when asked, reports it not asked.
R("acc-withheld-not-asked", HO1, RB1, [PASS, PASS, PASS, NA, NA], [], expectAcc=WITHHELD, expectAccUnread=True)
R("acc-withheld-not-asked-exec", PAYHO, PAYRB, [PASS, PASS, PASS, NA, PASS], [], profile="pay", expectAcc=WITHHELD, expectAccUnread=True)
R("acc-gap", HOA, RBA.replace("+must:monday-problem", ""), [PASS, NA, PASS, FAIL, NA], ["ACC_GAP", "ACC_ASSUMPTION"], expectAcc=WITHHELD)
R("acc-keys-gap-no-criteria", HOA, RBA.replace("+tone:plain", ""), [PASS, NA, PASS, FAIL, NA], ["ACC_UNCHECKED", "ACC_GAP", "ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_ASSUMPTION"])
R("acc-not-excludes-must", HOA, RBA.replace(" do=copy", " do=copy not=monday-problem"), [PASS, NA, PASS, FAIL, NA], ["ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_EXCLUDED"], expectAcc=WITHHELD)
# not= is compared as no: values (section 5.2), so a receiver's own no: that matches a sender's must:
# is the same exclusion of something required, and fails the same way.
R("acc-no-excludes-must", HOA, RBA.replace("+no:em-dash", "+no:em-dash+no:monday-problem"), [PASS, NA, PASS, FAIL, NA], ["ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_EXCLUDED"], expectAcc=WITHHELD)
# A not= or no: value that shares only a distinctive word with a sender's must: is a loose match,
# which section 5.2 reports as a note for the sender to confirm; it does not fail the readback.
R("acc-not-loose-must", HOA, RBA.replace(" do=copy", " do=copy not=monday-blues"), [PASS, NA, PASS, PASS, NA], ["ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_LOOSE"], expectAcc=WITHHELD)
R("acc-no-loose-must", HOA, RBA.replace("+no:em-dash", "+no:em-dash+no:monday-blues"), [PASS, NA, PASS, PASS, NA], ["ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_LOOSE"], expectAcc=WITHHELD)
R("acc-aliases", HOA.replace("keys=len+tone+must+no", "keys=len+lang"), RBA.replace("acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md", "acc=len:120words+lang:british"), [PASS, NA, PASS, PASS, NA], [], expectAcc="len:120w+lang:en-gb")
R("acc-loose-set", HOA, RBA.replace("must:monday-problem", "must:monday-blues"), [PASS, NA, PASS, PASS, NA], ["ACC_LOOSE", "ACC_ASSUMPTION"], expectAcc=WITHHELD)
# A receiver value that names one of the sender's facts stands loosely for no other (section 5.2's
# gap, "key in the sender's set, absent from the receiver's"): no:em-dash read back for the sender's
# no:em-dash+no:en-dash leaves no:en-dash a gap, not a loose match on "dash"; and no:en-dash beside
# the no:em-dash that names the sender's one is the receiver's assumption, noted, not swallowed.
R("acc-loose-named-gap", HOA, RBA, [PASS, NA, PASS, FAIL, NA], ["ACC_GAP", "ACC_ASSUMPTION"], expectAcc=WITHHELD + "+no:en-dash")
R("acc-loose-named-assumption", HOA, RBA.replace("+no:em-dash", "+no:em-dash+no:en-dash"), [PASS, NA, PASS, PASS, NA], ["ACC_ASSUMPTION", "ACC_ASSUMPTION"], expectAcc=WITHHELD)
R("acc-missing", HOA, RBA.replace(" acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md", ""), [PASS, NA, PASS, FAIL, NA], ["ACC_MISSING"], expectAcc=WITHHELD)
R("plan-needs-do", HOA.replace("rb=acc", "rb=plan"), RBA.replace(" do=copy", ""), [PASS, NA, PASS, FAIL, NA], ["ACC_MISSING", "ACC_ASSUMPTION"], expectAcc=WITHHELD)
R("acc-sent-on-ho", HOA.replace(" art=", " acc=len:120w+tone:plain art="), RBA, [PASS, NA, PASS, PASS, NA], ["ACC_ASSUMPTION", "ACC_ASSUMPTION", "ACC_ASSUMPTION"])
R("acc-keys-outside-set", "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=len+color", "RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=len:120w+color:red", [PASS, NA, PASS, PASS, NA], ["CONSTRAINT_KEY_UNKNOWN", "ACC_KEY_UNKNOWN", "ACC_KEY_UNKNOWN"], expectAcc="len:120w")
# Lengths compare as number and unit (section 5.2: single-valued keys never loose-match): 1.5 pages
# is not 15 pages, and the decimal point is part of the number.
R("acc-len-decimal", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:15p"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"], expectAcc="len:1.5p")
R("acc-len-decimal-same", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:1.5pages"), [PASS, NA, PASS, PASS, NA], [], expectAcc="len:1.5p")
# Nor is punctuation between digits deleted: 1-2 pages is not 12 pages, nor 1,5 pages 15.
R("acc-len-range", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:12p"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"], expectAcc="len:1-2p")
R("acc-len-decimal-comma", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:15p"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"], expectAcc="len:1,5p")
# A leading point is the number's own: .5p is half a page, the same length as 0.5p, and not 5p.
R("acc-len-leading-point", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:.5p"), [PASS, NA, PASS, PASS, NA], [], expectAcc="len:0.5p")
R("acc-len-leading-point-not-whole", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:5p"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"], expectAcc="len:.5p")
R("acc-len-thousands", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len"), RB1.replace(" h=c40bba4360dc", " acc=len:1,200w"), [PASS, NA, PASS, PASS, NA], [], expectAcc="len:1200w")
# A value of punctuation alone has no words to compare: it is kept as written, so must:£ is not
# must:$ (both were empty once stripped, and matched).
R("acc-symbol-values", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=must"), RB1.replace(" h=c40bba4360dc", " acc=must:$"), [PASS, NA, PASS, FAIL, NA], ["ACC_GAP", "ACC_ASSUMPTION"], expectAcc="must:£")
# "One is a prefix of the other" never ends inside a number: by:oct-1 is not by:oct-12, and a
# single-valued key contradicts.
R("acc-number-prefix", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=by"), RB1.replace(" h=c40bba4360dc", " acc=by:oct-12"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"], expectAcc="by:oct-1")
# A single-valued key's value is the whole fact: one that negates a word of the sender's
# (non-technical, not-formal) names its opposite, though its word set holds the sender's, and contradicts.
R("acc-negated-single-valued", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=aud+tone"), RB1.replace(" h=c40bba4360dc", " acc=aud:non-technical+tone:plain"), [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"], expectAcc="aud:technical+tone:plain")
R("acc-negated-both", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=aud"), RB1.replace(" h=c40bba4360dc", " acc=aud:non-technical-readers"), [PASS, NA, PASS, PASS, NA], [], expectAcc="aud:non-technical")
# A negation of a word the sender's value does not state is a further detail, not its opposite.
R("acc-negated-detail", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=tone"), RB1.replace(" h=c40bba4360dc", " acc=tone:formal-not-casual"), [PASS, NA, PASS, PASS, NA], [], expectAcc="tone:formal")
# Set-valued keys too: a value that negates (not, non, never, without, no) what the other value of
# its key states, naming the same fact once the negation is set aside, names the opposite fact
# ("name the same fact", section 5.2, fails): a contradiction, the constraint understood wrongly.
# The sender's must:em-dash read back must:not-em-dash passed, as its word set holds em and dash.
HON = "RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc=must:em-dash+by:20261002"
RBN = "RW1 RB b-1 re=a-1 from=b to=a item=doc:1 ask=DRAFT acc="
for word in ["not", "without", "no", "never"]:
    R(f"acc-negated-must-{word}", HON, RBN + f"must:{word}-em-dash+by:20261002", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-negated-must-plain", HON, RBN + "must:em-dash+by:20261002", [PASS, NA, PASS, PASS, NA], [])
# A receiver holding the value and its opposite cannot act on both: the opposite still contradicts.
R("acc-negated-must-and-plain", HON, RBN + "must:em-dash+must:not-em-dash+by:20261002", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
HOK = "RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc="
R("acc-negated-no", HOK + "no:em-dash", RBN + "no:not-em-dash", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-negated-scope", HOK + "scope:intro", RBN + "scope:not-intro", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-negated-src", HOK + "src:wikipedia", RBN + "src:without-wikipedia", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-negated-by-sender", HOK + "must:no-em-dash", RBN + "must:em-dash", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
# A no: value opening with `no` restates its key in the brief's own words ("no em dashes"): no:no-em-dash
# is no:em-dash, and excludes a required must:em-dash as no:em-dash does.
R("acc-no-restated", HOK + "no:em-dash", RBN + "no:no-em-dash", [PASS, NA, PASS, PASS, NA], [])
R("acc-no-restated-excludes-must", HON, RBN + "must:em-dash+no:no-em-dash+by:20261002", [PASS, NA, PASS, FAIL, NA], ["ACC_ASSUMPTION", "ACC_EXCLUDED"])
R("acc-no-excludes-must-plain", HON, RBN + "must:em-dash+no:em-dash+by:20261002", [PASS, NA, PASS, FAIL, NA], ["ACC_ASSUMPTION", "ACC_EXCLUDED"])
# A negated word the other does not state is a further detail, and a shared word alone a loose match: notes at most.
R("acc-negated-set-detail", HOK + "must:formal", RBN + "must:formal-not-casual", [PASS, NA, PASS, PASS, NA], [])
R("acc-negated-set-loose", HOK + "must:monday-problem", RBN + "must:not-monday-blues", [PASS, NA, PASS, PASS, NA], ["ACC_LOOSE"])
# One negation in other words (non-, not, without, no, never) is the same negation: the sender's own
# criterion reworded, not its opposite. It contradicted (aud) or was only loosely matched (must).
R("acc-negation-reworded-single", HOK + "aud:non-technical", RBN + "aud:not-technical", [PASS, NA, PASS, PASS, NA], [])
R("acc-negation-reworded-set", HOK + "must:not-em-dash", RBN + "must:without-em-dash", [PASS, NA, PASS, PASS, NA], [])
R("acc-negation-reworded-no", HOK + "must:never-use-tables", RBN + "must:no-tables", [PASS, NA, PASS, PASS, NA], [])
# ...and still the opposite of the plain fact.
R("acc-negation-reworded-opposite", HOK + "aud:technical", RBN + "aud:not-technical", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
# `no` with nothing after it negates nothing: Norwegian (lang:no) is read as before.
R("acc-lang-no", HOK + "lang:no", RBN + "lang:nb-no", [PASS, NA, PASS, PASS, NA], [])
# by: is a date (section 3, `by`: date); one written with hyphens, YYYY-MM-DD, that is a real calendar
# date is the same date as YYYYMMDD. Nothing else is read as that date (rule 2: never guess), and
# no other key's values are dates.
R("acc-by-hyphenated-date", HON, RBN + "must:em-dash+by:2026-10-02", [PASS, NA, PASS, PASS, NA], [])
R("acc-by-hyphenated-sender", HOK + "by:2024-02-29", RBN + "by:20240229", [PASS, NA, PASS, PASS, NA], [])
R("acc-by-hyphenated-other-day", HON, RBN + "must:em-dash+by:2026-10-03", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-by-hyphenated-not-a-date", HOK + "by:20260230", RBN + "by:2026-02-30", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-by-slashed-date", HON, RBN + "must:em-dash+by:2026/10/02", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-hyphenated-date-other-key", HOK + "src:20261002", RBN + "src:2026-10-02", [PASS, NA, PASS, FAIL, NA], ["ACC_GAP", "ACC_ASSUMPTION"])
# A negation word negates the words after it up to `than` or `but`: a bound (no later than friday,
# no more than 3 sources) negates the comparative, not the bound, and `not formal but friendly`
# states friendly. Read as negating the bound, the receiver's faithful bound contradicted.
R("acc-negation-bound-by", HOK + "by:friday", RBN + "by:no-later-than-friday", [PASS, NA, PASS, PASS, NA], [])
R("acc-negation-bound-must", HOK + "must:cite-sources", RBN + "must:cite-no-more-than-3-sources", [PASS, NA, PASS, PASS, NA], [])
R("acc-negation-bound-opposite", HOK + "must:cite-more-than-3-sources", RBN + "must:cite-no-more-than-3-sources", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-negation-but", HOK + "tone:friendly", RBN + "tone:not-formal-but-friendly", [PASS, NA, PASS, PASS, NA], [])
R("acc-negation-but-opposite", HOK + "tone:formal", RBN + "tone:not-formal-but-friendly", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
# A negation word that is one answer of a pair (yes no, yes or no, whether or not) negates nothing.
R("acc-answer-pair-yes-no", HOK + "scope:questions", RBN + "scope:yes-no-questions", [PASS, NA, PASS, PASS, NA], [])
R("acc-answer-pair-whether", HOK + "scope:whether-to-ship", RBN + "scope:whether-or-not-to-ship", [PASS, NA, PASS, PASS, NA], [])
# A value whose polarity no rule reads (a negation word other than `no` ending it, a double negative)
# is never the same as another by prefix or word set: it passed as the sender's value.
R("acc-polarity-unread-trailing", HON, RBN + "must:em-dash-never+by:20261002", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-polarity-unread-single", HOK + "tone:formal", RBN + "tone:formal-not", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-polarity-unread-double", HOK + "aud:non-technical", RBN + "aud:not-non-technical", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
# A by: date written YYYY-MM-DD with a time, a note or a bound about it, set off from other digits,
# is that date: by:2026-10-02-eod begins as by:2026-10-02 does. Run into digits, it is not read.
R("acc-by-hyphenated-date-detail", HOK + "by:2026-10-02", RBN + "by:2026-10-02-eod", [PASS, NA, PASS, PASS, NA], [])
R("acc-by-hyphenated-date-bound", HOK + "by:20261002", RBN + "by:no-later-than-2026-10-02", [PASS, NA, PASS, PASS, NA], [])
R("acc-by-hyphenated-date-run-on", HOK + "by:20261002", RBN + "by:2026-10-02-03", [PASS, NA, PASS, FAIL, NA], ["ACC_CONTRADICTION"])
R("acc-keys-any-case", HO1.replace("pri=2 conf=M keep=research", "rb=acc keys=len+tone"), RB1.replace(" h=c40bba4360dc", " acc=LEN:120w+Tone:Plain"), [PASS, NA, PASS, PASS, NA], [], expectAcc="len:120w+tone:plain")
R("ho-itself-refused", HO1.replace("pri=2 conf=M", "pri=9 conf=Q"), "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002", [FAIL, NA, PASS, NA, NA], ["RECEIPT"])
# An HO whose error comes after a hundred notes (unknown keys) is refused all the same: a reader
# that lists at most 100 findings keeps its errors ahead of its notes (README note 36).
JUNK = " ".join(f"k{i}=1" for i in range(101))
R("ho-refused-behind-notes", HO1.replace("pri=2 conf=M keep=research", JUNK + " pri=9"), "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002", [FAIL, NA, PASS, NA, NA], ["RECEIPT"])
R("void-ask", "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001", "RW1 RB builder-05 re=ops-03 from=builder to=ops item=jira:OPS-77 ask=BUILD due=20261001", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("reissue-passes", "RW1 HO ops-04 re=builder-05 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 // readback mismatch on ask", "RW1 RB builder-06 re=ops-04 from=builder to=ops item=jira:OPS-77 ask=FIX due=20261001", [PASS, NA, PASS, NA, NA], [])
R("echo-missing-due", HO1, RB1.replace(" due=20261002", ""), [PASS, PASS, FAIL, NA, NA], ["ECHO_MISSING"])
R("echo-decoded-pri", HO1.replace("conf=M", "conf=M rb=echo+pri"), RB1.replace(" h=c40bba4360dc", " pri=02"), [PASS, NA, PASS, NA, NA], [])
R("echo-list-order", HO1.replace("keep=research", "keep=research+ops rb=keep"), RB1.replace(" h=c40bba4360dc", " keep=ops+research"), [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
# Tier 3 compares two decoded messages: an RB that states a slot of the HO the HO does not carry
# decoded something the sender never encoded, under rb=echo and under rb=all alike.
HOX = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT"
RBX = "RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT"
R("echo-unsent-due", HOX, RBX + " due=20261010", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("all-unsent-pri", HOX + " rb=all", RBX + " pri=1", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("all-unsent-keep-and-ctx", HOX + " pri=1 rb=all", RBX + " pri=1 keep=a ctx=a-0", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH", "ECHO_MISMATCH"])
# rb=all echoes the slots of the HO type the HO carries: one it does not list is ignored on an HO
# (SLOT_NOT_ON_TYPE), so it is no echo (an HO's stray h= could never be read back). Under rb=acc the
# RB's acc= is the receiver's own criteria, compared at tier 4, not an echo of the HO's.
R("all-ignores-slot-not-on-ho", HOX + " rb=all h=0123456789ab", RBX, [PASS, NA, PASS, NA, NA], [])
R("all-acc-is-the-receivers", HOX + " rb=all+acc acc=len:120w", RBX + " acc=len:120w+fmt:md", [PASS, NA, PASS, PASS, NA], ["ACC_ASSUMPTION"])
# What the RB states on its own account is no echo: h, eta, not, asm, and exp (never echoed).
R("rb-own-slots", HOX + " due=20261010", RBX + " due=20261010 h=c95bf2f370ae eta=20261009 exp=20261001T1200Z not=images asm=plain-text", [PASS, PASS, PASS, NA, NA], [])
# A slot the HO carries outside the readback set need not be echoed, but what the RB states of it
# is what the receiver read: compared as decoded values, so a misread fails tier 3 as a misread
# echo does, and a correct statement passes.
R("echo-outside-set-misread", HOX + " pri=1", RBX + " pri=2", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("echo-outside-set-same", HOX + " pri=1 keep=a+b", RBX + " pri=01 keep=a+b", [PASS, NA, PASS, NA, NA], [])
# Constraints are "compared case-insensitively" (section 5.2), as an echo too: acc=LEN:120w read back
# acc=len:120W under rb=all, or stated outside the set, is the same criterion; keys=LEN is keys=len.
# Another value, or another order (a list's order is significant), is still a misread.
R("echo-acc-any-case", HOX + " rb=all acc=LEN:120w+Must:Monday", RBX + " acc=len:120W+must:monday", [PASS, NA, PASS, NA, NA], [])
R("echo-outside-set-acc-keys-any-case", HOX + " acc=Tone:Plain keys=LEN+tone", RBX + " acc=tone:plain keys=len+TONE", [PASS, NA, PASS, NA, NA], [])
R("echo-acc-other-value", HOX + " rb=all acc=LEN:120w", RBX + " acc=len:150w", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("echo-acc-other-order", HOX + " rb=all acc=len:120w+tone:plain", RBX + " acc=TONE:plain+len:120w", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("echo-outside-set-list-order", HOX + " keep=a+b", RBX + " keep=b+a", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("exec-outside-set-misread", PAYHO.replace(" rb=exec", " rb=exec pri=2"), PAYRB.replace(" h=a7a82de76607", "") + " pri=1", [PASS, NA, FAIL, NA, PASS], ["ECHO_MISMATCH"], profile="pay")
# acc is the receiver's own when the HO asked rb=acc or rb=plan, and an unsent slot otherwise.
R("acc-own-under-rb-acc", HOX + " rb=acc", RBX + " acc=len:120w", [PASS, NA, PASS, PASS, NA], ["ACC_UNCHECKED", "ACC_ASSUMPTION"])
R("acc-unsent-under-rb-echo", HOX, RBX + " acc=len:120w", [PASS, NA, FAIL, NA, NA], ["ECHO_MISMATCH"])
R("integrity", HO1, RB1.replace("c40bba4360dc", "c40bba4360dd"), [PASS, FAIL, PASS, NA, NA], ["INTEGRITY"])
# A readback answers in its HO's vocabulary: one naming a profile its HO does not is a receipt
# failure that says so, not a profile "this reader does not have".
R("receipt-other-profile", HO1, RB1 + " p=pay", [FAIL, PASS, PASS, NA, NA], ["RECEIPT"])
# That readback is read in its HO's vocabulary, its values too: pay's src=email:7 is a list under
# p=pay, but answering an HO without p= it is the unknown key's text, as the HO would hold it, not a
# list "the JSON form holds" off its type (VALUE_TYPE). Its one fault is the p= (README note 21).
R("receipt-other-profile-values", HO1, RB1 + " p=pay src=email:7", [FAIL, PASS, PASS, NA, NA], ["RECEIPT", "SLOT_UNKNOWN"])
# The other way: a readback without the HO's p= echoes src=a+b as the same text the HO's list is
# written with. Decoded without pay it is a string, yet it is the HO's list read back: tier 3 passes,
# and tier 1 names the missing p= (PROFILE_REQUIRED, the ask and each pay slot), rather than tier 3 failing on
# "src: the readback says email:7+po:PO-1044, the HO says email:7+po:PO-1044".
# And one naming a profile the HO's vocabulary does not hold is validated by the core's types, as
# validation reads it (note 18), its values too, while its echo is still read by the HO's: neither
# src= is off its type, and tier 1 fails on the p= (RECEIPT) and pay's ask, no core code.
R("receipt-unknown-profile-values", PAYHO.replace("rb=exec", "rb=exec+src").replace("apref=FD-0929", "apref=FD-0929 src=email:7"), PAYRB.replace(" p=pay h=a7a82de76607", " p=payx") + " src=email:7", [FAIL, NA, PASS, NA, PASS], ["RECEIPT", "ENUM_UNKNOWN"] + ["SLOT_UNKNOWN"] * 9, profile="pay")
R("receipt-no-profile-list-echo", PAYHO.replace("rb=exec", "rb=exec+src").replace("apref=FD-0929", "apref=FD-0929 src=email:7+po:PO-1044"), PAYRB.replace(" p=pay h=a7a82de76607", "") + " src=email:7+po:PO-1044", [FAIL, NA, PASS, NA, PASS], ["PROFILE_REQUIRED"] * 10, profile="pay")
R("receipt-wrong-re", HO1, RB1.replace("re=research-01", "re=research-02"), [FAIL, PASS, PASS, NA, NA], ["RECEIPT"])
R("receipt-wrong-sender", HO1, RB1.replace("RB writer-01", "RB ghost-01").replace("from=writer", "from=ghost"), [FAIL, PASS, PASS, NA, NA], ["RECEIPT"])
R("receipt-wrong-receiver", HO1, RB1.replace("to=research", "to=ghost"), [FAIL, PASS, PASS, NA, NA], ["RECEIPT"])
R("receipt-not-rb", HO1, RB1.replace("RW1 RB", "RW1 ST"), [FAIL, PASS, PASS, NA, NA], ["RECEIPT", "MISSING_SLOT"] if False else ["RECEIPT", "SLOT_NOT_ON_TYPE", "SLOT_NOT_ON_TYPE", "SLOT_NOT_ON_TYPE"])
# Tier 1 (section 5.1): the readback answers a handoff; an RB of another type of message (an ST,
# which hands nothing over) proves no receipt of one, whatever it echoes.
R("receipt-not-a-handoff", "RW1 ST research-01 from=research to=writer item=gh:crox/site#42 pct=50", "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT", [FAIL, NA, FAIL, NA, NA], ["RECEIPT", "ECHO_MISMATCH"])
R("rb-exp-outlives-ho", HO1.replace("keep=research", "keep=research exp=20261001T1200Z"), RB1.replace(" h=c40bba4360dc", " exp=20261001T1300Z"), [FAIL, NA, PASS, NA, NA], ["RECEIPT"])
R("pay-exec", PAYHO, PAYRB, [PASS, PASS, PASS, NA, PASS], [], profile="pay")
R("pay-exec-5100", PAYHO, PAYRB.replace("amt=5400.00", "amt=5100.00"), [PASS, PASS, PASS, NA, FAIL], ["EXEC_MISMATCH"], profile="pay")
R("pay-exec-no-acct", PAYHO, PAYRB.replace(" acct=40-12-88/61102938", ""), [PASS, PASS, PASS, NA, FAIL], ["EXEC_MISSING"], profile="pay")
CHG = "RW1 HO scheduler-4 p=pay from=scheduler to=payer item=sup:marlow ask=CHGBANK rb=exec sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001"
CHGRB = "RW1 RB payer-4 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow ask=CHGBANK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938"
# The record is the plan (section 5.1, tier 5: "the ones the sender approved"): it holds every
# execution value the HO carries, and prev, which the receiver resolves and tier 5 checks against it.
# A record of prev alone would leave sup, acct, eff and apref unapproved (HO_DIFFERS, note 23).
CHGAPPROVED = {"prev": "40-12-88/61102938", "sup": "marlow", "acct": "20-00-00/12345678", "eff": "20261101", "apref": "FD-1001"}
R("chgbank-prev-unverified", CHG, CHGRB, [PASS, NA, PASS, NA, FAIL], ["EXEC_UNVERIFIED"], profile="pay")
R("chgbank-prev-record", CHG, CHGRB, [PASS, NA, PASS, NA, PASS], [], profile="pay", record=CHGAPPROVED)
R("chgbank-prev-lookalike", CHG, CHGRB.replace("prev=40-12-88/61102938", "prev=40-12-88/61102939"), [PASS, NA, PASS, NA, FAIL], ["EXEC_MISMATCH"], profile="pay", record=CHGAPPROVED)
# prev is a slot of RB and DN only (section 7): written on an HO it is ignored (note 11), so it is
# not the sender's value. The receiver resolves it, and tier 5 checks that against the record.
CHGPREV = CHG + " prev=99-99-99/00000000"
CHGRBPREV = CHGRB.replace("prev=40-12-88/61102938", "prev=99-99-99/00000000")
R("chgbank-prev-on-ho-ignored", CHGPREV, CHGRB, [PASS, NA, PASS, NA, PASS], [], profile="pay", record=CHGAPPROVED)
R("chgbank-prev-on-ho-not-approved", CHGPREV, CHGRBPREV, [PASS, NA, PASS, NA, FAIL], ["EXEC_MISMATCH"], profile="pay", record=CHGAPPROVED)
R("chgbank-prev-on-ho-unverified", CHGPREV, CHGRBPREV, [PASS, NA, PASS, NA, FAIL], ["EXEC_UNVERIFIED"], profile="pay")
# Under rb=exec the ask's execution slots the HO leaves open are the receiver's to resolve (tier 5
# checks them against the record), not unsent echoes; another slot of the HO it does not carry is.
PAYOPEN = PAYHO.replace(" acct=40-12-88/61102938", "")
PAYOPENRB = PAYRB.replace(" h=a7a82de76607", "")
# Its record holds the HO's other execution values too, or they would be unapproved (note 23).
PAYOPENREC = {"sup": "marlow", "amt": "5400.00", "cur": "GBP", "kind": "GROSS", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929"}
R("exec-open-slot-resolved", PAYOPEN, PAYOPENRB, [PASS, NA, PASS, NA, PASS], [], profile="pay", record=dict({"acct": "40-12-88/61102938"}, **PAYOPENREC, **{"$resolve": ["acct"]}))
# The record is what was approved: an HO that carries other values is echoed and would pass, so
# tier 5 fails it against the record (HO_DIFFERS, as check-ho refuses that HO before it is sent).
R("exec-ho-contradicts-record", PAYHO, PAYRB, [PASS, PASS, PASS, NA, FAIL], ["HO_DIFFERS", "HO_DIFFERS"], profile="pay", record={"sup": "marlow", "amt": "5100.00", "cur": "GBP", "kind": "GROSS", "acct": "99-99-99/00000000", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929"})
# A record that holds only some of the values the HO carries is held to them slot by slot (note 23):
# one it holds otherwise is HO_DIFFERS, and each execution value it does not hold is HO_DIFFERS too,
# approved by nobody (the 7 other execution slots of PAY), as check-ho refuses it.
R("exec-ho-contradicts-partial-record", PAYHO, PAYRB, [PASS, PASS, PASS, NA, FAIL], ["HO_DIFFERS"] * 8, profile="pay", record={"amt": "5100.00"})
R("exec-ho-partial-record-unapproved", PAYHO, PAYRB, [PASS, PASS, PASS, NA, FAIL], ["HO_DIFFERS"] * 7, profile="pay", record={"amt": "5400.00"})
R("exec-open-slot-unverified", PAYOPEN, PAYOPENRB, [PASS, NA, PASS, NA, FAIL], ["EXEC_UNVERIFIED"], profile="pay")
R("exec-unsent-other-slot", PAYHO, PAYRB.replace(" h=a7a82de76607", " eff=20261101"), [PASS, NA, FAIL, NA, PASS], ["ECHO_MISMATCH"], profile="pay")
R("exec-no-map", "RW1 HO a-1 from=a to=b item=x ask=FIX rb=exec", "RW1 RB b-1 re=a-1 from=b to=a item=x ask=FIX", [PASS, NA, PASS, NA, NA], ["EXEC_NO_MAP"])

ho = []
def H(id_, line, record, ok, codes, **kw):
    rec = {"id": id_, "ho": line, "record": record, "ok": ok, "codes": codes}; rec.update(kw); ho.append(rec)
REC = {"sup": "marlow", "amt": "5400.00", "cur": "GBP", "kind": "GROSS", "acct": "40-12-88/61102938", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929", "item": "inv:MD-2026-057"}
H("pay-matches-record", PAYHO, REC, True, [])
# check-ho checks an HO (section 5.3: "check-ho takes the line and the record"): another type, even
# one whose slots agree with the record, is no handoff to send, and passing it would clear nothing.
H("record-checks-only-a-handoff", "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED", {"item": "inv:MD-2026-057"}, False, ["NOT_A_HANDOFF"])
H("pay-amount-differs", PAYHO.replace("amt=5400.00", "amt=5100.00"), REC, False, ["HO_DIFFERS"])
H("pay-omits-acct", PAYHO.replace(" acct=40-12-88/61102938", ""), REC, False, ["HO_OMITS"])
H("pay-acct-resolved-by-receiver", PAYHO.replace(" acct=40-12-88/61102938", ""), dict(REC, **{"$resolve": ["acct"]}), True, [])
# Left to the receiver, with no value in the record: an HO that carries one anyway carries a value
# nobody approved (a planted account), and check-rb would then compare the readback with it.
H("pay-acct-resolve-but-carried", PAYHO.replace("acct=40-12-88/61102938", "acct=99-99-99/00000000"), dict({k: v for k, v in REC.items() if k != "acct"}, **{"$resolve": ["acct"]}), False, ["HO_DIFFERS"])
# Given that same record, tier 5 holds the HO to it as check-ho does (README note 23): the planted
# account read back equal to the HO's passed wilco, the record's $resolve read and not used.
PLANTED = PAYHO.replace("acct=40-12-88/61102938", "acct=99-99-99/00000000")
PLANTEDREC = dict({k: v for k, v in REC.items() if k != "acct"}, **{"$resolve": ["acct"]})
R("exec-resolve-but-carried", PLANTED, PAYRB.replace(" h=a7a82de76607", "").replace("acct=40-12-88/61102938", "acct=99-99-99/00000000"), [PASS, NA, PASS, NA, FAIL], ["HO_DIFFERS"], profile="pay", record=PLANTEDREC)
R("exec-resolve-not-carried", PAYHO.replace(" acct=40-12-88/61102938", ""), PAYRB.replace(" h=a7a82de76607", ""), [PASS, NA, PASS, NA, PASS], [], profile="pay", record=dict(REC, **{"$resolve": ["acct"]}))
H("pay-no-rb-exec", PAYHO.replace(" rb=exec", ""), REC, False, ["HO_NEEDS_EXEC"])
H("pay-record-partial", PAYHO, {"sup": "marlow", "amt": "5400.00", "cur": "GBP"}, False, ["HO_DIFFERS"] * 5)
H("pay-value-not-in-record", PAYHO.replace("kind=GROSS", "kind=NET"), {k: v for k, v in REC.items() if k != "kind"}, False, ["HO_DIFFERS"])
# A record value for a slot the HO type does not take (pay's prev, on RB and DN only) is for tier 5:
# the line cannot carry it, so it is not looked for there; one written there anyway is ignored.
CHGREC = {"item": "sup:marlow", "sup": "marlow", "acct": "20-00-00/12345678", "eff": "20261101", "apref": "FD-1001", "prev": "40-12-88/61102938"}
# A record copied from a JSON form may hold the envelope: its from and to are the line's, not slots.
H("pay-record-holds-envelope", PAYHO, dict(REC, **{"from": "scheduler", "to": "payer"}), True, [])
H("pay-record-envelope-differs", PAYHO, dict(REC, **{"from": "scheduler", "to": "bank"}), False, ["HO_DIFFERS"])
H("chgbank-record-holds-prev", CHG, CHGREC, True, [])
H("chgbank-prev-on-ho-ignored", CHGPREV, CHGREC, True, ["SLOT_NOT_ON_TYPE"])
H("relay-unchanged", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank"), None, True, [], relayFrom=PAYHO)
H("relay-changed-amount", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank").replace("5400.00", "5100.00"), None, False, ["HO_DIFFERS"], relayFrom=PAYHO)
# A relay forwards every slot unchanged, those the record check does not read too (x_ keys).
H("relay-changes-x-slot", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank") + " x_route=zz", None, False, ["HO_DIFFERS"], relayFrom=PAYHO + " x_route=a1")
# Note 25: a relay forwards the tail unchanged too ("the brief travels as received").
H("relay-changes-tail", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank") + " // pay today", None, False, ["HO_DIFFERS"], relayFrom=PAYHO + " // approved run FD-0929")
H("relay-drops-x-slot", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank"), None, False, ["HO_OMITS"], relayFrom=PAYHO + " x_route=a1")
H("relay-keeps-x-slot", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank") + " x_route=a1", None, True, [], relayFrom=PAYHO + " x_route=a1")
H("relay-adds", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank") + " eff=20261003", None, False, ["RELAY_ADDS"], relayFrom=PAYHO)
H("relay-role-adds", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank") + " eff=20261003", None, True, [], relayFrom=PAYHO, adds={"eff": "20261003"})
# What a relay's role adds is a slot the HO does not carry: naming one it carries does not let the
# relay change it (every slot travels unchanged), so the received value still stands as the record.
H("relay-adds-cannot-change", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank").replace("5400.00", "5100.00"), None, False, ["HO_DIFFERS", "RELAY_ADDS"], relayFrom=PAYHO, adds={"amt": "5100.00"})
# A relay's adds are read as a record's values are (README notes 24, 25): written as on a line or
# as the JSON form holds them, the same values; one its slot's type does not admit is refused.
RELAYED = "RW1 HO sch-1 from=sch to=relay item=x ask=DRAFT // go"
RELAYFWD = "RW1 HO relay-1 from=relay to=payer item=x ask=DRAFT keep=relay+sch pri=1 // go"
H("relay-adds-written", RELAYFWD, None, True, [], relayFrom=RELAYED, adds={"keep": "relay+sch", "pri": "1"})
H("relay-adds-decoded", RELAYFWD, None, True, [], relayFrom=RELAYED, adds={"keep": ["relay", "sch"], "pri": 1})
H("relay-adds-not-of-their-type", RELAYFWD, None, False, ["RECORD_SHAPE"], relayFrom=RELAYED, adds={"keep": ["relay", "sch"], "pri": "x"})
H("relay-drops", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank").replace(" apref=FD-0929", ""), None, False, ["HO_OMITS"], relayFrom=PAYHO)
# A relay forwards only what it could accept: a received HO that is refused gets a UN, not a forward
# (here it lacks its item, and the forward supplies one nobody sent).
H("relay-received-invalid", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank"), None, False, ["RELAY_RECEIVED_INVALID"], relayFrom=PAYHO.replace(" item=inv:MD-2026-057", ""))
H("relay-received-not-a-handoff", PAYHO.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank"), None, False, ["RELAY_RECEIVED_INVALID"], relayFrom=PAYHO.replace("RW1 HO scheduler-1", "RW1 ST scheduler-1"))
H("relay-not-the-receiver", PAYHO.replace("HO scheduler-1", "HO mallory-3").replace("from=scheduler to=payer", "from=mallory to=bank"), None, False, ["RELAY_PARTIES"], relayFrom=PAYHO)

dn = []
def D(id_, ho_, dn_, ok, codes, **kw):
    rec = {"id": id_, "ho": ho_, "dn": dn_, "ok": ok, "codes": codes}; rec.update(kw); dn.append(rec)
D("pay-done", PAYHO, PAYDN, True, [])
D("pay-done-5100", PAYHO, PAYDN.replace("amt=5400.00", "amt=5100.00"), False, ["DONE_MISMATCH"])
# Done as the HO said, but the HO contradicts the sender's record: nobody approved those values.
D("pay-done-ho-contradicts-record", PAYHO, PAYDN, False, ["HO_DIFFERS", "DONE_PLAN_VOID"], rb=PAYRB, record={"sup": "marlow", "amt": "5100.00", "cur": "GBP", "kind": "GROSS", "acct": "40-12-88/61102938", "paid": "20261002", "ref": "MD-2026-057", "apref": "FD-0929"})
D("pay-ok-missing-slot", PAYHO, PAYDN.replace(" ref=MD-2026-057", ""), False, ["DONE_MISSING"])
D("pay-noop-carries-none", PAYHO, "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP // cancelled before it ran", True, [])
D("pay-noop-carries-values", PAYHO, PAYDN.replace("out=OK", "out=NOOP"), False, ["DONE_NOOP"] * 8)
D("pay-partial-carries-some", PAYHO, "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=PARTIAL sup=marlow amt=2700.00 cur=GBP", False, ["DONE_MISMATCH"])
D("pay-partial-as-planned", PAYHO, "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=PARTIAL sup=marlow cur=GBP", True, [])
D("pay-wrong-re", PAYHO, PAYDN.replace("re=scheduler-1", "re=scheduler-9"), False, ["DONE_RECEIPT"])
D("pay-done-wrong-sender", PAYHO, PAYDN.replace("DN payer-2", "DN ghost-2").replace("from=payer", "from=ghost"), False, ["DONE_RECEIPT"])
D("pay-done-wrong-receiver", PAYHO, PAYDN.replace("to=scheduler", "to=auditor"), False, ["DONE_RECEIPT"])
# A done report answers in its HO's vocabulary, as a readback does (tier 1's RECEIPT): another
# profile is the receipt's fault, not a profile "this reader does not have". Read without its
# profile, the DN's pay slots are unknown keys (noted).
D("pay-done-other-profile", PAYHO, PAYDN.replace("p=pay", "p=clin"), False, ["DONE_RECEIPT"] + ["SLOT_UNKNOWN"] * 8)
# Its values are read in the HO's vocabulary too (README note 71): pay's src=email:7 in a report
# naming p=pay for an HO without p= is the unknown key's text, not a list off its type (VALUE_TYPE).
D("done-other-profile-values", HO1, "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK p=pay src=email:7", False, ["DONE_RECEIPT", "SLOT_UNKNOWN", "DONE_NO_MAP"])
# The readback plans what the HO left to the receiver only if it passed (section 5.3), its resolved
# values checked against the record as at tier 5: without the record they are unverified and plan nothing.
D("chgbank-resolved-from-rb", CHG, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938", True, [], rb=CHGRB, record=CHGAPPROVED)
D("chgbank-resolved-from-unverified-rb", CHG, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938", False, ["DONE_UNVERIFIED"], rb=CHGRB)
D("chgbank-prev-on-ho-plans-nothing", CHGPREV, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=99-99-99/00000000", False, ["DONE_UNVERIFIED"])
D("chgbank-resolved-no-rb", CHG, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938", False, ["DONE_UNVERIFIED"])
D("chgbank-prev-differs-from-rb", CHG, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=99-99-99/00000000", False, ["DONE_MISMATCH"], rb=CHGRB, record=CHGAPPROVED)
D("chgbank-plan-rb-void", CHG, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=99-99-99/00000000", False, ["DONE_PLAN_VOID", "DONE_UNVERIFIED"], rb=CHGRB.replace("ask=CHGBANK", "ask=DRAFT").replace("40-12-88/61102938", "99-99-99/00000000"))
D("chgbank-plan-rb-of-another-ho", CHG, "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=99-99-99/00000000", False, ["DONE_PLAN_VOID", "DONE_UNVERIFIED"], rb=CHGRB.replace("RB payer-4 re=scheduler-4", "RB mallory-4 re=other-9").replace("from=payer to=scheduler", "from=mallory to=eve").replace("40-12-88/61102938", "99-99-99/00000000"))
# Section 5.3 exempts from the done check only "an ask the profile does not list under exec": a PAY
# HO that did not ask rb=exec (check-ho refuses it, but it may have gone) is still checked, each
# execution slot the DN carries against the HO's value ("every execution slot it carries equals the
# HO's value"). A paid 5,100.00 against an HO's 5,400.00 passed as "receipt only". Nothing must be
# carried (the DN carries the slots "after an act the HO asked rb=exec for", section 3), and a value
# the HO did not give has no readback to plan it.
PAYHONOEXEC = PAYHO.replace(" rb=exec", "")
D("pay-no-rb-exec-5100", PAYHONOEXEC, PAYDN.replace("amt=5400.00", "amt=5100.00"), False, ["DONE_NO_MAP", "DONE_MISMATCH"])
D("pay-no-rb-exec-as-sent", PAYHONOEXEC, PAYDN, True, ["DONE_NO_MAP"])
D("pay-no-rb-exec-carries-none", PAYHONOEXEC, "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK", True, ["DONE_NO_MAP"])
D("pay-no-rb-exec-noop-carries-values", PAYHONOEXEC, PAYDN.replace("out=OK", "out=NOOP").replace(" sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057", ""), False, ["DONE_NO_MAP", "DONE_NOOP"])
D("chgbank-no-rb-exec-unplanned", CHG.replace(" rb=exec", ""), "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938", False, ["DONE_NO_MAP", "DONE_UNVERIFIED"])
# Without rb=exec no readback read the execution values back (note 26): one given as the plan, though it
# passes its own echo, plans nothing, so the receiver's prev= stays a value nobody approved.
D("chgbank-no-rb-exec-readback-plans-nothing", CHG.replace(" rb=exec", ""), "RW1 DN payer-5 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow out=OK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938", False, ["DONE_NO_MAP", "DONE_UNVERIFIED"], rb=CHGRB)
# The same record given to check-dn: the HO's planted account is no plan, and the readback that
# read it back cannot stand for one.
D("pay-resolve-but-carried", PLANTED, PAYDN.replace("acct=40-12-88/61102938", "acct=99-99-99/00000000"), False, ["HO_DIFFERS", "DONE_PLAN_VOID"], rb=PAYRB.replace(" h=a7a82de76607", "").replace("acct=40-12-88/61102938", "acct=99-99-99/00000000"), record=PLANTEDREC)
# The DN answers the HO (receipt, section 5.3): a DN of a message that is not an HO, or of an HO that
# is itself refused (its receiver answers UN under rule 2), is no done report of a handoff.
D("done-of-a-status", "RW1 ST research-01 from=research to=writer item=gh:crox/site#42", "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK", False, ["DONE_RECEIPT", "DONE_NO_MAP"])
D("done-of-a-refused-ho", HO1.replace("pri=2 conf=M", "pri=9 conf=Q"), "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK", False, ["DONE_RECEIPT", "DONE_NO_MAP"])
D("no-exec-map", HO1, "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=sha256:9f3e1c // v1, 118 words", True, ["DONE_NO_MAP"])

# The record is the plan (section 5.1, tier 5: the values "the sender approved"; section 5.3: check-ho
# refuses a line that "differs from the record in any value"). An execution value the HO carries and
# the record does not hold was approved by nobody: HO_DIFFERS at check-ho, tier 5 and check-dn alike
# (README note 23), so a readback or report equal to it cannot pass. An execution slot neither the
# line nor the record gives has nothing to check the receiver's resolved value against ("the sender
# checks it against its record", 5.3): HO_EXEC_UNSET, $resolve or not (note 46). A relay is not held
# to that: the HO it received stands as its record (5.3), and it forwards the unset slot as left.
PAYNOKIND = {k: v for k, v in REC.items() if k not in ("kind", "item")}
PAYNOACCT = {k: v for k, v in REC.items() if k not in ("acct", "item")}
H("pay-leaves-unrecorded-slot", PAYOPEN, PAYNOACCT, False, ["HO_EXEC_UNSET"])
H("pay-leaves-unrecorded-slot-resolve", PAYOPEN, dict(PAYNOACCT, **{"$resolve": ["acct"]}), False, ["HO_EXEC_UNSET"])
H("pay-leaves-resolved-slot", PAYOPEN, dict(PAYNOACCT, **{"acct": "40-12-88/61102938", "$resolve": ["acct"]}), True, [])
H("relay-leaves-slot-unset", PAYOPEN.replace("HO scheduler-1", "HO payer-3").replace("from=scheduler to=payer", "from=payer to=bank"), None, True, [], relayFrom=PAYOPEN)
# check-dn reads a record only with a readback (the Worker answers 400 without one).
D("pay-ho-carries-unrecorded-value", PAYHO, PAYDN.split(" // ")[0], False, ["HO_DIFFERS", "DONE_PLAN_VOID"], rb=PAYRB, record=PAYNOKIND)
R("exec-ho-carries-unrecorded-value", PAYHO, PAYRB, [PASS, PASS, PASS, NA, FAIL], ["HO_DIFFERS"], profile="pay", record=PAYNOKIND)
R("exec-ho-leaves-unrecorded-slot", PAYOPEN, PAYOPENRB, [PASS, NA, PASS, NA, FAIL], ["HO_EXEC_UNSET", "EXEC_UNVERIFIED"], profile="pay", record=dict(PAYNOACCT, **{"$resolve": ["acct"]}))
# A pay HO sent without rb=exec, which check-ho refuses (HO_NEEDS_EXEC): given the sender's record,
# tier 5 holds it all the same (README note 99), whatever the readback carries; without one the echo
# passes as before. Before, the record was not read and the readback of an HO for amt=5400.00 whose
# record said 5100.00 was wilco.
PAYNOEXEC = PAYHO.replace(" rb=exec", "")
PAYNOEXECRB = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY"
PAYNOEXECREC = {k: v for k, v in REC.items() if k != "item"}
R("pay-no-exec-record-contradicts", PAYNOEXEC, PAYNOEXECRB, [PASS, NA, PASS, NA, FAIL], ["HO_DIFFERS", "HO_NEEDS_EXEC"], profile="pay", record=dict(PAYNOEXECREC, amt="5100.00"))
R("pay-no-exec-record-agrees", PAYNOEXEC, PAYNOEXECRB, [PASS, NA, PASS, NA, FAIL], ["HO_NEEDS_EXEC"], profile="pay", record=PAYNOEXECREC)
R("pay-no-exec-no-record", PAYNOEXEC, PAYNOEXECRB, [PASS, NA, PASS, NA, NA], [], profile="pay")
# check-dn alike: the HO alone is the plan (note 26), and the record holds it (note 99).
D("pay-done-no-exec-record-contradicts", PAYNOEXEC, PAYDN, False, ["DONE_NO_MAP", "HO_NEEDS_EXEC", "HO_DIFFERS"], rb=PAYNOEXECRB, record=dict(PAYNOEXECREC, amt="5100.00"))

for name, rows in [("readbacks", rb), ("handoffs", ho), ("done", dn)]:
    with open(os.path.join(OUT, f"{name}.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for r in rows: f.write(json.dumps({k: v for k, v in r.items() if v is not None}, ensure_ascii=False) + "\n")
print(len(rb), len(ho), len(dn))
