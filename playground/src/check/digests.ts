/**
 * Each HO's digest (the core's digest(), its `h=`), kept with the reading it was made from: a
 * bucket audited again after an edit (buckets.ts) gives it to the audit with the HO, so only the
 * HOs an edit changed are hashed again. A reading is never changed once made, and an edited line
 * is read into a new one, so a kept digest is the digest of the message it is kept with.
 */
import { digest } from "../../../core/index.js";
import type { Message } from "../../../core/index.js";

const digests = new WeakMap<Message, string>();

/** The digest of an HO, made once for each reading; undefined for any other message. */
export function handoffDigest(m: Message): string | undefined {
  if (m.type !== "HO") return undefined;
  let d = digests.get(m);
  if (d === undefined) digests.set(m, (d = digest(m)));
  return d;
}
