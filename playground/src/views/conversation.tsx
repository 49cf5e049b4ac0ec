/**
 * The conversation checker: examples, the reader's settings, the text area, and what the core says
 * about every line (left) and about the thread (right).
 */
import type { Ref } from "preact";
import { useCallback, useState } from "preact/hooks";
import { threadVerdict } from "../../../core/index.js";
import type { Checked, CheckedLine } from "../check/checker.js";
import type { TreeRow } from "../check/tree.js";
import { EXAMPLE_TITLES } from "../example-titles.js";
import { withoutBom } from "../input-text.js";
import type { Example } from "../examples.js";
import type { PlaygroundState } from "../state.js";
import { Chunked } from "./chunks.js";
import type { JsonHighlight } from "./json-highlight.js";
import { LineRow } from "./line-row.js";
import { ProfileOptions } from "./profile-options.js";
import { ReplacedNotice } from "./replaced-notice.js";
import { ThreadView } from "./thread.js";

interface Props {
  readonly state: PlaygroundState;
  readonly set: (patch: Partial<PlaygroundState>) => void;
  readonly checked: Checked;
  readonly rows: readonly TreeRow[];
  /** A large change of the text is being checked: the views show the last check. */
  readonly checking: boolean;
  readonly customName: string | null;
  readonly nowProblem: string | null;
  readonly profileProblem: string | null;
  /** Why the sender's expectations are not applied, when their reader could not load. */
  readonly expectationsProblem: string | null;
  /** Why a text holding a JSON form is not checked, when their reader could not load. */
  readonly jsonProblem: string | null;
  readonly textarea: Ref<HTMLTextAreaElement>;
  readonly onGoto: (line: number, at: number) => void;
  readonly onExample: (example: Example) => void;
  /** How many lines of the reader's own an example replaced (null: none to put back). */
  readonly replacedLines: number | null;
  readonly onRestore: () => void;
  readonly onNow: () => void;
  /** The view of a JSON form as written, once loaded (json-forms.ts): there whenever a line is one. */
  readonly json: typeof JsonHighlight | null;
}

/** The examples' lines, once loaded: a click then loads its example at once, as before any loaded. */
let loadedExamples: readonly Example[] | null = null;

/**
 * The examples' buttons. Their lines load on the first click (examples.ts; the first screen shows
 * only the titles); while they load, and if they cannot, the group says so as a lazy tab does.
 */
