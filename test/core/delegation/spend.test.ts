// Section 2: amounts in two currencies are never converted. Spend in another currency than the
// MoneyLimit's is denied (SPEND_EXCEEDS), and the finding says why: not that 1 EUR exceeds 100 USD.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluatePermissionDocument } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

describe("spend in another currency", () => {
  it("is denied as a currency mismatch, never described as an amount over the limit", () => {
    const contract = record("d-extract-1");
    contract.limits.spend = { amount: "100.00", currency: "USD" };
    const request = record("request-read-src-1");
    request.usage.spend = { amount: "1.00", currency: "EUR" };
    const input = { contract, card: record("card-agent-extractor-r3"), request, fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref: { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` }, evaluator_ref: { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" } };
    const r = evaluatePermissionDocument(input);
    expect(r.denied_by).toStrictEqual(["SPEND_EXCEEDS"]);
    const finding = r.findings.find((f) => f.code === "SPEND_EXCEEDS");
    expect(finding?.message).toMatch(/currenc/);
    expect(finding?.message).not.toMatch(/exceeds/);
    expect(finding?.expected).toBe("USD");
    expect(finding?.received).toBe("EUR");
  });
});
