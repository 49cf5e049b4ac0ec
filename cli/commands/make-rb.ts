/** `rw make-rb`: the readback for an HO, composed from the HO as delivered (never retyped). */
import { formatLine, makeReadback } from "../../core/index.js";
import { messageOption, numberOption, slotValuesOption, vocabularyOf } from "../arguments.js";
import { renderFindings } from "../render.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

const list = (v: unknown): string[] | undefined => (typeof v === "string" ? v.split("+") : undefined);

async function run(ctx: CommandContext): Promise<number> {
  // What the options are is no matter of the HO: a --n or --exec the command cannot read is a
  // usage error before the HO is read, never hidden by an HO that is invalid (exit 1).
  const nOption = ctx.options["n"] as string | undefined;
  // No --n: the core numbers the RB past the receiver's ids the HO names, so it never reuses one.
  const n = nOption === undefined ? undefined : numberOption("n", nOption, 1);
  const exec = slotValuesOption("exec", ctx.options["exec"] as string | undefined);
  const ho = messageOption("ho", ctx.options["ho"] as string | undefined, ctx.profiles);
  if (ho.message === null || !ho.ok) {
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "HO", line: null, message: null, findings: ho.findings }));
    else await ctx.err.line(`the HO is invalid; no readback\n${await renderFindings(ho.text, ho.findings)}`);
    return FAIL;
  }
  const o = ctx.options;
  const vocabulary = vocabularyOf(ho.message, ctx.profiles);
  const rb = makeReadback(
    ho.message,
    {
      ...(n === undefined ? {} : { n }),
      ...(list(o["acc"]) ? { acc: list(o["acc"]) as string[] } : {}),
      ...(typeof o["do"] === "string" ? { do: o["do"] } : {}),
      ...(list(o["not"]) ? { not: list(o["not"]) as string[] } : {}),
      ...(list(o["asm"]) ? { asm: list(o["asm"]) as string[] } : {}),
      ...(typeof o["eta"] === "string" ? { eta: o["eta"] } : {}),
      ...(typeof o["exp"] === "string" ? { exp: o["exp"] } : {}),
      ...(typeof o["tail"] === "string" ? { tail: o["tail"] } : {}),
      ...(exec === undefined ? {} : { exec }),
    },
    vocabulary,
  );
  const line = rb.ok ? formatLine(rb.value) : null;
  if (ctx.json) {
    await ctx.out.line(jsonText({ ok: rb.ok, line: line?.ok ? line.value : null, message: rb.value, findings: rb.findings }));
  } else {
    if (line?.ok) await ctx.out.line(line.value);
    if (rb.findings.length > 0) await ctx.err.line(await renderFindings("", rb.findings));
  }
  return rb.ok ? PASS : FAIL;
}

export const makeRbCommand: Command = {
  summary: "the readback (RB) for an HO, composed by code from the HO as delivered",
  common: ["profile", "json"],
  required: { ho: "HO" },
  options: {
    ho: { type: "string", help: "the HO: a line, its JSON form, or a file holding it" },
    n: { type: "string", help: "the receiver's message number (the RB's id is <receiver>-<n>); default one past the receiver's ids the HO names (its id, re=, ctx=), else 1; one of those is refused" },
    acc: { type: "string", help: "the receiver's acceptance criteria, key:value joined with + (rb=acc, rb=plan)" },
    do: { type: "string", help: "what the receiver will produce (rb=plan)" },
    not: { type: "string", help: "what the receiver takes to be out of scope, joined with +" },
    asm: { type: "string", help: "assumptions the brief did not settle, joined with +" },
    eta: { type: "string", help: "expected completion, YYYYMMDD" },
    exp: { type: "string", help: "the end of a prepared statement's window, YYYYMMDDTHHMMZ" },
    exec: { type: "string", help: "execution values the receiver resolved or will use: JSON object, or a file holding it" },
    tail: { type: "string", help: "the receiver's paraphrase, at most 300 characters" },
  },
  run,
};
