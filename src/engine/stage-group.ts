/**
 * One stage's agents (design, implementation or a closure stage), launched side by side up to the
 * run's parallelism and waited for. Nothing an earlier stage's agents left behind runs while this
 * stage's output is read; a spent budget or a cancelled run starts no further agent. Each agent
 * runs with the executor its chain is at (a fallback after a transport failure), continues its
 * interrupted CLI session when it has one, and is journalled when it ends.
 */
import { runWithConcurrency } from "../runtime/concurrency.js";
import { priorRunDirOf } from "../resume/prior.js";
import { agentPaths, runDirPaths } from "../state/paths.js";
import type { AgentStatus } from "../state/schema.js";
import type { ExecutorId } from "../wave/schema.js";
import { runStagedAgent } from "./agent-process.js";
import { type AgentRunContext, effectiveTimeoutMinutes } from "./agent-run.js";
import { stageAgent } from "./agent-stage.js";
import { promptFor } from "./agent-prompt.js";
import { clearAgents } from "./services.js";
import { type EarlierRun, interruptionOf, planSession, type SessionPlan } from "./session-resume.js";
import type { PreparedAgent } from "./types.js";
import type { WaveRun } from "./wave-run.js";

/** What a stage's agents run with in one attempt. */
export interface StageLaunch {
  run: WaveRun;
  ctx: AgentRunContext;
  /** Said to the agents that ran before in this job (a later attempt), else null. */
  retryNote: string | null;
  /** The stage being launched (set by runStageGroup). */
  stage?: string;
}

/**
 * The CLI session of the agent's next launch: continue the one its last run in this job (or, on
 * its first run here, in the run this one resumes) left when that run was interrupted.
 */
function sessionPlanFor(launch: StageLaunch, pa: PreparedAgent, executorId: ExecutorId): SessionPlan | null {
  const { run, ctx } = launch;
  const id = pa.agent.agentId;
  const own = run.records.get(id);
  const before = own ? null : run.prior?.progress.agents[id];
  const earlier: EarlierRun | null = own
    ? { status: own.status, statusCode: own.statusCode, executor: own.executor, agentDir: agentPaths(run.paths, id).dir }
    : before && run.prior
      ? {
          status: before.status,
          statusCode: before.statusCode,
          executor: before.executor,
          agentDir: agentPaths(runDirPaths(priorRunDirOf(run.prior, id)), id).dir,
        }
      : null;
  const reason = earlier
    ? interruptionOf(earlier, {
        timeoutMinutes: effectiveTimeoutMinutes(ctx.options, pa),
        idleMinutes: ctx.options.idleTimeoutMinutes,
        budgetUsd: pa.executor.budget.usd ?? ctx.options.maxBudgetUsd,
      })
    : null;
  return planSession({ executor: pa.executor, executorId, resumeSessions: ctx.options.resumeSessions, earlier, reason });
}

/** Runs one agent of the stage (or not, when the run was cancelled or a budget spent) and returns its status. */
async function launchAgent(launch: StageLaunch, id: string): Promise<AgentStatus> {
  const { run, ctx, retryNote } = launch;
  const { deps } = ctx;
  if (ctx.signal.aborted) return "cancelled";
  // A budget was spent: no further agent of the wave starts.
  if (ctx.budget.exhausted) return "not-run";
  const pa = run.agentsById.get(id);
  if (!pa) throw new Error(`agent ${id} is not an agent of wave ${run.prepared.wave.wave}`);
  const chain = run.executorChains.get(id) ?? [];
  const executorId = chain[run.executorIndex.get(id) ?? 0] ?? pa.executor.id;
  const prompt = await promptFor(run, pa, retryNote && run.records.has(id) ? retryNote : null);
  const staged = await stageAgent(ctx, pa, executorId, prompt, sessionPlanFor(launch, pa, executorId));
  // A closure agent judges with the program the run started with (engine/ownership.ts).
  if (pa.agent.closureStage) await run.ownership?.beforeClosureAgent(`${run.prepared.wave.wave}:${id}`);
  await run.lifecycle("agent_started", id);
  run.ownership?.agentStarted(id, launch.stage ?? pa.phase);
  let ran: Awaited<ReturnType<typeof runStagedAgent>>;
  try {
    ran = await runStagedAgent(ctx, pa, executorId, staged, run.records.get(id));
  } finally {
    await run.ownership?.agentEnded(id);
  }
  const { record, summary } = ran;
  run.records.set(id, record);
  run.summaries[id] = summary;
  await run.saveProgress();
  await run.lifecycle("agent_finished", id, `${record.status} (${record.statusCode})`);
  deps.onEvent?.({
    type: "agent-end",
    agentId: id,
    status: record.status,
    exitCode: record.exitCode,
    durationMs: record.startedAt && record.completedAt ? Date.parse(record.completedAt) - Date.parse(record.startedAt) : null,
  });
  return record.status;
}

/** Runs the stage's agents `ids`; true when every one of them succeeded. */
export async function runStageGroup(launch: StageLaunch, stage: string, ids: string[]): Promise<boolean> {
  const { run, ctx } = launch;
  const { deps } = ctx;
  const timing = { stage, startedAt: deps.now().toISOString(), completedAt: null as string | null };
  run.stages.push(timing);
  deps.onEvent?.({ type: "stage-start", stage, agentIds: ids });
  // Nothing an earlier stage's agents left behind runs while this stage's output is read.
  await clearAgents(ctx.boundary, deps, `before ${stage}`);
  await run.saveProgress({ phase: stage === "design" || stage === "implementation" ? stage : "closure", stage });
  await run.ownership?.stageStarting(stage);
  const results = await runWithConcurrency(ids, ctx.options.maxParallelAgents, (id) => launchAgent({ ...launch, stage }, id));
  await clearAgents(ctx.boundary, deps, `after ${stage}`);
  await run.ownership?.stageEnded(stage, ids);
  timing.completedAt = deps.now().toISOString();
  const ok = results.every((s) => s === "succeeded");
  deps.onEvent?.({ type: "stage-end", stage, ok });
  return ok;
}
