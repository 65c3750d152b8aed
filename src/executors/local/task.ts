/**
 * The task file of the built-in `local` agent (`<overlay>/local-task.json`): everything it needs to
 * create its deliverables and print its role's markers, so it never parses a prompt.
 */
import { z } from "zod";
import {
  contEvalReportPath,
  contQaReportPath,
  designPacketPath,
  isContEvalReportPath,
  isDesignPacketPath,
  securityReportPath,
} from "../../wave/roles.js";
import { AgentRoleSchema, type AgentRole, ExitContractSchema } from "../../wave/schema.js";
import type { ExecutorContext } from "../types.js";

export const LOCAL_TASK_FILE = "local-task.json";
/** Level printed for a component whose wave target is unknown. */
export const DEFAULT_COMPONENT_LEVEL = "repo-landed";

export const LocalTaskSchema = z.object({
  version: z.literal(1),
  lane: z.string(),
  wave: z.number().int().nonnegative(),
  agentId: z.string().min(1),
  title: z.string(),
  role: AgentRoleSchema,
  /** Absolute repository root; every path below is relative to it. */
  root: z.string().min(1),
  deliverables: z.array(z.string()),
  proofArtifacts: z.array(z.string()),
  ownedPaths: z.array(z.string()),
  components: z.array(z.object({ id: z.string().min(1), level: z.string().min(1) })),
  exitContract: ExitContractSchema.nullable(),
  /** Whether the agent also owns implementation work (prints proof / doc-delta / component markers). */
  implementationOwning: z.boolean(),
  /** The report (or design packet) its role writes, or null. */
  reportPath: z.string().nullable(),
  evalTargets: z.array(z.object({ id: z.string().min(1), benchmarks: z.array(z.string()) })),
  markerNonce: z.string().nullable(),
});
export type LocalTask = z.infer<typeof LocalTaskSchema>;

const IMPLEMENTATION_ROLES: readonly AgentRole[] = ["implementation", "infra", "deploy", "research"];

function derivedReportPath(ctx: ExecutorContext): string | null {
  switch (ctx.role) {
    case "cont-qa":
      return contQaReportPath(ctx.agent);
    case "cont-eval":
      return contEvalReportPath(ctx.agent);
    case "security":
      return securityReportPath(ctx.agent);
    case "design":
      return designPacketPath(ctx.agent);
    default:
      return null;
  }
}

function implementationOwning(ctx: ExecutorContext): boolean {
  if (IMPLEMENTATION_ROLES.includes(ctx.role)) return true;
  if (ctx.role === "cont-eval") return ctx.agent.ownedPaths.some((p) => !isContEvalReportPath(p));
  if (ctx.role === "design") return ctx.agent.ownedPaths.some((p) => !isDesignPacketPath(p));
  return false;
}

export function buildLocalTask(ctx: ExecutorContext): LocalTask {
  const { agent } = ctx;
  return {
    version: 1,
    lane: ctx.lane,
    wave: ctx.wave,
    agentId: agent.agentId,
    title: agent.title,
    role: ctx.role,
    root: ctx.root,
    deliverables: [...agent.deliverables],
    proofArtifacts: agent.proofArtifacts.map((a) => a.path),
    ownedPaths: [...agent.ownedPaths],
    components: agent.components.map((id) => ({ id, level: agent.componentTargets[id] ?? DEFAULT_COMPONENT_LEVEL })),
    exitContract: agent.exitContract,
    implementationOwning: implementationOwning(ctx),
    reportPath: ctx.reportPath !== undefined ? ctx.reportPath : derivedReportPath(ctx),
    evalTargets: (ctx.evalTargets ?? []).map((t) => ({ id: t.id, benchmarks: [...t.benchmarks] })),
    markerNonce: ctx.markerNonce,
  };
}
