/**
 * check-rb of the spec's pay HO/RB pair under rb=exec, read from their lines, against JSON.parse of
 * both JSON forms plus one SHA-256 of the HO's canonical bytes (issue 3's baseline).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { canonicalBytes, checkReadback, parseLine } from "../../dist/core/index.js";
import type { Vocabulary } from "../../dist/core/index.js";
import { measurePair, report } from "./measure.js";

const HO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
const RB = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay h=a7a82de76607 sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";

export function benchReadback(vocabulary: Vocabulary): void {
  const ho = parseLine(HO, vocabulary);
  const rb = parseLine(RB, vocabulary);
  if (!ho.ok || !rb.ok || !checkReadback(ho.value, rb.value, vocabulary).wilco) throw new Error("bench pair does not pass");
  const hoJson = JSON.stringify(ho.value);
  const rbJson = JSON.stringify(rb.value);
  const hoBytes = canonicalBytes(ho.value);
  const result = measurePair({
    name: "check-rb of the pay HO/RB pair (both lines read, tiers 1-5)",
    baselineName: "JSON.parse of both JSON forms + SHA-256 of the HO",
    units: 1,
    baseline: () => [JSON.parse(hoJson), JSON.parse(rbJson), sha256(hoBytes)],
    subject: () => {
      const h = parseLine(HO, vocabulary);
      const r = parseLine(RB, vocabulary);
      return h.ok && r.ok ? checkReadback(h.value, r.value, vocabulary) : null;
    },
  });
  console.log(report(result, 3));
}
