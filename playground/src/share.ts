/**
 * The whole state in the URL fragment, written: JSON, deflated (the browser's CompressionStream),
 * in base64url, after `#s1.`. A fragment never reaches a server. open-link.ts reads one back.
 */
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

async function deflate(bytes: Blob): Promise<Uint8Array> {
  const stream = bytes.stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
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
