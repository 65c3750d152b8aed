/**
 * The one place gate decisions are made, and the one place their order is: `nextStep` tells the
 * engine, from what has run and what the gates said, the next stage to launch or gate, or the
 * attempt's verdict. The attempt's stages (`ATTEMPT_STAGES`, docs/architecture.md "Gate order"):
 * - `design`: the design agents, then the design gate (only when the attempt launches any);
 * - `implementation`: the implementation agents, then `implementationStageGates` (design,
 *   implementation, component) and the helper assignments they answer; a shard run stops here;
 * - each closure stage (`CLOSURE_STAGES`) not carried over: `stageLaunchDecision` before its agents
 *   run, `gateForStage` after them (or settled without them);
 * - `barriers`: helper assignments, infra, then clarification (which blocks rather than fails).
 *
 * A closure agent whose own gate passes but whose `[wave-proof]` says `state=gap` yields a
 * `wave-proof-gap` gate that does not stop the sweep when later stages have agents: a blocker
 * record is returned for the engine to append (targets: the later stages' agents), the later
 * stages run and see it, and the wave still fails on it before the barriers (as the reference's
 * forwarded failures do).
 */
import type { GateResult } from "../state/schema.js";
import { CLOSURE_STAGES, type ClosureStage } from "../wave/schema.js";
import { clarificationGate, helperAssignmentGate, infraGate } from "./barriers.js";
import { componentMatrixGate, componentPromotionGates } from "./components.js";
import { contEvalGate } from "./cont-eval.js";
import { contQaGate } from "./cont-qa.js";
import { designGates } from "./design.js";
import { documentationGate } from "./documentation.js";
import { implementationGates } from "./implementation.js";
import { integrationGate } from "./integration.js";
import { planClosureStages, STAGE_LABELS } from "./stage-plan.js";
import { securityGates } from "./security.js";
import type {
  AttemptProgress,
  AttemptSequence,
  AttemptStage,
  AttemptStep,
  ForwardedGap,
  GateInputs,
  PlannedStage,
  StageEvaluation,
  StageLaunchDecision,
} from "./types.js";
import { gateResult, skippedGate, summaryOf } from "./util.js";

/** Status codes of gates satisfied without their agent (the stage need not launch). */
const AUTO_CLOSURE_CODES: readonly string[] = ["integration-inferred", "doc-auto-no-change", "doc-auto-closed"];

export function isAutoClosure(gate: GateResult): boolean {
  return gate.ok && gate.agentId === null && AUTO_CLOSURE_CODES.includes(gate.statusCode);
}

/** Gates to check after the implementation agents ran, in order. */
export function implementationStageGates(inputs: GateInputs): GateResult[] {
  return [...designGates(inputs), ...implementationGates(inputs), ...componentPromotionGates(inputs)];
}

function planOf(inputs: GateInputs, plan?: readonly PlannedStage[]): readonly PlannedStage[] {
  return plan ?? planClosureStages(inputs.wave, inputs.roles, inputs.policy);
}

function entryOf(plan: readonly PlannedStage[], stage: ClosureStage): PlannedStage {
  const entry = plan.find((p) => p.stage === stage);
  if (!entry) throw new Error(`closure plan has no stage ${stage}`);
  return entry;
}

function agentGates(stage: ClosureStage, inputs: GateInputs): GateResult[] {
  switch (stage) {
    case "cont-eval":
      return [contEvalGate(inputs)];
    case "security":
      return securityGates(inputs);
    case "integration":
      return [integrationGate(inputs)];
    case "documentation":
      return [documentationGate(inputs)];
    case "cont-qa":
      return [contQaGate(inputs)];
  }
}

/** The stage's own gate when it is an auto-closure (same function, so the final verdict agrees). */
function autoClosureOf(stage: ClosureStage, inputs: GateInputs): GateResult | null {
  const gate = stage === "integration" ? integrationGate(inputs) : stage === "documentation" ? documentationGate(inputs) : null;
  return gate && isAutoClosure(gate) ? gate : null;
}

/** Whether `gate` is a proof gap that was forwarded (it does not stop the sweep; the wave fails on it before the barriers). */
export function isForwardedGap(gate: GateResult, forwarded: readonly Pick<ForwardedGap, "stage" | "agentId">[]): boolean {
  return gate.statusCode === "wave-proof-gap" && forwarded.some((f) => f.stage === gate.stage && f.agentId === gate.agentId);
}

function evaluation(stage: ClosureStage, gates: GateResult[], forwarded: ForwardedGap[] = []): StageEvaluation {
  const failure = gates.find((g) => !g.ok && !isForwardedGap(g, forwarded)) ?? null;
  return { stage, gates, ok: failure === null, failure, forwarded };
}