function ExampleButtons({ onExample, replacedLines, onRestore }: { onExample: (example: Example) => void; replacedLines: number | null; onRestore: () => void }) {
  const [status, setStatus] = useState<"loading" | { readonly error: string } | null>(null);
  const pick = (id: string): void => {
    const found = (all: readonly Example[]): Example => all.find((e) => e.id === id) as Example;
    if (loadedExamples !== null) return onExample(found(loadedExamples));
    setStatus("loading");
    import("../examples.js").then(
      (m) => {
        loadedExamples = m.EXAMPLES;
        setStatus(null);
        onExample(found(m.EXAMPLES));
      },
      (error: unknown) => setStatus({ error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div class="examples" role="group" aria-labelledby="examples-title">
      <h2 id="examples-title">Examples from the spec</h2>
      {EXAMPLE_TITLES.map((e) => (
        <button type="button" key={e.id} data-example={e.id} onClick={() => pick(e.id)} title={e.about}>
          {e.title}
        </button>
      ))}
      {status === null ? null : status === "loading" ? (
        <p role="status">Loading…</p>
      ) : (
        <p class="problems" role="alert">
          The examples could not be loaded ({status.error}): reload the page to try again.
        </p>
      )}
      <ReplacedNotice lines={replacedLines} onRestore={onRestore} />
    </div>
  );
}

export function ConversationView({ state, set, checked, rows, checking, customName, nowProblem, profileProblem, expectationsProblem, jsonProblem, textarea, onGoto, onExample, replacedLines, onRestore, onNow, json }: Props) {
  const showJson = state.showJson;
  const renderRow = useCallback((l: CheckedLine) => <LineRow key={l.n} line={l} showJson={showJson} onGoto={onGoto} json={json} />, [showJson, onGoto, json]);
  const refused = checked.lines.filter((l) => !l.check.ok).length;
  return (
    <div>
      <ExampleButtons onExample={onExample} replacedLines={replacedLines} onRestore={onRestore} />
      <div class="controls">
        <div class="field">
          <label for="profile">Profile</label>
          <select id="profile" value={state.profile} onChange={(e) => set({ profile: (e.currentTarget as HTMLSelectElement).value })} aria-describedby="profile-hint">
            <ProfileOptions customName={customName} pasteAt="Legend" />
          </select>
          <span id="profile-hint" class="hint">
            a line using its codes needs p= (as with rw --profile); a line's own p= loads a shipped profile
          </span>
        </div>
        <div class="field">
          <label for="as">Refusals from</label>
          <input id="as" type="text" value={state.as} placeholder="each line's to=" spellcheck={false} autoComplete="off" onInput={(e) => set({ as: (e.currentTarget as HTMLInputElement).value })} aria-describedby="as-hint" />
          <span id="as-hint" class="hint">
            the receiver that sends the UN
          </span>
        </div>
        <div class="field">
          <label for="now">Audit time (now)</label>
          <div class="inline">
            <input id="now" type="text" value={state.now} placeholder="YYYYMMDDTHHMMZ" spellcheck={false} autoComplete="off" size={16} onInput={(e) => set({ now: (e.currentTarget as HTMLInputElement).value })} aria-describedby="now-hint" aria-invalid={nowProblem !== null} />
            <button type="button" onClick={onNow}>
              Current time
            </button>
          </div>
          <span id="now-hint" class={nowProblem === null ? "hint" : "hint problems"}>
            {nowProblem ?? "for check-thread's deadlines; empty: no clock"}
          </span>
        </div>
        <div class="field">
          <span class="inline">
            <input id="show-json" type="checkbox" checked={state.showJson} onChange={(e) => set({ showJson: (e.currentTarget as HTMLInputElement).checked })} />
            <label for="show-json">Show JSON forms</label>
          </span>
        </div>
      </div>
      {profileProblem !== null ? <p class="problems" role="alert">{profileProblem}</p> : null}
      {expectationsProblem !== null ? <p class="problems" role="alert">{expectationsProblem}</p> : null}
      {jsonProblem !== null ? <p class="problems" role="alert">{jsonProblem}</p> : null}
      <div class="field">
        <label for="conversation">Conversation</label>
        <span id="conversation-hint" class="hint">
          One message a line, as an RW1 line or its JSON form, in sending order; blank lines and lines starting with # are skipped.
        </span>
        <textarea
          id="conversation"
          ref={textarea}
          rows={12}
          spellcheck={false}
          autoComplete="off"
          wrap="off"
          aria-describedby="conversation-hint"
          value={state.text}
          onInput={(e) => set({ text: withoutBom((e.currentTarget as HTMLTextAreaElement).value) })}
          placeholder="RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 // hero copy"
        />
      </div>
      {/* The one live region of this view: each check is announced once, its thread verdict with it
          (the thread's own summary, long and changing with every count, is not live). */}
      <p class="summary" role="status" aria-live="polite" aria-atomic="true" data-lines={checked.lines.length} data-refused={refused}>
        {checking
          ? "Checking…"
          : checked.lines.length === 0
          ? "No lines yet: paste some, or load an example."
          : `${checked.lines.length} ${checked.lines.length === 1 ? "line" : "lines"}: ${checked.lines.length - refused} valid, ${refused} refused.`}
        {checking || checked.lines.length === 0 ? null : <span class="sr-only"> Thread: {threadVerdict(checked.report, checked.lines.length - checked.audited.length) ? "ok" : "problems"}.</span>}
      </p>
      <div class="columns">
        <section aria-labelledby="lines-title">
          <h2 id="lines-title">Lines</h2>
          <ol class="rows">
            <Chunked items={checked.lines} render={renderRow} />
          </ol>
        </section>
        <ThreadView checked={checked} rows={rows} onGoto={onGoto} />
      </div>
    </div>
  );
}
