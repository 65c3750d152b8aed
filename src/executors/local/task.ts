/**
 * The task file of the built-in `local` agent (`<overlay>/local-task.json`) as the orchestrator
 * writes it: everything the agent needs to create its deliverables and print its role's markers,
 * so it never parses a prompt. Built here from the wave model (`buildLocalTask`); the agent process
 * never loads this module (nor zod, nor the wave model): it reads the file with ./task-file.ts,
 * whose type `LocalTask` this module's schema is held to (the same fields, the same types).
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
import { DEFAULT_COMPONENT_LEVEL, type LocalTask } from "./task-file.js";

export { LOCAL_TASK_FILE, type LocalTask, NONCE_FROM_ENV } from "./task-file.js";

/** The task file's schema, for the orchestrator's side and tests (the agent checks it by hand: task-file.ts). */
export const LocalTaskSchema = z.object({
  version: z.literal(1),
  lane: z.string(),
  wave: z.number().int().nonnegative(),
  agentId: z.string().min(1),
  title: z.string(),
  role: AgentRoleSchema,
  root: z.string().min(1),
  deliverables: z.array(z.string()),
  proofArtifacts: z.array(z.string()),
  ownedPaths: z.array(z.string()),
  components: z.array(z.object({ id: z.string().min(1), level: z.string().min(1) })),
  exitContract: ExitContractSchema.nullable(),
  implementationOwning: z.boolean(),
  reportPath: z.string().nullable(),
  evalTargets: z.array(z.object({ id: z.string().min(1), benchmarks: z.array(z.string()) })),
  markerNonce: z.string().nullable(),
});

/** True when A and B are the same type (each assignable to the other, checked invariantly). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The schema and the agent's hand-written type must not drift apart: this fails to compile if they do. */
const schemaMatchesType: Same<z.infer<typeof LocalTaskSchema>, LocalTask> = true;
void schemaMatchesType;

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
