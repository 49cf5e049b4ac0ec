// The conformance vectors (test/conformance/*.jsonl) against the core, in Node.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLine, checkMessage, digest, formatLine, refusal } from "../../core/index.js";
import { resolve } from "../vocabularies.js";
import { parseVectors, runVector } from "./suite.js";

const api = { checkLine, checkMessage, digest, formatLine, refusal, resolve };

for (const file of ["lines.jsonl", "json-form.jsonl"]) {
  describe(file, () => {
    const vectors = parseVectors(readFileSync(join(import.meta.dirname, file), "utf8"));
    it("has unique ids", () => {
      expect(new Set(vectors.map((v) => v.id)).size).toBe(vectors.length);
    });
    for (const vector of vectors) {
      it(vector.id, () => {
        expect(runVector(vector, api)).toStrictEqual([]);
      });
    }
  });
}
