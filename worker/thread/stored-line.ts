/**
 * A line the thread object stored, read back. Every stored line was read whole when it came
 * (readMessage: parsed and validated against the thread's profiles, which its first append fixes,
 * and stored only when no finding was an error), and stored as the RW1 line it was read as; so
 * reading it back needs the parse alone, with the vocabulary its p= chooses (as checkLine chooses
 * it). Validating it again found nothing, and what it found was never used: the object read a
 * stored line with readMessage and took its message, refusing only a line that no longer parsed,
 * as this does. At a restart every line of the thread is read back to rebuild the audit, and the
 * validation was about a quarter of reading them (PERFORMANCE.md, fix-DO);
 * test/worker/thread-rebuild.test.ts pins that a stored line reads back as checkLine reads it.
 */
import { coreVocabulary, parseLine, profileOf } from "../../core/index.js";
import type { Message, VocabularyResolver } from "../../core/index.js";

export function storedMessage(line: string, resolve: VocabularyResolver): Message {
  const parsed = parseLine(line, resolve(profileOf(line)) ?? coreVocabulary);
  if (!parsed.ok) throw new Error(`thread object: a stored line no longer reads: ${line}`);
  return parsed.value;
}
