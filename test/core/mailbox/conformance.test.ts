// The mailbox conformance vectors (test/conformance/mailbox/) against the core in Node; the
// Worker's tests run the same files inside workerd (test/worker/mailbox.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { runConversationCase, runMessageVector, runNameVector, runReconcileCase } from "../../conformance/mailbox-suite.js";
import type { ConversationCase, MessageVector, NameVector, ReconcileCase } from "../../conformance/mailbox-suite.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "mailbox");
const jsonl = <T>(file: string): T[] => readFileSync(join(DIR, file), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);
const cases = <T>(folder: string): T[] => readdirSync(join(DIR, folder)).filter((f) => f.endsWith(".json")).sort().map((f) => JSON.parse(readFileSync(join(DIR, folder, f), "utf8")) as T);

describe("messages.jsonl", () => {
  const vectors = jsonl<MessageVector>("messages.jsonl");
  it("has valid and invalid vectors with unique ids", () => {
    expect(new Set(vectors.map((v) => v.id)).size).toBe(vectors.length);
    expect(vectors.filter((v) => v.ok).length).toBeGreaterThan(20);
    expect(vectors.filter((v) => !v.ok).length).toBeGreaterThan(40);
  });
  for (const vector of vectors) it(`${vector.id}: ${vector.rule}`, () => expect(runMessageVector(vector, mailbox)).toStrictEqual([]));
});

describe("names.jsonl", () => {
  const vectors = jsonl<NameVector>("names.jsonl");
  for (const vector of vectors) it(vector.id, () => expect(runNameVector(vector, mailbox)).toStrictEqual([]));
});

describe("conversations/", () => {
  for (const c of cases<ConversationCase>("conversations")) it(`${c.id}: ${c.about}`, () => expect(runConversationCase(c, mailbox)).toStrictEqual([]));
});

describe("reconcile/", () => {
  for (const c of cases<ReconcileCase>("reconcile")) it(`${c.id}: ${c.about}`, () => expect(runReconcileCase(c, mailbox)).toStrictEqual([]));
});
