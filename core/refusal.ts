/**
 * Rule 2, never guess: the exact `UN` a receiver sends for a message it cannot read.
 * `why=VER` when the version token is the problem, `why=UNK` for everything else: the reply
 * describes the message, never the receiver (not NOCAP, not SCOPE).
 */
import { _isToken, _prefix } from "./_chars.js";
import { _NOT_IN_LINE as NOT_IN_LINE } from "./_controls.js";
import type { LineCheck } from "./check-line.js";
import { isAgent, isMessageId, shownNumbers } from "./check-value.js";
import { _cutErrors, finding, result } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import { formatLine } from "./format-line.js";
import { _freshNumbers } from "./fresh-number.js";
import type { Message } from "./message.js";
import type { Envelope } from "./parse-line.js";
import { TAIL_MAX, VERSION } from "./vocabulary.js";

const SHOWN_MAX = 40;

/**
 * What a tail cannot hold (README note 5): C0 and C1 controls, the line breaks Unicode adds (NEL is
 * a C1 control; LINE and PARAGRAPH SEPARATOR), and lone surrogates. A JSON form's value can hold them.
 */
const NOT_IN_TAIL = new RegExp(NOT_IN_LINE.source, "g");

/** An item the UN can carry: a reference (no whitespace) that a line can hold. */
const isRef = (item: string): boolean => _isToken(item, false) && !NOT_IN_LINE.test(item);

/** A received value made safe to quote in a tail: one line, bounded, never cut inside a surrogate pair. */
function quote(text: string): string {
  const clean = text.replace(NOT_IN_TAIL, "?");
  return clean.length <= SHOWN_MAX ? clean : `${_prefix(clean, SHOWN_MAX - 1)}…`;
}

/** One short phrase per refusing finding, naming the offending code. */
function phrase(f: Finding): string {
  // A slot's key (or a rule's id) can be as long as the input: quoted cut like a value, so that
  // every phrase fits the tail and the first one always names the offending code.
  const slot = f.slot === undefined ? "line" : quote(f.slot);
  const got = f.received === undefined ? "" : quote(f.received);
  switch (f.code) {
    case "VERSION":
      return `unsupported version ${got}`;
    case "TYPE_UNKNOWN":
      return `unknown type ${got}`;
    case "ENUM_UNKNOWN":
    case "RB_UNKNOWN":
    case "ANS_UNKNOWN":
    case "PROFILE_UNKNOWN":
      return `unknown ${slot}=${got}`;
    case "PROFILE_REQUIRED":
      return `${slot}=${got} without p=`;
    case "MISSING_SLOT":
      return `missing ${slot}`;
    case "VALUE_TYPE":
    case "OUT_OF_RANGE":
      return `bad ${slot}=${got}`;
    case "TRANSLATION":
      return `${f.path === undefined ? "translation" : quote(f.path)} ${slot}`;
    default: {
      // A finding with no slot is placed by its position on the line (`SPACING at 4`), which
      // tells the sender where to look; "line" said nothing.
      const where = f.slot !== undefined ? slot : f.at !== undefined ? `at ${f.at}` : "message";
      return got === "" ? `${f.code} ${where}` : `${f.code} ${where} ${got}`;
    }
  }
}

/**
 * Joins phrases into a tail of at most 300 characters, saying how many did not fit: `cut` more
 * errors were counted, past the hundred findings a message lists, and are not listed at all.
 */
function tailOf(errors: readonly Finding[], cut: number): string {
  const phrases = [...new Set(errors.map(phrase))];
  let tail = "";
  for (let i = 0; i < phrases.length; i++) {
    const piece = (i === 0 ? "" : "; ") + phrases[i];
    const more = phrases.length - i - 1 + cut;
    const reserve = more > 0 ? `; +${more} more`.length : 0;
    if ([...tail].length + [...piece].length + reserve > TAIL_MAX) return `${tail}; +${more + 1} more`;
    tail += piece;
  }
  return cut > 0 ? `${tail}; +${cut} more` : tail;
}

/**
 * Builds the UN line that `receiver` sends for `subject` (a parsed message, or the envelope of a
 * line that did not parse). `n` is the receiver's message number for the reply's id.
 * Fails with UNADDRESSABLE when the subject has no valid id or sender to reply to, was sent by
 * the receiver itself, is addressed to another agent, or has the id the reply would take.
 */
