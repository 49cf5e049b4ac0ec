// The differential check of mailbox messages (differential/README.md, "Mailbox messages"): 3,000
// seeded message files, mutated from valid ones, read by the core (readMailboxMessage, inbound and
// outbound) and by an independent Python checker written from the spec and the READMEs; the
// verdict, the error codes and the notes the checker models must agree. A failure names the first
// file they disagree on, with both answers: either the core or the checker is wrong, and the README
// says how to tell.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_mailbox.py", args);
const compareNames = (args: readonly string[]) => runComparison("compare_filenames.py", args);

describe("differential check of mailbox messages", () => {
  it("agrees with the independent checker on 3,000 seeded message files", { timeout: 60_000 }, () => {
    const { status, output } = compare(["3000", "1", "--first"]);
    expect(output, "the first message file the core and the checker read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The checker told to take any text for a callsign disagrees with the core on some file. The
    // first is the 97th of seed 1: 300 files, over three times that, since --first stops the
    // checker alone (every file is generated and read by the core first, most of a run's cost).
    const { status, output } = compare(["300", "1", "--first", "--break-callsigns"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { text: expect.any(String), mode: expect.any(String) }, core: { ok: expect.any(Boolean) } });
  });

  it("names a legacy flat envelope the checker told to read none reads otherwise", { timeout: 60_000 }, () => {
    // The checker before legacy envelopes were drawn (no flat `meta` read) disagrees with the core on
    // a file laid out as one: the core notes or refuses its legacy names, the checker does not. The
    // first is the 68th of seed 1: 300 files, over three times that, as above.
    const { status, output } = compare(["300", "1", "--first", "--break-legacy-envelope"]);
    expect(status).toBe(1);
    const first = JSON.parse(output) as { core: { errors: string[] }; checker: { errors: string[] } };
    const legacy = (codes: string[]) => codes.filter((code) => code.startsWith("LEGACY_"));
    expect(legacy(first.core.errors)).not.toEqual([]);
    expect(legacy(first.checker.errors)).toEqual([]);
  });

  it("names the envelope shapes, corrections, frontmatter limits, encodings, escapes and credentials a checker told to misread them reads otherwise", { timeout: 60_000 }, () => {
    // Seven plants in one run of 500 files (the test's CPU: one run, not seven), each caught by files
    // of its own: a `meta` or `meta.mailbox` that is no mapping read as no envelope (mutate's branch
    // 21), any `correction` taken (its own stream); and, on streams of their own, a lone surrogate
    // read as text (the core's reading before README note 181), a free-text field whose escape spells
    // half a surrogate pair taken for text (before note 182), credentials read nowhere, the
    // frontmatter's characters counted for its bytes, and one level of nesting too many read. No
    // message limit (--break-message-size) is left to the differential README's runs: the first
    // file over 1 MiB is the 979th, and a run to it costs the test more than a tenth of its CPU.
    const { status, output } = compare(["500", "1", "--break-envelope-shape", "--break-correction", "--break-encoding", "--break-secrets", "--break-frontmatter-size", "--break-depth", "--break-escaped-surrogate"]);
    expect(status).toBe(1);
    expect(output).toContain("core only ['ENVELOPE_SHAPE'], checker only ['ENVELOPE_MISSING']");
    // A correction that is no mapping and an escaped half pair both fall in this cluster: among its
    // examples, a free-text field holding such an escape (`arena: "CROX\\ud800SITE"`; JSON shows the
    // backslash doubled).
    const fieldType = output.split("\n\n").find((cluster) => cluster.includes("core only ['FIELD_TYPE'], checker only []\n")) ?? "";
    expect(fieldType).toMatch(/\\n {4}(?:arena|pod|machine|session|new_evidence|model|company|contract_version|adapter_version): \\"[^"]*?\\\\(?:u[dD][89a-fA-F]|U0000[dD][89a-fA-F])/);
    for (const code of ["ENCODING_INVALID", "MESSAGE_SECRET", "MESSAGE_SECRET_NOTED", "FRONTMATTER_TOO_LARGE", "FRONTMATTER_TOO_DEEP"]) {
      expect(output, code).toMatch(new RegExp(`core only \\[(?:'[A-Z_]+', )*'${code}'`));
    }
  });

  it("agrees with the independent reader of file names on 3,000 seeded names", { timeout: 60_000 }, () => {
    const { status, output } = compareNames(["3000", "1", "--first"]);
    expect(output, "the first file name the core and the reader read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement on file names when there is one", { timeout: 60_000 }, () => {
    // The reader told to take any slug disagrees with the core on some name.
    const { status, output } = compareNames(["3000", "1", "--first", "--break-slugs"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { name: expect.any(String) } });
  });
});
