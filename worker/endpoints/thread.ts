/**
 * `rw check-thread --json`: a conversation in sending order, audited by the core in one pass. A
 * line that is not a valid message is left out of the thread and listed in `rejected`, never
 * guessed at, and fails the verdict `ok`; `invalid` counts them, as the CLI's report does; a line
 * taken in whose reading raised notes is listed in `noted`, as rw validate would show them. Without `now` the audit is at the
 * current minute, as the CLI's; a JSON `"now": null` (or `?now=null`) audits with no clock.
 */
import { createThreadAudit, isTime, readMessage, threadVerdict, timeAt } from "../../core/index.js";
import type { Finding } from "../../core/index.js";
import { Input } from "../input.js";
import { ProblemError } from "../problem.js";
import { chosenProfile, profiles } from "../profiles.js";
import { json } from "../respond.js";
import { shown } from "../shown.js";
import type { Env } from "../env.js";
import type { RouteContext } from "../router.js";

export async function checkThreadRoute(context: RouteContext<Env>): Promise<Response> {
  const input = await Input.read(context.request, context.url, context.env, ["json", "text"], ["lines", "profile", "now"]);
  // A JSON null audits with no clock (nothing is past its exp or due), as the core allows; in the
  // query it is JSON text, `now=null`, the only way a text body can ask for it.
  const given = input.nullableString("now");
  if (typeof given === "string" && !isTime(given)) throw new ProblemError("invalid-request", `now: ${JSON.stringify(shown(given))} is not YYYYMMDDTHHMMZ (UTC)`, { parameter: "now" });
  const now = given === undefined ? timeAt(Date.now()) : given;
  const items = input.items();
  const p = profiles(chosenProfile(input.raw("profile")));
  const audit = createThreadAudit({ now, vocabulary: p.resolve });
  const rejected: { line: number; findings: readonly Finding[] }[] = [];
  // A line taken into the thread may still carry notes (SLOT_UNKNOWN): listed, not part of the verdict.
  const noted: { line: number; findings: readonly Finding[] }[] = [];
  for (const { n, value } of items) {
    const checked = readMessage(value, p.resolve);
    if (!checked.ok || checked.message === null) rejected.push({ line: n, findings: checked.findings });
    else {
      if (checked.findings.length > 0) noted.push({ line: n, findings: checked.findings });
      audit.add(checked.message, n);
    }
  }
  const report = audit.finish();
  // ok is the verdict, as rw check-thread's: a line left out of the thread fails it too.
  return json({ ...report, ok: threadVerdict(report, rejected.length), handoffs: audit.handoffs(now), now, invalid: rejected.length, rejected, noted });
}
