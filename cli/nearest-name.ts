/**
 * The name a mistyped one most likely meant (`valdate` for validate): the nearest of `names` by
 * edit distance (insert, delete, replace, or swap two neighbours), when it is within `within` (2
 * unless given) and no other is as near; null otherwise, so a guess is offered only when it is one.
 */
export function nearestName(typed: string, names: readonly string[], within = 2): string | null {
  let best: string | null = null;
  let bestDistance = within + 1;
  let tied = false;
  for (const name of names) {
    const d = editDistance(typed, name);
    if (d < bestDistance) [best, bestDistance, tied] = [name, d, false];
    else if (d === bestDistance) tied = true;
  }
  return tied ? null : best;
}

/** Optimal string alignment distance: Levenshtein with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  // Past the bound either way: a long word is no typo of a short command, and is not compared.
  if (Math.abs(a.length - b.length) > 2 || a.length > 64) return 3;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = d;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}
