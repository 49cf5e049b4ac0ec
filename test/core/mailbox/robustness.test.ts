// Robustness of `rogerwilco/mailbox`'s entry points: every export that reads outside input (files'
// text, YAML front matter, names, UUIDs, paths, disposition and cursor lines, stored JSON) answers
// ANY input with a typed value (findings with codes of MAILBOX_CODES, or of FINDING_CODES for the
// RW1 lines of a body), never a throw; the functions over what the readers return never crash; no
// call changes its input or a built-in prototype. The table below is checked against the module's
// export list, so a new export is covered or excluded with a reason.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { FINDING_CODES, profileResolver } from "../../../core/index.js";
import * as mailbox from "../../../core/mailbox/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";
import { buildMessage, readCase, Symbols } from "../../conformance/mailbox-suite.js";
import type { ConversationCase, MessageVector, ReconcileCase } from "../../conformance/mailbox-suite.js";
import type { Entry, Held } from "../_entry-robustness.js";
import { anyText, anyValue, describeEntries, expectSchemasAnswerDeep, expectTypedAnswer, functionExports, isPlainObject, isRowOf, nameOf, nestedDeep, notObject, notText, hostileText, mutationsOf, numberArb, RUNS, schemaExports, textMutationsOf } from "../_entry-robustness.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "mailbox");
const jsonl = <T>(file: string): T[] => readFileSync(join(DIR, file), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);
const cases = <T>(folder: string): T[] => readdirSync(join(DIR, folder)).filter((f) => f.endsWith(".json")).sort().map((f) => JSON.parse(readFileSync(join(DIR, folder, f), "utf8")) as T);
const CODES: Readonly<Record<string, string>> = { ...mailbox.MAILBOX_CODES, ...FINDING_CODES };
const resolve = profileResolver(null, shippedVocabulary);

/** The message files the conformance vectors write: valid ones and refused ones. */
const messageTexts = jsonl<MessageVector>("messages.jsonl").map((v) => buildMessage(new Symbols(mailbox), { ...v, id: "m" }));
const conversations = [...cases<ConversationCase>("conversations"), ...cases<ReconcileCase>("reconcile")].map((c) => {
  const symbols = new Symbols(mailbox);
  const { entries } = readCase(symbols, c.messages, mailbox);
  return { c, symbols, entries };
});
const reconcileCases = cases<ReconcileCase>("reconcile").map((c) => {
  const symbols = new Symbols(mailbox);
  const { entries } = readCase(symbols, c.messages, mailbox);
  return { c, entries, dispositions: symbols.fill(c.dispositions) as unknown[], cursor: symbols.fill(c.cursor ?? []) as string[] };
});
const envelopes = conversations.flatMap((x) => x.entries.map((e) => e.envelope));
const allEntries = conversations.flatMap((x) => x.entries);
const bodies = allEntries.map((e) => e.body ?? "");
const uuids = envelopes.map((e) => e.id);

const textArb = fc.oneof(anyText, textMutationsOf(messageTexts));
const bodyArb = fc.oneof(anyText, textMutationsOf(bodies.filter((b) => b !== "")));
const callsignArb = fc.oneof(hostileText, fc.constantFrom("VEGA", "LYRA", "HANDLER", "ALL", "CON", "A", "VEGA-2", "vega", "Ⅷ", "A--B"), fc.stringMatching(/^[A-Z][A-Z0-9-]{0,14}$/));
const uuidArb = fc.oneof(hostileText, fc.constantFrom(...uuids), fc.uuid(), fc.constantFrom(...uuids).map((u) => u.toUpperCase()));
const kindArb = fc.oneof(hostileText, fc.constantFrom(...mailbox.KIND_NAMES));
const knownFieldsArb = fc.record({ kind: kindArb, expects_reply: fc.boolean(), availability: fc.oneof(fc.constant(null), fc.dictionary(hostileText, anyValue, { maxKeys: 3 })), terms: fc.option(hostileText) }, { requiredKeys: ["kind"] });
/** A parent's known fields as a caller can give them: an object (well or badly shaped), or no object at all, a misuse. */
const parentArb = fc.oneof({ weight: 3, arbitrary: knownFieldsArb }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) }, { weight: 1, arbitrary: notText });
const notFields = (parent: unknown): boolean => parent === null || typeof parent !== "object";
const pathArb = fc.oneof(hostileText, fc.constantFrom("/home/a/mailbox", "C:\\Users\\a\\mailbox", "\\\\server\\share\\m", "//server/share", "/", "c:/x/../y", "/a/./b//c/"));
const filenameArb = fc.oneof(hostileText, fc.constantFrom(...allEntries.map((e) => e.file ?? "x.md")), textMutationsOf(allEntries.map((e) => e.file ?? "x.md")));

