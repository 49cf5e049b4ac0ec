/**
 * Reading a mailbox message: Markdown with YAML frontmatter, the protocol's envelope under
 * `meta.mailbox` (section 4). The YAML is parsed by `yaml` (a real parser: section 9, "where the
 * runtime offers a real parser, use it"), the envelope's fields by valibot, then the rules that
 * join fields, then the body. `inbound` reads what a peer published (legacy envelopes are read,
 * with a note); `outbound` is the preflight before publishing, which refuses legacy aliases and
 * needs the supported version.
 */
import * as v from "valibot";
import { isScalar, parseDocument, Scalar } from "yaml";
import { coreVocabulary } from "../index.js";
import { welcomeParentProblem } from "./_answers-as-addressed.js";
import { assertObject, assertText } from "./_arguments.js";
import { _mixedScripts } from "./_mixed-script.js";
import { misplacedField, parentAnswerProblems } from "./_parent-answer-problems.js";
import type { AnswerProblem } from "./_parent-answer-problems.js";
import type { Vocabulary, VocabularyResolver } from "../index.js";
import { scratchArtifactPaths, unsafeArtifactPaths } from "./artifact-paths.js";
import { claimsToFollowWelcomes, linksTo, MAX_BODY_RW1_LINES, namesContentHash, rw1Lines, wikilinks } from "./body.js";
import type { BodyLine } from "./body.js";
import { ALL, isHandler } from "./callsign.js";
import { few } from "../_few.js";
import { _LONE_SURROGATE } from "../_controls.js";
import { reEntryOf } from "./re-entry.js";
import { repairRecipientsProblem } from "./repair-recipients.js";
import { secretLines } from "./message-secrets.js";
import { hasMailboxError, mailboxFinding } from "./codes.js";
import type { MailboxCode, MailboxFinding, MailboxFindingDetail } from "./codes.js";
import { ENVELOPE_FIELD_NAMES, envelopeSchema, formatCharacters, isLowerRootId, mailboxIssue } from "./envelope.js";
import type { MailboxEnvelope } from "./envelope.js";
import { countLines, lineOfOffset, splitFrontmatter } from "./frontmatter.js";
import { handshakeFieldProblem } from "./handshake-fields.js";
import { legacyConflicts, legacyEnvelope, legacyNames } from "./legacy.js";
import { isUuid7 } from "./uuid7.js";
import { CLAIM_KINDS, MAILBOX_KINDS, MAILBOX_VERSION } from "./vocabulary.js";
import type { MailboxKind } from "./vocabulary.js";
import { aliasTrouble } from "./yaml-aliases.js";
import { MAX_YAML_DEPTH, yamlTooDeep } from "./yaml-depth.js";
import { duplicateKeyOffset, nodeLocator } from "./yaml-keys.js";

export type ReadMode = "inbound" | "outbound";

/** What a reader knows about the message `reply_to` names (for the ack rule and the parent link). */
export interface ParentInfo {
  readonly id: string;
  readonly kind: string;
  /** The parent's filename, when known: the body should wikilink it. */
  readonly file?: string | null;
  /** The parent's `expects_reply`, when known: an ack answers a message that asked (ACK_UNASKED). */
  readonly expects_reply?: boolean;
  /** The parent's `availability`, when known: an availability FYI is answered by nothing (AVAILABILITY_REPLY). */
  readonly availability?: Readonly<Record<string, unknown>> | null;
  /** The parent's `terms`, when known: only terms on the table are answered with terms (TERMS_MISPLACED). */
  readonly terms?: string | null;
}

/** Everything the reader judges of a parent, from its envelope (and its file, when it has one). */
export function parentInfo(parent: MailboxEnvelope, file?: string | null): ParentInfo {
  assertObject("parentInfo", "the parent is its envelope (a MailboxEnvelope, as readMailboxMessage reads it)", parent);
  if (file !== undefined && file !== null) assertText("parentInfo", "the file is the parent's filename (a string) or null", file);
  return { id: parent.id, kind: parent.kind, file: file ?? null, expects_reply: parent.expects_reply, availability: parent.availability, terms: parent.terms };
}

export interface ReadOptions {
  /** `inbound` (default): a message a peer published. `outbound`: the preflight before publishing. */
  readonly mode?: ReadMode;
  /** The vocabulary RW1 lines in the body are read with (a resolver from `p=`); default the core. */
  readonly vocabulary?: Vocabulary | VocabularyResolver;
  /** The message `reply_to` names, when the reader has it. */
  readonly parent?: ParentInfo | null;
}

