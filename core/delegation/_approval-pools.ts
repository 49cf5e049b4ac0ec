/**
 * Which approvals offered satisfy which gate needs (section 6), without judging every approval
 * against every need: the approvals a need draws on are a pool (the Reviews of its role and those
 * naming none; its gate's decisions and those naming none; at T4, the decisions naming no gate), an approval's own
 * faults are found once, and a need's acceptable approvals are one run a pool, shared by every need
 * judged alike. The work is linear in the approvals and needs offered, however many of each, but
 * for one thing: a pool's run is filtered again for each other pool holding a rejection (a Review
 * naming a role, rejecting, withdraws its principal's Reviews naming none for that role's needs),
 * at most once a role, so at most the approvals squared.
 */
import type { Runs } from "./_distinct-assignment.js";
import type { Approval, PermissionRequest } from "./permission.js";
import { compareUtc } from "./scalars.js";
import type { ActorRef, UtcTime } from "./scalars.js";
import { GATE_SOURCES } from "./tiers.js";

export interface GateNeed {
  readonly rule: string;
  readonly source: "authority_decision" | "review";
  /** Human gates: the gate's name, or null for T4's human approval of an effect no named gate covers. */
  readonly gate: string | null;
  readonly principals: readonly string[];
  readonly role?: string;
  readonly independent: boolean;
}

export interface GateContext {
  readonly request: PermissionRequest;
  readonly operator: string;
  readonly excluded: readonly ActorRef[];
  /** The contract revision (`D@r`) and its issued_at: an AuthorityDecision decided before it approves under no gate of it. */
  readonly revision: string;
  readonly issuedAt: UtcTime;
}

/**
 * An AuthorityDecision counts only if decided at or after the contract revision it is offered
 * under was issued: the revision names the authority and the effect it may approve (6: "Named
 * human authority approves ..."; T4: "Fresh human approval"), so an older decision was made under
 * an earlier revision or none (after 11.4's reassignment, for another agent). Reviews are not
 * dated against it: who reviewed is judged against the revision in force (independence).
 */
export function decidedUnderRevision(a: Approval, ctx: GateContext): boolean {
  return a.source !== "authority_decision" || compareUtc(a.decided_at, ctx.issuedAt) >= 0;
}

/** An approval shown for an unmet need, and the rejection by its principal that stands, if any. */
export interface ProblemShown {
  readonly index: number;
  readonly rejectedAt: UtcTime | undefined;
}

export interface JudgedNeed {
  readonly need: GateNeed;
  /** The approvals that satisfy it: one ascending run a pool, shared with the needs judged alike. */
  readonly accepted: Runs;
  /** Whether any approval was offered for it at all. */
  readonly offered: boolean;
  /** When none satisfies it: the first approval showing each kind of problem, in the order offered. */
  readonly problems: () => readonly ProblemShown[];
}

/** The approval's own faults, judged once whatever the need: its record, and what no need forgives. */
interface Facts {
  /** The first approval offered with the same `ref.object_id`: one RW-002 record offered twice is one. */
  readonly recordOf: readonly number[];
  readonly excluded: readonly boolean[];
  /** The exact effect, approved, in its window at the request's moment, and (a decision) not older than the revision. */
  readonly current: readonly boolean[];
}

/**
 * The approvals one kind of need draws on, ascending: a reviewer requirement draws on the Reviews
 * of its role and on those naming none, a gate on its own gate's decisions and those naming none,
 * T4's human approval on the decisions naming no gate: a decision naming a gate is that gate's
 * authority exercised, and no named gate covers the effect T4's approval is asked for. Each pool
 * serves needs of one source.
 */
interface Pool {
  readonly id: number;
  readonly members: readonly number[];
  readonly source: GateNeed["source"];
  /** Each principal's latest rejection of the exact effect by the request's moment (the first such offered on a tie). */
  readonly rejections: ReadonlyMap<string, number>;
}

