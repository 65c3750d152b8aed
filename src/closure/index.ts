/** Pure gate functions and closure-stage planning. */
export { clarificationGate, infraGate } from "./barriers.js";
export { componentMatrixGate, componentPromotionGates } from "./components.js";
export { contEvalGate } from "./cont-eval.js";
export { contQaGate } from "./cont-qa.js";
export { designAgentGate, designGates } from "./design.js";
export { documentationAutoClosure, documentationGate, sharedPlanDeltas } from "./documentation.js";
export { implementationAgentGate, implementationGateAgents, implementationGates, proofArtifactRequired } from "./implementation.js";
export { integrationGate, integrationSignals } from "./integration.js";
export { planClosureStages, STAGE_LABELS, stageAgentIds } from "./stage-plan.js";
export { securityAgentGate, securityGates } from "./security.js";
export { isStaticFailure, type StaticGateInputs, staticGateFailures } from "./static.js";
export {
  AUTO_CLOSURE_CODES,
  evaluateWaveGates,
  gateForStage,
  implementationStageGates,
  isAutoClosure,
  stageLaunchDecision,
} from "./stages.js";
export type * from "./types.js";
