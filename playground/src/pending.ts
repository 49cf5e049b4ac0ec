/**
 * The state a page left behind as it was hidden or left, in this tab's sessionStorage: a reload
 * asks again for the address the page had before (the fragment written in `pagehide` comes too
 * late for it), so the newer fragment is kept here with the addresses it replaces, and taken back
 * when the page opens at one of them. Those are the address the page shows and the one it showed
 * before its last write: a reload asks for the address it began at, and the pause's write (after
 * the last edit) may replace it while the reload is under way, before `pagehide`. Storage that is
 * missing or full is no error: the fragment is then as up to date as the page managed.
 */
const KEY = "rogerwilco-playground-pending";

interface Pending {
  /** The address fragments the state replaces. */
  readonly over: readonly string[];
  /** The fragment that holds the newer state. */
  readonly fragment: string;
}

/**
 * Keeps `fragment` for a reload of an address in `over`. Called again (hidden, then left), the
 * addresses kept the first time are kept too, for a reload may still ask for one of them.
 */
export function leavePending(over: readonly string[], fragment: string): void {
  try {
    const earlier = read();
    const asked = new Set(earlier !== null && over.includes(earlier.fragment) ? [...earlier.over, ...over] : over);
    // An address that already holds the state needs nothing taken back.
    asked.delete(fragment);
    if (asked.size === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify({ over: [...asked], fragment } satisfies Pending));
  } catch {
    // No storage here: nothing more to do.
  }
}

function read(): Pending | null {
  const raw = sessionStorage.getItem(KEY);
  if (raw === null) return null;
  const p = JSON.parse(raw) as Partial<Pending>;
  return Array.isArray(p.over) && p.over.every((o) => typeof o === "string") && typeof p.fragment === "string" ? { over: p.over, fragment: p.fragment } : null;
}

/** The fragment to open instead of `hash`, once: the newer state a page at `hash` left behind. */
export function takePending(hash: string): string {
  try {
    const p = read();
    sessionStorage.removeItem(KEY);
    return p !== null && p.over.includes(hash) ? p.fragment : hash;
  } catch {
    return hash;
  }
}
