/**
 * `POST /v1/mailbox/preflight`: one Agent Mailbox message in (Markdown with YAML frontmatter), the
 * verdict out: the core's reading of it, as `rw mailbox` reads a file. `outbound` (the default) is
 * the preflight before publishing; `inbound` reads a message a peer published. A refused message
 * is a 200 with `ok: false` and its findings; problems are for requests the Worker cannot read.
 */
import { PARENT_FIELDS, parentFromFields, parentInfo, readMailboxMessage } from "../../core/mailbox/index.js";
import type { ParentInfo } from "../../core/mailbox/index.js";
import { Input } from "../input.js";
import { ProblemError } from "../problem.js";
import { chosenProfile, profiles } from "../profiles.js";
import { json } from "../respond.js";
import type { Env } from "../env.js";
import type { RouteContext } from "../router.js";

const bad = (parameter: string, detail: string): ProblemError => new ProblemError("invalid-request", `${parameter}: ${detail}`, { parameter });

/**
 * The parent: `{ id, kind, file?, expects_reply?, availability?, terms? }`, its envelope fields
 * (`id` and `kind` required) checked by the core as a message's are (parentFromFields), or the
 * parent message's own text (read inbound for what the reader judges of it) with its filename in
 * `parentFile`, as the playground's filename field and `rw mailbox`'s folder give it: without a
 * filename the body's link is held only to link something, never to the exact parent.
 */
function parentOf(value: unknown, file: string | undefined): ParentInfo | undefined {
  if (file !== undefined && typeof value !== "string") throw bad("parentFile", "the filename of a parent given as text; the object form names it in parent.file");
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") {
    const parent = readMailboxMessage(value);
    if (parent.envelope === null) throw new ProblemError("invalid-message", "parent is not a readable mailbox message", { parameter: "parent", findings: parent.findings });
    return parentInfo(parent.envelope, file ?? null);
  }
  const p = value as Record<string, unknown>;
  if (typeof value !== "object" || Array.isArray(value) || !(p["file"] === undefined || p["file"] === null || typeof p["file"] === "string")) {
    throw bad("parent", `the parent message as text, or { id, kind, file?, ${PARENT_FIELDS.join("?, ")}? }`);
  }
  // Its id and kind as the fields: the core checks them as a message's (UUID_INVALID, KIND_UNKNOWN).
  const read = parentFromFields({ id: p["id"], kind: p["kind"], file: (p["file"] as string | null | undefined) ?? null, fields: p });
  const [first] = read.findings;
  if (read.parent === null || first !== undefined) {
    // The core's message names its field first ("terms: accept or counter"), read here under parent.
    const parameter = first?.slot === undefined ? "parent" : `parent.${first.slot}`;
    throw new ProblemError("invalid-request", first?.slot === undefined ? `parent: ${first?.message ?? "not read"}` : `parent.${first.message}`, { parameter, findings: read.findings });
  }
  return read.parent;
}

export async function mailboxPreflightRoute(context: RouteContext<Env>): Promise<Response> {
  const input = await Input.read(context.request, context.url, context.env, ["json", "text"], ["message", "mode", "parent", "parentFile", "profile"]);
  let message: string;
  if (input.body?.kind === "text") {
    if (input.raw("message") !== undefined) throw bad("message", "the text body is the message; give it there, not in the query");
    message = input.body.text;
  } else {
    const given = input.raw("message");
    if (given === undefined) throw bad("message", "required: the message, Markdown with YAML frontmatter");
    if (typeof given !== "string") throw bad("message", "a string: the message as written, Markdown with YAML frontmatter");
    message = given;
  }
  const mode = input.string("mode") ?? "outbound";
  if (mode !== "outbound" && mode !== "inbound") throw bad("mode", "outbound (the preflight before publishing) or inbound (a peer's message)");
  const parent = parentOf(input.json("parent"), input.string("parentFile"));
  const p = profiles(chosenProfile(input.raw("profile")));
  const reading = readMailboxMessage(message, { mode, vocabulary: p.resolve, ...(parent === undefined ? {} : { parent }) });
  return json({
    ok: reading.ok,
    mode,
    id: reading.id,
    envelope: reading.envelope,
    legacy: reading.legacy,
    findings: reading.findings,
    rw1: reading.rw1.map((l) => ({ line: l.line, text: l.text, ok: l.check.ok, findings: l.check.findings })),
  });
}
