// Two arenas, each with VEGA and a LYRA (section 4: a callsign is a name within one arena): DEMO's
// LYRA and another participant holding LYRA in OTHER, each with its own machine and root. Shared by
// the tests that hold a rule to its arena.
import { expect } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

export type Spec = { id: string; set: Record<string, unknown> };
export const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
/** Another participant holding LYRA in arena OTHER: its own machine and root. */
export const otherLyra = { machine: "LYRA-TWO", root: "3c5d".repeat(16) };

/** Arena DEMO: VEGA greets LYRA (@h), who accepts (@w). */
export const demoPair: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];
/** Arena OTHER: VEGA greets the LYRA there (@h2), who accepts (@w2). */
export const otherPair: Spec[] = [
  { id: "h2", set: { kind: "hello", from: "VEGA", to: ["LYRA"], arena: "OTHER" } },
  { id: "w2", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h2", reply_to: "@h2", request_id: "@h2", terms: "accept", expects_reply: false, arena: "OTHER", ...otherLyra } },
];

/** The specs read as one mailbox and analysed (`unheld`: symbols named by no message, as a parent not yet synced). */
export function analyzed(specs: readonly Spec[], unheld: readonly string[] = []) {
  const symbols = new Symbols(mailbox);
  for (const name of unheld) symbols.uuid(name);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  expect(diffs).toStrictEqual([]);
  const analysis = mailbox.analyzeMailbox(entries, { now: Date.parse("2026-10-02T12:00:00Z") });
  return { symbols, entries, analysis, on: (id: string) => analysis.findings.filter((f) => f.id === symbols.uuid(id)).map((f) => f.code) };
}
