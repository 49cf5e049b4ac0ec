/**
 * The mailbox's closed sets as data (DESIGN, style 4): message kinds with their causal-parent rule,
 * profiles, transports, disposition and CTA states. Code reads these tables; core/mailbox/README.md
 * cites the sentence of the spec each comes from.
 */

/** The protocol version new messages declare (section 4: "the CORE v1 floor"). */
export const MAILBOX_VERSION = 1;

export const MAILBOX_PROFILES = ["CORE", "FULL"] as const;
export type MailboxProfile = (typeof MAILBOX_PROFILES)[number];

/**
 * Where a kind may stand in the causal graph: `root` kinds are true roots (an empty `reply_to`);
 * `either` may open a fresh conversation or reply; `parent` kinds always cite the exact message
 * they answer. `state` is a root only as a standalone no-reply availability FYI (section 9).
 */
export type ParentRule = "root" | "either" | "parent";

/** Section 5's canonical kinds. */
export type MailboxKind = "hello" | "welcome" | "resume" | "state" | "request" | "reply" | "propose" | "review" | "claim" | "deliver" | "ack" | "blocked" | "conflict" | "cancel" | "goodbye" | "ratify" | "close";

/**
 * The `request_id` a kind carries when it cites a parent: the parent's (`parent`: it answers inside
 * the parent's request) or a new one (`new`: it opens a request of its own). "**Request
 * identifier:** UUIDv7 used to make a requested effect or delivery idempotent" (4), and recovery
 * finds "an exact locally authored causal `ack`, `reply`, or response with matching `reply_to` and
 * `request_id`" (9): an answer that took a new one is invisible to that match, and would be
 * published twice after a crash. So every kind that answers carries its parent's (a `claim` leases
 * the requested work, a `goodbye` "settles every owed reply by answering", 8). `request` and
 * `propose` ask for a new effect or decision, the CTAs a conversation opens with (12: "a fresh
 * ordinary CTA root (`request`, `propose`, ...) carrying new `thread` and `request_id`"), and take a
 * new one even as an answer; a root kind's `reply_to` only cites, so it takes a new one too ("These
 * are true roots", 9). A root of any kind has no parent, and always takes a new one.
 */
export type RequestRule = "parent" | "new";

export const MAILBOX_KINDS: { readonly [K in MailboxKind]: { readonly purpose: string; readonly parent: ParentRule; readonly request: RequestRule } } = {
  hello: { purpose: "establish identities, objective, roles, profile, corpus, authority and shared work terms", parent: "root", request: "new" },
  welcome: { purpose: "answer a hello: accept or counter its terms", parent: "parent", request: "parent" },
  resume: { purpose: "reconcile a fresh session with live evidence", parent: "root", request: "new" },
  state: { purpose: "answer a resume, or a non-binding availability FYI when expects_reply is false", parent: "either", request: "parent" },
  request: { purpose: "ask for bounded work", parent: "either", request: "new" },
  reply: { purpose: "return bounded work", parent: "parent", request: "parent" },
  propose: { purpose: "deliberate a decision or artifact", parent: "either", request: "new" },
  review: { purpose: "cross-review a decision or artifact", parent: "either", request: "parent" },
  claim: { purpose: "FULL-only lease on a bounded task scope", parent: "parent", request: "parent" },
  deliver: { purpose: "declare an exact artifact ready for consumption", parent: "parent", request: "parent" },
  ack: { purpose: "durable receipt when expects_reply is true and no substantive response acknowledges it", parent: "parent", request: "parent" },
  blocked: { purpose: "surface an impasse without guessing", parent: "either", request: "parent" },
  conflict: { purpose: "surface an incompatible claim without guessing", parent: "parent", request: "parent" },
  cancel: { purpose: "withdraw a request or claim", parent: "parent", request: "parent" },
  goodbye: { purpose: "depart the arena without closing other participants' threads", parent: "either", request: "parent" },
  ratify: { purpose: "bank independent verification", parent: "parent", request: "parent" },
  close: { purpose: "end the thread explicitly", parent: "parent", request: "parent" },
};
export const KIND_NAMES: readonly MailboxKind[] = /* @__PURE__ */ Object.keys(MAILBOX_KINDS) as MailboxKind[];

/**
 * The handshake's own fields and the kinds that carry them (section 6). `terms` is an answer's
 * stance on the terms on the table (the hello's, or a counter's: "a causal acceptance of the
 * counter"), so only a kind that answers a message carries it, never a true root: a `hello`
 * proposes and accepts or counters nothing, and a `resume` rehydrates "without reopening the
 * established handshake" (12). `exchange_budget` is one of those terms: the hello proposes it
 * ("exchange budget, default 20") and an answer restates or counters it; a resume sets none.
 */
export const HANDSHAKE_FIELD_KINDS: { readonly terms: readonly MailboxKind[]; readonly exchange_budget: readonly MailboxKind[] } = /* @__PURE__ */ (() => {
  const answers = KIND_NAMES.filter((k) => MAILBOX_KINDS[k].parent !== "root");
  return { terms: answers, exchange_budget: ["hello", ...answers] };
})();

/** Kinds that do the work a handshake must settle first (section 6: "do not begin claimed work"). */
export const WORK_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(["claim", "deliver", "reply", "ratify"]);

/**
 * Kinds whose acknowledgement the spec asks for whatever their `expects_reply` (an `ack` of another
 * no-reply message is a courtesy ack, unasked-ack.ts): the welcome FULL's third message acknowledges
 * (6), a goodbye ("A two-agent room requires peer ACK", 8) and a close ("Close with `close` plus peer
 * acknowledgement", 13).
 */
export const ACKNOWLEDGED_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(["welcome", "goodbye", "close"]);

/** Kinds a `cancel` withdraws (section 5: "Withdraw a request or claim"). */
export const WITHDRAWABLE_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(["request", "claim"]);

/** Kinds that claim a callsign (section 4: "`hello`/`welcome` claims ... `resume` reclaims"). */
export const CLAIM_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(["hello", "welcome", "resume"]);

export const TRANSPORTS = ["local", "git", "lyt", "sync-share"] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** A welcome's (or a counter's answer's) stance on the terms it answers (section 6). */
export const TERMS = ["accept", "counter"] as const;
export type Terms = (typeof TERMS)[number];

/** Section 3: transitional, terminal and quarantined disposition states. */
export const DISPOSITION_STATES = {
  "blocked: handler-decision": "transitional",
  deferred: "transitional",
  "needs-audit": "transitional",
  acted: "terminal",
  replied: "terminal",
  "no-reply-required": "terminal",
  "rejected-scope": "terminal",
  "superseded-by-correction": "terminal",
  "historical-debt": "quarantined",
} as const;

export type DispositionState = keyof typeof DISPOSITION_STATES;
export type DispositionClass = (typeof DISPOSITION_STATES)[DispositionState];

/** Section 3: "track CTA state as none, pending, active, blocked, completed, or superseded". */
export const CTA_STATES = ["none", "pending", "active", "blocked", "completed", "superseded"] as const;
export type CtaState = (typeof CTA_STATES)[number];

/** CTA states that are live work. */
export const LIVE_CTA: ReadonlySet<string> = /* @__PURE__ */ new Set(["pending", "active", "blocked"]);

/** Section 8: "default 20 consecutive agent-to-agent messages". */
export const DEFAULT_EXCHANGE_BUDGET = 20;

/** Section 4: "The primer declares an arena TTL, default 30 days". */
export const DEFAULT_CALLSIGN_TTL_DAYS = 30;
