/**
 * What an example takes the place of, to offer back: the conversation's, mailbox's and delegation
 * tabs' examples set their fields outright, and setting a textarea's value drops its undo history
 * (the link follows the new state too). Only what the reader typed is kept: not nothing, not an
 * example's text as it loaded, not the new example's own.
 */
import { isEmptyDocument } from "../../core/index.js";
import type { PlaygroundState } from "./state.js";

/** A tab whose examples replace what was typed in it. */
export type ExampleTab = "conversation" | "mailbox" | "delegation";

type TypedField = "text" | "mailbox" | "mailboxParent" | "mailboxParentFile" | "delegation";

/**
 * The fields of each tab the reader types in, which decide whether an example replaced anything: a
 * mode is a setting, offered back with what was typed but not alone (README, Playground).
 */
const TYPED: Readonly<Record<ExampleTab, readonly TypedField[]>> = {
  conversation: ["text"],
  mailbox: ["mailbox", "mailboxParent", "mailboxParentFile"],
  delegation: ["delegation"],
};

/** What an example replaced: every field it set, as it was, and how many typed lines that holds. */
export interface Replaced {
  readonly fields: Partial<PlaygroundState>;
  readonly lines: number;
}

const lineCount = (text: string): number => text.split(/\r\n|\n|\r/).length;

/**
 * What loading `example` into `tab` over `current` would lose, or null when nothing typed would
 * be: the typed fields are blank, or hold `loaded` (the tab's last example, as it loaded) or the
 * new example itself.
 */
export function replacedBy(tab: ExampleTab, current: PlaygroundState, example: Partial<PlaygroundState>, loaded: Partial<PlaygroundState> | null): Replaced | null {
  const fields = TYPED[tab];
  const typed = fields.filter((f) => !isEmptyDocument(current[f]));
  if (typed.length === 0) return null;
  const holds = (other: Partial<PlaygroundState>): boolean => fields.every((f) => current[f] === (other[f] ?? ""));
  if ((loaded !== null && holds(loaded)) || holds(example)) return null;
  const kept = Object.fromEntries(Object.keys(example).map((k) => [k, current[k as keyof PlaygroundState]])) as Partial<PlaygroundState>;
  return { fields: kept, lines: typed.reduce((n, f) => n + lineCount(current[f]), 0) };
}
