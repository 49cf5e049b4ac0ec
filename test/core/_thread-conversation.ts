// Generated conversations for the audit's per-handoff reads (thread-line-live.test.ts,
// thread-findings-of.test.ts): deterministic by seed, so a failure names its seed.

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Lines about two items from one sender: HOs (new, or re-issuing an earlier one), readbacks, DNs,
 * UN why=DUP, CXs, some with exp past. With `more`, also HOs with a due=, CXs giving a reason,
 * answers to cancels, and AQs with their answers, so every finding the report makes at its moment
 * (open, held, expired, overdue, unanswered cancels and questions, a SUPERSEDED no newer HO bears
 * out) comes up; without it, the lines are those the generator always gave for a seed.
 */
export function conversation(seed: number, length: number, more = false): string[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const lines: string[] = [];
  const hos: { id: string; item: string }[] = [];
  const cxs: { id: string; item: string }[] = [];
  const aqs: string[] = [];
  let n = 0;
  for (let k = 0; k < length; k++) {
    const item = pick(["jira:X-1", "jira:X-2"]);
    const kind = hos.length === 0 ? 0 : Math.floor(next() * (more ? 10 : 6));
    ++n;
    if (kind <= 1 || kind === 6) {
      const of = hos.filter((h) => h.item === item);
      const re = kind === 1 && of.length > 0 ? ` re=${pick(of).id}` : "";
      const exp = kind === 6 ? ` due=${pick(["20200101", "20261002", "20991231"])}` : next() < 0.2 ? " exp=20200101T0000Z" : "";
      lines.push(`RW1 HO ops-${n}${re} from=ops to=b item=${item} ask=FIX${exp}`);
      hos.push({ id: `ops-${n}`, item });
      continue;
    }
    const ho = pick(hos);
    if (kind === 2) lines.push(`RW1 RB b-${n} re=${ho.id} from=b to=ops item=${ho.item} ask=${next() < 0.3 ? "DRAFT" : "FIX"}`);
    else if (kind === 3) lines.push(`RW1 DN b-${n} re=${ho.id} from=b to=ops item=${ho.item} out=OK`);
    else if (kind === 4) lines.push(`RW1 UN b-${n} re=${ho.id} from=b to=ops item=${ho.item} why=DUP`);
    else if (kind === 5) lines.push(`RW1 CX ops-${n} re=${ho.id} from=ops to=b item=${ho.item}`);
    else if (kind === 7) {
      lines.push(`RW1 CX ops-${n} re=${ho.id} from=ops to=b item=${ho.item} why=${pick(["SUPERSEDED", "TIMEOUT", "EXPIRED", "REVOKED"])}`);
      cxs.push({ id: `ops-${n}`, item: ho.item });
    } else if (kind === 8 && cxs.length > 0) {
      const cx = pick(cxs);
      lines.push(`RW1 AN b-${n} re=${cx.id} from=b to=ops item=${cx.item} val=Y`);
    } else if (kind === 9 && aqs.length > 0 && next() < 0.5) lines.push(`RW1 AN b-${n} re=${pick(aqs)} from=b to=ops val=Y`);
    else {
      lines.push(`RW1 AQ ops-${n} from=ops to=b item=${ho.item} need=YESNO${next() < 0.5 ? ` by=${pick(["20200101", "20991231"])}` : ""}`);
      aqs.push(`ops-${n}`);
    }
  }
  return lines;
}
