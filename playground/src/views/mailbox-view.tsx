/**
 * The mailbox tab: an Agent Mailbox message (Markdown with YAML frontmatter) read by the core's
 * mailbox reader, as the outbound preflight or as a peer's message; optionally the parent its
 * reply_to names, for the parent link and the ack-to-hello rule. This module and `yaml` load only
 * when the tab is opened (app.tsx imports it dynamically).
 */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import { useEffect, useMemo } from "preact/hooks";
import { isBlankLine, isEmptyDocument, profileOf } from "../../../core/index.js";
import type { VocabularyResolver } from "../../../core/index.js";
import { parentInfo, readMailboxMessage } from "../../../core/mailbox/index.js";
import type { BodyLine, MailboxFinding, MailboxReading, ParentInfo } from "../../../core/mailbox/index.js";
import { MAILBOX_EXAMPLES } from "../mailbox-examples.js";
import { named } from "../named.js";
import { SHIPPED } from "../profile-choices.js";
import type { MailboxMode, PlaygroundState } from "../state.js";
import { Chunked } from "./chunks.js";
import { FindingList } from "./findings.js";
import { FindingsTable } from "./findings-table.js";
import { ReplacedNotice } from "./replaced-notice.js";
import { Highlight } from "./highlight.js";
import type { FindingColumn } from "./findings-table.js";

interface Props {
  readonly state: PlaygroundState;
  readonly set: (patch: Partial<PlaygroundState>) => void;
  /** Loads an example's fields (app.tsx keeps what they replace, to put back). */
  readonly onExample: (example: Partial<PlaygroundState>) => void;
  /** How many lines of the reader's own the last example replaced (null: none to put back). */
  readonly replacedLines: number | null;
  readonly onRestore: () => void;
  /** The profile RW1 lines in the body are read with (the conversation's). */
  readonly resolve: VocabularyResolver;
  /** The shipped profiles: null while they load (or are not wanted), else loaded or why they did not. */
  readonly shipped: { readonly value: unknown } | { readonly error: string } | null;
  /** Told whether an RW1 line of the message names a shipped profile: the app loads them only then. */
  readonly onNamesShipped: (names: boolean) => void;
}

const MODES: readonly { readonly id: MailboxMode; readonly label: string }[] = [
  { id: "outbound", label: "Preflight (outbound, before publishing)" },
  { id: "inbound", label: "Inbound (a peer's message)" },
];

/** An envelope value in words, its controls marked (a value is the sender's text). */
const shown = (v: unknown): string => visible(v === null ? "(empty)" : Array.isArray(v) ? `[${v.join(", ")}]` : typeof v === "object" ? JSON.stringify(v) : String(v));

const MAILBOX_COLUMNS: readonly FindingColumn<MailboxFinding>[] = [
  { label: "Slot", cell: (f) => f.slot ?? "" },
  { label: "Line", cell: (f) => (f.line === undefined ? "" : String(f.line)) },
];

const mailboxMessage = (f: MailboxFinding) => (
  <>
    {visible(f.message)}
    {f.received !== undefined ? <span class="hint"> (received {visible(f.received)})</span> : null}
    {f.causes !== undefined && f.causes.length > 0 ? <FindingList findings={f.causes} /> : null}
  </>
);

function MailboxFindings({ findings }: { findings: readonly MailboxFinding[] }) {
  return <FindingsTable class="mailbox-findings" findings={findings} columns={MAILBOX_COLUMNS} message={mailboxMessage} />;
}

/**
 * An RW1 line of the body as the core read it, painted as the conversation paints a line (parts
 * coloured, errors underlined, controls marked; a very long one shown in part).
 */
const bodyLine = (l: BodyLine) => (
  <li key={l.line} data-status={l.check.ok ? "valid" : "refused"}>
    <div class="row-head">
      <span class="ln">
        <span class="sr-only">line </span>
        {l.line}
      </span>
      <span class={`badge ${l.check.ok ? "valid" : "refused"}`}>{l.check.ok ? "valid" : "refused"}</span>
      <Highlight text={l.text} findings={l.check.findings} />
    </div>
    <FindingList findings={l.check.findings} />
  </li>
);

