/**
 * Reading a request body within the limits: Content-Length first (a declared size over the limit
 * is refused before a byte is read), then the bytes as they stream in (a body without a length, or
 * longer than it said, is cut off at the limit), then UTF-8 decoding and, for JSON, parsing.
 */
import { parseJsonText } from "../core/index.js";
import type { JsonTextReading } from "../core/index.js";
import { drainBytes } from "./drain-bound.js";
import type { Env } from "./env.js";
import { LIMITS, nestsDeeper } from "./limits.js";
import { ProblemError } from "./problem.js";
import { shown } from "./shown.js";

export type BodyKind = "json" | "text";

/** The binding the body is read with: how much of a refused one is drained (drain-bound.ts). */
export type DrainSetting = Pick<Env, "RW_DRAIN_MIB">;

export type Body = { readonly kind: "json"; readonly value: unknown } | { readonly kind: "text"; readonly text: string };

const TOO_LARGE = `the body is over ${LIMITS.bodyBytes} bytes (1 MiB)`;

/**
 * Reads and drops what is left of a refused body, up to `bound` bytes (RW_DRAIN_MIB,
 * drain-bound.ts), before answering: a body cut off while the client is still sending (the reader
 * cancelled, or the answer sent first) aborts the connection, so the client may never read the
 * answer, and under wrangler dev, whose proxy reports any aborted request but a GET as "Your worker
 * restarted mid-request", it becomes a plain-text 503. Past that bound the stream is cancelled. On
 * the Free and Pro plans a deployed Worker is sent no body over 100 MB (200 MB on Business, 500 MB
 * on Enterprise): Cloudflare refuses it before the Worker runs. Nothing read is kept.
 */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, bound: number): Promise<void> {
  let left = bound;
  try {
    while (left > 0) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drain.
  }
}

/**
 * The body's bytes, refused past the limit whatever the headers say. A body on a Worker whose
 * RW_DRAIN_MIB cannot be read is refused before a byte is read (drainBytes).
 */
export async function readBytes(request: Request, env: DrainSetting): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (!/^\d{1,16}$/.test(declared.trim())) throw new ProblemError("invalid-request", "Content-Length is not a number of bytes", { parameter: "content-length" });
    if (Number(declared) > LIMITS.bodyBytes) throw new ProblemError("body-too-large", `${TOO_LARGE}: Content-Length says ${declared}`, { limit: LIMITS.bodyBytes });
  }
  if (request.body === null) return new Uint8Array(0);
  const bound = drainBytes(env);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > LIMITS.bodyBytes) {
      await discard(reader, bound);
      throw new ProblemError("body-too-large", `${TOO_LARGE}: more arrived than the limit`, { limit: LIMITS.bodyBytes });
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Refuses a body on a request that takes none (`what` says which, and where its options go), at
 * any size, as `invalid-request` (never `body-too-large`): refused, not ignored, since what it
 * asks for would otherwise silently not be done.
 */
export async function refuseBody(request: Request, what: string, env: DrainSetting): Promise<void> {
  if (request.body === null) return;
  const bound = drainBytes(env);
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    // Refused at its first byte, whatever its size: there is nothing to read it for.
    if (value.byteLength > 0) {
      await discard(reader, bound);
      throw new ProblemError("invalid-request", `body: ${what}; send none`, { parameter: "body" });
    }
  }
}

/** The media type the body is read as, from Content-Type; anything else, or a compressed body, is refused (415). */
export function bodyKind(request: Request, accepted: readonly BodyKind[]): BodyKind {
  const header = request.headers.get("content-type");
  const takes = accepted.map((k) => (k === "json" ? "application/json" : "text/plain")).join(" or ");
  if (header === null) throw new ProblemError("unsupported-media-type", `no Content-Type: send ${takes}`, { accepted: takes });
  const [type = "", ...params] = header.split(";").map((s) => s.trim().toLowerCase());
  const charset = params.find((p) => p.startsWith("charset="))?.slice("charset=".length).replace(/"/g, "");
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8" && charset !== "us-ascii") {
    throw new ProblemError("unsupported-media-type", `charset=${shown(charset)}: bodies are UTF-8`, { accepted: takes });
  }
  const kind: BodyKind | null = type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type) ? "json" : type === "text/plain" ? "text" : null;
  if (kind === null || !accepted.includes(kind)) throw new ProblemError("unsupported-media-type", `${type === "" ? "an empty Content-Type" : shown(type)}: this route takes ${takes}`, { accepted: takes });
  // The Worker reads the bytes as sent (nothing on the way decompresses a request body): a
  // compressed one would be refused as "not UTF-8" or "not JSON", which is not what is wrong with
  // it. RFC 9110 section 8.4.1: a content coding the server does not take is a 415.
  const coding = request.headers.get("content-encoding")?.trim().toLowerCase() ?? "";
  if (coding !== "" && coding !== "identity") throw new ProblemError("unsupported-media-type", `Content-Encoding ${shown(coding)}: bodies are read as sent; send this one uncompressed, without Content-Encoding`, { accepted: takes });
  return kind;
}

/** Refuses JSON text nested past the limit before it is parsed (`what` names it in the detail). */
export function refuseDeep(text: string, what: string, extensions: Readonly<Record<string, unknown>> = {}): void {
  if (nestsDeeper(text, LIMITS.jsonDepth)) throw new ProblemError("json-too-deep", `${what} nests arrays and objects more than ${LIMITS.jsonDepth} levels deep`, { ...extensions, limit: LIMITS.jsonDepth });
}

/**
 * Reads, decodes and (for JSON) parses the body. An empty JSON body is refused: JSON has no empty
 * document. An empty text body is text, as a body of blank lines is: zero lines where a route reads
 * lines (the `{"lines":[]}` of a JSON body, and what `rw validate < /dev/null` reads), and too few
 * where it reads named messages, which the route says.
 */
export async function readBody(request: Request, accepted: readonly BodyKind[], env: DrainSetting, reading: JsonTextReading): Promise<Body> {
  const kind = bodyKind(request, accepted);
  const bytes = await readBytes(request, env);
  if (bytes.byteLength === 0 && kind === "json") throw new ProblemError("invalid-request", "the request has no body: send a JSON object of fields", { parameter: "body" });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ProblemError("invalid-encoding", "the body is not valid UTF-8");
  }
  if (kind === "text") return { kind, text };
  refuseDeep(text, "the body");
  const json = parseJsonText(text, reading);
  if (json.ok) return { kind, value: json.value };
  throw new ProblemError("malformed-json", json.problem === "syntax" ? `the body is not JSON: ${json.reason}` : `the body is refused: ${json.reason}`);
}
