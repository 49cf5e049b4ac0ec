// The entry points `rogerwilco/delegation` and `rogerwilco/mailbox` and their READMEs agree: every
// value and type each exports is named, in a code span that starts with its name, in README.md or
// in the module's own README (as an API row, a type, or an adapter helper), so a reader finds what
// an export is for without reading its source.
import { describe, expect, it } from "vitest";
import * as delegation from "../../core/delegation/index.js";
import * as mailbox from "../../core/mailbox/index.js";
import { exportedNames, namesExport, readRoot, sourceOf } from "./_api-names.js";

const modules = [
  { entry: "./delegation", runtime: delegation, readme: "core/delegation/README.md" },
  { entry: "./mailbox", runtime: mailbox, readme: "core/mailbox/README.md" },
];

describe.each(modules)("the entry point $entry", ({ entry, runtime, readme }) => {
  const source = sourceOf(entry);
  const exported = exportedNames(readRoot(source));
  const readmes = [readRoot("README.md"), readRoot(readme)];

  it("is built from an index whose exports are all read here", () => {
    expect(source).toMatch(/^core\/\w+\/index\.ts$/);
    expect(exported.length).toBeGreaterThan(100);
    expect(Object.keys(runtime).filter((name) => !exported.includes(name))).toEqual([]);
  });
  it("has every export, value or type, named in README.md or its module's README", () => {
    expect(exported.filter((name) => !readmes.some((text) => namesExport(text, name)))).toEqual([]);
  });
});
