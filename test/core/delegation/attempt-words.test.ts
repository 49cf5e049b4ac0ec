// checkAttempts says what an attempt after an unknown or partially applied one did: a resume from
// a checkpoint (7.2) resumes after it, it does not retry it, though it reuses the key all the same.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

describe("RETRY_IDEMPOTENCY's words", () => {
  it("say a resume under another key resumes after the partially applied attempt", () => {
    const [first, resume] = [record("att-1"), record("att-2")];
    resume.idempotency_key = "D-RESEARCH-2/other";
    const report = checkAttemptsDocument({ contract: record("d-research-2-r2"), attempts: [first, resume] });
    const found = report.findings.filter((f) => f.code === "RETRY_IDEMPOTENCY");
    expect(found.map((f) => f.message)).toStrictEqual([expect.stringContaining("ATT-2 resumes after the partially_applied ATT-1 under the key D-RESEARCH-2/other")]);
  });

  it("say a retry retries", () => {
    const [first, retry] = [record("att-1"), record("att-2")];
    retry.resumed_from_checkpoint_ref = null;
    retry.idempotency_key = "D-RESEARCH-2/other";
    const found = checkAttemptsDocument({ contract: record("d-research-2-r2"), attempts: [first, retry] }).findings.filter((f) => f.code === "RETRY_IDEMPOTENCY");
    expect(found.map((f) => f.message)).toStrictEqual([expect.stringContaining("ATT-2 retries the partially_applied ATT-1")]);
  });
});
