// `rw delegation …` as a user runs it: the built command, real stdin and files, real exit codes.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkCardRevisionDocument, checkChildDocument, checkReassignmentDocument } from "../../core/delegation/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const RECORDS = join(ROOT, "test", "conformance", "delegation", "records");
const file = (name: string): string => join(RECORDS, `${name}.json`);
const record = (name: string): Record<string, unknown> => JSON.parse(readFileSync(file(name), "utf8"));
const tmp = mkdtempSync(join(tmpdir(), "rw-delegation-"));

function rw(args: string[], input = ""): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [RW, ...args], { input, encoding: "utf8", cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("rw delegation validate", () => {
  it("reads a record from --file and says what it is", () => {
    const r = rw(["delegation", "validate", "--file", file("d-extract-1")]);
    expect(r).toMatchObject({ code: 0, out: "delegation_contract D-EXTRACT-1@r1: ok\n", err: "" });
  });
  it("reads stdin; a refused record exits 1 with every finding and its path", () => {
    const card = { ...record("card-agent-extractor-r3"), x_deploy: { db_password: "hunter22" } };
    const r = rw(["delegation", "validate"], JSON.stringify(card));
    expect(r.code).toBe(1);
    expect(r.out).toBe("agent_card AGENT-EXTRACTOR@card-r3: refused\n  error SECRET_FIELD: x_deploy.db_password: a credential-like field ('password'); carry a secret reference (db_password_ref) or redacted metadata instead (section 9)\n");
  });
  it("--json prints the core's report", () => {
    const r = rw(["delegation", "validate", "--json", "--kind", "control_fence_set"], JSON.stringify(record("fences-cf7")));
    expect(JSON.parse(r.out)).toStrictEqual({ ok: true, kind: "control_fence_set", findings: [] });
    expect(r.code).toBe(0);
  });
  it("notes leave it ok (exit 0); --consequential makes an unsupported version a refusal", () => {
    const card = record("card-agent-extractor-r3");
    card["schema_ref"] = { ...(card["schema_ref"] as object), version: "0.2.0" };
    const path = join(tmp, "card-0.2.0.json");
    writeFileSync(path, JSON.stringify(card));
    const read = rw(["delegation", "validate", "--file", path]);
    expect(read.code).toBe(0);
    expect(read.out).toContain("ok, with notes\n  note SCHEMA_UNSUPPORTED_READ");
    expect(rw(["delegation", "validate", "--file", path, "--consequential"]).code).toBe(1);
  });
  it("input that is not JSON exits 1, told on stderr; a bad --kind is a usage error", () => {
    expect(rw(["delegation", "validate"], "{ nope")).toMatchObject({ code: 1, out: "" });
    expect(rw(["delegation", "validate"], "{ nope").err).toContain("not JSON");
    const twice = rw(["delegation", "validate"], '{"autonomy_tier":"T4_consequential_execute","autonomy_tier":"T1_draft"}');
    expect([twice.code, twice.err]).toStrictEqual([1, expect.stringContaining('the key "autonomy_tier" appears twice in one object')]);
    expect(rw(["delegation", "validate", "--kind", "card"], "{}").code).toBe(2);
    expect(rw(["delegation", "validate", "--file", join(tmp, "missing.json")]).code).toBe(2);
  });
  it("an empty or blank --kind is named as empty, as every option's empty value is (it read \"--kind : one of ...\")", () => {
    for (const kind of ["", " \t"]) {
      const r = rw(["delegation", "validate", "--kind", kind], "{}");
      expect([r.code, r.out]).toStrictEqual([2, ""]);
      expect(r.err).toMatch(/^rw: --kind is empty: give one of agent_card, delegation_contract, .*, control_fence_set, or leave the option out\n/);
    }
    expect(rw(["delegation", "validate", "--kind", "card"], "{}").err).toMatch(/^rw: --kind card: one of agent_card, /);
  });
});

describe("stdin is read up to 64 MiB, as --file is", () => {
  const MiB = 1024 * 1024;
  /** rw with `{}` and then `spaces` MiB of spaces piped to stdin, a chunk at a time: never held whole here. */
  async function piped(args: string[], spaces: number): Promise<{ code: number | null; out: string; err: string }> {
    const child = spawn(process.execPath, [RW, ...args], { cwd: ROOT });
    let [out, err] = ["", ""];
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    const space = Buffer.alloc(MiB, 0x20);
    function* bytes(): Generator<Buffer> {
      yield Buffer.from("{}");
      for (let i = 0; i < spaces; i++) yield space;
    }
    // Once rw stops reading, the rest of the stream meets a closed pipe: that is the point.
    const feeding = pipeline(Readable.from(bytes()), child.stdin).catch(() => undefined);
    const [code] = (await once(child, "close")) as [number | null];
    await feeding;
    return { code, out, err };
  }
  it("a stream past the limit is a usage error naming stdin, and the option that chose it (--file -, a part given as -)", async () => {
    // Under the limit, the spaces around the document are only white space.
    expect(await piped(["delegation", "validate"], 1)).toMatchObject({ code: 1, out: expect.stringContaining("DELEGATION_KIND_UNKNOWN"), err: "" });
    expect(await piped(["delegation", "check-fences"], 65)).toStrictEqual({ code: 2, out: "", err: "rw: cannot read stdin: it holds more than 64 MiB\nTry 'rw delegation check-fences --help'.\n" });
    expect(await piped(["delegation", "validate", "--file", "-"], 65)).toStrictEqual({ code: 2, out: "", err: "rw: --file: cannot read stdin: it holds more than 64 MiB\nTry 'rw delegation validate --help'.\n" });
    // A part's option given as - reads stdin too, and names it so.
    expect(await piped(["delegation", "check-attempts", "--contract", "-", "--attempts", "[]"], 65)).toStrictEqual({ code: 2, out: "", err: "rw: --contract: cannot read stdin: it holds more than 64 MiB\nTry 'rw delegation check-attempts --help'.\n" });
  }, 60_000);
  it.skipIf(!existsSync("/dev/zero"))("stdin that never ends (< /dev/zero) is refused once past the limit, not read until memory runs out", () => {
    const zero = openSync("/dev/zero", "r");
    try {
      const r = spawnSync(process.execPath, [RW, "delegation", "validate"], { stdio: [zero, "pipe", "pipe"], encoding: "utf8", timeout: 30_000 });
      expect([r.status, r.stdout, r.stderr.split("\n")[0]]).toStrictEqual([2, "", "rw: cannot read stdin: it holds more than 64 MiB"]);
    } finally {
      closeSync(zero);
    }
  }, 60_000);
});

describe("what a document gave is never printed raw to a terminal", () => {
  const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/u;
  // A card whose id holds an OSC sequence, one key a right-to-left override and a C1 CSI, another a line break.
  const card = { agent_card_id: "A", record_id: "R\u001b]0;t\u0007", revision_id: "r\u202e1", "x_\u202e\u009bkey": { db_password: "x" }, "x_a\nerror FORGED": { password: "y" } };
  it("--json escapes the C1, line-separator and bidirectional controls JSON.stringify leaves raw; the value reads back the same", () => {
    const r = rw(["delegation", "validate", "--json"], JSON.stringify(card));
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(RAW);
    expect(r.out).toContain("x_\\u202e\\u009bkey.db_password");
    expect((JSON.parse(r.out) as { findings: { path: string }[] }).findings.map((f) => f.path)).toContain("x_\u202e\u009bkey.db_password");
    const twice = rw(["delegation", "validate", "--json"], '{"k\u009b":1,"k\u009b":2}');
    expect([twice.code, twice.out]).toStrictEqual([1, '{"ok":false,"error":"the input is refused: the key \\"k\\u009b\\" appears twice in one object; which value was meant would be a guess","findings":[]}\n']);
  });
  it("the text report shows ids, paths and findings with their controls and line breaks marked, so none forges a line", () => {
    const r = rw(["delegation", "validate"], JSON.stringify(card));
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(RAW);
    expect(r.out.split("\n")[0]).toBe("agent_card R·]0;t·@r·1: refused");
    expect(r.out).toContain("\n  error SECRET_FIELD: x_··key.db_password: ");
    expect(r.out).toContain("\n  error SECRET_FIELD: x_a·error FORGED.password: ");
    expect(r.out.split("\n").filter((line) => line.startsWith("error FORGED"))).toStrictEqual([]);
    // Input that is not a JSON document is told on stderr, quoting it marked too.
    const twice = rw(["delegation", "validate"], '{"k\u009b":1,"k\u009b":2}');
    expect([twice.code, twice.err]).toStrictEqual([1, 'rw delegation: the input is refused: the key "k·" appears twice in one object; which value was meant would be a guess\n']);
  });
});

describe("rw delegation check-child", () => {
  const bad = { parent: record("d-parent-1"), child: record("d-child-bad"), chain: record("chain-d-child-bad") };
  it("section 11.3 from one document on stdin: denied on exactly six dimensions, exit 1", () => {
    const r = rw(["delegation", "check-child"], JSON.stringify(bad));
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("child D-CHILD-BAD@r1 of D-PARENT-1@r1: denied on depth, objects, operations, effect_class, duration, spend");
  });
  it("--json is checkChildDocument's report", () => {
    const r = rw(["delegation", "check-child", "--json"], JSON.stringify(bad));
    expect(JSON.parse(r.out)).toStrictEqual(JSON.parse(JSON.stringify(checkChildDocument(bad))));
  });
  it("takes the three parts as files; an allowed child exits 0", () => {
    const r = rw(["delegation", "check-child", "--parent", file("d-parent-1"), "--child", file("d-child-ok"), "--chain", file("chain-d-child-ok")]);
    expect(r).toMatchObject({ code: 0, out: "child D-CHILD-OK@r1 of D-PARENT-1@r1: allowed\n" });
  });
  it("parts and --file together is a usage error", () => {
    expect(rw(["delegation", "check-child", "--file", file("d-parent-1"), "--parent", file("d-parent-1")]).code).toBe(2);
  });
  it("--siblings: the parent's other live children share its budgets with the child", () => {
    const sibling = { ...record("d-child-ok"), record_id: "D-CHILD-OK-2", delegation_id: "D-CHILD-OK-2" } as any;
    sibling.control_scopes = sibling.control_scopes.map((s: any) => (s.scope_id === "D-CHILD-OK" ? { ...s, scope_id: "D-CHILD-OK-2" } : s));
    const args = ["delegation", "check-child", "--parent", file("d-parent-1"), "--child", file("d-child-ok"), "--chain", file("chain-d-child-ok")];
    expect(rw([...args, "--siblings", JSON.stringify([sibling])]).code).toBe(0);
    const r = rw([...args, "--siblings", JSON.stringify([{ ...sibling, limits: { ...sibling.limits, max_tokens: 60000 } }])]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("child D-CHILD-OK@r1 of D-PARENT-1@r1: denied on budget");
    expect(r.out).toContain("ATTENUATION_BUDGET_SHARED");
  });
});

describe("rw delegation check-fences", () => {
  it("section 11.4: CF7 against the heads after the reassignment fails closed", () => {
    const r = rw(["delegation", "check-fences", "--fences", file("fences-cf7"), "--heads", file("heads-after-reassignment")]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        "fences: fail closed",
        "  agent:AGENT-A            current",
        "  delegation:D-RESEARCH-2  stale (fenced 4, head 6)",
        "  space:SPACE-RW           current",
        "  error FENCE_STALE at fences.1: rw-control:SPACE-RW delegation:D-RESEARCH-2: the head moved from DB4 (position 4) to DB6 (position 6); re-evaluate permission with a fresh fence set",
        "",
      ].join("\n"),
    );
  });
  it("current fences exit 0", () => {
    expect(rw(["delegation", "check-fences"], JSON.stringify({ fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1") })).code).toBe(0);
  });
});

describe("rw delegation evaluate", () => {
  const input = { contract: record("d-extract-1"), card: record("card-agent-extractor-r3"), request: record("request-read-src-1"), fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref: { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"a".repeat(64)}` }, evaluator_ref: { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: `sha256:${"b".repeat(64)}`, actor_type: "service" } };
  it("section 11.1: the read is allowed, with the rules that matched", () => {
    const r = rw(["delegation", "evaluate"], JSON.stringify(input));
    expect(r.code).toBe(0);
    expect(r.out).toBe("permission for read SRC-1@r1: allow\n  matched: card, contract, scope.objects, scope.operations, scope.tools, scope.data_classes, scope.effect_classes, tier, fences\n");
  });
  it("a spend without a MoneyLimit is denied, exit 1", () => {
    const r = rw(["delegation", "evaluate"], JSON.stringify({ ...input, request: { ...input.request, usage: { spend: { amount: "2.00", currency: "USD" } } } }));
    expect(r.code).toBe(1);
    expect(r.out).toContain("permission for read SRC-1@r1: deny\n  error SPEND_NO_AUTHORITY (spend): the contract carries no MoneyLimit");
  });
  it("reads the request's adapter: a read over a version the card does not declare is allowed with a note (10.3 fails closed for consequential effects)", () => {
    const adapter = { protocol: "mcp", version: "2024-11-05", tool: "source_reader" };
    const r = rw(["delegation", "evaluate"], JSON.stringify({ ...input, request: { ...input.request, adapter } }));
    expect(r.code).toBe(0);
    expect(r.out).toContain("\n  note ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL (card) at request.adapter: the adapter's protocol/version mcp/2024-11-05 is not one the card's supported_adapters declare (mcp/2025-06-18): allowed only because the effect is not consequential (section 10.3 fails closed for consequential effects)\n");
    expect(r.out.split("\n")[0]).toBe("permission for read SRC-1@r1: allow");
  });
});

describe("the same bytes get the same exit code however they are given", () => {
  const latin1 = join(tmp, "latin1.json");
  writeFileSync(latin1, Buffer.concat([Buffer.from('{"display_name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
  const broken = join(tmp, "broken.json");
  writeFileSync(broken, '{"delegation_id": ');
  const twice = join(tmp, "twice.json");
  writeFileSync(twice, '{"delegation_id":"D-1","delegation_id":"D-2"}');
  it("bytes that are not UTF-8: stdin and --file both exit 1 (invalid input), told on stderr", () => {
    const stdin = spawnSync(process.execPath, [RW, "delegation", "validate"], { input: readFileSync(latin1), encoding: "utf8" });
    const viaFile = rw(["delegation", "validate", "--file", latin1]);
    expect([stdin.status, viaFile.code]).toStrictEqual([1, 1]);
    expect(viaFile.err).toBe("rw delegation: the input is not valid UTF-8\n");
  });
  it.each([
    ["not JSON", broken, "the input is not JSON"],
    ["a key named twice", twice, 'the input is refused: the key "delegation_id" appears twice in one object'],
    ["not UTF-8", latin1, "the input is not valid UTF-8"],
  ])("a part given as an option that is %s exits 1 as the whole document does", (_, path, message) => {
    const r = rw(["delegation", "check-child", "--parent", path, "--child", file("d-child-ok"), "--chain", file("chain-d-child-ok")]);
    expect([r.code, r.out]).toStrictEqual([1, ""]);
    expect(r.err).toContain(`rw delegation: --parent: ${message}`);
    const fences = rw(["delegation", "check-fences", "--fences", path, "--heads", file("heads-d-extract-1")]);
    expect(fences.code).toBe(1);
  });
  it("--json answers input that is not JSON with a JSON object too", () => {
    for (const args of [["delegation", "validate", "--file", broken], ["delegation", "check-fences", "--fences", twice, "--heads", "[]"], ["delegation", "evaluate", "--file", latin1]]) {
      const r = rw([...args, "--json"]);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.out)).toMatchObject({ ok: false, findings: [] });
      expect((JSON.parse(r.out) as { error: string }).error).toMatch(/the input is (not JSON|refused|not valid UTF-8)/);
    }
  });
  it("a part whose file cannot be read is still a usage error (exit 2)", () => {
    expect(rw(["delegation", "check-fences", "--fences", join(tmp, "missing.json"), "--heads", "[]"]).code).toBe(2);
  });
});

describe("a document member no part of the check is refused, as the Worker refuses a field its route does not take", () => {
  it("check-attempts with `checkpoint` for `checkpoints` was ok, CP-7's overstated remainder unchecked; now a usage error naming it", () => {
    const overstated = record("cp-7");
    (overstated["remaining_budget"] as Record<string, unknown>)["tool_calls"] = 121;
    const doc = { contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [overstated] };
    // Spelt right, the part is read and the remainder refused.
    expect(rw(["delegation", "check-attempts"], JSON.stringify(doc)).code).toBe(1);
    const { checkpoints, ...rest } = doc;
    const misspelt = rw(["delegation", "check-attempts", "--json"], JSON.stringify({ ...rest, checkpoint: checkpoints }));
    expect([misspelt.code, misspelt.out]).toStrictEqual([2, ""]);
    expect(misspelt.err).toBe("rw: delegation check-attempts: checkpoint is no part of its document { contract, attempts, checkpoints? }; a part misspelt would go unchecked\nTry 'rw delegation check-attempts --help'.\n");
  });
  it("every check's document: each member named, the known parts untouched", () => {
    const child = { parent: record("d-parent-1"), child: record("d-child-ok"), chain: record("chain-d-child-ok") };
    expect(rw(["delegation", "check-child"], JSON.stringify(child)).code).toBe(0);
    const r = rw(["delegation", "check-child"], JSON.stringify({ ...child, sibling: [], note: "x" }));
    expect([r.code, r.err.split("\n")[0]]).toStrictEqual([2, "rw: delegation check-child: sibling, note are no parts of its document { parent, child, chain, siblings? }; a part misspelt would go unchecked"]);
    for (const check of ["check-reassignment", "check-attempts", "check-card-revision", "check-fences", "evaluate"]) {
      expect(rw(["delegation", check], JSON.stringify({ extra: 1 })).err, check).toMatch(new RegExp(`^rw: delegation ${check}: extra is no part of its document`));
    }
    // The record validate reads is the document itself: its unknown fields are the core's to note.
    expect(rw(["delegation", "validate"], JSON.stringify({ ...record("d-extract-1"), x_vendor: 1 })).code).toBe(0);
  });
});

describe("rw delegation check-reassignment", () => {
  it("section 11.4 from one document on stdin: D-RESEARCH-2@r2 reassigns to AGENT-B, allowed, exit 0", () => {
    const r = rw(["delegation", "check-reassignment"], JSON.stringify({ prior: record("d-research-2-r1"), next: record("d-research-2-r2") }));
    expect(r).toMatchObject({ code: 0, out: "revision D-RESEARCH-2@r2 after D-RESEARCH-2@r1: allowed\n", err: "" });
  });
  it("--attempts: the next revision takes only what the delegation's attempts left (11.4: remaining budget)", () => {
    const args = ["delegation", "check-reassignment", "--prior", file("d-research-2-r1"), "--next", file("d-research-2-r2")];
    expect(rw([...args, "--attempts", JSON.stringify([record("att-1")])]).code).toBe(0);
    const spent = { ...record("att-1"), budget_consumption: { tool_calls: 81, items: { Source: 2 } } };
    const r = rw([...args, "--attempts", JSON.stringify([spent])]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("revision D-RESEARCH-2@r2 after D-RESEARCH-2@r1: denied on budget");
    expect(r.out).toContain("ATTENUATION_BUDGET_REMAINING");
  });
  it("takes --parent and --chain: a child reassigned to an agent its parent does not allow is denied on delegate, exit 1", () => {
    const r = rw(["delegation", "check-reassignment", "--prior", file("d-release-1-child"), "--next", file("d-release-1-child-r2"), "--parent", file("d-release-1"), "--chain", file("chain-d-release-1-child-r2")]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("revision D-RELEASE-1-CHILD@r2 after D-RELEASE-1-CHILD@r1: denied on delegate");
    expect(r.out).toContain("error DELEGATE_BINDING (delegate)");
  });
  it("--json is checkReassignmentDocument's report; without the parent a child's new delegatee is denied, and without the chain its new revision", () => {
    const doc = { prior: record("d-release-1-child"), next: record("d-release-1-child-r2") };
    const r = rw(["delegation", "check-reassignment", "--json"], JSON.stringify(doc));
    expect(JSON.parse(r.out)).toStrictEqual(JSON.parse(JSON.stringify(checkReassignmentDocument(doc))));
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, failed: ["delegate", "chain"] });
    expect(r.code).toBe(1);
  });
  it("--chain is checked against the parent: the prior revision's chain does not attest the next revision, exit 1", () => {
    const parent = record("d-release-1") as any;
    parent.subdelegation_policy.eligible_delegates.actor_ids = ["ACTOR-HELPER", "ACTOR-B"];
    const args = ["delegation", "check-reassignment", "--prior", file("d-release-1-child"), "--next", file("d-release-1-child-r2"), "--parent", JSON.stringify(parent)];
    expect(rw([...args, "--chain", file("chain-d-release-1-child-r2")])).toMatchObject({ code: 0, out: "revision D-RELEASE-1-CHILD@r2 after D-RELEASE-1-CHILD@r1: allowed\n" });
    const r = rw([...args, "--chain", file("chain-d-release-1-child")]);
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("revision D-RELEASE-1-CHILD@r2 after D-RELEASE-1-CHILD@r1: denied on chain");
    expect(r.out).toContain("error CHAIN_BROKEN (chain)");
  });
  it("takes --checkpoints: CP-7's remaining budget is verified and r2 grants no more of it, the core's findings unchanged", () => {
    const args = ["delegation", "check-reassignment", "--prior", file("d-research-2-r1"), "--next", file("d-research-2-r2"), "--attempts", JSON.stringify([record("att-1")])];
    expect(rw([...args, "--checkpoints", JSON.stringify([record("cp-7")])])).toMatchObject({ code: 0, out: "revision D-RESEARCH-2@r2 after D-RESEARCH-2@r1: allowed\n" });
    const left = { ...record("cp-7"), remaining_budget: { tool_calls: 100 } };
    const r = rw([...args, "--checkpoints", JSON.stringify([left]), "--json"]);
    expect(r.code).toBe(1);
    const doc = { prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints: [left] };
    expect(JSON.parse(r.out)).toStrictEqual(JSON.parse(JSON.stringify(checkReassignmentDocument(doc))));
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, failed: ["budget"], findings: [{ code: "CHECKPOINT_REMAINDER_EXCEEDED", path: "limits.max_tool_calls" }] });
  });
});

describe("rw delegation check-attempts", () => {
  it("section 11.4 from one document on stdin: ATT-1, then ATT-2 resuming CP-7 under the same key, keep D-RESEARCH-2@r2's retry policy, exit 0", () => {
    const r = rw(["delegation", "check-attempts"], JSON.stringify({ contract: record("d-research-2-r2"), attempts: [record("att-1"), record("att-2")] }));
    expect(r).toMatchObject({ code: 0, out: "attempts under D-RESEARCH-2@r2: ok\n", err: "" });
  });
  it("takes --contract and --attempts: a third attempt under max_attempts 2 is refused, exit 1", () => {
    const third = { ...record("att-2"), record_id: "ATT-3", attempt_id: "ATT-3", started_at: "2026-10-04T10:50:00Z", issued_at: "2026-10-04T10:50:00Z" };
    const r = rw(["delegation", "check-attempts", "--contract", file("d-research-2-r2"), "--attempts", JSON.stringify([record("att-1"), record("att-2"), third])]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("attempts under D-RESEARCH-2@r2: refused\n  error RETRY_EXHAUSTED (retry): attempts.2: ATT-3 is attempt 3 of D-RESEARCH-2; max_attempts is 2, the first attempt counted\n  error RETRY_UNRECONCILED (retry): attempts.2: ATT-3 resumes CP-7@cp-r1, the very checkpoint revision resumed by ATT-2, which is unknown (no outcome recorded) and records no read-back (readback_ref): an unknown or partially applied attempt is reconciled before a retry (section 7.1)\n");
  });
  it("--json is checkAttemptsDocument's report: after a partially_applied attempt, a new key is refused", () => {
    const doc = { contract: record("d-research-2-r2"), attempts: [record("att-1"), { ...record("att-2"), idempotency_key: "D-RESEARCH-2/effect-2" }] };
    const r = rw(["delegation", "check-attempts", "--json"], JSON.stringify(doc));
    expect(JSON.parse(r.out)).toStrictEqual(JSON.parse(JSON.stringify(checkAttemptsDocument(doc))));
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, findings: [{ code: "RETRY_IDEMPOTENCY", path: "attempts.1.idempotency_key" }] });
    expect(r.code).toBe(1);
  });
  it("takes --checkpoints: a resume from CP-7 with CAT-OP-9 unknown and no receipt of it is refused (RESUME_UNRECONCILED), exit 1", () => {
    const unknown = { ...record("cp-7"), external_operations: [{ system: "catalog", operation_id: "CAT-OP-9", reconciliation: "unknown" }] };
    const doc = { contract: record("d-research-2-r1"), attempts: [record("att-1"), record("att-2")], checkpoints: [unknown] };
    const r = rw(["delegation", "check-attempts", "--json"], JSON.stringify(doc));
    expect(JSON.parse(r.out)).toStrictEqual(JSON.parse(JSON.stringify(checkAttemptsDocument(doc))));
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, findings: [{ code: "RESUME_UNRECONCILED", path: "attempts.1.external_receipts", received: "CP-7: catalog CAT-OP-9 (unknown)" }] });
    expect(r.code).toBe(1);
  });
  it("takes --checkpoints: a checkpoint claiming more than its revision's limits leave is refused, exit 1", () => {
    const over = { ...record("cp-7"), remaining_budget: { tool_calls: 121 } };
    const r = rw(["delegation", "check-attempts", "--contract", file("d-research-2-r1"), "--attempts", JSON.stringify([record("att-1")]), "--checkpoints", JSON.stringify([over])]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`attempts under D-RESEARCH-2@r1: refused\n  error CHECKPOINT_REMAINDER_OVERSTATED (budget): ${checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints: [over] }).findings[0]?.message}\n`);
  });
  it("a part missing, or parts and --file together, is a usage error, exit 2 (test/cli/usage.test.ts)", () => {
    const r = rw(["delegation", "check-attempts", "--contract", file("d-research-2-r2")]);
    expect([r.code, r.out]).toStrictEqual([2, ""]);
    expect(r.err).toContain("delegation check-attempts needs --attempts");
    expect(rw(["delegation", "check-attempts", "--file", file("d-research-2-r2"), "--attempts", "[]"]).code).toBe(2);
  });
});

describe("rw delegation check-card-revision", () => {
  it("AGENT-EXTRACTOR@card-r3 after card-r2, the parts as files: the same card and agent Actor, exit 0", () => {
    const r = rw(["delegation", "check-card-revision", "--prior", file("card-agent-extractor-r2"), "--next", file("card-agent-extractor-r3")]);
    expect(r).toMatchObject({ code: 0, out: "card AGENT-EXTRACTOR@card-r3 after AGENT-EXTRACTOR@card-r2: ok\n", err: "" });
  });
  it("section 4.3 from stdin: an agent Actor changed with no continuity attestation is refused, exit 1", () => {
    const next = { ...record("card-agent-extractor-r3"), agent_actor_ref: record("card-agent-helper-r1")["agent_actor_ref"] };
    const r = rw(["delegation", "check-card-revision"], JSON.stringify({ prior: record("card-agent-extractor-r2"), next }));
    expect(r.code).toBe(1);
    expect(r.out).toBe("card AGENT-EXTRACTOR@card-r3 after AGENT-EXTRACTOR@card-r2: refused\n  error CARD_ACTOR_CHANGED: agent_actor_ref changes from ACTOR-EXTRACTOR to ACTOR-HELPER with no continuity_attestation_ref\n");
  });
  it("--json is checkCardRevisionDocument's report; a part that is not a card is refused with its findings", () => {
    const doc = { prior: record("card-agent-extractor-r2"), next: { ...record("card-agent-extractor-r3"), x_auth: "Bearer 9f8e7d6c5b4a39281706" } };
    const r = rw(["delegation", "check-card-revision", "--json"], JSON.stringify(doc));
    expect(JSON.parse(r.out)).toStrictEqual(JSON.parse(JSON.stringify(checkCardRevisionDocument(doc))));
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, findings: [{ code: "SECRET_VALUE", path: "next.x_auth" }] });
    expect(r.code).toBe(1);
    expect(rw(["delegation", "check-card-revision", "--file", file("card-agent-extractor-r2"), "--next", file("card-agent-extractor-r3")]).code).toBe(2);
  });
});

describe("rw --help", () => {
  it("lists the delegation commands", () => {
    const r = rw(["--help"]);
    for (const c of ["delegation validate", "delegation check-child", "delegation check-reassignment", "delegation check-attempts", "delegation check-card-revision", "delegation check-fences", "delegation evaluate"]) expect(r.out).toContain(c);
  });
  it("each has its own --help", () => {
    const r = rw(["delegation", "check-child", "--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("usage: rw delegation check-child [options]");
    expect(r.out).toContain("--chain");
  });
});
