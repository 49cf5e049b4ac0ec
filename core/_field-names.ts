/**
 * The JSON form's own fields that are no slot (section 6: `v type id slots tail`; `re from to item`
 * are slots too). A finding's `slot` names such a field (`ID_SHAPE` names `id`) or a slot key; no
 * vocabulary defines a slot of these names (a profile cannot), so a key written so on a line or in
 * a form's `slots` is an unknown one, and only a finding about a key the vocabulary does not know
 * names it. Readers that place a finding ask this module which the finding means.
 */
import type { FindingCode } from "./finding.js";

/** The fields of every message that no slot may be named. */
export const _FIELDS_NOT_SLOTS: ReadonlySet<string> = new Set(["v", "type", "id", "slots", "tail"]);

/**
 * Whether a finding of this code names by its `slot` a key the message wrote, even one named like
 * a field: an unknown key's note, or a value of the wrong type (a JSON form's number in an unknown
 * slot).
 */
export const _namesKey = (code: FindingCode | undefined): boolean => code === "SLOT_UNKNOWN" || code === "VALUE_TYPE";
