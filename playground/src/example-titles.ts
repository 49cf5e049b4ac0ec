/**
 * The examples the conversation view offers, as its buttons show them: all the first screen needs
 * of them. Their lines (examples.ts) load when one is asked for.
 */
export interface ExampleTitle {
  readonly id: string;
  readonly title: string;
  /** What to look at once it is loaded. */
  readonly about: string;
}

export const EXAMPLE_TITLES: readonly ExampleTitle[] = [
  {
    id: "handoff",
    title: "Handoff, question, completion",
    about: "An HO read back with h=, a question and its answer, and the done report that closes the handoff.",
  },
  {
    id: "comprehension",
    title: "Comprehension readback",
    about: "The sender kept len:120w+tone:plain+no:em-dash+must:monday-problem to itself (set in the readback lab); the readback passes and fmt:md is noted as an assumption.",
  },
  {
    id: "pay",
    title: "Before an irreversible act (pay)",
    about: "An execution readback under the pay profile passes all five tiers; the done report carries the values as executed.",
  },
  {
    id: "refusal",
    title: "Refusal with an alternative",
    about: "A UN naming another receiver; alone, it answers an HO this conversation does not hold.",
  },
  {
    id: "escalation",
    title: "Escalation to the human",
    about: "An AQ to the reserved agent human, with an option set and a deadline.",
  },
  {
    id: "reissue",
    title: "Void readback and re-issue",
    about: "The readback says BUILD for FIX: void. The re-issue names the void readback with re= and supersedes the first HO.",
  },
  {
    id: "cancel",
    title: "Cancel and acknowledgement (section 5.4)",
    about: "The sender withdraws the handoff; the receiver abandons its statement and acknowledges. The HO is section 8's, with 5.4's exp=.",
  },
];
