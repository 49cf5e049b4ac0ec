/**
 * A number JSON text writes as no integer that `JSON.parse` reads as one. Doubles hold about 16
 * digits, so `1.0000000000000001`, `9007199254740990.6` and `1e-400` read as 1, 9007199254740991
 * and 0: an integer the writer never wrote. A line's `pri=1.0000000000000001` is no integer
 * (`VALUE_TYPE`), so its JSON form must not become `pri=1`. A number whose value is an integer
 * however it is spelt (`1.0`, `1e3`, `-0`) is that integer, as JSON gives a number one value.
 */

/** Where such a number lies (`at`, its UTF-16 index), as written, and its dot path (`slots.pri`, `slots.opts.1`). */
export interface RoundedNumber {
  readonly at: number;
  readonly literal: string;
  readonly path: string;
}

/** A number with a point or exponent where a value starts; inside a string too, which only costs the pass. */
const MAY_ROUND = /(?:^|[:,[])\s*-?\d+[.eE]/;

/** Whether a JSON number's digits and exponent make an integer: no non-zero digit after the point once the exponent moves it. */
function writtenAsInteger(whole: string, fraction: string, exponent: number): boolean {
  const significant = (whole + fraction).replace(/^0+/, "");
  const kept = significant.replace(/0+$/, "");
  if (kept === "") return true; // zero, however written
  // Digits before the point, once the exponent has moved it, counted in `significant`.
  const beforePoint = significant.length - fraction.length + exponent;
  return kept.length <= beforePoint;
}

const NUMBER = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** The index after the string whose opening quote is at `i`: the next quote no odd run of backslashes escapes. */
function afterString(text: string, i: number): number {
  let q = text.indexOf('"', i + 1);
  while (q !== -1) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return q + 1;
    q = text.indexOf('"', q + 1);
  }
  return text.length;
}

/** At most this many are named: a finding list is bounded (README note 36). */
export const _ROUNDED_NAMED = 100;

/**
 * The numbers of `text` (JSON that JSON.parse has read) written with a fraction or exponent whose
 * value is no integer, yet which JSON.parse reads as an integer, in the order written, at most
 * `_ROUNDED_NAMED`; empty when none is. One linear pass, keeping the path as it goes; strings are
 * skipped whole, so a digit inside one is never taken for a number.
 */
export function _roundedNumbers(text: string): RoundedNumber[] {
  const found: RoundedNumber[] = [];
  // Most JSON holds no such number (a pay form's amounts are strings): it is passed over whole.
  if (!MAY_ROUND.test(text)) return found;
  // One entry per open container: the key its next value is under (object), or its index (list).
  const path: (string | number)[] = [];
  const isList: boolean[] = [];
  let atKey = false;
  for (let i = 0; i < text.length && found.length < _ROUNDED_NAMED; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = afterString(text, i);
      if (atKey) {
        const key = text.slice(i + 1, end - 1);
        path[path.length - 1] = key.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : key;
        atKey = false;
      }
      i = end - 1;
    } else if (c === 123 || c === 91) {
      path.push(c === 91 ? 0 : "");
      isList.push(c === 91);
      atKey = c === 123;
    } else if (c === 125 || c === 93) {
      path.pop();
      isList.pop();
    } else if (c === 44) {
      const last = path.length - 1;
      if (isList[last] === true) path[last] = (path[last] as number) + 1;
      else atKey = true;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let end = i + 1;
      let spelt = false; // a point or an exponent
      for (let d = text.charCodeAt(end); (d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45; d = text.charCodeAt(++end)) {
        if (d === 46 || d === 101 || d === 69) spelt = true;
      }
      if (spelt) {
        const literal = text.slice(i, end);
        const [, whole = "", fraction = "", exponent] = NUMBER.exec(literal) ?? [];
        if (Number.isInteger(Number(literal)) && !writtenAsInteger(whole, fraction, Number(exponent ?? 0))) found.push({ at: i, literal, path: path.join(".") });
      }
      i = end - 1;
    }
  }
  return found;
}
