/**
 * Everything the playground shows follows from this state, and a shared link carries all of it
 * (share.ts). `readState` takes untrusted JSON (a link anyone may have edited): each field that is
 * missing or of the wrong kind falls back to its default, and is named so the page can say so.
 */
import { withoutBom } from "./input-text.js";

export type View = "conversation" | "readback" | "legend" | "mailbox" | "delegation";
export const VIEWS: readonly View[] = ["conversation", "readback", "legend", "mailbox", "delegation"];

/** How the mailbox tab reads a message: as a peer's (inbound) or as the preflight before publishing. */
export type MailboxMode = "inbound" | "outbound";
export const MAILBOX_MODES: readonly MailboxMode[] = ["outbound", "inbound"];
/** Which delegation check the delegation tab runs on its JSON. */
export type DelegationMode = "validate" | "check-child" | "check-reassignment" | "check-attempts" | "check-card-revision" | "check-fences" | "evaluate";
export const DELEGATION_MODES: readonly DelegationMode[] = ["validate", "check-child", "check-reassignment", "check-attempts", "check-card-revision", "check-fences", "evaluate"];

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

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The state a decoded link describes, the fields it got wrong (left at their defaults), and the
 * fields it holds that the page does not know (not read; a later version's, or an edit): each a
 * path, `expectations.<id>.<field>` for one inside an expectation.
 */
export function readState(json: unknown): { state: PlaygroundState; problems: string[]; unknown: string[] } {
  if (!isRecord(json)) return { state: initialState, problems: ["the link does not hold a playground state"], unknown: [] };
  const problems: string[] = [];
  const unknown = Object.keys(json).filter((k) => !Object.hasOwn(initialState, k));
  const pick = <K extends keyof PlaygroundState>(key: K, ok: (v: unknown) => boolean): PlaygroundState[K] => {
    if (!Object.hasOwn(json, key)) return initialState[key];
    const v = json[key];
    if (ok(v)) return v as PlaygroundState[K];
    problems.push(key);
    return initialState[key];
  };
  const isString = (v: unknown): boolean => typeof v === "string";
  const isBool = (v: unknown): boolean => typeof v === "boolean";
  // No prototype: a key such as __proto__ in an edited link stays a plain key.
  const expectations = Object.create(null) as Record<string, Expectation>;
  const rawExpectations = pick("expectations", isRecord);
  for (const [id, e] of Object.entries(rawExpectations)) {
    if (isRecord(e) && typeof e["expectAcc"] === "string" && typeof e["record"] === "string") {
      expectations[id] = { expectAcc: e["expectAcc"], record: e["record"] };
      for (const k of Object.keys(e)) if (k !== "expectAcc" && k !== "record") unknown.push(`expectations.${id}.${k}`);
    } else if (!problems.includes("expectations")) problems.push("expectations");
  }
  const state: PlaygroundState = {
    view: pick("view", (v) => VIEWS.includes(v as View)),
    text: withoutBom(pick("text", isString)),
    profile: pick("profile", isString),
    customProfile: pick("customProfile", isString),
    now: pick("now", isString),
    as: pick("as", isString),
    showJson: pick("showJson", isBool),
    expectations,
    lab: pick("lab", isString),
    legendProfile: pick("legendProfile", isString),
    lean: pick("lean", isBool),
    mailbox: pick("mailbox", isString),
    mailboxParent: pick("mailboxParent", isString),
    mailboxParentFile: pick("mailboxParentFile", isString),
    mailboxMode: pick("mailboxMode", (v) => MAILBOX_MODES.includes(v as MailboxMode)),
    delegation: pick("delegation", isString),
    delegationMode: pick("delegationMode", (v) => DELEGATION_MODES.includes(v as DelegationMode)),
  };
  return { state, problems, unknown };
}
