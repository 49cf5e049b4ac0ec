/**
 * check-thread's report (core ThreadAudit.report) at one minute, kept for the reads that walk it
 * a page at a time: a client paging the findings or owners of a thread of 16,000 HOs made the
 * object build the whole report again for every page (13 to 17 ms each in workerd).
 *
 * Never stale: `report(now)` is a function of the audit's state and `now` alone. The audit's
 * state changes only by `add` (the options it was made with, `expectations` and `actRan`, are
 * read inside `add`, never by `report`), and the object counts every add it makes to an audit it
 * keeps (`taken`); an audit rebuilt (a restart, a rolled-back append, a profile fixed) is another
 * object, and the object's now is a minute (`YYYYMMDDTHHMMZ`). So a report is served again only
 * for the same audit, the same count of messages taken and the same minute, and built otherwise.
 * What the object adds on the way out (a private challenge's concealed causes, which a challenge
 * registered since may change) is not kept: each page applies it to what it reads.
 *
 * Bounded: one report, the last built (the size of the one each state read builds anyway).
 */
import type { ThreadAudit, ThreadReport } from "../../core/index.js";

export interface KeptReport {
  /** `audit.report(now)`, the one kept when `audit`, `taken` and `now` are those it was built for. */
  at(audit: ThreadAudit, taken: number, now: string): ThreadReport;
  /** Drops the report kept, so an audit replaced is not held in memory by it. */
  forget(): void;
}

export function keptReport(): KeptReport {
  let kept: { readonly audit: ThreadAudit; readonly taken: number; readonly now: string; readonly report: ThreadReport } | null = null;
  return {
    at(audit, taken, now) {
      if (kept !== null && kept.audit === audit && kept.taken === taken && kept.now === now) return kept.report;
      const report = audit.report(now);
      kept = { audit, taken, now, report };
      return report;
    },
    forget() {
      kept = null;
    },
  };
}
