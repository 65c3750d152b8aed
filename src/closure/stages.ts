/**
 * The one place gate decisions are made, for the closure sweep and for the final verdict alike:
 * - `implementationStageGates`: design (when design agents exist), implementation, component;
 * - `stageLaunchDecision` / `gateForStage`: each closure stage before and after its agents run;
 * - `evaluateWaveGates`: everything in order, plus the infra and clarification barriers.
 *
 * A closure agent whose own gate passes but whose `[wave-proof]` says `state=gap` yields a
 * `wave-proof-gap` gate that does not stop the sweep when later stages have agents: a blocker
 * record is returned for the engine to append (targets: the later stages' agents), the later
 * stages run and see it, and the wave still fails on it (as the reference's forwarded failures do).
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
import type { ForwardedGap, GateInputs, PlannedStage, StageEvaluation, StageLaunchDecision, WaveGateEvaluation } from "./types.js";
import { gateResult, skippedGate, summaryOf } from "./util.js";

/** Status codes of gates satisfied without their agent (the stage need not launch). */
export const AUTO_CLOSURE_CODES: readonly string[] = ["integration-inferred", "doc-auto-no-change", "doc-auto-closed"];

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

function evaluation(stage: ClosureStage, gates: GateResult[], forwarded: ForwardedGap[] = []): StageEvaluation {
  const failure = gates.find((g) => !g.ok && !forwarded.some((f) => f.agentId === g.agentId && g.statusCode === "wave-proof-gap")) ?? null;
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

/**
 * The wave's verdict from the same functions the sweep uses. Closure stages are evaluated only
 * when the implementation-stage gates and the helper assignments pass, up to the first stage that
 * stops the sweep.
 */
export function evaluateWaveGates(inputs: GateInputs, plan?: readonly PlannedStage[]): WaveGateEvaluation {
  const stages = planOf(inputs, plan);
  const gates = implementationStageGates(inputs);
  const forwarded: ForwardedGap[] = [];
  // Helper assignments are answered by implementation agents: settled before the closure sweep.
  const helper = gates.every((g) => g.ok) ? helperAssignmentGate(inputs) : null;
  if (helper) gates.push(helper);
  if (helper?.ok) {
    for (const stage of CLOSURE_STAGES) {
      const result = gateForStage(stage, inputs, stages);
      gates.push(...result.gates);
      forwarded.push(...result.forwarded);
      if (result.failure) break;
    }
  }
  const clarification = clarificationGate(inputs);
  gates.push(infraGate(inputs), clarification);
  const failure = gates.find((g) => !g.ok) ?? null;
  return { gates, ok: failure === null, failure, blocked: !clarification.ok, forwarded };
}
