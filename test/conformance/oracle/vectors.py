S8 = [
 "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes",
 "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc",
 "RW1 AQ writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 need=ENUM opts=formal+plain+punchy // tone?",
 "RW1 AN research-02 re=writer-02 from=research to=writer val=plain",
 "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=sha256:9f3e1c // v1, 118 words",
 "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len+tone+must+no art=url:https://example.com/brief // hero copy for the landing page, 120 words, plain tone, no em dashes, must name the reader's Monday problem",
 "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md do=copy // landing hero, 120 words, plain, no em dashes, lead with the Monday problem",
 "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929",
 "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607 sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929",
 "RW1 AN scheduler-2 re=payer-1 p=pay from=scheduler to=payer val=Y // readback matches the approved run; proceed",
 "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 // as executed, from the payment tool",
 "RW1 UN writer-04 re=research-01 from=writer to=research item=gh:crox/site#42 why=NOCTX alt=copywriter // no style guide on file",
 "RW1 AQ triage-09 from=triage to=human item=pensive:4664 need=ENUM opts=RETIRE+ACTIVATE+PARK by=20261005 // stale 15d, no owner active; default PARK",
 "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001",
 "RW1 RB builder-05 re=ops-03 from=builder to=ops item=jira:OPS-77 ask=BUILD due=20261001",
 "RW1 HO ops-04 re=builder-05 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 // readback mismatch on ask",
 "RW1 RB builder-06 re=ops-04 from=builder to=ops item=jira:OPS-77 ask=FIX due=20261001",
 "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED // FD-0929 withdrawn",
 "RW1 AN payer-3 re=scheduler-2 p=pay from=payer to=scheduler val=Y // statement abandoned; nothing paid",
]
for i, line in enumerate(S8):
    valid(f"s8-{i+1:02d}", line)

