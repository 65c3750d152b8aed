/**
 * The in-job attempts. Each attempt is planned from the one before (the first from the run this
 * one resumes, and the operator's --rerun): only what failed runs again, an agent whose attempt
 * failed moves on to its next executor when its retry policy allows fallbacks, the gates of
 * carried closure stages carry over. There is no next attempt when the run passed, blocked or was
 * cancelled, a budget was spent, the attempts are used up, or no attempt can change the failure
 * (it names no agent to run again, or it is readable from the wave files alone: validation
 * reports those).
 */
import { isStaticFailure, staticGateFailures } from "../closure/static.js";
import type { PriorRun, PriorState } from "../resume/prior.js";
import type { Failure, GateResult, WaveStatus } from "../state/schema.js";
import type { ClosureStage, ExecutorId } from "../wave/schema.js";
import { staticGateInputsFor } from "../wave/validate.js";
import type { AgentRunContext } from "./agent-run.js";
import { runAttempt } from "./attempt.js";
import { carriedGateStages, reuseAgent } from "./carry-over.js";
import { planRun, type RunPlan } from "./rerun-plan.js";
import type { PreparedWave } from "./prepare.js";
import type { AgentRecord } from "./types.js";
import type { WaveRun } from "./wave-run.js";

const RETRY_NOTE = "An earlier attempt of this wave failed; see the gate results in the run directory.";

/**
 * A failure no next attempt can change: it names no agent, it is an ownership violation (recorded
 * for the run), or it is readable from the wave files alone.
 */
function cannotChange(failure: Failure, prepared: PreparedWave, root: string): boolean {
  if (failure.agentId === null) return true;
  // What an agent changed outside what it owns stays recorded against it for the whole run.
  if (failure.statusCode === "ownership-violation") return true;
  const { wave, lane } = prepared;
  return isStaticFailure(failure, staticGateFailures(staticGateInputsFor(wave, lane, root)));
}

/** What an attempt that failed leaves the next one to plan from. */
export interface FailedAttempt {
  /** The wave's agents (their ids and fingerprints). */
  agents: readonly { agent: { agentId: string }; fingerprint: string }[];
  records: ReadonlyMap<string, AgentRecord>;
  gates: readonly GateResult[];
  passedStages: readonly ClosureStage[];
  failure: Failure;
}

/** The next attempt's prior state: every agent's status, the passed stages, and the agents the failing gates and the failure name. */
export function nextPriorState({ agents, records, gates, passedStages, failure }: FailedAttempt): PriorState {
  const implicated = gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId as string);
  if (failure.agentId) implicated.push(failure.agentId);
  return {
    agents: Object.fromEntries(
      agents.map((pa) => [pa.agent.agentId, { status: records.get(pa.agent.agentId)?.status ?? "not-run", fingerprint: pa.fingerprint }]),
    ),
    passedStages: [...passedStages],
    implicated: [...new Set(implicated)],
    feedbackAgentId: null,
  };
}

/** Agent statuses that are a failed attempt of the agent itself (not a stop from outside). */
const FAILED_STATUSES: ReadonlySet<string> = new Set(["failed", "timed-out", "idle-timeout"]);

/**
 * The executor index an agent runs with next: one on, while its chain has one more, after any
 * failed attempt of the agent — a transport failure, a failed exit or timeout, or a failing gate
 * that names it (`implicated`), as the reference falls back on any failure. The chain holds
 * fallbacks only when the agent's retry policy allows them, and `--executor` empties it
 * (src/engine/preflight.ts:executorChain), so a sticky agent keeps its executor.
 */
export function nextExecutorIndex(
  record: AgentRecord | undefined,
  chain: readonly ExecutorId[],
  index: number,
  implicated = false,
): number {
  if (index + 1 >= chain.length || !record) return index;
  const failed = record.transportFailure || FAILED_STATUSES.has(record.status) || (implicated && record.status !== "reused");
  return failed ? index + 1 : index;
}

/** Sets up attempt `attemptNo` of `plan`: reused agents (first attempt), and the gates and stages that carry over. */
async function startAttempt(run: WaveRun, plan: RunPlan, attemptNo: number): Promise<void> {
  const prior = attemptNo === 1 ? run.prior : null;
  if (prior) for (const id of plan.reuse) await reuseAgent(run, prior, id);
  run.failure = null;
  const carried = carriedGateStages(plan.carriedStages);
  run.gates = run.gates.filter((g) => carried.has(g.stage));
  run.passedStages = run.passedStages.filter((s) => plan.carriedStages.includes(s));
  if (prior) {
    for (const stage of plan.carriedStages) if (!run.passedStages.includes(stage)) run.passedStages.push(stage);
    for (const g of prior.progress.gates.filter((g) => carried.has(g.stage))) run.recordGate(g);
  }
}

/** Whether another attempt may change `failure` (a notice says why not, when not). */
async function worthRetrying(run: WaveRun, failure: Failure): Promise<boolean> {
  if (!cannotChange(failure, run.prepared, run.options.root)) return true;
  run.notice(
    `not retrying: ${failure.statusCode}${failure.agentId ? ` (${failure.agentId})` : ""} cannot change in another attempt; fix the wave files and run again`,
  );
  await run.lifecycle("wave_retry_skipped", failure.agentId ?? undefined, `${failure.statusCode} cannot change in another attempt`);
  return false;
}

/** Moves each agent whose attempt failed (or that a failing gate names) on to its next executor. */
function advanceFallbacks(run: WaveRun, implicated: readonly string[]): void {
  for (const pa of run.prepared.agents) {
    const id = pa.agent.agentId;
    const index = run.executorIndex.get(id) ?? 0;
    const next = nextExecutorIndex(run.records.get(id), run.executorChains.get(id) ?? [], index, implicated.includes(id));
    if (next !== index) run.executorIndex.set(id, next);
  }
}

/** Runs the attempts; the run's status. */
export async function runAttempts(run: WaveRun, base: Omit<AgentRunContext, "attemptNo">, prior: PriorRun | null): Promise<WaveStatus> {
  const { options, prepared } = run;
  const { signal, budget } = base;
  let priorState: PriorState | null = prior?.prior ?? null;
  const planned = prepared.agents.map((pa) => ({ id: pa.agent.agentId, phase: pa.phase, fingerprint: pa.fingerprint }));
  for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo++) {
    // The operator's --rerun forces the first attempt only; later attempts rerun what failed.
    const plan = planRun(planned, priorState, attemptNo === 1 ? { rerun: options.rerun ?? [] } : {});
    await startAttempt(run, plan, attemptNo);
    const ctx: AgentRunContext = { ...base, attemptNo };
    const result = await runAttempt({ run, ctx, plan, retryNote: attemptNo > 1 ? RETRY_NOTE : null });
    if (result.outcome !== "failed") return result.outcome;
    if (signal.aborted) return "cancelled";
    // A spent budget ends the run: no retry starts.
    if (budget.exhausted || attemptNo === options.maxAttempts) break;
    if (!(await worthRetrying(run, result.failure))) break;
    // Plan the next attempt from this one: rerun only what failed.
    priorState = nextPriorState({
      agents: prepared.agents,
      records: run.records,
      gates: run.gates,
      passedStages: run.passedStages,
      failure: result.failure,
    });
    advanceFallbacks(run, priorState.implicated);
    await run.lifecycle("wave_retry", undefined, `attempt ${attemptNo + 1} of ${options.maxAttempts}`);
  }
  return signal.aborted ? "cancelled" : "failed";
}
