/**
 * The exchanges of spec section 8 (rogerwilco-RW1.md), verbatim, each loadable in one click; and
 * section 5.4's cancel, whose HO the spec elides with "...", completed with the pay HO of section 8.
 * A test holds these lines equal to the spec's. The buttons show only their titles
 * (example-titles.ts): this module loads when an example is asked for, or with the readback lab.
 */
import { EXAMPLE_TITLES } from "./example-titles.js";
import type { ExampleTitle } from "./example-titles.js";
import type { Expectation } from "./state.js";

export interface Example extends ExampleTitle {
  readonly lines: readonly string[];
  /** The sender's withheld criteria or record, by HO id. */
  readonly expectations?: Readonly<Record<string, Expectation>>;
  /** The HO the readback lab opens at. */
  readonly lab?: string;
}

/** The id, title and about of example `id`, as its button shows them (a test holds every example titled). */
const titled = (id: string): ExampleTitle => EXAMPLE_TITLES.find((t) => t.id === id) as ExampleTitle;

const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";

export const SECTION_EIGHT: readonly Example[] = [
  {
    ...titled("handoff"),
    lines: [
      "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes",
      "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc",
      "RW1 AQ writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 need=ENUM opts=formal+plain+punchy // tone?",
      "RW1 AN research-02 re=writer-02 from=research to=writer val=plain",
      "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=sha256:9f3e1c // v1, 118 words",
    ],
    lab: "research-01",
  },
  {
    ...titled("comprehension"),
    lines: [
      "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=len+tone+must+no art=url:https://example.com/brief // hero copy for the landing page, 120 words, plain tone, no em dashes, must name the reader's Monday problem",
      "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=len:120w+tone:plain+must:monday-problem+no:em-dash+fmt:md do=copy // landing hero, 120 words, plain, no em dashes, lead with the Monday problem",
    ],
    expectations: { "research-01": { expectAcc: "len:120w+tone:plain+no:em-dash+must:monday-problem", record: "" } },
    lab: "research-01",
  },
  {
    ...titled("pay"),
    lines: [
      PAY_HO,
      "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607 sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929",
      "RW1 AN scheduler-2 re=payer-1 p=pay from=scheduler to=payer val=Y // readback matches the approved run; proceed",
      "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 // as executed, from the payment tool",
    ],
    lab: "scheduler-1",
  },
  {
    ...titled("refusal"),
    lines: ["RW1 UN writer-04 re=research-01 from=writer to=research item=gh:crox/site#42 why=NOCTX alt=copywriter // no style guide on file"],
  },
  {
    ...titled("escalation"),
    lines: ["RW1 AQ triage-09 from=triage to=human item=pensive:4664 need=ENUM opts=RETIRE+ACTIVATE+PARK by=20261005 // stale 15d, no owner active; default PARK"],
  },
  {
    ...titled("reissue"),
    lines: [
      "RW1 HO ops-03 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001",
      "RW1 RB builder-05 re=ops-03 from=builder to=ops item=jira:OPS-77 ask=BUILD due=20261001",
      "RW1 HO ops-04 re=builder-05 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 // readback mismatch on ask",
      "RW1 RB builder-06 re=ops-04 from=builder to=ops item=jira:OPS-77 ask=FIX due=20261001",
    ],
    lab: "ops-03",
  },
];

/** Section 5.4's cancel exchange; its HO is section 8's pay HO with the exp= that 5.4 shows. */
export const CANCEL: Example = {
  ...titled("cancel"),
  lines: [
    `${PAY_HO} exp=20261002T1700Z`,
    "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED // FD-0929 withdrawn",
    "RW1 AN payer-3 re=scheduler-2 p=pay from=payer to=scheduler val=Y // statement abandoned; nothing paid",
  ],
  lab: "scheduler-1",
};

export const EXAMPLES: readonly Example[] = [...SECTION_EIGHT, CANCEL];