/** Mailbox entries as the reader returns them: a conversation's messages, some texts edited, refused ones dropped. */
const entriesArb: fc.Arbitrary<mailbox.MailboxEntry[]> = fc.tuple(fc.nat({ max: conversations.length - 1 }), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("\n", ": x", "- ", "'", "[", "#", "\u0000", "\uFEFF", "ALL", "HANDLER", "goodbye", "ack", "reply_to: ''")), { maxLength: 3 })).map(([i, edits]) => {
  const { entries } = conversations[i] as (typeof conversations)[number];
  return entries.flatMap((e, j) => {
    const edit = edits.find(([which]) => which % entries.length === j);
    if (edit === undefined) return [e];
    const text = `---\n${JSON.stringify({ meta: { mailbox: e.envelope } })}\n---\n${e.body ?? ""}`;
    const at = edit[1] % (text.length + 1);
    const r = mailbox.readMailboxMessage(text.slice(0, at) + edit[2] + text.slice(at + 1));
    return r.ok && r.envelope !== null ? [{ ...e, envelope: r.envelope, body: r.body ?? "" }] : [];
  });
});
const envelopeArb = fc.oneof(fc.constantFrom(...envelopes), entriesArb.filter((es) => es.length > 0).map((es) => (es[0] as mailbox.MailboxEntry).envelope));
const threadsOf = (sorted: readonly mailbox.MailboxEntry[]): Map<string, mailbox.MailboxEntry[]> => {
  const m = new Map<string, mailbox.MailboxEntry[]>();
  for (const e of sorted) m.set(e.envelope.thread, [...(m.get(e.envelope.thread) ?? []), e]);
  return m;
};
const analysisOf = (entries: readonly mailbox.MailboxEntry[]): mailbox.MailboxAnalysis => mailbox.analyzeMailbox(entries);

const bool = (a: unknown): void => expect(typeof a).toBe("boolean");
const str = (a: unknown): void => expect(typeof a).toBe("string");
const strOrNull = (a: unknown): void => expect(a === null || typeof a === "string").toBe(true);
const strings = (a: unknown): void => expect(Array.isArray(a) && a.every((s) => typeof s === "string")).toBe(true);
const reading = (a: unknown): void => {
  const r = a as mailbox.MailboxReading;
  expect(typeof r.ok).toBe("boolean");
  expect(r.ok === !mailbox.hasMailboxError(r.findings)).toBe(true);
  expectTypedAnswer(r.rw1, CODES, "rw1");
};
const optionsArb = fc.record({ mode: fc.constantFrom("inbound", "outbound"), parent: fc.option(fc.record({ id: uuidArb, kind: kindArb, file: fc.option(hostileText), expects_reply: fc.boolean(), availability: fc.option(fc.dictionary(hostileText, anyValue, { maxKeys: 2 })), terms: fc.option(hostileText) }, { requiredKeys: ["id", "kind"] })) }, { requiredKeys: [] });

