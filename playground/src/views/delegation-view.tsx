/**
 * The delegation tab: one RW-003 JSON document checked by the core's delegation module, as the
 * CLI and the Worker check it: validate a record, check a child contract against its parent,
 * check a contract's next revision against its prior, check a delegation's attempts against its
 * retry policy, check a card's next revision against its prior, check a fence set against the
 * heads, or evaluate a permission request. The examples are the Worker's (the spec's sections 4.3
 * and 11). This module loads only when the tab is opened.
 */
import { Fragment } from "preact";
import { useMemo } from "preact/hooks";
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import { isEmptyDocument, parseJsonText } from "../../../core/index.js";
import { withoutBom } from "../input-text.js";
import { checkAttemptsDocument, checkCardRevisionDocument, checkChildDocument, checkFencesDocument, checkReassignmentDocument, evaluatePermissionDocument, validateRecord } from "../../../core/delegation/index.js";
import type { DelegationFinding } from "../../../core/delegation/index.js";
import { DELEGATION_EXAMPLES } from "../../../worker/examples/delegation.js";
import type { DelegationMode, PlaygroundState } from "../state.js";
import { FindingsTable } from "./findings-table.js";
import { ReplacedNotice } from "./replaced-notice.js";
import type { FindingColumn } from "./findings-table.js";

interface Props {
  readonly state: PlaygroundState;
  readonly set: (patch: Partial<PlaygroundState>) => void;
  /** Loads an example's fields (app.tsx keeps what they replace, to put back). */
  readonly onExample: (example: Partial<PlaygroundState>) => void;
  /** How many lines of the reader's own the last example replaced (null: none to put back). */
  readonly replacedLines: number | null;
  readonly onRestore: () => void;
}

const MODES: readonly { readonly id: DelegationMode; readonly label: string; readonly input: string }[] = [
  { id: "validate", label: "validate: one record", input: "one RW-003 record (card, contract, request, event…); its kind is told from its fields" },
  { id: "check-child", label: "check-child: a sub-delegation", input: "{ parent, child, chain, siblings? }: the child contract against its parent (with siblings, its budgets against what the parent's other live children leave)" },
  { id: "check-reassignment", label: "check-reassignment: a revision", input: "{ prior, next, parent?, chain?, attempts?, checkpoints? }: a contract's next revision against its prior (and, for a child, its parent and its new chain; with attempts and checkpoints, the budget they left)" },
  { id: "check-attempts", label: "check-attempts: a retry history", input: "{ contract, attempts, checkpoints? }: a delegation's ExecutionAttempts against its contract's retry policy, and its checkpoints' remaining budgets against its limits" },
  { id: "check-card-revision", label: "check-card-revision: a card revision", input: "{ prior, next }: an Agent Card's next revision against its prior" },
  { id: "check-fences", label: "check-fences: a fence set", input: "{ fences, heads, required? }: a control fence set against the current heads" },
  { id: "evaluate", label: "evaluate: a permission request", input: "{ contract, card, request, fences, heads, policy_ref, evaluator_ref, … }" },
];

const EXAMPLES: readonly { readonly id: string; readonly mode: DelegationMode; readonly label: string; readonly value: unknown }[] = [
  { id: "validate", mode: "validate", label: "11.4 the revocation event (valid)", value: DELEGATION_EXAMPLES.validate.record },
  { id: "check-child", mode: "check-child", label: "11.3 the overbroad child (denied)", value: DELEGATION_EXAMPLES.checkChild },
  { id: "check-reassignment", mode: "check-reassignment", label: "11.4 D-RESEARCH-2 reassigned to AGENT-B (allowed)", value: DELEGATION_EXAMPLES.checkReassignment },
  { id: "check-attempts", mode: "check-attempts", label: "11.4 ATT-1, then ATT-2 resuming CP-7 (valid)", value: DELEGATION_EXAMPLES.checkAttempts },
  { id: "check-card-revision", mode: "check-card-revision", label: "4.3 AGENT-EXTRACTOR card-r3 after card-r2 (valid)", value: DELEGATION_EXAMPLES.checkCardRevision },
  { id: "check-fences", mode: "check-fences", label: "11.4 fences after the reassignment (stale)", value: DELEGATION_EXAMPLES.checkFences },
  { id: "evaluate", mode: "evaluate", label: "11.1 the extractor reads SRC-1 (allowed)", value: DELEGATION_EXAMPLES.evaluate },
];

