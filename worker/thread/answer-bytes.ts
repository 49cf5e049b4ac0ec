/**
 * An append's answer, bounded in size. The object hands it to the Worker over RPC, which refuses a
 * value past 32 MiB, and only after the lines are stored: 10,000 readbacks of under 100 bytes,
 * each void on a few slots, answer some 35 MB of findings and tiers, and the client was told 500,
 * nothing stored, retry. Past ANSWER_BYTES, each further result keeps what it says of its line
 * (status, id, seq, the readback's verdict, the done check's ok) and says `trimmed`, its findings,
 * the readback's report and the done findings left out: the thread's to read (GET
 * .../handoffs/{id}, .../findings).
 */

import { serializedBytes } from "./bounded-page.js";

/** The results an answer holds whole, measured as twice their JSON text (as bounded-page.ts). */
export const ANSWER_BYTES = 8 * 1024 * 1024;

interface Trimmable {
  readonly findings: readonly unknown[];
  readonly readback?: { readonly report: unknown } | undefined;
  readonly done?: { readonly findings: readonly unknown[] } | undefined;
}

/** The results, whole up to ANSWER_BYTES, then each trimmed (never a refused line's, which ends the request). */
export function withinAnswer<T extends Trimmable & { readonly status: string }>(results: readonly T[]): T[] {
  let size = 0;
  return results.map((r) => {
    if (size <= ANSWER_BYTES) size += serializedBytes(r);
    if (size <= ANSWER_BYTES || r.status === "refused") return r;
    const trimmed = {
      ...r,
      findings: [],
      ...(r.readback === undefined ? {} : { readback: { ...r.readback, report: null } }),
      ...(r.done === undefined ? {} : { done: { ...r.done, findings: [] } }),
      trimmed: true,
    };
    return trimmed as unknown as T;
  });
}
