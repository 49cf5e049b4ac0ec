/**
 * The characters a person must never be shown raw: those a line cannot hold, and the
 * bidirectional controls it may. Kept apart from _chars.ts's validation tables because the
 * presentation of text (withControlsMarked) needs only these two classes, and should bring
 * nothing else with it wherever it is imported (the playground's lazily loaded tabs among them).
 */

/**
 * What a line cannot hold, not even in its tail (README note 5): line breaks (LF, CR, NEL, LINE
 * and PARAGRAPH SEPARATOR) and C0 and C1 controls. parseLine finds the same characters one by one.
 */
export const _BREAK_OR_CONTROL: RegExp = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The bidirectional formatting characters (ALM, LRM, RLM, the embeddings and overrides, the
 * isolates): a line may hold them, but shown raw they make text display in another order than it
 * is read, so one value can look like another (`acct=\u202e83920116/88-21-04`).
 */
export const _BIDI_CONTROL: RegExp = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