export interface MailboxReading {
  /** True when no finding is an error. */
  readonly ok: boolean;
  /** The envelope, when every envelope rule holds (body findings may still refuse the message). */
  readonly envelope: MailboxEnvelope | null;
  /** The message's UUID when it is a canonical UUIDv7, even in a refused message: an anomaly's key. */
  readonly id: string | null;
  readonly body: string | null;
  /** The 1-based file line the body starts on. */
  readonly bodyLine: number | null;
  /** The RW1 lines of the body, each as the core read it. */
  readonly rw1: readonly BodyLine[];
  /** True when the envelope was read from legacy flat fields. */
  readonly legacy: boolean;
  readonly findings: readonly MailboxFinding[];
}

// Keys named twice are refused by duplicateKeyOffset, in linear time (yaml-keys.ts).
// logLevel "error": `yaml` reports a warning it meets while converting (a key that is a collection,
// stringified) through process.emitWarning, a side effect on the host; the warnings the reader
// acts on are read from the document instead.
const YAML_OPTIONS = { version: "1.2", schema: "core", uniqueKeys: false, prettyErrors: false, strict: true, logLevel: "error" } as const;
const MAX_ALIASES = 64;
const STANDING_TAG = "agent-mailbox";
const MACHINE_ALIAS = /^[A-Z0-9](?:[A-Z0-9._-]{0,126}[A-Z0-9])?$/;
const KNOWN: ReadonlySet<string> = new Set(ENVELOPE_FIELD_NAMES);

const isMapping = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);

const tooDeepFinding = (line: number, measured: boolean): MailboxFinding =>
  mailboxFinding(
    "FRONTMATTER_TOO_DEEP",
    measured ? `the frontmatter nests mappings and sequences more than ${MAX_YAML_DEPTH} levels deep: it is not read` : "the frontmatter nests mappings, sequences or aliases too deeply to be read here (the stack ran out): it is not read",
    { line, expected: `at most ${MAX_YAML_DEPTH} levels` },
  );

function refused(findings: MailboxFinding[], id: string | null = null): MailboxReading {
  return { ok: false, envelope: null, id, body: null, bodyLine: null, rw1: [], legacy: false, findings };
}

const resolverOf = (vocabulary: Vocabulary | VocabularyResolver | undefined): VocabularyResolver =>
  vocabulary === undefined ? () => coreVocabulary : typeof vocabulary === "function" ? vocabulary : () => vocabulary;

/** A message is at most 1 MiB of UTF-8, as a Worker request body is: one rule for every reader. */
export const MAX_MESSAGE_BYTES: number = 1024 * 1024;

/**
 * A frontmatter is at most 16 KiB of UTF-8. `yaml` costs about 3 µs of CPU a byte on hostile
 * shapes (`[{a: [b]}, ...`, `- a` lines, stray `]`), so 1 MiB of it held a Worker for seconds; an
 * envelope is about 500 bytes, so 16 KiB leaves room for a vault's own fields (README: "The YAML").
 */
export const MAX_FRONTMATTER_BYTES: number = 16 * 1024;

/** UTF-8 bytes of a string, counted without encoding it (a lone surrogate is written as U+FFFD, 3). */
function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else {
      // Three bytes; a surrogate pair is four for its two code units, the second already counted.
      n += 2;
      if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    }
  }
  return n;
}

