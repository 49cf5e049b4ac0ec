// The thread object's rebuild after a restart reads what its appends stored and does not judge it
// again: each stored line is parsed, not validated (worker/thread/stored-line.ts), and each HO
// comes with the digest its append computed (worker/thread/handoff-digest.ts). What that relies
// on is pinned here over every check-thread case: a stored line reads back as it was read when
// stored, and a stored digest is the HO's. test/worker/thread-parity.test.ts checks the answers
// after a restart are the same.
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { storedMessage } from "../../worker/thread/stored-line.js";
import { profiles } from "../../worker/profiles.js";
import { afterTime, digest, readMessage } from "../../core/index.js";
import { call, ok, postJson } from "./http.js";
import { HO, RB } from "./lines.js";
import { SCHEMA_BEFORE_DIGEST } from "./thread-schemas.js";
import { threadCases } from "./vectors.js";

const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
afterEach(() => void vi.useRealTimers());
const NO_NOW = "20991231T2359Z";

async function restart(thread: string): Promise<void> {
  await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});
}
const append = async (thread: string, lines: string[]) => ok(await postJson(`/v1/threads/${thread}/lines`, { lines }));
const ownersOf = async (thread: string) => (await ok(await call(`/v1/threads/${thread}`))).report.owners.map((o: { item: string; owner: string }) => [o.item, o.owner]);

describe("what the rebuild reads back is what the append stored", () => {
  for (const { file, data: c } of threadCases) {
    it(`every stored line reads back as it was read, and every HO keeps its digest: ${file}`, async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: afterTime(c.now ?? NO_NOW) - 1 });
      const t = `rebuild-${crypto.randomUUID()}`;
      for (const line of c.lines) await append(t, [line]);
      const rows = await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) =>
        state.storage.sql.exec<{ line: string; type: string; h: string | null }>("SELECT l.line AS line, l.type AS type, h.h AS h FROM lines l LEFT JOIN handoffs h ON h.id = l.id ORDER BY l.seq").toArray(),
      );
      const { resolve } = profiles(undefined);
      for (const row of rows) {
        const read = readMessage(row.line, resolve);
        // Stored only when read whole, and stored as the line it was read as: validated again, it
        // finds no error, and parsed alone, it is the same message.
        expect(read.ok, row.line).toBe(true);
        expect(storedMessage(row.line, resolve), row.line).toStrictEqual(read.message);
        expect(row.h, row.line).toBe(row.type === "HO" ? digest(read.message as NonNullable<typeof read.message>) : null);
      }
    });
  }
});

