/**
 * The checks around an act, as `rw make-rb`, `rw check-rb`, `rw check-ho` and `rw check-dn` do
 * with `--json`: the core's report, unchanged. A message that does not parse is a 422 problem
 * naming it (there is nothing to check); a message that parses but breaks a rule goes to the
 * check, which reports it, exactly as the CLI does.
 */
import { checkDone, checkHandoff, checkReadback, checkRelay, readbackExpectations, criteriaUnread, formatLine, isSlotValueMap, makeReadback, parseCriteria, readMessage, readRecord, readbackSet, recordUnread } from "../../core/index.js";
import type { LineCheck, Message, ReadbackSet, ReceiverReadback, SlotValue, Vocabulary } from "../../core/index.js";
import { Input } from "../input.js";
import { ProblemError } from "../problem.js";
import { chosenProfile, profiles } from "../profiles.js";
import type { Profiles } from "../profiles.js";
import { json } from "../respond.js";
import type { Env } from "../env.js";
import type { RouteContext } from "../router.js";

/** A JSON object of slot values (the shape the core's API takes), or undefined. */
function slotValues(input: Input, name: string): Record<string, SlotValue> | undefined {
  const value = input.json(name);
  if (value === undefined) return undefined;
  if (!isSlotValueMap(value)) throw new ProblemError("invalid-request", `${name}: a JSON object of slot values (strings, whole numbers, booleans, or arrays of them)`, { parameter: name });
  return value;
}

