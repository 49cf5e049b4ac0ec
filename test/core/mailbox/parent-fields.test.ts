// A parent known by its fields rather than its text (the Worker's parent object): each field given
// checked as the envelope's own, a field left out unknown, null where the parent carries none.
import { describe, expect, it } from "vitest";
import { parentFromFields, parentInfo, readMailboxMessage } from "../../../core/mailbox/index.js";

const ID = "019a1f2c-8e00-7000-8000-000000000001";

describe("parentFromFields", () => {
  it("carries the fields given, and leaves out those not given (unknown: the rule needing one does not judge)", () => {
    expect(parentFromFields({ id: ID, kind: "request", fields: {} })).toStrictEqual({ parent: { id: ID, kind: "request", file: null }, findings: [] });
    expect(parentFromFields({ id: ID, kind: "state", file: "f.md", fields: { expects_reply: false, availability: { mode: "away" }, terms: null, other: 1 } })).toStrictEqual({
      parent: { id: ID, kind: "state", file: "f.md", expects_reply: false, availability: { mode: "away" }, terms: null },
      findings: [],
    });
  });
  it("reads a parent as parentInfo reads its text: the same fields give the same verdict", () => {
    const text = ["---", "tags: [agent-mailbox]", "meta:", "  mailbox:", "    version: 1", "    profile: CORE", `    id: ${ID}`, `    thread: ${ID.replace(/1$/, "2")}`, `    request_id: ${ID.replace(/1$/, "3")}`, "    from: VEGA", "    to: [LYRA]", "    kind: request", '    reply_to: ""', "    expects_reply: false", "    arena: DEMO", "    machine: VEGA-BOX", `    root: ${"1f3a".repeat(16)}`, "    transport: local", "---", "Go.", ""].join("\n");
    const envelope = readMailboxMessage(text).envelope;
    expect(envelope).not.toBeNull();
    const fromText = parentInfo(envelope as NonNullable<typeof envelope>);
    const { parent } = parentFromFields({ id: ID, kind: "request", fields: { expects_reply: false, availability: null, terms: null } });
    expect(parent).toStrictEqual(fromText);
  });
  it("refuses a field of the wrong type with the code a message's field takes", () => {
    const codes = (fields: Record<string, unknown>): string[] => parentFromFields({ id: ID, kind: "request", fields }).findings.map((f) => `${f.code}:${f.slot}`);
    expect(codes({ expects_reply: "false" })).toStrictEqual(["FIELD_TYPE:expects_reply"]);
    expect(codes({ expects_reply: null })).toStrictEqual(["FIELD_TYPE:expects_reply"]);
    expect(codes({ availability: [] })).toStrictEqual(["FIELD_TYPE:availability"]);
    expect(codes({ terms: "maybe", availability: 3 })).toStrictEqual(["TERMS_INVALID:terms", "FIELD_TYPE:availability"]);
    expect(parentFromFields({ id: ID, kind: "request", fields: { terms: "maybe" } }).parent).toBeNull();
  });
  it("refuses an id or kind as a message's own are refused: the same code, slot and words", () => {
    const read = (id: unknown, kind: unknown) => parentFromFields({ id, kind, fields: {} });
    const { findings } = read("x", "hullo");
    expect(findings.map((f) => `${f.code}:${f.slot}`)).toStrictEqual(["UUID_INVALID:id", "KIND_UNKNOWN:kind"]);
    expect(read("x", "hullo").parent).toBeNull();
    // The words a message with that id and kind is refused with.
    const text = ["---", "tags: [agent-mailbox]", "meta:", "  mailbox:", "    version: 1", "    profile: CORE", "    id: x", `    thread: ${ID}`, `    request_id: ${ID}`, "    from: VEGA", "    to: [LYRA]", "    kind: hullo", '    reply_to: ""', "    expects_reply: false", "    arena: DEMO", "    machine: VEGA-BOX", `    root: ${"1f3a".repeat(16)}`, "    transport: local", "---", "Go.", ""].join("\n");
    const message = readMailboxMessage(text).findings.filter((f) => f.slot === "id" || f.slot === "kind").map((f) => [f.code, f.slot, f.message]);
    expect(findings.map((f) => [f.code, f.slot, f.message])).toStrictEqual(message);
    expect(message).toHaveLength(2);
    // An uppercase UUID, a number, null: refused as in a message, never normalised.
    expect(read(ID.toUpperCase(), "request").findings.map((f) => `${f.code}:${f.slot}`)).toStrictEqual(["UUID_INVALID:id"]);
    expect(read(7, null).findings.map((f) => `${f.code}:${f.slot}`)).toStrictEqual(["UUID_INVALID:id", "KIND_UNKNOWN:kind"]);
    // Left out: missing, as in a message ("required in every profile"), with the other fields' findings after.
    expect(read(undefined, undefined).findings.map((f) => [f.code, f.slot, f.message])).toStrictEqual([
      ["FIELD_MISSING", "id", "id is missing (required in every profile)"],
      ["FIELD_MISSING", "kind", "kind is missing (required in every profile)"],
    ]);
    expect(parentFromFields({ id: ID, kind: "ack", fields: { terms: "maybe" } }).findings.map((f) => `${f.code}:${f.slot}`)).toStrictEqual(["TERMS_INVALID:terms"]);
    expect(parentFromFields({ id: "x", kind: "ack", fields: { terms: "maybe" } }).findings.map((f) => `${f.code}:${f.slot}`)).toStrictEqual(["UUID_INVALID:id", "TERMS_INVALID:terms"]);
  });
});
