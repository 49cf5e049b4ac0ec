/**
 * The sender's side of a readback check, as typed in the readback lab, made into what check-rb
 * takes: withheld criteria read by the core's parseCriteria, and the record by its readRecord, both
 * against the HO's vocabulary. Either one the core refuses is the sender's input error, as rw
 * check-rb and the Worker refuse it (exit 2, 400): it is listed, and not used, rather than void a
 * good readback. Each result is cached by its inputs, so an unchanged entry is the same object
 * (the checker keeps a readback's report while its expectations are the same object).
 */
import { isEmptyDocument, isJsonForm, isSkippedLine, parseCriteria, parseJsonText, readMessage, readRecord } from "../../core/index.js";
import type { ReadbackExpectations, Vocabulary, VocabularyResolver } from "../../core/index.js";
import { withoutBom } from "./input-text.js";
import type { Expectation } from "./state.js";

export interface SenderExpectations {
  readonly map: ReadonlyMap<string, ReadbackExpectations>;
  /** What is wrong with an HO's record, by HO id. */
  readonly problems: ReadonlyMap<string, readonly string[]>;
  /** What is wrong with an HO's withheld criteria (the core's CRITERIA_SYNTAX, CRITERIA_REPEATED, CRITERIA_KEY_UNKNOWN), by HO id. */
  readonly criteria: ReadonlyMap<string, readonly string[]>;
}

interface Read {
  readonly value: ReadbackExpectations | null;
  readonly problems: readonly string[];
  readonly criteria: readonly string[];
}

const cache = new WeakMap<Vocabulary, Map<string, Read>>();

/** `keep`: how many results the cache keeps at least (the entries in use, so none is read again while typing). */
function expectationOf(e: Expectation, vocabulary: Vocabulary, keep: number): Read {
  let byKey = cache.get(vocabulary);
  if (byKey === undefined) cache.set(vocabulary, (byKey = new Map()));
  const key = `${e.expectAcc}\u0000${e.record}`;
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  const problems: string[] = [];
  const criteria: string[] = [];
  const out: { expectAcc?: string; record?: ReadbackExpectations["record"]; resolve?: ReadbackExpectations["resolve"] } = {};
  // The criteria as typed, read as rw check-rb --expect-acc reads them: "" is none (the HO's own
  // acc=), and a space around a constraint is refused (CRITERIA_SYNTAX), never trimmed off.
  if (e.expectAcc !== "") {
    const read = parseCriteria(e.expectAcc, vocabulary);
    if (read.findings.length === 0) out.expectAcc = e.expectAcc;
    else criteria.push(...read.findings.map((f) => f.message));
  }
  if (!isEmptyDocument(e.record)) {
    // One leading byte order mark dropped, as rw check-rb drops it from a --record file.
    const json = parseJsonText(withoutBom(e.record));
    if (!json.ok) problems.push(json.problem === "syntax" ? `the record is not JSON: ${json.reason}` : `the record is refused: ${json.reason}`);
    else {
      const r = readRecord(json.value, vocabulary);
      if (r.ok) {
        out.record = r.value.values;
        // Its "$resolve" too, as rw check-rb --record and the Worker pass it: tier 5 then says a
        // carried value is one the record leaves to the receiver, not one it never mentions.
        if (r.value.resolve.size > 0) out.resolve = [...r.value.resolve];
      } else problems.push(...r.findings.map((f) => f.message));
    }
  }
  const result = { value: Object.keys(out).length === 0 ? null : (out as ReadbackExpectations), problems, criteria };
  if (byKey.size > Math.max(256, 2 * keep)) byKey.clear();
  byKey.set(key, result);
  return result;
}

/**
 * For each of `ids`, the vocabulary the first valid HO with that id is read against (the chosen
 * one when there is none). One pass over the text for all of them: a link may hold thousands of
 * expectations, and this runs on every keystroke. A valid HO line starts `RW1 HO <id> ` (a
 * leading or doubled space is refused), so only the line whose third token is a wanted id is
 * read; a JSON form is read when one of its strings is the id as written.
 */
function handoffVocabularies(text: string, ids: readonly string[], resolve: VocabularyResolver): Map<string, Vocabulary | undefined> {
  const found = new Map<string, Vocabulary | undefined>();
  const wanted = new Set(ids);
  const read = (line: string, id: string): void => {
    if (found.has(id)) return;
    const c = readMessage(line, resolve);
    const m = c.message;
    if (c.ok && m !== null && m.type === "HO" && m.id === id) {
      const p = m.slots["p"];
      found.set(id, resolve(typeof p === "string" ? p : null));
    }
  };
  if (wanted.size > 0) {
    for (const line of text.split(/\r\n|\n|\r/)) {
      if (found.size === wanted.size) break;
      if (line.startsWith("RW1 HO ")) {
        const end = line.indexOf(" ", 7);
        const id = line.slice(7, end < 0 ? line.length : end);
        if (wanted.has(id)) read(line, id);
      } else if (isJsonForm(line) && !isSkippedLine(line)) {
        // Each string the form holds that is a wanted id as written: one pass over the line, not
        // one search for each id (thousands of ids, from a link, against thousands of forms).
        for (const [, id] of line.matchAll(/"((?:[^"\\]|\\.)*)"/g)) if (wanted.has(id as string)) read(line, id as string);
      }
    }
  }
  for (const id of ids) if (!found.has(id)) found.set(id, resolve(null));
  return found;
}

let last: SenderExpectations = { map: new Map(), problems: new Map(), criteria: new Map() };

const sameMap = <V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>): boolean => a.size === b.size && [...a].every(([id, v]) => b.get(id) === v);

export function senderExpectations(raw: Readonly<Record<string, Expectation>>, text: string, resolve: VocabularyResolver): SenderExpectations {
  const map = new Map<string, ReadbackExpectations>();
  const problems = new Map<string, readonly string[]>();
  const criteria = new Map<string, readonly string[]>();
  // Both are read against the HO's vocabulary: a profile's constraint keys are its own, and
  // whether one is single-valued decides CRITERIA_REPEATED.
  const given = Object.entries(raw).filter(([, e]) => e.expectAcc !== "" || !isEmptyDocument(e.record));
  const vocabularies = handoffVocabularies(text, given.map(([id]) => id), resolve);
  for (const [id, e] of given) {
    const vocabulary = vocabularies.get(id);
    if (vocabulary === undefined) continue;
    const r = expectationOf(e, vocabulary, given.length);
    if (r.value !== null) map.set(id, r.value);
    if (r.problems.length > 0) problems.set(id, r.problems);
    if (r.criteria.length > 0) criteria.set(id, r.criteria);
  }
  // The same entries give the same map, so the checker sees nothing changed.
  const same = sameMap(map, last.map) && sameMap(problems, last.problems) && sameMap(criteria, last.criteria);
  if (!same) last = { map, problems, criteria };
  return last;
}
