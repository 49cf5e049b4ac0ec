/**
 * The mailbox tab's examples: messages of the demo room (test/conformance/mailbox/rooms/demo/inbox/),
 * verbatim, each with the parent its reply_to names. Loaded with the tab, not with the page.
 */
export interface MailboxExample {
  readonly id: string;
  readonly label: string;
  readonly message: string;
  readonly parent: string;
  readonly parentFile: string;
}

const HELLO = "---\ntags:\n  - agent-mailbox\n  - crox-site\nmeta:\n  mailbox:\n    version: 1\n    profile: CORE\n    id: 01a0f6b1-2680-7212-98ac-c13a3f44494e\n    thread: 01a0f6b1-2681-7323-9cf1-064b50555a5f\n    request_id: 01a0f6b1-2682-7434-a135-4b5c61666b70\n    from: VEGA\n    to:\n      - LYRA\n    kind: hello\n    reply_to: \"\"\n    expects_reply: true\n    arena: CROX-SITE\n    machine: VEGA-BOX\n    root: 483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc\n    transport: local\n---\nObjective: hero copy for crox.site, 120 words, no em dashes.\n\n1. VEGA drafts, LYRA reviews.\n2. Exchange budget: the default, 20.\n";

const WELCOME = "---\ntags:\n  - agent-mailbox\n  - crox-site\nmeta:\n  mailbox:\n    version: 1\n    profile: CORE\n    id: 01a0f6b2-10e3-7545-a579-8c6d72777c81\n    thread: 01a0f6b1-2681-7323-9cf1-064b50555a5f\n    request_id: 01a0f6b1-2682-7434-a135-4b5c61666b70\n    from: LYRA\n    to:\n      - VEGA\n    kind: welcome\n    reply_to: 01a0f6b1-2680-7212-98ac-c13a3f44494e\n    expects_reply: false\n    arena: CROX-SITE\n    machine: LYRA-BOX\n    root: 483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc\n    transport: local\n    terms: accept\n---\nRe: [[2026-10-01-09-00-00-VEGA-hello-kickoff]]\n\nAgree to 1 and 2 as written.\n";

const REQUEST = "---\ntags:\n  - agent-mailbox\n  - crox-site\nmeta:\n  mailbox:\n    version: 1\n    profile: CORE\n    id: 01a0f6ba-4e44-7656-a9bd-d17e83888d92\n    thread: 01a0f6b1-2681-7323-9cf1-064b50555a5f\n    request_id: 01a0f6ba-4e46-7078-b246-5ba0a5aaafb4\n    from: VEGA\n    to:\n      - LYRA\n    kind: request\n    reply_to: 01a0f6b2-10e3-7545-a579-8c6d72777c81\n    expects_reply: true\n    arena: CROX-SITE\n    machine: VEGA-BOX\n    root: 483293974eb8c6bacbd770700a95d021dff6d344de37e07eceb3310b1b077ecc\n    transport: local\n---\nRe: [[2026-10-01-09-01-00-LYRA-welcome-accept]]\n\nPlease review the draft at workspace/VEGA/artifacts/hero-v1.md (sha256 9b2f...). Verdict by reply.\n\nRW1 HO vega-1 from=vega to=lyra item=crox:hero ask=REVIEW due=20261002\n";

export const MAILBOX_EXAMPLES: readonly MailboxExample[] = [
  { id: "request", label: "A request with an RW1 line", message: REQUEST, parent: WELCOME, parentFile: "2026-10-01-09-01-00-LYRA-welcome-accept.md" },
  { id: "welcome", label: "A welcome answering the hello", message: WELCOME, parent: HELLO, parentFile: "2026-10-01-09-00-00-VEGA-hello-kickoff.md" },
  { id: "hello", label: "The hello that opens the thread", message: HELLO, parent: "", parentFile: "" },
];
