// The handoffs the workerd benchmarks store (test/worker/bench/): a pay handoff as section 8 sends
// it, and one read back void several times before it passes. Each k gives fresh ids and an item.
import { digest, parseLine } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";
import type { Vocabulary } from "../../../core/index.js";

const pay = shippedVocabulary("pay") as Vocabulary;
const VALUES = (k: number, amt = "5400.00"): string => `sup=marlow amt=${amt} cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-${k} apref=FD-0929`;

function hoOf(k: number, n: number): { line: string; h: string } {
  const line = `RW1 HO scheduler-${n} p=pay from=scheduler to=payer item=inv:MD-2026-${k} ask=PAY rb=exec ${VALUES(k)}`;
  const parsed = parseLine(line, pay);
  if (!parsed.ok) throw new Error(`bench HO does not parse: ${line}`);
  return { line, h: digest(parsed.value) };
}

const rb = (k: number, n: number, of: number, h: string, amt?: string): string => `RW1 RB payer-${n} re=scheduler-${of} from=payer to=scheduler item=inv:MD-2026-${k} ask=PAY p=pay h=${h} ${VALUES(k, amt)}`;
const an = (n: number, of: number): string => `RW1 AN scheduler-${n} re=payer-${of} p=pay from=scheduler to=payer val=Y // readback matches the approved run; proceed`;
const dn = (k: number, n: number, of: number): string => `RW1 DN payer-${n} re=scheduler-${of} p=pay from=payer to=scheduler item=inv:MD-2026-${k} out=OK ${VALUES(k)} // as executed, from the payment tool`;

/**
 * Handoff k of section 8's pay exchange: the HO (rb=exec), its readback passing every tier
 * (receipt, integrity h=, echo, execution), the sender's AN val=Y, and the done report, checked.
 * Ids scheduler-(2k-1), scheduler-2k, payer-(2k-1), payer-2k.
 */
export function payHandoff(k: number): string[] {
  const ho = hoOf(k, 2 * k - 1);
  return [ho.line, rb(k, 2 * k - 1, 2 * k - 1, ho.h), an(2 * k, 2 * k - 1), dn(k, 2 * k, 2 * k - 1)];
}

/**
 * The same handoff read back void `voids` times first (amt read as 5100.00: tier 5 fails on the
 * amount), then read back passing, answered and done. Ids scheduler-(2k-1), scheduler-2k and
 * payer-((voids + 2)(k - 1) + 1) to payer-((voids + 2)k).
 */
export function readbackHeavyHandoff(k: number, voids: number): string[] {
  const ho = hoOf(k, 2 * k - 1);
  const first = (voids + 2) * (k - 1) + 1;
  const voided = Array.from({ length: voids }, (_, i) => rb(k, first + i, 2 * k - 1, ho.h, "5100.00"));
  const passing = first + voids;
  return [ho.line, ...voided, rb(k, passing, 2 * k - 1, ho.h), an(2 * k, passing), dn(k, passing + 1, 2 * k - 1)];
}
