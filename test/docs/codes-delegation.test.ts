// core/delegation/CODES.md is the reference of every RW-003 finding code: held to DELEGATION_CODES,
// so it names each code once, with the severity its findings carry, and no code the table lacks.
import { join } from "node:path";
import { DELEGATION_CODES } from "../../core/delegation/index.js";
import { describeCodeReference } from "./_code-table.js";

describeCodeReference(join(import.meta.dirname, "..", "..", "core/delegation/CODES.md"), DELEGATION_CODES);
