/**
 * Types shared by the engine's modules.
 */
import type { GateInputs } from "../closure/types.js";
import type { ExecutorContext, LaunchSpec } from "../executors/types.js";
import type { ResolvedSkill } from "../prompt/skills.js";
import type { runAgentProcess } from "../runtime/run-agent.js";
import type { AgentStatus, GateResult, WaveResult } from "../state/schema.js";
import type { AgentUsage } from "../usage/schema.js";
import type { AgentDefinition, AgentRole, ExecutorId, ResolvedExecutor } from "../wave/schema.js";
import type { AgentPhase } from "./rerun-plan.js";

/** An agent with everything resolved that does not depend on the attempt. */
export interface PreparedAgent {
  agent: AgentDefinition;
  role: AgentRole;
  phase: AgentPhase;
  executor: ResolvedExecutor;
  skills: ResolvedSkill[];
  fingerprint: string;
  /** Report/packet path the role must write (cont-QA, cont-EVAL, security, design), if any. */
  reportPath: string | null;
}

/** What the engine knows about one agent after it ran (or was reused) in this run. */
export interface AgentRecord {
  id: string;
  status: AgentStatus;
  exitCode: number | null;
  signal: string | null;
  statusCode: string;
  /** In-job attempts in which this agent ran. */
  attempts: number;
  /** Process starts in this run, rate-limit retries and fallbacks included. */
  runs: number;
  startedAt: string | null;
  completedAt: string | null;
  executor: ExecutorId;
  executorHistory: { executor: ExecutorId; reason: string }[];
  /** Transport failures (rate limits exhausted, missing executor, idle timeout) allow a fallback. */
  transportFailure: boolean;
  detail: string | null;
  reusedFrom: string | null;
  /** What the agent used in this run (its in-job attempts together); null when nothing ran here. */
  usage: AgentUsage | null;
}

export type EngineEvent =
  | {
      type: "wave-start";
      lane: string;
      wave: number;
      attempt: number;
      agents: { id: string; title: string; role: string; executor: string; phase: string }[];
      resumedFrom: string | null;
    }
  | { type: "stage-start"; stage: string; agentIds: string[] }
  | { type: "stage-end"; stage: string; ok: boolean }
  | { type: "agent-start"; agentId: string; executor: string; run: number }
  | { type: "agent-output"; agentId: string; chunk: Buffer }
  | { type: "agent-marker"; agentId: string; text: string }
  | { type: "agent-end"; agentId: string; status: AgentStatus; exitCode: number | null; durationMs: number | null }
  | { type: "agent-reused"; agentId: string; from: string }
  | { type: "gate"; gate: GateResult }
  | { type: "warning"; message: string }
  | { type: "notice"; message: string }
  | { type: "wave-end"; result: WaveResult };

/** Effects the engine needs, passed in so tests can drive it without mocking Node. */
export interface EngineDeps {
  /** Parent environment (agents get a filtered copy). */
  env: NodeJS.ProcessEnv;
  /** argv prefix that runs the `wave` CLI (used by the local executor and the agents' `wave` shim). */
  cliArgv: string[];
  now(): Date;
  runProcess: typeof runAgentProcess;
  onEvent?(event: EngineEvent): void;
  /** Aborting cancels the run: every agent is killed and the result is `cancelled`. */
  signal?: AbortSignal;
  /** Which signal caused the abort (for the exit code), set by the caller. */
  cancelSignal?: () => "SIGINT" | "SIGTERM" | null;
  /** Sees every input the gates are evaluated with (observers only: tests, tracing). */
  onGateInputs?(inputs: Readonly<GateInputs>): void;
  /** `wave rehearse`: the last word on each agent's environment (see src/rehearse/launch.ts). */
  rehearsal?: (launch: RehearsalLaunch) => Promise<Record<string, string>>;
}

/** What the rehearsal hook gets for one agent launch. */
export interface RehearsalLaunch {
  context: ExecutorContext;
  spec: LaunchSpec;
  /** The environment the agent would get (after the OS boundary adjusted it). */
  env: Record<string, string>;
  /**
   * The agent's own HOME when it runs behind another OS user (its CLI's config goes there), else
   * null: the hook chooses a directory outside the run directory.
   */
  home: string | null;
  /** Owner to give what the hook creates there (agents behind another OS user), or null. */
  identity: { uid: number; gid: number } | null;
}
