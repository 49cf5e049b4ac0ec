/**
 * A deterministic conversation of any length, streamed line by line, for check-thread's benchmark
 * and scale test: many handoffs in flight at once (their lines interleaved, so threads must be
 * rebuilt from re=), most closed (read back and done, cancelled and acknowledged, re-issued after a
 * void readback, refused), some left open. Core and pay lines; ids and items long enough that a
 * retained slice would keep its line alive.
 */
import { prng } from "./corpus.js";

const SENDERS = ["research-desk", "scheduler-main", "ops-triage-team", "coordinator.alpha"];
const RECEIVERS = ["writer-pool-east", "builder-ci-runner", "payer-gateway", "qa.reviewer-bot"];
const TAIL = "context for the receiver: the brief, the constraints that matter and what done looks like, kept short as the legend asks";
const PAY = "sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";

/** How a conversation's handoffs end, by share. */
export const THREAD_MIX = {
  done: 0.55,
  reissued: 0.1,
  cancelled: 0.1,
  cancelNoop: 0.05,
  timeout: 0.04,
  asked: 0.06,
  pay: 0.05,
  open: 0.05,
} as const;

/** The parties, item and id numbers of one handoff's thread. */
interface Thread {
  readonly a: string;
  readonly b: string;
  readonly n: number;
  readonly item: string;
}

// Line makers at module level: closures made per thread cost more than the lines under some loaders.
const id = (who: string, t: Thread, i: number): string => `${who}-${t.n + i}`;
const ho = (t: Thread, i: number, re = ""): string => `RW1 HO ${id(t.a, t, i)}${re} from=${t.a} to=${t.b} item=${t.item} ask=DRAFT due=20261002 pri=2 conf=M exp=20261002T1700Z // ${TAIL}`;
const rb = (t: Thread, i: number, of: string, ask = "DRAFT"): string => `RW1 RB ${id(t.b, t, i)} re=${of} from=${t.b} to=${t.a} item=${t.item} ask=${ask} due=20261002`;
const dn = (t: Thread, i: number, of: string, out = "OK"): string => `RW1 DN ${id(t.b, t, i)} re=${of} from=${t.b} to=${t.a} item=${t.item} out=${out} art=sha256:9f3e1c // v1 delivered as briefed`;
const cx = (t: Thread, i: number, of: string, why: string): string => `RW1 CX ${id(t.a, t, i)} re=${of} from=${t.a} to=${t.b} item=${t.item} why=${why} // withdrawn`;
const ack = (t: Thread, i: number, of: string): string => `RW1 AN ${id(t.b, t, i)} re=${of} from=${t.b} to=${t.a} val=Y`;
const st = (t: Thread, i: number): string => `RW1 ST ${id(t.b, t, i)} from=${t.b} to=${t.a} item=${t.item} pct=50`;

/** The lines of one handoff's thread, given its number. */
function scenario(k: number, r: () => number): string[] {
  const t: Thread = { a: SENDERS[k % SENDERS.length] as string, b: RECEIVERS[(k >> 2) % RECEIVERS.length] as string, n: k * 8, item: `gh:crox/site-repository#${k}` };
  const h = id(t.a, t, 0);
  let u = r();
  if ((u -= THREAD_MIX.done) < 0) return [ho(t, 0), rb(t, 1, h), st(t, 2), dn(t, 3, h)];
  if ((u -= THREAD_MIX.reissued) < 0) return [ho(t, 0), rb(t, 1, h, "BUILD"), ho(t, 2, ` re=${id(t.b, t, 1)}`), rb(t, 3, id(t.a, t, 2)), dn(t, 4, id(t.a, t, 2))];
  if ((u -= THREAD_MIX.cancelled) < 0) return [ho(t, 0), cx(t, 1, h, "REVOKED"), ack(t, 2, id(t.a, t, 1))];
  if ((u -= THREAD_MIX.cancelNoop) < 0) return [ho(t, 0), rb(t, 1, h), cx(t, 2, h, "SUPERSEDED"), dn(t, 3, h, "NOOP")];
  if ((u -= THREAD_MIX.timeout) < 0) return [ho(t, 0), cx(t, 1, h, "TIMEOUT"), ack(t, 2, id(t.a, t, 1))];
  if ((u -= THREAD_MIX.asked) < 0) {
    return [ho(t, 0), `RW1 AQ ${id(t.b, t, 1)} re=${h} from=${t.b} to=${t.a} item=${t.item} need=ENUM opts=formal+plain+punchy // tone?`, `RW1 AN ${id(t.a, t, 2)} re=${id(t.b, t, 1)} from=${t.a} to=${t.b} val=plain`, rb(t, 3, h), dn(t, 4, h)];
  }
  if ((u -= THREAD_MIX.pay) < 0) {
    const inv = `inv:MD-2026-${k}`;
    return [
      `RW1 HO ${h} p=pay from=${t.a} to=${t.b} item=${inv} ask=PAY rb=exec ${PAY}`,
      `RW1 RB ${id(t.b, t, 1)} re=${h} p=pay from=${t.b} to=${t.a} item=${inv} ask=PAY ${PAY}`,
      `RW1 DN ${id(t.b, t, 2)} re=${h} p=pay from=${t.b} to=${t.a} item=${inv} out=OK ${PAY} // as executed, from the payment tool`,
    ];
  }
  return r() < 0.5 ? [ho(t, 0)] : [ho(t, 0), rb(t, 1, h)];
}

/** The threads of `count` handoffs, each in its own sending order (for tests that interleave them). */
export function threadScenarios(count: number, seed = 11): string[][] {
  const r = prng(seed);
  return Array.from({ length: count }, (_, k) => scenario(k, r));
}

/**
 * `count` lines of a conversation with about `window` handoffs in flight: each line comes from a
 * handoff picked at random among those in flight, so threads interleave. Streams: holds only the
 * handoffs in flight.
 */
export function* threadConversation(count: number, seed = 11, window = 64): Generator<string> {
  const make = prng(seed);
  const pick = prng(seed ^ 0x5bd1e995);
  let next = 0;
  const flight: string[][] = [];
  const at: number[] = [];
  for (let emitted = 0; emitted < count; emitted++) {
    while (flight.length < window) {
      flight.push(scenario(next++, make));
      at.push(0);
    }
    const slot = Math.floor(pick() * flight.length);
    const lines = flight[slot] as string[];
    const k = at[slot] as number;
    yield lines[k] as string;
    if (k + 1 < lines.length) at[slot] = k + 1;
    else {
      flight[slot] = flight[flight.length - 1] as string[];
      at[slot] = at[at.length - 1] as number;
      flight.pop();
      at.pop();
    }
  }
}
