/** `rw prepare | commit | abandon`: the tool's statement (section 5.3), kept in a local file store. */
import { existsSync } from "node:fs";
import { abandon, cancelHandoff, commit, formatLine, isMessageId, isStatementToken, isTime, prepare, ranBeforeCancel, readCall, withControlsMarked as visible } from "../../core/index.js";
import type { Finding, Statement } from "../../core/index.js";
import { messageOption, nowOption, numberOption, timeRefusal, pathOption, slotValuesOption, vocabularyOf } from "../arguments.js";
import { renderFindings } from "../render.js";
import { DEFAULT_STORE, StoreError, withStatementStore } from "../statement-file.js";
import { UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

const storeOf = (ctx: CommandContext): string => pathOption("store", ctx.options["store"], "a file") ?? DEFAULT_STORE;
/** Notices a step leaves for after its answer (statement-file.ts lockLostNotice), printed by `guarded`. */
type Notices = string[];

/** Runs one step on the store; a notice it leaves is kept for after the step's answer. */
function inStore<T>(ctx: CommandContext, notices: Notices, step: Parameters<typeof withStatementStore<T>>[1], creates = false): T {
  return withStatementStore(storeOf(ctx), step, creates, (notice) => notices.push(notice));
}

const STORE = { type: "string", help: `the statement store, default ${DEFAULT_STORE}` } as const;

async function runPrepare(ctx: CommandContext, notices: Notices): Promise<number> {
  // What the options are is no matter of the HO: a --call that is no JSON object of slot values,
  // an --exp, --now or --n not in their form, is a usage error before the HO is read, never
  // hidden by an HO that is invalid (exit 1).
  const given = slotValuesOption("call", ctx.options["call"] as string | undefined);
  if (given === undefined) throw new UsageError("--call: the resolved call, a JSON object of execution slot values");
  const exp = ctx.options["exp"];
  if (typeof exp !== "string") throw new UsageError("--exp YYYYMMDDTHHMMZ is required: the end of the window for confirmation");
  if (!isTime(exp)) throw new UsageError(timeRefusal("exp", exp, "YYYYMMDDTHHMMZ (UTC)"));
  // A window that has already closed could never be committed: the core refuses it at now.
  const now = nowOption(ctx.options["now"] as string | undefined);
  const nOption = ctx.options["n"] as string | undefined;
  const n = nOption === undefined ? undefined : numberOption("n", nOption, 1);
  const ho = messageOption("ho", ctx.options["ho"] as string | undefined, ctx.profiles);
  if (ho.message === null || !ho.ok) {
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "HO", findings: ho.findings }));
    else await ctx.err.line(`the HO is invalid; nothing prepared\n${await renderFindings(ho.text, ho.findings)}`);
    return FAIL;
  }
  const vocabulary = vocabularyOf(ho.message, ctx.profiles);
  // Read by the core as a Worker's thread reads it: values decoded by slot type, $resolve refused.
  const read = readCall(given, vocabulary);
  if (!read.ok) {
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "call", findings: read.findings }));
    else await ctx.err.line(`the call is invalid; nothing prepared\n${await renderFindings("", read.findings)}`);
    return FAIL;
  }
  const call = read.value;
  const result = inStore(ctx, notices, (store) => prepare(store, { ho: ho.message!, call, exp, now, ...(n === undefined ? {} : { n }) }, vocabulary), true);
  if (!result.ok) {
    await (ctx.json ? ctx.out.line(jsonText({ ok: false, findings: result.findings })) : ctx.err.line(await renderFindings("", result.findings)));
    return FAIL;
  }
  const line = formatLine(result.value.readback);
  if (ctx.json) await ctx.out.line(jsonText({ ok: true, token: result.value.token, line: line.value, findings: result.findings }));
  else {
    await ctx.out.line(line.value ?? "");
    if (result.findings.length > 0) await ctx.err.line(await renderFindings("", result.findings));
  }
  return PASS;
}

function tokenArg(ctx: CommandContext): string {
  const token = ctx.args[0] as string;
  if (!isStatementToken(token)) throw new UsageError(`${token}: a statement token is 32 lowercase hex characters`);
  return token;
}

/**
 * Why a token is unknown, when the reason is that no store is there: the store is a path relative
 * to the folder rw runs in, so a commit run from another folder than its prepare (or with another
 * --store) finds none, and "no statement has this token" alone sent the caller looking for a
 * wrong token.
 */
function noStoreHint(ctx: CommandContext, findings: readonly Finding[]): string {
  const store = storeOf(ctx);
  if (!findings.some((f) => f.code === "STATEMENT_UNKNOWN") || existsSync(store)) return "";
  return ` (there is no statement store at ${store}: run rw ${ctx.name} in the folder rw prepare ran in, or give its --store PATH)`;
}

async function report(ctx: CommandContext, result: { ok: boolean; value: Statement | null; findings: readonly Finding[] }, verb: string): Promise<number> {
  if (ctx.json) await ctx.out.line(jsonText({ ok: result.ok, statement: result.value, findings: result.findings }));
  else if (result.ok && result.value !== null) await ctx.out.line(verb === "committed" ? jsonText(result.value.call) : `${verb} ${result.value.handoff}`);
  else await ctx.err.line(visible(`refused: ${result.findings.map((f) => f.message).join("; ")}${noStoreHint(ctx, result.findings)}`));
  return result.ok ? PASS : FAIL;
}

