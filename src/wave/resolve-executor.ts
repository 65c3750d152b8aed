/**
 * Executor resolution: the agent's `### Executor` section + its profile + the lane's settings +
 * the CLI's `--executor` → ResolvedExecutor.
 *
 * Which executor runs an agent, first match wins:
 *   1. `--executor` given on the command line  (selectedBy "cli")
 *   2. the agent's own `id`                    ("agent-id")
 *   3. the `id` of the agent's profile         ("agent-profile")
 *   4. the lane's `defaultExecutorByRole[role]`("lane-role-default")
 *   5. `executors.default` in the config       ("config-default")
 *   6. `codex`                                 ("builtin-default")
 * `--executor X` runs every agent on X and nothing else: no fallback to another executor, and a
 * model the agent or its profile wrote for another executor is not passed to X (the lane's model
 * for X is). A user who tries a wave "for free" with `--executor local` is never billed. Unlike
 * the reference, profile-level `retryPolicy`/`allowFallbackOnRetry` are honoured, and a wave whose
 * promotions are proof-centric makes its agents sticky by default.
 */
import { findAdapter } from "../executors/registry.js";
import { DEFAULT_EXECUTOR_ID, mergeSectionLayers, SECTION_NAMES, type SectionName } from "./executor-vocabulary.js";
import { MATURITY_LEVELS, PROOF_CENTRIC_LEVEL, resolveBudget } from "./schema.js";
import type {
  AgentDefinition,
  AgentRole,
  ExecutorId,
  ExecutorProfile,
  LaneExecutors,
  LaneSettings,
  ResolvedExecutor,
  WaveDefinition,
} from "./schema.js";

export type ResolveResult = { ok: true; executor: ResolvedExecutor } | { ok: false; error: string };

const levelIndex = (level: string | null | undefined) => (level ? (MATURITY_LEVELS as readonly string[]).indexOf(level) : -1);
const proofCentric = (level: string | null | undefined) => levelIndex(level) >= levelIndex(PROOF_CENTRIC_LEVEL);

/** An agent is proof-centric when it targets pilot-live or above, or carries proof artifacts that require it. */
export function agentRequiresProofCentricValidation(
  agent: Pick<AgentDefinition, "components" | "componentTargets" | "proofArtifacts">,
): boolean {
  if (agent.components.some((c) => proofCentric(agent.componentTargets[c]))) return true;
  return agent.proofArtifacts.some((a) => a.requiredFor.length === 0 || a.requiredFor.some(proofCentric));
}

/** A wave is proof-centric when one of its component promotions targets pilot-live or above. */
function waveRequiresProofCentricValidation(wave: Pick<WaveDefinition, "componentPromotions">): boolean {
  return wave.componentPromotions.some((p) => proofCentric(p.targetLevel));
}

function unique<T>(...lists: (readonly T[] | undefined)[]): T[] {
  return [...new Set(lists.flatMap((l) => l ?? []))];
}

export interface ResolveExecutorInput {
  agent: AgentDefinition;
  wave: Pick<WaveDefinition, "componentPromotions">;
  lane: Pick<LaneSettings, "executors" | "runtimePolicy">;
  role: AgentRole;
  /** `--executor` given explicitly on the command line. */
  cliExecutor?: ExecutorId | undefined;
}

function pickId(
  input: ResolveExecutorInput,
  profile: ExecutorProfile | null,
): { id: ExecutorId; selectedBy: ResolvedExecutor["selectedBy"] } {
  const { agent, lane, role, cliExecutor } = input;
  if (cliExecutor) return { id: cliExecutor, selectedBy: "cli" };
  if (agent.executor.id) return { id: agent.executor.id, selectedBy: "agent-id" };
  if (profile?.id) return { id: profile.id, selectedBy: "agent-profile" };
  const byRole = lane.runtimePolicy.defaultExecutorByRole[role];
  if (byRole) return { id: byRole, selectedBy: "lane-role-default" };
  if (lane.executors.defaultFromConfig) return { id: lane.executors.default, selectedBy: "config-default" };
  return { id: DEFAULT_EXECUTOR_ID, selectedBy: "builtin-default" };
}

/** The lane's model of the executor's CLI (`executors.<section>.model`), if it has one. */
function laneModel(ex: LaneExecutors, id: ExecutorId): string | null {
  const section = findAdapter(id)?.settings?.section;
  return section ? ((ex[section] as { model?: string }).model ?? null) : null;
}

/** Resolves the executor of one agent. Fails for an unknown profile or a `command` executor without argv. */
export function resolveExecutor(input: ResolveExecutorInput): ResolveResult {
  const { agent, lane, wave, role } = input;
  const cfg = agent.executor;
  const ex = lane.executors;
  let profile: ExecutorProfile | null = null;
  if (cfg.profile) {
    profile = ex.profiles[cfg.profile.toLowerCase()] ?? null;
    if (!profile) {
      const known = Object.keys(ex.profiles);
      return {
        ok: false,
        error: `Agent ${agent.agentId} references unknown executor profile "${cfg.profile}" (${known.length ? `profiles: ${known.join(", ")}` : "no profiles are configured"})`,
      };
    }
  }
  const { id, selectedBy } = pickId(input, profile);
  // The agent's (or profile's) model was written for the executor it names; under `--executor`
  // it reaches another executor only when the agent named none or the same one.
  const named = cfg.id ?? profile?.id ?? null;
  const ownModel = selectedBy !== "cli" || named === null || named === id ? (cfg.model ?? profile?.model) : undefined;
  const model = ownModel ?? laneModel(ex, id);

  const proof = agentRequiresProofCentricValidation(agent) || waveRequiresProofCentricValidation(wave);
  const explicitAllow = cfg.allowFallbackOnRetry ?? profile?.allowFallbackOnRetry ?? null;
  const explicitPolicy = cfg.retryPolicy ?? profile?.retryPolicy ?? null;
  const allowFallbackOnRetry = explicitAllow !== null ? explicitAllow : explicitPolicy !== null ? explicitPolicy !== "sticky" : !proof;
  const retryPolicy = explicitPolicy ?? (allowFallbackOnRetry ? "fallback-allowed" : "sticky");
  const declared = unique(profile?.fallbacks, cfg.fallbacks).filter((f) => f !== id);
  const fallbacks =
    !allowFallbackOnRetry || selectedBy === "cli"
      ? []
      : declared.length > 0
        ? declared
        : lane.runtimePolicy.fallbackExecutorOrder.filter((f) => f !== id);

  // Each CLI's settings: later layers win, list settings add up, defaults fill what nothing set,
  // the lane's model is not a CLI setting (all from the executor vocabulary).
  const sections = Object.fromEntries(
    SECTION_NAMES.map((section) => [section, mergeSectionLayers(section, ex[section], profile?.[section], cfg[section])]),
  ) as Pick<ResolvedExecutor, SectionName>;

  const executor: ResolvedExecutor = {
    id,
    selectedBy,
    role,
    profile: profile?.name ?? null,
    model,
    fallbacks,
    retryPolicy,
    allowFallbackOnRetry,
    budget: resolveBudget(cfg.budget, profile?.budget),
    tags: unique(profile?.tags, cfg.tags),
    env: unique(profile?.env, cfg.env),
    networkAllowed: unique(undefined, cfg.networkAllowed),
    ...sections,
  };
  const problem = findAdapter(id)?.settingsProblem?.(executor, agent.agentId) ?? null;
  if (problem !== null) return { ok: false, error: problem };
  return { ok: true, executor };
}