/**
 * The verdict, in a live region that stays in the page while the message changes: a region added
 * with its text already in it is not announced, so it is rendered empty of a verdict too.
 */
function Verdict({ reading, unread }: { reading: MailboxReading | null; unread: { readonly text: string; readonly problem: boolean } | null }) {
  if (reading === null) {
    return (
      <p class={unread?.problem === true ? "summary problems" : "hint"} role="status" aria-live="polite" aria-atomic="true">
        {unread?.text ?? "Paste a message, or load an example."}
      </p>
    );
  }
  const errors = reading.findings.filter((f) => f.severity === "error").length;
  const notes = reading.findings.length - errors;
  return (
    <p class="summary" data-verdict={reading.ok ? "ok" : "refused"} role="status" aria-live="polite" aria-atomic="true">
      <span class={`badge ${reading.ok ? "valid" : "refused"}`}>{reading.ok ? "ok" : "refused"}</span>{" "}
      {reading.ok ? "The message may be published or read." : "The message is refused."} {errors} error{errors === 1 ? "" : "s"}, {notes} note{notes === 1 ? "" : "s"}
      {reading.legacy ? "; the envelope was read from legacy flat fields" : ""}.
    </p>
  );
}

/** The first RW1 line of the body that names a shipped profile: its line and the profile. */
function namingShipped(reading: MailboxReading | null): { readonly line: number; readonly profile: string } | null {
  for (const l of reading?.rw1 ?? []) {
    const p = profileOf(l.text);
    if (p !== null && SHIPPED.includes(p)) return { line: l.line, profile: p };
  }
  return null;
}

