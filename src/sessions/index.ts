/**
 * Continuing a CLI's own session after an interruption: which executors can (support.ts), their
 * session ids (ids.ts), where the session files live (locate.ts), saving them into the run state
 * and putting them back (store.ts), and the short prompt a resumed session gets
 * (continue-prompt.ts). The launch argv for a resume is built by the executors from
 * `ExecutorContext.session`.
 */
export { type ContinuePromptInput, continuePrompt, type InterruptReason, interruptionText } from "./continue-prompt.js";
export { isSessionId, newSessionId, sessionRequestOf, uuidV7Time } from "./ids.js";
export {
  type CliHome,
  claudeProjectDirName,
  cliHome,
  isSessionExecutor,
  SESSION_EXECUTORS,
  type SessionExecutor,
} from "./locate.js";
export type { Identity } from "./nofollow.js";
export {
  DEFAULT_MAX_SESSION_BYTES,
  type RestoredSession,
  type RestoreSessionInput,
  resealRedactedSession,
  restoreSession,
  type SavedSession,
  type SaveSessionInput,
  SESSION_COPY_FILE,
  SESSION_RECORD_FILE,
  type SessionRecord,
  SessionRecordSchema,
  saveSession,
} from "./store.js";
export { type SessionSupport, sessionSupport } from "./support.js";
