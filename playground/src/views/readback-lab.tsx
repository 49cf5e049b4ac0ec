/**
 * The readback lab: the sender's side of check-rb for one HO of the conversation. What the core
 * needs beyond the lines (the criteria the sender withheld, the record an execution readback's
 * resolved values are checked against) is typed here; the tier report of every readback of that
 * HO follows, and the same expectations apply to the conversation's thread.
 */
import { useMemo, useState } from "preact/hooks";
import { criteriaUnread, isEmptyDocument, readbackSet, recordUnread } from "../../../core/index.js";
import type { VocabularyResolver } from "../../../core/index.js";
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import type { Checked, CheckedLine, CheckedReadback } from "../check/checker.js";
import { SECTION_EIGHT } from "../examples.js";
import type { Example } from "../examples.js";
import type { Expectation, PlaygroundState } from "../state.js";
import { clip } from "./clip.js";
import { LISTED_HANDOFFS, matchHandoffs } from "./handoff-matches.js";
import { More, Shown } from "./clipped.js";
import { Highlight } from "./highlight.js";
import { TierReport } from "./tier-report.js";

interface Props {
  readonly state: PlaygroundState;
  readonly set: (patch: Partial<PlaygroundState>) => void;
  readonly checked: Checked;
  readonly problems: ReadonlyMap<string, readonly string[]>;
  /** What the core refuses in each HO's withheld criteria (not used, as rw check-rb refuses them). */
  readonly criteriaProblems: ReadonlyMap<string, readonly string[]>;
  /** The vocabulary a line naming `p` is read with, as the conversation reads it. */
  readonly resolve: VocabularyResolver;
  /** Why the conversation is not checked: it needs the shipped profiles, which did not load (null: it is). */
  readonly profileProblem: string | null;
}

const EMPTY: Expectation = { expectAcc: "", record: "" };

const count = (n: number): string => n.toLocaleString("en");

const labelOf = (h: CheckedLine): string => visible(clip(`${h.check.message?.id ?? ""} (line ${h.n}, ${String(h.check.message?.slots["ask"] ?? "")} ${h.check.message?.item ?? ""})`).shown);

/**
 * The handoff the lab shows, picked from a list of at most LISTED_HANDOFFS; with more HOs, a
 * filter narrows the list (Enter picks its first match) and a note says how many are not listed.
 * The note is read with the list (aria-describedby), not announced: the lab's one live region is
 * its summary.
 */