export function refusal(subject: Message | Envelope, findings: readonly Finding[], receiver: string, n = 1): Result<string> {
  if (typeof receiver !== "string" || !isAgent(receiver)) throw new TypeError("refusal: receiver must be an agent name ([A-Za-z0-9._-]+)");
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError("refusal: n must be a non-negative integer");
  const errors = findings.filter((f) => f.severity === "error");
  if (errors.length === 0) throw new RangeError("refusal: the findings hold no error; there is nothing to refuse");
  const { id, from, to, item } = subject;
  const problems: Finding[] = [];
  if (id === null || !isMessageId(id)) {
    problems.push(finding("UNADDRESSABLE", "the message has no valid id to reply to (re=)", { slot: "id" }));
  }
  if (from === null || !isAgent(from)) {
    problems.push(finding("UNADDRESSABLE", "the message has no valid sender to reply to (to=)", { slot: "from" }));
  } else if (from === receiver) {
    problems.push(finding("UNADDRESSABLE", `the message was sent by ${receiver} itself: a UN to its own sender answers nobody`, { slot: "from", received: from }));
  }
  // Rule 2 is the receiver's: a UN from another agent answers a message it was never sent, and
  // check-thread would take it as a reply from the wrong party. An unreadable to= names nobody.
  if (from !== receiver && to !== null && isAgent(to) && to !== receiver) {
    problems.push(finding("UNADDRESSABLE", `the message is addressed to ${to}, not ${receiver}: only its receiver refuses it`, { slot: "to", expected: receiver, received: to }));
  }
  // re= never names the reply itself (RE_SELF): a message whose id claims the receiver's next number.
  if (id === `${receiver}-${n}`) problems.push(finding("UNADDRESSABLE", `the reply's id ${id} is the message's own: a UN may not reply to itself; number it past ${id}`, { slot: "id", received: id }));
  if (problems.length > 0) return result("", problems);
  const why = errors.some((f) => f.code === "VERSION") ? "VER" : "UNK";
  const reply: Message = {
    v: VERSION,
    type: "UN",
    id: `${receiver}-${n}`,
    re: id,
    from: receiver,
    to: from,
    item: item !== null && isRef(item) ? item : null,
    slots: { why },
    tail: tailOf(why === "VER" ? errors.filter((f) => f.code === "VERSION") : errors, findings.reduce((n, f) => n + _cutErrors(f), 0)),
  };
  return formatLine(reply);
}

/**
 * The UNs one receiver writes for the messages it reads, in order (rule 2): the answer to a message
 * that passes is null, to one refused its UN, numbered one past the receiver's own ids read so far
 * (the refused message's included, valid or not), past the receiver's ids their re= names, and
 * past its last UN, and `first` at least
 * (section 2: ids are unique within a conversation). Once that would pass 2^53 - 1, the lowest
 * number from `first` up that none of those ids and UNs has (freshNumber, as the Worker's thread
 * and make-rb number): one id such as `writer-9007199254740991`, which any line can carry, would
 * otherwise leave the receiver no refusal for the rest of the input. UNADDRESSABLE only when every
 * number from `first` to 2^53 - 1 is taken. rw validate --as and the Worker's POST /v1/validate
 * both number with it.
 */
export function refusals(receiver: string, first = 1): (checked: LineCheck) => Result<string> | null {
  const numbers = _freshNumbers(first);
  return (checked) => {
    const subject = checked.message ?? checked.envelope;
    // Only the receiver's own numbers move the numbering, its id's and its re='s (a message the
    // receiver sent, seen or not): shownNumbers gives 0 for another sender's id (and for
    // `<receiver>-0`, below every number a UN takes).
    for (const own of shownNumbers(subject, receiver)) if (own > 0) numbers.use(own);
    if (checked.ok) return null;
    const next = numbers.next();
    if (next === null) return result("", [finding("UNADDRESSABLE", `${receiver} has no message number left (the next would pass ${Number.MAX_SAFE_INTEGER})`)]);
    const reply = refusal(subject, checked.findings, receiver, next);
    if (reply.ok) numbers.use(next);
    return reply;
  };
}
