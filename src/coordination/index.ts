/**
 * Public surface of the coordination log (records, store, state, board). The agents' commands
 * (post-command.ts, inbox-command.ts) are not part of it: the CLI loads each when it runs, and
 * what reads the log (the engine) does not load the command line's parsing with it.
 */
export { DEFAULT_BOARD_MAX_CHARS, renderMessageBoard } from "./board.js";
export { appendLine, writeFileAtomic, writeJsonAtomic } from "./fs.js";
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
