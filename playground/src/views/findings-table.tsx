/**
 * Findings as a table: code and severity first, then the columns a finding kind has (a mailbox
 * finding's slot and line, a delegation finding's dimension and path), then the message. One
 * table for every tab, so findings read alike wherever they come from.
 */
import type { ComponentChildren } from "preact";
import { useCallback } from "preact/hooks";
import { Chunked } from "./chunks.js";

interface Finding {
  readonly code: string;
  readonly severity: string;
}

export interface FindingColumn<F> {
  readonly label: string;
  readonly cell: (finding: F) => ComponentChildren;
  readonly class?: string;
}

/**
 * `columns` and `message` must be the same while their output would be (module constants): a long
 * list of findings (a message with thousands of refused RW1 lines) is rendered in chunks near the
 * viewport, and a chunk renders again only when its findings or these change.
 */
export function FindingsTable<F extends Finding>({ findings, columns, message, class: className }: { findings: readonly F[]; columns: readonly FindingColumn<F>[]; message: (finding: F) => ComponentChildren; class: string }) {
  const row = useCallback(
    (f: F) => (
      <tr class={f.severity} data-code={f.code}>
        <td data-label="Code">
          <span class="code">{f.code}</span>
        </td>
        <td data-label="Severity">
          <span class={`badge ${f.severity}`}>{f.severity}</span>
        </td>
        {columns.map((c) => (
          <td class={c.class ?? "mono"} key={c.label} data-label={c.label}>
            {c.cell(f)}
          </td>
        ))}
        <td class="message" data-label="Message">
          {message(f)}
        </td>
      </tr>
    ),
    [columns, message],
  );
  if (findings.length === 0) return <p class="hint">No findings.</p>;
  return (
    <div class="table-scroll">
      <table class={`findings-table ${className}`}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Severity</th>
            {columns.map((c) => (
              <th scope="col" key={c.label}>
                {c.label}
              </th>
            ))}
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          <Chunked items={findings} render={row} spacer="tr" />
        </tbody>
      </table>
    </div>
  );
}
