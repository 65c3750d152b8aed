/**
 * Component gates: promotions (every promoted component reached its target level, reported by its
 * implementation owners) and the component matrix (its `currentLevel` was updated to the target).
 *
 * Promotions are checked whenever the wave declares any (the reference only from the threshold
 * wave); `requireComponentPromotions` additionally fails a wave with implementation agents and no
 * promotions. The matrix is read by the engine once the documentation stage ran; a matrix that
 * exists but cannot be read fails `invalid-component-matrix` (nothing else could be checked).
 */
import type { GateResult } from "../state/schema.js";
import type { ComponentPromotion } from "../wave/schema.js";
import type { GateInputs } from "./types.js";
import { declaredIds, gateResult, isDeclared, summaryOf } from "./util.js";

function ownersOf(inputs: GateInputs, promotion: ComponentPromotion): string[] {
  const implementation = new Set(declaredIds(inputs.wave, inputs.roles.implementationAgentIds));
  return inputs.wave.agents
    .filter((a) => implementation.has(a.agentId) && a.components.includes(promotion.componentId))
    .map((a) => a.agentId);
}

function ownerReport(inputs: GateInputs, ownerId: string, promotion: ComponentPromotion): { ok: boolean; text: string } {
  const summary = summaryOf(inputs, ownerId);
  if (!summary) return { ok: false, text: `${ownerId}: no summary (did not run)` };
  const marker = summary.components.find((c) => c.componentId === promotion.componentId);
  if (!marker) return { ok: false, text: `${ownerId}: no [wave-component] marker` };
  const ok = marker.state === "met" && marker.level === promotion.targetLevel;
  return { ok, text: `${ownerId}: level=${marker.level} state=${marker.state}` };
}

/** One gate per promotion (or one `missing-component-promotions` failure). */
export function componentPromotionGates(inputs: GateInputs): GateResult[] {
  const { wave, policy } = inputs;
  if (wave.componentPromotions.length === 0) {
    const implementation = declaredIds(wave, inputs.roles.implementationAgentIds);
    if (policy.requireComponentPromotions && implementation.length > 0) {
      return [
        gateResult({
          stage: "component",
          agentId: null,
          ok: false,
          statusCode: "missing-component-promotions",
          detail: `Wave ${wave.wave} has implementation agents (${implementation.join(", ")}) but no "## Component promotions" section; the config requires one from this wave on.`,
        }),
      ];
    }
    return [];
  }
  return wave.componentPromotions.map((promotion) => {
    const { componentId, targetLevel } = promotion;
    const owners = ownersOf(inputs, promotion);
    const extra = { componentId };
    if (owners.length === 0) {
      return gateResult({
        stage: "component",
        agentId: null,
        ok: false,
        statusCode: "component-promotion-gap",
        detail: `No implementation agent owns component ${componentId} (promoted to ${targetLevel}); list it under an agent's ### Components.`,
        summary: null,
        ...extra,
      });
    }
    const reports = owners.map((id) => ({ id, ...ownerReport(inputs, id, promotion) }));
    const satisfied = reports.filter((r) => r.ok).map((r) => r.id);
    const waiting = reports.filter((r) => !r.ok);
    if (waiting.length === 0) {
      return gateResult({
        stage: "component",
        agentId: null,
        ok: true,
        statusCode: "pass",
        detail: `Component ${componentId} reached ${targetLevel} (${satisfied.join(", ")}).`,
        summary: null,
        ...extra,
      });
    }
    const agentId = waiting[0]!.id;
    const summary = summaryOf(inputs, agentId);
    const status = waiting.map((r) => r.text).join("; ");
    if (satisfied.length > 0) {
      return gateResult({
        stage: "component",
        agentId,
        ok: false,
        statusCode: "shared-component-sibling-pending",
        detail: `Component ${componentId} is shared: ${satisfied.join(", ")} reached ${targetLevel}, waiting on ${waiting.map((r) => r.id).join(", ")} (${status}).`,
        summary,
        ...extra,
      });
    }
    return gateResult({
      stage: "component",
      agentId,
      ok: false,
      statusCode: "component-promotion-gap",
      detail: `Component ${componentId} did not reach ${targetLevel}: ${status}. An owner must print [wave-component] component=${componentId} level=${targetLevel} state=met.`,
      summary,
      ...extra,
    });
  });
}

/** The matrix must list every promoted component with `currentLevel` equal to its new target. */
export function componentMatrixGate(inputs: GateInputs): GateResult {
  const { wave } = inputs;
  const steward = isDeclared(wave, inputs.roles.documentationAgentId) ? inputs.roles.documentationAgentId : null;
  const summary = summaryOf(inputs, steward);
  if (wave.componentPromotions.length === 0) {
    return gateResult({
      stage: "component-matrix",
      agentId: null,
      ok: true,
      statusCode: "pass",
      detail: "No component promotions in this wave.",
    });
  }
  const problem = inputs.componentMatrixProblem ?? null;
  if (problem !== null) {
    return gateResult({
      stage: "component-matrix",
      agentId: steward,
      ok: false,
      statusCode: "invalid-component-matrix",
      detail: `The component matrix cannot be checked: ${problem}. It must stay valid JSON with levels and components.`,
      summary,
    });
  }
  const matrix = inputs.componentMatrix ?? null;
  if (matrix === null) {
    return gateResult({
      stage: "component-matrix",
      agentId: null,
      ok: true,
      statusCode: "pass",
      detail: "No component matrix configured; current levels not checked.",
    });
  }
  for (const { componentId, targetLevel } of wave.componentPromotions) {
    const entry = matrix.components[componentId];
    if (!entry) {
      return gateResult({
        stage: "component-matrix",
        agentId: steward,
        ok: false,
        statusCode: "unknown-component",
        detail: `Component ${componentId} is promoted by wave ${wave.wave} but missing from the component matrix; add it.`,
        summary,
        componentId,
      });
    }
    if ((entry.currentLevel ?? null) !== targetLevel) {
      return gateResult({
        stage: "component-matrix",
        agentId: steward,
        ok: false,
        statusCode: "component-current-level-stale",
        detail: `The component matrix still shows ${componentId} at ${entry.currentLevel ?? "no level"}; wave ${wave.wave} promotes it to ${targetLevel}. The documentation steward must update currentLevel.`,
        summary,
        componentId,
      });
    }
  }
  return gateResult({
    stage: "component-matrix",
    agentId: steward,
    ok: true,
    statusCode: "pass",
    detail: "Component matrix is current for every promotion.",
    summary,
  });
}
