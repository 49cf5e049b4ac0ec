/**
 * The routes that read lines, as `rw parse`, `rw format`, `rw validate` and `rw digest` do with
 * `--json`: one result per message, in order, numbered as given. A refused line is a result
 * (`ok: false` with its findings), never an HTTP error.
 */
import { digest, formatInput, isAgent, readLine, readMessage, refusals } from "../../core/index.js";
import type { Finding, LineCheck } from "../../core/index.js";
import { Input } from "../input.js";
import type { InputItem } from "../input.js";
import { ProblemError } from "../problem.js";
import { chosenProfile, profiles } from "../profiles.js";
import type { Profiles } from "../profiles.js";
import { json } from "../respond.js";
import { shown } from "../shown.js";
import type { Env } from "../env.js";
import type { RouteContext } from "../router.js";

async function lines(context: RouteContext<Env>, options: readonly string[]): Promise<{ input: Input; items: InputItem[]; profiles: Profiles }> {
  const input = await Input.read(context.request, context.url, context.env, ["json", "text"], ["lines", "profile", ...options]);
  const items = input.items();
  return { input, items, profiles: profiles(chosenProfile(input.raw("profile"))) };
}

/**
 * `rw parse`: RW1 lines to their JSON forms. A JSON form among them (an object, or its text) is a
 * well-formed request with an item of the wrong kind: its result says so, as /v1/format's does for
 * a line, rather than the request being refused.
 */
export async function parseRoute(context: RouteContext<Env>): Promise<Response> {
  const { items, profiles: p } = await lines(context, []);
  const results = items.map(({ n, value }) => {
    const checked = readLine(value, p.resolve);
    return { line: n, ok: checked.ok, message: checked.message, findings: checked.findings };
  });
  return json({ ok: results.every((r) => r.ok), results });
}

/** `rw format`: JSON forms to RW1 lines; only valid messages are written. */
export async function formatRoute(context: RouteContext<Env>): Promise<Response> {
  const { items, profiles: p } = await lines(context, []);
  const results = items.map(({ n, value }) => {
    const { text, findings } = formatInput(value, p.resolve);
    return { line: n, ok: text !== null, text, findings };
  });
  return json({ ok: results.every((r) => r.ok), results });
}

/** `rw validate --json [--as NAME --seq N]`: each message checked; with `as`, the UN that receiver sends. */
export async function validateRoute(context: RouteContext<Env>): Promise<Response> {
  const { input, items, profiles: p } = await lines(context, ["as", "seq"]);
  const receiver = input.string("as");
  if (receiver !== undefined && !isAgent(receiver)) throw new ProblemError("invalid-request", `as: ${JSON.stringify(shown(receiver))} is not an agent name ([A-Za-z0-9._-]+)`, { parameter: "as" });
  const first = input.count("seq");
  if (first !== undefined && receiver === undefined) throw new ProblemError("invalid-request", "seq: needs as (the receiver whose replies it numbers)", { parameter: "seq" });
  // The receiver's UNs, numbered past its own ids among the messages read so far, as rw validate --as numbers them.
  const answer = receiver === undefined ? null : refusals(receiver, first ?? 1);
  const results = items.map(({ n, value }) => {
    const checked: LineCheck = readMessage(value, p.resolve);
    const reply = answer === null ? null : answer(checked);
    const un = reply?.ok === true ? reply.value : null;
    const unaddressable = reply !== null && !reply.ok ? reply.findings : undefined;
    return {
      line: n,
      ok: checked.ok,
      findings: checked.findings,
      ...(receiver === undefined ? {} : { refusal: un }),
      ...(unaddressable === undefined ? {} : { refusalFindings: unaddressable }),
    };
  });
  return json({ ok: results.every((r) => r.ok), results });
}

/** `rw digest --json`: `h=` of each valid message. */
export async function digestRoute(context: RouteContext<Env>): Promise<Response> {
  const { items, profiles: p } = await lines(context, []);
  const results = items.map(({ n, value }) => {
    const checked = readMessage(value, p.resolve);
    const h = checked.ok && checked.message !== null ? digest(checked.message) : null;
    return { line: n, ok: h !== null, h, findings: checked.findings };
  });
  return json({ ok: results.every((r) => r.ok), results });
}
