/** Check reports as text for a person: the verdict first, then what decided it. */
import { readbackVerdict, withControlsMarked as visible } from "../core/index.js";
import type { Finding, ReadbackReport, ReadbackVerdict } from "../core/index.js";

// A message may quote what a record or a line held: shown with its controls marked, never raw.
const line = (f: Finding): string => `      ${f.severity === "note" ? "note " : ""}${f.code}: ${visible(f.message)}`;

// Unverified is not void: there is nothing to re-issue, only a record to check against (note 28).
const VERDICT: Record<ReadbackVerdict, string> = {
  wilco: "wilco (ownership moves)",
  unverified: "unverified (a value the receiver resolved has no record to check it against; ownership does not move)",
  void: "void",
};

export function renderReadback(report: ReadbackReport, rbId: string, hoId: string): string {
  const out = [`readback ${rbId} for ${hoId}: ${VERDICT[readbackVerdict(report)]}${report.roger && !report.wilco ? ", roger only" : ""}`];
  for (const t of report.tiers) {
    out.push(`  ${t.tier} ${t.name.padEnd(13)} ${t.result === "not-asked" ? "not asked" : t.result}`);
    for (const f of t.findings) if (f.severity === "error") out.push(line(f));
  }
  if (report.notes.length > 0) {
    out.push("  notes");
    for (const f of report.notes) out.push(line(f));
  }
  return out.join("\n");
}

export function renderCheck(title: string, ok: boolean, findings: readonly Finding[]): string {
  return [`${title}: ${ok ? "ok" : "refused"}`, ...findings.map(line)].join("\n");
}

/** What a command prints for a --record the vocabulary refuses: the JSON verdict with its findings, or each finding. */
export function renderRefusedRecord(findings: readonly Finding[]): string {
  return ["the record (--record) is refused", ...findings.map(line)].join("\n");
}
