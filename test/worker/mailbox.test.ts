// The Agent Mailbox inside workerd: the core's mailbox conformance vectors (the same files the Node
// tests read), and POST /v1/mailbox/preflight through the Worker's real fetch handler.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../core/mailbox/index.js";
import names from "../conformance/mailbox/names.jsonl?raw";
import messages from "../conformance/mailbox/messages.jsonl?raw";
import { buildMessage, runConversationCase, runMessageVector, runNameVector, runReconcileCase, Symbols } from "../conformance/mailbox-suite.js";
import type { ConversationCase, MessageVector, NameVector, ReconcileCase } from "../conformance/mailbox-suite.js";
import { call, postJson, postText, problemOf } from "./http.js";

const jsonl = <T>(text: string): T[] => text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);
const cases = <T>(files: Record<string, T>): T[] => Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c);
const conversations = cases(import.meta.glob<ConversationCase>("../conformance/mailbox/conversations/*.json", { eager: true, import: "default" }));
const reconciliations = cases(import.meta.glob<ReconcileCase>("../conformance/mailbox/reconcile/*.json", { eager: true, import: "default" }));

describe("mailbox conformance in workerd", () => {
  it("runs in workerd, with every vector file loaded", () => {
    expect(navigator.userAgent).toBe("Cloudflare-Workers");
    expect(jsonl(messages).length).toBeGreaterThan(100);
    expect(conversations.length).toBeGreaterThan(15);
    expect(reconciliations.length).toBeGreaterThan(15);
  });
  for (const v of jsonl<MessageVector>(messages)) it(`message ${v.id}`, () => expect(runMessageVector(v, mailbox)).toStrictEqual([]));
  for (const v of jsonl<NameVector>(names)) it(`name ${v.id}`, () => expect(runNameVector(v, mailbox)).toStrictEqual([]));
  for (const c of conversations) it(`conversation ${c.id}`, () => expect(runConversationCase(c, mailbox)).toStrictEqual([]));
  for (const c of reconciliations) it(`reconcile ${c.id}`, () => expect(runReconcileCase(c, mailbox)).toStrictEqual([]));
  it("generates UUIDv7s with the platform's random source", () => {
    expect(mailbox.isUuid7(mailbox.newUuid7())).toBe(true);
  });
});

describe("the message vectors over HTTP: POST /v1/mailbox/preflight answers what the core reads", () => {
  for (const v of jsonl<MessageVector>(messages)) {
    it(v.id, async () => {
      const symbols = new Symbols(mailbox);
      const text = buildMessage(symbols, { ...v, id: "m" });
      const parent = v.parent === undefined ? undefined : { ...v.parent, id: symbols.uuid(v.parent.id.replace(/^@/, "")) };
      const reading = mailbox.readMailboxMessage(text, { mode: v.mode, ...(parent === undefined ? {} : { parent }) });
      const r = await postJson("/v1/mailbox/preflight", { message: text, mode: v.mode, ...(parent === undefined ? {} : { parent }) });
      expect(r.status).toBe(200);
      const rw1 = reading.rw1.map((l) => ({ line: l.line, text: l.text, ok: l.check.ok, findings: l.check.findings }));
      expect(await r.json()).toStrictEqual(JSON.parse(JSON.stringify({ ok: reading.ok, mode: v.mode, id: reading.id, envelope: reading.envelope, legacy: reading.legacy, findings: reading.findings, rw1 })));
    });
  }
});

const envelope = (fields: Record<string, string>): string => {
  const base: Record<string, string> = { version: "1", profile: "CORE", id: "019a1f2c-8e00-7000-8000-000000000001", thread: "019a1f2c-8e00-7000-8000-000000000002", request_id: "019a1f2c-8e00-7000-8000-000000000003", from: "VEGA", to: "[LYRA]", kind: "hello", reply_to: '""', expects_reply: "true", arena: "DEMO", machine: "VEGA-BOX", root: "1f3a".repeat(16), transport: "local", ...fields };
  return ["---", "tags: [agent-mailbox]", "meta:", "  mailbox:", ...Object.entries(base).filter(([, v]) => v !== "").map(([k, v]) => `    ${k}: ${v}`), "---", "Hello.", ""].join("\n");
};

interface Verdict {
  ok: boolean;
  mode: string;
  id: string | null;
  envelope: { kind: string; from: string } | null;
  findings: { code: string; slot?: string; line?: number }[];
  rw1: { line: number; ok: boolean }[];
}

