// The audit's handoffs(now, ids) and lineLive(id), what the Worker's thread asks on each DN, prepare
// and commit in place of every HO's state: over generated conversations of re-issues, readbacks,
// duplicates, cancels and ends, after every line, they say what handoffs(now) filtered and
// endedInLine's own reading of the line say.
import { describe, expect, it } from "vitest";
import { createThreadAudit, endedInLine, LIVE_STATES, parseLine } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { conversation } from "./_thread-conversation.js";

const read = (line: string): Message => {
  const r = parseLine(line);
  if (!r.ok) throw new Error(`fixture: ${line}`);
  return r.value;
};

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
