/**
 * What a checked readback means for ownership (sections 5.1 and 5.4, README conformance note 28):
 * wilco moves it; a readback whose only failures are values the receiver resolved, with no record
 * to check them against, is unverified (not void: there is nothing to re-issue); anything else
 * is void. One rule for check-thread and for the Worker's thread object.
 */
import type { Finding } from "./finding.js";
import type { ReadbackReport } from "./check-readback.js";

export type ReadbackVerdict = "wilco" | "unverified" | "void";

/** The verdict from a readback's failures (its error findings). */
export function verdictOf(failures: readonly Finding[]): ReadbackVerdict {
  if (failures.length === 0) return "wilco";
  return failures.every((f) => f.code === "EXEC_UNVERIFIED") ? "unverified" : "void";
}

/** The verdict of a check-rb report. */
export function readbackVerdict(report: ReadbackReport): ReadbackVerdict {
  return verdictOf(report.tiers.flatMap((t) => t.findings.filter((f) => f.severity === "error")));
}
