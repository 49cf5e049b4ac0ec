/**
 * The mailbox conformance suite, independent of any test runner or runtime (as suite.ts is for
 * RW1): vectors are data under test/conformance/mailbox/, messages are built from compact specs
 * into real Markdown with YAML frontmatter and read back through the implementation, and every
 * runner returns the differences it finds (an empty list passes). Node and workerd run it.
 */
import { stringify } from "yaml";
import type * as Mailbox from "../../core/mailbox/index.js";

type Api = typeof Mailbox;

/** Symbols (`@hello`) stand for UUIDv7s, assigned in order of first use: deterministic and sorted. */
export class Symbols {
  private readonly uuids = new Map<string, string>();
  private readonly names = new Map<string, string>();
  constructor(private readonly api: Api, private readonly base = Date.UTC(2026, 9, 1, 9, 0, 0)) {}
  uuid(symbol: string, offsetMs?: number): string {
    const known = this.uuids.get(symbol);
    if (known !== undefined) return known;
    const n = this.uuids.size;
    const random = Uint8Array.from({ length: 16 }, (_, i) => (n * 31 + i * 7 + 1) & 0xff);
    const id = this.api.newUuid7({ msecs: this.base + (offsetMs ?? n * 1000), random });
    this.uuids.set(symbol, id);
    this.names.set(id, symbol);
    return id;
  }
  /** Replaces every `@symbol` in a JSON value by its UUID. */
  fill<T>(value: T): T {
    return JSON.parse(JSON.stringify(value), (_k, v: unknown) => (typeof v === "string" && /^@[\w-]+$/.test(v) ? this.uuid(v.slice(1)) : v)) as T;
  }
  /** Replaces UUIDs in text by their `@symbol`. */
  name(text: string): string {
    return text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, (id) => (this.names.has(id) ? `@${this.names.get(id)}` : id));
  }
}

export const ROOT_A = "1f3a".repeat(16);
export const ROOT_B = "2b4c".repeat(16);

/** A message as a case writes it: envelope fields, `@symbols` for UUIDs, and what to change. */
export interface MessageSpec {
  /** The message's own symbol. */
  readonly id?: string;
  /** Envelope fields over the defaults (a valid CORE hello from VEGA to LYRA). */
  readonly set?: Readonly<Record<string, unknown>>;
  /** Envelope fields to leave out. */
  readonly drop?: readonly string[];
  /** Top-level frontmatter fields over the defaults (`tags`), or `null` to drop one. */
  readonly frontmatter?: Readonly<Record<string, unknown>>;
  readonly body?: string;
  /** The whole file as written, instead of building it. */
  readonly text?: string;
  /** Text before the built file (a byte-order mark). */
  readonly prefix?: string;
  /** Milliseconds after the case's base time for this message's UUID (default: 1 s a message). */
  readonly at?: number;
  /** The archive folder it was read from (`archive/<thread-slug>/`, section 13); left out, the inbox. */
  readonly archive?: string;
}

export function defaultEnvelope(symbols: Symbols, spec: MessageSpec): Record<string, unknown> {
  const id = spec.id ?? "m";
  return { version: 1, profile: "CORE", id: `@${id}`, thread: `@${id}`, request_id: `@${id}`, from: "VEGA", to: ["LYRA"], kind: "hello", reply_to: "", expects_reply: true, arena: "DEMO", machine: "VEGA-BOX", root: ROOT_A, transport: "local" };
}

