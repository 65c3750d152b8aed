/**
 * One attempt of the wave, as `nextStep` (src/closure/stages.ts) orders it: asked after each step
 * with the gate inputs gathered afresh, it names the stage whose agents to launch (design,
 * implementation, each closure stage), the gates to record for it, or the verdict. This file
 * launches the agents (stage-group.ts) and checks what they left (attempt-outcome.ts: a failed or
 * cancelled agent, a question to a human, an ownership violation end the attempt); closure-sweep.ts
 * records the gates, forwards the proof gaps and turns the verdict into the attempt's result.
 *
 * A shard run of a sharded wave (src/shard/) stops after its own agents' implementation gates: the
 * wave-wide gates (components, helper assignments) and the closure sweep are the closure job's. The
 * design job (shard 0) runs the design agents and the design gate; a shard job after it reuses them.
 */
import { nextStep } from "../closure/stages.js";
import { planClosureStages } from "../closure/stage-plan.js";
import type { AttemptProgress, AttemptSequence, AttemptStage, ForwardedGap } from "../closure/types.js";
import { afterStageAgents, type Attempt, type AttemptResult } from "./attempt-outcome.js";
import { endWith, recordStage } from "./closure-sweep.js";
import { currentGateInputs } from "./coordination-view.js";
import { runStageGroup } from "./stage-group.js";

/** What the coordination log says when a stage's agent failed (none for design). */
function failedNote(stage: AttemptStage): string | null {
  if (stage === "design") return null;
  return stage === "implementation" ? "agent run failed" : "closure run failed";
}

async function steps(attempt: Attempt, sequence: AttemptSequence): Promise<AttemptResult> {
  const { run, ctx } = attempt;
  const stagePlan = planClosureStages(run.prepared.wave, run.prepared.roles, run.prepared.policy);
  const launched: AttemptStage[] = [];
  const done: AttemptStage[] = [];
  const forwarded: ForwardedGap[] = [];
  const progress = (): AttemptProgress => ({ launched, done, gates: run.gates, forwarded });
  for (;;) {
    const step = nextStep(sequence, progress(), await currentGateInputs(run, ctx.attemptNo), stagePlan);
    if (step.kind === "verdict") return endWith(run, step);
    if (step.kind === "launch") {
      await runStageGroup(attempt, step.stage, step.agents);
      const ended = await afterStageAgents(attempt, step.stage, step.agents, failedNote(step.stage));
      if (ended) return ended;
      launched.push(step.stage);
      continue;
    }
    await recordStage(run, step, progress, forwarded, sequence.shardAgents === null);
    done.push(step.stage);
  }
}

export async function runAttempt(attempt: Attempt): Promise<AttemptResult> {
  const { run, plan } = attempt;
  const shard = run.prepared.shard?.role.kind === "shard";
  const sequence: AttemptSequence = {
    design: plan.design,
    implementation: plan.implementation,
    carried: plan.carriedStages,
    shardAgents: shard ? run.prepared.agents.filter((pa) => pa.phase === "implementation").map((pa) => pa.agent.agentId) : null,
  };
  const result = await steps(attempt, sequence);
  // A shard run writes its journal once, whatever ended it.
  if (shard) await run.saveProgress();
  return result;
}
