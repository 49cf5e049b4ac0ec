/**
 * The share link a page holds once it has written the link for its last change. The page writes
 * the fragment 400 ms after a change and then when idle (at most 2 s later), so the link of an
 * earlier change (a tab opened, a profile filled in) can be in the address while the last one's
 * is still pending; a test that opened that link got the earlier state. Waiting for a `#s1.`
 * fragment that has not changed for longer than both pauses takes the last one's.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

const QUIET_MS = 3_000;

export async function settledLink(page: Page): Promise<string> {
  let seen = "";
  let since = Date.now();
  await expect
    .poll(
      async () => {
        const hash = await page.evaluate(() => location.hash);
        if (hash !== seen) {
          seen = hash;
          since = Date.now();
        }
        return /^#s1\./.test(hash) && Date.now() - since >= QUIET_MS;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return seen;
}
