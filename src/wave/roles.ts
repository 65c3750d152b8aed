/**
 * Role recognition: which agent holds which closure role, its runtime role, and its report paths.
 *
 * One rule for validation and run time (the reference validated stewards by role-prompt import but
 * ran them by agent id): an agent holds a named closure role (cont-QA, cont-EVAL, integration,
 * documentation) when its id is the lane's id for that role OR it imports that role's prompt.
 * A security reviewer imports the security role prompt or declares the `security-review`
 * capability. Report paths come only from owned paths that look like reports; there is no
 * "first owned path" fallback.
 */
import { normalizeRelPath } from "./repo-paths.js";
import type { AgentDefinition, AgentRole, ClosureStage, RoleBindings } from "./schema.js";
import { CLOSURE_STAGES } from "./schema.js";

export type RoleAgent = Pick<AgentDefinition, "agentId" | "title" | "rolePromptPaths" | "capabilities" | "ownedPaths">;

const DEFAULT_ROLE_PROMPT_DIR = "docs/agents";

export const DEFAULT_ROLE_BINDINGS: RoleBindings = {
  rolePromptDir: DEFAULT_ROLE_PROMPT_DIR,
  contQaAgentId: "A0",
  contEvalAgentId: "E0",
  integrationAgentId: "A8",
  documentationAgentId: "A9",
  contQaRolePromptPath: "docs/agents/wave-cont-qa-role.md",
  contEvalRolePromptPath: "docs/agents/wave-cont-eval-role.md",
  integrationRolePromptPath: "docs/agents/wave-integration-role.md",
  documentationRolePromptPath: "docs/agents/wave-documentation-role.md",
  securityRolePromptPath: "docs/agents/wave-security-role.md",
  designRolePromptPath: "docs/agents/wave-design-role.md",
};

const norm = (p: string) => normalizeRelPath(p);

function imports(agent: RoleAgent, rolePromptPath: string): boolean {
  const wanted = norm(rolePromptPath);
  return agent.rolePromptPaths.some((p) => norm(p) === wanted);
}

function hasCapability(agent: RoleAgent, capability: string): boolean {
  return agent.capabilities.some((c) => c.trim().toLowerCase() === capability);
}

export function isSecurityRolePromptPath(p: string, roles: RoleBindings): boolean {
  const n = norm(p);
  return (
    n === norm(roles.securityRolePromptPath) || n === DEFAULT_ROLE_BINDINGS.securityRolePromptPath || n.endsWith("/wave-security-role.md")
  );
}

export function isDesignRolePromptPath(p: string, roles: RoleBindings): boolean {
  const n = norm(p);
  return n === norm(roles.designRolePromptPath) || n === DEFAULT_ROLE_BINDINGS.designRolePromptPath || n.endsWith("/wave-design-role.md");
}

/* ------------------------------------------------------------------ report path patterns */

function isContQaReportPath(p: string): boolean {
  return /(?:^|\/)(?:reviews?|.*cont[-_]?qa).*\.(?:md|txt)$/i.test(norm(p));
}

export function isContEvalReportPath(p: string): boolean {
  return /(?:^|\/)(?:reviews?|.*cont[-_]?eval|.*eval).*\.(?:md|txt)$/i.test(norm(p));
}

function isSecurityReportPath(p: string): boolean {
  return /security.*\.(?:md|txt)$/i.test(norm(p));
}

export function isDesignPacketPath(p: string): boolean {
  return /(?:design|handoff|decision-lineage).*\.(?:md|txt)$/i.test(norm(p));
}

const firstMatching = (agent: RoleAgent, test: (p: string) => boolean): string | null =>
  agent.ownedPaths.map(norm).find((p) => !p.endsWith("/") && test(p)) ?? null;

/** First owned path that looks like a cont-QA report, or null (no fallback). */
export function contQaReportPath(agent: RoleAgent): string | null {
  return firstMatching(agent, isContQaReportPath);
}

/** First owned path that looks like a cont-EVAL report, or null (no fallback). */
export function contEvalReportPath(agent: RoleAgent): string | null {
  return firstMatching(agent, isContEvalReportPath);
}

/** First owned path that looks like a security review report, or null. */
export function securityReportPath(agent: RoleAgent): string | null {
  return firstMatching(agent, isSecurityReportPath);
}

/** First owned path that looks like a design packet, or null. */
export function designPacketPath(agent: RoleAgent): string | null {
  return firstMatching(agent, isDesignPacketPath);
}

/* ------------------------------------------------------------------ role predicates */

export function isSecurityReviewer(agent: RoleAgent, roles: RoleBindings): boolean {
  return agent.rolePromptPaths.some((p) => isSecurityRolePromptPath(p, roles)) || hasCapability(agent, "security-review");
}

export function isDesignAgent(agent: RoleAgent, roles: RoleBindings): boolean {
  return agent.rolePromptPaths.some((p) => isDesignRolePromptPath(p, roles)) || hasCapability(agent, "design");
}

/** A design agent that also owns files other than its design packet(s). */
export function isImplementationOwningDesignAgent(agent: RoleAgent, roles: RoleBindings): boolean {
  return isDesignAgent(agent, roles) && agent.ownedPaths.some((p) => !isDesignPacketPath(p));
}

export function isDocsOnlyDesignAgent(agent: RoleAgent, roles: RoleBindings): boolean {
  return isDesignAgent(agent, roles) && !isImplementationOwningDesignAgent(agent, roles);
}

