/**
 * RW1 time (sections 2 and 3.1): dates to the day (`YYYYMMDD`), times to the minute in UTC
 * (`YYYYMMDDTHHMMZ`). The rules are "after": a statement commits during the minute of its `exp`
 * and not after, an HO is past its `exp` from the next minute and past its `due` from the next
 * day. These give the moment a clock reads, and the first moment something is late.
 */

import { isDate, isTime } from "./check-value.js";

const two = (n: number): string => String(n).padStart(2, "0");

/** `YYYYMMDDTHHMMZ` of the minute a moment (epoch ms) falls in, in UTC. */
export function timeAt(ms: number): string {
  const d = new Date(ms);
  // An invalid moment would be written "NaNNaNNaNTNaNNaNZ", which reads as a time to nobody.
  if (Number.isNaN(d.getTime())) throw new RangeError(`timeAt: ${String(ms)} is not a moment (epoch milliseconds)`);
  // RW1 writes years 0001 to 9999 in four digits; another year has no RW1 time.
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError(`timeAt: ${String(ms)} falls in the year ${year}, outside RW1's 0001 to 9999`);
  return `${String(year).padStart(4, "0")}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}Z`;
}

/** The first moment (epoch ms) after a `YYYYMMDDTHHMMZ` time: the start of its next minute. */
export function afterTime(time: string): number {
  // Not a time would be NaN, or a month 13 rolled into the next year: a deadline nobody wrote.
  if (!isTime(time)) throw new RangeError(`afterTime: ${JSON.stringify(time)} is not a time (YYYYMMDDTHHMMZ)`);
  const [y, mo, d, h, mi] = [time.slice(0, 4), time.slice(4, 6), time.slice(6, 8), time.slice(9, 11), time.slice(11, 13)].map(Number) as [number, number, number, number, number];
  return utc(y, mo - 1, d, h, mi + 1);
}

/** The first moment (epoch ms) after a `YYYYMMDD` date: the start of its next day, in UTC. */
export function afterDate(date: string): number {
  if (!isDate(date)) throw new RangeError(`afterDate: ${JSON.stringify(date)} is not a date (YYYYMMDD)`);
  const [y, mo, d] = [date.slice(0, 4), date.slice(4, 6), date.slice(6, 8)].map(Number) as [number, number, number];
  return utc(y, mo - 1, d + 1, 0, 0);
}

/** Date.UTC, but a year below 100 is that year, not 1900 plus it (RW1 dates run from 0001). */
function utc(year: number, month: number, day: number, hour: number, minute: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month, day);
  at.setUTCHours(hour, minute, 0, 0);
  return at.getTime();
}