describe("POST /v1/mailbox/preflight", () => {
  it("answers a valid message with ok and its envelope (JSON body)", async () => {
    const r = await postJson("/v1/mailbox/preflight", { message: envelope({}) });
    expect(r.status).toBe(200);
    const v = (await r.json()) as Verdict;
    expect(v.ok).toBe(true);
    expect(v.mode).toBe("outbound");
    expect(v.envelope?.from).toBe("VEGA");
    expect(v.findings).toStrictEqual([]);
  });
  it("takes the message as a text body, with the options in the query", async () => {
    const legacy = envelope({}).replace("tags: [agent-mailbox]", "tags: [agent-mailbox]\nfrom: VEGA");
    const outbound = (await (await postText("/v1/mailbox/preflight", legacy)).json()) as Verdict;
    expect(outbound.ok).toBe(false);
    expect(outbound.findings.map((f) => `${f.code}:${f.slot}:${f.line}`)).toStrictEqual(["LEGACY_ALIAS:from:3"]);
    const inbound = (await (await postText("/v1/mailbox/preflight?mode=inbound", legacy)).json()) as Verdict;
    expect(inbound.ok).toBe(true);
    expect(inbound.findings.map((f) => f.code)).toStrictEqual(["LEGACY_ENVELOPE"]);
  });
  it("refuses a message with a 200 and its findings, never a problem", async () => {
    const r = await postJson("/v1/mailbox/preflight", { message: envelope({ kind: "reply", from: "vega" }) });
    expect(r.status).toBe(200);
    const v = (await r.json()) as Verdict;
    expect(v.ok).toBe(false);
    expect(v.id).toBe("019a1f2c-8e00-7000-8000-000000000001");
    expect(v.findings.map((f) => `${f.code}:${f.slot}`).sort()).toStrictEqual(["CALLSIGN_INVALID:from", "REPLY_TO_REQUIRED:reply_to"]);
  });
  it("applies the ack rule when given the parent, as text or as { id, kind }", async () => {
    const hello = envelope({});
    const ack = envelope({ id: "019a1f2c-8e00-7000-8000-000000000009", kind: "ack", reply_to: "019a1f2c-8e00-7000-8000-000000000001" }).replace("Hello.", "Following both welcomes: acknowledged [[hello]].");
    for (const parent of [hello, { id: "019a1f2c-8e00-7000-8000-000000000001", kind: "hello" }]) {
      const v = (await (await postJson("/v1/mailbox/preflight", { message: ack, parent })).json()) as Verdict;
      expect(v.findings.map((f) => f.code)).toStrictEqual(["ACK_SKIPS_WELCOME"]);
    }
    const alone = (await (await postJson("/v1/mailbox/preflight", { message: ack })).json()) as Verdict;
    expect(alone.ok).toBe(true);
  });
  it("holds the body's link to the exact parent given as text with parentFile, as the object form's file does (audit DZ: the text form checked only that it linked something)", async () => {
    const request = envelope({ kind: "request" });
    const file = "2026-10-01-09-00-00-VEGA-request-plan.md";
    const reply = (link: string): string => envelope({ id: "019a1f2c-8e00-7000-8000-000000000009", from: "LYRA", to: "[VEGA]", machine: "LYRA-BOX", kind: "reply", reply_to: "019a1f2c-8e00-7000-8000-000000000001", expects_reply: "false" }).replace("Hello.", `Re: [[${link}]].`);
    const codes = async (body: Record<string, unknown>): Promise<string[]> => ((await (await postJson("/v1/mailbox/preflight", body)).json()) as Verdict).findings.map((f) => f.code);
    const object = { id: "019a1f2c-8e00-7000-8000-000000000001", kind: "request", file };
    // A link to another file: the exact-parent check refuses it, in both forms, as rw mailbox and the playground do.
    expect(await codes({ message: reply("2026-10-01-08-00-00-VEGA-hello-kickoff"), parent: object })).toStrictEqual(["PARENT_LINK_MISSING"]);
    expect(await codes({ message: reply("2026-10-01-08-00-00-VEGA-hello-kickoff"), parent: request, parentFile: file })).toStrictEqual(["PARENT_LINK_MISSING"]);
    // In the query, for a text body's request, and agreeing with the core given the same parent.
    const wrong = reply("2026-10-01-08-00-00-VEGA-hello-kickoff");
    const core = mailbox.readMailboxMessage(wrong, { mode: "outbound", parent: mailbox.parentInfo(mailbox.readMailboxMessage(request).envelope!, file) }).findings.map((f) => f.code);
    const query = `/v1/mailbox/preflight?parent=${encodeURIComponent(JSON.stringify(request))}&parentFile=${encodeURIComponent(file)}`;
    expect(((await (await postText(query, wrong)).json()) as Verdict).findings.map((f) => f.code)).toStrictEqual(core);
    expect(core).toStrictEqual(["PARENT_LINK_MISSING"]);
    // The exact link passes; without a filename only some link is asked for.
    expect(await codes({ message: reply(file.replace(/\.md$/, "")), parent: request, parentFile: file })).toStrictEqual([]);
    expect(await codes({ message: wrong, parent: request })).toStrictEqual([]);
    // parentFile belongs to the text form: beside the object (which has parent.file) or no parent it is refused.
    for (const body of [{ message: wrong, parent: object, parentFile: file }, { message: wrong, parentFile: file }, { message: wrong, parent: request, parentFile: 7 }]) {
      const problem = await problemOf(await postJson("/v1/mailbox/preflight", body));
      expect([problem.status, problem.parameter]).toStrictEqual([400, "parentFile"]);
    }
  });
  it("judges what the parent's text shows beyond its id and kind: a courtesy ack of a no-reply request (ACK_UNASKED)", async () => {
    const request = envelope({ kind: "request", expects_reply: "false" });
    const ack = envelope({ id: "019a1f2c-8e00-7000-8000-000000000009", from: "LYRA", to: "[VEGA]", machine: "LYRA-BOX", kind: "ack", reply_to: "019a1f2c-8e00-7000-8000-000000000001" }).replace("Hello.", "Received [[request]].");
    const v = (await (await postJson("/v1/mailbox/preflight", { message: ack, parent: request })).json()) as Verdict;
    expect([v.ok, v.findings.map((f) => `${f.code}:${f.slot}`)]).toStrictEqual([false, ["ACK_UNASKED:reply_to"]]);
  });
  it("judges the parent's expects_reply, availability and terms given as fields of { id, kind }, and not when they are left out", async () => {
    const id = "019a1f2c-8e00-7000-8000-000000000001";
    const answer = (fields: Record<string, string>, body: string): string => envelope({ id: "019a1f2c-8e00-7000-8000-000000000009", from: "LYRA", to: "[VEGA]", machine: "LYRA-BOX", reply_to: id, ...fields }).replace("Hello.", `Re: [[parent]]. ${body}`);
    const codes = async (message: string, parent: Record<string, unknown>): Promise<string[]> => ((await (await postJson("/v1/mailbox/preflight", { message, parent })).json()) as Verdict).findings.map((f) => `${f.code}:${f.slot}`);
    // A courtesy ack of a no-reply request (ACK_UNASKED): it needs expects_reply and terms known.
    const ack = answer({ kind: "ack" }, "Received.");
    expect(await codes(ack, { id, kind: "request", expects_reply: false, terms: null })).toStrictEqual(["ACK_UNASKED:reply_to"]);
    expect(await codes(ack, { id, kind: "request", expects_reply: true, terms: null })).toStrictEqual([]);
    expect(await codes(ack, { id, kind: "request" })).toStrictEqual([]);
    // An answer to an availability FYI (AVAILABILITY_REPLY).
    const reply = answer({ kind: "reply" }, "Noted.");
    expect(await codes(reply, { id, kind: "state", expects_reply: false, availability: { mode: "away" } })).toStrictEqual(["AVAILABILITY_REPLY:reply_to"]);
    expect(await codes(reply, { id, kind: "state", expects_reply: false, availability: null })).toStrictEqual([]);
    expect(await codes(reply, { id, kind: "state", expects_reply: false })).toStrictEqual([]);
    // Terms answering a message that put none on the table (TERMS_MISPLACED).
    const accept = answer({ kind: "reply", terms: "accept" }, "Agreed.");
    expect(await codes(accept, { id, kind: "request", terms: null })).toStrictEqual(["TERMS_MISPLACED:terms"]);
    expect(await codes(accept, { id, kind: "request", terms: "counter" })).toStrictEqual([]);
    expect(await codes(accept, { id, kind: "request" })).toStrictEqual([]);
  });
  it("refuses the parent's fields of the wrong type as the core refuses them in a message", async () => {
    const id = "019a1f2c-8e00-7000-8000-000000000001";
    for (const [fields, parameter, code] of [
      [{ expects_reply: "false" }, "parent.expects_reply", "FIELD_TYPE"],
      [{ expects_reply: null }, "parent.expects_reply", "FIELD_TYPE"],
      [{ availability: ["away"] }, "parent.availability", "FIELD_TYPE"],
      [{ terms: "maybe" }, "parent.terms", "TERMS_INVALID"],
      [{ terms: 1 }, "parent.terms", "TERMS_INVALID"],
    ] as const) {
      const problem = await problemOf(await postJson("/v1/mailbox/preflight", { message: envelope({}), parent: { id, kind: "request", ...fields } }));
      expect([problem.status, problem.parameter, (problem["findings"] as { code: string }[]).map((f) => f.code)]).toStrictEqual([400, parameter, [code]]);
    }
  });
  it("refuses the parent's id and kind as the core refuses a message's: parameter parent.id, parent.kind", async () => {
    const id = "019a1f2c-8e00-7000-8000-000000000001";
    const refused = async (parent: Record<string, unknown>): Promise<unknown[]> => {
      const problem = await problemOf(await postJson("/v1/mailbox/preflight", { message: envelope({}), parent }));
      return [problem.status, problem.type, problem.parameter, (problem["findings"] as { code: string; slot: string }[]).map((f) => `${f.code}:${f.slot}`)];
    };
    const invalid = "/v1/problems/invalid-request";
    expect(await refused({ id: "x", kind: "hullo" })).toStrictEqual([400, invalid, "parent.id", ["UUID_INVALID:id", "KIND_UNKNOWN:kind"]]);
    expect(await refused({ id, kind: "hullo" })).toStrictEqual([400, invalid, "parent.kind", ["KIND_UNKNOWN:kind"]]);
    expect(await refused({ id: id.toUpperCase(), kind: "request" })).toStrictEqual([400, invalid, "parent.id", ["UUID_INVALID:id"]]);
    expect(await refused({ id: 7, kind: "request" })).toStrictEqual([400, invalid, "parent.id", ["UUID_INVALID:id"]]);
    expect(await refused({ kind: "request" })).toStrictEqual([400, invalid, "parent.id", ["FIELD_MISSING:id"]]);
    expect(await refused({ id, kind: "request", terms: "maybe" })).toStrictEqual([400, invalid, "parent.terms", ["TERMS_INVALID:terms"]]);
    // The detail is the core's words, read under parent, as a message's own kind is refused.
    const problem = await problemOf(await postJson("/v1/mailbox/preflight", { message: envelope({}), parent: { id, kind: "hullo" } }));
    const message = ((await (await postJson("/v1/mailbox/preflight", { message: envelope({ kind: "hullo" }) })).json()) as { findings: { code: string; message: string }[] }).findings.find((f) => f.code === "KIND_UNKNOWN");
    expect(problem.detail).toBe(`parent.${message?.message ?? "none"}`);
  });
  it("validates the RW1 lines of the body with the profile named", async () => {
    const line = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY amt=5400";
    const message = envelope({ kind: "request" }).replace("Hello.", line);
    const v = (await (await postJson("/v1/mailbox/preflight", { message })).json()) as Verdict;
    expect(v.ok).toBe(false);
    expect(v.rw1).toStrictEqual([{ line: 20, text: line, ok: false, findings: expect.arrayContaining([expect.objectContaining({ code: "VALUE_TYPE", slot: "amt" })]) }]);
    expect(v.findings.map((f) => `${f.code}@${f.line}`)).toStrictEqual(["BODY_RW1_REFUSED@20"]);
  });
  it("refuses a hostile frontmatter within the body limit unparsed, with the core's finding (the message as text, or as the parent)", async () => {
    const frontmatter = `x: [${"{a: [b]},".repeat(100_000)}]`;
    const message = `---\n${frontmatter}\n---\nbody\n`;
    const v = (await (await postText("/v1/mailbox/preflight", message)).json()) as Verdict;
    expect(v.ok).toBe(false);
    expect(v.findings.map((f) => `${f.code}@${f.line}`)).toStrictEqual(["FRONTMATTER_TOO_LARGE@2"]);
    const parent = await problemOf(await postJson("/v1/mailbox/preflight", { message: envelope({}), parent: message }));
    expect(parent.status).toBe(422);
    expect((parent["findings"] as { code: string }[]).map((f) => f.code)).toStrictEqual(["FRONTMATTER_TOO_LARGE"]);
  });
  it("answers requests it cannot read with problems", async () => {
    expect((await problemOf(await postJson("/v1/mailbox/preflight", {}))).parameter).toBe("message");
    expect((await problemOf(await postJson("/v1/mailbox/preflight", { message: 3 }))).parameter).toBe("message");
    expect((await problemOf(await postJson("/v1/mailbox/preflight", { message: "x", mode: "sideways" }))).parameter).toBe("mode");
    expect((await problemOf(await postJson("/v1/mailbox/preflight", { message: "x", extra: 1 }))).parameter).toBe("extra");
    expect((await problemOf(await postJson("/v1/mailbox/preflight", { message: "x", parent: [1] }))).parameter).toBe("parent");
    expect((await problemOf(await postJson("/v1/mailbox/preflight", { message: "x", parent: "not a message" }))).status).toBe(422);
    expect((await problemOf(await postText("/v1/mailbox/preflight?message=x", "y"))).parameter).toBe("message");
    expect((await call("/v1/mailbox/preflight")).status).toBe(405);
    const big = await postText("/v1/mailbox/preflight", `---\n${"a".repeat(1024 * 1024)}\n---\n`);
    expect(big.status).toBe(413);
  });
});
