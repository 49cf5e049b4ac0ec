/**
 * The playground: five views over one state (state.ts), which a link carries (share.ts). All
 * checking is the core's; this file wires the state to it and to the views.
 */
import type { ComponentType } from "preact";
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { isBlankLine, isEmptyDocument, isTime, profileResolver, timeAt } from "../../core/index.js";
import type { Vocabulary, VocabularyResolver } from "../../core/index.js";
import { createChecker } from "./check/checker.js";
import { holdsJsonForm, namesProfile as namesAProfile } from "./check/lines.js";
import { createThreadTree } from "./check/tree.js";
import type { Example } from "./examples.js";
import { replacedBy } from "./example-replace.js";
import type { ExampleTab, Replaced } from "./example-replace.js";
import type { SenderExpectations } from "./expectations.js";
import { CUSTOM_PROFILE_LOADING, SHIPPED } from "./profile-choices.js";
import type { CustomProfile } from "./profile-choices.js";
import { named } from "./named.js";
import { leavePending, takePending } from "./pending.js";
import { MAX_ADDRESS_CHARS, MAX_STATE_BYTES, stateFragment, stateFragmentNow } from "./share.js";
import { initialState } from "./state.js";
import type { PlaygroundState, View } from "./state.js";
import { ConversationView } from "./views/conversation.js";

const TABS: readonly { readonly id: View; readonly label: string }[] = [
  { id: "conversation", label: "Conversation" },
  { id: "readback", label: "Readback lab" },
  { id: "legend", label: "Legend" },
  { id: "mailbox", label: "Mailbox" },
  { id: "delegation", label: "Delegation" },
];

/**
 * The readback lab, legend, mailbox and delegation tabs are loaded when first opened: the mailbox
 * reader brings `yaml`, and none of the four is needed to check a conversation, which is what the
 * page opens on. (check-rb itself stays in the first download: check-thread, which the
 * conversation shows, checks every readback with it.)
 */
type Loaded<T> = { readonly value: T } | { readonly error: string } | null;
const readbackLab = () => import("./views/readback-lab.js").then((m) => m.ReadbackLab);
const legendView = () => import("./views/legend-view.js").then((m) => m.LegendView);
const mailboxView = () => import("./views/mailbox-view.js").then((m) => m.MailboxView);
const delegationView = () => import("./views/delegation-view.js").then((m) => m.DelegationView);

/**
 * The custom profile's checker (compileVocabulary and the profile schema), loaded once a custom
 * profile is given: the shipped profiles need none of it, so the page does not load it first.
 */
const profileChecker = () => import("./custom-profile.js").then((m) => m.customProfile);

/**
 * The reader of the sender's expectations (expectations.ts, the core's readRecord with it), loaded
 * once the state holds any, or the readback lab, where they are typed, opens: a conversation
 * checked without them needs none of it.
 */
const expectationsReader = () => import("./expectations.js").then((m) => m.senderExpectations);
const NO_EXPECTATIONS: SenderExpectations = { map: new Map(), problems: new Map(), criteria: new Map() };

/**
 * The reader of JSON forms (json-forms.ts: the core's readMessage, and the view of a JSON form as
 * written), loaded once a line of the text holds one: a conversation of RW1 lines needs none of it.
 */
const jsonForms = () => import("./json-forms.js");

/**
 * The shipped profiles' files and the resolver that reads with them (profiles.ts), loaded once a
 * line names a profile as the core reads it (an RW1 line's ` p=` before its tail, a JSON form's
 * `p`), a shipped profile is chosen, the readback lab opens, or an RW1 line of the mailbox tab's
 * message names one: a conversation or a message read with the core alone needs none of it, so the
 * tabs stay usable for such input when the profiles cannot be loaded.
 */
const shippedProfiles = () => import("./profiles.js");
/** Until the shipped profiles are wanted, no line names one: a line without `p=` never asks. */
const NO_SHIPPED = (): undefined => undefined;

/** What is loaded without waiting for anything. */
const READY = { value: true } as const;

/** `then`, once `first` has loaded; while it loads, or when it could not, what `first` is. */
const after = <T, U>(first: Loaded<T>, then: Loaded<U>): Loaded<U> => (first === null || "error" in first ? first : then);

