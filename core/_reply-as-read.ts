/**
 * A reply read in its HO's vocabulary (README conformance note 21). A line decodes its values by
 * its own `p=`, so a readback that names another profile than its HO, or none, holds the same
 * text decoded otherwise: `src=email:7` is a list under pay and a string without it. Compared as
 * decoded, that text would differ from the HO's own (`src: the readback says email:7, the HO says
 * email:7`) and validation would call a value of its own profile's type off its type, faults the
 * receiver did not make: its one fault is the `p=`, which receipt names. So its values are read
 * again, as written, by the slot types the HO's are decoded by.
 */
import { coreVocabulary } from "./core-vocabulary.js";
import type { Message, SlotValue } from "./message.js";
import { decodeValue } from "./slot-type.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _written } from "./_slot-values.js";

/**
 * `reply` with its slots decoded as its HO's are (`p` the HO's `p=`, undefined when it names none),
 * or `reply` itself when both name one profile: what tiers 2 to 5 compare with the HO.
 */
export function _replyAsRead(reply: Message, p: SlotValue | undefined, vocabulary: Vocabulary): Message {
  if (reply.slots["p"] === p) return reply;
  // The HO's own values decode by its profile only when it names it (section 7), as parseLine does.
  return reread(reply, typeof p === "string" && vocabulary.profile !== null && vocabulary.name === p ? vocabulary : coreVocabulary);
}

/**
 * `reply` as validation reads it in its HO's vocabulary (tier 1): a `p=` other than the HO's is
 * a profile that vocabulary does not hold, so the reply is read by the core's types (note 18), and
 * its values are decoded by them, not by the profile it named.
 */
export function _replyAsValidated(reply: Message, p: SlotValue | undefined): Message {
  return reply.slots["p"] === p ? reply : reread(reply, coreVocabulary);
}

function reread(reply: Message, types: Vocabulary): Message {
  const slots: Record<string, SlotValue> = {};
  for (const [key, value] of Object.entries(reply.slots)) {
    // `p` and `x_` keys no profile types: a line reads them as text under any p=, as they are kept.
    const def = key === "p" || key.startsWith("x_") ? null : types.slots.get(key);
    if (def === null) slots[key] = value;
    else slots[key] = def === undefined ? _written(value) : decodeValue(def.type, _written(value));
  }
  return { ...reply, slots };
}