/** Reads one message; every problem is a finding with a stable code, never an exception. */
export function readMailboxMessage(text: string, options: ReadOptions = {}): MailboxReading {
  if (typeof text !== "string") throw new TypeError("readMailboxMessage: the message is a string");
  // Three bytes a code unit at most: only a text that could be too large is counted.
  if (text.length * 3 > MAX_MESSAGE_BYTES) {
    const bytes = utf8Length(text);
    if (bytes > MAX_MESSAGE_BYTES) return refused([mailboxFinding("MESSAGE_TOO_LARGE", `${bytes} bytes of UTF-8: a message is at most ${MAX_MESSAGE_BYTES}`, { received: String(bytes), expected: `at most ${MAX_MESSAGE_BYTES}` })]);
  }
  // Half a surrogate pair is in no UTF-8 file: a JSON body or a caller's string can hold one, which
  // the CLI's strict decoding refuses as ENCODING_INVALID. Refused the same, before anything is read
  // (README note 181): otherwise the text checked is not the text any file or transport carries.
  const lone = _LONE_SURROGATE.exec(text);
  if (lone !== null) return refused([mailboxFinding("ENCODING_INVALID", "the message holds half a surrogate pair (a lone surrogate), which no UTF-8 text can carry: it is not read", { line: 1 + countLines(text.slice(0, lone.index)) })]);
  const outbound = options.mode === "outbound";
  const split = splitFrontmatter(text);
  if ("code" in split) return refused([split]);
  const findings: MailboxFinding[] = [...split.findings];
  if (split.yaml.length * 3 > MAX_FRONTMATTER_BYTES) {
    const bytes = utf8Length(split.yaml);
    if (bytes > MAX_FRONTMATTER_BYTES) return refused([...findings, mailboxFinding("FRONTMATTER_TOO_LARGE", `the frontmatter holds ${bytes} bytes of UTF-8: at most ${MAX_FRONTMATTER_BYTES}, so it is not parsed`, { line: split.yamlLine, received: String(bytes), expected: `at most ${MAX_FRONTMATTER_BYTES} bytes` })]);
  }
  const lineAt = lineOfOffset(split.yaml, split.yamlLine);
  // The depth first: `yaml` composes and converts by recursion, and a deep enough frontmatter would
  // exhaust the stack (README: "The YAML").
  const tooDeep = (offset: number | undefined, measured = false): MailboxReading => refused([...findings, tooDeepFinding(lineAt(offset) ?? split.yamlLine, measured)]);
  const deep = yamlTooDeep(split.yaml, MAX_YAML_DEPTH);
  if (deep !== null) return tooDeep(deep, true);
  const doc = parseDocument(split.yaml, YAML_OPTIONS);
  if (doc.errors.length > 0) {
    // A stack exhausted anyway (a caller already deep in its own stack) is one finding, never the
    // engine's message once per level the composer unwound through.
    const exhausted = doc.errors.find((e) => e.code === "RESOURCE_EXHAUSTION");
    if (exhausted !== undefined) return tooDeep(exhausted.pos[0]);
    for (const e of doc.errors.slice(0, 5)) findings.push(mailboxFinding("YAML_INVALID", `the frontmatter is not valid YAML: ${e.message.split("\n")[0]}`, optional({ line: lineAt(e.pos[0]), received: e.code })));
    return refused(findings);
  }
  // A tag this reader cannot resolve (`!x`, a local one) says the value is something other than
  // its plain scalar; `yaml` only warns and reads the plain value, which would be a guess.
  const unresolved = doc.warnings.find((w) => w.code === "TAG_RESOLVE_FAILED");
  if (unresolved !== undefined) return refused([...findings, mailboxFinding("YAML_INVALID", `the frontmatter is refused: ${unresolved.message.split(" at line")[0]}; a value under a tag this reader cannot resolve is not read as plain text`, { line: lineAt(unresolved.pos[0]) ?? split.yamlLine, received: unresolved.code })]);
  const twice = duplicateKeyOffset(doc);
  if (twice !== null) return refused([...findings, mailboxFinding("YAML_INVALID", "the frontmatter is not valid YAML: Map keys must be unique", { line: lineAt(twice) ?? split.yamlLine, received: "DUPLICATE_KEY" })]);
  const aliases = aliasTrouble(doc, MAX_ALIASES);
  if (aliases !== null) return refused([...findings, mailboxFinding("YAML_INVALID", `the frontmatter is refused: ${aliases.why}`, { line: lineAt(aliases.offset) ?? split.yamlLine, received: "ALIASES" })]);
  let frontmatter: unknown;
  try {
    frontmatter = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    if (error instanceof RangeError) return tooDeep(undefined);
    return refused([...findings, mailboxFinding("YAML_INVALID", `the frontmatter cannot be read: ${error instanceof Error ? error.message : String(error)}`, { line: split.yamlLine })]);
  }
  if (!isMapping(frontmatter)) return refused([...findings, mailboxFinding("FRONTMATTER_SHAPE", "the frontmatter is not a mapping of fields", { line: split.yamlLine })]);
  const locate = nodeLocator(doc);
  const nodeLine = (path: readonly string[]): number | undefined => lineAt(locate(path)?.range?.[0]);

  // The envelope: namespaced under meta.mailbox, or (inbound only) a legacy flat one.
  const names = legacyNames(frontmatter);
  const meta = frontmatter["meta"];
  const mailbox = isMapping(meta) ? meta["mailbox"] : undefined;
  if (meta !== undefined && !isMapping(meta)) return refused([...findings, mailboxFinding("ENVELOPE_SHAPE", "meta is not a mapping: the envelope lives under meta.mailbox", optional({ slot: "meta", line: nodeLine(["meta"]) }))]);
  const legacyList = [...names.top, ...names.meta.map((k) => `meta.${k}`)];
  const legacyLine = (name: string): number | undefined => nodeLine(name.startsWith("meta.") ? ["meta", name.slice(5)] : [name]);
  if (outbound) {
    for (const name of legacyList) findings.push(mailboxFinding("LEGACY_ALIAS", `${name}: a legacy flat alias; new messages carry the envelope under meta.mailbox only`, optional({ slot: name, line: legacyLine(name) })));
  }
  let raw: Record<string, unknown>;
  let legacy = false;
  let base: string[] = ["meta", "mailbox"];
  if (mailbox === undefined) {
    if (outbound || legacyList.length === 0) return refused([...findings, mailboxFinding("ENVELOPE_MISSING", "no meta.mailbox: the message carries no envelope", { line: split.yamlLine })]);
    raw = legacyEnvelope(frontmatter, names);
    legacy = true;
    base = [];
    findings.push(mailboxFinding("LEGACY_ENVELOPE", `a legacy flat envelope (${legacyList.join(", ")}), read as meta.mailbox; new messages use the namespaced envelope`, { line: split.yamlLine }));
    const conflicts = legacyConflicts(frontmatter, names);
    if (conflicts.length > 0) {
      return refused([
        ...findings,
        ...conflicts.map((c) => mailboxFinding("LEGACY_ALIAS_CONFLICT", `${c.names.join(" and ")} both stand for ${c.field} and disagree: which one counts would depend on key order, so the message is not read (identity and causal parentage are never inferred)`, optional({ slot: c.names[0], line: legacyLine(c.names[0] as string) }))),
      ]);
    }
  } else if (!isMapping(mailbox)) {
    return refused([...findings, mailboxFinding("ENVELOPE_SHAPE", "meta.mailbox is not a mapping of envelope fields", optional({ slot: "meta.mailbox", line: nodeLine(["meta", "mailbox"]) }))]);
  } else {
    raw = mailbox;
    if (!outbound && legacyList.length > 0) findings.push(mailboxFinding("LEGACY_ENVELOPE", `legacy flat fields (${legacyList.join(", ")}) are ignored: meta.mailbox is the envelope`, { line: split.yamlLine }));
  }
  const fieldLine = (field: string): number | undefined => (legacy ? undefined : (nodeLine([...base, field]) ?? nodeLine(base)));
  const add = (code: MailboxCode, message: string, detail: { [K in keyof MailboxFindingDetail]?: MailboxFindingDetail[K] | undefined } = {}): void => {
    findings.push(mailboxFinding(code, message, optional({ ...detail, line: detail.line ?? (detail.slot === undefined ? undefined : fieldLine(detail.slot.replace(/\[.*$/, ""))) })));
  };

  // Types and forms, field by field (valibot).
  const bad = new Set<string>();
  const parsed = v.safeParse(envelopeSchema, raw);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const { code, text: what, slot, field } = mailboxIssue(issue);
      if (field !== null) bad.add(field);
      // Text written plain that YAML reads as a number or a boolean (a root of 64 decimal digits,
      // a machine alias 0042): named as written, never as the number it became, and told to quote.
      const plain = issue.expected === "string" && slot === field && field !== null ? unquotedText(issue.input, legacy ? undefined : locate([...base, field])) : null;
      if (plain !== null) add(code, `${slot ?? field}: ${what}; YAML reads ${plain.written}, written without quotes, as the ${plain.type} ${plain.read}: quote it ("${plain.written}") to give it as text`, { slot: slot ?? undefined, received: plain.written });
      else add(code, `${slot ?? "meta.mailbox"}: ${what}`, { slot: slot ?? undefined, received: issue.input === undefined ? undefined : preview(issue.input) });
    }
  }
  const has = (k: string): boolean => Object.hasOwn(raw, k) && raw[k] !== undefined;
  const good = (k: string): boolean => has(k) && !bad.has(k);
  const required = (k: string, why = "required in every profile"): void => {
    if (!Object.hasOwn(raw, k)) add("FIELD_MISSING", `${k} is missing (${why})`, { slot: k, expected: why });
  };
  for (const k of ["profile", "id", "thread", "request_id", "from", "to", "kind", "reply_to", "expects_reply", "machine", "root", "transport"]) required(k);

  // Version (section 4): outbound declares the supported one; inbound reads others at the v1 floor.
  if (!has("version")) {
    if (outbound) add("FIELD_MISSING", `version is missing: new messages always declare the supported version (${MAILBOX_VERSION})`, { slot: "version", expected: String(MAILBOX_VERSION) });
    else add("VERSION_FLOOR", `no version: read at the v${MAILBOX_VERSION} floor, where every required v${MAILBOX_VERSION} field must validate`, { slot: "version" });
  } else if (good("version") && raw["version"] !== MAILBOX_VERSION) {
    const version = raw["version"] as number;
    if (outbound) add("VERSION_UNSUPPORTED", `version ${version}: new messages declare the supported version, ${MAILBOX_VERSION}`, { slot: "version", expected: String(MAILBOX_VERSION), received: String(version) });
    else if (version > MAILBOX_VERSION) add("VERSION_HIGHER", `version ${version}: read at the v${MAILBOX_VERSION} floor`, { slot: "version", received: String(version) });
    else add("VERSION_FLOOR", `version ${version}: read at the v${MAILBOX_VERSION} floor, where every required v${MAILBOX_VERSION} field must validate`, { slot: "version", received: String(version) });
  }

  // FULL needs a session and a sequence; a claim needs FULL (sections 4 and 5).
  const profile = good("profile") ? (raw["profile"] as string) : null;
  if (profile === "FULL") {
    required("session", "required in FULL");
    required("seq", "required in FULL");
  }
  const kind = good("kind") ? (raw["kind"] as MailboxKind) : null;
  if (kind === "claim" && profile === "CORE") add("CLAIM_NOT_FULL", "a claim is a FULL-only lease; this message's profile is CORE", { slot: "kind", expected: "profile FULL" });

  // The arena, and its deprecated alias pod.
  if (has("pod")) {
    if (has("arena") || outbound) add("ARENA_ALIAS", "pod is a deprecated Lyt v1 alias of arena; write arena", { slot: "pod" });
    else add("ARENA_ALIAS", "pod is a deprecated Lyt v1 alias: read as the arena", { slot: "pod" });
  }
  if (!has("arena") && (outbound || !has("pod"))) add("FIELD_MISSING", "arena is missing (required in every profile)", { slot: "arena", expected: "required in every profile" });

  // The sender: never ALL; a Handler seat never claims a name and is otherwise self-asserted.
  const from = good("from") ? (raw["from"] as string) : null;
  if (from === ALL) add("CALLSIGN_RESERVED", "from: ALL addresses every participant and is never a sender", { slot: "from", received: from });
  else if (from !== null && isHandler(from)) {
    if (kind !== null && CLAIM_KINDS.has(kind)) add("CALLSIGN_RESERVED", `from: ${from} is a Handler seat: never agent-claimed by ${kind}`, { slot: "from", received: from });
    else add("HANDLER_SELF_ASSERTED", `from: ${from} is self-asserted; verify a surprising Handler message out of band`, { slot: "from" });
  }

  // Roots and parents (section 9): an empty reply_to only on a true root.
  const replyTo = good("reply_to") ? ((raw["reply_to"] as string | null) || null) : undefined;
  if (kind !== null && replyTo === null) {
    const rule = MAILBOX_KINDS[kind].parent;
    if (rule === "parent") add("REPLY_TO_REQUIRED", `a ${kind} answers a message: reply_to names the exact message answered`, { slot: "reply_to", expected: "the parent's UUIDv7" });
    else if (kind === "state" && raw["expects_reply"] !== false) add("REPLY_TO_REQUIRED", "a state is a root only as a standalone no-reply FYI (expects_reply: false); otherwise reply_to names the message it answers", { slot: "reply_to" });
  }
  if (kind !== null && replyTo && MAILBOX_KINDS[kind].parent === "root") add("ROOT_WITH_PARENT", `a ${kind} is a true root: reply_to is read as a citation, not as its place in a thread`, { slot: "reply_to" });

  // Handshake terms, availability FYIs, locus and root forms.
  if (kind === "welcome" && !has("terms")) add("TERMS_MISSING", "a welcome without terms is read as a counter: ambiguity stays material until explicitly accepted", { slot: "terms", expected: "accept or counter" });
  // A handshake field where the handshake reads none: refused outbound (the sender would believe
  // it accepted, countered or set a budget), noted inbound, where it settles nothing (section 7:
  // representation drift is tolerated and warned).
  // Given its parent, an answer to what puts no terms on the table is the same (handshake-fields.ts);
  // the rules its parent decides are read once, here (_parent-answer-problems.ts).
  const parent = replyTo && options.parent?.id === replyTo ? options.parent : null;
  const fields = ["terms", "exchange_budget"] as const;
  const answered = kind !== null && parent !== null ? parentAnswerProblems({ kind, from, carriesTerms: has("terms"), fields: fields.filter(good) }, parent) : [];
  const addAnswer = (p: AnswerProblem): void => {
    const as = outbound ? p.outbound : p.inbound;
    add(as.code, as.message, { slot: p.slot });
  };
  for (const field of fields) {
    const problem = kind !== null && good(field) && replyTo !== undefined ? handshakeFieldProblem(field, kind, replyTo === null, has("terms")) : null;
    if (problem !== null) addAnswer(misplacedField(field, problem));
    for (const p of answered) if (p.slot === field) addAnswer(p);
  }
  const misaddressedRepair = good("to") && good("anomaly") ? repairRecipientsProblem(kind, from, raw["to"] as string[]) : null;
  if (misaddressedRepair !== null) add("REPAIR_MISADDRESSED", misaddressedRepair, { slot: "to" });
  if (has("availability") && (kind !== "state" || raw["expects_reply"] !== false)) add("AVAILABILITY_MISPLACED", "availability is a sender-local FYI: only on kind state with expects_reply: false", { slot: "availability" });
  if (good("machine") && !MACHINE_ALIAS.test(raw["machine"] as string) && !isUuid7(raw["machine"]) && !/^[0-9a-f-]{36}$/.test(raw["machine"] as string)) {
    add("MACHINE_NOT_CANONICAL", "machine: a stable machine UUID or an opaque uppercase ASCII alias (a hostname is a private-arena fallback)", { slot: "machine", received: raw["machine"] as string });
  }
  // A locus mixing look-alike scripts reads as another (CROX-SІTE, a Cyrillic І, for CROX-SITE):
  // claims and bindings are kept per arena and machine, so the Handler is told. Any one script is fine.
  for (const k of ["arena", "pod", "machine"]) {
    const mixed = good(k) ? _mixedScripts(raw[k] as string) : [];
    if (mixed.length > 0) add("LOCUS_MIXED_SCRIPT", `${k}: it mixes ${mixed.join(", ").replace(/, (?=[^,]*$)/, " and ")} letters, which can look alike: it may read as another ${k === "machine" ? "machine" : "arena"} than it is`, { slot: k, received: raw[k] as string });
    // The same letters in another Unicode form (CAFE plus a combining accent for CAFÉ) show the
    // same and compare different: named, never normalised (7).
    if (good(k) && (raw[k] as string).normalize("NFC") !== raw[k]) add("LOCUS_NOT_NFC", `${k}: it is not in Unicode's composed form (NFC): it shows as the same letters as another ${k === "machine" ? "machine" : "arena"} and compares different; write it composed`, { slot: k, received: raw[k] as string });
  }
  // Provenance is self-asserted and tolerated (section 7), but an unseen character in it is named:
  // `claude\u200b` shows as `claude` and yet differs (a succession never counts it as new).
  for (const k of ["model", "company", "contract_version", "adapter_version"]) {
    const hidden = good(k) ? formatCharacters(raw[k] as string) : "";
    if (hidden !== "") add("PROVENANCE_INVISIBLE", `${k}: it holds ${hidden}, an invisible formatting character: it reads as another value than it is`, { slot: k, received: raw[k] as string });
  }
  if (good("root") && !isLowerRootId(raw["root"] as string)) {
    if (outbound) add("ROOT_ID_INVALID", "root: new messages render the SHA-256 in lowercase hex", { slot: "root", received: raw["root"] as string });
    else add("ROOT_ID_CASE", "root: uppercase hex, compared case-insensitively during v1 migration only", { slot: "root" });
  }
  if (!legacy) for (const k of Object.keys(raw)) if (!KNOWN.has(k)) add("FIELD_UNKNOWN", `${k}: not an envelope field; ignored`, { slot: k });

  // Tags live in the frontmatter's own tags (Obsidian's field); drift is warned, never refused.
  const tags = Array.isArray(frontmatter["tags"]) && frontmatter["tags"].every((t) => typeof t === "string") ? (frontmatter["tags"] as string[]) : null;
  if (tags === null) add("TAGS_MISSING", `tags: the frontmatter carries the room's tag set as a list, with ${STANDING_TAG}`, { slot: "tags", line: nodeLine(["tags"]) ?? split.yamlLine });
  else if (!tags.includes(STANDING_TAG)) add("TAGS_MISSING", `tags: the standing ${STANDING_TAG} tag is missing`, { slot: "tags", line: nodeLine(["tags"]) });

  const id = good("id") ? (raw["id"] as string) : null;
  const envelopeOk = !hasMailboxError(findings);

  // The body: the parent's wikilink, the ack rule, and RW1 lines.
  const body = split.body;
  if (replyTo && kind !== null) {
    const links = wikilinks(body);
    const parentFile = options.parent?.id === replyTo ? options.parent.file : null;
    if (parentFile ? !linksTo(links, parentFile) : links.length === 0) {
      add("PARENT_LINK_MISSING", `the body does not wikilink its parent${parentFile ? ` [[${parentFile.replace(/\.md$/, "")}]]` : ""}: a causal response links its exact parent`, { line: split.bodyLine });
    }
    const notHello = options.parent?.id === replyTo ? welcomeParentProblem(kind, options.parent.kind) : null;
    if (notHello !== null) add("WELCOME_PARENT_NOT_HELLO", notHello, { slot: "reply_to" });
    if (kind === "ack" && options.parent?.id === replyTo && options.parent.kind === "hello" && claimsToFollowWelcomes(body, links)) {
      add("ACK_SKIPS_WELCOME", "this ack's reply_to is the hello, but its body claims to follow welcomes: the envelope graph is the contract; reply to the welcome", { slot: "reply_to" });
    }
    // What may not follow its parent: an answer to an availability FYI, a courtesy ack.
    for (const p of answered) if (p.slot === "reply_to") addAnswer(p);
  }
  // A goodbye banks "re-entry: returning | final" (section 8): it decides whether the name retires.
  if (kind === "goodbye" && reEntryOf(body) === null) {
    if (outbound) add("GOODBYE_REENTRY_MISSING", "a goodbye banks exactly one re-entry in its body (re-entry: returning, or re-entry: final): whether the callsign retires cannot be established without it, or from both", { line: split.bodyLine });
    else add("GOODBYE_REENTRY_UNSTATED", "this goodbye banks no single re-entry (none, or both returning and final): read as returning, so the callsign is not retired", { line: split.bodyLine });
  }
  // A delivery names its artifact's content hash (sections 3, 5), which section 7 keeps fail-closed:
  // refused outbound; a peer's is read and noted, and nothing it names is relied on unhashed (14).
  if (kind === "deliver" && !namesContentHash(body)) {
    if (outbound) add("DELIVER_HASH_MISSING", "a deliver names the exact artifact path and its content hash (a SHA-256 in hex): an artifact is relied on only once its hash is recomputed, and this body names none", { line: split.bodyLine });
    else add("DELIVER_HASH_UNSTATED", "this deliver names no content hash (a SHA-256 in hex): the artifact it announces cannot be verified before reliance; ask its sender for the hash", { line: split.bodyLine });
  }
  // Its artifact is named relative to the mailbox root, inside it (section 3: "Reject absolute or
  // `..`-escaping protocol-relative artifact paths"): refused outbound; a peer's is read and the
  // path noted, never followed (a receiver recomputing the hash would read what the peer chose).
  const unsafe = kind === "deliver" ? unsafeArtifactPaths(body) : [];
  if (unsafe.length > 0) {
    const named = few(unsafe);
    if (outbound) add("ARTIFACT_PATH_UNSAFE", `a deliver names its artifact by a path relative to the mailbox root, inside it (workspace/<CALLSIGN>/artifacts/...), or an external one by its Handler-pinned alias: ${named} is absolute or climbs out of the root with ..`, { line: split.bodyLine, received: unsafe[0] as string });
    else add("ARTIFACT_PATH_REFUSED", `this deliver names ${named}, absolute or climbing out of the mailbox root with ..: the path is refused, not followed or hashed, unless the Handler supplied that exact path; ask its sender for the workspace-relative one`, { line: split.bodyLine, received: unsafe[0] as string });
  }
  // Scratch "is never cited" (section 3): a delivery naming a file in a scratch tree announces bytes
  // its owner may still change or remove. Refused outbound; a peer's is read, the path not relied on.
  const scratch = kind === "deliver" ? scratchArtifactPaths(body) : [];
  if (scratch.length > 0) {
    const named = few(scratch);
    if (outbound) add("ARTIFACT_PATH_SCRATCH", `scratch is never cited: ${named} is in a scratch tree; create the artifact create-once under workspace/<CALLSIGN>/artifacts/ and deliver that path and its hash`, { line: split.bodyLine, received: scratch[0] as string });
    else add("ARTIFACT_SCRATCH_REFUSED", `this deliver names ${named}, in a scratch tree, which is never cited: its owner may change or remove it, so it is not relied on as a delivered artifact; ask its sender for an artifact under workspace/<CALLSIGN>/artifacts/`, { line: split.bodyLine, received: scratch[0] as string });
  }
  // No secrets in mailbox messages (section 14): the frontmatter's lines and the body's. Refused
  // outbound; a peer's is read and surfaced (it is already in the shared folder: not to be copied).
  const secrets = [...secretLines(split.yaml, split.yamlLine), ...secretLines(body, split.bodyLine)];
  if (secrets.length > 0) {
    const where = `line${secrets.length > 1 ? "s" : ""} ${few(secrets.map((x) => `${x.line} (${x.kind})`), 5)} ${secrets.length > 1 ? "hold" : "holds"}`;
    if (outbound) add("MESSAGE_SECRET", `no secrets, credentials or private keys in mailbox messages: ${where} what looks like a credential; carry a secret reference or redacted metadata instead`, { line: (secrets[0] as { line: number }).line });
    else add("MESSAGE_SECRET_NOTED", `${where} what looks like a credential, which a mailbox message never carries: surface it to the Handler, and do not copy or act on it`, { line: (secrets[0] as { line: number }).line });
  }
  // One line past the limit is read only to say where the lines no reader checks begin.
  const rw1 = rw1Lines(body, split.bodyLine, resolverOf(options.vocabulary), MAX_BODY_RW1_LINES + 1);
  const unread = rw1.length > MAX_BODY_RW1_LINES ? rw1.pop() : undefined;
  if (unread !== undefined) add("BODY_RW1_TOO_MANY", `the body holds more than ${MAX_BODY_RW1_LINES} RW1 lines: those from this line on are not checked, so the message is refused`, { line: unread.line, expected: `at most ${MAX_BODY_RW1_LINES} RW1 lines` });
  for (const l of rw1) {
    const errors = l.check.findings.filter((f) => f.severity === "error");
    if (errors.length > 0) add("BODY_RW1_REFUSED", `the RW1 line is refused: ${errors.map((f) => `${f.code} ${f.message}`).join("; ")}`, { line: l.line, received: l.text, causes: errors });
    // Its notes too (a key no vocabulary knows, kept and carried): said in the message's findings,
    // so a reader that reports those alone (rw mailbox check) does not drop them.
    const notes = l.check.findings.filter((f) => f.severity === "note");
    if (notes.length > 0) add("BODY_RW1_NOTED", `the RW1 line has notes: ${notes.map((f) => `${f.code} ${f.message}`).join("; ")}`, { line: l.line, received: l.text, causes: notes });
  }

  const envelope = envelopeOk ? buildEnvelope(raw, tags ?? [], replyTo ?? null) : null;
  return { ok: !hasMailboxError(findings), envelope, id, body, bodyLine: split.bodyLine, rw1, legacy, findings };
}

