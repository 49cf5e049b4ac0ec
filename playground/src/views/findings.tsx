/** Findings in words: severity, code, where, and the core's message. */
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import type { Finding } from "../../../core/index.js";

export function FindingList({ findings, line, onGoto }: { findings: readonly Finding[]; line?: number; onGoto?: (line: number, at: number) => void }) {
  if (findings.length === 0) return null;
  return (
    <ul class="findings">
      {findings.map((f, k) => (
        <li key={k} class={f.severity}>
          <span class="code">{f.code}</span>
          {f.at !== undefined && line !== undefined && onGoto !== undefined ? (
            <button type="button" class="link" onClick={() => onGoto(line, f.at as number)} aria-label={`at ${f.at}: show line ${line} at column ${f.at + 1} in the editor`}>
              at {f.at}
            </button>
          ) : f.at !== undefined ? (
            <span>at {f.at}</span>
          ) : null}{" "}
          <span class="sr-only">{f.severity}: </span>
          {visible(f.message)}
        </li>
      ))}
    </ul>
  );
}
