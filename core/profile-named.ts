/**
 * The profile a message names, as the reader reads it: what readMessage asks its resolver for. A
 * reader that loads profiles on demand (the playground) asks this before reading, so it waits only
 * for input that needs one, and never decides by its own rule what a line names.
 */
import { readMessage } from "./read-message.js";

/**
 * The name `input` is read with (an RW1 line's `p=` before its tail, a JSON form's `p`), or null
 * when it names none or is refused before its vocabulary is chosen (a JSON form of the wrong shape).
 * Found by reading it, so it cannot drift from readMessage: the answer is the resolver's question.
 */
export function profileNamed(input: string | object): string | null {
  let named: string | null = null;
  readMessage(input, (p) => {
    named = p;
    return undefined;
  });
  return named;
}
