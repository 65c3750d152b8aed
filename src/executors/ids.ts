/**
 * The executor ids: one per adapter of src/executors/registry.ts (a test holds the two lists
 * equal). They sit at the bottom of src/ so the schemas of every layer can name an executor
 * without loading an adapter.
 */
import { z } from "zod";

export const EXECUTOR_IDS = ["codex", "claude", "opencode", "local", "command", "copilot", "gemini"] as const;
export const ExecutorIdSchema = z.enum(EXECUTOR_IDS);
export type ExecutorId = z.infer<typeof ExecutorIdSchema>;
/** The executor an agent runs on when nothing chooses one (the config's `executors.default` unset). */
export const DEFAULT_EXECUTOR_ID = EXECUTOR_IDS[0];