export function isContQaAgent(agent: RoleAgent, roles: RoleBindings): boolean {
  return agent.agentId === roles.contQaAgentId || imports(agent, roles.contQaRolePromptPath);
}

function isContEvalAgent(agent: RoleAgent, roles: RoleBindings): boolean {
  return agent.agentId === roles.contEvalAgentId || imports(agent, roles.contEvalRolePromptPath);
}

export function isIntegrationSteward(agent: RoleAgent, roles: RoleBindings): boolean {
  return agent.agentId === roles.integrationAgentId || imports(agent, roles.integrationRolePromptPath);
}

export function isDocumentationSteward(agent: RoleAgent, roles: RoleBindings): boolean {
  return agent.agentId === roles.documentationAgentId || imports(agent, roles.documentationRolePromptPath);
}

/** A cont-EVAL agent that owns something other than eval reports (it also tunes code). */
export function isContEvalImplementationOwning(agent: RoleAgent, roles: RoleBindings): boolean {
  return isContEvalAgent(agent, roles) && agent.ownedPaths.some((p) => !isContEvalReportPath(p));
}

export function isContEvalReportOnly(agent: RoleAgent, roles: RoleBindings): boolean {
  return isContEvalAgent(agent, roles) && !isContEvalImplementationOwning(agent, roles);
}

/** Every closure stage this agent matches, in sweep order (more than one is a validation error). */
export function closureStagesOf(agent: RoleAgent, roles: RoleBindings): ClosureStage[] {
  const out: ClosureStage[] = [];
  for (const stage of CLOSURE_STAGES) {
    const match =
      stage === "cont-eval"
        ? isContEvalAgent(agent, roles)
        : stage === "security"
          ? isSecurityReviewer(agent, roles)
          : stage === "integration"
            ? isIntegrationSteward(agent, roles)
            : stage === "documentation"
              ? isDocumentationSteward(agent, roles)
              : isContQaAgent(agent, roles);
    if (match) out.push(stage);
  }
  return out;
}

/**
 * The closure stage this agent runs in, or null for agents that run with the implementation
 * agents. When an agent matches several (a validation error), a match by agent id wins, then
 * the sweep order.
 */
export function closureStageOf(agent: RoleAgent, roles: RoleBindings): ClosureStage | null {
  const stages = closureStagesOf(agent, roles);
  if (stages.length <= 1) return stages[0] ?? null;
  const byId: Partial<Record<ClosureStage, string>> = {
    "cont-qa": roles.contQaAgentId,
    "cont-eval": roles.contEvalAgentId,
    integration: roles.integrationAgentId,
    documentation: roles.documentationAgentId,
  };
  return stages.find((s) => byId[s] === agent.agentId) ?? stages[0]!;
}

function titleHasWord(title: string, word: string): boolean {
  return new RegExp(`\\b${word}\\b`, "i").test(title);
}

/**
 * When an agent runs in a wave: a closure stage (declared, or by its role), else `design` for a
 * design agent, else `implementation`.
 */
export function agentPhaseOf(
  agent: RoleAgent & Partial<Pick<AgentDefinition, "closureStage">>,
  roles: RoleBindings,
): ClosureStage | "design" | "implementation" {
  return agent.closureStage ?? closureStageOf(agent, roles) ?? (isDesignAgent(agent, roles) ? "design" : "implementation");
}

/**
 * The runtime role (used for executor defaults by role, skills, `WAVE_ROLE`): the closure role
 * (cont-QA, cont-EVAL, integration, documentation), then design, security, then infra / deploy /
 * research by capability prefix or a word in the title, else implementation.
 */
export function inferAgentRole(agent: RoleAgent, roles: RoleBindings): AgentRole {
  const stage = closureStageOf(agent, roles);
  if (stage && stage !== "security") return stage;
  if (isDesignAgent(agent, roles)) return "design";
  if (stage === "security") return "security";
  const caps = agent.capabilities.map((c) => c.trim().toLowerCase());
  for (const role of ["infra", "deploy", "research"] as const) {
    if (caps.some((c) => c.startsWith(role)) || titleHasWord(agent.title, role)) return role;
  }
  return "implementation";
}

/**
 * True for agents whose work is implementation (they must carry exit contracts, may own
 * components): not cont-QA, integration or documentation, not a report-only cont-EVAL, not a
 * docs-only design agent, not a security reviewer.
 */
export function isImplementationOwning(agent: RoleAgent, roles: RoleBindings): boolean {
  if (isContQaAgent(agent, roles) || isIntegrationSteward(agent, roles) || isDocumentationSteward(agent, roles)) return false;
  if (isContEvalReportOnly(agent, roles)) return false;
  if (isDocsOnlyDesignAgent(agent, roles)) return false;
  if (isSecurityReviewer(agent, roles)) return false;
  return true;
}

/** The report an agent of this closure stage writes (cont-QA, cont-EVAL, security), or null. */
export function reportPathFor(agent: RoleAgent, roles: RoleBindings): string | null {
  switch (closureStageOf(agent, roles)) {
    case "cont-qa":
      return contQaReportPath(agent);
    case "cont-eval":
      return contEvalReportPath(agent);
    case "security":
      return securityReportPath(agent);
    default:
      return isDesignAgent(agent, roles) ? designPacketPath(agent) : null;
  }
}
