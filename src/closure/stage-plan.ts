/**
 * Closure-stage planning: cont-eval → security → integration → documentation → cont-qa, from the
 * wave definition and the policy only. A closure-only retry or a resume plans the same way (the
 * reference planned from the selected runs and failed earlier stages with `missing-closure-run`,
 * §11.9); whether an agent is relaunched or its summary reused is the engine's choice.
 */
import { CLOSURE_STAGES, type ClosurePolicy, type ClosureStage, type WaveDefinition } from "../wave/schema.js";
import type { PlannedStage, WaveRoles } from "./types.js";
import { declaredIds } from "./util.js";

export const STAGE_LABELS: Readonly<Record<ClosureStage, string>> = {
  "cont-eval": "cont-EVAL",
  security: "Security review",
  integration: "Integration",
  documentation: "Documentation closure",
  "cont-qa": "cont-QA",
};

/** Declared agents holding a closure stage, in wave order. */
export function stageAgentIds(wave: WaveDefinition, roles: WaveRoles, stage: ClosureStage): string[] {
  switch (stage) {
    case "cont-eval":
      return declaredIds(wave, [roles.contEvalAgentId]);
    case "security":
      return declaredIds(wave, roles.securityAgentIds);
    case "integration":
      return declaredIds(wave, [roles.integrationAgentId]);
    case "documentation":
      return declaredIds(wave, [roles.documentationAgentId]);
    case "cont-qa":
      return declaredIds(wave, [roles.contQaAgentId]);
  }
}

export function planClosureStages(wave: WaveDefinition, roles: WaveRoles, policy: ClosurePolicy): PlannedStage[] {
  const agentsByStage = new Map(CLOSURE_STAGES.map((stage) => [stage, stageAgentIds(wave, roles, stage)]));
  // Stryker disable next-line OptionalChaining: the map has an entry for every stage
  const otherStagesHaveAgents = CLOSURE_STAGES.some((s) => s !== "cont-qa" && (agentsByStage.get(s)?.length ?? 0) > 0);
  return CLOSURE_STAGES.map((stage): PlannedStage => {
    // Stryker disable next-line ArrayDeclaration: the map has an entry for every stage, so the default is never used
    const agentIds = agentsByStage.get(stage) ?? [];
    const required = policy.requiredStages.includes(stage);
    let skipReason: PlannedStage["skipReason"] = null;
    let missingRun = false;
    if (
      stage === "cont-qa" &&
      policy.autoClosure.allowSkipContQaInBootstrap &&
      policy.closureMode === "bootstrap" &&
      !otherStagesHaveAgents
    ) {
      skipReason = "cont-qa-bootstrap";
    } else if (agentIds.length === 0) {
      if (!required) skipReason = "not-declared";
      else if (policy.gateMode === "bootstrap" && stage !== "cont-qa") skipReason = "bootstrap";
      else missingRun = true;
    }
    return { stage, agentIds, required, skipReason, missingRun };
  });
}
