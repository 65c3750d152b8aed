/** Usage records for the tests. */
import type { AgentUsage } from "../../src/usage/schema.js";

/** A usage with nothing known: every figure null, no estimate. */
export const emptyUsage = (): AgentUsage => ({
  model: null,
  inputTokens: null,
  cachedInputTokens: null,
  outputTokens: null,
  reasoningTokens: null,
  costUsd: null,
  costEstimated: false,
  turns: null,
  sessionId: null,
});
