// Agent tokens (README, Threads, **Access.**): with RW_TOKEN set, the operator's bearer may do
// anything, and an agent token, derived from RW_TOKEN at its agent's epoch (RW_AGENT_EPOCHS), reads
// the threads its agent is a party of and acts only as its agent: its own lines, challenges for the
// HOs it sends, statements for the HOs it receives.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { handle } from "../../worker/handle.js";
import { ROUTES } from "../../worker/routes.js";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, expectProblem, ok, ORIGIN } from "./http.js";
import { agentToken } from "../../worker/agent-token.js";
import { SCHEMA_BEFORE_PARTIES } from "./thread-schemas.js";
import { HO, MINI, PAY_HO, PAY_RECORD, RB } from "./lines.js";

const SECRET = "s3cret-token";
let counter = 0;
const fresh = (): string => `party-${Date.now().toString(36)}-${++counter}`;

/** A request to the Worker with RW_TOKEN set (and RW_AGENT_EPOCHS, unless `epochs` is undefined), bearing `bearer` (none when null). */
function send(path: string, bearer: string | null, init: { method?: string; json?: unknown; text?: string } = {}, secret: unknown = SECRET, epochs?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (bearer !== null) headers["authorization"] = `Bearer ${bearer}`;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.text !== undefined) {
    headers["content-type"] = "text/plain";
    body = init.text;
  }
  const request = new Request(`${ORIGIN}${path}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, ...(body === undefined ? {} : { body }) });
  // Defined, not assigned: assigned through the bindings' proxy, RW_TOKEN would land on the shared env.
  const withSecret = Object.defineProperty(Object.create(env) as typeof env, "RW_TOKEN", { value: secret });
  if (epochs !== undefined) Object.defineProperty(withSecret, "RW_AGENT_EPOCHS", { value: epochs });
  return handle(ROUTES, request, withSecret, { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext);
}

/** The agent's token, as the operator asks for it (under RW_AGENT_EPOCHS `epochs`, when given). */
async function tokenOf(agent: string, secret = SECRET, epochs?: unknown): Promise<string> {
  return (await ok<{ token: string }>(await send("/v1/agent-tokens", secret, { json: { agent } }, secret, epochs))).token;
}

const append = (thread: string, bearer: string, lines: string[]) => send(`/v1/threads/${thread}/lines`, bearer, { json: { lines } });
const linesOf = async (thread: string): Promise<string[]> => (await ok<{ lines: { line: string }[] }>(await send(`/v1/threads/${thread}/lines`, SECRET))).lines.map((l) => l.line);

describe("issuing agent tokens", () => {
  it("gives the operator an agent's token, the same each time, naming the agent, never cached", async () => {
    const r = await send("/v1/agent-tokens", SECRET, { json: { agent: "writer" } });
    expect(r.headers.get("cache-control")).toBe("no-store");
    const issued = await ok<{ agent: string; token: string }>(r);
    expect(issued.agent).toBe("writer");
    expect(issued.token).toMatch(/^rwa\.writer\.[A-Za-z0-9_-]{43}$/);
    expect(await tokenOf("writer")).toBe(issued.token);
    expect(await tokenOf("research")).not.toBe(issued.token);
    // Derived from the secret: another RW_TOKEN gives another token.
    expect(await tokenOf("writer", "another-secret")).not.toBe(issued.token);
    // Agent names may hold dots; the token still says which agent it is for.
    expect(await tokenOf("ops.bot-2")).toMatch(/^rwa\.ops\.bot-2\.[A-Za-z0-9_-]{43}$/);
  });

  it("is the operator's alone, needs a valid agent name, and needs RW_TOKEN", async () => {
    await expectProblem(await send("/v1/agent-tokens", null, { json: { agent: "writer" } }), "unauthorized");
    const refused = await expectProblem(await send("/v1/agent-tokens", await tokenOf("writer"), { json: { agent: "research" } }), "operator-only");
    expect(refused["agent"]).toBe("writer");
    await expectProblem(await send("/v1/agent-tokens", SECRET, { json: { agent: "no spaces" } }), "invalid-request");
    await expectProblem(await send("/v1/agent-tokens", SECRET, { json: {} }), "invalid-request");
    // Without RW_TOKEN threads are open, and there is no secret to make a token from.
    await expectProblem(await call("/v1/agent-tokens", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ agent: "writer" }) }), "access-open");
  });

  it("names no agent longer than a line: such an agent could never send or receive one", async () => {
    const longest = "a".repeat(8192);
    expect(await tokenOf(longest)).toMatch(/^rwa\.a{8192}\.[A-Za-z0-9_-]{43}$/);
    const over = `${longest}b`;
    const refused = await expectProblem(await send("/v1/agent-tokens", SECRET, { json: { agent: over } }), "invalid-request");
    expect(refused).toMatchObject({ parameter: "agent", limit: 8192 });
    // Not echoed back: a megabyte of name was answered with a 2 MB token, and each refusal quoting it.
    expect(JSON.stringify(refused)).not.toContain(over);
    await expectProblem(await send("/v1/agent-tokens", SECRET, { json: { agent: "a".repeat(1_000_000) } }), "invalid-request");
    // A bearer naming such an agent, with the mac the secret gives it, is no token of this Worker,
    // at its agent's epoch as at any other.
    for (const epoch of [0, 1]) {
      const made = await agentToken(SECRET, over, epoch);
      const p = await expectProblem(await send("/v1/threads/t", made, {}, SECRET, epoch === 0 ? undefined : { [over]: epoch }), "unauthorized");
      expect(JSON.stringify(p)).not.toContain(over);
    }
  });
});

describe("an agent token is checked whole", () => {
  it("refuses a forged or mangled agent token with 401", async () => {
    const writer = await tokenOf("writer");
    const research = await tokenOf("research");
    const mac = writer.slice("rwa.writer.".length);
    const flipped = `${mac.slice(0, 10)}${mac[10] === "A" ? "B" : "A"}${mac.slice(11)}`;
    const forged = [
      `rwa.writer.${flipped}`,
      // Another agent's mac under this agent's name, and the other way round.
      `rwa.writer.${research.slice("rwa.research.".length)}`,
      `rwa.research.${mac}`,
      writer.slice(0, -1),
      `${writer}A`,
      `rwa.writer.`,
      `rwa..${mac}`,
      `rwa.no spaces.${mac}`,
      // A token made from another secret.
      await tokenOf("writer", "another-secret"),
      `RWA.writer.${mac}`,
    ];
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    const url = `/v1/threads/${t}`;
    for (const bearer of forged) {
      const p = await expectProblem(await send(url, bearer), "unauthorized");
      expect(p.detail, bearer).toContain("agent token");
    }
    expect((await send(url, writer)).status).toBe(200);
  });
});

describe("what an agent token may do on a thread", () => {
  it("appends only its agent's lines: another's is refused, not stored, and the rest skipped", async () => {
    const t = fresh();
    const research = await tokenOf("research");
    const writer = await tokenOf("writer");
    await ok(await append(t, research, [HO]));
    const forged = "RW1 HO research-02 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002";
    const answer = await ok(await append(t, writer, [RB, forged, "RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK"]));
    expect(answer.ok).toBe(false);
    expect(answer.results.map((r: any) => r.status)).toStrictEqual(["stored", "refused", "skipped"]);
    expect(answer.results[1]).toMatchObject({ line: 2, id: "research-02", seq: null, refusal: null });
    expect(answer.results[1].findings).toStrictEqual([expect.objectContaining({ code: "THREAD_SENDER_NOT_AGENT", severity: "error", slot: "from", expected: "writer", received: "research" })]);
    expect(answer.lines).toBe(2);
    expect(await linesOf(t)).toStrictEqual([HO, RB]);
    // The first line another's: nothing is stored; a JSON form and a text body are read alike.
    const first = await ok(await send(`/v1/threads/${t}/lines`, writer, { text: `${forged}\n` }));
    expect(first.results.map((r: any) => r.status)).toStrictEqual(["refused"]);
    const form = { v: "RW1", type: "HO", id: "research-03", re: null, from: "research", to: "writer", item: "gh:a#1", slots: { ask: "DRAFT" }, tail: null };
    expect((await ok(await send(`/v1/threads/${t}/lines`, writer, { json: { lines: [form] } }))).results[0].findings[0].code).toBe("THREAD_SENDER_NOT_AGENT");
    // A line whose sender cannot be read cannot be shown to be the agent's.
    expect((await ok(await append(t, writer, ["RW1 HO"]))).results[0].findings[0].code).toBe("THREAD_SENDER_NOT_AGENT");
    // Not even a retry of another's stored line.
    expect((await ok(await append(t, writer, [HO]))).results[0].status).toBe("refused");
    expect(await linesOf(t)).toStrictEqual([HO, RB]);
    // A line refused on its own before the foreign one stops the request there, as ever.
    const own = await ok(await append(t, writer, ["RW1 RB writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 ask=NOPE", forged]));
    expect(own.results.map((r: any) => [r.status, r.findings[0]?.code])).toStrictEqual([["refused", "ENUM_UNKNOWN"], ["skipped", undefined]]);
  });

  it("registers a challenge only for the HOs its agent sends: the receiver cannot register ahead for the sender's next id", async () => {
    const t = fresh();
    const scheduler = await tokenOf("scheduler");
    const payer = await tokenOf("payer");
    // The receiver guesses the sender's next HO id and registers a record of its own ahead of it.
    const ahead = await expectProblem(await send(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, payer, { json: { record: { acct: "99-99-99/00000000", $resolve: ["acct"] } } }), "forbidden-party");
    expect(ahead).toMatchObject({ agent: "payer", needs: "scheduler" });
    expect(ahead.detail).toContain("scheduler-1");
    // Nothing was kept: the thread holds no storage, and the sender's own registration is taken, not a 409.
    const tables = await runInDurableObject(env.THREADS.get(env.THREADS.idFromName(t)), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table'").toArray());
    expect(tables).toStrictEqual([]);
    expect((await ok(await send(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, scheduler, { json: { expectAcc: ["tone:formal"] } }), 202)).known).toBe(false);
    // After the HO too: the receiver may not add the part the sender has not registered yet.
    await ok(await append(t, scheduler, [PAY_HO]));
    await expectProblem(await send(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, payer, { json: { record: { sup: "marlow" } } }), "forbidden-party");
    // A bad id is still a 400, before who may register is asked.
    await expectProblem(await send(`/v1/threads/${t}/handoffs/not-an-id/challenge`, payer, { json: { expectAcc: ["tone:formal"] } }), "invalid-request");
  });

  it("quotes a long handoff id (and the agent it names) short in a refusal's detail, as every detail quotes what the request gave", async () => {
    const payer = await tokenOf("payer");
    const sender = "s".repeat(4000);
    const refused = await expectProblem(await send(`/v1/threads/${fresh()}/handoffs/${sender}-1/challenge`, payer, { json: { expectAcc: ["tone:formal"] } }), "forbidden-party");
    expect(refused).toMatchObject({ agent: "payer", needs: sender });
    expect([refused.detail.length < 600, refused.detail.includes("(4002 characters)"), refused.detail.includes("(4000 characters)")]).toStrictEqual([true, true, true]);
  });

  it("prepares, commits and abandons only as the HO's receiver", async () => {
    const t = fresh();
    const scheduler = await tokenOf("scheduler");
    const payer = await tokenOf("payer");
    // By the real clock: the HO's and the statement's exp are in 2099, and nothing here asks the moment.
    await ok(await append(t, scheduler, [`${PAY_HO} exp=20991002T1500Z`]));
    const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const prepare = { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" };
    const byScheduler = await expectProblem(await send(`/v1/threads/${t}/statements`, scheduler, { json: prepare }), "forbidden-party");
    expect(byScheduler).toMatchObject({ agent: "scheduler", needs: "payer" });
    await expectProblem(await send(`/v1/threads/${t}/statements`, payer, { json: { ...prepare, handoff: "scheduler-9" } }), "unknown-handoff");
    const s = await ok<{ token: string; line: string }>(await send(`/v1/threads/${t}/statements`, payer, { json: prepare }), 201);
    const kept = await ok<{ token: string; line: string }>(await send(`/v1/threads/${t}/statements`, payer, { json: { ...prepare, n: 5 } }), 201);
    expect((await ok(await append(t, payer, [s.line]))).results[0].readback.verdict).toBe("wilco");
    // The sender reads the token in the relayed RB (x_tok=), yet may not run or discard the act.
    expect((await linesOf(t)).join("\n")).toContain(s.token);
    for (const act of ["commit", "abandon"]) {
      const p = await expectProblem(await send(`/v1/threads/${t}/statements/${s.token}/${act}`, scheduler, { method: "POST" }), "forbidden-party");
      expect(p).toMatchObject({ agent: "scheduler", needs: "payer" });
    }
    await expectProblem(await send(`/v1/threads/${t}/statements/${"0".repeat(32)}/commit`, scheduler, { method: "POST" }), "unknown-statement");
    expect((await ok(await send(`/v1/threads/${t}/statements/${kept.token}/abandon`, payer, { method: "POST" }))).state).toBe("abandoned");
    expect((await ok(await send(`/v1/threads/${t}/statements/${s.token}/commit`, payer, { method: "POST" }))).state).toBe("committed");
  });

  it("the operator may still do everything, as any party", async () => {
    const t = fresh();
    // The sender's challenge, the sender's HO, the receiver's statement and relay, its commit.
    expect((await ok(await append(t, SECRET, [`${PAY_HO} exp=20991002T1500Z`]))).results[0].status).toBe("stored");
    expect((await send(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, SECRET, { json: { record: PAY_RECORD } })).status).toBe(204);
    const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const s = await ok<{ token: string; line: string }>(await send(`/v1/threads/${t}/statements`, SECRET, { json: { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" } }), 201);
    expect((await ok(await append(t, SECRET, [s.line]))).results[0].readback.verdict).toBe("wilco");
    expect((await ok(await send(`/v1/threads/${t}/statements/${s.token}/commit`, SECRET, { method: "POST" }))).state).toBe("committed");
    // And lines from anyone.
    expect((await ok(await append(t, SECRET, [HO, RB]))).results.map((r: any) => r.status)).toStrictEqual(["stored", "stored"]);
  });
});

describe("without RW_TOKEN nothing changes", () => {
  it("takes any party's acts from anyone, an agent-shaped bearer ignored", async () => {
    const t = fresh();
    const open = (path: string, body: unknown) => call(path, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer rwa.writer.forged" }, body: JSON.stringify(body) });
    expect((await ok(await open(`/v1/threads/${t}/handoffs/research-01/challenge`, { expectAcc: ["tone:formal"] }), 202)).known).toBe(false);
    expect((await ok(await open(`/v1/threads/${t}/lines`, { lines: [HO, RB] }))).results.map((r: any) => r.status)).toStrictEqual(["stored", "stored"]);
  });

  it("reads every thread for anyone, written to or not", async () => {
    const t = fresh();
    await ok(await call(`/v1/threads/${t}/lines`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ lines: [HO] }) }));
    const never = fresh();
    for (const path of READS) {
      for (const headers of [{}, { authorization: "Bearer rwa.stranger.forged" }]) {
        expect((await call(path(t), { headers })).status, path(t)).toBe(200);
        expect((await call(path(never), { headers })).status, path(never)).toBe(path(never).includes("/handoffs/") ? 404 : 200);
      }
    }
  });
});

/** Every read of a thread, each GET route under /v1/threads/{thread}, as a path on thread `t`. */
const READS = ROUTES.filter((r) => r.method === "GET" && r.pattern.startsWith("/v1/threads/")).map((r) => (t: string) => r.pattern.replace("{thread}", t).replace("{handoff}", "research-01"));

/** A refused read, as its caller sees it, but for `instance` (the path, which names the thread). */
async function refusedRead(r: Response): Promise<unknown> {
  const { instance: _instance, ...body } = await expectProblem(r, "forbidden-party");
  return { status: r.status, headers: [...r.headers], body };
}

describe("who reads a thread under an agent token", () => {
  it("covers every GET route under /v1/threads/{thread}", () => {
    expect(READS.length).toBeGreaterThanOrEqual(9);
    for (const path of READS) expect(path("t")).not.toContain("{");
  });

  it("refuses an agent that is no party, with the same answer for a stored thread, one holding only a challenge, and one never written to", async () => {
    const held = fresh();
    await ok(await append(held, SECRET, [HO, RB]));
    const ahead = fresh();
    expect((await send(`/v1/threads/${ahead}/handoffs/research-01/challenge`, await tokenOf("research"), { json: { expectAcc: ["tone:plain"] } })).status).toBe(202);
    const never = fresh();
    const stranger = await tokenOf("stranger");
    for (const path of READS) {
      const refused = await refusedRead(await send(path(held), stranger));
      expect(refused).toMatchObject({ status: 403, body: { agent: "stranger", needs: "a party of the thread" } });
      expect(await refusedRead(await send(path(never), stranger)), path(never)).toStrictEqual(refused);
      expect(await refusedRead(await send(path(ahead), stranger)), path(ahead)).toStrictEqual(refused);
    }
    // HEAD is a GET without its body: refused alike.
    expect((await send(`/v1/threads/${held}`, stranger, { method: "HEAD" })).status).toBe(403);
    // The refused reads made no thread of the name never written to.
    const tables = await runInDurableObject(env.THREADS.get(env.THREADS.idFromName(never)), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table'").toArray());
    expect(tables).toStrictEqual([]);
  });

  it("refuses an agent that is no party of a thread never written to without making its tables to look, so the time of the refusal tells nothing either", async () => {
    const stranger = await tokenOf("stranger");
    /** The SQL the thread's object runs while answering `path` (read through a wrapper of its storage's exec). */
    async function sqlOf(thread: string, path: string): Promise<string[]> {
      const stub = env.THREADS.get(env.THREADS.idFromName(thread));
      type Watched = { watched?: string[] };
      await runInDurableObject(stub, (instance: ThreadObject, state: DurableObjectState) => {
        const sql = state.storage.sql;
        const exec = sql.exec.bind(sql);
        const seen: string[] = [];
        (instance as unknown as Watched).watched = seen;
        Object.defineProperty(sql, "exec", { configurable: true, value: (query: string, ...bindings: unknown[]) => (seen.push(query), exec(query, ...(bindings as []))) });
      });
      expect((await send(path, stranger)).status).toBe(403);
      return runInDurableObject(stub, (instance: ThreadObject, state: DurableObjectState) => {
        delete (state.storage.sql as unknown as { exec?: unknown }).exec;
        return (instance as unknown as Watched).watched ?? [];
      });
    }
    const held = fresh();
    // No deadline, so no alarm runs between the reads.
    await ok(await append(held, SECRET, ["RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT"]));
    // A thread that holds lines: one lookup of its parties (and of its alarm, as every request does).
    expect((await sqlOf(held, `/v1/threads/${held}`)).filter((q) => !q.includes("meta"))).toStrictEqual(["SELECT 1 FROM parties WHERE agent = ?"]);
    // One never written to: nothing. Its tables were made and dropped again, several times the lookup's time.
    const never = fresh();
    expect(await sqlOf(never, `/v1/threads/${never}`)).toStrictEqual([]);
    expect(await sqlOf(never, `/v1/threads/${never}/lines`)).toStrictEqual([]);
  });

  it("tells an agent that is no party nothing of a thread's handoffs through prepare: the same 403 whether the HO is there or not", async () => {
    const held = fresh();
    await ok(await append(held, SECRET, [HO]));
    const never = fresh();
    const stranger = await tokenOf("stranger");
    const prepare = (t: string, handoff: string) => send(`/v1/threads/${t}/statements`, stranger, { json: { handoff, exp: "20991231T2300Z", call: {} } });
    // research-01 is an HO of the thread, to writer; research-09 is none.
    const refused = await refusedRead(await prepare(held, "research-01"));
    expect(refused).toMatchObject({ status: 403, body: { agent: "stranger", needs: "a party of the thread" } });
    expect(JSON.stringify(refused)).not.toContain("writer");
    expect(await refusedRead(await prepare(held, "research-09"))).toStrictEqual(refused);
    expect(await refusedRead(await prepare(never, "research-01"))).toStrictEqual(refused);
    // A party that is not the receiver is still told whose it is: it reads the HO anyway.
    const bySender = await send(`/v1/threads/${held}/statements`, await tokenOf("research"), { json: { handoff: "research-01", exp: "20991231T2300Z", call: {} } });
    expect(await expectProblem(bySender, "forbidden-party")).toMatchObject({ agent: "research", needs: "writer" });
  });

  it("lets no agent that is no party register a challenge on a thread that holds lines: it would store there, and learn the thread's profile", async () => {
    const t = fresh();
    await ok(await send(`/v1/threads/${t}/lines`, SECRET, { json: { lines: [HO], profile: MINI } }));
    const stranger = await tokenOf("stranger");
    const challenge = (json: unknown) => send(`/v1/threads/${t}/handoffs/stranger-1/challenge`, stranger, { json });
    // A record that does not read was answered with the vocabulary it was read with (the thread's
    // inline profile, by name), and a profile named was looked up among the thread's.
    for (const json of [{ record: { bogus: "1" } }, { expectAcc: ["tone:plain"], profile: "mini" }, { expectAcc: ["tone:plain"] }]) {
      const p = await expectProblem(await challenge(json), "forbidden-party");
      expect(p, JSON.stringify(json)).toMatchObject({ agent: "stranger", needs: "a party of the thread" });
      expect(JSON.stringify(p)).not.toContain("mini");
    }
    const stored = await runInDurableObject(env.THREADS.get(env.THREADS.idFromName(t)), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec("SELECT handoff FROM challenges").toArray());
    expect(stored).toStrictEqual([]);
    // A party registers for its own next HO, and any agent on a thread that holds no line yet.
    expect((await send(`/v1/threads/${t}/handoffs/writer-5/challenge`, await tokenOf("writer"), { json: { expectAcc: ["tone:plain"] } })).status).toBe(202);
    expect((await send(`/v1/threads/${fresh()}/handoffs/stranger-1/challenge`, stranger, { json: { expectAcc: ["tone:plain"] } })).status).toBe(202);
    // Addressed by a party, it joins, and registers.
    await ok(await append(t, await tokenOf("research"), ["RW1 HO research-02 from=research to=stranger item=gh:crox/site#43 ask=DRAFT"]));
    expect((await challenge({ expectAcc: ["tone:plain"] })).status).toBe(202);
  });

  it("lets each party read, as sender or as receiver of a stored line, and an agent a party addresses becomes one", async () => {
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    // research sends the HO, writer only receives it.
    for (const agent of ["research", "writer"]) {
      const token = await tokenOf(agent);
      expect((await ok(await send(`/v1/threads/${t}`, token))).lines).toBe(1);
      expect((await ok(await send(`/v1/threads/${t}/lines`, token))).lines).toHaveLength(1);
      expect((await ok(await send(`/v1/threads/${t}/open`, token))).open).toHaveLength(1);
      expect((await ok(await send(`/v1/threads/${t}/handoffs/research-01`, token))).line).toBe(HO);
      for (const path of READS) expect((await send(path(t), token)).status, path(t)).toBe(200);
    }
    const newcomer = await tokenOf("newcomer");
    await expectProblem(await send(`/v1/threads/${t}`, newcomer), "forbidden-party");
    // Writing does not make an agent a party: it would then read every line of a conversation it
    // joined uninvited. The write is refused whole, and nothing is stored.
    const joined = await expectProblem(await append(t, newcomer, ["RW1 HO newcomer-1 from=newcomer to=research item=gh:crox/site#43 ask=DRAFT"]), "forbidden-party");
    expect(joined).toMatchObject({ agent: "newcomer", needs: "a party of the thread" });
    expect((await ok(await send(`/v1/threads/${t}`, SECRET))).lines).toBe(1);
    // A party addressing it brings it in: it reads the thread, and writes to it.
    await ok(await append(t, await tokenOf("research"), ["RW1 HO research-02 from=research to=newcomer item=gh:crox/site#43 ask=REVIEW"]));
    expect((await ok(await send(`/v1/threads/${t}`, newcomer))).lines).toBe(2);
    await ok(await append(t, newcomer, ["RW1 HO newcomer-1 from=newcomer to=research item=gh:crox/site#44 ask=DRAFT"]));
    // Any agent may start a thread that holds no line yet.
    const u = fresh();
    await ok(await append(u, newcomer, ["RW1 HO newcomer-2 from=newcomer to=writer item=gh:crox/site#45 ask=DRAFT"]));
    expect((await ok(await send(`/v1/threads/${u}`, newcomer))).lines).toBe(1);
  });

  it("lets the operator read every thread, written to or not", async () => {
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    for (const path of READS) expect((await send(path(t), SECRET)).status, path(t)).toBe(200);
    const never = fresh();
    expect((await ok(await send(`/v1/threads/${never}`, SECRET))).lines).toBe(0);
    expect((await ok(await send(`/v1/threads/${never}/lines`, SECRET))).lines).toStrictEqual([]);
  });

  it("answers for a thread stored before parties were kept: its parties are read from its lines when the object starts", async () => {
    const t = fresh();
    const id = env.THREADS.idFromName(t);
    // The tables and rows the object kept before the parties table, written as it wrote them.
    await runInDurableObject(env.THREADS.get(id), (_: ThreadObject, state: DurableObjectState) => {
      const sql = state.storage.sql;
      for (const statement of SCHEMA_BEFORE_PARTIES) sql.exec(statement);
      sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (1, 'research-01', 'research', 1, 'HO', ?)", HO);
      sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (2, 'writer-01', 'writer', 1, 'RB', ?)", RB);
    });
    // The upgrade restarts every object: this one starts again over the old storage.
    await runInDurableObject(env.THREADS.get(id), (_: ThreadObject, state: DurableObjectState) => state.abort("upgrade")).catch(() => {});
    for (const agent of ["research", "writer"]) expect((await ok(await send(`/v1/threads/${t}/lines`, await tokenOf(agent)))).lines, agent).toHaveLength(2);
    await expectProblem(await send(`/v1/threads/${t}/lines`, await tokenOf("stranger")), "forbidden-party");
    const parties = await runInDurableObject(env.THREADS.get(id), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec("SELECT agent FROM parties ORDER BY agent").toArray());
    expect(parties).toStrictEqual([{ agent: "research" }, { agent: "writer" }]);
  });
});

describe("revoking one agent's tokens by its epoch (RW_AGENT_EPOCHS)", () => {
  it("keeps the tokens issued before epochs valid while no epoch is set, or the agent's is 0", async () => {
    // The writer's token as the Worker issued it before epochs (HMAC-SHA256 of the label and the
    // name keyed with "s3cret-token", base64url), written out so a change of derivation shows.
    const before = "rwa.writer.2Tde8Jp88F3t6hw4JiNBNXljPIUrDUO9ENIxKwPSzyY";
    expect(await tokenOf("writer")).toBe(before);
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    for (const epochs of [undefined, {}, "{}", { research: 3 }, { writer: 0 }, '{"writer": 0}']) {
      expect((await send(`/v1/threads/${t}`, before, {}, SECRET, epochs)).status, JSON.stringify(epochs)).toBe(200);
      expect(await ok(await send("/v1/agent-tokens", SECRET, { json: { agent: "writer" } }, SECRET, epochs))).toStrictEqual({ agent: "writer", epoch: 0, token: before });
    }
  });

  it("refuses a token of an earlier epoch as revoked, and accepts the one issued at the current epoch", async () => {
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    const zero = await tokenOf("writer");
    const one = await tokenOf("writer", SECRET, { writer: 1 });
    expect(one).toMatch(/^rwa\.writer~1\.[A-Za-z0-9_-]{43}$/);
    // As a wrangler.jsonc object or as JSON text, alike.
    for (const epochs of [{ writer: 2 }, '{"writer": 2}']) {
      for (const [token, epoch] of [[zero, 0], [one, 1]] as const) {
        const r = await send(`/v1/threads/${t}`, token, {}, SECRET, epochs);
        expect(r.headers.get("www-authenticate")).toContain('error="invalid_token"');
        const p = await expectProblem(r, "token-revoked");
        expect(p).toMatchObject({ status: 401, agent: "writer", epoch, current: 2 });
        expect(p.detail).toContain("revoke");
      }
      const issued = await ok(await send("/v1/agent-tokens", SECRET, { json: { agent: "writer" } }, SECRET, epochs));
      expect(issued).toMatchObject({ agent: "writer", epoch: 2 });
      expect(issued.token).toMatch(/^rwa\.writer~2\.[A-Za-z0-9_-]{43}$/);
      expect((await send(`/v1/threads/${t}`, issued.token, {}, SECRET, epochs)).status).toBe(200);
      // It acts as the writer, as ever: the writer's line stored, another's refused.
      const own = await ok(await send(`/v1/threads/${t}/lines`, issued.token, { json: { lines: [RB] } }, SECRET, epochs));
      expect(own.results[0].status).toMatch(/stored|duplicate/);
      // Another agent's tokens are untouched.
      expect((await send(`/v1/threads/${t}`, await tokenOf("research"), {}, SECRET, epochs)).status).toBe(200);
    }
    // A token of an epoch the variable has not reached is no token of this Worker's.
    const ahead = await expectProblem(await send(`/v1/threads/${t}`, one), "unauthorized");
    expect(ahead).toMatchObject({ agent: "writer", epoch: 1, current: 0 });
  });

  it("fails closed when the variable cannot be read: agent tokens refused with a 500 naming it, the operator still in", async () => {
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    const writer = await tokenOf("writer");
    const malformed: unknown[] = ["", "not json", "[]", "null", "2", '{"writer": -1}', '{"writer": 1.5}', '{"writer": 1.0000000000000001}', '{"writer": "2"}', '{"writer": null}', '{"no spaces": 1}', '{"a~1": 1}', `{"writer": ${2 ** 53}}`, [], null, 2, { writer: -1 }, { writer: "2" }, '{"writer": 2, "writer": 0}'];
    for (const epochs of malformed) {
      const what = JSON.stringify(epochs);
      const p = await expectProblem(await send(`/v1/threads/${t}`, writer, {}, SECRET, epochs), "worker-misconfigured");
      expect(p.status, what).toBe(500);
      expect(p["variable"], what).toBe("RW_AGENT_EPOCHS");
      expect(p.detail, what).toContain("RW_AGENT_EPOCHS");
      // No token is issued at an epoch nobody can read, and the operator is told why.
      expect((await expectProblem(await send("/v1/agent-tokens", SECRET, { json: { agent: "writer" } }, SECRET, epochs), "worker-misconfigured"))["variable"], what).toBe("RW_AGENT_EPOCHS");
      expect((await ok(await send(`/v1/threads/${t}`, SECRET, {}, SECRET, epochs))).lines, what).toBe(1);
      // A forged token learns nothing of the variable; no bearer is 401 as ever.
      await expectProblem(await send(`/v1/threads/${t}`, `${writer.slice(0, -1)}A`, {}, SECRET, epochs), "unauthorized");
      await expectProblem(await send(`/v1/threads/${t}`, null, {}, SECRET, epochs), "unauthorized");
    }
  });

  it("fails closed on an agent named longer than a token may name, and quotes no more than a cut of what it refuses", async () => {
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    const writer = await tokenOf("writer");
    const longest = "a".repeat(8192);
    // The longest name a token may carry is an agent's like any other.
    expect((await send(`/v1/threads/${t}`, writer, {}, SECRET, { [longest]: 3, writer: 0 })).status).toBe(200);
    expect(await ok(await send("/v1/agent-tokens", SECRET, { json: { agent: longest } }, SECRET, { [longest]: 3 }))).toMatchObject({ epoch: 3 });
    // One character more names no agent a token could be for: its epoch revokes nothing, so the
    // entry is a slip (the agent meant keeps its tokens), refused as a name that is no agent's is.
    const over = `${longest}b`;
    for (const epochs of [{ [over]: 2, writer: 1 }, JSON.stringify({ [over]: 2, writer: 1 }), { ["a".repeat(1_000_000)]: 2 }]) {
      const p = await expectProblem(await send(`/v1/threads/${t}`, writer, {}, SECRET, epochs), "worker-misconfigured");
      expect(p["variable"]).toBe("RW_AGENT_EPOCHS");
      expect(p.detail).toContain("longer than 8192 characters");
      expect(p.detail.length).toBeLessThan(2000);
      await expectProblem(await send("/v1/agent-tokens", SECRET, { json: { agent: "writer" } }, SECRET, epochs), "worker-misconfigured");
    }
    // A value is quoted cut too: a megabyte of epoch made a megabyte of every agent token's refusal.
    for (const epochs of [{ writer: "9".repeat(1_000_000) }, { ["b".repeat(8000)]: "x" }, `{"writer": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`]) {
      const p = await expectProblem(await send(`/v1/threads/${t}`, writer, {}, SECRET, epochs), "worker-misconfigured");
      expect(p.detail).toContain("not a whole number");
      expect(p.detail.length).toBeLessThan(2000);
    }
  });

  it("fails closed when RW_TOKEN is set but is no bearer a request can carry: empty, holding whitespace, or not text", async () => {
    const t = fresh();
    await ok(await append(t, SECRET, [HO]));
    for (const secret of ["", " ", "\n", "two words", " s3cret-token", { token: "s3cret" }, 12345]) {
      const what = JSON.stringify(secret);
      // Not open to anyone, as an empty secret was.
      expect((await expectProblem(await send(`/v1/threads/${t}`, null, {}, secret), "worker-misconfigured"))["variable"], what).toBe("RW_TOKEN");
      // Not open to a token made with a key anyone can guess (the secret as text: " ", "[object
      // Object]"; an empty key makes no HMAC).
      const forged = secret === "" ? "rwa.writer.forged" : await agentToken(String(secret), "writer", 0);
      expect((await expectProblem(await send(`/v1/threads/${t}`, forged, {}, secret), "worker-misconfigured"))["variable"], what).toBe("RW_TOKEN");
      expect((await expectProblem(await send(`/v1/threads/${t}/lines`, forged, { json: { lines: [RB] } }, secret), "worker-misconfigured"))["variable"], what).toBe("RW_TOKEN");
      expect((await expectProblem(await send("/v1/agent-tokens", String(secret), { json: { agent: "writer" } }, secret), "worker-misconfigured"))["variable"], what).toBe("RW_TOKEN");
      // The stateless routes hold nothing and stay open.
      expect((await send("/v1/health", null, {}, secret)).status, what).toBe(200);
    }
    expect(await linesOf(t)).toStrictEqual([HO]);
  });

  it("never takes a dotted agent name for an agent and an epoch, nor the other way round", async () => {
    const t = fresh();
    const dotted = await tokenOf("a.1");
    expect(dotted).toMatch(/^rwa\.a\.1\.[A-Za-z0-9_-]{43}$/);
    const epochs = { a: 1 };
    const a1 = await tokenOf("a", SECRET, epochs);
    expect(a1).toMatch(/^rwa\.a~1\.[A-Za-z0-9_-]{43}$/);
    // a.1 is at epoch 0 (a's epoch is not its): its token acts as a.1, never as a. (Its HO to a
    // makes a a party, which may then write to the thread.)
    const lines = (bearer: string, line: string) => send(`/v1/threads/${t}/lines`, bearer, { json: { lines: [line] } }, SECRET, epochs);
    expect((await ok(await lines(dotted, "RW1 HO a.1-1 from=a.1 to=a item=x:1 ask=DRAFT"))).results[0].status).toBe("stored");
    expect((await ok(await lines(dotted, "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT"))).results[0].findings[0].code).toBe("THREAD_SENDER_NOT_AGENT");
    expect((await ok(await lines(a1, "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT"))).results[0].status).toBe("stored");
    expect((await ok(await lines(a1, "RW1 HO a.1-2 from=a.1 to=b item=x:1 ask=DRAFT"))).results[0].findings[0].code).toBe("THREAD_SENDER_NOT_AGENT");
    // Revoking a.1 leaves a's tokens, and revoking a leaves a.1's.
    await expectProblem(await send(`/v1/threads/${t}`, dotted, {}, SECRET, { "a.1": 1 }), "token-revoked");
    expect((await send(`/v1/threads/${t}`, await tokenOf("a"), {}, SECRET, { "a.1": 1 })).status).toBe(200);
    // Macs spliced between the two shapes, and epochs written another way, are no tokens.
    const macOf = (token: string) => token.slice(token.lastIndexOf(".") + 1);
    const zero = await tokenOf("a");
    for (const forged of [`rwa.a~1.${macOf(dotted)}`, `rwa.a.1.${macOf(a1)}`, `rwa.a~01.${macOf(a1)}`, `rwa.a~+1.${macOf(a1)}`, `rwa.a~1~1.${macOf(a1)}`, `rwa.a~0.${macOf(zero)}`, `rwa.a~.${macOf(zero)}`, `rwa.~1.${macOf(a1)}`, `rwa.a.1~1.${macOf(a1)}`]) {
      const p = await expectProblem(await send(`/v1/threads/${t}`, forged, {}, SECRET, epochs), "unauthorized");
      expect(p["agent"], forged).toBeUndefined();
    }
    // `~` is in no agent name, so no agent can be named like a token of another's epoch.
    await expectProblem(await send("/v1/agent-tokens", SECRET, { json: { agent: "a~1" } }), "invalid-request");
  });
});
