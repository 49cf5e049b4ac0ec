/**
 * Who speaks a line: its `from=` (section 2; the id's prefix must be the same agent, note 16). A
 * holder of a conversation that knows who is appending (the Worker, under an agent token) takes
 * from that agent only the lines it says itself: a line naming another sender would put words in
 * that agent's mouth, and one whose sender cannot be read cannot be shown to be the agent's.
 */
import { _cut } from "./_chars.js";
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Envelope } from "./parse-line.js";

/** The refusal of a line appended by `agent` when its `from=` is not `agent`, or null when it is. */
export function foreignSender(envelope: Envelope, agent: string): Finding | null {
  if (envelope.from === agent) return null;
  // Quoted cut, as every finding quotes a token (note 36): the line is not yet known to be valid.
  const said = envelope.from === null ? "its from= cannot be read" : `it is from=${_cut(envelope.from)}`;
  const line = envelope.id === null ? "this line" : _cut(envelope.id);
  return finding("THREAD_SENDER_NOT_AGENT", `${line}: ${said}, and the agent appending it is ${agent}; an agent appends only its own lines (from=${agent})`, {
    slot: "from",
    expected: agent,
    ...(envelope.from === null ? {} : { received: _cut(envelope.from) }),
  });
}
