// The Agent Mailbox (`rogerwilco/mailbox`): re-exports only; each concept lives in its own file.
export { MAILBOX_CODES, hasMailboxError, mailboxFinding, mailboxResult } from "./codes.js";
export type { MailboxCode, MailboxFinding, MailboxFindingDetail, MailboxResult } from "./codes.js";
export {
  CLAIM_KINDS,
  CTA_STATES,
  DEFAULT_CALLSIGN_TTL_DAYS,
  DEFAULT_EXCHANGE_BUDGET,
  DISPOSITION_STATES,
  ACKNOWLEDGED_KINDS,
  HANDSHAKE_FIELD_KINDS,
  KIND_NAMES,
  LIVE_CTA,
  MAILBOX_KINDS,
  MAILBOX_PROFILES,
  MAILBOX_VERSION,
  TERMS,
  TRANSPORTS,
  WORK_KINDS,
} from "./vocabulary.js";
export type { CtaState, DispositionClass, DispositionState, MailboxKind, MailboxProfile, ParentRule, RequestRule, Terms, Transport } from "./vocabulary.js";
export { ALL, HANDLER, WINDOWS_DEVICE_NAMES, callsignFindings, isCallsign, isHandler, isReserved } from "./callsign.js";
export { CALLSIGN_SEEDS, generateCallsign, isGeneratable, neighbourCallsign, suffixedCallsign } from "./generate-callsign.js";
export type { CallsignFamily, GenerateOptions } from "./generate-callsign.js";
export { isUuid7, newUuid7, uuid7Problem, uuid7Time } from "./uuid7.js";
export type { Uuid7Options } from "./uuid7.js";
export { filenameTimeProblem, formatFilename, isConflictCopy, isSlug, messageFilename, misnamedMessage, parseFilename, slugify } from "./filename.js";
export { filenameFindings } from "./filename-findings.js";
export { publicationFindings, rootBindingDrift } from "./publication-findings.js";
export type { HeldFile, RootBinding } from "./publication-findings.js";
export type { MessageFilename } from "./filename.js";
export { isRootId, mailboxRootId, normaliseRootPath, sameRootId } from "./root-id.js";
export type { RootIdOptions } from "./root-id.js";
export { contractManifest } from "./contract-pin.js";
export type { ContractPin, PinnedFile } from "./contract-pin.js";
export { countLines, splitFrontmatter } from "./frontmatter.js";
export type { SplitMessage } from "./frontmatter.js";
export { MAX_YAML_DEPTH, yamlTooDeep } from "./yaml-depth.js";
export { ENVELOPE_FIELD_NAMES, envelopeSchema } from "./envelope.js";
export type { EnvelopeField, MailboxEnvelope } from "./envelope.js";
export { LEGACY_ALIASES, LEGACY_META_ONLY } from "./legacy.js";
export { MAX_BODY_RW1_LINES, claimsToFollowWelcomes, linksTo, rw1Lines, wikilinks } from "./body.js";
export type { BodyLine } from "./body.js";
export { unsafeArtifactPaths } from "./artifact-paths.js";
export { MAX_FRONTMATTER_BYTES, MAX_MESSAGE_BYTES, parentInfo, preflight, readMailboxMessage } from "./read-mailbox-message.js";
export type { MailboxReading, ParentInfo, ReadMode, ReadOptions } from "./read-mailbox-message.js";
export { PARENT_FIELDS, parentFromFields } from "./parent-fields.js";
export type { ParentFields } from "./parent-fields.js";
export { byUuid } from "./entry.js";
export type { MailboxEntry } from "./entry.js";
export { handshakes } from "./handshake.js";
export { mayHoldSettledTags, settledTagSet } from "./settled-tags.js";
export { handshakeFieldProblem, proposalAnswerProblem } from "./handshake-fields.js";
export { availabilityReplyProblem, isAvailabilityFyi } from "./availability-fyi.js";
export type { KnownFields } from "./availability-fyi.js";
export { unaskedAckProblem } from "./unasked-ack.js";
export { uuidInCursorEntry } from "./cursor-entry.js";
export type { HandshakeField } from "./handshake-fields.js";
export type { Handshake, HandshakeState, ResponderHandshake } from "./handshake.js";
export { exchangeBudget } from "./exchange-budget.js";
export type { BudgetLimit, BudgetState, ExchangeBudget } from "./exchange-budget.js";
export { callsignClaims, unavailableCallsigns } from "./callsign-claims.js";
export { reEntryOf } from "./re-entry.js";
export type { CallsignView, ClaimOptions, NameState } from "./callsign-claims.js";
export { analyzeMailbox } from "./analyze-mailbox.js";
export { repairedAnomaly } from "./repeated-repairs.js";
export { participants } from "./participants.js";
export type { ParticipantSummary } from "./participants.js";
export { participantStatuses } from "./participant-status.js";
export type { ParticipantStatus } from "./participant-status.js";
export type { AnalyzeOptions, MailboxAnalysis, ThreadSummary } from "./analyze-mailbox.js";
export type { RefusedFile } from "./_refused-parent.js";
export type { StandingBlock } from "./standing-blocks.js";
export { effectiveDispositions, isoTime } from "./disposition.js";
export type { Disposition } from "./disposition.js";
export { reconcile, restoredDisposition } from "./reconcile.js";
export { threadClosures } from "./thread-closure.js";
export type { ThreadClosure } from "./thread-closure.js";
export { PRIMER_FILE, primerBlocksClaim, primerFindings } from "./primer.js";
export { archiveBlocksMessage } from "./archived-threads.js";
export type { PrimerState } from "./primer.js";
export { readAnomalyRecord } from "./anomaly-record.js";
export type { AnomalyRecord } from "./anomaly-record.js";
export type { MailboxAnomaly, ReconcileAction, ReconcileCounts, ReconcileInput, ReconcileItem, ReconcileReport, ReconcileStatus } from "./reconcile.js";
