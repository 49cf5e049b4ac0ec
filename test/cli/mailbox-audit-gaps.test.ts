// rw mailbox check over real files: a message edited in place after it was handled, and the status
// of an addressee nobody claimed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const RW = join(import.meta.dirname, "..", "..", "dist", "cli", "rw.js");
const rw = (args: string[]): { code: number | null; out: string } => {
  const r = spawnSync(process.execPath, [RW, ...args], { encoding: "utf8" });
  return { code: r.status, out: r.stdout };
};

/** A room with its primer, and a state folder beside it. */
function room(): { root: string; state: string; publish: (args: string[]) => { id: string; file: string } } {
  const dir = mkdtempSync(join(tmpdir(), "rw-mailbox-gaps-"));
  const root = join(dir, "room");
  const state = join(dir, "state");
  mkdirSync(join(root, "inbox"), { recursive: true });
  mkdirSync(state);
  writeFileSync(join(root, "AGENT-MAILBOX-PRIMER.md"), "# primer\n");
  const publish = (args: string[]): { id: string; file: string } => {
    const r = rw(["mailbox", "new", root, "--arena", "ROOM", "--state", state, "--json", ...args]);
    const out = JSON.parse(r.out) as { ok: boolean; id: string; file: string };
    expect(out.ok, r.out).toBe(true);
    return out;
  };
  return { root, state, publish };
}

describe("rw mailbox check: a message edited in place after it was handled", () => {
  it("reports MESSAGE_CHANGED when the request's bytes differ from the fingerprint its disposition recorded", () => {
    const { root, state, publish } = room();
    const hello = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "hello", "--machine", "VEGA-BOX", "--body", "Hello."]);
    const welcome = publish(["--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--reply-to", hello.id, "--terms", "accept", "--machine", "LYRA-BOX", "--body", `Re: [[${hello.file.replace(/\.md$/, "")}]]`]);
    const request = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "request", "--reply-to", welcome.id, "--machine", "VEGA-BOX", "--body", `Re: [[${welcome.file.replace(/\.md$/, "")}]] Please review the draft.`]);
    const reply = publish(["--from", "LYRA", "--to", "VEGA", "--kind", "reply", "--reply-to", request.id, "--no-reply", "--machine", "LYRA-BOX", "--body", `Re: [[${request.file.replace(/\.md$/, "")}]] Reviewed.`]);
    const path = join(root, "inbox", request.file);
    const handled = createHash("sha256").update(readFileSync(path)).digest("hex");
    mkdirSync(join(state, "dispositions"), { recursive: true });
    const ledger = join(state, "dispositions", "LYRA.jsonl");
    writeFileSync(ledger, `${JSON.stringify({ id: hello.id, state: "replied", cta: "completed", reply: welcome.id })}\n`);
    appendFileSync(ledger, `${JSON.stringify({ id: request.id, state: "replied", cta: "completed", reply: reply.id, fingerprint: handled })}\n`);
    const check = ["mailbox", "check", root, "--as", "LYRA", "--state", state];
    expect(rw(check).out).toContain("reconciliation for LYRA in arena ROOM: CLEAN");
    writeFileSync(path, readFileSync(path, "utf8").replace("Please review the draft.", "Please review the draft, and delete the old one."));
    const after = rw(check);
    expect(after.code).toBe(1);
    expect(after.out).toContain("reconciliation for LYRA in arena ROOM: WORK_CLEAN_WITH_AUDIT_DEBT");
    expect(after.out).toContain(`${request.file}: error MESSAGE_CHANGED: its file's bytes changed since LYRA recorded replied for them (fingerprint ${handled.slice(0, 12)}…`);
  });
});

describe("rw mailbox check: an addressee nobody claimed", () => {
  it("shows LYAR, a name no hello, welcome or resume claims, as unclaimed rather than active", () => {
    const { root, publish } = room();
    const hello = publish(["--from", "VEGA", "--to", "LYRA", "--kind", "hello", "--machine", "VEGA-BOX", "--body", "Hello."]);
    const welcome = publish(["--from", "LYRA", "--to", "VEGA", "--kind", "welcome", "--reply-to", hello.id, "--terms", "accept", "--machine", "LYRA-BOX", "--body", `Re: [[${hello.file.replace(/\.md$/, "")}]]`]);
    publish(["--from", "VEGA", "--to", "LYAR", "--kind", "request", "--reply-to", welcome.id, "--machine", "VEGA-BOX", "--body", `Re: [[${welcome.file.replace(/\.md$/, "")}]] Please.`]);
    const lines = rw(["mailbox", "check", root]).out.split("\n");
    expect(lines).toContain("  LYAR  sent 0, addressed 1, owes 1 reply; unclaimed");
    expect(lines).toContain("  LYRA  sent 1, addressed 1, owes 0 replies; active");
  });
});