/** Documentation also runs the component-matrix gate once the documentation gate passed. */
function withMatrix(stage: ClosureStage, inputs: GateInputs, gates: GateResult[]): GateResult[] {
  // Stryker disable next-line MethodExpression: every caller passes the stage's single gate, so every and some agree
  if (stage !== "documentation" || !gates.every((g) => g.ok)) return gates;
  return [...gates, componentMatrixGate(inputs)];
}

/** Settles a stage that has no agent to run: auto-closure, skip, or `missing-closure-run`. */
function settleWithoutAgents(entry: PlannedStage, inputs: GateInputs): StageEvaluation {
  const { stage } = entry;
  if (entry.skipReason === "cont-qa-bootstrap") {
    return evaluation(stage, [
      skippedGate(
        stage,
        "cont-QA skipped: bootstrap closure mode and no other closure stage has agents (autoClosure.allowSkipContQaInBootstrap).",
      ),
    ]);
  }
  const auto = autoClosureOf(stage, inputs);
  if (auto) return evaluation(stage, withMatrix(stage, inputs, [auto]));
  if (entry.skipReason === "bootstrap") {
    return evaluation(
      stage,
      withMatrix(stage, inputs, [skippedGate(stage, `${STAGE_LABELS[stage]} skipped: no agent and the wave is in bootstrap gate mode.`)]),
    );
  }
  if (entry.missingRun) {
    return evaluation(stage, [
      gateResult({
        stage,
        agentId: null,
        ok: false,
        statusCode: "missing-closure-run",
        detail: `${STAGE_LABELS[stage]} is required for wave ${inputs.wave.wave} but no agent of the wave holds that role; declare one.`,
      }),
    ]);
  }
  return evaluation(
    stage,
    withMatrix(stage, inputs, [skippedGate(stage, `${STAGE_LABELS[stage]}: no agent in this wave and not required.`)]),
  );
}

/** What to do for a stage before launching: the agents to launch, or the settled result. */
export function stageLaunchDecision(stage: ClosureStage, inputs: GateInputs, plan?: readonly PlannedStage[]): StageLaunchDecision {
  const entry = entryOf(planOf(inputs, plan), stage);
  if (entry.agentIds.length === 0 || entry.skipReason !== null) {
    return { stage, launch: [], settled: settleWithoutAgents(entry, inputs) };
  }
  const auto = autoClosureOf(stage, inputs);
  if (auto) return { stage, launch: [], settled: evaluation(stage, withMatrix(stage, inputs, [auto])) };
  return { stage, launch: [...entry.agentIds], settled: null };
}

/** Evaluates a closure stage (after its agents ran, or settled without them). */
export function gateForStage(stage: ClosureStage, inputs: GateInputs, plan?: readonly PlannedStage[]): StageEvaluation {
  const stages = planOf(inputs, plan);
  const entry = entryOf(stages, stage);
  if (entry.agentIds.length === 0 || entry.skipReason !== null) return settleWithoutAgents(entry, inputs);
  const later = stages
    .slice(stages.indexOf(entry) + 1)
    .filter((p) => p.skipReason === null)
    .flatMap((p) => p.agentIds);
  const forwarded: ForwardedGap[] = [];
  const gates = withMatrix(stage, inputs, agentGates(stage, inputs)).map((gate) => {
    if (!gate.ok || gate.agentId === null || gate.stage === "component-matrix") return gate;
    // Stryker disable next-line OptionalChaining: a gate passes for an agent only after reading that agent's summary, so it is never null here
    const proof = summaryOf(inputs, gate.agentId)?.proof;
    if (!proof || proof.state === "met") return gate;
    const base = `${gate.agentId} (${STAGE_LABELS[stage]}) reported a proof gap${proof.detail ? `: ${proof.detail}` : ""}`;
    if (later.length === 0) return { ...gate, ok: false, statusCode: "wave-proof-gap", detail: `${base}.` };
    const record: ForwardedGap = {
      id: `wave-${inputs.wave.wave}-closure-gap-${stage}-${gate.agentId}-attempt-${inputs.attempt ?? 1}`,
      kind: "blocker",
      stage,
      agentId: gate.agentId,
      targets: later,
      blocking: true,
      blockerSeverity: "closure-critical",
      priority: "high",
      summary: `${STAGE_LABELS[stage]} proof gap from ${gate.agentId}`,
      detail: proof.detail ?? `${gate.agentId} printed [wave-proof] state=gap.`,
    };
    forwarded.push(record);
    return {
      ...gate,
      ok: false,
      statusCode: "wave-proof-gap",
      detail: `${base}; forwarded to ${later.join(", ")} as blocker ${record.id}.`,
    };
  });
  return evaluation(stage, gates, forwarded);
}

/** The stages of one attempt, in the order they run. */
export const ATTEMPT_STAGES = ["design", "implementation", ...CLOSURE_STAGES, "barriers"] as const satisfies readonly AttemptStage[];

