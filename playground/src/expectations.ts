/**
 * The sender's side of a readback check, as typed in the readback lab, made into what check-rb
 * takes: withheld criteria as written, and the record read by the core's readRecord against the
 * HO's vocabulary. Each result is cached by its inputs, so an unchanged entry is the same object
 * (the checker keeps a readback's report while its expectations are the same object).
 */
import { parseJsonText, readMessage, readRecord } from "../../core/index.js";
import type { ReadbackExpectations, Vocabulary, VocabularyResolver } from "../../core/index.js";
import { skipped } from "./check/lines.js";
import { withoutBom } from "./input-text.js";
import type { Expectation } from "./state.js";

export interface SenderExpectations {
  readonly map: ReadonlyMap<string, ReadbackExpectations>;
  /** What is wrong with an HO's record, by HO id. */
  readonly problems: ReadonlyMap<string, readonly string[]>;
}

const cache = new WeakMap<Vocabulary, Map<string, { value: ReadbackExpectations | null; problems: readonly string[] }>>();

function expectationOf(e: Expectation, vocabulary: Vocabulary): { value: ReadbackExpectations | null; problems: readonly string[] } {
  let byKey = cache.get(vocabulary);
  if (byKey === undefined) cache.set(vocabulary, (byKey = new Map()));
  const key = `${e.expectAcc}\u0000${e.record}`;
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  const problems: string[] = [];
  const out: { expectAcc?: string; record?: ReadbackExpectations["record"] } = {};
  if (e.expectAcc.trim() !== "") out.expectAcc = e.expectAcc.trim();
  if (e.record.trim() !== "") {
    // One leading byte order mark dropped, as rw check-rb drops it from a --record file.
    const json = parseJsonText(withoutBom(e.record));
    if (!json.ok) problems.push(json.problem === "syntax" ? `the record is not JSON: ${json.reason}` : `the record is refused: ${json.reason}`);
    else {
      const r = readRecord(json.value, vocabulary);
      if (r.ok) out.record = r.value.values;
      else problems.push(...r.findings.map((f) => f.message));
    }
  }
  const result = { value: Object.keys(out).length === 0 ? null : (out as ReadbackExpectations), problems };
  if (byKey.size > 256) byKey.clear();
  byKey.set(key, result);
  return result;
}

/** The vocabulary the first valid HO with this id is read against (the chosen one when there is none). */
function handoffVocabulary(text: string, id: string, resolve: VocabularyResolver): Vocabulary | undefined {
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (!line.includes(id) || skipped(line)) continue;
    const c = readMessage(line, resolve);
    const m = c.message;
    if (c.ok && m !== null && m.type === "HO" && m.id === id) {
      const p = m.slots["p"];
      return resolve(typeof p === "string" ? p : null);
    }
  }
  return resolve(null);
}

let last: SenderExpectations = { map: new Map(), problems: new Map() };

export function senderExpectations(raw: Readonly<Record<string, Expectation>>, text: string, resolve: VocabularyResolver): SenderExpectations {
  const map = new Map<string, ReadbackExpectations>();
  const problems = new Map<string, readonly string[]>();
  for (const [id, e] of Object.entries(raw)) {
    if (e.expectAcc.trim() === "" && e.record.trim() === "") continue;
    const vocabulary = e.record.trim() === "" ? resolve(null) : handoffVocabulary(text, id, resolve);
    if (vocabulary === undefined) continue;
    const r = expectationOf(e, vocabulary);
    if (r.value !== null) map.set(id, r.value);
    if (r.problems.length > 0) problems.set(id, r.problems);
  }
  // The same entries give the same map, so the checker sees nothing changed.
  const same = map.size === last.map.size && [...map].every(([id, v]) => last.map.get(id) === v) && problems.size === last.problems.size && [...problems].every(([id, v]) => last.problems.get(id) === v);
  if (!same) last = { map, problems };
  return last;
}
