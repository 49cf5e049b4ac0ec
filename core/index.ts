// The public API of rogerwilco's core. Re-exports only; each concept lives in its own file.
export type { Message, Scalar, SlotValue, Slots } from "./message.js";
export { FINDING_CODES, finding, hasError } from "./finding.js";
export type { Finding, FindingCode, Result, Severity } from "./finding.js";
export {
  CORE_ALIASES,
  CORE_CONSTRAINT_KEYS,
  CORE_ENUMS,
  CORE_SLOTS,
  CORE_TYPES,
  DEFAULT_ECHO,
  HUMAN,
  MESSAGE_TYPES,
  READBACK_LEVELS,
  TAIL_MAX,
  VERSION,
} from "./vocabulary.js";
export type { MessageType } from "./vocabulary.js";
export { CORE_MEANINGS, meaningsOf } from "./meanings.js";
export type { CoreMeanings, Meanings } from "./meanings.js";
export type { EnumCode, SlotDef, TypeDef, Vocabulary, VocabularyProfile } from "./vocabulary-model.js";
export { coreVocabulary } from "./core-vocabulary.js";
export { parseSlotType } from "./slot-type.js";
export type { SlotType } from "./slot-type.js";
export { isAgent, isDate, isMessageId, isTime, messageNumber, messageSender, shownNumbers } from "./check-value.js";
export { freshNumber } from "./fresh-number.js";
export { parseLine, slotPositions } from "./parse-line.js";
export type { Envelope, LineResult } from "./parse-line.js";
export { formatLine } from "./format-line.js";
export { messageFromJson } from "./json-form.js";
export { messageSchema } from "./message-schema.js";
export { validate } from "./validate.js";
export { refusal, refusals } from "./refusal.js";
export { checkLine, profileOf } from "./check-line.js";
export { formatInput, readLine, readMessage } from "./read-message.js";
export { profileNamed } from "./profile-named.js";
export { isJsonForm } from "./json-form-line.js";
export type { FormattedInput } from "./read-message.js";
export { isSlotValueMap } from "./slot-value-map.js";
export { withControlsMarked } from "./marked-controls.js";
export { profileResolver } from "./profile-resolver.js";
export { afterDate, afterTime, timeAt } from "./time.js";
export type { LineCheck, VocabularyResolver } from "./check-line.js";
export { checkMessage } from "./check-message.js";
export { canonicalBytes, canonicalJson } from "./canonical.js";
export { digest } from "./digest.js";
export { checkProfile, compileVocabulary, profileSchema } from "./profile.js";
export { extendVocabulary } from "./extend-vocabulary.js";
export { shippedNameTaken } from "./shipped-name.js";
export type { ProfileFile, ProfileRule, ProfileSlot } from "./profile-file.js";
export type { TranslationRule } from "./translation.js";
export { compareCriteria, compareValues, normaliseValue, parseCriteria } from "./criteria.js";
export type { Constraint, CriteriaOptions, Match, Normalised } from "./criteria.js";
export { criteriaUnread, readbackSet, recordUnread } from "./readback-set.js";
export type { ReadbackSet } from "./readback-set.js";
export { makeReadback } from "./make-readback.js";
export type { ReceiverReadback } from "./make-readback.js";
export { checkReadback, readbackExpectations } from "./check-readback.js";
export type { ReadbackExpectations, ReadbackReport, TierName, TierReport, TierResult } from "./check-readback.js";
export { readbackVerdict, verdictOf } from "./readback-verdict.js";
export type { ReadbackVerdict } from "./readback-verdict.js";
export { readCall, readRecord } from "./record.js";
export type { SenderRecord } from "./record.js";
export { checkHandoff, checkRelay } from "./check-handoff.js";
export type { HandoffReport } from "./check-handoff.js";
export { checkDone } from "./check-done.js";
export type { DoneReport } from "./check-done.js";
export { abandon, cancelHandoff, commit, committedStatement, endStatements, expireStatements, isStatementToken, memoryStore, newToken, prepare, ranBeforeCancel, ranInLine, statementMismatch } from "./statement.js";
export type { PrepareInput, Statement, StatementState, StatementStore } from "./statement.js";
export { handoffLine, lineView } from "./statement-line.js";
export type { HandoffEnvelope, ReissueNote } from "./statement-line.js";
export { parseJsonText } from "./json-text.js";
export { jsonFormSpans, jsonSlotSpan } from "./json-form-spans.js";
export type { TextSpan } from "./json-form-spans.js";
export type { JsonText, JsonTextReading, RoundedNumberAt } from "./json-text.js";
export { replyAhead } from "./reply-order.js";
export { confirmationPastExp, readbackPastExp } from "./readback-expiry.js";
export { arrivalRefusal } from "./arrival-refusal.js";
export type { HeldLines } from "./arrival-refusal.js";
export { statedIdReuse } from "./stated-id-reuse.js";
export { foreignSender } from "./line-sender.js";
export { withoutBom } from "./byte-order-mark.js";
export { isBlankLine, isSkippedLine } from "./skipped-line.js";
export { isEmptyDocument } from "./empty-document.js";
export { _prefix as textPrefix } from "./_chars.js";
export { cancelAckAfterCommit, cancelOnThread, commitClearance, doneWithoutCommit, endedInLine, handoffEnded, LIVE_STATES, noopAfterCommit, relayedStatement, sameMessage, withdraws } from "./statement-clearance.js";
export type { CheckedRelay, ThreadCancel } from "./statement-clearance.js";
export { checkThread, createThreadAudit } from "./thread.js";
export type { ThreadAudit, ThreadOptions } from "./thread.js";
export { threadVerdict } from "./thread-report.js";
export type { HandoffState, HandoffStateName, ItemOwner, ItemReadback, ThreadCounts, ThreadFinding, ThreadReport } from "./thread-report.js";
export { legend } from "./legend.js";
export type { LegendOptions } from "./legend.js";
