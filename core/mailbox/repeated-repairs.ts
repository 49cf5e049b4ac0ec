/**
 * One repair request per anomaly (section 7): the detecting participant "emits at most one bounded
 * repair `request` per sender + anomaly filename/hash", which refers to the anomaly "in
 * `meta.mailbox.anomaly` and its body"; "One correction round is the hard recursion bound" and
 * "agents do not recursively repair one another forever". A repair request is a `request` carrying
 * `meta.mailbox.anomaly`. A second one from the same participant, to a callsign the first already
 * asked (the anomaly's sender), naming the same anomaly is REPAIR_REPEATED: an error, quarantined
 * (reconciliation never asks to handle it) and refused by `rw mailbox new`, as REPLY_REPUBLISHED is.
 *
 * **Decision:** the spec names no keys of the anomaly mapping, and the pinned generation it also
 * carries is a SHA-256 like the anomaly's own hash, so no single value can be read as the
 * anomaly's filename/hash. Two repair requests name the same anomaly when their mappings are
 * equal (canonical JSON: key order is not significant). That never counts two anomalies as one;
 * a mapping reworded by its own sender, or the same filename/hash under a new generation ("The
 * same filename/hash remains permanently damped across generations"), is not caught. An earlier
 * repair request the analysis quarantines is no published repair, and a Handler seat's requests
 * are not the participant's repair traffic.
 */
import { canonicalJson } from "../canonical.js";
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

/** The anomaly a repair request names, as comparable text; null for a message that is no repair request. */
export function repairedAnomaly(e: Pick<MailboxEnvelope, "kind" | "from" | "anomaly">): string | null {
  if (e.kind !== "request" || e.anomaly === null || isHandler(e.from)) return null;
  return canonicalJson(e.anomaly);
}

/** `entries` one per UUID in UUID order; only `quarantine`'s keys are read. */
export function repeatedRepairs(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  // The unquarantined repair requests so far, per sender and anomaly.
  const repairs = new Map<string, MailboxEnvelope[]>();
  for (const entry of entries) {
    const e = entry.envelope;
    const anomaly = quarantine.has(e.id) ? null : repairedAnomaly(e);
    if (anomaly === null) continue;
    const key = `${e.from}\u0000${anomaly}`;
    const list = repairs.get(key);
    const earlier = list?.find((r) => r.to.includes(ALL) || e.to.includes(ALL) || r.to.some((name) => e.to.includes(name)));
    if (list === undefined) repairs.set(key, [e]);
    else list.push(e);
    if (earlier === undefined) continue;
    findings.push(mailboxFinding("REPAIR_REPEATED", `${e.from} already asked for this anomaly's repair in ${earlier.id} (the same meta.mailbox.anomaly): at most one bounded repair request per sender and anomaly filename/hash; a second malformed correction or a repair that stalls becomes one blocked: handler-decision, never another repair`, { ...at(entry), slot: "anomaly" }));
  }
  return findings;
}
