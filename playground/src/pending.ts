/**
 * The state a page left behind as it was hidden or left, in this tab's sessionStorage: a reload
 * asks again for the address the page had before (the fragment written in `pagehide` comes too
 * late for it), so the newer fragment is kept here with the address it replaces, and taken back
 * when the page opens at that same address. Storage that is missing or full is no error: the
 * fragment is then as up to date as the page managed.
 */
const KEY = "rogerwilco-playground-pending";

interface Pending {
  /** The address's fragment the state replaces. */
  readonly over: string;
  /** The fragment that holds the newer state. */
  readonly fragment: string;
}

/**
 * Keeps `fragment` for a reload of the address at `over`. Called again (hidden, then left), the
 * address a reload asks for is still the first one.
 */
export function leavePending(over: string, fragment: string): void {
  try {
    const earlier = read();
    if (earlier !== null && earlier.fragment === over) over = earlier.over;
    if (over === fragment) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify({ over, fragment } satisfies Pending));
  } catch {
    // No storage here: nothing more to do.
  }
}

function read(): Pending | null {
  const raw = sessionStorage.getItem(KEY);
  if (raw === null) return null;
  const p = JSON.parse(raw) as Partial<Pending>;
  return typeof p.over === "string" && typeof p.fragment === "string" ? { over: p.over, fragment: p.fragment } : null;
}

/** The fragment to open instead of `hash`, once: the newer state a page at `hash` left behind. */
export function takePending(hash: string): string {
  try {
    const p = read();
    sessionStorage.removeItem(KEY);
    return p !== null && p.over === hash ? p.fragment : hash;
  } catch {
    return hash;
  }
}
