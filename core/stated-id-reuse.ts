/**
 * A thread's line under the id of the RB one of its statements states (section 5.3): the id is the
 * statement's while the statement may still run or has run, to be relayed under it. One function,
 * so the Worker's thread and anything replaying it (the differential check of the thread's clock)
 * decide it the same way rather than each spelling it.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Message } from "./message.js";
import type { Statement, StatementStore } from "./statement.js";

/** Whether `statement` holds the id of its RB at `now`: pending in its window (the minute of `exp` still in it), or committed. */
function holdsReadbackId(statement: Statement, now: string): boolean {
  return statement.state === "committed" || (statement.state === "pending" && statement.exp >= now);
}

/**
 * THREAD_ID_REUSED for `message` arriving at `now` (`YYYYMMDDTHHMMZ`) under the id of the RB a
 * pending (in its window) or committed statement of the store states, unless `message` relays that
 * statement (an RB with its `x_tok`, which relayedStatement then checks); else null. A message id
 * names one message (section 2), and stored, the line would leave the statement's RB unrelayable,
 * so its act could never clear. A prepare refuses an RB under an id the thread holds; this is the
 * other way round. The store looks the id up (`statementsStating`, by index in the Worker's thread).
 */
export function statedIdReuse(store: Required<Pick<StatementStore, "statementsStating">>, message: Message, now: string): Finding | null {
  const statement = store.statementsStating(message.id).find((s) => holdsReadbackId(s, now));
  if (statement === undefined) return null;
  if (message.type === "RB" && message.slots["x_tok"] === statement.token) return null;
  return finding("THREAD_ID_REUSED", `${message.id} is the id of the readback a statement prepared for ${statement.handoff} states, to be relayed under it; a message id names one message, so send this line under another id`, { slot: "id", received: message.id });
}
