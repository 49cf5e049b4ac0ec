// A thread's and a request's UUIDv7 are fresh across arenas (section 4 scopes a callsign, a generated
// name and a root binding to their arena, never an identifier; sections 8 and 12 ask a new
// conversation for "new `thread` and `request_id` UUIDv7 values"). So a root in arena OTHER in a
// thread arena DEMO opened is ROOT_NOT_FRESH, and a hello there HELLO_THREAD_REUSED, as within one
// arena; the finding names the other arena, where the earlier message is.
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, otherPair } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

const request = (id: string, set: Record<string, unknown> = {}): Spec => ({ id, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", request_id: `@${id}`, ...set } });

function finding(specs: readonly Spec[], id: string, code: string) {
  const { analysis, symbols } = analyzed([...demoPair, ...otherPair, ...specs]);
  return { symbols, found: analysis.findings.filter((f) => f.id === symbols.uuid(id) && f.code === code) };
}

describe("thread freshness across arenas", () => {
  it("a root request in OTHER in a thread DEMO's request opened is ROOT_NOT_FRESH, naming DEMO", () => {
    const { symbols, found } = finding([request("r1"), request("r2", { arena: "OTHER" })], "r2", "ROOT_NOT_FRESH");
    expect(found.map((f) => f.slot)).toStrictEqual(["thread"]);
    expect(found[0]?.message).toContain(`${symbols.uuid("r1")} (arena DEMO) opened before it`);
  });

  it("within one arena the earlier message is named by its UUID alone (the words unchanged)", () => {
    const { symbols, found } = finding([request("r1"), request("r2")], "r2", "ROOT_NOT_FRESH");
    expect(found[0]?.message).toContain(`thread ${symbols.uuid("r1")} opened before it`);
  });

  it("a request_id carried in DEMO is not new in OTHER either, and the note names DEMO", () => {
    const { symbols, found } = finding([request("r1"), request("r2", { arena: "OTHER", thread: "@u", request_id: "@r1" })], "r2", "ROOT_NOT_FRESH");
    expect(found.map((f) => f.slot)).toStrictEqual(["request_id"]);
    expect(found[0]?.message).toContain(`request_id ${symbols.uuid("r1")} (arena DEMO) carried before it`);
  });

  it("a hello in OTHER in a thread DEMO's request opened is HELLO_THREAD_REUSED, naming DEMO", () => {
    const hello: Spec = { id: "h3", set: { kind: "hello", from: "VEGA", to: ["LYRA"], thread: "@t", arena: "OTHER" } };
    const { symbols, found } = finding([request("r1"), hello], "h3", "HELLO_THREAD_REUSED");
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain(`request ${symbols.uuid("r1")} (arena DEMO) opened`);
  });
});
