import fc from "fast-check";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { canonicalBytes, canonicalJson, digest, parseJsonText, parseLine } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { arbitraryMessage } from "../arbitraries.js";
import { vocabularies } from "../vocabularies.js";

const { pay } = vocabularies();
const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function message(line: string): Message {
  const r = parseLine(line, pay);
  if (!r.ok) throw new Error(JSON.stringify(r.findings));
  return r.value;
}

describe("h=: the spec's digest vectors", () => {
  it("the HO research-01 of section 8 gives c40bba4360dc", () => {
    expect(digest(message("RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes"))).toBe("c40bba4360dc");
  });
  it("the pay HO scheduler-1 gives a7a82de76607", () => {
    expect(digest(message("RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929"))).toBe("a7a82de76607");
  });
  it("slot order on the line does not change the digest; list order does", () => {
    const a = digest(message("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=2 keep=a+b"));
    expect(digest(message("RW1 HO a-1 keep=a+b pri=02 ask=DRAFT item=x to=b from=a"))).toBe(a);
    expect(digest(message("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=2 keep=b+a"))).not.toBe(a);
  });
});

describe("canonical JSON", () => {
  it("sorts keys recursively, no whitespace, lists in written order", () => {
    expect(canonicalJson({ b: [3, 1, { z: 1, a: null }], a: "x", c: true })).toBe('{"a":"x","b":[3,1,{"a":null,"z":1}],"c":true}');
  });
  // Misuse throws a labelled TypeError (DESIGN.md); a value that contains itself once walked forever.
  it("refuses a value that contains itself, and writes a value shared by two keys twice", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = [cyclic];
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
    expect(() => canonicalJson(cyclic)).toThrow(/contains itself/);
    const shared = [1];
    expect(canonicalJson({ b: shared, a: shared })).toBe('{"a":[1],"b":[1]}');
  });
  it("writes the section 6 example as the spec describes", () => {
    const m = message("RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes");
    expect(new TextDecoder().decode(canonicalBytes(m))).toBe(
      '{"from":"research","id":"research-01","item":"gh:crox/site#42","re":null,"slots":{"ask":"DRAFT","conf":"M","due":"20261002","keep":["research"],"pri":2},"tail":"hero copy, 120 words, no em dashes","to":"writer","type":"HO","v":"RW1"}',
    );
  });
  it("escapes and encodes like JSON.stringify plus UTF-8, for any text", () => {
    const m: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: 'q"\\', slots: { x_a: "é€😀", x_b: "\u0001\n" }, tail: "\ud800 lone" };
    expect(new TextDecoder().decode(canonicalBytes(m))).toBe(canonicalJson(m));
    expect(hex(canonicalBytes(m))).toBe(hex(new TextEncoder().encode(canonicalJson(m))));
  });
  it("the fast byte writer equals canonicalJson + UTF-8 + SHA-256 for generated messages", () => {
    fc.assert(
      fc.property(arbitraryMessage(), (m) => {
        const reference = new TextEncoder().encode(canonicalJson(m));
        expect(hex(canonicalBytes(m))).toBe(hex(reference));
        expect(digest(m)).toBe(hex(sha256(reference)).slice(0, 12));
      }),
      { numRuns: 500 },
    );
  });
  // The digest feeds SHA-256's block function itself: every length around a block edge (64 bytes)
  // and the padding edge (55 and 56 bytes left in the last block) must hash as noble's sha256 does.
  it("equals noble's sha256 for canonical forms of every length from 180 to 460 bytes", () => {
    const base = message("RW1 HO a-1 from=a to=b item=x ask=DRAFT");
    const start = canonicalBytes({ ...base, tail: "" }).length;
    for (let n = 0; n + start <= 460; n++) {
      const m: Message = { ...base, tail: "t".repeat(n) };
      const bytes = canonicalBytes(m);
      if (bytes.length < 180) continue;
      expect(digest(m), `${bytes.length} bytes`).toBe(hex(sha256(bytes)).slice(0, 12));
    }
  });
  it("grows its buffer for a large message and stays correct afterwards", () => {
    const big: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { ask: "DRAFT" }, tail: "é".repeat(100_000) };
    expect(digest(big)).toBe(hex(sha256(new TextEncoder().encode(canonicalJson(big)))).slice(0, 12));
    const small = message("RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes");
    expect(digest(small)).toBe("c40bba4360dc");
  });
  // A line of 500 kB can hold 60,000 slots: the insertion sort that suits a dozen keys took 4 s
  // to digest them (and the playground's thread audit as long again a keystroke). The timeout is
  // the check; a sort of 100,000 keys takes milliseconds.
  it("sorts the keys of a message with 100,000 slots in n log n, as canonicalJson does", () => {
    const slots: Record<string, string> = {};
    for (let i = 100_000; i > 0; i--) slots[`x_${(i * 7919) % 100_003}`] = "1";
    const many: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots, tail: null };
    expect(digest(many)).toBe(hex(sha256(new TextEncoder().encode(canonicalJson(many)))).slice(0, 12));
  }, 5_000);
  it("a returned byte array is the caller's own: later digests do not change it", () => {
    const a = canonicalBytes(message("RW1 HO a-1 from=a to=b item=x ask=DRAFT"));
    const copy = a.slice();
    digest(message("RW1 HO zz-9 from=zz to=yy item=other ask=FIX due=20301231"));
    expect(a).toStrictEqual(copy);
  });
});

describe("canonical key order at the edges", () => {
  it("sorts any keys as JSON.stringify with sorted keys would, the empty key first", () => {
    const m: Message = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { b: "1", "": "e", a: "2", ab: "3", aa: "4", "\u00e9": "5", Z: "6" }, tail: null };
    expect(new TextDecoder().decode(canonicalBytes(m))).toBe(canonicalJson(m));
  });
});

describe("canonicalJson on any JSON value", () => {
  it("writes a value nested 100,000 deep (as parseJsonText reads it) without a stack overflow", () => {
    const text = `${'{"a":['.repeat(50_000)}1${"]}".repeat(50_000)}`;
    const read = parseJsonText(text);
    expect(read.ok).toBe(true);
    if (read.ok) expect(canonicalJson(read.value)).toBe(text);
  });

  it("still refuses what is not JSON with a TypeError", () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson({ a: [1, () => 1] })).toThrow(TypeError);
  });
});
