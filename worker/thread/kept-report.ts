/**
 * What the object reads of its audit at one minute, kept for the reads that walk it a page at a
 * time: check-thread's report (core ThreadAudit.report), for the findings and owners pages, and
 * the live handoffs (open, held or orphaned: core ThreadAudit.handoffs read with LIVE_STATES), for
 * the open pages. A client paging the findings or owners of a thread of 16,000 HOs made the object
 * build the whole report again for every page (13 to 17 ms each in workerd), and paging its open
 * handoffs every HO's state again for every page.
 *
 * Never stale: `report(now)` and `handoffs(now)` are functions of the audit's state and `now`
 * alone. The audit's state changes only by `add` (the options it was made with, `expectations`
 * and `actRan`, are read inside `add`, never by `report` or `handoffs`), and the object counts
 * every add it makes to an audit it keeps (`taken`); an audit rebuilt (a restart, a rolled-back
 * append, a profile fixed) is another object, and the object's now is a minute
 * (`YYYYMMDDTHHMMZ`). So a reading is served again only for the same audit, the same count of
 * messages taken and the same minute, and built otherwise. What the object adds on the way out (a
 * private challenge's concealed causes, which a challenge registered since may change; an HO's
 * stored exp and due) is not kept: each page applies it to what it reads.
 *
 * Bounded: the readings of one key, the last asked, each built only when first asked for (the
 * size of the ones each state read builds anyway).
 */
import { LIVE_STATES } from "../../core/index.js";
import type { HandoffState, ThreadAudit, ThreadReport } from "../../core/index.js";

export interface KeptReport {
  /** `audit.report(now)`, the one kept when `audit`, `taken` and `now` are those it was built for. */
  at(audit: ThreadAudit, taken: number, now: string): ThreadReport;
  /** The live handoffs of `audit.handoffs(now)`, in its order, kept as `at` keeps the report. */
  live(audit: ThreadAudit, taken: number, now: string): readonly HandoffState[];
  /** Drops what is kept, so an audit replaced is not held in memory by it. */
  forget(): void;
}

interface Kept {
  readonly audit: ThreadAudit;
  readonly taken: number;
  readonly now: string;
  report?: ThreadReport;
  live?: readonly HandoffState[];
}

export function keptReport(): KeptReport {
  let kept: Kept | null = null;
  /** The readings kept for this key, or none (and those of another key dropped). */
  const keyed = (audit: ThreadAudit, taken: number, now: string): Kept => {
    if (kept === null || kept.audit !== audit || kept.taken !== taken || kept.now !== now) kept = { audit, taken, now };
    return kept;
  };
  return {
    at(audit, taken, now) {
      const k = keyed(audit, taken, now);
      k.report ??= audit.report(now);
      return k.report;
    },
    live(audit, taken, now) {
      const k = keyed(audit, taken, now);
      k.live ??= audit.handoffs(now).filter((h) => LIVE_STATES.has(h.state));
      return k.live;
    },
    forget() {
      kept = null;
    },
  };
}
