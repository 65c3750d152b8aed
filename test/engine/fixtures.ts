/** An agent's record as the engine keeps it while a wave runs: a succeeded first run, changed by `overrides`. */
import type { AgentRecord } from "../../src/engine/types.js";

export function agentRecord(id: string, overrides: Partial<AgentRecord> = {}): AgentRecord {
  return {
    id,
    status: "succeeded",
    exitCode: 0,
    signal: null,
    statusCode: "0",
    attempts: 1,
    runs: 1,
    startedAt: null,
    completedAt: null,
    executor: "codex",
    executorHistory: [],
    transportFailure: false,
    detail: null,
    reusedFrom: null,
    usage: null,
    ...overrides,
  };
}
