/**
 * The whole state in the URL fragment: JSON, deflated (the browser's CompressionStream), in
 * base64url, after `#s1.`. A fragment never reaches a server. Reading one is defensive: a link may
 * be cut short, edited or made up, so every failure is an answer, never an exception, and the
 * inflated size is capped.
 */
import { parseJsonText } from "../../core/index.js";
import { readState } from "./state.js";
import type { PlaygroundState } from "./state.js";

export const FRAGMENT_PREFIX = "#s1.";
/**
 * The longest address a browser opens: Chromium's limit (url::kMaxURLChars). A longer one is not
 * opened as a link, and a reload of it loses its fragment.
 */
export const MAX_ADDRESS_CHARS = 2 * 1024 * 1024;
/**
 * The most a shared state may inflate to (its JSON, UTF-8), read or written: the page writes no
 * link it would refuse to open.
 */
export const MAX_STATE_BYTES = 8 * 1024 * 1024;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

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

async function deflate(bytes: Blob): Promise<Uint8Array> {
  const stream = bytes.stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
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

/**
 * `bytes` as deflate-raw data made of stored (uncompressed) blocks: what any inflater reads, made
 * synchronously, for when the page is leaving and CompressionStream's promise would come too late.
 */
function storedDeflate(bytes: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(bytes.length / 0xffff));
  const out = new Uint8Array(bytes.length + 5 * blocks);
  for (let b = 0, at = 0; b < blocks; b++) {
    const chunk = bytes.subarray(b * 0xffff, (b + 1) * 0xffff);
    const n = chunk.length;
    out.set([b === blocks - 1 ? 1 : 0, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff], at);
    out.set(chunk, at + 5);
    at += 5 + n;
  }
  return out;
}

/**
 * The fragment that holds `state`, made at once (uncompressed, so longer): for a page that is
 * leaving. For a state of more than MAX_STATE_BYTES, its size in bytes instead: no link holds it.
 */
export function stateFragmentNow(state: PlaygroundState): string | number {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  return bytes.length > MAX_STATE_BYTES ? bytes.length : FRAGMENT_PREFIX + toBase64Url(storedDeflate(bytes));
}

/** The fragment (with its `#`) that holds `state`; its size in bytes, as stateFragmentNow gives it, when no link holds it. */
export async function stateFragment(state: PlaygroundState): Promise<string | number> {
  const bytes = new Blob([JSON.stringify(state)]);
  return bytes.size > MAX_STATE_BYTES ? bytes.size : FRAGMENT_PREFIX + toBase64Url(await deflate(bytes));
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