/** A pool as needs of one independence see it before their named principals are checked. */
interface Summary {
  /** The first member showing each problem found before the principals check. */
  readonly first: ReadonlyMap<string, number>;
  /** The members no earlier check refuses, ascending, and by principal. */
  readonly open: readonly number[];
  readonly openBy: ReadonlyMap<string, readonly number[]>;
}

/** The rejection, of those two maps, that stands: the later, or on a tie the first offered. */
function laterRejection(approvals: readonly Approval[], x: number | undefined, y: number | undefined): number | undefined {
  if (x === undefined || y === undefined) return x ?? y;
  const order = compareUtc((approvals[x] as Approval).decided_at, (approvals[y] as Approval).decided_at);
  return order > 0 || (order === 0 && x < y) ? x : y;
}

/**
 * Judges every need against the approvals it draws on without judging each pair: an approval's own
 * faults are found once, each pool is summarized once per independence, and the approvals a need
 * accepts are one shared run per pool, cached by what decides them (pool, independence, named
 * principals, the other pool's rejections). For a need left unmet it names the first approval
 * showing each kind of problem (README: "each kind of problem once"), for `problem` to describe.
 */
export function judgeNeeds(needs: readonly GateNeed[], approvals: readonly Approval[], ctx: GateContext): { judged: JudgedNeed[]; recordOf: readonly number[] } {
  const { request } = ctx;
  const excludedIds = new Set(ctx.excluded.map((x) => x.object_id));
  const firstOf = new Map<string, number>();
  const facts: Facts = {
    recordOf: approvals.map((a, i) => {
      if (!firstOf.has(a.ref.object_id)) firstOf.set(a.ref.object_id, i);
      return firstOf.get(a.ref.object_id) as number;
    }),
    excluded: approvals.map((a) => excludedIds.has(a.decided_by.object_id)),
    current: approvals.map((a) => a.effect_digest === request.effect_digest && a.decision === "approved" && compareUtc(a.decided_at, request.at) <= 0 && compareUtc(request.at, a.expires_at) < 0 && decidedUnderRevision(a, ctx)),
  };
  const byRole = new Map<string, number[]>();
  const byGate = new Map<string, number[]>();
  const roleless: number[] = [];
  const gateless: number[] = [];
  const add = (index: Map<string, number[]>, key: string, i: number): void => {
    const list = index.get(key);
    if (list === undefined) index.set(key, [i]);
    else list.push(i);
  };
  approvals.forEach((a, i) => {
    if (a.role !== undefined) add(byRole, a.role, i);
    else if (a.source !== "authority_decision") roleless.push(i);
    if (a.gate !== undefined) add(byGate, a.gate, i);
    else if (a.source !== "review") gateless.push(i);
  });

  const pools = new Map<string, Pool>();
  const pool = (key: string, members: readonly number[], source: GateNeed["source"]): Pool => {
    const known = pools.get(key);
    if (known !== undefined) return known;
    // A principal's decision on the exact effect is its latest one known at the request's moment:
    // a rejection decided at or after an approval withdraws it ("Named human authority approves",
    // 6: not one who since refused). Ties go to the rejection, which fails closed.
    const rejections = new Map<string, number>();
    for (const i of members) {
      const a = approvals[i] as Approval;
      if (a.decision !== "rejected" || a.source !== source || a.effect_digest !== request.effect_digest || !(compareUtc(a.decided_at, request.at) <= 0)) continue;
      const seen = rejections.get(a.principal_ref);
      if (seen === undefined || compareUtc(a.decided_at, (approvals[seen] as Approval).decided_at) > 0) rejections.set(a.principal_ref, i);
    }
    const made: Pool = { id: pools.size, members, source, rejections };
    pools.set(key, made);
    return made;
  };
  const poolsOf = (need: GateNeed): Pool[] => {
    if (need.source === "review") return [pool(`role ${need.role ?? ""}`, byRole.get(need.role ?? "") ?? [], "review"), pool("roleless", roleless, "review")];
    if (need.gate === null) return [pool("gateless", gateless, "authority_decision")];
    return [pool(`gate ${need.gate}`, byGate.get(need.gate) ?? [], "authority_decision"), pool("gateless", gateless, "authority_decision")];
  };

  const summaries = new Map<string, Summary>();
  const summary = (p: Pool, independent: boolean): Summary => {
    const key = `${p.id} ${independent}`;
    const known = summaries.get(key);
    if (known !== undefined) return known;
    const first = new Map<string, number>();
    const open: number[] = [];
    const openBy = new Map<string, number[]>();
    for (const i of p.members) {
      const a = approvals[i] as Approval;
      // `problem`'s checks up to the named principals, in its order.
      let code: string | null = null;
      if (!(GATE_SOURCES as readonly string[]).includes(a.source)) code = "GATE_ADAPTER";
      else if (a.source !== p.source) code = p.source === "review" ? "GATE_REVIEW_MISSING" : "GATE_UNSATISFIED";
      else if (p.source === "authority_decision" && a.decided_by.actor_type !== "human") code = "GATE_ADAPTER";
      else if (facts.excluded[i] === true || (independent && a.principal_ref === ctx.operator)) code = "GATE_SAME_PRINCIPAL";
      if (code === null) {
        open.push(i);
        add(openBy, a.principal_ref, i);
      } else if (!first.has(code)) first.set(code, i);
    }
    const made: Summary = { first, open, openBy };
    summaries.set(key, made);
    return made;
  };

  const runs = new Map<string, readonly number[]>();
  /** The members of `p` that satisfy `need`, ascending; `other` is the need's other pool, whose rejections count too. */
  const run = (p: Pool, need: GateNeed, other: Pool | undefined): readonly number[] => {
    const withdrawing = other !== undefined && other.rejections.size > 0 ? other : undefined;
    const key = `${p.id} ${need.independent} ${withdrawing?.id ?? "-"} ${JSON.stringify(need.principals)}`;
    const known = runs.get(key);
    if (known !== undefined) return known;
    const s = summary(p, need.independent);
    const named = [...new Set(need.principals)];
    const from = named.length === 0 ? s.open : named.flatMap((q) => s.openBy.get(q) ?? []).sort((x, y) => x - y);
    const made = from.filter((i) => {
      if (facts.current[i] !== true) return false;
      const a = approvals[i] as Approval;
      const rejected = laterRejection(approvals, p.rejections.get(a.principal_ref), withdrawing?.rejections.get(a.principal_ref));
      return rejected === undefined || !(compareUtc((approvals[rejected] as Approval).decided_at, a.decided_at) >= 0);
    });
    runs.set(key, made);
    return made;
  };

  const judged = needs.map((need) => {
    const from = poolsOf(need);
    const accepted: Runs = from.map((p, k) => run(p, need, from[1 - k]));
    const problems = (): ProblemShown[] => {
      const first = new Map<string, number>();
      const note = (code: string, i: number | undefined): void => {
        const was = first.get(code);
        if (i !== undefined && (was === undefined || i < was)) first.set(code, i);
      };
      for (const p of from) {
        const s = summary(p, need.independent);
        for (const [code, i] of s.first) note(code, i);
        // No member meets the need, so each one open to it fails a later check: named principals,
        // the exact effect and window, or a rejection since.
        note("GATE_UNSATISFIED", s.open[0]);
      }
      return [...first.values()].sort((x, y) => x - y).map((index) => {
        const principal = (approvals[index] as Approval).principal_ref;
        const rejected = from.reduce<number | undefined>((r, p) => laterRejection(approvals, r, p.rejections.get(principal)), undefined);
        return { index, rejectedAt: rejected === undefined ? undefined : (approvals[rejected] as Approval).decided_at };
      });
    };
    return { need, accepted, offered: from.some((p) => p.members.length > 0), problems };
  });
  return { judged, recordOf: facts.recordOf };
}
