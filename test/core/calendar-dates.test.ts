// isDate and isTime against the calendar: every year, each month and day around the edges. isDate
// cuts the date by arithmetic, not by digits one at a time; these say it still reads every one alike.
import { describe, expect, it } from "vitest";
import { isDate, isTime } from "../../core/index.js";

/** Days in month `m` (1 to 12) of year `y`, by the runtime's proleptic Gregorian calendar. */
function daysIn(y: number, m: number): number {
  const d = new Date(0);
  d.setUTCFullYear(y, m, 0);
  return d.getUTCDate();
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

describe("isDate", () => {
  it("accepts exactly the real dates 00010101 to 99991231", () => {
    const wrong: string[] = [];
    for (let y = 0; y <= 9999; y++) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const text = `${pad(y, 4)}${pad(m, 2)}${pad(d, 2)}`;
          const real = y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
          if (isDate(text) !== real) wrong.push(text);
        }
      }
    }
    expect(wrong.slice(0, 10)).toStrictEqual([]);
  });

  it("refuses the months and days past any calendar, and what is not eight ASCII digits", () => {
    for (const text of ["20269901", "20261299", "99999999", "00000000", "2026101", "202610011", "2026-101", "2026 101", "２０２６１００１", "20261O01", "+2026101", "1e261001"]) {
      expect(isDate(text), text).toBe(false);
    }
    expect(isTime("20240229T2359Z")).toBe(true);
    expect(isTime("20230229T1200Z")).toBe(false);
    expect(isTime("00000101T0000Z")).toBe(false);
  });
});