/** Acceptance criteria as the core takes them: `key:value` joined with `+`, or an array of them. */
function criteria(input: Input, name: string): string | string[] | undefined {
  const value = input.rawList(name);
  if (value === undefined || typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  throw new ProblemError("invalid-request", `${name}: criteria joined with + (len:120w+tone:plain), or an array of them`, { parameter: name });
}

/**
 * `expectAcc` (check-rb, check-dn): the sender's withheld criteria, read at tier 4. For an HO whose
 * rb= never reads them they would be ignored in silence, and criteria that are not criteria are the
 * sender's input error, as on a thread's challenge: both are refused (400), as rw refuses them.
 */
function withheldCriteria(input: Input, asked: ReadbackSet, vocabulary: Vocabulary): string | string[] | undefined {
  const expectAcc = criteria(input, "expectAcc");
  if (expectAcc === undefined) return undefined;
  const notRead = criteriaUnread(asked);
  if (notRead !== null) throw new ProblemError("invalid-request", `expectAcc: read at tier 4, which this HO does not ask: ${notRead}`, { parameter: "expectAcc" });
  const read = parseCriteria(expectAcc, vocabulary);
  if (read.findings.length > 0) throw new ProblemError("invalid-request", `expectAcc: ${read.findings.map((f) => f.message).join("; ")}`, { parameter: "expectAcc", findings: read.findings });
  return expectAcc;
}

/** The message a parameter holds, read as a receiver reads it; one that does not parse is a 422. */
function parsed(name: string, value: string | object, p: Profiles): LineCheck & { readonly message: Message } {
  const checked = readMessage(value, p.resolve);
  if (checked.message === null) {
    throw new ProblemError("invalid-message", `${name} does not parse: ${checked.findings.map((f) => f.message).join("; ")}`, { parameter: name, findings: checked.findings });
  }
  return checked as LineCheck & { readonly message: Message };
}

/** The sender's record, checked by the core against the vocabulary; refused is a 422. */
function record(input: Input, vocabulary: Vocabulary) {
  const value = input.json("record");
  if (value === undefined) return undefined;
  const r = readRecord(value, vocabulary);
  if (!r.ok) throw new ProblemError("invalid-record", `the record is refused: ${r.findings.map((f) => f.message).join("; ")}`, { parameter: "record", findings: r.findings });
  return r.value;
}

async function read(context: RouteContext<Env>, accepted: readonly ("json" | "text")[], options: readonly string[]): Promise<{ input: Input; profiles: Profiles }> {
  const input = await Input.read(context.request, context.url, context.env, accepted, ["profile", ...options]);
  return { input, profiles: profiles(chosenProfile(input.raw("profile"))) };
}

const RECEIVER = ["n", "acc", "do", "not", "asm", "eta", "exp", "tail", "exec"] as const;

/** `rw make-rb`: the readback composed by code from the HO as delivered. */
export async function makeRbRoute(context: RouteContext<Env>): Promise<Response> {
  const { input, profiles: p } = await read(context, ["json", "text"], ["ho", ...RECEIVER]);
  const { ho: hoValue } = input.messages(["ho"]);
  const ho = readMessage(hoValue as string | object, p.resolve);
  const receiver: ReceiverReadback = {
    ...optional("n", input.count("n")),
    ...optional("acc", input.list("acc")),
    ...optional("do", input.string("do")),
    ...optional("not", input.list("not")),
    ...optional("asm", input.list("asm")),
    ...optional("eta", input.string("eta")),
    ...optional("exp", input.string("exp")),
    ...optional("tail", input.string("tail")),
    ...optional("exec", slotValues(input, "exec")),
  };
  // `invalid` names the input that prevents a readback, as rw make-rb --json names it.
  if (ho.message === null || !ho.ok) return json({ ok: false, invalid: "HO", line: null, message: null, findings: ho.findings });
  const rb = makeReadback(ho.message, receiver, p.vocabularyOf(ho.message));
  const line = rb.ok ? formatLine(rb.value) : null;
  return json({ ok: rb.ok, line: line?.ok ? line.value : null, message: rb.value, findings: rb.findings });
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** `rw check-rb`: the readback against its HO, tiers 1 to 5. */
export async function checkRbRoute(context: RouteContext<Env>): Promise<Response> {
  const { input, profiles: p } = await read(context, ["json", "text"], ["ho", "rb", "expectAcc", "record"]);
  const given = input.messages(["ho", "rb"]);
  const ho = parsed("ho", given["ho"] as string | object, p);
  const rb = parsed("rb", given["rb"] as string | object, p);
  const vocabulary = p.vocabularyOf(ho.message);
  // What the HO's rb= never reads would be ignored in silence and the readback pass without it:
  // refused instead, as rw check-rb refuses --expect-acc and --record.
  const asked = readbackSet(ho.message, vocabulary);
  const expectAcc = withheldCriteria(input, asked, vocabulary);
  const unread = recordUnread(asked);
  if (input.raw("record") !== undefined && unread !== null) throw new ProblemError("invalid-request", `record: read at tier 5, which this HO does not ask: ${unread}`, { parameter: "record" });
  const sender = record(input, vocabulary);
  const report = checkReadback(ho.message, rb.message, vocabulary, readbackExpectations(expectAcc, sender));
  return json(report);
}

/** `rw check-ho`: an HO against the approval record before it is sent, or a relay's forward. */
export async function checkHoRoute(context: RouteContext<Env>): Promise<Response> {
  const { input, profiles: p } = await read(context, ["json"], ["ho", "record", "relayFrom", "adds"]);
  const ho = parsed("ho", input.messages(["ho"])["ho"] as string | object, p);
  const vocabulary = p.vocabularyOf(ho.message);
  const relayFrom = input.raw("relayFrom");
  const hasRecord = input.raw("record") !== undefined;
  if ((relayFrom === undefined) === !hasRecord) {
    throw new ProblemError("invalid-request", "give record (before sending) or relayFrom (a relay's forward), one of them", { parameter: relayFrom === undefined ? "record" : "relayFrom" });
  }
  if (relayFrom !== undefined) {
    const received = parsed("relayFrom", input.messages(["relayFrom"])["relayFrom"] as string | object, p);
    // checkRelay reads adds as readRecord reads a record's values; only their JSON shape is checked here.
    return json(checkRelay(ho.message, received.message, vocabulary, slotValues(input, "adds") ?? {}));
  }
  if (input.raw("adds") !== undefined) throw new ProblemError("invalid-request", "adds: only with relayFrom", { parameter: "adds" });
  return json(checkHandoff(ho.message, record(input, vocabulary) as NonNullable<ReturnType<typeof record>>, vocabulary));
}

/** `rw check-dn`: the done report against the plan. */
export async function checkDnRoute(context: RouteContext<Env>): Promise<Response> {
  const { input, profiles: p } = await read(context, ["json", "text"], ["ho", "dn", "rb", "expectAcc", "record"]);
  const given = input.messages(["ho", "dn", "rb"], 1);
  const ho = parsed("ho", given["ho"] as string | object, p);
  const dn = parsed("dn", given["dn"] as string | object, p);
  const rb = given["rb"] === undefined ? undefined : parsed("rb", given["rb"], p);
  const vocabulary = p.vocabularyOf(ho.message);
  // The withheld criteria judge only the readback, at tier 4, as check-rb took them (note 137): with
  // no readback they would be ignored in silence, refused as rw check-dn refuses them. A record
  // needs no readback: it holds the HO itself (note 99), as a thread's check-dn reads it.
  if (input.raw("expectAcc") !== undefined && rb === undefined) throw new ProblemError("invalid-request", "expectAcc: judges the readback (rb) at tier 4, as check-rb did; give rb", { parameter: "expectAcc" });
  const asked = readbackSet(ho.message, vocabulary);
  const expectAcc = withheldCriteria(input, asked, vocabulary);
  const unread = recordUnread(asked);
  if (input.raw("record") !== undefined && unread !== null) throw new ProblemError("invalid-request", `record: checks resolved execution values, which this HO does not ask for: ${unread}`, { parameter: "record" });
  const sender = record(input, vocabulary);
  return json(checkDone(ho.message, dn.message, vocabulary, rb?.message, readbackExpectations(expectAcc, sender)));
}
