/**
 * What launching one agent takes: the context every launch of the run shares (AgentRunContext),
 * the executor context and WAVE_* variables of a launch, and the staged launch itself. Staging a
 * launch (prompt, overlay files, environment, launch preview) is agent-stage.ts; running it and
 * recording its outcome is agent-process.ts.
 */
import { randomBytes } from "node:crypto";
import { systemPromptText } from "../executors/system-prompt.js";
import type { ExecutorContext, LaunchSpec, SessionRequest } from "../executors/types.js";
import type { AgentBoundary } from "../agent-user/boundary.js";
import type { ControlServer } from "../control/server.js";
import type { WaveModelProxy } from "../proxy/wiring.js";
import type { WaveSandbox } from "../sandbox/wave-sandbox.js";
import type { ExecutionSummary } from "../signals/schema.js";
import type { AgentPaths, RunPaths } from "../state/paths.js";
import { CLOSURE_STAGES, type ExecutorId } from "../wave/schema.js";
import type { BudgetGuard } from "./budget-guard.js";
import type { RunOptions } from "./options.js";
import type { PreparedWave } from "./prepare.js";
import type { AgentRecord, EngineDeps, PreparedAgent } from "./types.js";

export interface AgentRunContext {
  options: RunOptions;
  deps: EngineDeps;
  prepared: PreparedWave;
  run: RunPaths;
  /**
   * The nonces closure agents' gate markers must carry, or null when the run uses none. Each
   * launch of such an agent draws its own (launchNonce); the run has none of its own.
   */
  markerNonces: MarkerNonces | null;
  /** In-job attempt number (1-based). */
  attemptNo: number;
  /** Directory holding the `wave` shim put first on the agents' PATH. */
  shimDir: string;
  signal: AbortSignal;
  /** The OS boundary agents run behind (their user, home, work tree path). */
  boundary: AgentBoundary;
  /** The run's control server (agents' `wave coord post` / `wave feedback ask`); absent in a dry run. */
  control?: ControlServer | null;
  /** Watches what agents spend and stops them at their budgets. */
  budget: BudgetGuard;
  /** The run's model proxy (`model-proxy: auto|on`), or null. */
  modelProxy?: WaveModelProxy | null;
  /** The run's sandbox (`sandbox: auto|on` where it works), or null. */
  sandbox?: WaveSandbox | null;
}

export interface AgentRunResult {
  record: AgentRecord;
  summary: ExecutionSummary;
}

/** The closure stages, as agent phases (`CLOSURE_STAGES` fixes them and their order). */
const CLOSURE_PHASES: ReadonlySet<string> = new Set(CLOSURE_STAGES);

/** Closure-stage agents get a marker nonce; design and implementation agents run before them and never do. */
export function usesNonce(pa: PreparedAgent): boolean {
  return CLOSURE_PHASES.has(pa.phase);
}

/**
 * The marker nonces of a run: one per launch of a closure agent (96 random bits as 24 hex digits),
 * each in that launch's environment only. Every nonce issued is kept, so that what the run writes
 * or prints of any agent's output has all of them masked (see agent-process.ts).
 */
export class MarkerNonces {
  private readonly values = new Set<string>();

  /** A new nonce, remembered for masking. */
  issue(): string {
    const nonce = randomBytes(12).toString("hex");
    this.values.add(nonce);
    return nonce;
  }

  /** Every nonce issued so far. */
  get issued(): string[] {
    return [...this.values];
  }
}

/** A new marker nonce for one launch of `pa`, or null when the run uses none or the agent gets none. */
export function launchNonce(ctx: Pick<AgentRunContext, "markerNonces">, pa: PreparedAgent): string | null {
  return ctx.markerNonces && usesNonce(pa) ? ctx.markerNonces.issue() : null;
}

export function executorContext(
  ctx: AgentRunContext,
  pa: PreparedAgent,
  executorId: ExecutorId,
  prompt: string,
  paths: AgentPaths,
  nonce: string | null,
  session?: SessionRequest,
): ExecutorContext {
  const base: Omit<ExecutorContext, "systemPrompt"> = {
    agent: pa.agent,
    role: pa.role,
    executor: { ...pa.executor, id: executorId },
    lane: ctx.prepared.laneName,
    wave: ctx.prepared.wave.wave,
    root: ctx.boundary.agentRoot,
    promptPath: paths.prompt,
    prompt,
    overlayDir: paths.overlay,
    cliArgv: ctx.deps.cliArgv,
    markerNonce: usesNonce(pa) ? nonce : null,
    reportPath: pa.reportPath,
    evalTargets: ctx.prepared.wave.evalTargets,
    skills: pa.skills,
    ...(session ? { session } : {}),
  };
  return { ...base, systemPrompt: systemPromptText(base) };
}

/** The WAVE_* variables of one launch; `nonce` is the launch's own marker nonce (launchNonce). */
export function waveVars(ctx: AgentRunContext, pa: PreparedAgent, paths: AgentPaths, nonce: string | null): Record<string, string> {
  const vars: Record<string, string> = {
    WAVE_LANE: ctx.prepared.laneName,
    WAVE_WAVE: String(ctx.prepared.wave.wave),
    WAVE_AGENT_ID: pa.agent.agentId,
    WAVE_ROLE: pa.role,
    WAVE_ATTEMPT: String(ctx.run.attempt),
    WAVE_PROMPT_FILE: paths.prompt,
    WAVE_ROOT: ctx.boundary.agentRoot,
  };
  // Only an agent that shares the orchestrator's user can read the run directory at all.
  if (ctx.boundary.mode === "same") vars.WAVE_RUN_DIR = ctx.run.runDir;
  if (usesNonce(pa) && nonce) vars.WAVE_MARKER_NONCE = nonce;
  // The control channel's socket; WAVE_AGENT_TOKEN is added per process start (runStagedAgent).
  if (ctx.control) vars.WAVE_CONTROL_SOCKET = ctx.control.socketPath;
  return vars;
}

export interface StagedAgent {
  spec: LaunchSpec;
  paths: AgentPaths;
  env: Record<string, string>;
  /** The CLI session this launch keeps, continues or names (null: the executor keeps none). */
  session: SessionRequest | null;
  /** The launch continues an earlier, interrupted session of the agent. */
  continued: boolean;
  /** This launch's own marker nonce (in its WAVE_MARKER_NONCE only), or null. */
  nonce: string | null;
  /** The model endpoint the CLI is pointed at (the proxy, a rehearsal's server, a base URL), or null. */
  endpoint?: string | null;
  /** What the agent reads where the run's files are (prompt, overlay): bound back into its sandbox. */
  visible?: AgentPaths;
}

/** The agent's deadline in minutes: the run's, or its executor's minute budget when that is shorter. */
export function effectiveTimeoutMinutes(options: RunOptions, pa: PreparedAgent): number {
  const budget = pa.executor.budget.minutes;
  return budget !== null && budget > 0 ? Math.min(options.timeoutMinutes, budget) : options.timeoutMinutes;
}
