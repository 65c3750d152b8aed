/**
 * The closure sweep after implementation: cont-EVAL → security → integration → documentation →
 * cont-QA, each stage not carried over from an earlier run either settled without agents (skipped,
 * auto-closed) or launched and then gated. A stage's forwardable proof gaps become blocker records
 * of the coordination log (cont-QA judges them) and let the later stages run; the wave still fails
 * on them. Then the final gates: helper assignments, infra, clarification (which blocks, not fails).
 */
import type { ForwardedGap, PlannedStage, StageEvaluation } from "../closure/types.js";
import { clarificationGate, infraGate } from "../closure/barriers.js";
import { gateForStage, stageLaunchDecision } from "../closure/stages.js";
import { planClosureStages } from "../closure/stage-plan.js";
import { helperAssignmentGate } from "../closure/barriers.js";
import { appendCoordinationRecord } from "../coordination/store.js";
import { createCoordinationRecord } from "../coordination/record.js";
import { CLOSURE_STAGES, type ClosureStage } from "../wave/schema.js";
import type { Attempt } from "./attempt-outcome.js";
import { afterStageAgents, type AttemptResult, blocked, gateStop } from "./attempt-outcome.js";
import { currentGateInputs } from "./coordination-view.js";
import { runStageGroup } from "./stage-group.js";
import type { WaveRun } from "./wave-run.js";

/** Appends a forwarded proof gap to the coordination log as an open blocker of the later stages. */
async function forwardGap(run: WaveRun, gap: ForwardedGap): Promise<void> {
  await appendCoordinationRecord(
    run.paths.coordination,
    createCoordinationRecord(
      {
        id: gap.id,
        kind: "blocker",
        lane: run.prepared.laneName,
        wave: run.prepared.wave.wave,
        attempt: run.paths.attempt,
        agentId: gap.agentId,
        source: "orchestrator",
        targets: gap.targets,
        status: "open",
        priority: gap.priority,
        blocking: true,
        blockerSeverity: gap.blockerSeverity,
        summary: gap.summary,
        detail: gap.detail,
      },
      run.deps.now(),
    ),
  );
  run.forwardedGaps.push(gap.id);
  await run.lifecycle("closure_gap_forwarded", gap.agentId, gap.summary);
}

/** A stage's evaluation (settled without agents, or gated after its agents ran), or how the attempt ended instead. */
type StageVerdict = { evaluation: StageEvaluation; ended?: never } | { ended: AttemptResult; evaluation?: never };

async function evaluateStage(attempt: Attempt, stage: ClosureStage, stagePlan: PlannedStage[]): Promise<StageVerdict> {
  const { run, ctx } = attempt;
  const decision = stageLaunchDecision(stage, await currentGateInputs(run, ctx.attemptNo), stagePlan);
  if (decision.settled) return { evaluation: decision.settled };
  await runStageGroup(attempt, stage, decision.launch);
  const ended = await afterStageAgents(attempt, stage, decision.launch, "closure run failed");
  if (ended) return { ended };
  return { evaluation: gateForStage(stage, await currentGateInputs(run, ctx.attemptNo), stagePlan) };
}

/** One closure stage; null when it passed (the sweep goes on). */
async function runClosureStage(attempt: Attempt, stage: ClosureStage, stagePlan: PlannedStage[]): Promise<AttemptResult | null> {
  const { run } = attempt;
  const verdict = await evaluateStage(attempt, stage, stagePlan);
  if (verdict.ended) return verdict.ended;
  const { evaluation } = verdict;
  for (const g of evaluation.gates) run.recordGate(g);
  for (const gap of evaluation.forwarded) await forwardGap(run, gap);
  if (evaluation.failure) return gateStop(run, evaluation.failure);
  run.passedStages.push(stage);
  await run.saveProgress();
  return null;
}

/** After the sweep: a forwarded proof gap fails the wave; then helper assignments, infra and clarification. */
async function finalGates(attempt: Attempt): Promise<AttemptResult> {
  const { run, ctx } = attempt;
  // A forwarded proof gap let the later stages run and see it; the wave still fails on it.
  const forwardedGap = run.gates.find((g) => !g.ok && g.statusCode === "wave-proof-gap");
  if (forwardedGap) return gateStop(run, forwardedGap);
  const inputs = await currentGateInputs(run, ctx.attemptNo);
  const helper = helperAssignmentGate(inputs);
  if (!helper.ok || helper.statusCode !== "pass") run.recordGate(helper);
  if (!helper.ok) return gateStop(run, helper);
  const infra = infraGate(inputs);
  run.recordGate(infra);
  if (!infra.ok) return gateStop(run, infra);
  const clarification = clarificationGate(inputs);
  run.recordGate(clarification);
  if (!clarification.ok) return blocked(run, run.gateFailure(clarification));
  await run.saveProgress();
  return { outcome: "passed" };
}

export async function runClosureSweep(attempt: Attempt): Promise<AttemptResult> {
  const { run, plan } = attempt;
  const stagePlan = planClosureStages(run.prepared.wave, run.prepared.roles, run.prepared.policy);
  for (const stage of CLOSURE_STAGES) {
    if (plan.carriedStages.includes(stage)) continue;
    const ended = await runClosureStage(attempt, stage, stagePlan);
    if (ended) return ended;
  }
  return finalGates(attempt);
}
