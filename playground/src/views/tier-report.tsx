/** check-rb's report: the verdict, and each tier with its result and findings in words. */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import type { ReadbackReport, ReadbackVerdict } from "../../../core/index.js";
import { clip } from "./clip.js";
import { Shown } from "./clipped.js";

const VERDICT: Record<ReadbackVerdict, string> = {
  wilco: "wilco: ownership moves",
  unverified: "unverified: a value the receiver resolved has no record to check it against; ownership does not move",
  void: "void: the sender re-issues the HO or cancels it",
};

const RESULT = { pass: "pass", fail: "fail", "not-asked": "not asked" } as const;

export function TierReport({ report, verdict, rb, ho }: { report: ReadbackReport; verdict: ReadbackVerdict; rb: string; ho: string }) {
  return (
    <div class="tier-report" data-verdict={verdict}>
      <p>
        <span class={`badge ${verdict}`}>{verdict}</span> readback <Shown text={rb} /> of <Shown text={ho} />: {VERDICT[verdict]}
      </p>
      <ol class="tiers" aria-label={`tiers of readback ${clip(rb).shown}`}>
        {report.tiers.map((t) => (
          <li key={t.tier} data-tier={t.tier} data-result={t.result}>
            <span class={`badge ${t.result}`}>
              {t.tier} {t.name}: {RESULT[t.result]}
            </span>
          </li>
        ))}
      </ol>
      {report.tiers.some((t) => t.findings.length > 0) ? (
        <ul class="tier-findings">
          {report.tiers.flatMap((t) =>
            t.findings.map((f, k) => (
              <li key={`${t.tier}-${k}`} class={f.severity}>
                <span class="code">{f.code}</span>
                <span class="hint">tier {t.tier}, {f.severity}:</span> {visible(f.message)}
              </li>
            )),
          )}
        </ul>
      ) : null}
    </div>
  );
}
