/**
 * The thread: the tree rebuilt from re=, each HO with its state and its item's owner, each RB with
 * check-rb's tiers; then check-thread's findings and the owners, as the core reports them.
 */
import { useCallback } from "preact/hooks";
import { threadVerdict } from "../../../core/index.js";
import type { ItemOwner, ThreadFinding } from "../../../core/index.js";
import type { Checked } from "../check/checker.js";
import type { TreeRow } from "../check/tree.js";
import { memo } from "../memo.js";
import { Chunked } from "./chunks.js";
import { clip } from "./clip.js";
import { Shown } from "./clipped.js";
import { TierReport } from "./tier-report.js";

type Goto = (line: number, at: number) => void;

/** For an item the first sender still holds: whether no readback came, or some came and none passed (as rw check-thread says). */
const unread = (o: ItemOwner): string => (o.readback === undefined ? "no readback yet" : "no passing readback");

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** Deeper than this, a row is indented no further and says its depth. */
const MAX_INDENT = 24;

function Node({ row: node, onGoto }: { row: TreeRow; onGoto: Goto }) {
  const { depth, message: m } = node;
  return (
    <li data-node={m.id} data-line={node.line.n} data-depth={depth} aria-level={depth + 1} style={`--depth: ${Math.min(depth, MAX_INDENT)}`}>
      <div class="node">
        {depth > MAX_INDENT ? <span class="hint">depth {depth} </span> : null}
        <button type="button" class="link mono" onClick={() => onGoto(node.line.n, 0)} aria-label={`${m.type} ${clip(m.id).shown}, line ${node.line.n}: show in the editor`}>
          {m.type} <Shown text={m.id} />
        </button>{" "}
        <span class="who">
          <Shown text={m.from ?? ""} /> → <Shown text={m.to ?? ""} />
          {m.item === null ? null : (
            <>
              , <Shown text={m.item} />
            </>
          )}
        </span>{" "}
        {node.closure !== null ? (
          <span class={`badge ${node.closure.state}`} data-closure={node.closure.state} title={node.closure.text}>
            {node.closure.state}
          </span>
        ) : m.type === "HO" ? (
          <span class="badge untracked" data-closure="untracked">not tracked: id used before</span>
        ) : null}
        {node.closure !== null && node.closure.state !== "closed" ? (
          <span class="hint">
            {" "}
            <Shown text={node.closure.text} />
          </span>
        ) : null}
        {node.owner !== null ? (
          <div class="hint" data-owner={node.owner.owner}>
            owner of <Shown text={node.owner.item} />: <Shown text={node.owner.owner} />
            {node.owner.handoff === null ? ` (${unread(node.owner)}: the sender holds it)` : <> (readback of <Shown text={node.owner.handoff} />)</>}
          </div>
        ) : null}
        {node.readback !== null ? <TierReport report={node.readback.report} verdict={node.readback.verdict} rb={m.id} ho={node.readback.ho.check.message?.id ?? ""} /> : null}
        {node.findings.length > 0 ? (
          <ul class="findings">
            {node.findings.map((f, k) => (
              <li key={k} class={f.severity}>
                <span class="code">{f.code}</span> <Shown text={f.message} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

const TreeNodeView = memo(Node, "TreeNode");

function Finding({ f, onGoto }: { f: ThreadFinding; onGoto: Goto }) {
  return (
    <li class={f.severity} data-code={f.code}>
      {f.line !== null ? (
        <button type="button" class="link" onClick={() => onGoto(f.line as number, 0)} aria-label={`line ${f.line}: show in the editor`}>
          line {f.line}
        </button>
      ) : null}{" "}
      <span class="code">{f.code}</span>
      <span class="hint">
        (<Shown text={f.handoff} />)
      </span>{" "}
      <span class="sr-only">{f.severity}: </span>
      <Shown text={f.message} />
    </li>
  );
}

const FindingRow = memo(Finding, "FindingRow");

function Owner({ o }: { o: ItemOwner }) {
  return (
    <tr data-item={o.item}>
      <td class="mono" data-label="item">
        <Shown text={o.item} />
      </td>
      <td data-label="owner">
        <Shown text={o.owner} />
      </td>
      <td data-label="by">{o.handoff === null ? `first sender (${unread(o)})` : <>readback of <Shown text={o.handoff} /></>}</td>
    </tr>
  );
}

const OwnerRow = memo(Owner, "OwnerRow");

export function ThreadView({ checked, rows, onGoto }: { checked: Checked; rows: readonly TreeRow[]; onGoto: Goto }) {
  const r = checked.report;
  const c = r.counts;
  // Questions only when the thread asked any, as rw check-thread says them.
  const q = c.questions;
  const left = checked.lines.length - checked.audited.length;
  // The verdict rw check-thread and the Worker give: a refused line, left out, fails it too.
  const ok = threadVerdict(r, left);
  const node = useCallback((row: TreeRow) => <TreeNodeView key={row.line.n} row={row} onGoto={onGoto} />, [onGoto]);
  const finding = useCallback((f: ThreadFinding) => <FindingRow key={`${f.line ?? ""} ${f.code} ${f.handoff} ${f.id}`} f={f} onGoto={onGoto} />, [onGoto]);
  const owner = useCallback((o: ItemOwner) => <OwnerRow key={o.item} o={o} />, []);
  return (
    <section aria-labelledby="thread-title">
      <h2 id="thread-title">Thread</h2>
      <p class="summary" data-thread-ok={String(ok)}>
        <span class={`badge ${ok ? "valid" : "refused"}`}>{ok ? "ok" : "problems"}</span> check-thread {checked.now === null ? "with no clock" : `at ${checked.now}`}: {count(c.messages, "message")}, {count(c.handoffs, "handoff")} ({c.open} open, {c.closed} closed, {c.cancelled} cancelled, {c.superseded} superseded); readbacks {c.readbacks.passed} passed, {c.readbacks.void} void, {c.readbacks.unverified} unverified
        {q.asked > 0 ? `; ${count(q.asked, "question")} (${q.answered} answered, ${q.open} open, ${q.overdue} overdue)` : ""}
        {left > 0 ? `; ${left} refused ${left === 1 ? "line" : "lines"} left out` : ""}
      </p>
      {rows.length === 0 ? <p class="hint">No valid line yet: the tree is rebuilt from re= as lines are read.</p> : null}
      <ul class="tree" aria-label="messages by re=">
        <Chunked items={rows} render={node} />
      </ul>
      <h3>Findings</h3>
      {r.findings.length === 0 ? (
        <p class="hint">None.</p>
      ) : (
        <ul class="findings thread-findings">
          <Chunked items={r.findings} render={finding} />
        </ul>
      )}
      <h3>Owners</h3>
      {r.owners.length === 0 ? (
        <p class="hint">No item handed off yet.</p>
      ) : (
        <table class="owners">
          <thead>
            <tr>
              <th scope="col">item</th>
              <th scope="col">owner</th>
              <th scope="col">by</th>
            </tr>
          </thead>
          <tbody>
            <Chunked items={r.owners} render={owner} spacer="tr" />
          </tbody>
        </table>
      )}
    </section>
  );
}
