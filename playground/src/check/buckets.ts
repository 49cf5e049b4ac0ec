/**
 * check-thread a bucket at a time: each bucket holds whole groups of linked messages (groups.ts)
 * and has its own createThreadAudit, given each message's key (lines.ts) for its line. A bucket
 * whose messages, keys and expectations are the ones it was audited with keeps its audit and its
 * report; only an edited bucket is audited again.
 */
import { createThreadAudit } from "../../../core/index.js";
import type { LineCheck, Message, ReadbackExpectations, ThreadAudit, ThreadReport, VocabularyResolver } from "../../../core/index.js";
import { handoffDigest } from "./digests.js";
import type { GroupReport, Raised } from "./merge.js";

export interface Members {
  readonly keys: readonly number[];
  readonly checks: readonly LineCheck[];
}

export interface Bucket {
  readonly members: Members;
  /** The expectations each member HO was audited with. */
  readonly expectations: readonly (ReadbackExpectations | undefined)[];
  readonly audit: ThreadAudit;
  readonly raised: readonly Raised[];
  /** The key of each item's first tracked HO. */
  readonly itemKeys: ReadonlyMap<string, number>;
  report: GroupReport | null;
  reportNow: string | null;
}

/** The expectations of every member when the sender has none at all. */
const NONE: readonly undefined[] = [];

/** The bucket for these members: `old` when nothing it audits changed, else a new audit. */
export function bucketFor(members: Members, old: Bucket | undefined, vocabulary: VocabularyResolver, expectations: ReadonlyMap<string, ReadbackExpectations>): Bucket {
  const own = expectations.size === 0 ? NONE : members.checks.map((c) => ((c.message as Message).type === "HO" ? expectations.get((c.message as Message).id) : undefined));
  if (old !== undefined) {
    // The same members audited with other expectations (the sender's record or criteria changed)
    // are audited again: a readback's verdict depends on them.
    const o = old.members;
    let same = o === members || o.keys.length === members.keys.length;
    for (let k = 0; same && k < members.keys.length; k++) same = (o === members || (o.keys[k] === members.keys[k] && o.checks[k] === members.checks[k])) && old.expectations[k] === own[k];
    if (same) return old;
  }
  const audit = createThreadAudit({ vocabulary, expectations: (id) => expectations.get(id) });
  const raised: Raised[] = [];
  const itemKeys = new Map<string, number>();
  members.checks.forEach((c, k) => {
    const m = c.message as Message;
    const key = members.keys[k] as number;
    // The HOs the edit left as they were are not hashed again (digests.ts).
    const findings = audit.add(m, key, handoffDigest(m));
    if (findings.length > 0) raised.push({ key, findings });
    if (m.type === "HO" && m.item !== null && !itemKeys.has(m.item) && !findings.some((f) => f.code === "THREAD_ID_REUSED")) itemKeys.set(m.item, key);
  });
  return { members, expectations: own, audit, raised, itemKeys, report: null, reportNow: null };
}

/** The bucket's report at `now`, kept while `now` is the same. */
export function bucketReport(bucket: Bucket, now: string | null): GroupReport {
  if (bucket.report === null || bucket.reportNow !== now) {
    const report: ThreadReport = bucket.audit.report(now);
    bucket.report = { raised: bucket.raised, ownerKeys: report.owners.map((o) => bucket.itemKeys.get(o.item) ?? 0), report, handoffs: bucket.audit.handoffs(now) };
    bucket.reportNow = now;
  }
  return bucket.report;
}
