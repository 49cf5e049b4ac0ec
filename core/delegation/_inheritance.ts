/**
 * Inheritance (section 8): the child keeps every denial, human gate, consent constraint,
 * monitoring minimum, verification requirement and revocation authority of its parent. It may add
 * to them and strengthen them; it may not drop or weaken one.
 */
import type { DelegationFinding } from "./codes.js";
import type { ConsentRef, DelegationContract, Denial, ReviewerRequirement } from "./contract.js";
import { dimensionFinding } from "./dimensions.js";
import type { Dimension } from "./dimensions.js";
import { durationMs, sameRevision, utcKey } from "./scalars.js";
import { consentedClasses } from "./_consented-classes.js";
import { few } from "../_few.js";
import { gateReach } from "./_gate-reach.js";
import type { GateReach } from "./_gate-reach.js";
import { uncovered } from "./_selectors.js";
import { foldCase } from "./tiers.js";
import type { HumanGate } from "./tiers.js";

/**
 * How many of a parent's names a finding repeats: enough to recognise the list, never all of it.
 * One finding per child entry each naming the whole list grew as their product (a 0.6 MB pair of
 * contracts answered 230 MB).
 */
const FEW_NAMES = 10;

/**
 * The child's denial is at least as broad as the parent's: each field absent (any) or covering. A
 * denial matches in any case at evaluation (`DELETE` is denied by `delete`), so its names are
 * compared in one case: the parent's `publish` kept as `PUBLISH` denies exactly what it did.
 */
function atLeastAsBroad(parent: Denial, child: Denial): boolean {
  for (const field of ["operations", "objects", "tools", "effect_classes"] as const) {
    const c = child[field];
    const p = parent[field];
    if (c === undefined) continue;
    if (p === undefined || uncovered(c.map(foldCase), p.map(foldCase)).length > 0) return false;
  }
  return true;
}

/**
 * What a consent binds (section 9), as one string: two consents bind the same exactly when their
 * keys are equal. Data classes and recipients are sets, not lists, so they are sorted and taken
 * once each. A key, not a pairwise comparison: a child carrying each of thousands of parent
 * consents is checked by a set lookup, not by comparing every consent with every other.
 */
function consentKey(c: ConsentRef): string {
  const members = (xs: readonly string[]): string[] => [...new Set(xs)].sort();
  const ref = c.consent_ref;
  // The expiry as the instant it names: `2026-12-31T00:00:00Z` and `2026-12-31T00:00:00.000Z` are one
  // binding (a consent copied through a Date is not another consent).
  const expires = utcKey(c.expires_at) ?? c.expires_at;
  return JSON.stringify([ref.object_id, ref.revision_id, ref.content_digest, c.subject_ref, c.scope, c.purpose, c.withdrawal_route, expires, durationMs(c.retention), members(c.data_classes), members(c.recipients)]);
}

const principalSets = new WeakMap<ReviewerRequirement, ReadonlySet<string>>();

/** The child's reviewer requirement is the parent's or narrower: same role, independence kept, principals a subset. */
function narrows(parent: ReviewerRequirement, child: ReviewerRequirement): boolean {
  if (child.role !== parent.role) return false;
  if (parent.independence === "independent" && child.independence !== "independent") return false;
  if (parent.principal_refs.length === 0) return true;
  let named = principalSets.get(parent);
  if (named === undefined) principalSets.set(parent, (named = new Set(parent.principal_refs)));
  const allowed = named;
  return child.principal_refs.length > 0 && child.principal_refs.every((p) => allowed.has(p));
}

/**
 * The first of the child's scope entries, within the parent's scope, that can reach a human gate:
 * an operation selector covering one of the gate's operations in some case (a gate governs an
 * operation in any case, so `Pub*` reaches `publish` through `Publish`), or one of the gate's effect
 * classes, unless a denial of the child refuses it whatever else a request names (`gateReach`).
 * Null when none. An entry outside the parent's scope is the attenuation's finding already.
 */
function reachesGate(parent: DelegationContract, child: DelegationContract, reach: GateReach, gate: HumanGate, outside: () => ReadonlySet<string>): string | null {
  for (const s of child.scope.operations) {
    if (reach.byOperation(s).includes(gate) && !outside().has(s)) return `operation ${s}`;
  }
  for (const e of child.scope.effect_classes) if (reach.byEffectClass(e).includes(gate) && parent.scope.effect_classes.includes(e)) return `effect class ${e}`;
  return null;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [x]);
    else group.push(x);
  }
  return groups;
}

function missing<T>(out: DelegationFinding[], dimension: Dimension, path: string, parent: readonly T[], kept: (p: T) => boolean, show: (p: T) => string): void {
  parent.forEach((p, i) => {
    if (!kept(p)) out.push(dimensionFinding(dimension, `${path}.${i}: the parent's ${show(p)} is not inherited`, { path, expected: show(p) }));
  });
}

