/**
 * Everything the playground shows follows from this state, and a shared link carries all of it
 * (share.ts writes it, open-link.ts reads it back).
 */

export type View = "conversation" | "readback" | "legend" | "mailbox" | "delegation";

/** How the mailbox tab reads a message: as a peer's (inbound) or as the preflight before publishing. */
export type MailboxMode = "inbound" | "outbound";
/** Which delegation check the delegation tab runs on its JSON. */
export type DelegationMode = "validate" | "check-child" | "check-reassignment" | "check-attempts" | "check-card-revision" | "check-fences" | "evaluate";

/** The sender's side of a readback check for one HO: withheld criteria and the record, as typed. */
export interface Expectation {
  readonly expectAcc: string;
  /** The record as JSON text (checked by the core's readRecord when used). */
  readonly record: string;
}

export interface PlaygroundState {
  readonly view: View;
  /** The conversation: one RW1 line (or JSON form) a line. */
  readonly text: string;
  /** The profile lines without `p=` are read with: "" for the core alone, a shipped name, or "custom". */
  readonly profile: string;
  /** A custom profile file, as JSON text. */
  readonly customProfile: string;
  /** The moment of check-thread, `YYYYMMDDTHHMMZ`; "" for no clock. */
  readonly now: string;
  /** Who sends the UN for refused lines; "" for each line's `to=`. */
  readonly as: string;
  readonly showJson: boolean;
  /** By HO id. */
  readonly expectations: Readonly<Record<string, Expectation>>;
  /** The HO the readback lab shows. */
  readonly lab: string;
  /** The legend's profile: "" for the core alone, a shipped name, or "custom". */
  readonly legendProfile: string;
  readonly lean: boolean;
  /** The mailbox tab: a message (Markdown with YAML frontmatter), as pasted. */
  readonly mailbox: string;
  /** The message its reply_to names, as pasted; "" for none. */
  readonly mailboxParent: string;
  /** The parent's filename, which the body should wikilink; "" when not known. */
  readonly mailboxParentFile: string;
  readonly mailboxMode: MailboxMode;
  /** The delegation tab: one JSON document, as typed. */
  readonly delegation: string;
  readonly delegationMode: DelegationMode;
}

export const initialState: PlaygroundState = {
  view: "conversation",
  text: "",
  profile: "",
  customProfile: "",
  now: "",
  as: "",
  showJson: true,
  expectations: {},
  lab: "",
  legendProfile: "pay",
  lean: false,
  mailbox: "",
  mailboxParent: "",
  mailboxParentFile: "",
  mailboxMode: "outbound",
  delegation: "",
  delegationMode: "check-child",
};
