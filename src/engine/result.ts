/**
 * Builds result.json (PRODUCT §3.3) from what the engine recorded. Pure.
 */
import { type AgentResult, type AgentUserInfo, type Failure, type Feedback, type GateResult, RESULT_SCHEMA_VERSION, type WaveResult, type WaveStatus } from "../state/schema.js";
import { sumUsage } from "../usage/totals.js";
import type { AgentRecord, PreparedAgent } from "./types.js";

export interface ResultInput {
  lane: string;
  wave: number;
  attempt: number;
  status: WaveStatus;
  startedAt: Date;
  completedAt: Date;
  resumedFrom: string | null;
  agents: PreparedAgent[];
  records: Map<string, AgentRecord>;
  gates: GateResult[];
  failure: Failure | null;
  feedback: Feedback | null;
  stages: { stage: string; startedAt: string; completedAt: string | null }[];
  agentUser?: AgentUserInfo;
  waveFile: string;
  runDir: string;
  /** Resumed runs: the agents that ran in the run this one resumes (the others run for the first time). */
  ranBefore?: ReadonlySet<string>;
  logOf(agentId: string): string;
}

function duration(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  return Math.max(0, Date.parse(b) - Date.parse(a));
}

export function buildResult(input: ResultInput): WaveResult {
  const agents: AgentResult[] = input.agents.map((pa) => {
    const r = input.records.get(pa.agent.agentId);
    return {
      id: pa.agent.agentId,
      title: pa.agent.title,
      role: pa.role,
      executor: r?.executor ?? pa.executor.id,
      status: r?.status ?? "not-run",
      exitCode: r?.exitCode ?? null,
      signal: r?.signal ?? null,
      statusCode: r?.statusCode ?? "not-run",
      attempts: r?.attempts ?? 0,
      runs: r?.runs ?? 0,
      startedAt: r?.startedAt ?? null,
      completedAt: r?.completedAt ?? null,
      durationMs: duration(r?.startedAt ?? null, r?.completedAt ?? null),
      log: r && r.status !== "not-run" ? input.logOf(pa.agent.agentId) : null,
      executorHistory: r?.executorHistory ?? [],
      reusedFrom: r?.reusedFrom ?? null,
      fingerprint: pa.fingerprint,
      phase: pa.phase,
      line: pa.agent.line,
      usage: r?.usage ?? null,
      ...(input.ranBefore ? { ranBefore: input.ranBefore.has(pa.agent.agentId) } : {}),
    };
  });
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    lane: input.lane,
    wave: input.wave,
    attempt: input.attempt,
    status: input.status,
    startedAt: input.startedAt.toISOString(),
    completedAt: input.completedAt.toISOString(),
    durationMs: Math.max(0, input.completedAt.getTime() - input.startedAt.getTime()),
    resumedFrom: input.resumedFrom,
    agents,
    gates: input.gates,
    failure: input.failure,
    feedback: input.feedback,
    stages: input.stages,
    ...(input.agentUser ? { agentUser: input.agentUser } : {}),
    waveFile: input.waveFile,
    runDir: input.runDir,
    usage: sumUsage(agents.filter((a) => a.status !== "reused").map((a) => ({ id: a.id, usage: a.usage }))),
  };
}
