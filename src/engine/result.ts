/**
 * Builds result.json (PRODUCT §3.3) from what the engine recorded, or, for a run that ended before
 * it could write one (the action's post step completes it), from its progress journal. Pure; it
 * imports nothing of the engine's run, so the post step may load it.
 */
import {
  type AgentResult,
  type AgentUserInfo,
  type Failure,
  type Feedback,
  type GateResult,
  RESULT_SCHEMA_VERSION,
  type WaveResult,
  type WaveStatus,
} from "../state/schema.js";
import { agentLogInRun } from "../state/paths.js";
import type { Progress } from "../state/progress.js";
import { waveUsageOf } from "../usage/totals.js";
import type { AgentRecord, PreparedAgent } from "./types.js";

export interface ResultInput {
  /** Changes agents made outside what they own, and protected files they changed (engine/ownership.ts). */
  ownership?: WaveResult["ownership"];
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
  /** A sharded wave's run: which job, and the shard of every implementation agent. */
  shard?: { run: NonNullable<WaveResult["shard"]>; of: ReadonlyMap<string, number> };
  logOf(agentId: string): string;
}

/** What the run itself used: reused agents' usage was counted by the run they ran in. */
function runUsage(agents: AgentResult[]): WaveResult["usage"] {
  return waveUsageOf(agents.filter((a) => a.status !== "reused").map((a) => ({ id: a.id, usage: a.usage })));
}

function duration(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  return Math.max(0, Date.parse(b) - Date.parse(a));
}

function shardOfAgent(input: ResultInput, id: string): { shard?: number } {
  const shard = input.shard?.of.get(id);
  return shard === undefined ? {} : { shard };
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
      ...shardOfAgent(input, pa.agent.agentId),
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
    ...(input.shard ? { shard: input.shard.run } : {}),
    ...(input.ownership && input.ownership.length > 0 ? { ownership: input.ownership } : {}),
    waveFile: input.waveFile,
    runDir: input.runDir,
    usage: runUsage(agents),
  };
}

/**
 * result.json for a run that never wrote one (the action's main step ended first), from its journal: what the journal recorded, cancelled;
 * agents that were running when the step ended (`interrupted`) are listed as cancelled.
 */
export function resultFromProgress(progress: Progress, now: Date, interrupted: { id: string; executor: string }[] = []): WaveResult {
  const cut: AgentResult[] = interrupted.map(({ id, executor }) => ({
    id,
    role: "unknown",
    executor: executor as AgentResult["executor"],
    status: "cancelled",
    exitCode: null,
    statusCode: "main-step-ended",
    attempts: 1,
    runs: 1,
    startedAt: null,
    completedAt: null,
    durationMs: null,
    log: agentLogInRun(id),
    usage: null,
  }));
  const agents: AgentResult[] = Object.entries(progress.agents).map(([id, a]) => ({
    id,
    role: "unknown",
    executor: a.executor as AgentResult["executor"],
    status: a.status,
    exitCode: a.exitCode,
    statusCode: a.statusCode,
    attempts: a.attempts,
    runs: a.runs,
    startedAt: a.startedAt,
    completedAt: a.completedAt,
    durationMs: duration(a.startedAt, a.completedAt),
    log: agentLogInRun(id),
    fingerprint: a.fingerprint,
    usage: a.usage ?? null,
  }));
  agents.push(...cut);
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    lane: progress.lane,
    wave: progress.wave,
    attempt: progress.attempt,
    status: "cancelled",
    startedAt: progress.startedAt,
    completedAt: now.toISOString(),
    durationMs: Math.max(0, now.getTime() - Date.parse(progress.startedAt)),
    resumedFrom: progress.resumedFrom,
    agents,
    gates: progress.gates,
    failure: {
      stage: progress.stage ?? progress.phase,
      agentId: null,
      statusCode: "main-step-ended",
      detail: "the action's main step ended before the wave finished (cancelled, timed out or killed); the post step saved its state",
      log: null,
    },
    feedback: null,
    waveFile: progress.waveFile,
    usage: runUsage(agents),
  };
}
