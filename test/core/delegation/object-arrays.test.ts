// An array where a reference or another of the spec's small objects belongs (a RevisionRef, an
// ActorRef, the schema_ref, a Duration, a MoneyLimit) is refused as no object, at its own path, not
// for the members an array lacks: valibot's looseObject takes an array for an object (found by fix-IO
// in the records schema). The code stays DELEGATION_SCHEMA, as for any value of the wrong type, and the
// message says what came: "is a JSON object, not an array" (a string, null).
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const refused = (path: string, doc: unknown) => validateRecord(doc).findings.filter((f) => f.code === "DELEGATION_SCHEMA" && (f.path === path || f.path?.startsWith(`${path}.`)));

describe("an array given for an object of the spec's scalars", () => {
  const child = record("d-child-ok");
  const cases: [string, unknown][] = [
    ["parent_contract_ref", { ...child, parent_contract_ref: [] }],
    ["prior_revision_ref", { ...child, prior_revision_ref: [child.parent_contract_ref] }],
    ["delegator_actor_ref", { ...child, delegator_actor_ref: [] }],
    ["schema_ref", { ...child, schema_ref: [] }],
    ["limits.max_duration", { ...child, limits: { ...child.limits, max_duration: [] } }],
    ["limits.spend", { ...child, limits: { ...child.limits, spend: [] } }],
  ];
  it.each(cases)("%s: refused as an array, once, at its own path", (path, doc) => {
    expect(refused(path, doc).map((f) => [f.path, f.message])).toEqual([[path, `${path} is a JSON object, not an array`]]);
  });
  it("a value of another type is named as what it is, as an array is", () => {
    expect(refused("parent_contract_ref", { ...child, parent_contract_ref: "D-PARENT-1@r1" }).map((f) => f.message)).toEqual(["parent_contract_ref is a JSON object, not a string"]);
    expect(refused("delegator_actor_ref", { ...child, delegator_actor_ref: null }).map((f) => f.message)).toEqual(["delegator_actor_ref is a JSON object, not null"]);
  });
});
