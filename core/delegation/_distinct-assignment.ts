/**
 * Gives each need its own record (a bipartite matching), so one record never satisfies two needs.
 * A need's acceptable approvals are a few ascending runs of approval indices (`Runs`), read as one
 * list merged in the order offered; runs are shared between needs, so a thousand requirements
 * accepting the same five hundred Reviews hold one list, not a thousand. Two approvals of one
 * record (`recordOf`) are the same record.
 *
 * Greedy first, then augmenting paths searched without recursion. Ownership only grows, so each run
 * keeps a cursor past its owned records for the greedy pass; a failed search keeps its visited
 * records until a search succeeds (none of them can lead to an augmenting path before then), and
 * each run keeps a cursor past its visited records for that long. So the greedy pass reads each
 * run once, and the searches between two successes read each run once: the work is the runs' total
 * length times one more than the augmentations the greedy pass left to make.
 */

/** Ascending approval indices: the runs a need accepts, merged. */
export type Runs = readonly (readonly number[])[];

/** The approval index each need is given (the first of its record in the need's runs), or null. */
export function assignDistinct(needs: readonly Runs[], recordOf: readonly number[]): (number | null)[] {
  const assigned: (number | null)[] = needs.map(() => null);
  const owner = new Map<number, number>();
  const record = (a: number): number => recordOf[a] as number;

  // The first approval of a free record, in the merged order: each run's cursor skips owned ones.
  const owned = new Map<readonly number[], number>();
  needs.forEach((runs, need) => {
    let best: number | undefined;
    for (const run of runs) {
      let p = owned.get(run) ?? 0;
      while (p < run.length && owner.has(record(run[p] as number))) p++;
      owned.set(run, p);
      const a = run[p];
      if (a !== undefined && (best === undefined || a < best)) best = a;
    }
    if (best === undefined) return;
    assigned[need] = best;
    owner.set(record(best), need);
  });

  let generation = 0;
  let visited = new Set<number>();
  // Within one generation every record before a run's cursor is visited.
  const seen = new Map<readonly number[], { generation: number; at: number }>();
  /** The next unvisited approval of `runs` from `positions`, consumed (its record marked visited). */
  const next = (runs: Runs, positions: number[]): number | undefined => {
    let best: number | undefined;
    let from = -1;
    runs.forEach((run, r) => {
      const cursor = seen.get(run);
      let p = Math.max(positions[r] as number, cursor !== undefined && cursor.generation === generation ? cursor.at : 0);
      while (p < run.length && visited.has(record(run[p] as number))) p++;
      positions[r] = p;
      seen.set(run, { generation, at: p });
      const a = run[p];
      if (a !== undefined && (best === undefined || a < best)) [best, from] = [a, r];
    });
    if (best === undefined) return undefined;
    positions[from] = (positions[from] as number) + 1;
    visited.add(record(best));
    const run = runs[from] as readonly number[];
    seen.set(run, { generation, at: positions[from] as number });
    return best;
  };

  needs.forEach((_, start) => {
    if (assigned[start] !== null) return;
    // Depth-first over (need, positions in its runs); `via[k]` is the approval taken to reach stack[k+1].
    const stack: [number, number[]][] = [[start, (needs[start] as Runs).map(() => 0)]];
    const via: number[] = [];
    while (stack.length > 0) {
      const [need, positions] = stack[stack.length - 1] as [number, number[]];
      const a = next(needs[need] as Runs, positions);
      if (a === undefined) {
        stack.pop();
        via.pop();
        continue;
      }
      via.push(a);
      const holder = owner.get(record(a));
      if (holder === undefined) {
        // Flip the path: each need on the stack takes the approval it reached the next one by.
        stack.forEach(([n], k) => {
          const approval = via[k] as number;
          assigned[n] = approval;
          owner.set(record(approval), n);
        });
        generation++;
        visited = new Set<number>();
        break;
      }
      stack.push([holder, (needs[holder] as Runs).map(() => 0)]);
    }
  });
  return assigned;
}