async function runCommit(ctx: CommandContext, notices: Notices): Promise<number> {
  const token = tokenArg(ctx);
  const now = nowOption(ctx.options["now"] as string | undefined);
  return report(ctx, inStore(ctx, notices, (store) => commit(store, token, now)), "committed");
}

async function runAbandon(ctx: CommandContext, notices: Notices): Promise<number> {
  const handoff = ctx.options["handoff"] as string | undefined;
  if (handoff !== undefined) {
    if (!isMessageId(handoff)) throw new UsageError(`--handoff ${JSON.stringify(handoff)}: not a message id (<agent>-<n>, the HO's id)`);
    if (ctx.args.length > 0) throw new UsageError("give a token or --handoff ID, not both");
    // Creates the store if need be: the cancel is kept even with nothing prepared, so no later
    // prepare or commit for the handoff runs a withdrawn act.
    const now = nowOption(ctx.options["now"] as string | undefined);
    const existed = existsSync(storeOf(ctx));
    const { cancelled, ran } = inStore(ctx, notices, (store) => ({ cancelled: cancelHandoff(store, handoff, now), ran: ranBeforeCancel(store, handoff) }), true);
    // Run in another folder than its prepare, "cancelled 0" read as nothing pending while the real
    // store still held the handoff's statement, which a commit there would run: said, as a commit's
    // unknown token is (noStoreHint), with the cancel kept all the same.
    if (!existed) await ctx.err.line(visible(`rw: warning: there was no statement store at ${storeOf(ctx)}: one was created to keep the cancel; if rw prepare ran in another folder, run rw abandon --handoff there too, or give its --store PATH`));
    // The act already ran: "cancelled 0" would read as nothing having run, and be acknowledged so.
    if (ran !== null) {
      await (ctx.json ? ctx.out.line(jsonText({ ok: false, cancelled: cancelled.length, findings: [ran] })) : ctx.err.line(`refused: ${ran.message}${cancelled.length > 0 ? `; cancelled ${cancelled.length} other pending statement(s)` : ""}`));
      return FAIL;
    }
    await ctx.out.line(ctx.json ? jsonText({ ok: true, cancelled: cancelled.length }) : `cancelled ${cancelled.length} pending statement(s) for ${handoff}`);
    return PASS;
  }
  if (ctx.args.length === 0) throw new UsageError("abandon needs a statement token, or --handoff ID for every statement of a cancelled handoff");
  const token = tokenArg(ctx);
  const now = nowOption(ctx.options["now"] as string | undefined);
  return report(ctx, inStore(ctx, notices, (store) => abandon(store, token, now)), "abandoned statement for");
}

/**
 * A store file that cannot be trusted is invalid input (exit 1): said plainly, nothing is run from
 * it. A step's notices (its lock broken while it ran) follow its answer on standard error; its
 * exit code is the step's.
 */
function guarded(run: (ctx: CommandContext, notices: Notices) => Promise<number>): (ctx: CommandContext) => Promise<number> {
  return async (ctx) => {
    const notices: Notices = [];
    try {
      return await run(ctx, notices);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      await (ctx.json ? ctx.out.line(jsonText({ ok: false, statement: null, error: error.message, findings: [] })) : ctx.err.line(`rw: ${error.message}`));
      return FAIL;
    } finally {
      for (const notice of notices) await ctx.err.line(`rw: ${notice}`);
    }
  };
}

export const prepareCommand: Command = {
  summary: "freeze a resolved call under a token and print the RB that states it (with x_tok=)",
  common: ["profile", "json"],
  required: { ho: "HO", call: "JSON", exp: "T" },
  options: {
    ho: { type: "string", help: "the HO the call executes: a line, its JSON form, or a file" },
    call: { type: "string", help: "the call as resolved: a JSON object of execution slot values, or a file" },
    exp: { type: "string", help: "the end of the window for confirmation, YYYYMMDDTHHMMZ (UTC)" },
    n: { type: "string", help: "the receiver's message number for the RB; default one past the receiver's ids the HO names and the RBs of every statement in the store, else 1; one of those is refused" },
    now: { type: "string", help: "the time of the prepare, YYYYMMDDTHHMMZ (default: now); --exp may not be before it" },
    store: STORE,
  },
  run: guarded(runPrepare),
};

export const commitCommand: Command = {
  summary: "execute a prepared statement, once and within its window: prints the frozen call",
  common: ["json"],
  options: { now: { type: "string", help: "the time of the commit, YYYYMMDDTHHMMZ (default: now)" }, store: STORE },
  positionals: { name: "TOKEN", min: 1, max: 1 },
  run: guarded(runCommit),
};

export const abandonCommand: Command = {
  summary: "discard a prepared statement (or, with --handoff, every one for a cancelled handoff)",
  common: ["json"],
  options: {
    handoff: { type: "string", help: "the HO id a CX cancelled: abandon all its pending statements" },
    now: { type: "string", help: "the time of the abandon, YYYYMMDDTHHMMZ (default: now): past the statement's exp it is expired, not abandoned" },
    store: STORE,
  },
  positionals: { name: "TOKEN", min: 0, max: 1 },
  run: guarded(runAbandon),
};
