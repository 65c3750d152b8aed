/**
 * Gate failures readable from the files alone: the wave definition, the lane's policy and (when
 * no agent of the wave may change it) the component matrix. Such a failure happens on every run
 * whatever the agents do, so validation reports each as an error before anything runs, and the
 * engine never retries one.
 *
 * Each entry is the gate result the run would record (same stage, agent and status code), built
 * with the gate functions themselves where they can decide without any agent output.
 */
import type { GateResult } from "../state/schema.js";
import { CLOSURE_STAGES, COMPLETION_LEVELS, DOC_IMPACT_LEVELS, DURABILITY_LEVELS, PROOF_LEVELS } from "../wave/schema.js";
import { componentMatrixGate, componentPromotionGates } from "./components.js";
import { implementationGateAgents } from "./implementation.js";
import { planClosureStages } from "./stage-plan.js";
import { stageLaunchDecision } from "./stages.js";
import type { GateInputs } from "./types.js";
import { declaredIds, gateResult, isDeclared, NO_REPORT_PATH, noEvalContract } from "./util.js";

export interface StaticGateInputs extends Pick<GateInputs, "wave" | "roles" | "policy" | "componentMatrix" | "componentMatrixProblem"> {
  /** Some agent of the wave owns the component matrix JSON, so its content may still change. */
  componentMatrixWritable: boolean;
}

function withoutAgents(inputs: StaticGateInputs): GateInputs {
  return {
    wave: inputs.wave,
    roles: inputs.roles,
    policy: inputs.policy,
    summaries: {},
    // Stryker disable next-line ObjectLiteral: gates read coordination?.openBlockers ?? [], so no records and an empty list agree
    coordination: { openBlockers: [] },
    componentMatrix: inputs.componentMatrix ?? null,
    componentMatrixProblem: inputs.componentMatrixProblem ?? null,
    benchmarkFamilies: null,
    attempt: 1,
  };
}

function reportPathFailures(inputs: GateInputs): GateResult[] {
  const { wave, roles } = inputs;
  const out: GateResult[] = [];
  const path = (id: string) => roles.reportPaths[id] ?? null;
  if (isDeclared(wave, roles.contQaAgentId) && path(roles.contQaAgentId) === null) {
    out.push(
      gateResult({
        stage: "cont-qa",
        agentId: roles.contQaAgentId,
        ok: false,
        statusCode: "missing-cont-qa-report",
        detail: NO_REPORT_PATH["cont-qa"](roles.contQaAgentId, wave.wave),
      }),
    );
  }
  if (isDeclared(wave, roles.contEvalAgentId)) {
    const id = roles.contEvalAgentId;
    if (path(id) === null) {
      out.push(
        gateResult({
          stage: "cont-eval",
          agentId: id,
          ok: false,
          statusCode: "missing-cont-eval-report",
          detail: NO_REPORT_PATH["cont-eval"](id),
        }),
      );
    }
    if (wave.evalTargets.length === 0) {
      out.push(
        gateResult({
          stage: "cont-eval",
          agentId: id,
          ok: false,
          statusCode: "missing-cont-eval-contract",
          detail: noEvalContract(wave.wave, id),
        }),
      );
    }
  }
  for (const id of declaredIds(wave, roles.securityAgentIds)) {
    if (path(id) === null) {
      out.push(
        gateResult({
          stage: "security",
          agentId: id,
          ok: false,
          statusCode: "missing-security-report",
          detail: NO_REPORT_PATH.security(id),
        }),
      );
    }
  }
  for (const id of declaredIds(wave, roles.designAgentIds)) {
    if (path(id) === null) {
      out.push(
        gateResult({ stage: "design", agentId: id, ok: false, statusCode: "missing-design-packet", detail: NO_REPORT_PATH.design(id) }),
      );
    }
  }
  return out;
}

const CONTRACT_LEVELS = [
  ["completion", "completion-gap", COMPLETION_LEVELS],
  ["durability", "durability-gap", DURABILITY_LEVELS],
  ["proof", "proof-level-gap", PROOF_LEVELS],
  ["docImpact", "doc-impact-gap", DOC_IMPACT_LEVELS],
] as const;

/** An exit contract level that no marker can meet (not one of the level names). */
function exitContractFailures(inputs: GateInputs): GateResult[] {
  const out: GateResult[] = [];
  for (const agent of implementationGateAgents(inputs)) {
    const contract = agent.exitContract;
    if (!contract) continue;
    for (const [key, code, order] of CONTRACT_LEVELS) {
      const value = contract[key];
      if (value === null || value === "" || (order as readonly string[]).includes(value)) continue;
      out.push(
        gateResult({
          stage: "implementation",
          agentId: agent.agentId,
          ok: false,
          statusCode: code,
          detail: `${agent.agentId}'s exit contract asks for ${key === "docImpact" ? "doc impact" : key} "${value}", which is not one of ${order.join(", ")}.`,
        }),
      );
    }
  }
  return out;
}

/** Required closure stages that no agent holds and that cannot close on their own. */
function closureRunFailures(inputs: GateInputs): GateResult[] {
  const plan = planClosureStages(inputs.wave, inputs.roles, inputs.policy);
  const out: GateResult[] = [];
  for (const stage of CLOSURE_STAGES) {
    const entry = plan.find((p) => p.stage === stage);
    // Stryker disable next-line OptionalChaining: the plan has an entry for every closure stage
    if (!entry?.missingRun) continue;
    // Stryker disable next-line OptionalChaining: a stage missing its run has no agent, so the decision is always settled
    const failure = stageLaunchDecision(stage, inputs, plan).settled?.failure;
    if (failure && failure.statusCode === "missing-closure-run") out.push(failure);
  }
  return out;
}

/**
 * Every gate failure that happens on every run of this wave, whatever its agents do, in gate
 * order. Empty for a wave that well-behaved agents can pass.
 */
export function staticGateFailures(inputs: StaticGateInputs): GateResult[] {
  const base = withoutAgents(inputs);
  const out: GateResult[] = [];
  out.push(...reportPathFailures(base).filter((g) => g.stage === "design"));
  out.push(...exitContractFailures(base));
  // Without summaries the promotion gates fail for every promotion; only those naming no agent
  // (no promotions at all, or nobody owns the component) are independent of the agents.
  out.push(...componentPromotionGates(base).filter((g) => !g.ok && g.agentId === null));
  out.push(...reportPathFailures(base).filter((g) => g.stage !== "design"));
  out.push(...closureRunFailures(base));
  if (!inputs.componentMatrixWritable && base.wave.componentPromotions.length > 0) {
    const matrix = componentMatrixGate(base);
    if (!matrix.ok) {
      out.push({
        ...matrix,
        detail: `${matrix.detail} No agent of wave ${base.wave.wave} owns the component matrix, so no run can change it.`,
      });
    }
  }
  return out;
}

/** The same failure (stage, agent, status code) as one of `known`. */
export function isStaticFailure(
  failure: { stage: string; agentId: string | null; statusCode: string },
  known: readonly GateResult[],
): boolean {
  return known.some((g) => g.stage === failure.stage && g.agentId === failure.agentId && g.statusCode === failure.statusCode);
}