function HandoffPicker({ handoffs, selected, onPick }: { handoffs: ReadonlyMap<string, CheckedLine>; selected: CheckedLine; onPick: (id: string) => void }) {
  const [query, setQuery] = useState("");
  const filtering = handoffs.size > LISTED_HANDOFFS;
  const { listed, total } = useMemo(() => matchHandoffs(handoffs, filtering ? query : ""), [handoffs, filtering, query]);
  // The HO shown below is always the list's choice, matching or not.
  const options = listed.includes(selected) ? listed : [selected, ...listed];
  const id = selected.check.message?.id ?? "";
  const unlisted = total - listed.length;
  const note = !filtering
    ? null
    : total === 0
      ? `No HO's id, ask or item holds ${visible(clip(query).shown)}: the list keeps the one shown.`
      : unlisted > 0
        ? `${count(unlisted)} more ${query === "" ? "HOs" : "matches"} not listed (${count(total)} in all): type part of an id, ask or item to narrow.`
        : `${count(total)} ${total === 1 ? "HO matches" : "HOs match"}.`;
  return (
    <div class="controls">
      {filtering ? (
        <div class="field">
          <label for="lab-handoff-filter">Find a handoff</label>
          <input
            id="lab-handoff-filter"
            type="search"
            spellcheck={false}
            autoComplete="off"
            value={query}
            placeholder="part of an id, ask or item"
            aria-describedby="lab-handoff-note"
            onInput={(ev) => setQuery((ev.currentTarget as HTMLInputElement).value)}
            onKeyDown={(ev) => {
              const first = listed[0]?.check.message?.id;
              if (ev.key !== "Enter" || first === undefined) return;
              ev.preventDefault();
              onPick(first);
            }}
          />
        </div>
      ) : null}
      <div class="field">
        <label for="lab-handoff">Handoff</label>
        <select id="lab-handoff" value={id} onChange={(ev) => onPick((ev.currentTarget as HTMLSelectElement).value)} aria-describedby={note === null ? undefined : "lab-handoff-note"}>
          {options.map((h) => (
            <option key={h.n} value={h.check.message?.id}>
              {labelOf(h)}
            </option>
          ))}
        </select>
      </div>
      {note === null ? null : (
        <p id="lab-handoff-note" class="hint" data-listed={options.length} data-matches={total}>
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * The lab's one live region: each check is announced once, with the verdict of each readback of
 * the HO and, for criteria or a record the core does not read, their problems (not shown twice:
 * each list is by its field). It stays in the page whatever it says, for a region added with its
 * text already in it is not announced.
 */
function LabSummary({ id, readbacks, criteriaProblems, recordProblems }: { id: string | null; readbacks: readonly CheckedReadback[]; criteriaProblems: readonly string[]; recordProblems: readonly string[] }) {
  const said =
    id === null
      ? "No valid HO in the conversation yet."
      : readbacks.length === 0
        ? `${id}: no readback yet.`
        : `${id}: ${readbacks.length === 1 ? "readback" : `${readbacks.length} readbacks:`} ${readbacks.map((r) => `${r.rb.check.message?.id ?? ""} ${r.verdict}`).join(", ")}.`;
  return (
    <p class="summary" id="lab-summary" role="status" aria-live="polite" aria-atomic="true" data-verdicts={readbacks.map((r) => r.verdict).join(" ")}>
      <Shown text={said} />
      {criteriaProblems.length === 0 ? null : <span class="sr-only"> The criteria are not used until the core reads them: {visible(criteriaProblems.join("; "))}.</span>}
      {recordProblems.length === 0 ? null : <span class="sr-only"> The record is not used until the core reads it: {visible(recordProblems.join("; "))}.</span>}
    </p>
  );
}

/**
 * A field's text with its controls marked, when it holds one: the field itself shows a
 * bidirectional control raw (a link may put U+202E there), so what a person reads there is not
 * the characters' order, as nothing else on the page is shown. A record's line breaks and tabs are
 * its layout, kept as they are.
 */
function markedText(text: string, multiline: boolean): string | null {
  const lines = multiline ? text.split(/\r\n|\n|\r/).map((line) => line.replaceAll("\t", " ")) : [text];
  const marked = lines.map((line) => visible(line));
  return marked.every((m, k) => m === lines[k]) ? null : marked.join("\n");
}

function MarkedEcho({ id, marked }: { id: string; marked: string }) {
  const { shown, more } = clip(marked);
  return (
    <span id={id} class="hint" data-marked="">
      It holds invisible or bidirectional characters, each shown here as ·: <code class="iso echo">{shown}</code>
      <More count={more} />
    </span>
  );
}

/** What the core refused in a field, said beside it; the element stays (aria-describedby names it) when empty. */
function Problems({ id, intro, problems }: { id: string; intro: string; problems: readonly string[] }) {
  return (
    <div id={id} class="problems">
      {problems.length > 0 ? <p>{intro}</p> : null}
      {problems.length > 0 ? (
        <ul>
          {problems.map((p, k) => (
            <li key={k}>{visible(p)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const describedBy = (ids: readonly (string | false)[]): string => ids.filter((x) => x !== false).join(" ");

export function ReadbackLab({ state, set, checked, problems, criteriaProblems: criteriaOf, resolve, profileProblem }: Props) {
  // `checked` is then an earlier text's: no readback of it is shown.
  if (profileProblem !== null) {
    return (
      <p class="problems" role="alert">
        {profileProblem}
      </p>
    );
  }
  const first = checked.handoffs.values().next();
  if (first.done === true) {
    const onLoadPay = (): void => {
      const pay = SECTION_EIGHT.find((e) => e.id === "pay") as Example;
      set({ text: pay.lines.join("\n"), expectations: {}, lab: pay.lab ?? "" });
    };
    return (
      <div>
        <LabSummary id={null} readbacks={[]} criteriaProblems={[]} recordProblems={[]} />
        <p>The lab checks the readbacks of an HO in the conversation.</p>
        <button type="button" onClick={onLoadPay}>
          Load the pay exchange of section 8
        </button>
      </div>
    );
  }
  const selected: CheckedLine = checked.handoffs.get(state.lab) ?? first.value;
  const id = selected.check.message?.id ?? "";
  const e = state.expectations[id] ?? EMPTY;
  const update = (patch: Partial<Expectation>): void => set({ expectations: { ...state.expectations, [id]: { ...e, ...patch } } });
  const readbacks = [...checked.readbacks.values()].filter((r) => r.ho === selected);
  const recordProblems = problems.get(id) ?? [];
  const criteriaProblems = criteriaOf.get(id) ?? [];
  const accMarked = markedText(e.expectAcc, false);
  const recordMarked = markedText(e.record, true);
  // What the HO's rb= asks (the core's readbackSet): rw check-rb refuses --expect-acc and --record
  // that it never reads, so the lab says so rather than ignore them in silence.
  const message = selected.check.message;
  const p = message?.slots["p"];
  const vocabulary = resolve(typeof p === "string" ? p : null);
  const asked = message === null || vocabulary === undefined ? null : readbackSet(message, vocabulary);
  // Empty as expectations.ts reads them: criteria "" (the core's none), a record of blank lines only.
  const accUnread = asked === null || e.expectAcc === "" ? null : criteriaUnread(asked);
  const recordNotRead = asked === null || isEmptyDocument(e.record) ? null : recordUnread(asked);
  return (
    <div>
      <LabSummary id={id} readbacks={readbacks} criteriaProblems={criteriaProblems} recordProblems={recordProblems} />
      <HandoffPicker handoffs={checked.handoffs} selected={selected} onPick={(lab) => set({ lab })} />
      <p>
        <Highlight text={selected.text} findings={[]} />
      </p>
      <div class="lab-grid">
        <section aria-labelledby="sender-title">
          <h2 id="sender-title">The sender's side</h2>
          <div class="field">
            <label for="expect-acc">Withheld acceptance criteria</label>
            <input id="expect-acc" type="text" spellcheck={false} autoComplete="off" value={e.expectAcc} placeholder="len:120w+tone:plain+no:em-dash" onInput={(ev) => update({ expectAcc: (ev.currentTarget as HTMLInputElement).value })} aria-describedby={describedBy(["expect-acc-hint", accUnread !== null && "expect-acc-not-asked", accMarked !== null && "expect-acc-marked", "expect-acc-problems"])} aria-invalid={criteriaProblems.length > 0} />
            <span id="expect-acc-hint" class="hint">
              tier 4 (--expect-acc): key:value joined with +; empty: the HO's own acc=, if any
            </span>
            {accUnread !== null ? (
              <span id="expect-acc-not-asked" class="hint problems">
                Not read: criteria are read at tier 4, which this HO does not ask ({accUnread}).
              </span>
            ) : null}
            {accMarked === null ? null : <MarkedEcho id="expect-acc-marked" marked={accMarked} />}
            <Problems id="expect-acc-problems" intro="The criteria are not used until the core reads them (the HO's own acc=, if any, is checked):" problems={criteriaProblems} />
          </div>
          <div class="field">
            <label for="record">Sender's record</label>
            <textarea id="record" rows={6} spellcheck={false} value={e.record} placeholder={'{"sup": "marlow", "amt": "5400.00", "acct": "40-12-88/61102938", …, "$resolve": ["acct"]}'} onInput={(ev) => update({ record: (ev.currentTarget as HTMLTextAreaElement).value })} aria-describedby={describedBy(["record-hint", recordNotRead !== null && "record-not-asked", recordMarked !== null && "record-marked", "record-problems"])} aria-invalid={recordProblems.length > 0} />
            <span id="record-hint" class="hint">
              tier 5: a JSON object of the values the sender approved, every execution slot; "$resolve" names those the receiver resolves
            </span>
            {recordNotRead !== null ? (
              <span id="record-not-asked" class="hint problems">
                Not read: the record is read at tier 5, which this HO does not ask ({recordNotRead}).
              </span>
            ) : null}
            {recordMarked === null ? null : <MarkedEcho id="record-marked" marked={recordMarked} />}
            <Problems id="record-problems" intro="The record is not used until the core reads it:" problems={recordProblems} />
          </div>
          <p class="hint">These apply to the thread too: check-thread checks each readback of {id} with them.</p>
        </section>
        <section aria-labelledby="tiers-title">
          <h2 id="tiers-title">Tier report</h2>
          {readbacks.length === 0 ? (
            <p>No readback of {id} in the conversation yet: add the receiver's RB line to the conversation.</p>
          ) : (
            readbacks.map((r) => (
              <div key={r.rb.n}>
                <p>
                  <Highlight text={r.rb.text} findings={[]} />
                </p>
                <TierReport report={r.report} verdict={r.verdict} rb={r.rb.check.message?.id ?? ""} ho={id} />
              </div>
            ))
          )}
        </section>
      </div>
    </div>
  );
}
