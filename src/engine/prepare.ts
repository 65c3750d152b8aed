/**
 * Prepares a wave for running: loads and validates the project, picks the wave, and resolves for
 * each agent its role, phase, executor, skills, report path and fingerprint.
 */
import { budgetWatchProblem } from "../usage/capability.js";
import type { WaveRoles } from "../closure/index.js";
import { UserError } from "../errors.js";
import { agentFingerprint } from "../prompt/compose.js";
import { resolveSkills } from "../prompt/skills.js";
import { loadProject, type LoadedProject } from "../wave/index.js";
import {
  closureStageOf,
  designPacketPath,
  inferAgentRole,
  isDesignAgent,
  isImplementationOwning,
  isSecurityReviewer,
  reportPathFor,
} from "../wave/roles.js";
import { closurePolicyFor } from "../wave/closure-policy.js";
import type { ClosurePolicy, LaneSettings, WaveDefinition } from "../wave/schema.js";
import { formatDiagnosticText, isError } from "../wave/diagnostics.js";
import type { RunOptions } from "./options.js";
import type { AgentPhase } from "./plan.js";
import type { PreparedAgent } from "./types.js";

export interface PreparedWave {
  project: LoadedProject;
  lane: LaneSettings;
  laneName: string;
  wave: WaveDefinition;
  agents: PreparedAgent[];
  roles: WaveRoles;
  policy: ClosurePolicy;
  /** Non-fatal notes (warnings of the wave file, skill problems). */
  warnings: string[];
}

export async function prepareWave(options: RunOptions): Promise<PreparedWave> {
  const project = loadProject({
    root: options.root,
    configPath: options.configPath,
    lane: options.lane,
    cliExecutor: options.executor,
  });
  const wave = project.waves.find((w) => w.wave === options.wave);
  const relevant = project.diagnostics.filter((d) => d.wave === undefined || d.wave === options.wave);
  const errors = relevant.filter(isError);
  if (errors.length > 0) {
    throw new UserError(
      `wave ${options.wave} is not valid:\n${errors.map((d) => `  ${formatDiagnosticText(d)}`).join("\n")}`,
      2,
    );
  }
  if (!wave) {
    const known = project.waves.map((w) => w.wave).join(", ") || "none";
    throw new UserError(`wave ${options.wave} not found in ${project.lane.wavesDir} (waves: ${known})`, 2);
  }
  const lane = project.lane;
  const roles = lane.roles;
  const warnings = relevant.filter((d) => !isError(d)).map((d) => formatDiagnosticText(d));
  const agents: PreparedAgent[] = [];
  for (const agent of wave.agents) {
    const role = agent.role ?? inferAgentRole(agent, roles);
    const stage = agent.closureStage ?? closureStageOf(agent, roles);
    const executor = agent.resolvedExecutor;
    if (!executor) throw new UserError(`agent ${agent.agentId} of wave ${wave.wave} has no resolved executor`, 2);
    const phase: AgentPhase = stage ?? (isDesignAgent(agent, roles) ? "design" : "implementation");
    const deployKind = wave.deployEnvironments.find((d) => d.isDefault)?.kind ?? null;
    const { skills, problems } = await resolveSkills(options.root, lane.skills, {
      role,
      runtime: executor.id,
      deployKind,
      explicit: agent.skills,
    });
    warnings.push(...problems.map((p) => `${wave.file}:${agent.line}: agent ${agent.agentId}: ${p}`));
    const unwatched = budgetWatchProblem(executor, lane.pricing, options.maxBudgetUsd);
    if (unwatched) warnings.push(`${wave.file}:${agent.line}: agent ${agent.agentId}: ${unwatched}`);
    agents.push({
      agent,
      role,
      phase,
      executor,
      skills,
      fingerprint: agentFingerprint({ agent, executorId: executor.id, model: executor.model, skills }),
      reportPath: phase === "design" ? designPacketPath(agent) : reportPathFor(agent, roles),
    });
  }
  const declared = new Set(wave.agents.map((a) => a.agentId));
  const idIf = (id: string) => (declared.has(id) ? id : null);
  const waveRoles: WaveRoles = {
    contQaAgentId: idIf(roles.contQaAgentId),
    contEvalAgentId: idIf(roles.contEvalAgentId),
    integrationAgentId: agents.find((a) => a.phase === "integration")?.agent.agentId ?? idIf(roles.integrationAgentId),
    documentationAgentId: agents.find((a) => a.phase === "documentation")?.agent.agentId ?? idIf(roles.documentationAgentId),
    securityAgentIds: wave.agents.filter((a) => isSecurityReviewer(a, roles)).map((a) => a.agentId),
    designAgentIds: wave.agents.filter((a) => isDesignAgent(a, roles)).map((a) => a.agentId),
    implementationAgentIds: wave.agents.filter((a) => isImplementationOwning(a, roles)).map((a) => a.agentId),
    reportPaths: Object.fromEntries(agents.map((a) => [a.agent.agentId, a.reportPath])),
  };
  return {
    project,
    lane,
    laneName: project.laneName,
    wave,
    agents,
    roles: waveRoles,
    policy: closurePolicyFor(wave, lane.hasConfig ? lane : null),
    warnings,
  };
}
