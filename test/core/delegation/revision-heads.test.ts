// One record per thing, at its latest revision: what a list of siblings or attempts counts.
import { describe, expect, it } from "vitest";
import { revisionHeads } from "../../../core/delegation/_revision-heads.js";
import type { Envelope } from "../../../core/delegation/envelope.js";

type Rec = Pick<Envelope, "record_id" | "revision_id" | "prior_revision_ref" | "content_digest"> & { readonly id: string };
const digest = (c: string): `sha256:${string}` => `sha256:${c.repeat(64)}`;
const rec = (id: string, revision: string, prior: string | null, content = "a"): Rec => ({ id, record_id: id, revision_id: revision, content_digest: digest(content), prior_revision_ref: prior === null ? null : { object_id: id, revision_id: prior, content_digest: digest("a") } });
const heads = (records: readonly Rec[]): string[] => revisionHeads(records as unknown as Envelope[], (r) => (r as unknown as Rec).id).map(({ record, index }) => `${(record as unknown as Rec).id}@${record.revision_id}#${index}`);

describe("revisionHeads", () => {
  it("keeps the latest revision of each thing, and one of two exact copies", () => {
    expect(heads([rec("A", "r1", null), rec("B", "r1", null), rec("A", "r2", "r1"), rec("B", "r1", null)])).toStrictEqual(["B@r1#1", "A@r2#2"]);
  });
  it("keeps both of two revisions neither of which names the other", () => {
    expect(heads([rec("A", "r1", null), rec("A", "r2", null)])).toStrictEqual(["A@r1#0", "A@r2#1"]);
  });
  it("keeps both of one revision given with two contents: no copy", () => {
    expect(heads([rec("A", "r1", null, "a"), rec("A", "r1", null, "b")])).toStrictEqual(["A@r1#0", "A@r1#1"]);
  });
  it("keeps every revision of a cycle, where none is the latest, rather than none", () => {
    expect(heads([rec("A", "r1", "r2"), rec("A", "r2", "r1")])).toStrictEqual(["A@r1#0", "A@r2#1"]);
    // A revision naming itself supersedes nothing.
    expect(heads([rec("A", "r1", "r1")])).toStrictEqual(["A@r1#0"]);
  });
  it("keeps a cycle that no latest revision's chain reaches, beside that latest: which is latest is unknown", () => {
    expect(heads([rec("A", "r1", "r2"), rec("A", "r2", "r1"), rec("A", "r3", null)])).toStrictEqual(["A@r1#0", "A@r2#1", "A@r3#2"]);
    // A cycle below a latest revision is reached from it: superseded.
    expect(heads([rec("A", "r1", "r2"), rec("A", "r2", "r1"), rec("A", "r3", "r2")])).toStrictEqual(["A@r3#2"]);
  });
  it("supersedes a revision only with the content its successor names", () => {
    // r2 names r1 with content a: r1 with content b is another record, which nothing supersedes.
    expect(heads([rec("A", "r1", null, "b"), rec("A", "r2", "r1")])).toStrictEqual(["A@r1#0", "A@r2#1"]);
    expect(heads([rec("A", "r1", null, "a"), rec("A", "r1", null, "b"), rec("A", "r2", "r1")])).toStrictEqual(["A@r1#1", "A@r2#2"]);
  });
  it("walks a chain of 100,000 revisions once", () => {
    const chain = Array.from({ length: 100_000 }, (_, i) => rec("A", `r${i}`, i === 0 ? null : `r${i - 1}`));
    expect(heads(chain.reverse())).toStrictEqual(["A@r99999#0"]);
  });
});
