/**
 * The offer back of what an example replaced (example-replace.ts), in a tab's examples group: the
 * conversation's, mailbox's and delegation's say it alike.
 */
export function ReplacedNotice({ lines, onRestore }: { lines: number | null; onRestore: () => void }) {
  return lines === null ? null : (
    <p class="replaced">
      The example took the place of your {lines === 1 ? "line" : `${lines} lines`}.{" "}
      <button type="button" onClick={onRestore}>
        Put my lines back
      </button>
    </p>
  );
}
