/**
 * Time as the thread object keeps it. RW1 writes times to the minute (`exp=20261002T1405Z`) and
 * dates to the day, and the core's rules are "after": a statement may commit during the minute of
 * its `exp` and not after, and an HO is overdue once the day of its `due` is over. So the moment
 * something becomes late is the start of the next minute, or of the next day, in UTC.
 */

const two = (n: number): string => String(n).padStart(2, "0");

/** `YYYYMMDDTHHMMZ` of the minute a moment falls in (UTC). */
export function minuteOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}Z`;
}

/** The first moment after a `YYYYMMDDTHHMMZ` time: the start of its next minute. */
export function afterTime(time: string): number {
  const [y, mo, d, h, mi] = [time.slice(0, 4), time.slice(4, 6), time.slice(6, 8), time.slice(9, 11), time.slice(11, 13)].map(Number) as [number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi + 1);
}

/** The first moment after a `YYYYMMDD` date: the start of its next day. */
export function afterDate(date: string): number {
  const [y, mo, d] = [date.slice(0, 4), date.slice(4, 6), date.slice(6, 8)].map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d + 1);
}