export function inheritanceFindings(parent: DelegationContract, child: DelegationContract): DelegationFinding[] {
  const out: DelegationFinding[] = [];
  const [pg, cg] = [parent.gates, child.gates];
  // Lists are compared through maps and sets, never pairwise: a document of tens of thousands of
  // entries a side is checked in time linear in its size.
  const childDenials = groupBy(child.scope.denials, (d) => d.rule_id);
  missing(out, "denials", "scope.denials", parent.scope.denials, (d) => (childDenials.get(d.rule_id) ?? []).some((c) => atLeastAsBroad(d, c)), (d) => `denial ${d.rule_id}`);
  const gateKey = (g: { gate: string; authority_ref: string }): string => `${g.gate} ${g.authority_ref}`;
  const childGates = new Set(cg.human_authorities.map(gateKey));
  missing(out, "human_gates", "gates.human_authorities", pg.human_authorities, (g) => childGates.has(gateKey(g)), (g) => `human gate ${g.gate} (${g.authority_ref})`);
  const parentGates = new Set(pg.human_authorities.map(gateKey));
  // An inherited gate gains no authority: for a gate the parent names, the child's authorities are
  // a subset of the parent's ("cannot be silently satisfied" by someone the parent did not name).
  // Each gate's authorities said once and cut (as the consent's classes below).
  const namedFor = new Map([...groupBy(pg.human_authorities, (g) => g.gate)].map(([gate, gs]) => [gate, few(gs.map((g) => g.authority_ref), FEW_NAMES)]));
  // A gate the parent names no authority for is one no effect under it can pass (GATE_UNSATISFIED
  // at evaluation), whatever the parent's scope allows (an operation selector `*` reaches every
  // gate). A child naming an authority for it, with a scope that reaches it within the parent's,
  // would do what its parent cannot ("No delegatee may grant authority it did not receive", 8).
  // Once a gate: its reach is the child's scope, the same for every entry.
  const unnamedReach = new Map<HumanGate, string | null>();
  // The child's operations outside the parent's, found once (never per gate nor per operation:
  // a document of tens of thousands a side is checked in time linear in its size).
  let outsideOps: ReadonlySet<string> | undefined;
  const outside = (): ReadonlySet<string> => (outsideOps ??= new Set(uncovered(parent.scope.operations, child.scope.operations)));
  // The gates the child's scope reaches past its denials, found once.
  let childReach: GateReach | undefined;
  cg.human_authorities.forEach((c, i) => {
    const named = namedFor.get(c.gate);
    if (named === undefined) {
      if (!unnamedReach.has(c.gate)) {
        const reach = reachesGate(parent, child, (childReach ??= gateReach(child.scope.denials)), c.gate, outside);
        unnamedReach.set(c.gate, reach);
        if (reach !== null) out.push(dimensionFinding("human_gates", `gates.human_authorities.${i}: the parent names no authority for the gate ${c.gate}, so no effect under it passes there; the child's ${reach} reaches that gate and names ${c.authority_ref} to decide it, which would grant what the parent cannot`, { path: `gates.human_authorities.${i}`, expected: `no authority for ${c.gate}`, received: c.authority_ref }));
      }
      return;
    }
    if (parentGates.has(gateKey(c))) return;
    out.push(dimensionFinding("human_gates", `gates.human_authorities.${i}: ${c.authority_ref} is not an authority the parent names for the inherited gate ${c.gate} (${named}); a child may not widen a human gate`, { path: `gates.human_authorities.${i}`, expected: named, received: c.authority_ref }));
  });
  const childReviewers = groupBy(cg.reviewers, (r) => r.role);
  const parentReviewers = groupBy(pg.reviewers, (r) => r.role);
  missing(out, "human_gates", "gates.reviewers", pg.reviewers, (r) => (childReviewers.get(r.role) ?? []).some((c) => narrows(r, c)), (r) => `reviewer requirement ${r.role} (${r.independence})`);
  // A reviewer requirement of an inherited role is never wider than the parent's: an empty parent
  // list ("any") may be narrowed; a named one only to a subset.
  cg.reviewers.forEach((c, i) => {
    const same = parentReviewers.get(c.role) ?? [];
    if (same.length > 0 && !same.some((r) => narrows(r, c))) {
      out.push(dimensionFinding("human_gates", `gates.reviewers.${i}: the reviewer requirement ${c.role} (${c.principal_refs.join(", ") || "any principal"}, ${c.independence}) is wider than the parent's; a child may only narrow an inherited reviewer`, { path: `gates.reviewers.${i}`, received: c.principal_refs.join(" ") }));
    }
  });
  const childConsents = new Set(cg.consent.map(consentKey));
  missing(out, "consent", "gates.consent", pg.consent, (p) => childConsents.has(consentKey(p)), (p) => `consent ${p.consent_ref.object_id}@${p.consent_ref.revision_id}`);
  // Under a parent that relies on consent, a data class none of its consents binds was never
  // consented to for it (CONSENT_DATA_CLASS at evaluation): a consent the child adds may narrow,
  // never bind a class the parent could not touch ("No delegatee may grant authority it did not
  // receive", 8). A parent relying on no consent has no consent layer to widen.
  const consented = consentedClasses(pg.consent);
  if (consented !== null) {
    // The parent's classes, said once and cut: in full in each finding, a thousand added consents
    // under a parent binding a thousand classes would answer a million names.
    const bound = few([...consented], FEW_NAMES);
    cg.consent.forEach((c, i) => {
      const wider = c.data_classes.filter((d) => !consented.has(d));
      if (wider.length > 0) out.push(dimensionFinding("consent", `gates.consent.${i}: consent ${c.consent_ref.object_id}@${c.consent_ref.revision_id} binds ${wider.join(", ")}, which no consent of the parent binds (the parent's bind ${bound}): under the parent those data classes are consented to for nothing, so the child may not rely on them`, { path: `gates.consent.${i}.data_classes`, expected: bound, received: wider.join(" ") }));
    });
  }
  const [pm, cm] = [parent.monitoring, child.monitoring];
  const inChild = <T>(xs: readonly T[]): ((x: T) => boolean) => {
    const set = new Set(xs);
    return (x) => set.has(x);
  };
  missing(out, "monitoring", "monitoring.modes", pm.modes, inChild(cm.modes), (m) => `monitoring mode ${m}`);
  missing(out, "monitoring", "monitoring.telemetry_classes", pm.telemetry_classes, inChild(cm.telemetry_classes), (t) => `telemetry class ${t}`);
  missing(out, "monitoring", "monitoring.anomaly_triggers", pm.anomaly_triggers, inChild(cm.anomaly_triggers), (t) => `anomaly trigger ${t}`);
  const observers = inChild(cm.observer_refs.map((c) => c.object_id));
  missing(out, "monitoring", "monitoring.observer_refs", pm.observer_refs, (o) => observers(o.object_id), (o) => `observer ${o.object_id}`);
  const verifiers = inChild(cm.verifier_refs.map((c) => c.object_id));
  missing(out, "monitoring", "monitoring.verifier_refs", pm.verifier_refs, (o) => verifiers(o.object_id), (o) => `monitoring verifier ${o.object_id}`);
  if (pm.heartbeat !== null && (cm.heartbeat === null || durationMs(cm.heartbeat) > durationMs(pm.heartbeat))) {
    out.push(dimensionFinding("monitoring", `monitoring.heartbeat: the parent's is every ${pm.heartbeat.value} ${pm.heartbeat.unit}; the child's is ${cm.heartbeat === null ? "none" : `every ${cm.heartbeat.value} ${cm.heartbeat.unit}`}`, { path: "monitoring.heartbeat" }));
  }
  if (pm.circuit_breaker_ref !== null && cm.circuit_breaker_ref === null) out.push(dimensionFinding("monitoring", "monitoring.circuit_breaker_ref: the parent has a circuit breaker; the child none", { path: "monitoring.circuit_breaker_ref" }));
  const verifications = inChild(cg.verification.map((c) => `${c.verifier_ref.object_id} ${c.profile}`));
  missing(out, "verification", "gates.verification", pg.verification, (r) => verifications(`${r.verifier_ref.object_id} ${r.profile}`), (r) => `verification by ${r.verifier_ref.object_id} (${r.profile})`);
  missing(out, "verification", "gates.pre_effect_checks", pg.pre_effect_checks, inChild(cg.pre_effect_checks), (c) => `pre-effect check ${c}`);
  missing(out, "verification", "gates.post_effect_checks", pg.post_effect_checks, inChild(cg.post_effect_checks), (c) => `post-effect check ${c}`);
  const [pr, cr] = [parent.revocation, child.revocation];
  missing(out, "revocation", "revocation.authority_refs", pr.authority_refs, inChild(cr.authority_refs), (a) => `revocation authority ${a}`);
  if (durationMs(cr.propagation_bound) > durationMs(pr.propagation_bound)) out.push(dimensionFinding("revocation", "revocation.propagation_bound: longer than the parent's", { path: "revocation.propagation_bound" }));
  if (pr.acknowledgement_required && !cr.acknowledgement_required) out.push(dimensionFinding("revocation", "revocation.acknowledgement_required: the parent requires acknowledgement; the child does not", { path: "revocation.acknowledgement_required" }));
  if (pr.readback_on_unknown && !cr.readback_on_unknown) out.push(dimensionFinding("revocation", "revocation.readback_on_unknown: the parent requires read-back on an unknown acknowledgement; the child does not", { path: "revocation.readback_on_unknown" }));
  return out;
}
