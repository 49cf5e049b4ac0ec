// Lines the Worker tests send: the spec's exchanges (sections 8 and 5.3).
export const HO = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes";
export const RB = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc";
export const POLISH = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261002";
export const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
export const PAY_RB = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607 sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
export const PAY_DN = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 // as executed, from the payment tool";
export const PAY_RECORD = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929", item: "inv:MD-2026-057" };
export const AQ_JSON = { v: "RW1", type: "AQ", id: "writer-02", re: "research-01", from: "writer", to: "research", item: null, slots: { need: "ENUM", opts: ["formal", "plain", "punchy"] }, tail: "tone?" };
/** A small inline profile: one new ask. */
export const MINI = { profile: "mini", version: "1", extends: "RW1", asks: { POLISH: "polish the copy" } };