describe("the rebuild after a restart", () => {
  it("holds a readback to the digest the HO's append stored", async () => {
    // The stored digest is the one the rebuilt audit reads: changed in storage, the readback whose
    // h= is the HO's true digest no longer passes in the audit, and the item stays its sender's.
    const kept = `rebuild-${crypto.randomUUID()}`;
    const changed = `rebuild-${crypto.randomUUID()}`;
    for (const t of [kept, changed]) await append(t, [HO]);
    await runInDurableObject(stubOf(changed), (_: ThreadObject, state: DurableObjectState) => void state.storage.sql.exec("UPDATE handoffs SET h = '000000000000'"));
    for (const t of [kept, changed]) {
      await restart(t);
      await append(t, [RB]);
    }
    expect(await ownersOf(kept)).toStrictEqual([["gh:crox/site#42", "writer"]]);
    expect(await ownersOf(changed)).toStrictEqual([["gh:crox/site#42", "research"]]);
  });

  /** A thread as an object before fix-DO stored it: one HO, research-01, whose digest was never kept. */
  async function seedBeforeDigest(t: string): Promise<void> {
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
      const sql = state.storage.sql;
      for (const statement of SCHEMA_BEFORE_DIGEST) sql.exec(statement);
      sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (1, 'research-01', 'research', 1, 'HO', ?)", HO);
      sql.exec("INSERT INTO handoffs (id, exp, due) VALUES ('research-01', NULL, '20261002')");
      for (const agent of ["research", "writer"]) sql.exec("INSERT INTO parties (agent) VALUES (?)", agent);
    });
  }
  const storedDigests = (t: string) => runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec<{ id: string; h: string | null }>("SELECT id, h FROM handoffs ORDER BY id").toArray());
  const digestOf = (line: string) => digest(readMessage(line, profiles(undefined).resolve).message as NonNullable<ReturnType<typeof readMessage>["message"]>);

  it("hashes the HOs of a thread stored before HOs kept their digest, stores what it hashed, and keeps a digest for those stored after", async () => {
    const t = `rebuild-${crypto.randomUUID()}`;
    await seedBeforeDigest(t);
    await restart(t);
    const second = HO.replace("research-01", "research-02").replace("item=gh:crox/site#42", "item=gh:crox/site#43");
    await append(t, [RB, second]);
    expect(await ownersOf(t)).toStrictEqual([["gh:crox/site#42", "writer"], ["gh:crox/site#43", "research"]]);
    expect(await storedDigests(t)).toStrictEqual([{ id: "research-01", h: digestOf(HO) }, { id: "research-02", h: digestOf(second) }]);
    // And once more after a restart: both read from storage, the same answers.
    await restart(t);
    expect(await ownersOf(t)).toStrictEqual([["gh:crox/site#42", "writer"], ["gh:crox/site#43", "research"]]);
  });

  it("back-fills an older thread's digests at its first rebuild, so the next rebuild reads them rather than hashing", async () => {
    const t = `rebuild-${crypto.randomUUID()}`;
    await seedBeforeDigest(t);
    await restart(t);
    // A read rebuilds the audit, and stores the digest it computed; the answer is as before.
    expect(await ownersOf(t)).toStrictEqual([["gh:crox/site#42", "research"]]);
    expect(await storedDigests(t)).toStrictEqual([{ id: "research-01", h: digestOf(HO) }]);
    // The next rebuild reads it: changed in storage (only where one was stored), the readback whose
    // h= is the HO's true digest no longer passes, and the item stays its sender's. Had the first
    // rebuild stored nothing, the change would touch nothing and the HO be hashed again.
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => void state.storage.sql.exec("UPDATE handoffs SET h = '000000000000' WHERE h IS NOT NULL"));
    await restart(t);
    await append(t, [RB]);
    expect(await ownersOf(t)).toStrictEqual([["gh:crox/site#42", "research"]]);
  });

  it("keeps no back-filled digest when the request whose rebuild computed it is rolled back", async () => {
    // The rebuild runs inside an append's transaction; an append refused whole (the thread full)
    // rolls its writes back, the digests with them, and the next rebuild computes them again.
    const t = `rebuild-${crypto.randomUUID()}`;
    await seedBeforeDigest(t);
    await restart(t);
    await runInDurableObject(stubOf(t), (object: ThreadObject) => void (object.capacity = { ...object.capacity, lines: 1 }));
    const full = await postJson(`/v1/threads/${t}/lines`, { lines: [RB] });
    expect(full.status).toBe(409);
    expect(await storedDigests(t)).toStrictEqual([{ id: "research-01", h: null }]);
    await restart(t);
    expect(await ownersOf(t)).toStrictEqual([["gh:crox/site#42", "research"]]);
    expect(await storedDigests(t)).toStrictEqual([{ id: "research-01", h: digestOf(HO) }]);
  });

  it("reads a stored line the vocabulary would now refuse as it did before it parsed alone: its message, findings unused", async () => {
    // Every stored line was valid when stored (pinned above). One a later build's vocabulary would
    // refuse (here: a confidence its enum does not hold, written into storage) was read before
    // with readMessage, whose findings the rebuild never used (it refused a line that no longer
    // parsed, nothing else); parsed alone, it is read the same, not refused with the thread.
    const t = `rebuild-${crypto.randomUUID()}`;
    await append(t, [HO]);
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => void state.storage.sql.exec("UPDATE lines SET line = ?", HO.replace("conf=M", "conf=Q")));
    expect(readMessage(HO.replace("conf=M", "conf=Q"), profiles(undefined).resolve).ok).toBe(false);
    await restart(t);
    expect(await ownersOf(t)).toStrictEqual([["gh:crox/site#42", "research"]]);
  });
});