interface Outcome {
  /** The word the verdict is shown with: allowed/denied, valid/invalid, current/stale. */
  readonly verdict: string;
  readonly ok: boolean;
  readonly detail: string;
  /** Failed dimensions (check-child) or the codes that denied (evaluate). */
  readonly failed: readonly string[];
  readonly failedLabel: string;
  readonly extra: readonly { readonly key: string; readonly value: string }[];
  readonly findings: readonly DelegationFinding[];
}

type Checked = { readonly outcome: Outcome } | { readonly error: string } | null;

function run(mode: DelegationMode, text: string): Checked {
  // Nothing typed yet: blank lines only, as rw delegation finds its input empty; a no-break space is read, and is not JSON.
  if (isEmptyDocument(text)) return null;
  // One leading byte order mark dropped, as rw drops it from a document's file or stdin.
  const json = parseJsonText(withoutBom(text));
  if (!json.ok) return { error: json.problem === "syntax" ? `not JSON: ${json.reason}` : `refused: ${json.reason}` };
  const input = json.value;
  switch (mode) {
    case "validate": {
      const r = validateRecord(input);
      return { outcome: { verdict: r.ok ? "valid" : "invalid", ok: r.ok, detail: r.kind === null ? "a record of no known kind" : `${/^[aeiou]/.test(r.kind) ? "an" : "a"} ${r.kind} record`, failed: [], failedLabel: "", extra: [], findings: r.findings } };
    }
    case "check-child": {
      const r = checkChildDocument(input);
      return { outcome: { verdict: r.decision === "allow" ? "allowed" : "denied", ok: r.ok, detail: r.ok ? "the child stays within its parent" : "the child is not a narrowing of its parent", failed: r.failed, failedLabel: "Failed dimensions", extra: [], findings: r.findings } };
    }
    case "check-reassignment": {
      const r = checkReassignmentDocument(input);
      return { outcome: { verdict: r.decision === "allow" ? "allowed" : "denied", ok: r.ok, detail: r.ok ? "the next revision keeps the same or narrower authority" : "the next revision is not a narrowing of the prior", failed: r.failed, failedLabel: "Failed dimensions", extra: [], findings: r.findings } };
    }
    case "check-attempts": {
      const r = checkAttemptsDocument(input);
      return { outcome: { verdict: r.ok ? "valid" : "invalid", ok: r.ok, detail: r.ok ? "the attempts keep the contract's retry policy" : "the attempts do not keep the contract's retry policy", failed: [], failedLabel: "", extra: [], findings: r.findings } };
    }
    case "check-card-revision": {
      const r = checkCardRevisionDocument(input);
      return { outcome: { verdict: r.ok ? "valid" : "invalid", ok: r.ok, detail: r.ok ? "the next revision follows its prior" : "the next revision does not follow its prior", failed: [], failedLabel: "", extra: [], findings: r.findings } };
    }
    case "check-fences": {
      const r = checkFencesDocument(input);
      return {
        outcome: {
          verdict: r.ok ? "valid" : "invalid",
          ok: r.ok,
          detail: r.ok ? "every fenced stream is at its head" : "the fence set does not hold against the heads",
          failed: [],
          failedLabel: "",
          extra: r.streams.map((s) => ({ key: `${s.project_id} ${s.branch_id}`, value: `${s.result}: fenced at ${s.fenced}, head ${s.head === null ? "none" : s.head}` })),
          findings: r.findings,
        },
      };
    }
    case "evaluate": {
      const r = evaluatePermissionDocument(input);
      return {
        outcome: {
          verdict: r.decision === "allow" ? "allowed" : "denied",
          ok: r.ok,
          detail: r.decision === "allow" ? "every predicate holds" : "a predicate fails",
          failed: r.denied_by,
          failedLabel: "Denied by",
          extra: r.matched_rules.map((m) => ({ key: m.rule, value: m.matched })),
          findings: r.findings,
        },
      };
    }
  }
}

const DELEGATION_COLUMNS: readonly FindingColumn<DelegationFinding>[] = [
  { label: "Dimension", cell: (f) => visible(f.dimension ?? "") },
  { label: "Path", cell: (f) => visible(f.path ?? ""), class: "mono path" },
];

const delegationMessage = (f: DelegationFinding) => (
  <>
    {visible(f.message)}
    {f.expected !== undefined ? <span class="hint"> (expected {visible(f.expected)})</span> : null}
    {f.received !== undefined ? <span class="hint"> (received {visible(f.received)})</span> : null}
  </>
);

