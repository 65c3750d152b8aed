/**
 * How an attempt ends, and the checks after each stage's agents that may end it. An attempt that
 * fails or blocks carries its failure in its result (the loop decides on it: retry, or not); the
 * same failure is the run's (result.json) until a later attempt starts.
 */
import type { BudgetStop } from "./budget-guard.js";
import { readFeedbackRequests } from "../feedback/requests.js";
import type { Failure, GateResult, GateStage } from "../state/schema.js";
import type { AgentRecord } from "./types.js";
import type { RunPlan } from "./rerun-plan.js";
import type { StageLaunch } from "./stage-group.js";
import type { WaveRun } from "./wave-run.js";

/** One attempt: what it launches its agents with and what it runs. */
export interface Attempt extends StageLaunch {
  plan: RunPlan;
}

export type AttemptResult =
  | { outcome: "passed" }
  | { outcome: "failed"; failure: Failure }
  | { outcome: "blocked"; failure: Failure }
  | { outcome: "cancelled" };

/**
 * Why a stage's agents `ids` failed, or null: a spent budget first (it names the agent that spent
 * it), else the first of them that neither succeeded nor was reused.
 */
export interface StageAgents {
  stage: string;
  ids: readonly string[];
  records: ReadonlyMap<string, AgentRecord>;
  /** The run's first budget stop, if a budget was spent. */
  budgetStop: BudgetStop | null;
  logOf(agentId: string): string;
}

export function agentRunFailure({ stage, ids, records, budgetStop, logOf }: StageAgents): Failure | null {
  if (budgetStop)
    return { stage, agentId: budgetStop.agentId, statusCode: "budget-exceeded", detail: budgetStop.detail, log: logOf(budgetStop.agentId) };
  for (const id of ids) {
    const r = records.get(id);
    if (r && r.status !== "succeeded" && r.status !== "reused") {
      return {
        stage,
        agentId: id,
        statusCode: r.statusCode,
        detail: r.detail ?? `agent ${id} ${r.status} (exit ${r.exitCode ?? r.signal ?? "none"})`,
        log: logOf(id),
      };
    }
  }
  return null;
}

/** The attempt fails: `failure` is the run's. */
function failed(run: WaveRun, failure: Failure): AttemptResult {
  run.failure = failure;
  return { outcome: "failed", failure };
}

/** The attempt is blocked (on a human, or a clarification): `failure` is the run's. */
export function blocked(run: WaveRun, failure: Failure): AttemptResult {
  run.failure = failure;
  return { outcome: "blocked", failure };
}

/** The run was cancelled (a failure recorded before stays the run's). */
function cancelled(run: WaveRun): AttemptResult {
  run.failure ??= { stage: "cancelled", agentId: null, statusCode: "cancelled", detail: "the run was cancelled", log: null };
  return { outcome: "cancelled" };
}

/** A failing gate stops the attempt. */
export async function gateStop(run: WaveRun, gate: GateResult): Promise<AttemptResult> {
  const result = failed(run, run.gateFailure(gate));
  await run.lifecycle("wave_gate_blocked", gate.agentId ?? undefined, `reason=${gate.statusCode}; ${gate.detail}`);
  return result;
}

/** An agent asked a human (`wave feedback ask`): the wave waits for the answer. */
async function feedbackBlock(run: WaveRun): Promise<AttemptResult | null> {
  const ask = (await readFeedbackRequests(run.paths.runDir))[0];
  if (!ask) return null;
  run.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: null };
  return blocked(run, {
    stage: "clarification",
    agentId: ask.agentId,
    statusCode: "human-feedback-open",
    detail: ask.question,
    log: run.logOf(ask.agentId),
  });
}

/**
 * After a stage's agents `ids` ran: the attempt ends when the run was cancelled, an agent asked a
 * human, or an agent failed (`failedNote` names that in the coordination log; none for design).
 * Null: the stage's gates decide.
 */
export async function afterStageAgents(
  launch: StageLaunch,
  stage: string,
  ids: readonly string[],
  failedNote: string | null,
): Promise<AttemptResult | null> {
  const { run, ctx } = launch;
  if (ctx.signal.aborted) return cancelled(run);
  // A change outside what an agent owns that its gate does not allow (src/closure/ownership.ts) fails it first.
  const owned = run.ownership?.failingGates(stage as GateStage, ids) ?? [];
  for (const g of owned) run.recordGate(g);
  if (owned[0]) return gateStop(run, owned[0]);
  const asked = await feedbackBlock(run);
  if (asked) return asked;
  const failure = agentRunFailure({ stage, ids, records: run.records, budgetStop: ctx.budget.firstStop, logOf: (id) => run.logOf(id) });
  if (!failure) return null;
  const result = failed(run, failure);
  if (failedNote) await run.lifecycle("wave_gate_blocked", failure.agentId ?? undefined, `${failedNote}: ${failure.statusCode}`);
  return result;
}
