// The audit's handoffs(now, ids) and lineLive(id), what the Worker's thread asks on each DN, prepare
// and commit in place of every HO's state: over generated conversations of re-issues, readbacks,
// duplicates, cancels and ends, after every line, they say what handoffs(now) filtered and
// endedInLine's own reading of the line say.
import { describe, expect, it } from "vitest";
import { createThreadAudit, endedInLine, LIVE_STATES, parseLine } from "../../core/index.js";
import type { Message } from "../../core/index.js";

const read = (line: string): Message => {
  const r = parseLine(line);
  if (!r.ok) throw new Error(`fixture: ${line}`);
  return r.value;
};

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lines about two items from one sender: HOs (new, or re-issuing an earlier one), readbacks, DNs, UN why=DUP, CXs, some with exp past. */
function conversation(seed: number, length: number): string[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const lines: string[] = [];
  const hos: { id: string; item: string }[] = [];
  let n = 0;
  for (let k = 0; k < length; k++) {
    const item = pick(["jira:X-1", "jira:X-2"]);
    const kind = hos.length === 0 ? 0 : Math.floor(next() * 6);
    ++n;
    if (kind <= 1) {
      const of = hos.filter((h) => h.item === item);
      const re = kind === 1 && of.length > 0 ? ` re=${pick(of).id}` : "";
      const exp = next() < 0.2 ? " exp=20200101T0000Z" : "";
      lines.push(`RW1 HO ops-${n}${re} from=ops to=b item=${item} ask=FIX${exp}`);
      hos.push({ id: `ops-${n}`, item });
      continue;
    }
    const ho = pick(hos);
    if (kind === 2) lines.push(`RW1 RB b-${n} re=${ho.id} from=b to=ops item=${ho.item} ask=${next() < 0.3 ? "DRAFT" : "FIX"}`);
    else if (kind === 3) lines.push(`RW1 DN b-${n} re=${ho.id} from=b to=ops item=${ho.item} out=OK`);
    else if (kind === 4) lines.push(`RW1 UN b-${n} re=${ho.id} from=b to=ops item=${ho.item} why=DUP`);
    else lines.push(`RW1 CX ops-${n} re=${ho.id} from=ops to=b item=${ho.item}`);
  }
  return lines;
}

describe("handoffs(now, ids) and lineLive", () => {
  it("agree with handoffs(now) and endedInLine after every line of 120 generated conversations", () => {
    let compared = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const audit = createThreadAudit({ now: "20261002T1200Z" });
      for (const line of conversation(seed, 40)) {
        audit.add(read(line));
        const all = audit.handoffs();
        for (const h of all) {
          const members = new Set(audit.reissueLine(h.id));
          const line = all.filter((x) => members.has(x.id));
          expect(audit.lineLive(h.id), `seed ${seed}, ${h.id}`).toBe(line.some((x) => LIVE_STATES.has(x.state)));
          // A line's HOs given in any order and more than once come back as handoffs(now) lists them.
          const some = [...line].reverse().filter((_, i) => i % 2 === 0).map((x) => x.id);
          expect(audit.handoffs(undefined, [...some, ...some, "no-such-id"]), `seed ${seed}, ${h.id}`).toStrictEqual(all.filter((x) => some.includes(x.id)));
          expect(endedInLine(line.filter((_, i) => i % 2 === 1), audit.lineLive(h.id))).toStrictEqual(endedInLine(line).filter((id) => line.findIndex((x) => x.id === id) % 2 === 1));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(4_000);
    expect(createThreadAudit().lineLive("nothing")).toBe(false);
  });
});
