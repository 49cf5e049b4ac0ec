// core/CODES.md is the reference of the core's finding codes: one row for each code of
// FINDING_CODES, with the severity a finding of it carries, so a code met in a report can be looked up.
import { join } from "node:path";
import { FINDING_CODES } from "../../core/index.js";
import { describeCodeReference } from "./_code-table.js";

describeCodeReference(join(import.meta.dirname, "..", "..", "core/CODES.md"), FINDING_CODES);
