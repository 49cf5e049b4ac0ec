/**
 * A deterministic corpus of varied, valid RW1 lines (core and pay), for benchmarks.
 * Seeded, so every run measures the same lines.
 */
/** A small seeded generator (mulberry32): the same numbers every run. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AGENTS = ["research", "writer", "scheduler", "payer", "ops", "builder", "triage", "extractor", "copy-2", "qa.bot"];
const ASKS = ["REVIEW", "DRAFT", "DECIDE", "RESEARCH", "BUILD", "FIX", "SUMM", "PLAN", "TEST", "EXTRACT"];
const WHY = ["NOCAP", "NOCTX", "PERM", "BUSY", "CONFLICT", "SCOPE", "ERR", "TIMEOUT"];
const TAILS = [
  "hero copy, 120 words, no em dashes",
  "readback matches the approved run; proceed",
  "as executed, from the payment tool",
  "no style guide on file",
  "stale 15d, no owner active; default PARK",
  "v1, 118 words",
];

export function corpus(count: number, seed = 7): string[] {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const n = (): number => 1 + Math.floor(r() * 999);
  const date = (): string => `2026${String(1 + Math.floor(r() * 12)).padStart(2, "0")}${String(1 + Math.floor(r() * 28)).padStart(2, "0")}`;
  const money = (): string => `${1 + Math.floor(r() * 99999)}.${String(Math.floor(r() * 100)).padStart(2, "0")}`;
  const tail = (): string => (r() < 0.5 ? ` // ${pick(TAILS)}` : "");
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = pick(AGENTS);
    let b = pick(AGENTS);
    if (b === a) b = "human";
    const item = r() < 0.5 ? `gh:crox/site#${n()}` : `jira:OPS-${n()}`;
    const inv = `inv:MD-2026-${String(n()).padStart(3, "0")}`;
    const pay = `sup=marlow amt=${money()} cur=GBP kind=GROSS acct=40-12-88/${10000000 + n()} paid=${date()} ref=MD-2026-${n()} apref=FD-${n()}`;
    switch (i % 12) {
      case 0:
        lines.push(`RW1 HO ${a}-${n()} from=${a} to=${b} item=${item} ask=${pick(ASKS)} due=${date()} pri=${1 + Math.floor(r() * 5)} conf=M keep=${a}${tail()}`);
        break;
      case 1:
        lines.push(`RW1 RB ${a}-${n()} re=${b}-${n()} from=${a} to=${b} item=${item} ask=${pick(ASKS)} due=${date()} h=c40bba4360dc`);
        break;
      case 2:
        lines.push(`RW1 HO ${a}-${n()} p=pay from=${a} to=${b} item=${inv} ask=PAY rb=exec ${pay}`);
        break;
      case 3:
        lines.push(`RW1 RB ${a}-${n()} re=${b}-${n()} from=${a} to=${b} item=${inv} ask=PAY p=pay h=a7a82de76607 ${pay}`);
        break;
      case 4:
        lines.push(`RW1 DN ${a}-${n()} re=${b}-${n()} p=pay from=${a} to=${b} item=${inv} out=OK ${pay}${tail()}`);
        break;
      case 5:
        lines.push(`RW1 AQ ${a}-${n()} re=${b}-${n()} from=${a} to=${b} item=${item} need=ENUM opts=formal+plain+punchy by=${date()}${tail()}`);
        break;
      case 6:
        lines.push(`RW1 AN ${a}-${n()} re=${b}-${n()} p=pay from=${a} to=${b} val=${pick(["APPROVE", "HOLD", "Y", "N", "CALLBACK"])}${tail()}`);
        break;
      case 7:
        lines.push(`RW1 ST ${a}-${n()} p=pay from=${a} to=${b} item=${inv} sup=marlow amt=${money()} cur=EUR kind=NET src=email:${n()}+po:PO-${n()}${tail()}`);
        break;
      case 8:
        lines.push(`RW1 UN ${a}-${n()} re=${b}-${n()} from=${a} to=${b} item=${item} why=${pick(WHY)} alt=copywriter${tail()}`);
        break;
      case 9:
        lines.push(`RW1 HO ${a}-${n()} from=${a} to=${b} item=${item} ask=DRAFT due=${date()} rb=acc keys=len+tone+must+no art=url:https://example.com/brief${tail()}`);
        break;
      case 10:
        lines.push(`RW1 RB ${a}-${n()} re=${b}-${n()} from=${a} to=${b} item=${item} ask=DRAFT due=${date()} acc=len:120w+tone:plain+must:monday-problem+no:em-dash do=copy${tail()}`);
        break;
      default:
        lines.push(`RW1 CX ${a}-${n()} re=${b}-${n()} p=pay from=${a} to=${b} item=${inv} why=REVOKED${tail()}`);
    }
  }
  return lines;
}
