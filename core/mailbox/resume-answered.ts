/**
 * A resumed agent waits for its answer (section 12: a fresh agent "sends `resume` with its
 * reconstructed state and intended action", "receives peer `state`, reconciles disagreement", and
 * "continues only after a causally linked response"; section 8: a returning holder "rehydrates with
 * `resume → state`"). From a callsign's `resume` in an arena until a message of another callsign
 * answers it (its `reply_to` is the resume; a root kind's citation answers nothing), anything else
 * that callsign sends there is RESUME_UNANSWERED: it acts on state no peer has confirmed yet. A
 * resume is answered once, by its first answer: a second answer to it ends no later resume's wait.
 *
 * Not held against it: another `resume` (which opens the wait again), a `blocked` or a `goodbye`
 * (surfacing the wait, or leaving, is not continuing), a message only to Handler seats (asking the
 * Handler), and a reply to a message that answers the resume (the answer is there, only sorting
 * later because two machines' clocks disagree). UUIDv7 order places the rest, as the right to work
 * does; an answer sorting before the resume it cites answers nothing where it sorts (its citation
 * places it after that resume: README note 172), nor does a reply to it sorting there, and that
 * resume, met with its answer already walked, opens no wait. The caller
 * gives the messages that speak for their senders, and the resumes an error refuses (an undeclared
 * succession): such a resume opens no wait.
 */
import { isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

/** Kinds a resumed agent may send while it waits: these do not continue the work. */
const WAITING_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set(["resume", "blocked", "goodbye"]);

/** The findings, over `trusted` (one entry per UUID, in UUID order); `refused` holds UUIDs an error refuses. */
export function resumesUnanswered(trusted: readonly MailboxEntry[], refused: ReadonlySet<string>): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  const resumes = new Map<string, MailboxEntry>();
  for (const entry of trusted) if (entry.envelope.kind === "resume" && !refused.has(entry.envelope.id)) resumes.set(entry.envelope.id, entry);
  if (resumes.size === 0) return findings;
  // What each answering message answers: another callsign's message citing a resume as its causal
  // parent; `waiter` is `arena NUL callsign` of the resume. A resume is answered once, by the first
  // such message in UUID order: a later one responds to state reconciled already, so it ends no
  // later resume's wait, nor does a reply to it follow an answer (README note 174).
  const answers = new Map<string, { resume: string; waiter: string }>();
  const answered = new Set<string>();
  for (const { envelope: e } of trusted) {
    if (e.reply_to === null || MAILBOX_KINDS[e.kind].parent === "root") continue;
    const resume = resumes.get(e.reply_to)?.envelope;
    if (resume === undefined || resume.from === e.from || answered.has(resume.id)) continue;
    answered.add(resume.id);
    answers.set(e.id, { resume: resume.id, waiter: `${resume.arena}\u0000${resume.from}` });
  }
  // An answer counts only from the resume it cites on: sorting before it, it answers nothing where
  // it sorts, and is there already when the walk meets its resume, which then opens no wait.
  const walked = new Set<string>();
  const answeredEarly = new Set<string>();
  const answering = (id: string | null) => {
    const answer = id === null ? undefined : answers.get(id);
    return answer !== undefined && walked.has(answer.resume) ? answer.waiter : undefined;
  };
  // `arena NUL callsign` → its resume still waiting for an answer.
  const waiting = new Map<string, string>();
  for (const entry of trusted) {
    const e = entry.envelope;
    const answer = answers.get(e.id);
    if (answer !== undefined) {
      if (walked.has(answer.resume)) waiting.delete(answer.waiter);
      else answeredEarly.add(answer.resume);
    }
    const key = `${e.arena}\u0000${e.from}`;
    if (resumes.has(e.id)) {
      walked.add(e.id);
      // A resume replaces its sender's earlier wait; one answered already waits for nothing.
      if (answeredEarly.has(e.id)) waiting.delete(key);
      else waiting.set(key, e.id);
      continue;
    }
    const resume = waiting.get(key);
    if (resume === undefined || WAITING_KINDS.has(e.kind) || e.to.every(isHandler)) continue;
    if (answering(e.reply_to) === key) continue;
    findings.push(mailboxFinding("RESUME_UNANSWERED", `${e.from} resumed with ${resume} and no message answers that resume yet: a resumed agent "continues only after a causally linked response" (section 12); wait for the peer's state or the Handler, or surface the wait with blocked`, at(entry)));
  }
  return findings;
}
