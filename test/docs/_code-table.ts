// Reads a CODES.md table (one row per finding code: `| \`CODE\` | severity | meaning | spec |`) and
// holds it to the code table it documents, so the reference neither misses a code nor names one
// the code does not emit, and never states another severity than the one a finding carries.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

export interface CodeRow {
  readonly code: string;
  readonly severity: string;
  readonly meaning: string;
}

/** The rows of every table in `markdown` whose first cell is one code in backticks. */
export function codeRows(markdown: string): CodeRow[] {
  return markdown
    .split("\n")
    .map((line) => /^\| `([A-Z][A-Z0-9_]*)` \| ([a-z]+) \| (.+?) \|/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ code: m[1] as string, severity: m[2] as string, meaning: (m[3] as string).trim() }));
}

/** Describes `file` as the reference of `table` (code to severity). */
export function describeCodeReference(file: string, table: Readonly<Record<string, string>>): void {
  const rows = codeRows(readFileSync(file, "utf8"));
  const codes = Object.keys(table);
  describe(`${file.replace(/^.*?\/(core\/)/, "$1")}`, () => {
    it("documents every code of its table", () => {
      expect(codes.filter((code) => !rows.some((r) => r.code === code))).toEqual([]);
    });
    it("documents only codes of its table, each once", () => {
      expect(rows.filter((r) => !(r.code in table)).map((r) => r.code)).toEqual([]);
      expect(rows.filter((r, i) => rows.findIndex((s) => s.code === r.code) !== i).map((r) => r.code)).toEqual([]);
    });
    it("states each code's severity as the table gives it", () => {
      expect(rows.filter((r) => table[r.code] !== r.severity).map((r) => `${r.code}: ${r.severity}, not ${table[r.code]}`)).toEqual([]);
    });
    it("says what each code means", () => {
      expect(rows.filter((r) => r.meaning.length < 20).map((r) => r.code)).toEqual([]);
    });
  });
}