# Positives of our own: every type, every slot type.
valid("st-progress", "RW1 ST builder-07 re=ops-04 from=builder to=ops item=jira:OPS-77 pct=40 eta=20261001 blk=jira:OPS-80+msg:ops-02")
valid("st-pct-leading-zero", "RW1 ST builder-08 from=builder to=ops item=jira:OPS-77 pct=007")
valid("fl-retry", "RW1 FL builder-09 re=ops-04 from=builder to=ops item=jira:OPS-77 why=ERR retry=Y art=file:logs/build.txt // compiler crashed")
valid("fl-no-retry", "RW1 FL builder-10 re=ops-04 from=builder to=ops item=jira:OPS-77 why=TIMEOUT retry=N")
valid("cx-superseded", "RW1 CX ops-05 re=ops-04 from=ops to=builder item=jira:OPS-77 why=SUPERSEDED")
valid("un-need", "RW1 UN builder-11 re=ops-05 from=builder to=ops why=NOCTX need=TEXT // which branch?")
valid("aq-yesno", "RW1 AQ ops-06 from=ops to=human need=YESNO by=20261003 // ship tonight?")
valid("an-tail", "RW1 AN human-01 re=ops-06 from=human to=ops val=tail // yes, after the smoke test")
valid("an-number", "RW1 AN qa.bot-3 re=ops-07 from=qa.bot to=ops val=42")
valid("ho-full", "RW1 HO ops-08 from=ops to=builder item=gh:crox/api#7 ask=BUILD due=20261010 pri=1 conf=H keep=ops+qa.bot art=url:https://x.test/spec?v=2&r=1+file:notes.md ctx=ops-03+builder-06 exp=20261009T1700Z rb=all // build per spec")
valid("ho-undo", "RW1 HO scheduler-9 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=UNDO ctx=payer-2 rb=exec // reverse the wrong payment")
valid("ho-rb-slots", "RW1 HO research-05 from=research to=writer item=gh:crox/site#43 ask=REVIEW rb=acc+pri+keep pri=3 keep=research keys=len+lang+must+no")
valid("dn-next", "RW1 DN writer-07 re=research-05 from=writer to=research item=gh:crox/site#43 out=PARTIAL next=REVIEW art=sha256:ab12")
valid("tail-with-separators", "RW1 ST a-1 from=a to=b item=x // see https://x.test // and again // ok")
valid("tail-unicode", "RW1 ST a-2 from=a to=b item=x // café 😀 — ünïcödé")
valid("tail-300", "RW1 ST a-3 from=a to=b item=x // " + "y" * 300)
valid("url-item-equals", "RW1 HO a-4 from=a to=b item=url:https://x.test/a?b=c=d ask=RESEARCH")
# An id's number is any run of digits, 0 among them (section 2; README note 16).
valid("id-number-zero", "RW1 HO a-0 from=a to=b item=x ask=DRAFT")
_l = "RW1 AQ a-7 from=a to=b need=TEXT opts=x+y // which branch?"
valid("opts-without-enum", _l, [f"OPTS_UNREAD:opts@{at(_l, 'opts=')}"])
valid("agent-chars", "RW1 HO Copy.Bot_2-9 from=Copy.Bot_2 to=human item=x ask=DECIDE")
valid("x-extension", "RW1 HO a-5 from=a to=b item=x ask=TEST x_trace=abc+def x_n=1", [])
valid("unknown-key-note", "RW1 HO a-6 from=a to=b item=x ask=TEST mood=good", ["SLOT_UNKNOWN:mood@39"])
# A key named like a part of the line is unknown (no vocabulary may define one: a finding's slot
# would name either), and its note is placed on its own token, not on the part; a tail the line
# lacks is not found at a key named tail.
_l = "RW1 HO a-9 from=a to=b item=x ask=TEST v=1 type=x id=2 tail=y // t"
valid("key-named-like-a-part", _l, [f"SLOT_UNKNOWN:{k}@{at(_l, ' ' + k + '=') + 1}" for k in ("v", "type", "id", "tail")])
_l = "RW1 AN a-1 re=b-1 from=a to=b val=tail tail=x"
invalid("tail-required-key-named-tail", _l, [f"SLOT_UNKNOWN:tail@{at(_l, ' tail=') + 1}", "TAIL_REQUIRED:tail"])
valid("slot-not-on-type-note", "RW1 DN a-7 re=b-1 from=a to=b item=x out=OK pri=2", ["SLOT_NOT_ON_TYPE:pri@44"])
# Ignored means ignored by every check (note 11): a slot its type does not take is read as an
# unknown key is, so neither its range, its code, a repeated criterion nor a profile's sum refuses.
_l = "RW1 AN b-1 re=a-1 from=b to=a val=Y pri=9 ask=POLISH"
valid("stray-slot-value-unread", _l, [f"SLOT_NOT_ON_TYPE:pri@{at(_l, 'pri=')}", f"SLOT_NOT_ON_TYPE:ask@{at(_l, 'ask=')}"])
_l = "RW1 ST b-3 from=b to=a item=x acc=len:1w+len:2w"
valid("stray-acc-unread", _l, [f"SLOT_NOT_ON_TYPE:acc@{at(_l, 'acc=')}"])
_l = "RW1 AN ex-2 re=sch-1 p=pay from=ex to=sch val=APPROVE net=1.00 vat=1.00 amt=5.00"
valid("pay-stray-sum-unread", _l, [f"SLOT_NOT_ON_TYPE:{k}@{at(_l, k + '=')}" for k in ("net", "vat", "amt")])
valid("constraint-key-note", "RW1 RB writer-08 re=research-05 from=writer to=research item=x ask=DRAFT acc=spelling:uk+len:120w", ["CONSTRAINT_KEY_UNKNOWN:acc@73"])
# Section 3.1: keys= is "on an HO with rb=acc or rb=plan"; on an HO that asks neither, nothing
# reads it (no tier 4), so it is ignored with a note, as a slot on the wrong type is (note 12).
_l = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT keys=len+tone"
valid("keys-without-rb", _l, [f"KEYS_UNCHECKED:keys@{at(_l, 'keys=')}"])
_l = "RW1 HO a-2 from=a to=b item=x:1 ask=DRAFT rb=all+pri pri=2 keys=len"
valid("keys-under-rb-all", _l, [f"KEYS_UNCHECKED:keys@{at(_l, 'keys=')}"])
valid("keys-under-rb-plan", "RW1 HO a-3 from=a to=b item=x:1 ask=DRAFT rb=pri+plan pri=2 keys=len+tone", [])
# acc= on an HO without rb=acc is the sender's to send (section 5.2): no note.
valid("acc-without-rb", "RW1 HO a-4 from=a to=b item=x:1 ask=DRAFT acc=len:120w", [])
_l = "RW1 ST a-5 from=a to=b item=x:1 keys=len"
valid("keys-on-st", _l, [f"SLOT_NOT_ON_TYPE:keys@{at(_l, 'keys=')}"])
valid("pay-st-invoice", "RW1 ST extractor-1 p=pay from=extractor to=scheduler item=inv:MD-2026-057 sup=marlow amt=5400.00 cur=GBP kind=GROSS net=4500.00 vat=900.00 src=email:7+po:PO-1044 // invoice MD-2026-057")
valid("pay-st-bank", "RW1 ST extractor-2 p=pay from=extractor to=scheduler item=bank:20260918 sup=marlow acct=40-12-88/61102938 src=bank:20260918")
valid("pay-chgbank-rb", "RW1 RB payer-4 re=scheduler-4 p=pay from=payer to=scheduler item=sup:marlow ask=CHGBANK sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=40-12-88/61102938")
valid("pay-aq-ans", "RW1 AQ scheduler-5 p=pay from=scheduler to=human item=inv:MD-2026-058 need=ENUM opts=APPROVE+HOLD+CALLBACK // new payee")
valid("pay-an-ans", "RW1 AN human-02 re=scheduler-5 p=pay from=human to=scheduler val=CALLBACK")
valid("pay-negative-money", "RW1 ST extractor-3 p=pay from=extractor to=scheduler item=inv:CN-0001 amt=-120.00 cur=EUR kind=NET src=email:9")
valid("clin-st", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:hypertension act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D17#l12 code=snomed:38341003 // known hypertensive")
valid("clin-bp", "RW1 ST ext-2 p=clin from=ext to=rec item=obs:bp act=OBS pol=POS cert=CERT subj=PT time=CUR src=doc:D17#l9 qty=140/90 unit=mmHg dt=20260930 // BP 140/90")
valid("clin-negated-family", "RW1 ST ext-3 p=clin from=ext to=rec item=dx:diabetes act=REP pol=NEG cert=CERT subj=FAM time=PAST src=doc:D17#l4 // no family history of diabetes")
valid("pform-ho", "RW1 HO TRI-1 p=pform from=TRI to=STR item=pensive:4102 ask=SCORE4 stg=DIA pri=2")
valid("pform-agent-note", "RW1 HO TRI-2 p=pform from=TRI to=bob item=pensive:4102 ask=PRUNE", ["AGENT_NOT_IN_PROFILE:to@30"])
# The agents list is held to the sender and the receiver only (README note 18): an agent kept
# involved (keep=) or suggested instead (alt=) may work outside the profile's team.
valid("pform-agent-keep-alt", "RW1 HO TRI-3 p=pform from=TRI to=STR item=pensive:4102 ask=PRUNE keep=bob")
valid("pform-agent-alt", "RW1 UN STR-2 re=TRI-3 p=pform from=STR to=TRI why=BUSY alt=bob")

# The line as text.
invalid("empty", "", ["LINE_EMPTY@0"])
invalid("line-break", "RW1 HO a-1 from=a\nto=b item=x ask=DRAFT", ["LINE_BREAK@17"])
invalid("control", "RW1 HO a-1 from=a to=b item=x\u0007 ask=DRAFT", ["CONTROL_CHAR@29"])
invalid("nul", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // nul\u0000", ["CONTROL_CHAR@46"])
invalid("tab", "RW1 HO a-1\tfrom=a to=b item=x ask=DRAFT", ["CONTROL_CHAR@10"])
# A tab stands where a space would (README note 7): refused as the control character it is, and
# one before or after RW1 does not make the version token another version's, so the UN is UNK.
invalid("leading-tab", "\tRW1 HO a-1 from=a to=b item=x ask=DRAFT", ["CONTROL_CHAR@0"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // CONTROL_CHAR at 0"})
invalid("tab-after-version", "RW1\tHO a-1 from=a to=b item=x ask=DRAFT", ["CONTROL_CHAR@3"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // CONTROL_CHAR at 3"})
invalid("leading-tab-other-version", "\tRW2 HO a-1 from=a to=b item=x ask=DRAFT", ["VERSION:v@1"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=VER // unsupported version RW2"})
invalid("tail-nel", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // a\u0085b", ["LINE_BREAK@44"])
invalid("tail-line-separator", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // a\u2028b", ["LINE_BREAK@44"])
invalid("tail-paragraph-separator", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // a\u2029b", ["LINE_BREAK@44"])
invalid("tail-c1-control", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // a\u009bb", ["CONTROL_CHAR@44"])
# A stray space is reported as itself: the words after it keep their places, and the line can
# still be refused to its sender.
invalid("leading-space", " RW1 HO a-1 from=a to=b item=x ask=DRAFT", ["SPACING@0"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // SPACING at 0"})
invalid("double-space-after-version", "RW1  HO a-1 from=a to=b item=x ask=DRAFT", ["SPACING@4"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // SPACING at 4"})
invalid("double-space-before-id", "RW1 HO  a-1 from=a to=b item=x ask=DRAFT", ["SPACING@7"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // SPACING at 7"})
invalid("only-spaces", "   ", ["LINE_EMPTY@0"])
invalid("only-a-tail", " // x", ["LINE_EMPTY@0"])
invalid("leading-space-version", " RW2 HO a-1 from=a to=b item=x", ["VERSION:v@1"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=VER // unsupported version RW2"})
invalid("double-space", "RW1 HO a-1 from=a  to=b item=x ask=DRAFT", ["SPACING@18"])
invalid("trailing-space", "RW1 HO a-1 from=a to=b item=x ask=DRAFT ", ["SPACING@40"])
invalid("space-before-tail", "RW1 HO a-1 from=a to=b item=x ask=DRAFT  // t", ["SPACING@40"])
invalid("version-only", "RW1", ["MISSING_TYPE:type@3"])
invalid("missing-type", "RW1 from=a to=b", ["MISSING_TYPE:type@4"])
invalid("missing-type-stray-space", "RW1 x=1  y=2", ["MISSING_TYPE:type@4"])  # note 5: reading stops at a missing type; the stray space after it is not reported too
invalid("missing-id", "RW1 HO from=a to=b item=x ask=DRAFT", ["MISSING_ID:id@7"])
invalid("not-keyed", "RW1 HO a-1 from=a to=b item=x DRAFT", ["TOKEN_NOT_KEYED@30"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // TOKEN_NOT_KEYED at 30 DRAFT"})
invalid("uppercase-key", "RW1 HO a-1 from=a to=b item=x Ask=DRAFT", ["KEY_SYNTAX@30"])
invalid("empty-key", "RW1 HO a-1 from=a to=b item=x =DRAFT", ["KEY_SYNTAX@30"])
invalid("reserved-key", "RW1 HO a-1 from=a to=b item=x ask=DRAFT prototype=1", ["KEY_SYNTAX@40"])
invalid("duplicate-slot", "RW1 HO a-1 from=a to=b item=x ask=DRAFT ask=FIX", ["DUPLICATE_KEY:ask@40"])
invalid("duplicate-item", "RW1 HO a-1 from=a to=b item=x item=y ask=DRAFT", ["DUPLICATE_KEY:item@30"])
invalid("empty-tail", "RW1 HO a-1 from=a to=b item=x ask=DRAFT // ", ["TAIL_EMPTY:tail@40"])
invalid("empty-tail-no-space", "RW1 HO a-1 from=a to=b item=x ask=DRAFT //", ["TAIL_EMPTY:tail@40"])

# One message against the vocabulary.
invalid("version", "RW2 HO research-01 from=research to=writer item=x ask=DRAFT", ["VERSION:v@0"], {"as": "writer", "line": "RW1 UN writer-1 re=research-01 from=writer to=research item=x why=VER // unsupported version RW2"})
invalid("version-lowercase", "rw1 HO research-01 from=research to=writer item=x ask=DRAFT", ["VERSION:v@0"])
invalid("version-hides-lexical", "RW2 HO research-01 from=research to=writer item=x ask=DRAFT junk", ["VERSION:v@0"], {"as": "writer", "line": "RW1 UN writer-1 re=research-01 from=writer to=research item=x why=VER // unsupported version RW2"})
invalid("version-control-char", "RW2 HO research-01 from=research to=writer item=x ask=DRAFT\tx=1", ["VERSION:v@0"])
invalid("version-missing-id", "RW2 HO", ["VERSION:v@0"])
invalid("type", "RW1 XX research-01 from=research to=writer item=x", ["TYPE_UNKNOWN:type@4"], {"as": "writer", "line": "RW1 UN writer-1 re=research-01 from=writer to=research item=x why=UNK // unknown type XX"})
invalid("type-lowercase", "RW1 ho a-1 from=a to=b item=x ask=DRAFT", ["TYPE_UNKNOWN:type@4"])
invalid("id-shape", "RW1 HO research from=research to=writer item=x ask=DRAFT", ["ID_SHAPE:id@7"])
# re= names the message replied to (section 2), and ids are unique: never the message itself.
invalid("re-self", "RW1 DN writer-03 re=writer-03 from=writer to=research item=gh:crox/site#42 out=OK", ["RE_SELF:re@17"])
invalid("id-number-unsafe", "RW1 ST payer-9007199254740992 from=payer to=scheduler item=x", ["ID_SHAPE:id@7"])
valid("id-number-largest", "RW1 ST payer-9007199254740991 from=payer to=scheduler item=x")
invalid("id-not-from", "RW1 HO writer-01 from=research to=writer item=x ask=DRAFT", ["ID_FROM:id@7"])
invalid("id-prefix-only", "RW1 HO research-team-1 from=research to=writer item=x ask=DRAFT", ["ID_FROM:id@7"])
invalid("agent-name", "RW1 HO a-1 from=a to=b/c item=x ask=DRAFT", ["VALUE_TYPE:to@18"])
invalid("missing-ask", "RW1 HO a-1 from=a to=b item=x", ["MISSING_SLOT:ask"])
invalid("missing-item", "RW1 HO a-1 from=a to=b ask=DRAFT", ["MISSING_SLOT:item"])
invalid("missing-to", "RW1 HO a-1 from=a item=x ask=DRAFT", ["MISSING_SLOT:to"])
invalid("missing-from", "RW1 HO a-1 to=b item=x ask=DRAFT", ["MISSING_SLOT:from"])
invalid("rb-without-re", "RW1 RB writer-01 from=writer to=research item=x ask=DRAFT", ["MISSING_SLOT:re"])
invalid("an-without-re", "RW1 AN research-02 from=research to=writer val=plain", ["MISSING_SLOT:re"])
invalid("dn-without-re", "RW1 DN writer-03 from=writer to=research item=x out=OK", ["MISSING_SLOT:re"])
invalid("un-without-re", "RW1 UN writer-04 from=writer to=research why=BUSY", ["MISSING_SLOT:re"])
invalid("fl-without-re", "RW1 FL writer-05 from=writer to=research item=x why=ERR", ["MISSING_SLOT:re"])
invalid("cx-without-re", "RW1 CX research-03 from=research to=writer item=x", ["MISSING_SLOT:re"])
invalid("dn-without-out", "RW1 DN writer-03 re=research-01 from=writer to=research item=x", ["MISSING_SLOT:out"])
invalid("un-without-why", "RW1 UN writer-04 re=research-01 from=writer to=research", ["MISSING_SLOT:why"])
invalid("aq-without-need", "RW1 AQ writer-02 from=writer to=research", ["MISSING_SLOT:need"])
invalid("an-without-val", "RW1 AN research-02 re=writer-02 from=research to=writer", ["MISSING_SLOT:val"])
invalid("enum-without-opts", "RW1 AQ writer-02 from=writer to=research need=ENUM", ["MISSING_SLOT:opts"])
invalid("undo-without-ctx", "RW1 HO a-1 from=a to=b item=x ask=UNDO", ["MISSING_SLOT:ctx"])
invalid("re-not-msgid", "RW1 DN a-2 re=research from=a to=b item=x out=OK", ["VALUE_TYPE:re@11"])
invalid("unknown-ask", "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH", ["ENUM_UNKNOWN:ask@64"], {"as": "writer", "n": 7, "line": "RW1 UN writer-7 re=research-01 from=writer to=research item=gh:crox/site#42 why=UNK // unknown ask=POLISH"})
invalid("unknown-why", "RW1 UN a-2 re=b-1 from=a to=b why=TIRED", ["ENUM_UNKNOWN:why@30"])
invalid("unknown-out", "RW1 DN a-2 re=b-1 from=a to=b item=x out=DONE", ["ENUM_UNKNOWN:out@37"])
invalid("unknown-need", "RW1 AQ a-1 from=a to=b need=LIST", ["ENUM_UNKNOWN:need@23"])
invalid("unknown-conf", "RW1 HO a-1 from=a to=b item=x ask=DRAFT conf=X", ["ENUM_UNKNOWN:conf@40"])
invalid("unknown-next", "RW1 DN a-2 re=b-1 from=a to=b item=x out=OK next=SHIP", ["ENUM_UNKNOWN:next@44"])
invalid("enum-case", "RW1 HO a-1 from=a to=b item=x ask=draft", ["ENUM_UNKNOWN:ask@30"])
invalid("rb-unknown", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exce", ["RB_UNKNOWN:rb@40"])
invalid("rb-never-echoed", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exec+exp exp=20261002T1200Z", ["RB_UNKNOWN:rb@40"])
# Rule 2 (note 7): the UN names every offending code, so each element of rb= that is no level or
# slot is its own finding, as each bad acc= element is; a list with an empty element is one finding.
invalid("rb-every-unknown-element", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exce+acc+ech+to", ["RB_UNKNOWN:rb@40", "RB_UNKNOWN:rb@40", "RB_UNKNOWN:rb@40"])
invalid("rb-empty-element-one-finding", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=exce++ech", ["RB_UNKNOWN:rb@40"])
# rb= adds slots to the echo set (section 3.1): a slot the HO type does not take has no value on the
# HO to echo (the RB's own h, eta, do; pay's prev), and the readback would pass without it.
invalid("rb-names-rb-own-slot", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=echo+h", ["RB_UNKNOWN:rb@40"])
invalid("rb-names-eta", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=eta", ["RB_UNKNOWN:rb@40"])
invalid("rb-names-envelope", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=echo+to", ["RB_UNKNOWN:rb@40"])
invalid("rb-names-prev", "RW1 HO s-1 p=pay from=s to=p item=sup:m ask=CHGBANK rb=all+prev sup=m acct=1 eff=20261101 apref=a", ["RB_UNKNOWN:rb@52"])
invalid("pri-range", "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=6", ["OUT_OF_RANGE:pri@40"])
invalid("pri-zero", "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=0", ["OUT_OF_RANGE:pri@40"])
invalid("pri-word", "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=high", ["VALUE_TYPE:pri@40"])
invalid("pri-negative", "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=-1", ["OUT_OF_RANGE:pri@40"])
invalid("pct-range", "RW1 ST a-1 from=a to=b item=x pct=101", ["OUT_OF_RANGE:pct@30"])
invalid("pct-fraction", "RW1 ST a-1 from=a to=b item=x pct=12.5", ["VALUE_TYPE:pct@30"])
invalid("date-dashes", "RW1 HO a-1 from=a to=b item=x ask=DRAFT due=2026-10-02", ["VALUE_TYPE:due@40"])
invalid("date-calendar", "RW1 HO a-1 from=a to=b item=x ask=DRAFT due=20260230", ["VALUE_TYPE:due@40"])
invalid("date-leap", "RW1 HO a-1 from=a to=b item=x ask=DRAFT due=21000229", ["VALUE_TYPE:due@40"])
invalid("by-date", "RW1 AQ a-1 from=a to=b need=YESNO by=tomorrow", ["VALUE_TYPE:by@34"])
invalid("exp-time", "RW1 HO a-1 from=a to=b item=x ask=DRAFT exp=20261002T2460Z", ["VALUE_TYPE:exp@40"])
invalid("exp-local", "RW1 HO a-1 from=a to=b item=x ask=DRAFT exp=20261002T1700", ["VALUE_TYPE:exp@40"])
invalid("retry-word", "RW1 FL a-2 re=b-1 from=a to=b item=x why=ERR retry=yes", ["VALUE_TYPE:retry@45"])
invalid("h-upper", "RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT h=C40BBA4360DC", ["VALUE_TYPE:h@47"])
invalid("h-short", "RW1 RB a-2 re=b-1 from=a to=b item=x ask=DRAFT h=c40bba", ["VALUE_TYPE:h@47"])
invalid("keep-agent", "RW1 HO a-1 from=a to=b item=x ask=DRAFT keep=a+b/c", ["VALUE_TYPE:keep@40"])
invalid("keep-empty-element", "RW1 HO a-1 from=a to=b item=x ask=DRAFT keep=a++b", ["VALUE_TYPE:keep@40"])
invalid("ctx-msgid", "RW1 HO a-1 from=a to=b item=x ask=DRAFT ctx=a-1+b", ["VALUE_TYPE:ctx@40"])
invalid("acc-constraint", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len120w", ["VALUE_TYPE:acc@40"])
# Section 3.1: keys= is a "list of constraint keys ... Never carries values"; 5.2: "Dimensions only,
# never values, so nothing leaks". A value in keys= would hand the receiver the sender's criteria.
invalid("keys-carries-values", "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc keys=len:120w+tone", ["VALUE_TYPE:keys@47"])
invalid("acc-single-valued-twice", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len:120w+tone:plain+len:200w", ["CONSTRAINT_REPEATED:acc@40"])
# An element that is no constraint (`len:`, nothing after the colon) is refused as such, and its key
# is not counted as the key named again (before: CONSTRAINT_REPEATED too).
invalid("acc-empty-value-not-a-repeat", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=len:120w+len:", ["VALUE_TYPE:acc@40"])
invalid("acc-single-valued-twice-any-case", "RW1 RB b-1 re=a-1 from=b to=a item=x ask=DRAFT acc=LANG:en-gb+lang:en-gb+lang:fr", ["CONSTRAINT_REPEATED:acc@47"])
valid("acc-set-valued-repeats", "RW1 HO a-1 from=a to=b item=x ask=DRAFT acc=must:a+must:b+no:c+no:d+scope:e+scope:f+src:g+src:h+len:1p")
invalid("empty-value", "RW1 HO a-1 from=a to=b item=x ask=", ["VALUE_TYPE:ask@30"])
invalid("val-tail-without-tail", "RW1 AN a-2 re=b-1 from=a to=b val=tail", ["TAIL_REQUIRED:tail"])
invalid("un-unk-without-tail", "RW1 UN b-2 re=a-1 from=b to=a why=UNK", ["TAIL_REQUIRED:tail"])
_l = "RW1 UN b-2 re=a-1 from=b to=a why=VER //  "
invalid("un-ver-blank-tail", _l, [f"TAIL_REQUIRED:tail@{at(_l, ' // ') + 4}"])
valid("un-nocap-without-tail", "RW1 UN b-2 re=a-1 from=b to=a why=NOCAP")
invalid("tail-301", "RW1 ST a-3 from=a to=b item=x // " + "y" * 301, ["TAIL_TOO_LONG:tail@33"])
invalid("profile-unknown", "RW1 HO a-1 p=shipping from=a to=b item=x ask=DRAFT", ["PROFILE_UNKNOWN:p@11"])
invalid("profile-ask-without-p", "RW1 HO s-1 from=s to=p item=inv:1 ask=PAY", ["ENUM_UNKNOWN:ask@34"], {"as": "p", "line": "RW1 UN p-1 re=s-1 from=p to=s item=inv:1 why=UNK // unknown ask=PAY"})
invalid("pay-money-no-decimals", "RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=5400 cur=GBP", ["VALUE_TYPE:amt@48"])
invalid("pay-money-separator", "RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=5,400.00 cur=GBP", ["VALUE_TYPE:amt@48"])
invalid("pay-money-leading-zero", "RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=05400.00 cur=GBP", ["VALUE_TYPE:amt@48"])
# One amount, one spelling: -0.00 is 0.00, and as text it would differ from it in an exec or done check.
invalid("pay-money-negative-zero", "RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=-0.00 cur=GBP", ["VALUE_TYPE:amt@48"])
valid("pay-money-zero", "RW1 ST extractor-3 p=pay from=extractor to=scheduler item=inv:CN-0002 amt=0.00 cur=EUR kind=NET src=email:9")
invalid("pay-currency", "RW1 HO s-1 p=pay from=s to=p item=inv:1 ask=PAY amt=5400.00 cur=XYZ", ["ENUM_UNKNOWN:cur@60"])
invalid("pay-ans-opts", "RW1 AQ s-3 p=pay from=s to=human item=inv:1 need=ENUM opts=APPROVE+PAY-USD", ["ANS_UNKNOWN:opts@54"])
# opts are the allowed values "when need=ENUM" (section 3.1): under another need they are unread,
# noted, and not held to the profile's ans (README note 13).
_l = "RW1 AQ s-4 p=pay from=s to=human item=inv:1 need=YESNO opts=APPROVE+PAY-USD"
valid("pay-opts-without-enum-unread", _l, [f"OPTS_UNREAD:opts@{at(_l, 'opts=')}"])
# s reads a line whose re= shows s-3 in use, so its UN is numbered past it (README note 16).
invalid("pay-ans-val", "RW1 AN h-1 re=s-3 p=pay from=h to=s val=OFFRUN", ["ANS_UNKNOWN:val@36"], {"as": "s", "n": 4, "line": "RW1 UN s-4 re=h-1 from=s to=h why=UNK // unknown val=OFFRUN"})
invalid("pay-source-src", "RW1 ST x-1 p=pay from=x to=s item=email:7 sup=marlow", ["TRANSLATION:src"])
invalid("pay-invoice-line", "RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=10.00", ["TRANSLATION:cur", "TRANSLATION:kind"])
# A rule's namespaces are compared as written, as references are: INV is not inv, so neither
# source-src nor invoice-line applies (profiles/README.md).
valid("pay-namespace-case", "RW1 ST x-1 p=pay from=x to=s item=INV:MD-1 sup=marlow")
invalid("pay-net-vat", "RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=5100.00 cur=GBP kind=GROSS net=4500.00 vat=900.00", ["TRANSLATION:amt@55"])
# net + vat = amt makes amt the gross, so kind (what amt is) says GROSS (profiles/README.md).
invalid("pay-net-vat-kind", "RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=5400.00 cur=GBP kind=NET net=4500.00 vat=900.00", ["TRANSLATION:kind@75"])
# A sum is read only from money its type admits: net=04500.00 and vat=-0.00 are refused as money
# (README note 15), and no second finding says they fail to add up (before: TRANSLATION too).
_l = "RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=5400.00 cur=GBP kind=GROSS net=04500.00 vat=-0.00"
invalid("pay-net-vat-not-money", _l, [f"VALUE_TYPE:net@{at(_l, 'net=')}", f"VALUE_TYPE:vat@{at(_l, 'vat=')}"])
valid("pay-net-given-kind-net", "RW1 ST x-1 p=pay from=x to=s item=inv:MD-1 src=email:7 amt=4500.00 cur=GBP kind=NET net=4500.00")
invalid("pay-prev-on-ho", "RW1 HO s-1 p=pay from=s to=p item=sup:marlow ask=CHGBANK prev=x", ["SLOT_NOT_ON_TYPE:prev@57"])
invalid("clin-missing", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS src=doc:D1#l2 // asthma", ["MISSING_SLOT:cert", "MISSING_SLOT:subj", "MISSING_SLOT:time"])
invalid("clin-item-kind", "RW1 ST ext-1 p=clin from=ext to=rec item=disease:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l2 // asthma", ["TRANSLATION:item@36"])
invalid("clin-src-shape", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=D1:2 // asthma", ["TRANSLATION:src@93"])
# A document line is counted from 1 and written once: #l0 names no line, #l007 is #l7 spelled another way.
invalid("clin-src-line-zero", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l0 // asthma", ["TRANSLATION:src@93"])
invalid("clin-src-line-leading-zero", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l007 // asthma", ["TRANSLATION:src@93"])
invalid("clin-quote", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l2", ["TRANSLATION:tail"])
invalid("clin-unit", "RW1 ST ext-2 p=clin from=ext to=rec item=obs:bp act=OBS pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l9 qty=140/90 // BP", ["TRANSLATION:unit"])
invalid("clin-dose-unit", "RW1 ST ext-3 p=clin from=ext to=rec item=med:amoxicillin act=RX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l14 dose=500 freq=tds // amoxicillin 500mg tds", ["TRANSLATION:unit"])
invalid("clin-quote-blank", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l2 //  ", ["TRANSLATION:tail@110"])
# A quote of invisible format characters alone (a zero-width space, a word joiner) quotes nothing either.
invalid("clin-quote-invisible", "RW1 ST ext-1 p=clin from=ext to=rec item=dx:asthma act=DX pol=POS cert=CERT subj=PT time=CUR src=doc:D1#l2 // \u200b\u2060", ["TRANSLATION:tail@110"])
invalid("pform-stage", "RW1 HO TRI-1 p=pform from=TRI to=STR item=pensive:4102 ask=SCORE4 stg=LATER", ["ENUM_UNKNOWN:stg@66"])
invalid("several", "RW1 HO a-1 from=a to=writer item=x ask=DRAFT pri=9 conf=Q", ["OUT_OF_RANGE:pri@45", "ENUM_UNKNOWN:conf@51"], {"as": "writer", "line": "RW1 UN writer-1 re=a-1 from=writer to=a item=x why=UNK // bad pri=9; unknown conf=Q"})
# The UN quotes what it refuses, cut to 40 characters, and is itself a line: a cut never splits a
# character (a surrogate pair).
invalid("refusal-cut-surrogate", "RW1 HO a-1 from=a to=b item=x ask=" + "A" * 38 + "\U0001F600\U0001F600", ["ENUM_UNKNOWN:ask@30"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // unknown ask=" + "A" * 38 + "\u2026"})
invalid("refusal-version-nel", "RW\u0085 HO a-1 from=a to=b item=x", ["VERSION:v@0"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=VER // unsupported version RW?"})
# An item a line cannot carry (here recovered from a line refused for it) is left out of the UN,
# rather than the UN lost: the id and sender are all a reply needs (note 7).
invalid("refusal-control-in-item", "RW1 HO a-1 from=a to=b item=x\u0007 ask=DRAFT", ["CONTROL_CHAR@29"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a why=UNK // CONTROL_CHAR at 29"})
invalid("refusal-line-break-in-item", "RW1 HO a-1 from=a to=b item=x\u0085y ask=DRAFT", ["LINE_BREAK@29"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a why=UNK // LINE_BREAK at 29"})
# A long key is quoted cut too: the tail names the offending code, not only "; +1 more".
_k = "z" * 300
_line = f"RW1 HO a-1 from=a to=b item=x ask=DRAFT {_k}=1 {_k}=2"
invalid("refusal-long-key", _line, [f"DUPLICATE_KEY:{_k}@{at(_line, _k, 1)}"], {"as": "b", "line": "RW1 UN b-1 re=a-1 from=b to=a item=x why=UNK // DUPLICATE_KEY " + "z" * 39 + "\u2026"})

# Section 3's table and section 4's codes, entry by entry, so that no entry of the vocabulary's
# tables can be dropped or mistyped without a vector failing: every code of every core enum, every
# optional slot on the type the table gives it, and every required slot missing from every type.
for _i, _ask in enumerate(["SUMM", "PLAN", "EXTRACT"]):
    valid(f"s4-ask-{_ask.lower()}", f"RW1 HO ops-{20 + _i} from=ops to=builder item=jira:OPS-78 ask={_ask}")
for _i, _why in enumerate(["PERM", "CONFLICT", "DUP", "SCOPE"]):
    valid(f"s4-why-{_why.lower()}", f"RW1 UN builder-{20 + _i} re=ops-20 from=builder to=ops item=jira:OPS-78 why={_why}")
valid("s4-why-expired", "RW1 CX ops-30 re=ops-20 from=ops to=builder item=jira:OPS-78 why=EXPIRED")
valid("s4-out-noop", "RW1 DN builder-30 re=ops-20 from=builder to=ops item=jira:OPS-78 out=NOOP")
valid("s4-need-num", "RW1 AQ builder-31 re=ops-20 from=builder to=ops need=NUM // how many retries?")
valid("s4-need-date", "RW1 AQ builder-32 re=ops-20 from=builder to=ops need=DATE // new due date?")
valid("s4-conf-low", "RW1 HO ops-31 from=ops to=builder item=jira:OPS-79 ask=RESEARCH conf=L")
# An RB's own optional slots (h eta not asm exp) and every slot an HO's rb= can ask it to echo
# (README note 8), with no note.
valid("s3-rb-optional", "RW1 RB builder-33 re=ops-31 from=builder to=ops item=jira:OPS-79 ask=RESEARCH eta=20261003 not=prod+billing asm=staging-only exp=20261002T1700Z pri=2 conf=L keep=ops art=file:notes.md ctx=ops-31 rb=all keys=len")
# Every required slot of section 3, missing from each type at once (re is tested type by type above).
for _type, _missing in [("RB", ["from", "to", "item", "ask"]), ("AQ", ["from", "to", "need"]), ("AN", ["from", "to", "val"]),
                        ("ST", ["from", "to", "item"]), ("DN", ["from", "to", "item", "out"]), ("UN", ["from", "to", "why"]),
                        ("FL", ["from", "to", "item", "why"]), ("CX", ["from", "to", "item"])]:
    invalid(f"s3-{_type.lower()}-required", f"RW1 {_type} a-2 re=b-1", [f"MISSING_SLOT:{s}" for s in _missing])
invalid("s3-ho-required", "RW1 HO a-1 re=b-1", ["MISSING_SLOT:from", "MISSING_SLOT:to", "MISSING_SLOT:item", "MISSING_SLOT:ask"])
# Section 3.1's slot types that no other vector refuses a value of: eta is a date, alt an agent
# (keys, which "never carries values", is keys-carries-values above).
invalid("s31-eta-date", "RW1 ST a-1 from=a to=b item=x eta=friday", ["VALUE_TYPE:eta@30"])
invalid("s31-alt-agent", "RW1 UN a-2 re=b-1 from=a to=b why=BUSY alt=team/copy", ["VALUE_TYPE:alt@39"])
# ctx is a "list of msg ids" (section 3.1), the bare id 5.4 writes, though 2.1 lists it among the
# slots that carry references: msg:<id> names a message only in a slot of refs (README note 57).
invalid("s21-ctx-reference", "RW1 HO ops-40 from=ops to=builder item=jira:OPS-77 ask=UNDO ctx=msg:builder-30", ["VALUE_TYPE:ctx@60"])

# JSON form -> line.
base = {"v":"RW1","type":"HO","id":"a-1","re":None,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT"},"tail":None}
def w(**k):
    m = json.loads(json.dumps(base)); m.update(k); return m
fmt("fmt-basic", w(), "RW1 HO a-1 from=a to=b item=x ask=DRAFT")
fmt("fmt-p-first", w(type="RB", id="payer-1", re="scheduler-1", **{"from":"payer","to":"scheduler","item":"inv:MD-2026-057","slots":{"ask":"PAY","p":"pay","h":"a7a82de76607"}}), "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 p=pay ask=PAY h=a7a82de76607")
fmt("fmt-types", w(slots={"ask":"DRAFT","pri":2,"keep":["b","a"],"rb":["acc","pri"]}, tail="t // u"), "RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=2 keep=b+a rb=acc+pri // t // u")
fmt("fmt-bool", w(type="FL", id="a-2", re="b-1", slots={"why":"ERR","retry":False}), "RW1 FL a-2 re=b-1 from=a to=b item=x why=ERR retry=N")
fmt("fmt-no-item", w(type="AQ", item=None, slots={"need":"YESNO"}), "RW1 AQ a-1 from=a to=b need=YESNO")
fmt("fmt-space", w(item="x y"), findings=["VALUE_TYPE:item"])
fmt("fmt-x-space", w(slots={"ask":"DRAFT","x_note":"a b"}), findings=["VALUE_TYPE:x_note"])
fmt("fmt-tail-line-separator", w(tail="a\u2028b"), findings=["JSON_SHAPE:tail"])
fmt("fmt-tail-control", w(tail="a\u0001b"), findings=["JSON_SHAPE:tail"])
fmt("fmt-x-list", w(slots={"ask":"DRAFT","x_set":["a","b"]}), findings=["VALUE_TYPE:x_set"])
fmt("fmt-x-number", w(slots={"ask":"DRAFT","x_n":5}), findings=["VALUE_TYPE:x_n"])
fmt("fmt-x-bool", w(slots={"ask":"DRAFT","x_t":True}), findings=["VALUE_TYPE:x_t"])
fmt("fmt-unknown-number", w(slots={"ask":"DRAFT","zz":1}), findings=["VALUE_TYPE:zz", "SLOT_UNKNOWN:zz"])
fmt("fmt-plus-in-element", w(slots={"ask":"DRAFT","keep":["a+b"]}), findings=["VALUE_TYPE:keep"])
fmt("fmt-empty-list", w(slots={"ask":"DRAFT","keep":[]}), findings=["VALUE_TYPE:keep"])
# p= names a profile: a list or a boolean in a JSON form is the wrong JSON type, not an unknown profile.
fmt("fmt-p-list", w(slots={"p":["pay"],"ask":"DRAFT"}), findings=["VALUE_TYPE:p"])
fmt("fmt-p-bool", w(slots={"p":True,"ask":"DRAFT"}), findings=["VALUE_TYPE:p"])
# A slot its type ignores must still be what a line reads back, or the round trip changes it.
_an = dict(type="AN", re="b-1", item=None)
fmt("fmt-stray-out-of-range", w(**_an, slots={"val":"Y","pri":9}), "RW1 AN a-1 re=b-1 from=a to=b val=Y pri=9", findings=["SLOT_NOT_ON_TYPE:pri"])
fmt("fmt-stray-string-int", w(**_an, slots={"val":"Y","pri":"9"}), findings=["SLOT_NOT_ON_TYPE:pri", "VALUE_TYPE:pri"])
fmt("fmt-stray-plus-in-element", w(**_an, slots={"val":"Y","keep":["a+b"]}), findings=["SLOT_NOT_ON_TYPE:keep", "VALUE_TYPE:keep"])
fmt("fmt-stray-space", w(**_an, slots={"val":"Y","ask":"a b"}), findings=["SLOT_NOT_ON_TYPE:ask", "VALUE_TYPE:ask"])
# An empty tail is no tail: a line cannot carry one (TAIL_EMPTY), so the JSON form reader refuses it too.
fmt("fmt-empty-tail", w(tail=""), findings=["JSON_SHAPE:tail"])
fmt("fmt-newline-tail", w(tail="a\nb"), findings=["JSON_SHAPE:tail"])
fmt("fmt-fraction", w(slots={"ask":"DRAFT","pri":1.5}), findings=["JSON_SHAPE:slots.pri"])
fmt("fmt-invalid", w(slots={"ask":"POLISH"}), findings=["ENUM_UNKNOWN:ask"])
fmt("fmt-extra-field", dict(base, extra=1), findings=["JSON_SHAPE:extra"])
fmt("fmt-envelope-in-slots", w(slots={"ask":"DRAFT","from":"a"}), findings=["JSON_SHAPE:slots.from"])
fmt("fmt-date-number", w(slots={"ask":"DRAFT","due":20261002}), findings=["VALUE_TYPE:due"])
# Another version's JSON form is not read against RW1's shape either (note 7): VERSION alone.
fmt("fmt-version-other-shape", dict(base, v="RW2", extra=1), findings=["VERSION:v"])
fmt("fmt-version-other-slots", w(v="RW2", slots={"ask":"DRAFT","prio":1.5}), findings=["VERSION:v"])
