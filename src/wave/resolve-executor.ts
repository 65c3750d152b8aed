/**
 * Executor resolution: the agent's `### Executor` section + its profile + the lane's settings +
 * the CLI's `--executor` → ResolvedExecutor.
 *
 * Which executor runs an agent, first match wins:
 *   1. the agent's own `id`                    (selectedBy "agent-id")
 *   2. the `id` of the agent's profile         ("agent-profile")
 *   3. `--executor` given on the command line  ("cli")
 *   4. the lane's `defaultExecutorByRole[role]`("lane-role-default")
 *   5. `executors.default` in the config       ("config-default")
 *   6. `codex`                                 ("builtin-default")
 * Unlike the reference, an explicit `--executor` beats lane role defaults, profile-level
 * `retryPolicy`/`allowFallbackOnRetry` are honoured, and a wave whose promotions are proof-centric
 * makes its agents sticky by default.
 */
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
export function agentRequiresProofCentricValidation(agent: Pick<AgentDefinition, "components" | "componentTargets" | "proofArtifacts">): boolean {
  if (agent.components.some((c) => proofCentric(agent.componentTargets[c]))) return true;
  return agent.proofArtifacts.some((a) => a.requiredFor.length === 0 || a.requiredFor.some(proofCentric));
}

/** A wave is proof-centric when one of its component promotions targets pilot-live or above. */
export function waveRequiresProofCentricValidation(wave: Pick<WaveDefinition, "componentPromotions">): boolean {
  return wave.componentPromotions.some((p) => proofCentric(p.targetLevel));
}

function unique<T>(...lists: (readonly T[] | undefined)[]): T[] {
  return [...new Set(lists.flatMap((l) => l ?? []))];
}

/** Later layers win for scalar keys; the listed array keys are merged (unique, in order). */
function mergeLayers<T extends Record<string, unknown>>(arrayKeys: readonly string[], ...layers: (Partial<T> | undefined)[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [k, v] of Object.entries(layer)) {
      if (v === undefined || v === null) continue;
      if (arrayKeys.includes(k)) out[k] = unique(out[k] as unknown[] | undefined, v as unknown[]);
      else out[k] = v;
    }
  }
  return out as Partial<T>;
}

export interface ResolveExecutorInput {
  agent: AgentDefinition;
  wave: Pick<WaveDefinition, "componentPromotions">;
  lane: Pick<LaneSettings, "executors" | "runtimePolicy">;
  role: AgentRole;
  /** `--executor` given explicitly on the command line. */
  cliExecutor?: ExecutorId | undefined;
}

function pickId(input: ResolveExecutorInput, profile: ExecutorProfile | null): { id: ExecutorId; selectedBy: ResolvedExecutor["selectedBy"] } {
  const { agent, lane, role, cliExecutor } = input;
  if (agent.executor.id) return { id: agent.executor.id, selectedBy: "agent-id" };
  if (profile?.id) return { id: profile.id, selectedBy: "agent-profile" };
  if (cliExecutor) return { id: cliExecutor, selectedBy: "cli" };
  const byRole = lane.runtimePolicy.defaultExecutorByRole[role];
  if (byRole) return { id: byRole, selectedBy: "lane-role-default" };
  if (lane.executors.defaultFromConfig) return { id: lane.executors.default, selectedBy: "config-default" };
  return { id: "codex", selectedBy: "builtin-default" };
}

function laneModel(ex: LaneExecutors, id: ExecutorId): string | null {
  if (id === "codex") return ex.codex.model ?? null;
  if (id === "claude") return ex.claude.model ?? null;
  if (id === "opencode") return ex.opencode.model ?? null;
  return null;
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
  const model = cfg.model ?? profile?.model ?? laneModel(ex, id);

  const proof = agentRequiresProofCentricValidation(agent) || waveRequiresProofCentricValidation(wave);
  const explicitAllow = cfg.allowFallbackOnRetry ?? profile?.allowFallbackOnRetry ?? null;
  const explicitPolicy = cfg.retryPolicy ?? profile?.retryPolicy ?? null;
  const allowFallbackOnRetry = explicitAllow !== null ? explicitAllow : explicitPolicy !== null ? explicitPolicy !== "sticky" : !proof;
  const retryPolicy = explicitPolicy ?? (allowFallbackOnRetry ? "fallback-allowed" : "sticky");
  const declared = unique(profile?.fallbacks, cfg.fallbacks).filter((f) => f !== id);
  const fallbacks = !allowFallbackOnRetry
    ? []
    : declared.length > 0
      ? declared
      : lane.runtimePolicy.fallbackExecutorOrder.filter((f) => f !== id);

  const codex = mergeLayers(["config", "images", "addDirs"], ex.codex, profile?.codex, cfg.codex);
  const claude = mergeLayers(["mcpConfig", "allowedTools", "disallowedTools", "allowedHttpHookUrls"], ex.claude, profile?.claude, cfg.claude);
  const opencode = mergeLayers(["instructions", "files", "envKeys"], ex.opencode, profile?.opencode, cfg.opencode);
  const commandArgv = cfg.command?.argv ?? profile?.command.argv ?? ex.command.argv;
  if (id === "command" && !commandArgv) {
    return {
      ok: false,
      error: `Agent ${agent.agentId} uses the command executor but no argv is given (set "- command: <program> [args…]" in its ### Executor section or executors.command.argv in wave.config.json)`,
    };
  }
  delete (codex as Record<string, unknown>).model;
  delete (claude as Record<string, unknown>).model;
  delete (opencode as Record<string, unknown>).model;

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
    codex: { ...codex, command: codex.command ?? ["codex"], sandbox: codex.sandbox ?? "danger-full-access" },
    claude: {
      ...claude,
      command: claude.command ?? ["claude"],
      outputFormat: claude.outputFormat ?? "stream-json",
      permissionMode: claude.permissionMode ?? "bypassPermissions",
      appendSystemPromptMode: claude.appendSystemPromptMode ?? "append",
    },
    opencode: { ...opencode, command: opencode.command ?? ["opencode"], format: opencode.format ?? "default" },
    command: commandArgv ? { argv: commandArgv } : {},
  };
  return { ok: true, executor };
}
