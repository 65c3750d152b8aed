/**
 * Prepares a wave for running: loads and validates the project, picks the wave, and resolves for
 * each agent its role, phase, executor, skills, report path and fingerprint.
 */
import { budgetWatchProblem } from "../executors/capability.js";
import type { WaveRoles } from "../closure/types.js";
import { UserError } from "../errors.js";
import { agentFingerprint } from "../prompt/compose.js";
import { resolveSkills } from "../prompt/skills.js";
import { loadProject, type LoadedProject } from "../wave/project.js";
import { agentPhaseOf, designPacketPath, inferAgentRole, reportPathFor } from "../wave/roles.js";
import { waveRolesFor } from "../wave/validate.js";
import { closurePolicyFor } from "../wave/closure-policy.js";
import type { ClosurePolicy, LaneSettings, ResolvedExecutor, WaveDefinition } from "../wave/schema.js";
import { diagnosticPlace, formatDiagnosticText, isError } from "../wave/diagnostics.js";
import type { RunOptions } from "./options.js";
import type { AgentPhase } from "./rerun-plan.js";
import type { PreparedAgent } from "./types.js";
import {
  assignShards,
  formatShard,
  hasDesignAgents,
  isDesignJob,
  type ShardAgent,
  type ShardRole,
  shardAgentsOf,
  shardOfAgents,
} from "../shard/plan.js";

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
  /**
   * A sharded run: its role, the shard count, the shard of every implementation agent (0 for
   * design agents) and whether the wave has a design job (shard 0). A shard run's `agents` are its
   * own implementation agents, after the design agents it reuses from the design job; the design
   * job's are the design agents.
   */
  shard: { role: ShardRole; count: number; of: ReadonlyMap<string, number>; design: boolean } | null;
}

export interface PrepareOptions {
  /** The model proxy will carry agents of this executor: their budgets are watched at the wire. */
  proxied?(executor: ResolvedExecutor): boolean;
}

export async function prepareWave(options: RunOptions, prepare: PrepareOptions = {}): Promise<PreparedWave> {
  const project = loadProject({
    root: options.root,
    configPath: options.configPath,
    lane: options.lane,
    project: options.project,
    cliExecutor: options.executor,
  });
  const wave = project.waves.find((w) => w.wave === options.wave);
  const relevant = project.diagnostics.filter((d) => d.wave === undefined || d.wave === options.wave);
  const errors = relevant.filter(isError);
  if (errors.length > 0) {
    // Exit 1, as `wave validate` exits for the same errors: the wave files are wrong, not the call.
    throw new UserError(`wave ${options.wave} is not valid:\n${errors.map((d) => `  ${formatDiagnosticText(d)}`).join("\n")}`, 1);
  }
  if (!wave) {
    const known = project.waves.map((w) => w.wave).join(", ") || "none";
    throw new UserError(`wave ${options.wave} not found in ${project.lane.wavesDir} (waves: ${known})`, 2);
  }
  const lane = project.lane;
  const roles = lane.roles;
  // Shown as warnings already ("warning: <place>: <message>"): no second "warning:" inside.
  const warnings = relevant.filter((d) => !isError(d)).map((d) => `${diagnosticPlace(d)}: ${d.message}`);
  const agents: PreparedAgent[] = [];
  for (const agent of wave.agents) {
    const role = agent.role ?? inferAgentRole(agent, roles);
    const executor = agent.resolvedExecutor;
    if (!executor) throw new UserError(`agent ${agent.agentId} of wave ${wave.wave} has no resolved executor`, 2);
    const phase: AgentPhase = agentPhaseOf(agent, roles);
    const deployKind = wave.deployEnvironments.find((d) => d.isDefault)?.kind ?? null;
    const { skills, problems } = await resolveSkills(options.root, lane.skills, {
      role,
      runtime: executor.id,
      deployKind,
      explicit: agent.skills,
    });
    warnings.push(...problems.map((p) => `${wave.file}:${agent.line}: agent ${agent.agentId}: ${p}`));
    const unwatched = prepare.proxied?.(executor) ? null : budgetWatchProblem(executor, lane.pricing, options.maxBudgetUsd);
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
  // The same role derivation validation checks the gates with (validate agrees with run).
  const waveRoles: WaveRoles = waveRolesFor(wave, roles);
  const shard = options.shard ? shardOf(options.shard, options.shardFrom?.length ?? 0, shardAgentsOf(wave, roles), wave.wave) : null;
  const shardIndex = options.shard?.kind === "shard" ? options.shard.index : null;
  const inShard = (id: string) => {
    const of = shard?.of.get(id);
    return of === shardIndex || of === 0;
  };
  return {
    project,
    lane,
    laneName: project.laneName,
    wave,
    agents: shardIndex === null ? agents : agents.filter((a) => inShard(a.agent.agentId)),
    roles: waveRoles,
    policy: closurePolicyFor(wave, lane.hasConfig ? lane : null),
    warnings,
    shard,
  };
}

/** Which shard each agent runs in (src/shard/plan.ts); a shard the wave does not have is refused. */
function shardOf(role: ShardRole, fromCount: number, agents: readonly ShardAgent[], wave: number): NonNullable<PreparedWave["shard"]> {
  const what = `wave run --wave ${wave} ${role.kind === "closure" ? "--closure" : `--shard ${formatShard(role)}`}`;
  const design = hasDesignAgents(agents);
  if (isDesignJob(role) && !design) {
    throw new UserError(`${what}: wave ${wave} declares no design agents, so it has no design job (shard 0); its shards are 1..n`, 2);
  }
  const count = role.kind === "shard" ? role.count : fromCount;
  if (count < 1) throw new UserError(`${what}: name the shard runs to merge (--from <dir>, one per shard)`, 2);
  return { role, count, of: shardOfAgents(assignShards(agents, count), agents), design };
}
