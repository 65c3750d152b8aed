/**
 * One attempt of the wave: design agents (when the plan runs any) and the design gate;
 * implementation agents; unless closure stages carry over, the implementation-stage gates and the
 * helper assignments the implementation agents answer; then the closure sweep (closure-sweep.ts).
 * The first failing gate or agent ends the attempt (attempt-outcome.ts says how).
 *
 * A shard run of a sharded wave (src/shard/) stops after its own agents' implementation gates: the
 * wave-wide gates (components, helper assignments) and the closure sweep are the closure job's. The
 * design job (shard 0) runs the design agents and the design gate; a shard job after it reuses them.
 */
import { helperAssignmentGate } from "../closure/barriers.js";
import { designGates } from "../closure/design.js";
import { implementationGates as agentImplementationGates } from "../closure/implementation.js";
import { implementationStageGates } from "../closure/stages.js";
import type { GateResult } from "../state/schema.js";
import { afterStageAgents, type Attempt, type AttemptResult, gateStop } from "./attempt-outcome.js";
import { runClosureSweep } from "./closure-sweep.js";
import { currentGateInputs } from "./coordination-view.js";
import { runStageGroup } from "./stage-group.js";
import type { WaveRun } from "./wave-run.js";

/**
 * Records `gates` in order up to the first failing one, which it returns (null: all passed); a
 * gate `skip` is true of (asked just before it would be recorded) is left out.
 */
export function recordUntilFailing(run: WaveRun, gates: readonly GateResult[], skip?: (gate: GateResult) => boolean): GateResult | null {
  for (const g of gates) {
    if (skip?.(g)) continue;
    run.recordGate(g);
    if (!g.ok) return g;
  }
  return null;
}

/** Whether `gate` was recorded already (a carried implementation-stage gate is not recorded twice). */
function recordedBefore(run: WaveRun, gate: GateResult): boolean {
  return run.gates.some((x) => x.stage === gate.stage && x.agentId === gate.agentId && x.statusCode === gate.statusCode);
}

/** Design agents first; implementation starts only when the design gate passes. */
async function runDesign(attempt: Attempt): Promise<AttemptResult | null> {
  const { run, ctx, plan } = attempt;
  if (plan.design.length === 0) return null;
  await runStageGroup(attempt, "design", plan.design);
  const ended = await afterStageAgents(attempt, "design", plan.design, null);
  if (ended) return ended;
  const failing = recordUntilFailing(run, designGates(await currentGateInputs(run, ctx.attemptNo)));
  return failing ? gateStop(run, failing) : null;
}

async function runImplementation(attempt: Attempt): Promise<AttemptResult | null> {
  const { plan } = attempt;
  if (plan.implementation.length === 0) return null;
  await runStageGroup(attempt, "implementation", plan.implementation);
  return afterStageAgents(attempt, "implementation", plan.implementation, "agent run failed");
}

/** The implementation-stage gates, and the helper assignments (answered by implementation agents, settled before the sweep). */
async function implementationGates(attempt: Attempt): Promise<AttemptResult | null> {
  const { run, ctx, plan } = attempt;
  if (plan.carriedStages.length > 0) return null;
  const inputs = await currentGateInputs(run, ctx.attemptNo);
  const failing =
    recordUntilFailing(run, implementationStageGates(inputs), (g) => recordedBefore(run, g)) ??
    recordUntilFailing(run, [helperAssignmentGate(inputs)]);
  return failing ? gateStop(run, failing) : null;
}

/** A shard run: the implementation gate of each of its own implementation agents, and nothing after. */
async function shardGates(attempt: Attempt): Promise<AttemptResult> {
  const { run, ctx } = attempt;
  const own = new Set(run.prepared.agents.filter((pa) => pa.phase === "implementation").map((pa) => pa.agent.agentId));
  const inputs = await currentGateInputs(run, ctx.attemptNo);
  const failing = recordUntilFailing(
    run,
    agentImplementationGates(inputs).filter((g) => g.agentId !== null && own.has(g.agentId)),
    (g) => recordedBefore(run, g),
  );
  return failing ? gateStop(run, failing) : { outcome: "passed" };
}

export async function runAttempt(attempt: Attempt): Promise<AttemptResult> {
  if (attempt.run.prepared.shard?.role.kind === "shard") {
    const ended = (await runDesign(attempt)) ?? (await runImplementation(attempt)) ?? (await shardGates(attempt));
    await attempt.run.saveProgress();
    return ended;
  }
  const ended = (await runDesign(attempt)) ?? (await runImplementation(attempt)) ?? (await implementationGates(attempt));
  if (ended) return ended;
  await attempt.run.saveProgress();
  return runClosureSweep(attempt);
}
