/**
 * `rw check-thread`: a conversation replayed in sending order (section 5.4): handoffs left open
 * past exp or due, closed twice, done after a cancel, cancels from the wrong agent; notes; and the
 * owner of every item (rule 1). Streams its input: a million lines are audited in one pass.
 */
import { createThreadAudit, readMessage, threadVerdict, withControlsMarked as visible } from "../../core/index.js";
import type { Finding, ItemOwner, ThreadCounts, ThreadFinding } from "../../core/index.js";
import { nowOption } from "../arguments.js";
import { UsageError } from "../usage-error.js";
import { readLines } from "../input.js";
import { renderFindings } from "../render.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";

// A line may hold bidirectional controls, which a message or an item may quote: shown marked, never raw.
const show = (f: ThreadFinding): string => `${f.line === null ? "" : `line ${f.line}: `}${f.severity} ${f.code} (${f.handoff}): ${visible(f.message)}`;

/** Why `owner` holds the item: the readback that moved it, or, for the first sender, whether any came. */
const held = (o: ItemOwner): string =>
  o.handoff !== null ? `readback of ${o.handoff}` : o.readback === undefined ? "no readback yet: the sender holds it" : "no passing readback: the sender holds it";

/** `1 handoff`, `2 handoffs`. */
const counted = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** `; 2 questions (1 answered, 1 open, 1 overdue)`, only when the thread asked any: without AQs the line reads as it always has. */
const asked = (q: ThreadCounts["questions"]): string => (q.asked === 0 ? "" : `; ${counted(q.asked, "question")} (${q.answered} answered, ${q.open} open, ${q.overdue} overdue)`);

/** The audit's moment: --now, the clock, or none with --no-clock (the core's `now: null`); both given is a usage error. */
function clockOption(now: string | undefined, noClock: boolean): string | null {
  if (noClock && now !== undefined) throw new UsageError("--now and --no-clock: give one, a moment to audit at or none");
  return noClock ? null : nowOption(now);
}

async function run(ctx: CommandContext): Promise<number> {
  const now = clockOption(ctx.options["now"] as string | undefined, ctx.options["no-clock"] === true);
  const audit = createThreadAudit({ now, vocabulary: ctx.profiles.resolve });
  let invalid = 0;
  // With --json, the lines left out and the notes of the lines taken in are listed in the report, as the Worker's check-thread lists them.
  const rejected: { line: number; findings: readonly Finding[] }[] = [];
  const noted: { line: number; findings: readonly Finding[] }[] = [];
  for await (const { n, text, refused } of readLines(ctx.file)) {
    const checked = refused ?? readMessage(text, ctx.profiles.resolve);
    if (!checked.ok || checked.message === null) {
      // A line that is not a valid message is reported and left out of the thread, never guessed at.
      invalid++;
      if (ctx.json) rejected.push({ line: n, findings: checked.findings });
      // The line is echoed, a caret under it, only for a finding with `at`: in a JSON form, where its text stops being JSON (as validate draws it).
      else await ctx.err.line(`line ${n}: invalid, left out of the thread\n${await renderFindings(text, checked.findings)}`);
      continue;
    }
    // A line taken into the thread may still carry notes (SLOT_UNKNOWN, as rw validate shows them):
    // listed beside the report, never dropped, and no part of the verdict.
    if (checked.findings.length > 0) {
      if (ctx.json) noted.push({ line: n, findings: checked.findings });
      else await ctx.err.line(`line ${n}: in the thread, with notes\n${await renderFindings(text, checked.findings)}`);
    }
    audit.add(checked.message, n);
  }
  const report = audit.finish();
  const ok = threadVerdict(report, invalid);
  if (ctx.json) {
    // ok is the verdict, as the exit code: an invalid line left out of the thread fails it too.
    await ctx.out.json({ ...report, ok, handoffs: audit.handoffs(now), now, invalid, rejected, noted });
  } else {
    const c = report.counts;
    await ctx.out.line(`thread ${now === null ? "with no clock" : `at ${now}`}: ${ok ? "ok" : "problems"}; ${counted(c.messages, "message")}, ${counted(c.handoffs, "handoff")} (${c.open} open, ${c.closed} closed, ${c.cancelled} cancelled); readbacks ${c.readbacks.passed} passed, ${c.readbacks.void} void, ${c.readbacks.unverified} unverified${asked(c.questions)}${invalid > 0 ? `; ${counted(invalid, "invalid line")} left out` : ""}`);
    for (const f of report.findings) await ctx.out.line(show(f));
    if (report.owners.length > 0) {
      await ctx.out.line("owners");
      for (const o of report.owners) await ctx.out.line(`  ${visible(o.item)} ${o.owner} (${held(o)})`);
    }
  }
  return ok ? PASS : FAIL;
}

export const checkThreadCommand: Command = {
  summary: "audit a conversation in sending order: closure, cancels, re-issues, readbacks, owners",
  common: ["profile", "file", "json"],
  readsLines: true,
  options: {
    now: { type: "string", help: "the moment of the audit, YYYYMMDDTHHMMZ (UTC); default: now" },
    "no-clock": { type: "boolean", help: "audit with no clock, as the Worker's now: null: no exp, due or by= is judged, so nothing is late, nor known to be in time" },
  },
  run,
};