/** The Markdown text of a message spec. */
export function buildMessage(symbols: Symbols, spec: MessageSpec): string {
  if (spec.text !== undefined) return symbols.fill(spec.text.replace(/@([\w-]+)/g, (_m, s: string) => symbols.uuid(s)));
  if (spec.id !== undefined) symbols.uuid(spec.id, spec.at);
  const envelope: Record<string, unknown> = { ...defaultEnvelope(symbols, spec), ...(spec.set ?? {}) };
  for (const k of spec.drop ?? []) delete envelope[k];
  const frontmatter: Record<string, unknown> = { tags: ["agent-mailbox", "demo"], ...(spec.frontmatter ?? {}) };
  for (const [k, v] of Object.entries(frontmatter)) if (v === null) delete frontmatter[k];
  frontmatter["meta"] = { ...((frontmatter["meta"] as object | undefined) ?? {}), mailbox: symbols.fill(envelope) };
  const body = spec.body ?? (envelope["reply_to"] ? "Answering [[parent]].\n" : "Hello.\n");
  return `${spec.prefix ?? ""}---\n${stringify(frontmatter, { lineWidth: 0 })}---\n${symbols.fill(body.replace(/@([\w-]+)/g, (_m, s: string) => symbols.uuid(s)))}`;
}

/** A finding as vectors write it: CODE, or CODE:slot. */
const show = (f: { code: string; slot?: string }): string => (f.slot === undefined ? f.code : `${f.code}:${f.slot}`);

function sameSet(what: string, got: readonly string[], want: readonly string[]): string[] {
  const a = [...got].sort();
  const b = [...want].sort();
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [`${what}: got ${JSON.stringify(a)}, want ${JSON.stringify(b)}`];
}

export interface MessageVector extends MessageSpec {
  readonly id: string;
  readonly rule: string;
  readonly mode: "inbound" | "outbound";
  /** The parent, when the reader is given it (the ack rules, the parent link, an availability FYI, terms on the table). */
  readonly parent?: { readonly id: string; readonly kind: string; readonly file?: string; readonly expects_reply?: boolean; readonly availability?: Readonly<Record<string, unknown>> | null; readonly terms?: string | null };
  readonly ok: boolean;
  /** Every finding, as CODE or CODE:slot (order not significant). */
  readonly findings: readonly string[];
  /** For a vector with RW1 lines: how many the body holds. */
  readonly rw1?: number;
}

export function runMessageVector(vector: MessageVector, api: Api): string[] {
  const symbols = new Symbols(api);
  const text = buildMessage(symbols, { ...vector, id: "m" });
  const parent = vector.parent === undefined ? undefined : { ...vector.parent, id: symbols.uuid(vector.parent.id.replace(/^@/, "")) };
  const reading = api.readMailboxMessage(text, { mode: vector.mode, ...(parent === undefined ? {} : { parent }) });
  const diffs = sameSet("findings", reading.findings.map(show), vector.findings);
  if (reading.ok !== vector.ok) diffs.push(`ok: got ${reading.ok}, want ${vector.ok}`);
  if (reading.ok && reading.envelope === null) diffs.push("ok without an envelope");
  if (vector.rw1 !== undefined && reading.rw1.length !== vector.rw1) diffs.push(`rw1 lines: got ${reading.rw1.length}, want ${vector.rw1}`);
  return diffs.map((d) => symbols.name(d));
}