/** Exports that read outside input, or take what the readers return. */
const covered: Record<string, Entry> = {
  // Files' text and YAML front matter.
  readMailboxMessage: { args: fc.tuple(textArb, optionsArb), answer: reading, runs: RUNS * 2 },
  preflight: { args: fc.tuple(textArb), answer: reading },
  splitFrontmatter: { args: fc.tuple(textArb), answer: (a) => expect(a !== null && typeof a === "object").toBe(true) },
  countLines: { args: fc.tuple(textArb), answer: (a) => expect(Number.isInteger(a)).toBe(true) },
  yamlTooDeep: { args: fc.tuple(fc.oneof(textArb, fc.nat({ max: 3000 }).map((n) => "- ".repeat(n) + "x")), fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined })), answer: (a) => expect(a === null || Number.isInteger(a)).toBe(true) },
  // Bodies.
  wikilinks: { args: fc.tuple(bodyArb), answer: strings },
  linksTo: { args: fc.tuple(fc.array(hostileText, { maxLength: 4 }), filenameArb), answer: bool },
  claimsToFollowWelcomes: { args: fc.tuple(bodyArb), answer: bool },
  rw1Lines: { args: fc.tuple(bodyArb, fc.integer({ min: 1, max: 100 }), fc.constant(resolve), fc.option(fc.nat({ max: 50 }), { nil: undefined })), answer: (a) => expectTypedAnswer(a, CODES, "rw1Lines") },
  unsafeArtifactPaths: { args: fc.tuple(bodyArb), answer: strings },
  reEntryOf: { args: fc.tuple(fc.option(bodyArb, { nil: undefined })), answer: (a) => expect([null, "returning", "final"]).toContain(a) },
  uuidInCursorEntry: { args: fc.tuple(fc.oneof(anyText, uuidArb, uuidArb.map((u) => `${u}  # note`))), answer: strOrNull },
  // Names, UUIDs, times, paths, filenames.
  isCallsign: { args: fc.tuple(fc.oneof(callsignArb, anyValue)), answer: bool },
  // The name is data (a finding whatever it is); the slot, the caller's field name, is misused when no string.
  callsignFindings: { args: fc.tuple(fc.oneof(callsignArb, anyValue), fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: notText })), answer: (a) => expectTypedAnswer({ findings: a }, CODES, "callsignFindings"), mayThrow: (_name: unknown, slot: unknown) => typeof slot !== "string" },
  isHandler: { args: fc.tuple(callsignArb), answer: bool },
  isReserved: { args: fc.tuple(callsignArb), answer: bool },
  isGeneratable: { args: fc.tuple(callsignArb), answer: bool },
  generateCallsign: { args: fc.tuple(fc.array(callsignArb, { maxLength: 5 }), fc.record({ family: fc.constantFrom(...(Object.keys(mailbox.CALLSIGN_SEEDS) as mailbox.CallsignFamily[])) }, { requiredKeys: [] })), answer: strOrNull },
  neighbourCallsign: { args: fc.tuple(callsignArb, fc.array(callsignArb, { maxLength: 5 })), answer: strOrNull },
  suffixedCallsign: { args: fc.tuple(callsignArb, fc.array(callsignArb, { maxLength: 5 })), answer: strOrNull },
  isUuid7: { args: fc.tuple(fc.oneof(uuidArb, anyValue)), answer: bool },
  uuid7Problem: { args: fc.tuple(fc.oneof(uuidArb, anyValue)), answer: strOrNull },
  uuid7Time: { args: fc.tuple(uuidArb), answer: (a) => expect(Number.isSafeInteger(a)).toBe(true), mayThrow: (id: string) => !mailbox.isUuid7(id) },
  newUuid7: { args: fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.record({ msecs: numberArb, random: fc.oneof({ weight: 3, arbitrary: fc.uint8Array({ maxLength: 20 }) }, { weight: 1, arbitrary: notText }) }, { requiredKeys: [] }) }, { weight: 1, arbitrary: notObject.filter((o) => o !== undefined) })), answer: (a) => expect(mailbox.isUuid7(a)).toBe(true), mayThrow: () => true },
  isoTime: { args: fc.tuple(fc.oneof(hostileText, anyValue, fc.date({ noInvalidDate: true }).map((d) => d.toISOString()))), answer: (a) => expect(a === null || Number.isFinite(a)).toBe(true) },
  isRootId: { args: fc.tuple(fc.oneof(hostileText, anyValue)), answer: bool },
  sameRootId: { args: fc.tuple(hostileText, hostileText), answer: bool },
  normaliseRootPath: { args: fc.tuple(pathArb, fc.record({ windows: fc.boolean() }, { requiredKeys: [] })), answer: str, mayThrow: () => true },
  mailboxRootId: { args: fc.tuple(pathArb, fc.record({ windows: fc.boolean() }, { requiredKeys: [] })), answer: (a) => expect(mailbox.isRootId(a)).toBe(true), mayThrow: () => true, held: { labels: ["normaliseRootPath"] } },
  parseFilename: { args: fc.tuple(fc.oneof({ weight: 3, arbitrary: filenameArb }, { weight: 1, arbitrary: notText })), answer: (a) => expect(a === null || typeof a === "object").toBe(true) },
  isSlug: { args: fc.tuple(fc.oneof(hostileText, notText)), answer: bool },
  slugify: { args: fc.tuple(anyText), answer: (a) => expect(mailbox.isSlug(a as string)).toBe(true) },
  isConflictCopy: { args: fc.tuple(filenameArb), answer: bool },
  misnamedMessage: { args: fc.tuple(filenameArb), answer: strOrNull },
  filenameTimeProblem: { args: fc.tuple(numberArb), answer: strOrNull },
  formatFilename: { args: fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.record({ time: numberArb, callsign: fc.oneof(callsignArb, notText), kind: fc.oneof(kindArb, nameOf(mailbox.MAILBOX_KINDS)), slug: fc.oneof(hostileText, notText), millis: fc.boolean() }, { requiredKeys: ["time", "callsign", "kind", "slug"] }) }, { weight: 1, arbitrary: notObject })), answer: str, mayThrow: () => true },
  messageFilename: { args: fc.tuple(fc.oneof({ weight: 3, arbitrary: fc.array(fc.oneof({ weight: 3, arbitrary: filenameArb }, { weight: 1, arbitrary: notText }), { maxLength: 4 }) }, { weight: 1, arbitrary: notObject }), fc.oneof({ weight: 3, arbitrary: fc.record({ time: numberArb, callsign: callsignArb, kind: kindArb, slug: hostileText }) }, { weight: 1, arbitrary: notObject })), answer: (a) => expect(typeof (a as { file: unknown }).file).toBe("string"), mayThrow: () => true, held: { labels: ["formatFilename"] } },
  filenameFindings: { args: fc.tuple(filenameArb, fc.option(envelopeArb)), answer: (a) => expectTypedAnswer({ findings: a }, CODES, "filenameFindings") },
  // Stored records and lines: dispositions, anomaly records, a contract's files, a parent's fields.
  effectiveDispositions: { args: fc.tuple(fc.oneof(fc.array(anyValue, { maxLength: 4 }), fc.constantFrom(...reconcileCases.map((r) => r.dispositions)), mutationsOf(reconcileCases.map((r) => r.dispositions)).map((d) => (Array.isArray(d) ? d : [d])))), answer: (a) => expectTypedAnswer(a, CODES, "effectiveDispositions") },
  readAnomalyRecord: { args: fc.tuple(fc.oneof(anyValue, mutationsOf([{ file: "20261001T090000Z-VEGA-hello-x.md", fingerprint: "a".repeat(64), state: "open" }]))), answer: (a) => expect(typeof (a as { ok: unknown }).ok).toBe("boolean") },
  // Each file's path and bytes are what the caller read from disk: typed, so misused when of another type.
  contractManifest: {
    args: fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.array(fc.oneof({ weight: 4, arbitrary: fc.record({ path: fc.oneof({ weight: 4, arbitrary: fc.oneof(pathArb, fc.constantFrom("SKILL.md", "a/b.md", "..\\x", "a\\b.md")) }, { weight: 1, arbitrary: notText }), bytes: fc.oneof({ weight: 4, arbitrary: fc.uint8Array({ maxLength: 40 }) }, { weight: 1, arbitrary: notText }) }) }, { weight: 1, arbitrary: notObject }), { maxLength: 4 }) }, { weight: 1, arbitrary: notObject })),
    answer: (a) => expectTypedAnswer(a, CODES, "contractManifest"),
    mayThrow: (files: unknown) => !Array.isArray(files) || files.some((f: unknown) => !isPlainObject(f) || typeof (f as { path?: unknown }).path !== "string" || !((f as { bytes?: unknown }).bytes instanceof Uint8Array)),
  },
  parentFromFields: { args: fc.tuple(fc.record({ id: fc.oneof(uuidArb, anyValue), kind: fc.oneof(kindArb, anyValue), file: fc.option(filenameArb), fields: fc.oneof(fc.dictionary(fc.oneof(hostileText, fc.constantFrom(...mailbox.PARENT_FIELDS)), anyValue, { maxKeys: 4 }), mutationsOf(envelopes.slice(0, 10))) }, { requiredKeys: ["id", "kind", "fields"] }).filter((g) => g.fields !== null && typeof g.fields === "object")), answer: (a) => expectTypedAnswer(a, CODES, "parentFromFields") },
  reconcile: {
    args: fc.tuple(fc.nat({ max: reconcileCases.length - 1 }), fc.oneof(callsignArb, fc.constant(undefined)), fc.oneof(fc.array(anyValue, { maxLength: 3 }), mutationsOf(reconcileCases.map((r) => r.dispositions))), fc.array(fc.oneof(anyText, uuidArb), { maxLength: 3 }), numberArb).map(([i, who, dispositions, cursor, now]) => {
      const r = reconcileCases[i] as (typeof reconcileCases)[number];
      return [{ participant: who ?? r.c.participant, messages: r.entries, dispositions: Array.isArray(dispositions) ? dispositions : [dispositions], cursor: [...r.cursor, ...cursor], now }] as const;
    }),
    answer: (a) => expectTypedAnswer(a, CODES, "reconcile"),
    runs: RUNS / 2,
  },
  // Over what the readers return.
  analyzeMailbox: { args: fc.tuple(entriesArb, fc.record({ now: fc.option(numberArb), budget: fc.integer({ min: -1, max: 50 }), primer: fc.constantFrom("present", "missing", "unusable") }, { requiredKeys: [] })), answer: (a) => expectTypedAnswer(a, CODES, "analyzeMailbox"), runs: RUNS / 2 },
  byUuid: { args: fc.tuple(entriesArb), answer: (a) => expect(Array.isArray(a)).toBe(true) },
  handshakes: { args: entriesArb.map((es) => [mailbox.byUuid(es), threadsOf(mailbox.byUuid(es))] as const), answer: (a) => expectTypedAnswer(a, CODES, "handshakes") },
  callsignClaims: { args: fc.tuple(entriesArb.map(mailbox.byUuid), fc.record({ now: fc.option(numberArb), ttlDays: numberArb }, { requiredKeys: [] })), answer: (a) => expectTypedAnswer(a, CODES, "callsignClaims") },
  unavailableCallsigns: { args: fc.tuple(entriesArb.map((es) => mailbox.callsignClaims(mailbox.byUuid(es)).callsigns), hostileText), answer: strings },
  participants: { args: fc.tuple(entriesArb), answer: (a) => expect(Array.isArray(a)).toBe(true) },
  participantStatuses: { args: fc.tuple(entriesArb), answer: (a) => expect(a instanceof Map).toBe(true) },
  threadClosures: { args: entriesArb.map((es) => [es, analysisOf(es).quarantine] as const), answer: (a) => expect(a instanceof Map).toBe(true), runs: RUNS / 2 },
  archiveBlocksMessage: { args: fc.tuple(entriesArb, fc.record({ thread: uuidArb })), answer: (a) => expectTypedAnswer({ findings: a === null ? [] : [a] }, CODES, "archiveBlocksMessage") },
  mayHoldSettledTags: { args: fc.tuple(entriesArb, uuidArb), answer: bool },
  settledTagSet: {
    args: entriesArb.chain((es) => {
      const shakes = [...mailbox.handshakes(mailbox.byUuid(es), threadsOf(mailbox.byUuid(es))).handshakes.values()];
      return shakes.length === 0 ? fc.constant(null) : fc.tuple(fc.constantFrom(...shakes), fc.record({ from: callsignArb, to: fc.array(callsignArb, { maxLength: 3 }) }));
    }).filter((x): x is [mailbox.Handshake, { from: string; to: string[] }] => x !== null),
    answer: (a) => expect(a === null || Array.isArray(a)).toBe(true),
  },
  publicationFindings: { args: fc.tuple(entriesArb.map((entries) => ({ files: entries.map((e) => ({ file: e.file ?? "x.md", ok: true, id: e.envelope.id })), entries })), envelopeArb, hostileText), answer: (a) => expectTypedAnswer({ findings: a }, CODES, "publicationFindings") },
  rootBindingDrift: { args: fc.tuple(callsignArb, fc.record({ arena: hostileText, machine: hostileText, root: hostileText }), fc.record({ arena: hostileText, machine: hostileText, root: hostileText })), answer: (a) => expectTypedAnswer({ findings: a === null ? [] : [a] }, CODES, "rootBindingDrift") },
  exchangeBudget: { args: fc.tuple(entriesArb, numberArb).map(([es, limit]) => [es, limit, []] as const), answer: (a) => expect(typeof (a as { state: unknown }).state).toBe("string"), held: { out: [2] } },
  repairedAnomaly: { args: fc.tuple(envelopeArb), answer: strOrNull },
  restoredDisposition: {
    args: fc.tuple(fc.nat({ max: reconcileCases.length - 1 }), uuidArb, fc.oneof(hostileText, fc.date({ noInvalidDate: true }).map((d) => d.toISOString()))).chain(([i, rid, when]) => {
      const r = reconcileCases[i] as (typeof reconcileCases)[number];
      const items = mailbox.reconcile({ participant: r.c.participant, messages: r.entries, dispositions: r.dispositions, cursor: r.cursor, now: Date.parse(r.c.now) }).items;
      return items.length === 0 ? fc.constant(null) : fc.constantFrom(...items).map((item) => [item, rid, when] as const);
    }).filter((x) => x !== null),
    answer: (a) => expect(a === null || typeof a === "object").toBe(true),
  },
  primerFindings: { args: fc.tuple(fc.constantFrom("present", "missing", "unusable", undefined), numberArb, fc.option(callsignArb, { nil: undefined })), answer: (a) => expectTypedAnswer({ findings: a }, CODES, "primerFindings") },
  primerBlocksClaim: { args: fc.tuple(fc.constantFrom("present", "missing", "unusable", undefined), kindArb), answer: (a) => expectTypedAnswer({ findings: a === null ? [] : [a] }, CODES, "primerBlocksClaim") },
  // A field outside the handshake's two, or a kind outside section 5's, is a misuse (the kind is a
  // read envelope's, the field one of HANDSHAKE_FIELD_KINDS): a labelled RangeError.
  handshakeFieldProblem: { args: fc.tuple(nameOf(mailbox.HANDSHAKE_FIELD_KINDS), fc.oneof(kindArb, nameOf(mailbox.MAILBOX_KINDS)), fc.boolean(), fc.option(fc.boolean(), { nil: undefined })), answer: strOrNull, mayThrow: (field: unknown, kind: unknown) => !isRowOf(mailbox.HANDSHAKE_FIELD_KINDS, field) || !isRowOf(mailbox.MAILBOX_KINDS, kind) },
  // A parent that is no object of known fields is a misuse too (a labelled TypeError).
  proposalAnswerProblem: { args: fc.tuple(nameOf(mailbox.HANDSHAKE_FIELD_KINDS), fc.oneof(kindArb, nameOf(mailbox.MAILBOX_KINDS)), parentArb), answer: strOrNull, mayThrow: (field: unknown, kind: unknown, parent: unknown) => !isRowOf(mailbox.HANDSHAKE_FIELD_KINDS, field) || !isRowOf(mailbox.MAILBOX_KINDS, kind) || notFields(parent) },
  availabilityReplyProblem: { args: fc.tuple(fc.oneof(kindArb, nameOf(mailbox.MAILBOX_KINDS)), callsignArb, parentArb), answer: strOrNull, mayThrow: (kind: unknown, _from: unknown, parent: unknown) => !isRowOf(mailbox.MAILBOX_KINDS, kind) || notFields(parent) },
  unaskedAckProblem: { args: fc.tuple(fc.oneof(fc.constant("ack"), kindArb), callsignArb, parentArb), answer: strOrNull, mayThrow: (_kind: unknown, _from: unknown, parent: unknown) => notFields(parent) },
  isAvailabilityFyi: { args: fc.tuple(parentArb), answer: bool },
  parentInfo: {
    args: fc.tuple(fc.oneof({ weight: 3, arbitrary: envelopeArb }, { weight: 1, arbitrary: notObject }), fc.oneof({ weight: 3, arbitrary: fc.option(filenameArb, { nil: undefined }) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: notText })),
    answer: (a) => expect(typeof (a as { id: unknown }).id).toBe("string"),
    mayThrow: (parent: unknown, file: unknown) => !isPlainObject(parent) || !(file === undefined || file === null || typeof file === "string"),
  },
};

