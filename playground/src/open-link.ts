/**
 * A shared link's state, read back: the fragment share.ts writes, into a PlaygroundState. Reading
 * is defensive: a link may be cut short, edited or made up, so every failure is an answer, never
 * an exception, and the inflated size is capped. The page loads this module only when it opens
 * with a fragment: one opened plain, or typed into, never needs it.
 */
import { parseJsonText } from "../../core/index.js";
import { withoutBom } from "./input-text.js";
import { FRAGMENT_PREFIX, MAX_STATE_BYTES } from "./share.js";
import { initialState } from "./state.js";
import type { DelegationMode, Expectation, MailboxMode, PlaygroundState, View } from "./state.js";

// What the page says of a link it read: only a page opened with one needs it, so it loads with the reader.
export { linkNotice } from "./link-notice.js";

// The values a link may give the state's views and modes (state.ts's types), here rather than
// there: only a link is read against them, and the page's first download carries none of them.
const VIEWS: readonly View[] = ["conversation", "readback", "legend", "mailbox", "delegation"];
const MAILBOX_MODES: readonly MailboxMode[] = ["outbound", "inbound"];
const DELEGATION_MODES: readonly DelegationMode[] = ["validate", "check-child", "check-reassignment", "check-attempts", "check-card-revision", "check-fences", "evaluate"];

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Inflates at most MAX_STATE_BYTES: the bytes, or why not (not deflate data, or more than that). */
async function inflate(bytes: Uint8Array): Promise<Uint8Array | "unread" | "too-large"> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_STATE_BYTES) {
        await reader.cancel().catch(() => undefined);
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "unread";
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The state a decoded link describes (untrusted JSON: anyone may have edited it), the fields it
 * got wrong (missing or of the wrong kind: left at their defaults, and named so the page can say
 * so), and the fields it holds that the page does not know (not read; a later version's, or an
 * edit): each a path, `expectations.<id>.<field>` for one inside an expectation.
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

export type SharedState = { readonly state: PlaygroundState; readonly problems: readonly string[]; readonly unknown: readonly string[] } | { readonly error: string };

/** The state a fragment holds; null when the fragment holds none (an empty link). */
export async function readFragment(hash: string): Promise<SharedState | null> {
  if (hash === "" || hash === "#") return null;
  if (!hash.startsWith(FRAGMENT_PREFIX)) return { error: "the link's fragment is not a playground state (it should start with #s1.)" };
  const bytes = fromBase64Url(hash.slice(FRAGMENT_PREFIX.length));
  if (bytes === null) return { error: "the link's state is not valid base64url: it may have been cut short or edited" };
  const inflated = await inflate(bytes);
  if (inflated === "too-large") return { error: `the link's state is too large: it inflates to more than ${MAX_STATE_BYTES / (1024 * 1024)} MB` };
  if (inflated === "unread") return { error: "the link's state does not decompress: it may have been cut short or edited" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    return { error: "the link's state is not UTF-8 text" };
  }
  const json = parseJsonText(text);
  if (!json.ok) return { error: json.problem === "syntax" ? "the link's state is not JSON" : `the link's state is refused: ${json.reason}` };
  return readState(json.value);
}
