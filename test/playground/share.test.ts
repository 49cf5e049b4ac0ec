// The state in a link (playground/src/share.ts writes it, open-link.ts reads it): every fragment
// the page writes, it reads back; a state larger than a link may hold gets no fragment, so the
// page never puts a link in the address, or in the tab's storage for a reload, that would open an
// empty playground instead.
import { describe, expect, it } from "vitest";
import { readFragment } from "../../playground/src/open-link.js";
import { MAX_STATE_BYTES, stateFragment, stateFragmentNow } from "../../playground/src/share.js";
import { initialState } from "../../playground/src/state.js";

/** A conversation of `bytes` bytes that compresses well, as a long pasted one does. */
const conversation = (bytes: number): string => Array.from({ length: Math.ceil(bytes / 9000) }, (_, k) => `# note ${k} ${"abcdefghij".repeat(899)}`).join("\n");

describe("a state in a link", () => {
  it("is read back as written, compressed or made at once", async () => {
    const state = { ...initialState, text: conversation(2_000_000), now: "20261002T1200Z" };
    for (const fragment of [await stateFragment(state), stateFragmentNow(state)]) {
      expect(typeof fragment).toBe("string");
      expect(await readFragment(fragment as string)).toEqual({ state, problems: [], unknown: [] });
    }
  });

  it("is not written when it is more than a link may hold, though its compressed fragment would fit in an address", async () => {
    const state = { ...initialState, text: conversation(MAX_STATE_BYTES + 100_000) };
    const bytes = new TextEncoder().encode(JSON.stringify(state)).length;
    expect(await stateFragment(state)).toBe(bytes);
    expect(stateFragmentNow(state)).toBe(bytes);
    // One byte less than the limit is a link, and it opens.
    const fits = { ...state, text: state.text.slice(0, state.text.length - (bytes - MAX_STATE_BYTES)) };
    const fragment = await stateFragment(fits);
    expect(typeof fragment).toBe("string");
    expect((fragment as string).length).toBeLessThan(100_000);
    expect(await readFragment(fragment as string)).toEqual({ state: fits, problems: [], unknown: [] });
  });
});