export function MailboxView({ state, set, resolve, shipped, onNamesShipped, onExample, replacedLines, onRestore }: Props) {
  // Nothing typed is blank lines only (isEmptyDocument; a filename, spaces and tabs): a no-break
  // space is read, and refused, as a file holding it is; a filename is used as typed, never trimmed.
  // The parent, read as a peer's message: what the reader judges of it (parentInfo).
  const parentReading = useMemo(() => (isEmptyDocument(state.mailboxParent) ? null : readMailboxMessage(state.mailboxParent, { mode: "inbound", vocabulary: resolve })), [state.mailboxParent, resolve]);
  const parent: ParentInfo | null = useMemo(() => {
    const e = parentReading?.envelope;
    if (e == null) return null;
    return parentInfo(e, isBlankLine(state.mailboxParentFile) ? null : state.mailboxParentFile);
  }, [parentReading, state.mailboxParentFile]);
  const read = useMemo(() => (isEmptyDocument(state.mailbox) ? null : readMailboxMessage(state.mailbox, { mode: state.mailboxMode, vocabulary: resolve, parent })), [state.mailbox, state.mailboxMode, resolve, parent]);
  // Until the shipped profiles are loaded, an RW1 line naming one reads as naming a profile the
  // reader does not have, and with a shipped profile chosen every RW1 line reads with the core
  // alone: no verdict is given then (the message was read, and the page says which line needs them).
  const naming = useMemo(() => namingShipped(read), [read]);
  // The message's reading, not a search of its text, says whether they are needed: a ` p=` in its
  // prose or frontmatter names no profile. The need ends with the tab.
  const namesShipped = naming !== null;
  useEffect(() => {
    onNamesShipped(namesShipped);
    return () => onNamesShipped(false);
  }, [namesShipped, onNamesShipped]);
  const needs =
    (shipped !== null && "value" in shipped) || read === null || read.rw1.length === 0
      ? null
      : SHIPPED.includes(state.profile)
        ? `its lines are read with the chosen profile, ${named(state.profile)}`
        : naming !== null
          ? `line ${naming.line} names ${named(naming.profile)}`
          : null;
  const unread =
    needs === null
      ? null
      : shipped === null
        ? { text: `Waiting for the shipped profiles: ${needs}.`, problem: false }
        : { text: `The shipped profiles did not load (${"error" in shipped ? shipped.error : ""}): ${needs}, so the message is not read; reload the page to try again.`, problem: true };
  const reading = unread === null ? read : null;

  return (
    <div>
      <div class="examples">
        <h2>Examples</h2>
        {MAILBOX_EXAMPLES.map((e) => (
          <button key={e.id} type="button" data-example={e.id} onClick={() => onExample({ mailbox: e.message, mailboxParent: e.parent, mailboxParentFile: e.parentFile })}>
            Load example: {e.label}
          </button>
        ))}
        <ReplacedNotice lines={replacedLines} onRestore={onRestore} />
      </div>
      <div class="controls">
        <div class="field">
          <label for="mailbox-mode">Read as</label>
          <select id="mailbox-mode" value={state.mailboxMode} onChange={(e) => set({ mailboxMode: (e.currentTarget as HTMLSelectElement).value as MailboxMode })}>
            {MODES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div class="columns">
        <section aria-labelledby="mailbox-input-title">
          <h2 id="mailbox-input-title">Message</h2>
          <div class="field">
            <label for="mailbox-text">
              Agent Mailbox message <span class="hint">Markdown with YAML frontmatter; the envelope under meta.mailbox</span>
            </label>
            <textarea id="mailbox-text" rows={22} spellcheck={false} value={state.mailbox} onInput={(e) => set({ mailbox: (e.currentTarget as HTMLTextAreaElement).value })} />
          </div>
          <div class="field">
            <label for="mailbox-parent">
              Parent message <span class="hint">optional: the message reply_to names (for the parent link and the ack-to-hello rule)</span>
            </label>
            <textarea id="mailbox-parent" rows={8} spellcheck={false} value={state.mailboxParent} onInput={(e) => set({ mailboxParent: (e.currentTarget as HTMLTextAreaElement).value })} />
          </div>
          <div class="field">
            <label for="mailbox-parent-file">
              Parent's filename <span class="hint">optional: the body should wikilink it</span>
            </label>
            <input id="mailbox-parent-file" type="text" spellcheck={false} value={state.mailboxParentFile} onInput={(e) => set({ mailboxParentFile: (e.currentTarget as HTMLInputElement).value })} />
          </div>
        </section>
        <section aria-labelledby="mailbox-verdict-title" class="mailbox-result">
          <h2 id="mailbox-verdict-title">Verdict</h2>
          <Verdict reading={reading} unread={unread} />
          {reading === null ? null : (
            <>
              {parentReading !== null ? (
                <p class="hint" data-parent={parent === null ? "unread" : parent.kind}>
                  {parent === null
                    ? `The parent could not be read (${parentReading.findings.filter((f) => f.severity === "error").map((f) => f.code).join(", ") || "no envelope"}): the message is read without it.`
                    : `Parent: a ${parent.kind}, ${parent.id}${parent.file ? `, file ${visible(parent.file)}` : ""}.`}
                </p>
              ) : null}
              <h3>Findings</h3>
              <MailboxFindings findings={reading.findings} />
              <h3>Envelope</h3>
              {reading.envelope === null ? (
                <p class="hint">Not read: an envelope rule fails{reading.id !== null ? ` (the message id is ${reading.id})` : ""}.</p>
              ) : (
                <table class="envelope">
                  <tbody>
                    {Object.entries(reading.envelope)
                      .filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0))
                      .map(([k, v]) => (
                        <tr key={k} data-field={k}>
                          <th scope="row" class="mono">
                            {k}
                          </th>
                          <td class="mono">{shown(v)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              )}
              <h3>RW1 lines in the body</h3>
              {reading.rw1.length === 0 ? (
                <p class="hint">{reading.body === null ? "The body was not read." : "None."}</p>
              ) : (
                <ol class="rows">
                  <Chunked items={reading.rw1} render={bodyLine} />
                </ol>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
