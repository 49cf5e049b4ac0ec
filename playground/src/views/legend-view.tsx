/**
 * The legend generator: the text a model reads, from the core and a profile (shipped, or a custom
 * one pasted or loaded from a file and checked by the core), full or lean; its token count
 * (gpt-tokenizer, o200k, loaded only when this view asks for it); copy and download.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { coreVocabulary, legend } from "../../../core/index.js";
import { withControlsMarked as visible } from "../../../core/marked-controls.js";
import type { Vocabulary } from "../../../core/index.js";
import { named } from "../named.js";
import type { CustomProfile } from "../profile-choices.js";
import { shippedVocabulary } from "../../../profiles/index.js";
import type { PlaygroundState } from "../state.js";
import { ProfileOptions } from "./profile-options.js";

interface Props {
  readonly state: PlaygroundState;
  readonly set: (patch: Partial<PlaygroundState>) => void;
  readonly custom: CustomProfile | null;
}

/** The most a profile file may hold. */
const MAX_PROFILE_BYTES = 1024 * 1024;

type Tokens = { readonly text: string; readonly count: number } | { readonly text: string; readonly error: string };

export function LegendView({ state, set, custom }: Props) {
  const [tokens, setTokens] = useState<Tokens | null>(null);
  const [status, setStatus] = useState("");
  const pre = useRef<HTMLPreElement>(null);
  const vocabulary: Vocabulary | null = state.legendProfile === "" ? coreVocabulary : state.legendProfile === "custom" ? (custom?.ok === true ? custom.vocabulary : null) : (shippedVocabulary(state.legendProfile) ?? null);
  const text = useMemo(() => (vocabulary === null ? null : legend(vocabulary, { lean: state.lean })), [vocabulary, state.lean]);
  // A custom profile's meanings may hold a bidirectional control, which shown raw would reorder
  // the legend on the screen: shown marked, as every text from input is; copied and saved exact.
  const shown = useMemo(() => (text === null ? null : text.split("\n").map((l) => visible(l)).join("\n")), [text]);
  const name = vocabulary === null ? "" : vocabulary.profile === null ? "core" : vocabulary.name;
  const file = `legend-${name}${state.lean ? "-lean" : ""}.txt`;

  useEffect(() => {
    if (text === null) return;
    let live = true;
    import("gpt-tokenizer/encoding/o200k_base")
      .then((m) => live && setTokens({ text, count: m.encode(text).length }))
      .catch((error: unknown) => live && setTokens({ text, error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [text]);

  const copy = async (): Promise<void> => {
    if (text === null) return;
    try {
      await navigator.clipboard.writeText(text);
      setStatus("Legend copied to the clipboard.");
    } catch {
      // What the page shows has its controls marked: selected, it would copy the marks.
      if (shown !== text) {
        setStatus(`The clipboard is not available here, and the legend holds characters shown as a mark: download ${file} for its exact text.`);
        return;
      }
      const range = document.createRange();
      if (pre.current !== null) range.selectNodeContents(pre.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setStatus("The clipboard is not available here: the legend is selected, copy it with Ctrl+C.");
    }
  };
  const download = (): void => {
    if (text === null) return;
    // A text file ends with a line break: the same bytes as `rw legend > file`.
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = file;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus(`Saved as ${file}.`);
  };
  const load = async (input: HTMLInputElement): Promise<void> => {
    const f = input.files?.[0];
    if (f === undefined) return;
    // Cleared at once, so choosing the same file again is a change too.
    input.value = "";
    if (f.size > MAX_PROFILE_BYTES) {
      setStatus(`${f.name} is larger than 1 MiB; a profile file is much smaller.`);
      return;
    }
    // Decoded as rw decodes a profile file: one leading byte order mark dropped, and bytes that
    // are not UTF-8 refused, never replaced (File.text() would put U+FFFD in their place).
    let content: string;
    try {
      content = new TextDecoder("utf-8", { fatal: true }).decode(await f.arrayBuffer());
    } catch {
      setStatus(`${f.name} is not valid UTF-8: nothing was loaded, and no byte was replaced or guessed.`);
      return;
    }
    set({ customProfile: content, legendProfile: "custom" });
    setStatus(`Loaded ${f.name}.`);
  };

  const count = tokens !== null && tokens.text === text ? tokens : null;
  return (
    <div>
      <div class="controls">
        <div class="field">
          <label for="legend-profile">Profile</label>
          <select id="legend-profile" value={state.legendProfile} onChange={(e) => set({ legendProfile: (e.currentTarget as HTMLSelectElement).value })}>
            <ProfileOptions customName={custom?.ok === true ? custom.vocabulary.name : null} pasteAt="Custom profile" />
          </select>
        </div>
        <div class="field">
          <span class="inline">
            <input id="lean" type="checkbox" checked={state.lean} onChange={(e) => set({ lean: (e.currentTarget as HTMLInputElement).checked })} aria-describedby="lean-hint" />
            <label for="lean">Lean</label>
          </span>
          <span id="lean-hint" class="hint">
            drops the comprehension-readback keys and unused core asks
          </span>
        </div>
        <div class="inline">
          <button type="button" class="primary" onClick={() => void copy()} disabled={text === null}>
            Copy legend
          </button>
          <button type="button" onClick={download} disabled={text === null}>
            Download {file}
          </button>
        </div>
      </div>
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
      <div class="lab-grid">
        <section aria-labelledby="legend-title">
          <h2 id="legend-title">
            Legend{name === "" ? "" : `: ${name}${state.lean ? ", lean" : ", full"}`}
          </h2>
          <p class="hint" data-tokens={count !== null && "count" in count ? count.count : undefined} aria-live="polite">
            {text === null ? "" : count === null ? "Counting tokens…" : "count" in count ? `${count.count.toLocaleString("en")} tokens (o200k_base), ${text.length.toLocaleString("en")} characters` : `Tokens could not be counted: ${count.error}`}
          </p>
          {text === null && state.legendProfile === "custom" && custom?.ok === null ? (
            custom.unloaded !== undefined ? <p class="problems" role="alert">The custom profile cannot be read: its checker did not load ({custom.unloaded}). Reload the page to try again.</p> : <p class="hint">Reading the custom profile…</p>
          ) : text === null ? (
            <p class="problems" role="alert">{state.legendProfile === "custom" ? (custom === null ? "No custom profile is given: paste or load one under Custom profile, or choose another profile." : "The custom profile is not valid: fix it under Custom profile, or choose another profile.") : `There is no shipped profile ${named(state.legendProfile)}: choose another profile.`}</p>
          ) : <pre class="legend" ref={pre} tabIndex={0} role="group" aria-label="legend text">{shown}</pre>}
        </section>
        <section aria-labelledby="custom-title">
          <h2 id="custom-title">Custom profile</h2>
          <div class="field">
            <label for="custom-profile">Profile file (JSON)</label>
            <textarea id="custom-profile" rows={14} spellcheck={false} value={state.customProfile} placeholder={'{"profile":"mine","version":"0.1","extends":"RW1","asks":{"SCORE":"score it"}}'} onInput={(e) => set({ customProfile: (e.currentTarget as HTMLTextAreaElement).value })} aria-describedby="custom-status" />
          </div>
          <div class="field">
            <label for="profile-file">Load a profile file</label>
            <input id="profile-file" type="file" accept=".json,application/json" onChange={(e) => void load(e.currentTarget as HTMLInputElement)} />
          </div>
          <div id="custom-status" role="status">
            {custom === null ? (
              <p class="hint">Paste a profile (spec section 7) to check it and use it here and in the conversation.</p>
            ) : custom.ok === null ? (
              <p class="hint">{custom.unloaded !== undefined ? `The profile checker did not load (${custom.unloaded}).` : "Reading the profile…"}</p>
            ) : custom.ok ? (
              <p>
                <span class="badge valid">valid</span> profile {custom.vocabulary.name} {custom.vocabulary.profile?.version ?? ""}
              </p>
            ) : (
              <div class="problems">
                <p>
                  <span class="badge refused">refused</span> {visible(custom.error)}
                </p>
                <ul>
                  {/* As rw prints them: the code, then the message, which starts with the path. */}
                  {custom.findings.map((f, k) => (
                    <li key={k} data-path={f.path}>
                      <span class="code">{f.code}</span> {visible(f.message)}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
