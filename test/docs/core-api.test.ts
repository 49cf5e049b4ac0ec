// The README's core API section and the root entry point `rogerwilco` (core/index.ts) agree, by the
// rule the other entry points' READMEs are held to (module-api.test.ts): every value and type it
// exports is named in the section, in a code span that starts with its name, and every name its
// tables' first column gives is exported, so a reader neither misses an export nor looks for one
// that is not there. (A name counted when `name(` appeared anywhere in the section, and a type
// needed no mention at all.)
import { describe, expect, it } from "vitest";
import * as core from "../../core/index.js";
import { exportedNames, namesExport, readRoot, sourceOf } from "./_api-names.js";

const README = readRoot("README.md");
const start = README.indexOf("\n## The core API\n");
const SECTION = README.slice(start, README.indexOf("\n## ", start + 1));
const source = sourceOf(".");
const exported = exportedNames(readRoot(source));

/** The names in the first cell of each row of the section's tables (`checkLine(text, ...)` is `checkLine`). */
const tabled = SECTION.split("\n")
  .filter((line) => line.startsWith("| `"))
  .flatMap((row) => [...(row.split(" | ")[0] as string).matchAll(/`([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string));

describe("the README's core API section", () => {
  it("is found, with its tables", () => {
    expect(start).toBeGreaterThan(0);
    expect(tabled.length).toBeGreaterThan(100);
  });
  it("is about an index whose exports are all read here", () => {
    expect(source).toBe("core/index.ts");
    expect(exported.length).toBeGreaterThan(150);
    expect(Object.keys(core).filter((name) => !exported.includes(name))).toEqual([]);
  });
  it("names every value and type core/index.ts exports, each in a code span that starts with its name", () => {
    expect(exported.filter((name) => !namesExport(SECTION, name))).toEqual([]);
  });
  it("tables only names core/index.ts exports", () => {
    expect(tabled.filter((name) => !exported.includes(name))).toEqual([]);
  });
});
