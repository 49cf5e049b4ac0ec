/**
 * The id of a readback, `<receiver>-<n>` (section 2: "unique within the conversation"), never one
 * the HO names as the receiver's: its own id (a self-handoff, `a-1` answering `a-1`, would be taken
 * for the HO again), its `re=` (a re-issue answering the receiver's void RB) and its `ctx=`. Only
 * those ids, and any the caller adds (a tool's earlier statements), are known here; a number the
 * caller gives is otherwise trusted. Two ids with one number (`b-05`, `b-5`) name one message of
 * the receiver's ("which of theirs it is from the id alone"), so they count as the same.
 */
import { isMessageId, messageNumber } from "./check-value.js";
import { finding } from "./finding.js";
import { freshNumber } from "./fresh-number.js";
import type { Result } from "./finding.js";
import type { Message } from "./message.js";

/** The receiver's ids among `ids`, by number. */
function receiverIds(ids: readonly unknown[], receiver: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const id of ids) {
    if (typeof id === "string" && isMessageId(id) && id.lastIndexOf("-") === receiver.length && id.startsWith(receiver)) out.set(messageNumber(id), id);
  }
  return out;
}

/** Omitted `n`: one past the highest of the receiver's ids known here, else 1 (freshNumber). */
export function _readbackId(ho: Message, receiver: string, n: number | undefined, alsoTaken: readonly string[] = []): Result<string> {
  const ctx = ho.slots["ctx"];
  const taken = receiverIds([ho.id, ho.re, ...(Array.isArray(ctx) ? ctx : []), ...alsoTaken], receiver);
  if (n === undefined) {
    // A loop, not Math.max(...keys): an HO may name hundreds of thousands of ids (ctx=), more
    // arguments than a call can take.
    let highest = 0;
    for (const number of taken.keys()) if (number > highest) highest = number;
    const next = freshNumber(highest, () => [...taken.keys()].sort((a, b) => a - b));
    if (next !== null) return { ok: true, value: `${receiver}-${next}`, findings: [] };
    return { ok: false, value: null, findings: [finding("READBACK_ID_REUSED", `${receiver}'s ids known here take every number up to 2^53 - 1, so no fresh one is left; give n`, { slot: "id" })] };
  }
  const used = taken.get(n);
  if (used === undefined) return { ok: true, value: `${receiver}-${n}`, findings: [] };
  return {
    ok: false,
    value: null,
    findings: [
      finding("READBACK_ID_REUSED", `n=${n}: ${receiver}-${n} would reuse the id ${used}; a readback takes an id of its own (omit n for the next fresh one)`, {
        slot: "id",
        expected: `an id other than ${used}`,
        received: `${receiver}-${n}`,
      }),
    ],
  };
}