/** One vector of names and ids: exactly one of its subject fields is given. */
export interface NameVector {
  readonly id: string;
  readonly callsign?: string;
  readonly codes?: readonly string[];
  readonly generate?: { readonly unavailable: readonly string[]; readonly family?: string };
  readonly neighbour?: { readonly name: string; readonly unavailable: readonly string[] };
  readonly suffixed?: { readonly name: string; readonly unavailable: readonly string[] };
  readonly expect?: string | null;
  readonly uuid?: string;
  readonly v7?: boolean;
  readonly filename?: string;
  readonly parsed?: { readonly time: string; readonly millis: boolean; readonly callsign: string; readonly kind: string; readonly slug: string } | null;
  readonly format?: { readonly time: string; readonly callsign: string; readonly kind: string; readonly slug: string; readonly millis?: boolean };
  readonly conflict?: string;
  readonly is?: boolean;
  readonly rootPath?: string;
  readonly windows?: boolean;
  readonly normalised?: string;
  readonly hex?: string;
  readonly manifest?: readonly { readonly path: string; readonly text: string }[];
  readonly lines?: string;
  readonly generation?: string | null;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function runNameVector(v: NameVector, api: Api): string[] {
  const diffs: string[] = [];
  const eq = (what: string, got: unknown, want: unknown): void => {
    if (JSON.stringify(got) !== JSON.stringify(want)) diffs.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  if (v.callsign !== undefined) eq("codes", api.callsignFindings(v.callsign, "from").map((f) => f.code), v.codes ?? []);
  if (v.generate !== undefined) eq("generated", api.generateCallsign(v.generate.unavailable, v.generate.family === undefined ? {} : { family: v.generate.family as Mailbox.CallsignFamily }), v.expect);
  if (v.neighbour !== undefined) eq("neighbour", api.neighbourCallsign(v.neighbour.name, v.neighbour.unavailable), v.expect);
  if (v.suffixed !== undefined) eq("suffixed", api.suffixedCallsign(v.suffixed.name, v.suffixed.unavailable), v.expect);
  if (v.uuid !== undefined) eq("isUuid7", api.isUuid7(v.uuid), v.v7);
  if (v.filename !== undefined) {
    const p = api.parseFilename(v.filename);
    eq("parsed", p === null ? null : { ...p, time: new Date(p.time).toISOString() }, v.parsed);
  }
  if (v.format !== undefined) eq("formatted", api.formatFilename({ ...v.format, time: Date.parse(v.format.time) }), v.expect);
  if (v.conflict !== undefined) eq("conflict copy", api.isConflictCopy(v.conflict), v.is);
  if (v.rootPath !== undefined) {
    const options = { windows: v.windows === true };
    eq("normalised", api.normaliseRootPath(v.rootPath, options), v.normalised);
    eq("root id", api.mailboxRootId(v.rootPath, options), v.hex);
  }
  if (v.manifest !== undefined) {
    const pin = api.contractManifest(v.manifest.map((f) => ({ path: f.path, bytes: utf8(f.text) })));
    eq("generation", pin.ok ? pin.value.generation : null, v.generation);
    if (v.lines !== undefined) eq("manifest", pin.ok ? pin.value.manifest : null, v.lines);
    if (v.codes !== undefined) eq("codes", pin.findings.map((f) => f.code), v.codes);
  }
  return diffs;
}

/** A scripted history: messages (in a compact spec), and what the conversation rules find. */
export interface ConversationCase {
  readonly id: string;
  readonly about: string;
  readonly messages: readonly (MessageSpec & { readonly id: string })[];
  /** Epoch ms as ISO 8601, for callsign expiry. */
  readonly now?: string;
  readonly budget?: number;
  /** What the folder's reader found at the root's AGENT-MAILBOX-PRIMER.md; left out, not judged. */
  readonly primer?: Mailbox.PrimerState;
  /** Every finding, as `CODE @symbol` (order not significant). */
  readonly findings: readonly string[];
  /**
   * Threads by the symbol of their first message: handshake state, each responder's establishing
   * message and the message from which it stood grouped (`established_by`, `grouped_by`), the terms it settled
   * (`exchange_budget`, `established_profile`), budget state, count and the limit in force after the
   * last message, and the blocks standing at the thread's end as `CALLSIGN @blocked`, in order, and
   * whether it is orphaned (a reply owed in it and no active participant).
   */
  readonly threads?: Readonly<Record<string, { readonly handshake?: string | null; readonly established_by?: string | null; readonly grouped_by?: string | null; readonly exchange_budget?: number | null; readonly established_profile?: string | null; readonly budget?: string; readonly count?: number; readonly limit?: number; readonly superseded_by?: string; readonly blocked?: readonly string[]; readonly orphaned?: boolean }>>;
  /** Callsign states: NAME -> active | expired | retired. */
  readonly callsigns?: Readonly<Record<string, string>>;
}

/** Builds and reads a case's messages: every one must be valid, or the case is wrong. */
export function readCase(symbols: Symbols, specs: readonly (MessageSpec & { readonly id: string })[], api: Api): { entries: Mailbox.MailboxEntry[]; diffs: string[] } {
  const diffs: string[] = [];
  const entries: Mailbox.MailboxEntry[] = [];
  const files = new Map<string, string>();
  for (const spec of specs) {
    const id = symbols.uuid(spec.id, spec.at);
    const reply = spec.set?.["reply_to"];
    const parentFile = typeof reply === "string" && reply.startsWith("@") ? files.get(reply.slice(1)) : undefined;
    // A body may say {parent} where the parent's wikilink goes; without a body, one is written.
    const link = parentFile ? `[[${parentFile.replace(/\.md$/, "")}]]` : "";
    const body = spec.body?.replace("{parent}", link) ?? (parentFile ? `Answering ${link}.\n` : undefined);
    const text = buildMessage(symbols, { ...spec, ...(body === undefined ? {} : { body }) });
    const reading = api.readMailboxMessage(text);
    if (!reading.ok || reading.envelope === null) {
      diffs.push(`message ${spec.id} is invalid: ${reading.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.message}`).join("; ")}`);
      continue;
    }
    const e = reading.envelope;
    const file = api.formatFilename({ time: api.uuid7Time(id), callsign: e.from, kind: e.kind, slug: spec.id.toLowerCase().replace(/[^a-z0-9]+/g, "-"), millis: true });
    files.set(spec.id, file);
    entries.push({ envelope: e, body: reading.body ?? "", file, ...(spec.archive === undefined ? {} : { archive: spec.archive }) });
  }
  return { entries, diffs };
}

export function runConversationCase(c: ConversationCase, api: Api): string[] {
  const symbols = new Symbols(api);
  const { entries, diffs } = readCase(symbols, c.messages, api);
  const analysis = api.analyzeMailbox(entries, { now: c.now === undefined ? null : Date.parse(c.now), ...(c.budget === undefined ? {} : { budget: c.budget }), ...(c.primer === undefined ? {} : { primer: c.primer }) });
  diffs.push(...sameSet("findings", analysis.findings.map((f) => symbols.name(`${f.code} ${f.id ?? ""}`).trim()), c.findings));
  for (const [first, want] of Object.entries(c.threads ?? {})) {
    const t = analysis.threads.find((x) => x.first === symbols.uuid(first.replace(/^@/, "")));
    if (t === undefined) {
      diffs.push(`no thread starts with ${first}`);
      continue;
    }
    const got: Record<string, unknown> = {};
    if (want.handshake !== undefined) got["handshake"] = t.handshake?.state ?? null;
    if (want.established_by !== undefined) got["established_by"] = t.handshake === null ? null : symbols.name(t.handshake.responders.map((r) => r.established_by ?? "-").join(","));
    if (want.grouped_by !== undefined) got["grouped_by"] = t.handshake === null ? null : symbols.name(t.handshake.responders.map((r) => r.grouped_by ?? "-").join(","));
    if (want.exchange_budget !== undefined) got["exchange_budget"] = t.handshake?.exchange_budget ?? null;
    if (want.established_profile !== undefined) got["established_profile"] = t.handshake?.established_profile ?? null;
    if (want.superseded_by !== undefined) got["superseded_by"] = t.handshake?.superseded_by === null || t.handshake === null ? null : symbols.name(t.handshake.superseded_by);
    if (want.budget !== undefined) got["budget"] = t.budget.state;
    if (want.count !== undefined) got["count"] = t.budget.count;
    if (want.limit !== undefined) got["limit"] = t.budget.limit;
    if (want.blocked !== undefined) got["blocked"] = t.blocked.map((b) => symbols.name(`${b.callsign} ${b.message}`));
    if (want.orphaned !== undefined) got["orphaned"] = t.orphaned;
    if (JSON.stringify(got) !== JSON.stringify(want)) diffs.push(`thread ${first}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
  if (c.callsigns !== undefined) {
    const got = Object.fromEntries(analysis.callsigns.map((v) => [v.callsign, v.state]));
    if (JSON.stringify(got, Object.keys(got).sort()) !== JSON.stringify(c.callsigns, Object.keys(c.callsigns).sort())) diffs.push(`callsigns: got ${JSON.stringify(got)}, want ${JSON.stringify(c.callsigns)}`);
  }
  return diffs.map((d) => symbols.name(d));
}

/** A reconciliation on a scripted history: one participant's dispositions, cursor and anomalies. */
export interface ReconcileCase {
  readonly id: string;
  readonly about: string;
  readonly participant: string;
  /** The arena reconciled in, when the case gives one. */
  readonly arena?: string;
  readonly now: string;
  readonly messages: readonly (MessageSpec & { readonly id: string })[];
  /** Transitions in append order; `@symbols` for UUIDs. */
  readonly dispositions: readonly Readonly<Record<string, unknown>>[];
  readonly cursor?: readonly string[];
  readonly anomalies?: readonly Mailbox.MailboxAnomaly[];
  readonly anomalyIndex?: readonly Mailbox.AnomalyRecord[];
  /** What the folder's reader found at the root's AGENT-MAILBOX-PRIMER.md; left out, not judged. */
  readonly primer?: Mailbox.PrimerState;
  readonly status: string;
  readonly work_clean: boolean;
  readonly readiness_clean: boolean;
  /** Only the counts given are compared. */
  readonly counts: Readonly<Record<string, number>>;
  /** Actions by message symbol; only those given are compared. */
  readonly actions?: Readonly<Record<string, string>>;
  readonly findings: readonly string[];
  readonly cursor_advance?: readonly string[];
  /** The report's arena (null: none or several), when the case states it. */
  readonly arena_reconciled?: string | null;
}

export function runReconcileCase(c: ReconcileCase, api: Api): string[] {
  const symbols = new Symbols(api);
  const { entries, diffs } = readCase(symbols, c.messages, api);
  const report = api.reconcile({
    participant: c.participant,
    ...(c.arena === undefined ? {} : { arena: c.arena }),
    messages: entries,
    dispositions: symbols.fill(c.dispositions),
    cursor: symbols.fill(c.cursor ?? []),
    anomalies: symbols.fill(c.anomalies ?? []),
    anomalyIndex: c.anomalyIndex ?? [],
    ...(c.primer === undefined ? {} : { primer: c.primer }),
    now: Date.parse(c.now),
  });
  const eq = (what: string, got: unknown, want: unknown): void => {
    if (JSON.stringify(got) !== JSON.stringify(want)) diffs.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  eq("status", report.status, c.status);
  eq("work_clean", report.work_clean, c.work_clean);
  eq("readiness_clean", report.readiness_clean, c.readiness_clean);
  if (c.arena_reconciled !== undefined) eq("arena", report.arena, c.arena_reconciled);
  for (const [k, want] of Object.entries(c.counts)) eq(`counts.${k}`, (report.counts as unknown as Record<string, number>)[k], want);
  for (const [symbol, want] of Object.entries(c.actions ?? {})) eq(`action of ${symbol}`, report.items.find((i) => i.id === symbols.uuid(symbol.replace(/^@/, "")))?.action ?? "(not addressed)", want);
  diffs.push(...sameSet("findings", report.findings.map((f) => symbols.name(`${f.code} ${f.id ?? f.file ?? ""}`).trim()), c.findings));
  if (c.cursor_advance !== undefined) diffs.push(...sameSet("cursor_advance", report.cursor_advance.map((id) => symbols.name(id)), c.cursor_advance));
  return diffs.map((d) => symbols.name(d));
}