/** What `load` gives, loaded once `wanted`. */
function useLoaded<T>(wanted: boolean, load: () => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>(null);
  useEffect(() => {
    // A failure is kept while the need lasts (asking again on every render would loop without
    // end) and forgotten when it ends, so a later need asks again. Chromium keeps a module that
    // failed in its module map and fails it again at once (whatwg/html#10327 lets a browser fetch
    // it again); a reload asks anew. Another address (a query) would not help: the chunk's own
    // imports keep theirs, and one of them that failed fails again (README, "Code that does not arrive").
    if (!wanted) {
      if (loaded !== null && "error" in loaded) setLoaded(null);
      return;
    }
    if (loaded !== null) return;
    let live = true;
    load()
      .then((value) => live && setLoaded({ value }))
      .catch((error: unknown) => live && setLoaded({ error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [wanted, load, loaded]);
  return loaded;
}

function Lazy<P extends object>({ loaded, props }: { loaded: Loaded<ComponentType<P>>; props: P }) {
  if (loaded === null) return <p role="status">Loading…</p>;
  if ("error" in loaded) return <p class="problems" role="alert">This view could not be loaded ({loaded.error}): reload the page to try again.</p>;
  const View = loaded.value;
  return <View {...props} />;
}

function Tabs({ view, onSelect }: { view: View; onSelect: (view: View) => void }) {
  const keys = (e: KeyboardEvent): void => {
    const at = TABS.findIndex((t) => t.id === view);
    const next = e.key === "ArrowRight" ? at + 1 : e.key === "ArrowLeft" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const tab = TABS[(next + TABS.length) % TABS.length] as (typeof TABS)[number];
    onSelect(tab.id);
    document.getElementById(`tab-${tab.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Playground views" onKeyDown={keys}>
      {TABS.map((t) => (
        <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-selected={t.id === view} aria-controls={`panel-${t.id}`} tabIndex={t.id === view ? 0 : -1} onClick={() => onSelect(t.id)}>
          {t.label}
        </button>
      ))}
    </div>
  );
}

const isInitial = (s: PlaygroundState): boolean =>
  (Object.keys(initialState) as (keyof PlaygroundState)[]).every((k) => (k === "expectations" ? Object.keys(s.expectations).length === 0 : s[k] === initialState[k]));

/** Runs `f` when the page is idle (or soon, where the browser cannot say). */
const whenIdle = (f: () => void): void => {
  if (typeof requestIdleCallback === "function") requestIdleCallback(f, { timeout: 2000 });
  else setTimeout(f, 0);
};

const count = (n: number): string => n.toLocaleString("en");

/**
 * Why no link can hold the state `fragment` stands for (a state too large for any link is its size
 * in bytes, as share.ts gives it), or null when one can.
 */
function noLink(fragment: string | number): string | null {
  if (typeof fragment === "number") return `it is ${count(fragment)} bytes as JSON, more than a link may hold (${count(MAX_STATE_BYTES)}): a reload does not restore it, so keep a copy of what you typed. Copy link copies nothing.`;
  const length = location.href.length - location.hash.length + fragment.length;
  return fragment === "" || length <= MAX_ADDRESS_CHARS
    ? null
    : `its address would be ${count(length)} characters, more than a browser opens (${count(MAX_ADDRESS_CHARS)}). Copy link copies nothing, and a reload restores it only from this tab's storage, which holds a few megabytes.`;
}

/** The offset in `text` of column `at` of line `n` (1-based), lines split as the checker splits them. */
function offsetOf(text: string, n: number, at: number): number {
  const re = /\r\n|\n|\r/g;
  let start = 0;
  for (let line = 1; line < n; line++) {
    const m = re.exec(text);
    if (m === null) return text.length;
    start = m.index + m[0].length;
  }
  return Math.min(start + at, text.length);
}

export function App() {
  const [state, setState] = useState<PlaygroundState | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shareStatus, setShareStatus] = useState("");
  /** Why no link can hold the state, when none can. */
  const [tooLong, setTooLong] = useState<string | null>(null);
  const written = useRef("");
  const writes = useRef(0);
  /** What an example replaced in each tab, to put back (example-replace.ts). */
  const [replaced, setReplaced] = useState<Partial<Record<ExampleTab, Replaced>>>({});
  /** The address before the page last wrote one: a reload begun just before that write asks for it (pending.ts). */
  const before = useRef(location.hash);

  const latest = useRef<PlaygroundState | null>(null);
  latest.current = state;

  const load = useCallback(async (hash: string): Promise<void> => {
    // A fragment that is not read leaves the page as it is: empty when opening, else as it was.
    const kept = (): string => (latest.current === null ? "The playground starts empty." : "The playground keeps what it held.");
    try {
      // The reader of links (and the notice it may bring) loads only for a page opened with one.
      const link = hash === "" || hash === "#" ? null : await import("./open-link.js");
      const shared = link === null ? null : await link.readFragment(hash);
      if (link === null || shared === null) {
        setState((s) => s ?? initialState);
      } else if ("error" in shared) {
        setNotice(`This link's state could not be read: ${shared.error}. ${kept()}`);
        setState((s) => s ?? initialState);
      } else {
        setNotice(link.linkNotice(shared.problems, shared.unknown));
        setReplaced({});
        written.current = hash;
        setState(shared.state);
      }
    } catch (error) {
      setNotice(`This link's state could not be read (${error instanceof Error ? error.message : String(error)}). ${kept()}`);
      setState((s) => s ?? initialState);
    }
  }, []);

  useEffect(() => {
    void load(takePending(location.hash));
    const onHash = (): void => {
      if (location.hash !== written.current) void load(location.hash);
    };
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, [load]);

  /**
   * Writes the state into the fragment (replacing the history entry, so Back leaves the page).
   * `always`: even when it is the fragment last written, for the address may hold another since
   * (a foreign fragment the page did not open).
   */
  const writeFragment = useCallback(async (s: PlaygroundState, always = false): Promise<string | null> => {
    const n = ++writes.current;
    const full = isInitial(s) ? "" : await stateFragment(s);
    if (n !== writes.current) return null;
    // A state no link holds is not put in the address, and the page says so. One whose address a
    // browser will not open comes back on a reload in this tab from what the page leaves in the
    // tab's storage when it goes (pending.ts), while that storage holds it.
    const over = noLink(full);
    setTooLong(over);
    const fragment = over === null ? (full as string) : "";
    if (fragment === written.current && !always) return over;
    written.current = fragment;
    before.current = location.hash;
    history.replaceState(null, "", fragment === "" ? location.pathname + location.search : fragment);
    return over;
  }, []);

  // A page that is hidden or leaving may not live to see the pause: its state goes into the
  // fragment at once (uncompressed, as stateFragmentNow makes it), and compressed again if it lives.
  useEffect(() => {
    const now = (): void => {
      const s = latest.current;
      if (s === null) return;
      const fragment = isInitial(s) ? "" : stateFragmentNow(s);
      writes.current++;
      // A state more than a link may hold is no fragment: a reload could not read it back.
      if (typeof fragment === "string") {
        leavePending([before.current, location.hash], fragment);
        if (fragment !== written.current && noLink(fragment) === null) {
          written.current = fragment;
          before.current = location.hash;
          history.replaceState(null, "", fragment === "" ? location.pathname + location.search : fragment);
        }
      }
      void writeFragment(s);
    };
    const onVisibility = (): void => {
      if (document.visibilityState === "hidden") now();
    };
    addEventListener("pagehide", now);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      removeEventListener("pagehide", now);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [writeFragment]);

  useEffect(() => {
    if (state === null) return;
    // After a pause in typing, and when idle: compressing a long conversation takes a few ms.
    const t = setTimeout(() => whenIdle(() => void writeFragment(state)), 400);
    return () => clearTimeout(t);
  }, [state, writeFragment]);

  const set = useCallback((patch: Partial<PlaygroundState>) => setState((s) => ({ ...(s ?? initialState), ...patch })), []);
  const s = state ?? initialState;

  // The reader: the chosen profile (or a custom one), the clock, the sender's expectations.
  // No custom profile while its text is blank lines only (isEmptyDocument): a no-break space is read, and refused.
  const customGiven = useMemo(() => !isEmptyDocument(s.customProfile), [s.customProfile]);
  const readProfile = useLoaded(customGiven, profileChecker);
  const custom = useMemo<CustomProfile | null>(
    () => (!customGiven ? null : readProfile === null ? CUSTOM_PROFILE_LOADING : "value" in readProfile ? readProfile.value(s.customProfile) : { ok: null, unloaded: readProfile.error }),
    [customGiven, s.customProfile, readProfile],
  );
  // A chosen custom profile whose checker is still loading (a link that opens with one) waits for
  // it, as a shipped one does: read with the core alone meanwhile, every line using its codes
  // would show refused, and the verdict would be announced, until the checker arrived.
  const customLoading = s.profile === "custom" && custom === CUSTOM_PROFILE_LOADING;
  // The reader of JSON forms, once a line of the text holds one (the text is searched for such a
  // line only until the reader has loaded).
  const jsonLoaded = useRef(false);
  const jsonGiven = useMemo(() => !jsonLoaded.current && holdsJsonForm(s.text), [s.text]);
  const readJson = useLoaded(jsonGiven, jsonForms);
  const json = readJson !== null && "value" in readJson ? readJson.value : null;
  jsonLoaded.current = json !== null;
  const jsonProblem = jsonGiven && readJson !== null && "error" in readJson ? `A line holds a JSON form, and the reader of JSON forms did not load (${readJson.error}): the conversation is not checked while a line holds one; reload the page to try again.` : null;
  const shippedChosen = SHIPPED.includes(s.profile);
  const shippedLoaded = useRef(false);
  // A line names a profile as the core reads it: an RW1 line by its ` p=` (namesAProfile), a JSON
  // form by its `p`, which only the reader of JSON forms can tell (a line holding one waits for
  // it anyway). A form naming none is read with the core alone, as an RW1 line naming none is.
  // The text is searched only until the shipped profiles have loaded.
  const namesProfile = useMemo(() => !shippedLoaded.current && namesAProfile(s.text), [s.text]);
  const formsNaming = useRef<((text: string) => boolean) | null>(null);
  const formNamesProfile = useMemo(() => {
    if (json === null || shippedLoaded.current || !holdsJsonForm(s.text)) return false;
    formsNaming.current ??= json.createFormsNamingProfile();
    return formsNaming.current(s.text);
  }, [s.text, json]);
  const conversationNeedsShipped = shippedChosen || namesProfile || formNamesProfile;
  // The readback lab asks for them as it opens (its example names one, and a check it announces
  // is not to wait for them), but reads a conversation naming none without them; the mailbox tab
  // needs them once an RW1 line of its message names one, as its reading of the message says.
  const [mailboxNamesShipped, setMailboxNamesShipped] = useState(false);
  const shippedGiven = conversationNeedsShipped || s.view === "readback" || (s.view === "mailbox" && mailboxNamesShipped);
  const readShipped = useLoaded(shippedGiven, shippedProfiles);
  const shipped = readShipped !== null && "value" in readShipped ? readShipped.value : null;
  shippedLoaded.current = shipped !== null;
  const shippedProblem = conversationNeedsShipped && readShipped !== null && "error" in readShipped ? `The shipped profiles did not load (${readShipped.error}): the conversation is not checked while it needs one; reload the page to try again.` : null;
  const chosen: Vocabulary | null = s.profile === "" ? null : s.profile === "custom" ? (custom?.ok === true ? custom.vocabulary : null) : (shipped?.shippedVocabulary(s.profile) ?? null);
  const profileProblem =
    s.profile !== "" && chosen === null && !shippedChosen
      ? s.profile === "custom"
        ? custom?.ok === null
          ? custom.unloaded !== undefined
            ? `The custom profile cannot be read: its checker did not load (${custom.unloaded}). Lines are read with the core alone; reload the page to try again.`
            : "The custom profile is being read: the conversation is checked once it is."
          : custom === null
            ? "No custom profile is given (paste or load one in Legend): lines are read with the core alone."
            : "The custom profile is not valid (see Legend): lines are read with the core alone."
        : `There is no shipped profile ${named(s.profile)}: lines are read with the core alone.`
      : null;
  const resolve = useMemo<VocabularyResolver>(() => (shipped === null ? profileResolver(chosen, NO_SHIPPED) : shipped.resolverFor(chosen)), [chosen, shipped]);
  const nowValid = s.now === "" || isTime(s.now);
  const now = s.now !== "" && nowValid ? s.now : null;
  const nowProblem = nowValid ? null : "not a time: YYYYMMDDTHHMMZ in UTC, such as 20261002T1200Z; no clock until it is one";
  const expectationsGiven = Object.keys(s.expectations).length > 0;
  const readExpectations = useLoaded(expectationsGiven || s.view === "readback", expectationsReader);
  // Expectations given before their reader has loaded (a link, an example) wait for it, the views
  // showing the last check meanwhile and saying so, as for a large paste: no check was made with
  // expectations before, for only the reader reads them. A line holding a JSON form waits so for
  // the reader of JSON forms, and while it cannot load, for good (jsonProblem says why).
  // So does a text that may name a profile, or a chosen shipped profile, for the shipped profiles
  // (shippedProblem says why, while they cannot load), and a chosen custom profile for its checker.
  const waiting = (expectationsGiven && readExpectations === null) || (jsonGiven && json === null) || (shippedGiven && shipped === null) || customLoading;
  // A paste that changes the text by more than a megabyte is checked once the page has shown it
  // (checking 100,000 lines takes seconds): until then the views show the last check, and say so.
  const shown = useRef("");
  const [, checkLater] = useState(0);
  if (!waiting && Math.abs(s.text.length - shown.current.length) <= 1 << 20) shown.current = s.text;
  const checking = waiting || shown.current !== s.text;
  useEffect(() => {
    if (!checking || waiting) return;
    const t = setTimeout(() => {
      shown.current = s.text;
      checkLater((n) => n + 1);
    }, 50);
    return () => clearTimeout(t);
  });
  const expectations = readExpectations !== null && "value" in readExpectations ? readExpectations.value(s.expectations, shown.current, resolve) : NO_EXPECTATIONS;
  const expectationsProblem =
    expectationsGiven && readExpectations !== null && "error" in readExpectations
      ? `The sender's expectations cannot be read: their reader did not load (${readExpectations.error}). Readbacks are checked without them; reload the page to try again.`
      : null;
  // The receiver as typed, as rw validate --as takes it: " writer" is no agent name, never trimmed into one.
  const as = isBlankLine(s.as) ? null : s.as;

  const checker = useRef(createChecker());
  const readMessage = json?.readMessage;
  const checked = useMemo(() => checker.current.check(shown.current, { resolve, now, expectations: expectations.map, as, readJson: readMessage }), [shown.current, resolve, now, expectations.map, as, readMessage]);
  const tree = useRef(createThreadTree());
  const rows = useMemo(() => tree.current(checked), [checked]);

  const lab = useLoaded(s.view === "readback", readbackLab);
  // The tabs that read lines with `resolve` wait, as the conversation does, for a chosen custom
  // profile's checker: until it arrives, `resolve` is the core alone.
  const customReady: Loaded<true> = customLoading ? null : READY;
  // The lab shows the expectations' problems: it waits for their reader too (loaded as it opens),
  // and for the shipped profiles while they load; if they cannot, it says so while the conversation
  // needs them (shippedProblem) and shows no readback of a conversation that was not checked.
  const labReady = after(customReady, after(readExpectations, readShipped === null ? null : lab));
  const legendTab = useLoaded(s.view === "legend", legendView);
  const mailbox = after(customReady, useLoaded(s.view === "mailbox", mailboxView));
  const delegation = useLoaded(s.view === "delegation", delegationView);

  const textarea = useRef<HTMLTextAreaElement>(null);
  const onGoto = useCallback((n: number, at: number) => {
    const ta = textarea.current;
    if (ta === null) return;
    const offset = offsetOf(ta.value, n, at);
    // The caret first, then focus: focusing scrolls the caret into view, sideways too on a line
    // wider than the editor; moving the caret of a focused editor does not.
    ta.setSelectionRange(offset, offset);
    ta.focus();
    const lineHeight = Number.parseFloat(getComputedStyle(ta).lineHeight) || 19;
    ta.scrollTop = Math.max(0, (n - 3) * lineHeight);
  }, []);
  // No view: the buttons are the conversation's, and an example's lines, loaded on the first click,
  // may come after another tab was chosen. What the reader typed that an example replaces (not an
  // example's, as loaded) is kept to put back: setting a textarea's value drops its undo history,
  // and the link follows the new state.
  const loadedExample = useRef<Partial<Record<ExampleTab, Partial<PlaygroundState>>>>({});
  const loadExample = useCallback(
    (tab: ExampleTab, example: Partial<PlaygroundState>) => {
      const lost = replacedBy(tab, latest.current ?? initialState, example, loadedExample.current[tab] ?? null);
      if (lost !== null) setReplaced((r) => ({ ...r, [tab]: lost }));
      loadedExample.current[tab] = example;
      set(example);
    },
    [set],
  );
  const restore = useCallback(
    (tab: ExampleTab) => {
      const lost = replaced[tab];
      if (lost !== undefined) set(lost.fields);
      setReplaced((r) => {
        const rest = { ...r };
        delete rest[tab];
        return rest;
      });
      delete loadedExample.current[tab];
    },
    [replaced, set],
  );
  const onExample = useCallback((e: Example) => loadExample("conversation", { text: e.lines.join("\n"), expectations: e.expectations ?? {}, lab: e.lab ?? "" }), [loadExample]);
  const onRestore = useCallback(() => restore("conversation"), [restore]);
  /** A tab's examples' props: load one, and the offer back of what the last replaced. */
  const examples = (tab: ExampleTab) => ({ onExample: (example: Partial<PlaygroundState>) => loadExample(tab, example), replacedLines: replaced[tab]?.lines ?? null, onRestore: () => restore(tab) });
  const onNow = useCallback(() => set({ now: timeAt(Date.now()) }), [set]);

  const share = async (): Promise<void> => {
    if ((await writeFragment(s, true)) !== null) return;
    try {
      await navigator.clipboard.writeText(location.href);
      setShareStatus("Link copied: it opens the playground as you see it now.");
    } catch {
      setShareStatus("The clipboard is not available here: copy the address from the address bar.");
    }
  };

  if (state === null) {
    return (
      <main id="main">
        <p role="status">Loading…</p>
      </main>
    );
  }
  return (
    <>
      {/* Focus moves without following the link: the fragment is the page's state (share.ts). */}
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById("main")?.focus();
        }}
      >
        Skip to the playground
      </a>
      <header class="top">
        <h1>rogerwilco playground</h1>
        <p>RW1 lines read, validated and checked by the core, in your browser: nothing leaves the page.</p>
        <div class="inline">
          <button type="button" onClick={() => void share()}>
            Copy link
          </button>
          <span class="status" role="status" aria-live="polite">
            {tooLong === null ? shareStatus : `No link can hold this state: ${tooLong}`}
          </span>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {notice !== null ? (
          <div class="banner" role="alert">
            <p>{notice}</p>
            <button type="button" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
        <Tabs view={s.view} onSelect={(view) => set({ view })} />
        {TABS.filter((t) => t.id !== s.view).map((t) => (
          <div key={t.id} role="tabpanel" id={`panel-${t.id}`} aria-labelledby={`tab-${t.id}`} hidden />
        ))}
        <div role="tabpanel" id={`panel-${s.view}`} aria-labelledby={`tab-${s.view}`}>
          {s.view === "conversation" ? (
            <ConversationView
              state={s}
              set={set}
              checked={checked}
              rows={rows}
              checking={checking}
              customName={custom?.ok === true ? custom.vocabulary.name : null}
              nowProblem={nowProblem}
              profileProblem={profileProblem ?? shippedProblem}
              expectationsProblem={expectationsProblem}
              jsonProblem={jsonProblem}
              json={json?.JsonHighlight ?? null}
              textarea={textarea}
              onGoto={onGoto}
              onExample={onExample}
              replacedLines={replaced.conversation?.lines ?? null}
              onRestore={onRestore}
              onNow={onNow}
            />
          ) : s.view === "readback" ? (
            <Lazy loaded={labReady} props={{ state: s, set, checked, problems: expectations.problems, criteriaProblems: expectations.criteria, resolve, profileProblem: shippedProblem }} />
          ) : s.view === "legend" ? (
            <Lazy loaded={legendTab} props={{ state: s, set, custom }} />
          ) : s.view === "mailbox" ? (
            <Lazy loaded={mailbox} props={{ state: s, set, resolve, shipped: readShipped, onNamesShipped: setMailboxNamesShipped, ...examples("mailbox") }} />
          ) : (
            <Lazy loaded={delegation} props={{ state: s, set, ...examples("delegation") }} />
          )}
        </div>
      </main>
    </>
  );
}
