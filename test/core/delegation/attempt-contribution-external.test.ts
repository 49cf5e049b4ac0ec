// Section 1.1: "Read-only or external-only attempts remain extension audit records and cannot claim a
// canonical project effect." The read-only half is the vector attempts-contribution-read-only; this
// pins the external-only half: a revision whose effect classes are external effects alone (a
// publication, a commitment, a spend) allows no project mutation, so an attempt of it naming an
// RW-002 Contribution is refused, while one allowing a proposal is not judged on it.
import { describe, expect, it } from "vitest";
import { checkAttempts } from "../../../core/delegation/index.js";
import type { DelegationContract, EffectClass, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

// D-EXTRACT-1@r1 as the typed check takes it (not validated: its tier and gates are not what this is about).
const under = (classes: EffectClass[]): DelegationContract => ({ ...read<DelegationContract>(record("d-extract-1")), scope: { ...record("d-extract-1").scope, effect_classes: classes } });
const attempt = read<ExecutionAttempt>(record("att-extract-1"));
const contribution = (classes: EffectClass[]) => checkAttempts(under(classes), [attempt]).findings.filter((f) => f.code === "ATTEMPT_CONTRIBUTION_UNAUTHORIZED").map((f) => [f.path, f.dimension]);

describe("an external-only attempt claims no Contribution", () => {
  it("ATT-EXTRACT-1 claims CONTRIBUTION-PROPOSAL-1 (its fixture names it)", () => {
    expect(attempt.contribution_ref?.object_id).toBe("CONTRIBUTION-PROPOSAL-1");
  });
  for (const classes of [["external_publication"], ["external_commitment"], ["spend"], ["read_only", "external_publication", "external_commitment", "spend"]] as EffectClass[][]) {
    it(`is refused under ${classes.join(", ")}: no project mutation is allowed`, () => {
      expect(contribution(classes)).toStrictEqual([["attempts.0.contribution_ref", "scope.effect_classes"]]);
    });
  }
  for (const classes of [["read_only", "proposal"], ["external_publication", "reversible_mutation"], ["consequential_mutation"]] as EffectClass[][]) {
    it(`is not judged on it under ${classes.join(", ")}, which allows a project mutation`, () => {
      expect(contribution(classes)).toStrictEqual([]);
    });
  }
});
