/**
 * A readback is read in its HO's vocabulary (tier 1, check-rb and check-thread alike). One that
 * names another profile (`p=`) than its HO does would be told, by validation, that the profile is
 * one "this reader does not have", though the reader may have it: the fault is that the receiver
 * answered in a vocabulary the handoff was not written in, and the receipt finding says so.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import { validate } from "./validate.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _show } from "./_slot-values.js";

export function _validateReadback(rb: Message, vocabulary: Vocabulary): Finding[] {
  const found = validate(rb, vocabulary);
  const p = rb.slots["p"];
  if (p === undefined || (vocabulary.profile !== null && p === vocabulary.name)) return found;
  const hoSays = vocabulary.profile === null ? "names no profile" : `says p=${vocabulary.name}`;
  return found.map((f) =>
    f.code === "PROFILE_UNKNOWN"
      ? finding("RECEIPT", `the readback says p=${_show(p)} where its HO ${hoSays}: a readback answers in its HO's vocabulary`, { slot: "p", expected: vocabulary.profile === null ? "no p=" : vocabulary.name, received: _show(p) })
      : f,
  );
}
