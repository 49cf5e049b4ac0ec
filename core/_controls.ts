/**
 * The characters a person must never be shown raw: those a line cannot hold, and the
 * bidirectional controls and other invisible formatting characters it may. Kept apart from
 * _chars.ts's validation tables because the presentation of text (withControlsMarked) needs only
 * these classes, and should bring nothing else with it wherever it is imported (the playground's
 * lazily loaded tabs among them).
 */

/**
 * What a line cannot hold, not even in its tail (README note 5): line breaks (LF, CR, NEL, LINE
 * and PARAGRAPH SEPARATOR) and C0 and C1 controls. parseLine finds the same characters one by one.
 */
export const _BREAK_OR_CONTROL: RegExp = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A lone surrogate: half a character, which no UTF-8 text can carry (ENCODING). */
export const _LONE_SURROGATE: RegExp = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Everything a line cannot hold, not even in its tail: _BREAK_OR_CONTROL, and lone surrogates (ENCODING). */
export const _NOT_IN_LINE: RegExp = /* @__PURE__ */ new RegExp(`${_BREAK_OR_CONTROL.source}|${_LONE_SURROGATE.source}`);

/**
 * The bidirectional formatting characters (ALM, LRM, RLM, the embeddings and overrides, the
 * isolates): a line may hold them, but shown raw they make text display in another order than it
 * is read, so one value can look like another (`acct=\u202e83920116/88-21-04`).
 */
export const _BIDI_CONTROL: RegExp = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * The other formatting characters (Unicode category Cf: the zero-width space, the word joiner,
 * the byte order mark, the soft hyphen, the invisible operators, the tag characters): shown raw
 * they are nothing at all, so `pay\u200b-1` reads as `pay-1` and a finding that refuses it looks
 * wrong. The zero-width non-joiner and joiner spell Persian and Indic words and join emoji, so they
 * count only beside ASCII or at an end of the text, where no script or emoji sequence puts them.
 * Needs the `u` flag.
 */
export const _INVISIBLE_FORMAT: RegExp = /(?![\u200c\u200d])\p{Cf}|(?<=[\u0000-\u007f]|^)[\u200c\u200d]|[\u200c\u200d](?=[\u0000-\u007f]|$)/u;