/** Exports that read no outside input, with why. */
const notReading: Record<string, string> = {
  mailboxFinding: "builds a finding from the caller's own code and message (typed MailboxCode)",
  mailboxResult: "wraps the caller's own value and findings",
  hasMailboxError: "reads findings this module made",
};

describe("rogerwilco/mailbox: the export list", () => {
  it("names every function export once: covered below, or listed as reading no outside input", () => {
    const exported = functionExports(mailbox);
    const listed = [...Object.keys(covered), ...Object.keys(notReading)].sort();
    expect(listed).toStrictEqual(exported);
  });
});

describe("rogerwilco/mailbox: every entry point answers any input with a typed value", () => {
  // Its valibot schemas too: a caller reads input with v.safeParse(schema, x). The other exports are data.
  describeEntries(mailbox as unknown as Record<string, unknown>, covered, CODES, envelopes);
});

// Deeper than the properties go (fast-check cannot print a counterexample nested thousands deep).
describe("rogerwilco/mailbox: a value nested 100,000 deep", () => {
  it("gets an answer from every exported schema, as does a cycle in every field", () => {
    expectSchemasAnswerDeep(mailbox as unknown as Record<string, unknown>);
  }, 60_000);
  it("gets a typed answer from every reader of JSON values", () => {
    const { array, object } = nestedDeep();
    for (const input of [array, object]) {
      expectTypedAnswer(mailbox.effectiveDispositions([input, { id: input, state: input }]), CODES, "effectiveDispositions");
      expect(mailbox.readAnomalyRecord(input).ok).toBe(false);
      expectTypedAnswer(mailbox.parentFromFields({ id: input, kind: input, fields: { availability: input, terms: input } }), CODES, "parentFromFields");
      expectTypedAnswer({ findings: mailbox.callsignFindings(input, "from") }, CODES, "callsignFindings");
      for (const f of [mailbox.isCallsign, mailbox.isUuid7, mailbox.isRootId]) expect(f(input)).toBe(false);
      expect(mailbox.isoTime(input)).toBeNull();
    }
  }, 60_000);
});

