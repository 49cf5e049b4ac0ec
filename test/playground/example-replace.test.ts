// What an example replaces, as the page decides it (example-replace.ts): only what the reader typed.
import { describe, expect, it } from "vitest";
import { replacedBy } from "../../playground/src/example-replace.js";
import { initialState } from "../../playground/src/state.js";

const REQUEST = { mailbox: "---\nkind: request\n---", mailboxParent: "---\nkind: welcome\n---", mailboxParentFile: "welcome.md" };
const HELLO = { mailbox: "---\nkind: hello\n---", mailboxParent: "", mailboxParentFile: "" };

describe("replacedBy", () => {
  it("keeps every field the example sets, counting the typed lines", () => {
    const current = { ...initialState, delegationMode: "check-fences" as const, delegation: "{\n}" };
    expect(replacedBy("delegation", current, { delegationMode: "validate", delegation: "{}" }, null)).toStrictEqual({ fields: { delegationMode: "check-fences", delegation: "{\n}" }, lines: 2 });
  });

  it("counts a parent's filename typed alone", () => {
    expect(replacedBy("mailbox", { ...initialState, mailboxParentFile: "mine.md" }, REQUEST, null)).toStrictEqual({ fields: { mailbox: "", mailboxParent: "", mailboxParentFile: "mine.md" }, lines: 1 });
  });

  it("keeps nothing blank, nor an example as it loaded, nor the new example itself", () => {
    expect(replacedBy("mailbox", { ...initialState, mailbox: " \n\t" }, REQUEST, null)).toBeNull();
    expect(replacedBy("mailbox", { ...initialState, ...HELLO }, REQUEST, HELLO)).toBeNull();
    expect(replacedBy("mailbox", { ...initialState, ...REQUEST }, REQUEST, null)).toBeNull();
  });

  it("keeps no delegation mode chosen over an empty document: a setting, with nothing typed (README, Playground)", () => {
    expect(replacedBy("delegation", { ...initialState, delegationMode: "check-fences", delegation: "\n" }, { delegationMode: "evaluate", delegation: "{}" }, null)).toBeNull();
  });

  it("keeps an example the reader edited", () => {
    expect(replacedBy("mailbox", { ...initialState, ...HELLO, mailboxParentFile: "x.md" }, REQUEST, HELLO)?.lines).toBe(4);
  });
});