/**
 * A row's key, each space-separated part a box of its own (style.css): the row wraps between the
 * parts, so a part that fits the width ("delegation:D-RESEARCH-2") is never broken at its hyphen
 * and read as two; a longer one wraps inside its box. A box adds no character: a copy is the key.
 */
function KeyParts({ text }: { text: string }) {
  return (
    <>
      {text.split(" ").map((part, k) => (
        <Fragment key={k}>
          {k > 0 ? " " : null}
          <span class="iso">{visible(part)}</span>
        </Fragment>
      ))}
    </>
  );
}

function DelegationFindings({ findings }: { findings: readonly DelegationFinding[] }) {
  return <FindingsTable class="delegation-findings" findings={findings} columns={DELEGATION_COLUMNS} message={delegationMessage} />;
}

export function DelegationView({ state, set, onExample, replacedLines, onRestore }: Props) {
  const checked = useMemo(() => run(state.delegationMode, state.delegation), [state.delegationMode, state.delegation]);
  const mode = MODES.find((m) => m.id === state.delegationMode) ?? (MODES[0] as (typeof MODES)[number]);
  return (
    <div>
      <div class="examples">
        <h2>Examples</h2>
        {EXAMPLES.map((e) => (
          <button key={e.id} type="button" data-example={e.id} onClick={() => onExample({ delegationMode: e.mode, delegation: JSON.stringify(e.value, null, 2) })}>
            Load example: {e.label}
          </button>
        ))}
        <ReplacedNotice lines={replacedLines} onRestore={onRestore} />
      </div>
      <div class="controls">
        <div class="field">
          <label for="delegation-mode">Check</label>
          <select id="delegation-mode" value={state.delegationMode} onChange={(e) => set({ delegationMode: (e.currentTarget as HTMLSelectElement).value as DelegationMode })} aria-describedby="delegation-mode-hint">
            {MODES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
          <span id="delegation-mode-hint" class="hint">
            Input: {mode.input}
          </span>
        </div>
      </div>
      <div class="lab-grid">
        <section aria-labelledby="delegation-input-title">
          <h2 id="delegation-input-title">Document</h2>
          <div class="field">
            <label for="delegation-json">
              JSON document <span class="hint">RW-003 records, as the CLI and the Worker take them</span>
            </label>
            <textarea id="delegation-json" rows={30} spellcheck={false} value={state.delegation} onInput={(e) => set({ delegation: (e.currentTarget as HTMLTextAreaElement).value })} />
          </div>
        </section>
        <section aria-labelledby="delegation-verdict-title">
          <h2 id="delegation-verdict-title">Verdict</h2>
          {/* One live region, in the page whatever it says: a region added with its text already in
              it is not announced, and the verdict changes from none to unread to a result. */}
          <p
            class={checked === null ? "hint" : "error" in checked ? "summary problems" : "summary"}
            data-verdict={checked === null ? undefined : "error" in checked ? "unread" : checked.outcome.verdict}
            role="status"
            aria-live="polite"
            aria-atomic="true"
          >
            {checked === null ? (
              "Type or paste a JSON document, or load an example."
            ) : "error" in checked ? (
              visible(checked.error)
            ) : (
              <>
                <span class={`badge ${checked.outcome.ok ? "valid" : "refused"}`}>{checked.outcome.verdict}</span> {checked.outcome.detail}.
              </>
            )}
          </p>
          {checked === null || "error" in checked ? null : (
            <>
              {checked.outcome.failedLabel !== "" && checked.outcome.failed.length > 0 ? (
                <>
                  <h3>{checked.outcome.failedLabel}</h3>
                  <ul class="failed-dimensions">
                    {checked.outcome.failed.map((d) => (
                      <li key={d} data-dimension={d}>
                        <span class="badge fail">{visible(d)}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {checked.outcome.extra.length > 0 ? (
                <table class="envelope">
                  <tbody>
                    {checked.outcome.extra.map((x, k) => (
                      <tr key={k}>
                        <th scope="row" class="mono">
                          <KeyParts text={x.key} />
                        </th>
                        <td class="mono">{visible(x.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </>
          )}
        </section>
      </div>
      {checked !== null && "outcome" in checked ? (
        <section aria-labelledby="delegation-findings-title">
          <h2 id="delegation-findings-title">Findings</h2>
          <DelegationFindings findings={checked.outcome.findings} />
        </section>
      ) : null}
    </div>
  );
}