// The counterexamples the properties above found, written out: each failed before its fix.
describe("rogerwilco/mailbox: the shrunk inputs", () => {
  it("proposalAnswerProblem answers a kind outside section 5's with a labelled RangeError, not a TypeError", () => {
    expect(() => mailbox.proposalAnswerProblem("terms", "C:\\x" as mailbox.MailboxKind, { kind: "hello" })).toThrow(new RangeError('proposalAnswerProblem: "C:\\\\x" is not a message kind'));
    expect(() => mailbox.proposalAnswerProblem("terms", "toString" as mailbox.MailboxKind, { kind: "ack", terms: null })).toThrow(RangeError);
  });
  it("callsignFindings names a value JSON cannot show (nested past the stack, cyclic, a bigint) by its type, and throws nothing", () => {
    let deep: unknown = "VEGA";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    const received = (name: unknown): unknown[] => mailbox.callsignFindings(name, "from").map((f) => [f.code, f.received]);
    expect(received(deep)).toStrictEqual([["FIELD_TYPE", "an array"]]);
    expect(received(cyclic)).toStrictEqual([["FIELD_TYPE", "an object"]]);
    expect(received(10n)).toStrictEqual([["FIELD_TYPE", "10n"]]);
    expect(received(["VEGA"])).toStrictEqual([["FIELD_TYPE", '["VEGA"]']]);
  });
  it("envelopeSchema reads an anomaly holding a cycle, or nested 100,000 deep, without a stack overflow; an unkept number deep down is still refused", () => {
    // The envelope as written (a read envelope fills absent fields with null, which the wire refuses).
    const envelope = { ...Object.fromEntries(Object.entries(envelopes[0] as mailbox.MailboxEnvelope).filter(([, x]) => x !== null)), reply_to: "" };
    expect(v.safeParse(mailbox.envelopeSchema, envelope).success).toBe(true);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    let deep: unknown = { ref: 1 };
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    for (const anomaly of [cyclic, deep]) expect(v.safeParse(mailbox.envelopeSchema, { ...envelope, anomaly }).success).toBe(true);
    let unkept: unknown = { ref: Infinity };
    for (let i = 0; i < 100_000; i++) unkept = { a: unkept };
    expect(v.safeParse(mailbox.envelopeSchema, { ...envelope, anomaly: unkept }).success).toBe(false);
  });
  it("handshakeFieldProblem answers a field outside the handshake's, or a kind outside section 5's, with a labelled RangeError, not a TypeError or a sentence about no kind", () => {
    expect(() => mailbox.handshakeFieldProblem("toString" as mailbox.HandshakeField, "ack", false)).toThrow(new RangeError('handshakeFieldProblem: "toString" is not a handshake field (terms, exchange_budget)'));
    expect(() => mailbox.handshakeFieldProblem("x" as mailbox.HandshakeField, "ack", false)).toThrow(new RangeError('handshakeFieldProblem: "x" is not a handshake field (terms, exchange_budget)'));
    expect(() => mailbox.handshakeFieldProblem("terms", "toString" as mailbox.MailboxKind, false)).toThrow(new RangeError('handshakeFieldProblem: "toString" is not a message kind'));
    expect(() => mailbox.handshakeFieldProblem("terms", Symbol("kind") as unknown as mailbox.MailboxKind, false)).toThrow(new RangeError("handshakeFieldProblem: Symbol(kind) is not a message kind"));
    expect(() => mailbox.proposalAnswerProblem("__proto__" as mailbox.HandshakeField, "ack", { kind: "hello" })).toThrow(new RangeError('proposalAnswerProblem: "__proto__" is not a handshake field (terms, exchange_budget)'));
    expect(mailbox.handshakeFieldProblem("terms", "hello", true)).toMatch(/^terms is a handshake term/);
  });
  it("an object argument given as no object, or a text argument as no string, is a TypeError naming the function and the argument (audit DZ); parseFilename answers null for what is no string", () => {
    const parts = { time: 0, callsign: "VEGA", kind: "hello", slug: "x" } as const;
    const cases: [() => unknown, string][] = [
      [() => mailbox.formatFilename(null as never), "formatFilename: the parts are an object { time, callsign, kind, slug, millis? }, not null"],
      [() => mailbox.messageFilename([], null as never), "messageFilename: the parts are an object { time, callsign, kind, slug }, not null"],
      [() => mailbox.messageFilename(null as never, parts), "messageFilename: the names are an iterable of filenames, not null"],
      [() => mailbox.messageFilename([5] as never, parts), "messageFilename: each of the names is a filename (a string), not 5"],
      [() => mailbox.parentInfo(null as never), "parentInfo: the parent is its envelope (a MailboxEnvelope, as readMailboxMessage reads it), not null"],
      [() => mailbox.parentInfo({ id: "x", kind: "hello" } as never, 5 as never), "parentInfo: the file is the parent's filename (a string) or null, not 5"],
      [() => mailbox.newUuid7(null as never), "newUuid7: the options are an object { msecs?, random? }, not null"],
      [() => mailbox.newUuid7({ random: "x".repeat(16) as never }), `newUuid7: random is a Uint8Array of 16 bytes, not "${"x".repeat(16)}"`],
      [() => mailbox.contractManifest([undefined] as never), "contractManifest: files.0 is { path, bytes }, not undefined"],
      [() => mailbox.contractManifest([{ path: 5, bytes: new Uint8Array() }] as never), "contractManifest: files.0.path is the file's path (a string), not 5"],
      [() => mailbox.contractManifest([{ path: "a.md", bytes: "x" }] as never), 'contractManifest: files.0.bytes are the file\'s raw bytes (a Uint8Array), not "x"'],
      [() => mailbox.contractManifest(null as never), "contractManifest: the files are a list of { path, bytes }, not null"],
      [() => mailbox.callsignFindings("X", Object.create(null)), "callsignFindings: the slot is the field's name (a string), not {}"],
    ];
    for (const [call, message] of cases) expect(call).toThrow(new TypeError(message));
    expect(mailbox.parseFilename(Object.create(null))).toBeNull();
    expect(mailbox.parseFilename(Symbol("name") as never)).toBeNull();
  });
  it("analyzeMailbox given entries that are no list, an entry missing or one without its envelope is a TypeError naming the place, not a read of undefined mid-rule", () => {
    const cases: [unknown, string][] = [
      [null, "analyzeMailbox: entries is a list of MailboxEntry { envelope, body?, file? }, not null"],
      [[undefined], "analyzeMailbox: entries.0 is a MailboxEntry { envelope, body?, file? }, not undefined"],
      [[{ envelope: null }], "analyzeMailbox: entries.0.envelope is a message's envelope, not null"],
    ];
    for (const [entries, message] of cases) expect(() => mailbox.analyzeMailbox(entries as never)).toThrow(new TypeError(message));
    expect(mailbox.analyzeMailbox([]).findings).toEqual([]);
  });
  it("proposalAnswerProblem, availabilityReplyProblem and formatFilename label a kind that is a bigint or a null-prototype object; isSlug answers false for what is no string", () => {
    for (const [kind, shown] of [[10n, "10n"], [Object.create(null), "{}"]] as const) {
      expect(() => mailbox.proposalAnswerProblem("terms", kind as unknown as mailbox.MailboxKind, { kind: "hello" })).toThrow(new RangeError(`proposalAnswerProblem: ${shown} is not a message kind`));
      expect(() => mailbox.availabilityReplyProblem(kind as unknown as mailbox.MailboxKind, "LYRA", { kind: "state" })).toThrow(new RangeError(`availabilityReplyProblem: ${shown} is not a message kind`));
      expect(() => mailbox.formatFilename({ time: 0, callsign: "VEGA", kind: kind as unknown as mailbox.MailboxKind, slug: "x" })).toThrow(new RangeError(`formatFilename: ${shown} is not a message kind`));
    }
    expect(() => mailbox.formatFilename({ time: 0, callsign: 10n as unknown as string, kind: "hello", slug: "x" })).toThrow(new RangeError("formatFilename: 10n is not a callsign"));
    expect(() => mailbox.formatFilename({ time: 0, callsign: "VEGA", kind: "hello", slug: null as unknown as string })).toThrow(new RangeError("formatFilename: null is not a slug (see slugify)"));
    for (const x of [null, undefined, 5, Object.create(null), ["a"]]) expect(mailbox.isSlug(x)).toBe(false);
  });
  it("a parent that is no object of known fields is a labelled TypeError for the rules that read one, and no availability FYI", () => {
    const fields = "{ kind, expects_reply?, availability?, terms? }";
    expect(() => mailbox.availabilityReplyProblem("ack", "LYRA", null as never)).toThrow(new TypeError(`availabilityReplyProblem: the parent is an object of its known fields ${fields}, not null`));
    expect(() => mailbox.unaskedAckProblem("ack", "LYRA", undefined as never)).toThrow(new TypeError(`unaskedAckProblem: the parent is an object of its known fields ${fields}, not undefined`));
    expect(() => mailbox.proposalAnswerProblem("terms", "ack", "hello" as never)).toThrow(new TypeError(`proposalAnswerProblem: the parent is an object of its known fields ${fields}, not "hello"`));
    for (const x of [null, undefined, "state", 5]) expect(mailbox.isAvailabilityFyi(x as never)).toBe(false);
    expect(mailbox.unaskedAckProblem("ack", "LYRA", { kind: "state", expects_reply: false, terms: null })).toMatch(/^this ack answers a state/);
  });
  it("availabilityReplyProblem answers a kind outside section 5's with a labelled RangeError, not a TypeError", () => {
    expect(() => mailbox.availabilityReplyProblem("" as mailbox.MailboxKind, "", { kind: "state", expects_reply: false, availability: {} })).toThrow(new RangeError('availabilityReplyProblem: "" is not a message kind'));
    expect(mailbox.availabilityReplyProblem("ack", "LYRA", { kind: "state", expects_reply: false, availability: {} })).toMatch(/availability FYI/);
  });
});
