/**
 * A reply to an HO, a readback or a done report, is read in its HO's vocabulary (tier 1, check-rb,
 * check-dn and check-thread alike). One that names another profile (`p=`) than its HO does would be
 * told, by validation, that the profile is one "this reader does not have", though the reader may
 * have it: the fault is that the receiver answered in a vocabulary the handoff was not written in,
 * and the receipt finding says so.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _show } from "./_slot-values.js";

/** `reply` validated in its HO's vocabulary; `what` names it, `code` is its check's receipt finding. */
export function _validateReply(reply: Message, vocabulary: Vocabulary, what: string, code: "RECEIPT" | "DONE_RECEIPT"): Finding[] {
  const found = validate(reply, vocabulary);
  const p = reply.slots["p"];
  if (p === undefined || (vocabulary.profile !== null && p === vocabulary.name)) return found;
  const hoSays = vocabulary.profile === null ? "names no profile" : `says p=${vocabulary.name}`;
  return found.map((f) =>
    f.code === "PROFILE_UNKNOWN"
      ? finding(code, `the ${what} says p=${_show(p)} where its HO ${hoSays}: a ${what} answers in its HO's vocabulary`, { slot: "p", expected: vocabulary.profile === null ? "no p=" : vocabulary.name, received: _show(p) })
      : f,
  );
}

export const _validateReadback = (rb: Message, vocabulary: Vocabulary): Finding[] => _validateReply(rb, vocabulary, "readback", "RECEIPT");
