// A path whose name is not UTF-8 reaches rw with those bytes replaced by U+FFFD (node decodes the
// command line), so rw cannot name the file meant (audit HM). It said "no such file" beside the
// file, and `prepare --store $'st\xff/s.json'` created a second folder, `st\uFFFD`, and a store in
// it. The names are made as raw bytes and passed through bash, as a shell passes them.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const tmp = mkdtempSync(join(tmpdir(), "rw-replaced-name-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
const CALL = JSON.stringify({ sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" });
const NOT_UTF8 = Buffer.from([0xff]);

/** Runs rw in `cwd` through bash, `$BAD` standing for the byte 0xff in an argument. */
function rwWithByte(cwd: string, args: string): { code: number | null; out: string; err: string } {
  const r = spawnSync("bash", ["-c", `BAD=$(printf '\\xff'); node "$RW" ${args}`], { cwd, encoding: "utf8", env: { ...process.env, RW, HO, CALL } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const why = (name: string): string => `${name} holds U+FFFD, what a name that is not UTF-8 becomes before rw sees it: rw cannot name that file or folder, and would read or create another; rename it to UTF-8`;

describe("a path whose name is not UTF-8", () => {
  it("is refused as --store, and no second folder is created in its place", () => {
    const dir = mkdtempSync(join(tmp, "store-"));
    mkdirSync(Buffer.concat([Buffer.from(join(dir, "st")), NOT_UTF8]));
    const r = rwWithByte(dir, `prepare --ho "$HO" --call "$CALL" --exp 20991002T1200Z --store "st$BAD/s.json"`);
    expect([r.code, r.out, r.err.split("\n")[0]]).toStrictEqual([2, "", `rw: --store: ${why("st\uFFFD")}`]);
    expect(readdirSync(dir, { encoding: "buffer" })).toStrictEqual([Buffer.concat([Buffer.from("st"), NOT_UTF8])]);
  });

  it("is refused as --state, --file and --ho, and as a mailbox path, rather than said to be missing", () => {
    const dir = mkdtempSync(join(tmp, "read-"));
    writeFileSync(Buffer.concat([Buffer.from(join(dir, "f")), NOT_UTF8]), `${HO}\n`);
    mkdirSync(Buffer.concat([Buffer.from(join(dir, "box")), NOT_UTF8, Buffer.from("/inbox")]), { recursive: true });
    expect(rwWithByte(dir, `validate --file "f$BAD"`).err.split("\n")[0]).toBe(`rw: --file: ${why("f\uFFFD")}`);
    expect(rwWithByte(dir, `make-rb --ho "f$BAD"`).err.split("\n")[0]).toBe(`rw: --ho: cannot read f\uFFFD: no such file (${why("f\uFFFD")})`);
    const box = rwWithByte(dir, `mailbox check "box$BAD"`);
    expect([box.code, box.err.split("\n")[0]]).toStrictEqual([2, `rw: box\uFFFD: no inbox at box\uFFFD (if it is one), box\uFFFD/inbox or box\uFFFD/.agent-mailbox/inbox; the mailbox is never searched for (nothing is at box\uFFFD: ${why("box\uFFFD")})`]);
    mkdirSync(join(dir, "room", "inbox"), { recursive: true });
    const state = rwWithByte(dir, `mailbox new room --from VEGA --to LYRA --kind hello --arena DEMO --machine M1 --state "state$BAD"`);
    expect([state.code, state.err.split("\n")[0]]).toStrictEqual([2, `rw: --state: ${why("state\uFFFD")}`]);
    expect(readdirSync(join(dir, "room", "inbox"))).toStrictEqual([]);
  });

  it("a name that really holds U+FFFD is used as any other", () => {
    const dir = mkdtempSync(join(tmp, "real-"));
    mkdirSync(join(dir, "st\uFFFD"));
    const r = rwWithByte(dir, `prepare --ho "$HO" --call "$CALL" --exp 20991002T1200Z --store "st\uFFFD/s.json"`);
    expect([r.code, r.err]).toStrictEqual([0, ""]);
    expect(readdirSync(join(dir, "st\uFFFD"))).toContain("s.json");
  });
});