/** Whether the attempt runs `stage` at all. */
function stageRuns(stage: AttemptStage, sequence: AttemptSequence): boolean {
  if (stage === "design") return sequence.design.length > 0;
  if (stage === "implementation") return true;
  // A shard run stops after its own agents' implementation gates: the rest is the closure job's.
  if (sequence.shardAgents !== null) return false;
  // A closure stage carried over from an earlier run is not run again.
  return !sequence.carried.some((carried) => carried === stage);
}

/** `gates` up to and including the first failing one (the ones after it are not judged). */
function untilFailing(gates: readonly GateResult[]): GateResult[] {
  const failing = gates.findIndex((g) => !g.ok);
  return failing < 0 ? [...gates] : gates.slice(0, failing + 1);
}

/** Whether a gate with the same stage, agent and status was recorded already (a design gate is not recorded twice). */
function recordedBefore(progress: AttemptProgress, gate: GateResult): boolean {
  return progress.gates.some((x) => x.stage === gate.stage && x.agentId === gate.agentId && x.statusCode === gate.statusCode);
}

/** The agents to launch for `stage` before its gates (none: the stage is gated, or settled, at once). */
function agentsToLaunch(stage: AttemptStage, sequence: AttemptSequence, inputs: GateInputs, plan?: readonly PlannedStage[]): string[] {
  if (stage === "design") return [...sequence.design];
  if (stage === "implementation") return [...sequence.implementation];
  if (stage === "barriers") return [];
  return stageLaunchDecision(stage, inputs, plan).launch;
}

/** The gates to record for `stage`, in order, and the proof gaps it forwards. */
function stageGates(
  stage: AttemptStage,
  sequence: AttemptSequence,
  progress: AttemptProgress,
  inputs: GateInputs,
  plan?: readonly PlannedStage[],
): { gates: GateResult[]; forwarded: ForwardedGap[] } {
  const fresh = (gates: readonly GateResult[]) => gates.filter((g) => !recordedBefore(progress, g));
  switch (stage) {
    case "design":
      return { gates: untilFailing(designGates(inputs)), forwarded: [] };
    case "implementation": {
      const own = sequence.shardAgents;
      if (own !== null) {
        const mine = implementationGates(inputs).filter((g) => own.some((id) => id === g.agentId));
        return { gates: untilFailing(fresh(mine)), forwarded: [] };
      }
      // Carried closure stages carry the implementation-stage gates with them (no agent before the sweep reran).
      if (sequence.carried.length > 0) return { gates: [], forwarded: [] };
      // Helper assignments are answered by implementation agents: settled before the closure sweep.
      return { gates: untilFailing([...fresh(implementationStageGates(inputs)), helperAssignmentGate(inputs)]), forwarded: [] };
    }
    case "barriers": {
      const helper = helperAssignmentGate(inputs);
      // Helper assignments passed before the sweep are one row of the gate table, not two.
      const barriers = helper.ok && helper.statusCode === "pass" ? [] : [helper];
      return { gates: untilFailing([...barriers, infraGate(inputs), clarificationGate(inputs)]), forwarded: [] };
    }
    default: {
      const { gates, forwarded } = gateForStage(stage, inputs, plan);
      return { gates, forwarded };
    }
  }
}

/** The first recorded gate that stops the attempt (a failing gate that is not a forwarded proof gap), or null. */
export function stoppingGate(progress: AttemptProgress): GateResult | null {
  return progress.gates.find((g) => !g.ok && !isForwardedGap(g, progress.forwarded)) ?? null;
}

/**
 * The attempt's next step, asked again after each one: the verdict once a gate stopped it (an
 * open clarification blocks, anything else fails; a forwarded proof gap fails it before the
 * barriers) or every stage ran; else the agents to launch for the next stage, or, once they ran
 * (or when it has none), the gates to record for it. `inputs` are gathered afresh for each ask.
 */
export function nextStep(
  sequence: AttemptSequence,
  progress: AttemptProgress,
  inputs: GateInputs,
  plan?: readonly PlannedStage[],
): AttemptStep {
  const stop = stoppingGate(progress);
  if (stop) return { kind: "verdict", outcome: stop.stage === "clarification" ? "blocked" : "failed", gate: stop };
  const stage = ATTEMPT_STAGES.find((s) => !progress.done.includes(s) && stageRuns(s, sequence));
  if (stage === undefined) return { kind: "verdict", outcome: "passed", gate: null };
  if (stage === "barriers") {
    // A forwarded proof gap let the later stages run and see it; the wave still fails on it.
    const gap = progress.gates.find((g) => !g.ok);
    if (gap) return { kind: "verdict", outcome: "failed", gate: gap };
  }
  const launch = progress.launched.includes(stage) ? [] : agentsToLaunch(stage, sequence, inputs, plan);
  if (launch.length > 0) return { kind: "launch", stage, agents: launch };
  return { kind: "gates", stage, ...stageGates(stage, sequence, progress, inputs, plan) };
}
