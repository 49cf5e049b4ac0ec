// core/mailbox/CODES.md is the reference of every mailbox finding code: held to MAILBOX_CODES, so it
// names each code once, with the severity a finding carries.
import { join } from "node:path";
import { MAILBOX_CODES } from "../../core/mailbox/index.js";
import { describeCodeReference } from "./_code-table.js";

describeCodeReference(join(import.meta.dirname, "..", "..", "core/mailbox/CODES.md"), MAILBOX_CODES);