/** The outbound preflight (section 9): the envelope you are about to write, refused if unsafe. */
export function preflight(text: string, options: Omit<ReadOptions, "mode"> = {}): MailboxReading {
  return readMailboxMessage(text, { ...options, mode: "outbound" });
}

function buildEnvelope(raw: Record<string, unknown>, tags: readonly string[], replyTo: string | null): MailboxEnvelope {
  const s = (k: string): string | null => (typeof raw[k] === "string" ? (raw[k] as string) : null);
  const n = (k: string): number | null => (typeof raw[k] === "number" ? (raw[k] as number) : null);
  const m = (k: string): Readonly<Record<string, unknown>> | null => (isMapping(raw[k]) ? (raw[k] as Record<string, unknown>) : null);
  return {
    version: n("version"),
    profile: raw["profile"] as MailboxEnvelope["profile"],
    id: raw["id"] as string,
    thread: raw["thread"] as string,
    session: s("session"),
    request_id: raw["request_id"] as string,
    seq: n("seq"),
    from: raw["from"] as string,
    to: [...(raw["to"] as string[])],
    kind: raw["kind"] as MailboxKind,
    reply_to: replyTo,
    expects_reply: raw["expects_reply"] as boolean,
    arena: (s("arena") ?? s("pod")) as string,
    machine: raw["machine"] as string,
    root: raw["root"] as string,
    transport: raw["transport"] as MailboxEnvelope["transport"],
    tags: [...tags],
    terms: s("terms") as MailboxEnvelope["terms"],
    exchange_budget: n("exchange_budget"),
    new_evidence: s("new_evidence"),
    model: s("model"),
    company: s("company"),
    contract_version: s("contract_version"),
    adapter_version: s("adapter_version"),
    availability: m("availability"),
    anomaly: m("anomaly"),
    correction: m("correction"),
  };
}

/** A value as a finding shows it: strings as written, anything else as JSON, cut at 80 characters. */
/**
 * A plain scalar YAML resolved to a number or a boolean, as written (`source`), or null. YAML 1.2's
 * core schema reads `0123` as 123 and 64 decimal digits as a float that keeps 17 of them, so the
 * value no longer says what was written; only its source does.
 */
function unquotedText(value: unknown, node: unknown): { written: string; type: string; read: string } | null {
  if (typeof value !== "number" && typeof value !== "boolean" && typeof value !== "bigint") return null;
  if (!isScalar(node) || node.type !== Scalar.PLAIN || typeof node.source !== "string" || node.source === "") return null;
  return { written: preview(node.source), type: typeof value === "boolean" ? "boolean" : "number", read: preview(String(value)) };
}

function preview(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Drops undefined members, for exactOptionalPropertyTypes. */
function optional<T extends object>(detail: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(detail)) if (value !== undefined) out[k] = value;
  return out as { [K in keyof T]: Exclude<T[K], undefined> };
}
