/** Public surface of the coordination log (records, store, state, board, agent commands). */
export { type CommandIo, readAgentChannel } from "./agent-context.js";
export { DEFAULT_BOARD_MAX_CHARS, renderMessageBoard } from "./board.js";
export { appendLine, writeFileAtomic, writeJsonAtomic } from "./fs.js";
export { coordInboxCommand } from "./inbox-command.js";
export {
  type CapabilityRouting,
  ANSWER_KINDS,
  answeredBy,
  clarificationFollowedUp,
  INBOX_MAX_CHARS,
  type InboxOwner,
  inboxRecords,
  renderInbox,
  renderSharedSummary,
  SHARED_SUMMARY_MAX_CHARS,
} from "./inbox.js";
export { coordPostCommand } from "./post-command.js";
export { createCoordinationRecord, LIFECYCLE_EVENTS, lifecycleRecord, newRecordId } from "./record.js";
export * from "./schema.js";
export { type CoordinationState, materialize, openBlockingRecords } from "./state.js";
export {
  appendCoordinationRecord,
  COORDINATION_LOG_FILE,
  coordinationLogPath,
  type LogDiagnostic,
  readCoordinationLog,
} from "./store.js";
