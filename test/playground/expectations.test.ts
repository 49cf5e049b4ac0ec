// The sender's expectations the readback lab keeps, read against each HO's vocabulary: every
// keystroke reads them again, and a link may hold thousands.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileVocabulary, coreVocabulary, formatLine, makeReadback, readMessage } from "../../core/index.js";
import type { Message, ReadbackReport, Vocabulary } from "../../core/index.js";
import { createChecker } from "../../playground/src/check/checker.js";
import { senderExpectations } from "../../playground/src/expectations.js";
import { resolverFor } from "../../playground/src/profiles.js";

const resolve = resolverFor(null);
const PAY_HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=$resolve paid=20261002 ref=MD-2026-057 apref=FD-0929";
const record = JSON.stringify({ acct: "40-12-88/61102938" });

describe("the sender's records", () => {
  it("are read against the vocabulary of the first valid HO of their id, a line or a JSON form", () => {
    const json = (id: string): string => JSON.stringify(readMessage(PAY_HO.replace("scheduler-1", id), resolve).message);
    const text = ["# lines", "RW1 HO  scheduler-9 p=pay from=scheduler to=payer item=x ask=PAY", PAY_HO, json("scheduler-2"), "RW1 HO scheduler-3 from=scheduler to=payer item=x ask=DRAFT"].join("\n");
    const raw = { "scheduler-1": { expectAcc: "", record }, "scheduler-2": { expectAcc: "", record }, "scheduler-3": { expectAcc: "", record }, "scheduler-9": { expectAcc: "", record } };
    const e = senderExpectations(raw, text, resolve);
    // pay's acct is read for the pay HOs; the core alone has no acct, nor does a refused line give pay.
    expect([...e.map.keys()].sort()).toStrictEqual(["scheduler-1", "scheduler-2"]);
    expect([...e.problems.keys()].sort()).toStrictEqual(["scheduler-3", "scheduler-9"]);
  });

  it("of twenty thousand HOs are read in one pass over the conversation, not one pass each", () => {
    const n = 20_000;
    const lines = Array.from({ length: n }, (_, i) => `RW1 HO a-${i + 1} from=a to=b item=x${i + 1} ask=DRAFT due=20261002 // note ${i + 1}`);
    const raw = Object.fromEntries(Array.from({ length: n }, (_, i) => [`zz-${i}`, { expectAcc: "", record: "{}" }]));
    const e = senderExpectations(raw, lines.join("\n"), resolve);
    expect(e.map.size + e.problems.size).toBeGreaterThan(0);
  }, 5_000);

  it("of twenty thousand ids are found among twenty thousand JSON forms in one pass, not one search for each id", () => {
    const n = 20_000;
    const forms = Array.from({ length: n }, (_, i) => JSON.stringify(readMessage(`RW1 HO a-${i + 1} from=a to=b item=x${i + 1} ask=DRAFT`, resolve).message));
    const raw = Object.fromEntries(Array.from({ length: n }, (_, i) => [`a-${2 * i + 1}`, { expectAcc: "", record: "{}" }]));
    const e = senderExpectations(raw, forms.join("\n"), resolve);
    // Half the ids are HOs of the conversation, half are not: each record is read (against the core, as these HOs are).
    expect(e.map.size + e.problems.size).toBe(n);
  }, 5_000);

  it("are the same object while nothing changed, however many there are, so the checker audits nothing again", () => {
    const raw = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`a-${i + 1}`, { expectAcc: "", record: JSON.stringify({ [`x${i}`]: 1 }) }]));
    const text = "RW1 HO a-1 from=a to=b item=x ask=DRAFT";
    const first = senderExpectations(raw, text, resolve);
    expect(senderExpectations(raw, `${text} // typed`, resolve)).toBe(first);
  });
});

describe("the sender's withheld criteria", () => {
  const HO = "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc acc=len:100w";

  it("that the core refuses are listed with its messages and not used, as rw check-rb --expect-acc refuses them", () => {
    const e = senderExpectations({ "a-1": { expectAcc: "len:120w+len:200w", record: "" } }, HO, resolve);
    expect(e.map.has("a-1")).toBe(false);
    expect(e.criteria.get("a-1")).toHaveLength(1);
    expect(e.criteria.get("a-1")?.[0]).toMatch(/^the sender's criteria name len more than once \(len:120w, then len:200w\)/);
    const good = senderExpectations({ "a-1": { expectAcc: "len:120w+must:x+must:y", record: "" } }, HO, resolve);
    expect(good.map.get("a-1")?.expectAcc).toBe("len:120w+must:x+must:y");
    expect(good.criteria.has("a-1")).toBe(false);
  });

  it("are read against the HO's vocabulary, as rw check-rb reads them: a constraint key is single-valued only where a profile adds it", () => {
    const mine = compileVocabulary(coreVocabulary, { profile: "mine", version: "0.1", extends: "RW1", ckeys: { dpi: { desc: "the resolution" } } });
    if (!mine.ok) throw new Error("the test profile compiles");
    const withMine = resolverFor(mine.value);
    const twice = { expectAcc: "dpi:300+dpi:600", record: "" };
    // An HO without p= reads the chosen profile, where dpi is single-valued: named twice, refused.
    expect(senderExpectations({ "a-1": twice }, HO, withMine).criteria.get("a-1")?.[0]).toMatch(/name dpi more than once/);
    // An HO naming pay reads pay, which has no dpi: outside the closed set, not a repeat, and
    // refused as the sender's slip (CRITERIA_KEY_UNKNOWN), as rw check-rb refuses it: never used.
    const payHo = "RW1 HO a-1 p=pay from=a to=b item=x ask=DRAFT rb=acc";
    const e = senderExpectations({ "a-1": twice }, payHo, withMine);
    expect(e.criteria.get("a-1")).toHaveLength(2);
    expect(e.criteria.get("a-1")?.[0]).toMatch(/^'dpi:300': dpi is outside the closed key set/);
    expect(e.map.get("a-1")?.expectAcc).toBeUndefined();
  });

  it("keep the record's $resolve, so the lab's tier 5 says what rw check-rb --record says of a value the record leaves to the receiver", () => {
    // The HO carries an account the record leaves to the receiver ($resolve) and holds no value for.
    const ho = PAY_HO.replace("acct=$resolve", "acct=40-12-88/61102938");
    const message = readMessage(ho, resolve).message as Message;
    const rb = formatLine(makeReadback(message, {}, resolve("pay") as Vocabulary).value as Message).value as string;
    const leftToReceiver = JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929", $resolve: ["acct"] });
    const e = senderExpectations({ "scheduler-1": { expectAcc: "", record: leftToReceiver } }, `${ho}\n${rb}`, resolve);
    expect(e.map.get("scheduler-1")?.resolve).toStrictEqual(["acct"]);
    const lab = [...createChecker().check(`${ho}\n${rb}`, { resolve, now: null, expectations: e.map, as: null }).readbacks.values()][0]?.report as ReadbackReport;
    const rw = spawnSync(process.execPath, [join(import.meta.dirname, "..", "..", "dist", "cli", "rw.js"), "check-rb", "--json", "--ho", ho, "--rb", rb, "--record", leftToReceiver], { encoding: "utf8" });
    const cli = JSON.parse(rw.stdout) as ReadbackReport;
    expect(lab.tiers[4]).toStrictEqual(cli.tiers[4]);
    expect(lab.tiers[4]?.findings.map((f) => f.message)).toStrictEqual(["acct=40-12-88/61102938: the HO sent carries a value the record leaves to the receiver ($resolve) and holds none for: nobody approved it, and check-ho refuses it"]);
  });
});
