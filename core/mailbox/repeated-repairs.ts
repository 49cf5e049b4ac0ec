/**
 * One repair request per anomaly (section 7): the detecting participant "emits at most one bounded
 * repair `request` per sender + anomaly filename/hash", which refers to the anomaly "in
 * `meta.mailbox.anomaly` and its body"; "One correction round is the hard recursion bound" and
 * "agents do not recursively repair one another forever". A repair request is a `request` carrying
 * `meta.mailbox.anomaly`. A second one from the same participant (one callsign in one arena), to a
 * callsign the first already asked (the anomaly's sender), naming the same anomaly is
 * REPAIR_REPEATED: an error, quarantined (reconciliation never asks to handle it) and refused by
 * `rw mailbox new`, as REPLY_REPUBLISHED is.
 *
 * **Decision:** the spec names no keys of the anomaly mapping, and the pinned generation it also
 * carries is a SHA-256 like the anomaly's own hash, so the filename and hash are read by key: the
 * filename under `file` or `filename` (with or without `.md`), the hash under `sha256`, `hash` or
 * `fingerprint` (hex case aside). The anomaly is that pair, compared exactly; one the request does
 * not name is absent, and two requests name the same anomaly only when both name the same filename
 * and the same hash, or both the same one of them and neither the other. The generation, a note or
 * the key order is no part of it ("The same filename/hash remains permanently damped across
 * generations"). A mapping naming neither, or either under two keys that disagree or as no string,
 * names no one filename/hash: it is compared whole (canonical JSON, key order aside), which never
 * counts two anomalies as one. An earlier repair request the analysis quarantines is no published
 * repair, and a Handler seat's requests are not the participant's repair traffic.
 */
import { canonicalJson } from "../canonical.js";
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import type { MailboxEnvelope } from "./envelope.js";

const FILE_KEYS = ["file", "filename"] as const;
const HASH_KEYS = ["sha256", "hash", "fingerprint"] as const;

/** The one value `keys` name in `anomaly`: null when none does, undefined when it is no one string. */
function named(anomaly: Readonly<Record<string, unknown>>, keys: readonly string[], normal: (value: string) => string): string | null | undefined {
  let found: string | null = null;
  for (const key of keys) {
    if (!Object.hasOwn(anomaly, key)) continue;
    const value = anomaly[key];
    if (typeof value !== "string") return undefined;
    const read = normal(value);
    if (found !== null && found !== read) return undefined;
    found = read;
  }
  return found;
}

/**
 * The anomaly a repair request names, as comparable text: its filename and hash (the decision
 * above), else its whole mapping; null for a message that is no repair request.
 */
export function repairedAnomaly(e: Pick<MailboxEnvelope, "kind" | "from" | "anomaly">): string | null {
  if (e.kind !== "request" || e.anomaly === null || isHandler(e.from)) return null;
  const file = named(e.anomaly, FILE_KEYS, (name) => name.replace(/\.md$/, ""));
  const hash = named(e.anomaly, HASH_KEYS, (hex) => (/^[0-9a-f]+$/i.test(hex) ? hex.toLowerCase() : hex));
  if (file === undefined || hash === undefined || (file === null && hash === null)) return `mapping ${canonicalJson(e.anomaly)}`;
  return `named ${JSON.stringify([file, hash])}`;
}

/** `entries` one per UUID in UUID order; only `quarantine`'s keys are read. */
export function repeatedRepairs(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  // The unquarantined repair requests so far, per arena, sender and anomaly: a callsign is a name
  // within one arena (section 4), so LYRA's request in another arena is another participant's.
  const repairs = new Map<string, MailboxEnvelope[]>();
  for (const entry of entries) {
    const e = entry.envelope;
    const anomaly = quarantine.has(e.id) ? null : repairedAnomaly(e);
    if (anomaly === null) continue;
    const key = `${e.arena}\u0000${e.from}\u0000${anomaly}`;
    const list = repairs.get(key);
    const earlier = list?.find((r) => r.to.includes(ALL) || e.to.includes(ALL) || r.to.some((name) => e.to.includes(name)));
    if (list === undefined) repairs.set(key, [e]);
    else list.push(e);
    if (earlier === undefined) continue;
    findings.push(mailboxFinding("REPAIR_REPEATED", `${e.from} already asked for this anomaly's repair in ${earlier.id} (${anomaly.startsWith("named") ? "the same anomaly filename/hash" : "the same meta.mailbox.anomaly, which names no one filename/hash"}): at most one bounded repair request per sender and anomaly filename/hash; a second malformed correction or a repair that stalls becomes one blocked: handler-decision, never another repair`, { ...at(entry), slot: "anomaly" }));
  }
  return findings;
}
