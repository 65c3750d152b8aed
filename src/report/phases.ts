/**
 * Phases of a wave as the views group them: design, implementation, then each closure stage in
 * sweep order.
 */
import { CLOSURE_STAGES } from "../wave/schema.js";

export const PHASE_ORDER = ["design", "implementation", ...CLOSURE_STAGES] as const;
export type Phase = (typeof PHASE_ORDER)[number];

const LABELS: Record<string, string> = {
  design: "Design",
  implementation: "Implementation",
  "cont-eval": "cont-EVAL",
  security: "Security review",
  integration: "Integration",
  documentation: "Documentation",
  "cont-qa": "cont-QA",
  infra: "Infra",
  component: "Components",
  "component-matrix": "Component matrix",
  clarification: "Clarification",
  "helper-assignment": "Helper assignments",
};

/** The phase an agent's role runs in (roles that are not design or closure run in implementation). */
export function phaseOfRole(role: string): Phase {
  if (role === "design") return "design";
  return (CLOSURE_STAGES as readonly string[]).includes(role) ? (role as Phase) : "implementation";
}

/** Human label of a phase or gate stage. */
export function phaseLabel(stage: string): string {
  return LABELS[stage] ?? stage;
}

/** Sort key of a stage name: known phases in order, anything else after them. */
export function phaseRank(stage: string): number {
  const i = (PHASE_ORDER as readonly string[]).indexOf(stage);
  return i >= 0 ? i : PHASE_ORDER.length;
}
