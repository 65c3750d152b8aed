/**
 * Pure planning of what a run (or an in-job retry, or a resume) must execute, given what earlier
 * attempts recorded. Nothing an agent achieved is paid for twice: an agent whose earlier success
 * has the same fingerprint is reused, and the closure sweep restarts at the first stage that did
 * not pass — unless an implementation agent runs again, which invalidates every closure stage.
 *
 * The operator can force agents to run again (`wave run --rerun A3,A5`): a forced agent is never
 * reused, so the closure stages from the first one it touches on run again too.
 */
import type { PriorState } from "../resume/prior.js";
import { CLOSURE_STAGES, type ClosureStage } from "../wave/schema.js";

export type AgentPhase = "design" | "implementation" | ClosureStage;

export interface PlannedAgent {
  id: string;
  phase: AgentPhase;
  fingerprint: string;
}

export interface RunPlan {
  reuse: string[];
  design: string[];
  implementation: string[];
  /** Closure stages to carry over as passed (their agents are reused). */
  carriedStages: ClosureStage[];
  /** Closure agents that must run (all of a stage's agents when the stage runs). */
  closure: string[];
}

const REUSABLE = new Set(["succeeded", "reused"]);

export interface PlanOverrides {
  /** Agents that must run again even though their earlier results could be reused. */
  rerun?: readonly string[];
}

export function isReusable(agent: PlannedAgent, prior: PriorState | null, overrides: PlanOverrides = {}): boolean {
  if (!prior) return false;
  if (overrides.rerun?.includes(agent.id)) return false;
  const p = prior.agents[agent.id];
  if (!p || !REUSABLE.has(p.status) || p.fingerprint !== agent.fingerprint) return false;
  if (prior.implicated.includes(agent.id) || prior.feedbackAgentId === agent.id) return false;
  return true;
}

/** The ids of `rerun` that name none of `agents` (an operator's typo), in the order given. */
export function unknownRerunIds(agents: readonly { id: string }[], rerun: readonly string[]): string[] {
  const known = new Set(agents.map((a) => a.id));
  return [...new Set(rerun.filter((id) => !known.has(id)))];
}

export function planRun(agents: PlannedAgent[], prior: PriorState | null, overrides: PlanOverrides = {}): RunPlan {
  const byPhase = (phase: AgentPhase) => agents.filter((a) => a.phase === phase);
  const reuse: string[] = [];
  const pick = (list: PlannedAgent[]) => {
    const run: string[] = [];
    for (const a of list) (isReusable(a, prior, overrides) ? reuse : run).push(a.id);
    return run;
  };
  const design = pick(byPhase("design"));
  const implementation = pick(byPhase("implementation"));
  const carriedStages: ClosureStage[] = [];
  const closure: string[] = [];
  // Any change before the closure sweep invalidates every closure stage.
  let carry = design.length === 0 && implementation.length === 0 && prior !== null;
  for (const stage of CLOSURE_STAGES) {
    const stageAgents = byPhase(stage);
    // Stryker disable next-line BooleanLiteral: the default applies only without a prior state, when carry is already false
    const passedBefore = prior?.passedStages.includes(stage) ?? false;
    if (carry && passedBefore && stageAgents.every((a) => isReusable(a, prior, overrides))) {
      carriedStages.push(stage);
      reuse.push(...stageAgents.map((a) => a.id));
      continue;
    }
    carry = false;
    closure.push(...stageAgents.map((a) => a.id));
  }
  return { reuse, design, implementation, carriedStages, closure };
}
