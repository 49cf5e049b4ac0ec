/**
 * check-rb of a readback against the HO it answers (checkReadback, readbackVerdict), with the
 * vocabulary the HO is read with, cached by the two readings and the sender's expectations.
 */
import { checkReadback, readbackVerdict } from "../../../core/index.js";
import type { LineCheck, Message, ReadbackExpectations, ReadbackReport, ReadbackVerdict, VocabularyResolver } from "../../../core/index.js";
import type { CheckedLine, CheckedReadback } from "./checker.js";

interface Entry {
  readonly expectations: ReadbackExpectations | undefined;
  readonly report: ReadbackReport;
  readonly verdict: ReadbackVerdict;
  view: CheckedReadback | null;
}

export type Readbacks = (ho: CheckedLine, rb: CheckedLine, expectations: ReadbackExpectations | undefined) => CheckedReadback;

/** The same readings, expectations and lines give the same object. */
export function createReadbacks(resolve: VocabularyResolver): Readbacks {
  const cache = new WeakMap<LineCheck, Map<LineCheck, Entry>>();
  return (ho, rb, expectations) => {
    let byRb = cache.get(ho.check);
    if (byRb === undefined) cache.set(ho.check, (byRb = new Map()));
    let e = byRb.get(rb.check);
    if (e === undefined || e.expectations !== expectations) {
      const message = ho.check.message as Message;
      const p = message.slots["p"];
      const vocabulary = resolve(typeof p === "string" ? p : null);
      if (vocabulary === undefined) throw new TypeError("the resolver gave no vocabulary");
      const report = checkReadback(message, rb.check.message as Message, vocabulary, expectations ?? {});
      e = { expectations, report, verdict: readbackVerdict(report), view: null };
      byRb.set(rb.check, e);
    }
    if (e.view === null || e.view.ho !== ho || e.view.rb !== rb) e.view = { ho, rb, report: e.report, verdict: e.verdict };
    return e.view;
  };
}
