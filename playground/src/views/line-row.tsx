/**
 * One line of the conversation: its number, whether the receiver accepts it, the line with its
 * parts (a JSON form as written) and its errors underlined, the findings, the refusal the receiver
 * sends, and the JSON form (or, for a JSON form, the line). Memoized: it renders again only when
 * its line's view or the options change.
 */
import { formatLine } from "../../../core/index.js";
import type { CheckedLine } from "../check/checker.js";
import { memo } from "../memo.js";
import { FindingList } from "./findings.js";
import { clip } from "./clip.js";
import { More } from "./clipped.js";
import { Highlight } from "./highlight.js";
import { IsolatedJson, IsolatedLine } from "./isolate.js";
import type { JsonHighlight } from "./json-highlight.js";

interface Props {
  readonly line: CheckedLine;
  readonly showJson: boolean;
  readonly onGoto: (line: number, at: number) => void;
  /** The view of a JSON form as written, loaded with the reader of JSON forms (json-forms.ts): there whenever a line is one. */
  readonly json: typeof JsonHighlight | null;
}

export function lineStatus(line: CheckedLine): "valid" | "notes" | "refused" {
  if (!line.check.ok) return "refused";
  return line.check.findings.length > 0 ? "notes" : "valid";
}

const LABEL = { valid: "valid", notes: "valid, with notes", refused: "refused" } as const;

function Row({ line, showJson, onGoto, json: JsonHighlight }: Props) {
  const status = lineStatus(line);
  const message = line.check.message;
  const other = message === null ? null : line.json ? formatLine(message) : null;
  const form = showJson && message !== null ? (line.json ? (other !== null && other.ok ? clip(other.value) : null) : clip(JSON.stringify(message))) : null;
  return (
    <li id={`line-${line.n}`} data-line={line.n} data-status={status}>
      <div class="row-head">
        {/* Said as text: a label on a span without a role is not read. */}
        <span class="ln">
          <span class="sr-only">line </span>
          {line.n}
        </span>
        <span class={`badge ${status}`}>{LABEL[status]}</span>
        {line.json && JsonHighlight !== null ? <JsonHighlight text={line.text} findings={line.check.findings} /> : <Highlight text={line.text} findings={line.check.findings} />}
      </div>
      <FindingList findings={line.check.findings} line={line.n} onGoto={onGoto} />
      {line.refusal === null ? null : "line" in line.refusal ? (
        <div class="refusal">
          <span class="hint">The receiver answers:</span>
          <code data-refusal="">
            <IsolatedLine text={line.refusal.line} />
          </code>
        </div>
      ) : (
        <p class="refusal hint">No refusal: {line.refusal.none}</p>
      )}
      {form === null ? null : line.json ? (
        <pre class="json" role="group" aria-label="the line">
          <IsolatedLine text={form.shown} />
          <More count={form.more} />
        </pre>
      ) : (
        <pre class="json" role="group" aria-label="JSON form">
          <IsolatedJson text={form.shown} />
          <More count={form.more} />
        </pre>
      )}
    </li>
  );
}

export const LineRow = memo(Row, "LineRow");
