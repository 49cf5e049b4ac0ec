/** `--now` for the mailbox commands: RW1's `YYYYMMDDTHHMMZ` or ISO 8601 UTC, as epoch ms. */
import { afterTime, isTime } from "../../core/index.js";
import { isoTime } from "../../core/mailbox/index.js";
import { timeRefusal } from "../arguments.js";
import { UsageError } from "../usage-error.js";

export function mailboxNow(value: string | undefined): number {
  if (value === undefined) return Date.now();
  if (isTime(value)) return afterTime(value) - 60_000;
  const iso = isoTime(value);
  if (iso === null) throw new UsageError(timeRefusal("now", value, "YYYYMMDDTHHMMZ or ISO 8601 UTC (2026-10-02T12:00:00Z)", true));
  return iso;
}
