/**
 * The wave model: zod schemas for everything parsed from wave files and wave.config.json.
 * These schemas are the single source of truth for the types used across the engine.
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";
import { PricingSchema } from "../usage/schema.js";
import {
  agentCommonShape,
  BUDGET_KEYS,
  type BudgetInput,
  ExecutorIdSchema,
  laneSections,
  optionalSections,
  resolvedSections,
  settingsSections,
} from "./executor-vocabulary.js";

/** The executor ids and the budget shape are declared with the executor vocabulary. */
export {
  type BudgetInput,
  EXECUTOR_IDS,
  type ExecutorId,
  ExecutorIdSchema,
} from "./executor-vocabulary.js";

export const AGENT_ROLES = [
  "implementation",
  "design",
  "security",
  "infra",
  "deploy",
  "research",
  "cont-eval",
  "integration",
  "documentation",
  "cont-qa",
] as const;
export const AgentRoleSchema = lazySchema(() => z.enum(AGENT_ROLES));
export type AgentRole = z.infer<typeof AgentRoleSchema>;

/** Closure stages in the order the sweep runs them. */
export const CLOSURE_STAGES = ["cont-eval", "security", "integration", "documentation", "cont-qa"] as const;
export type ClosureStage = (typeof CLOSURE_STAGES)[number];

export const COMPLETION_LEVELS = ["contract", "integrated", "authoritative", "live"] as const;
export const DURABILITY_LEVELS = ["none", "ephemeral", "durable"] as const;
export const PROOF_LEVELS = ["unit", "integration", "live"] as const;
export const DOC_IMPACT_LEVELS = ["none", "owned", "shared-plan"] as const;
export const MATURITY_LEVELS = [
  "inventoried",
  "contract-frozen",
  "repo-landed",
  "baseline-proved",
  "pilot-live",
  "qa-proved",
  "fleet-ready",
  "cutover-ready",
  "deprecation-ready",
] as const;
export const PROOF_CENTRIC_LEVEL = "pilot-live";

export const ExitContractSchema = lazySchema(() =>
  z.object({
    completion: z.string().nullable(),
    durability: z.string().nullable(),
    proof: z.string().nullable(),
    docImpact: z.string().nullable(),
  }),
);
export type ExitContract = z.infer<typeof ExitContractSchema>;

export const ProofArtifactSchema = lazySchema(() =>
  z.object({
    path: z.string(),
    kind: z.string().nullable(),
    requiredFor: z.array(z.string()),
  }),
);
export type ProofArtifact = z.infer<typeof ProofArtifactSchema>;

export const EvalTargetSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    selection: z.enum(["pinned", "delegated"]),
    benchmarkFamily: z.string().nullable(),
    benchmarks: z.array(z.string()),
    objective: z.string(),
    threshold: z.string(),
  }),
);
export type EvalTarget = z.infer<typeof EvalTargetSchema>;

export const DeployEnvironmentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    isDefault: z.boolean(),
    notes: z.string().nullable(),
  }),
);
export type DeployEnvironment = z.infer<typeof DeployEnvironmentSchema>;

export const ComponentPromotionSchema = lazySchema(() =>
  z.object({
    componentId: z.string(),
    targetLevel: z.string(),
  }),
);
export type ComponentPromotion = z.infer<typeof ComponentPromotionSchema>;

export const Context7SelectionSchema = lazySchema(() =>
  z.object({
    bundle: z.string().nullable(),
    query: z.string().nullable(),
  }),
);
export type Context7Selection = z.infer<typeof Context7SelectionSchema>;

/* ------------------------------------------------------------------ executor settings */

/*
 * The settings of each CLI (one section per entry of src/executors/sections.ts), derived from the
 * tables by src/wave/executor-vocabulary.ts: the fields of one layer (agent, profile: all
 * optional), what the builder gets (defaults filled in) and the lane's (with the CLI's lane model).
 */

/** The resolved budget: the agent's own keys over its profile's, null where neither sets one. */
export const BudgetSchema = lazySchema(() =>
  z.object({
    turns: z.number().int().positive().nullable(),
    minutes: z.number().positive().nullable(),
    usd: z.number().positive().nullable(),
    tokens: z.number().int().positive().nullable(),
  }),
);
export type Budget = z.infer<typeof BudgetSchema>;

/** The `### Executor` section of one agent, as written (all keys optional). */
export const AgentExecutorConfigSchema = lazySchema(() =>
  z.object({
    ...agentCommonShape(),
    ...optionalSections(settingsSections()),
  }),
);
export type AgentExecutorConfig = z.infer<typeof AgentExecutorConfigSchema>;

/* ------------------------------------------------------------------ resolved executor */

export const ResolvedExecutorSchema = lazySchema(() =>
  z.object({
    id: ExecutorIdSchema,
    selectedBy: z.enum(["agent-id", "agent-profile", "lane-role-default", "cli", "config-default", "builtin-default"]),
    role: AgentRoleSchema,
    profile: z.string().nullable(),
    model: z.string().nullable(),
    /** Executors to try, in order, when this one fails for a transport reason. */
    fallbacks: z.array(ExecutorIdSchema),
    retryPolicy: z.enum(["sticky", "fallback-allowed"]),
    allowFallbackOnRetry: z.boolean(),
    budget: BudgetSchema,
    tags: z.array(z.string()),
    /** Extra environment variable names passed through to the agent. */
    env: z.array(z.string()),
    /** Hosts or ecosystems the agent may reach in the sandbox, besides the run's `network.allowed`. */
    networkAllowed: z.array(z.string()),
    ...resolvedSections(),
  }),
);
export type ResolvedExecutor = z.infer<typeof ResolvedExecutorSchema>;

/* ------------------------------------------------------------------ wave definition */

export const AgentDefinitionSchema = lazySchema(() =>
  z.object({
    agentId: z.string(),
    title: z.string(),
    /** `slugify(`${wave}-${agentId}`)`, used in per-agent file names. */
    slug: z.string(),
    /** 1-based line of the `## Agent` heading in the wave file. */
    line: z.number().int().positive(),
    /** 1-based line of the first line inside the prompt fence (0 when missing). */
    promptLine: z.number().int().nonnegative(),
    /** The agent's own prompt text (inside the `### Prompt` fence). */
    promptOverlay: z.string(),
    /** Standing prompts of the role prompt files + the overlay, joined by a blank line. */
    prompt: z.string(),
    rolePromptPaths: z.array(z.string()),
    context7: Context7SelectionSchema.nullable(),
    exitContract: ExitContractSchema.nullable(),
    executor: AgentExecutorConfigSchema,
    components: z.array(z.string()),
    componentTargets: z.record(z.string(), z.string().nullable()),
    capabilities: z.array(z.string()),
    skills: z.array(z.string()),
    deliverables: z.array(z.string()),
    proofArtifacts: z.array(ProofArtifactSchema),
    /** Paths from the `File ownership` list in the prompt; a trailing `/` means a directory prefix. */
    ownedPaths: z.array(z.string()),
    /**
     * Which `### ` sub-sections were present, by name, with their 1-based heading line; also
     * "File ownership": the line of the ownership label inside the prompt.
     */
    sectionLines: z.record(z.string(), z.number().int().positive()),
    /** Runtime role, set by `loadProject` (see `inferAgentRole` in src/wave/roles.ts). */
    role: AgentRoleSchema.optional(),
    /** Closure stage this agent holds, or null for implementation-style agents; set by `loadProject`. */
    closureStage: z.enum(CLOSURE_STAGES).nullable().optional(),
    /** Executor resolved for this lane and CLI selection; set by `loadProject` when resolution succeeded. */
    resolvedExecutor: ResolvedExecutorSchema.optional(),
  }),
);
export type AgentDefinition = z.infer<typeof AgentDefinitionSchema>;

export const WaveDefinitionSchema = lazySchema(() =>
  z.object({
    wave: z.number().int().nonnegative(),
    /** Repository-relative path of the wave file (forward slashes). */
    file: z.string(),
    title: z.string().nullable(),
    commitMessage: z.string().nullable(),
    deployEnvironments: z.array(DeployEnvironmentSchema),
    evalTargets: z.array(EvalTargetSchema),
    context7Defaults: Context7SelectionSchema.nullable(),
    componentPromotions: z.array(ComponentPromotionSchema),
    agents: z.array(AgentDefinitionSchema),
    /** sha256 of the file's bytes: used to check that a resumed state belongs to the same wave file. */
    fingerprint: z.string(),
    /** 1-based heading lines of the wave-level sections present (plus "Title" and "Commit message"). */
    sectionLines: z.record(z.string(), z.number().int().positive()).optional(),
    /** `**Ownership**: strict|report`: a change outside what an agent owns fails its gate, or warns (src/closure/ownership.ts). */
    ownership: z.enum(["strict", "report"]).optional(),
  }),
);
export type WaveDefinition = z.infer<typeof WaveDefinitionSchema>;

/* ------------------------------------------------------------------ diagnostics */

export const DiagnosticSchema = lazySchema(() =>
  z.object({
    file: z.string(),
    line: z.number().int().nonnegative(),
    column: z.number().int().positive().optional(),
    message: z.string(),
    wave: z.number().int().nonnegative().optional(),
    agentId: z.string().optional(),
    severity: z.enum(["error", "warning"]).default("error"),
  }),
);
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

/* ------------------------------------------------------------------ lane context used by the engine */

/** Which agent ids and role-prompt paths hold the closure roles in a lane. */
export const RoleBindingsSchema = lazySchema(() =>
  z.object({
    rolePromptDir: z.string(),
    contQaAgentId: z.string(),
    contEvalAgentId: z.string(),
    integrationAgentId: z.string(),
    documentationAgentId: z.string(),
    contQaRolePromptPath: z.string(),
    contEvalRolePromptPath: z.string(),
    integrationRolePromptPath: z.string(),
    documentationRolePromptPath: z.string(),
    securityRolePromptPath: z.string(),
    designRolePromptPath: z.string(),
  }),
);
export type RoleBindings = z.infer<typeof RoleBindingsSchema>;

/**
 * What the closure sweep requires. Without a wave.config.json, `requiredStages` is empty (no
 * closure stage is required; declared closure agents still run and gate). With a config, the
 * reference's rules decide (cont-QA always required, integration/documentation from thresholds).
 */
export const ClosurePolicySchema = lazySchema(() =>
  z.object({
    hasConfig: z.boolean(),
    requiredStages: z.array(z.enum(CLOSURE_STAGES)),
    /** "bootstrap" | "standard" | "strict", from gateModeThresholds for this wave. */
    gateMode: z.enum(["bootstrap", "standard", "strict"]),
    closureMode: z.enum(["bootstrap", "standard", "strict"]),
    autoClosure: z.object({
      allowInferredIntegration: z.boolean(),
      allowAutoDocNoChange: z.boolean(),
      allowAutoDocProjection: z.boolean(),
      allowSkipContQaInBootstrap: z.boolean(),
    }),
    requireComponentPromotions: z.boolean(),
  }),
);
export type ClosurePolicy = z.infer<typeof ClosurePolicySchema>;

/* ------------------------------------------------------------------ lane settings (normalized config) */

/** A wave-number threshold: the rule applies from this wave on; `null` disables the rule. */
export const ThresholdSchema = lazySchema(() => z.number().int().nonnegative().nullable());

export const ModeThresholdsSchema = lazySchema(() =>
  z.object({
    bootstrap: z.number().int().nonnegative(),
    standard: z.number().int().nonnegative(),
    strict: z.number().int().nonnegative(),
  }),
);
export type ModeThresholds = z.infer<typeof ModeThresholdsSchema>;

export const AutoClosureSchema = lazySchema(() =>
  z.object({
    allowInferredIntegration: z.boolean(),
    allowAutoDocNoChange: z.boolean(),
    allowAutoDocProjection: z.boolean(),
    allowSkipContQaInBootstrap: z.boolean(),
  }),
);

export const ValidationSettingsSchema = lazySchema(() =>
  z.object({
    requiredPromptReferences: z.array(z.string()),
    requireDocumentationStewardFromWave: ThresholdSchema,
    requireContext7DeclarationsFromWave: ThresholdSchema,
    requireExitContractsFromWave: ThresholdSchema,
    requireIntegrationStewardFromWave: ThresholdSchema,
    requireComponentPromotionsFromWave: ThresholdSchema,
    requireAgentComponentsFromWave: ThresholdSchema,
    gateModeThresholds: ModeThresholdsSchema,
    closureModeThresholds: ModeThresholdsSchema,
    autoClosure: AutoClosureSchema,
  }),
);
export type ValidationSettings = z.infer<typeof ValidationSettingsSchema>;

/** An executor profile from `executors.profiles.<name>`, normalized. */
export const ExecutorProfileSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    id: ExecutorIdSchema.nullable(),
    model: z.string().nullable(),
    fallbacks: z.array(ExecutorIdSchema),
    tags: z.array(z.string()),
    budget: BudgetSchema,
    retryPolicy: z.enum(["sticky", "fallback-allowed"]).nullable(),
    allowFallbackOnRetry: z.boolean().nullable(),
    env: z.array(z.string()),
    ...settingsSections(),
  }),
);
export type ExecutorProfile = z.infer<typeof ExecutorProfileSchema>;

/** Lane-level executor settings (`executors.*`), normalized; values absent from the config stay absent. */
export const LaneExecutorsSchema = lazySchema(() =>
  z.object({
    default: ExecutorIdSchema,
    /** True when `executors.default` was written in the config (selectedBy "config-default"). */
    defaultFromConfig: z.boolean(),
    profiles: z.record(z.string(), ExecutorProfileSchema),
    ...laneSections(),
  }),
);
export type LaneExecutors = z.infer<typeof LaneExecutorsSchema>;

export const RuntimePolicySchema = lazySchema(() =>
  z.object({
    runtimeMixTargets: z.partialRecord(ExecutorIdSchema, z.number().int().nonnegative()),
    defaultExecutorByRole: z.partialRecord(AgentRoleSchema, ExecutorIdSchema),
    fallbackExecutorOrder: z.array(ExecutorIdSchema),
    requireMarkerNonce: z.boolean(),
    /** Implementation agents per job before a wave is sharded; null: never sharded. */
    maxAgentsPerJob: z.number().int().positive().nullable(),
  }),
);
export type RuntimePolicy = z.infer<typeof RuntimePolicySchema>;

export const LaneSkillsSchema = lazySchema(() =>
  z.object({
    dir: z.string(),
    base: z.array(z.string()),
    byRole: z.record(z.string(), z.array(z.string())),
    byRuntime: z.record(z.string(), z.array(z.string())),
    byDeployKind: z.record(z.string(), z.array(z.string())),
  }),
);
export type LaneSkills = z.infer<typeof LaneSkillsSchema>;

/**
 * Everything the engine needs to know about one lane: the config resolved for (project, lane),
 * or the built-in defaults when there is no wave.config.json (`hasConfig: false`).
 * All paths are repository-relative with forward slashes.
 */
export const LaneSettingsSchema = lazySchema(() =>
  z.object({
    lane: z.string(),
    project: z.string(),
    hasConfig: z.boolean(),
    /** Repository-relative path of the config file that was read, or null. */
    configFile: z.string().nullable(),
    docsDir: z.string(),
    plansDir: z.string(),
    /** The waves directory actually used (the legacy `<docsDir>/waves` when only that one exists). */
    wavesDir: z.string(),
    sharedPlanDocs: z.array(z.string()),
    roles: RoleBindingsSchema,
    validation: ValidationSettingsSchema,
    executors: LaneExecutorsSchema,
    runtimePolicy: RuntimePolicySchema,
    skills: LaneSkillsSchema,
    pricing: PricingSchema,
    /** The config's `sandbox` (auto|on|off), or null: the input/flag decides (default off). */
    sandbox: z.enum(["auto", "on", "off"]).nullable().optional(),
    /** The config's `ownership` (strict|report), or null: the wave file's, else `report` (src/closure/ownership.ts). */
    ownership: z.enum(["strict", "report"]).nullable().optional(),
    /** The config's `network.allowed` (top level, project and lane together): ecosystems or domains. */
    networkAllowed: z.array(z.string()).optional(),
    /** The config's `logs.maxBytes` (lane over project over top level): what an agent's log keeps of an attempt. */
    logMaxBytes: z.number().int().positive().optional(),
    capabilityRouting: z.object({ preferredAgents: z.record(z.string(), z.array(z.string())) }),
    paths: z.object({
      stateRoot: z.string(),
      context7BundleIndexPath: z.string(),
      benchmarkCatalogPath: z.string(),
      componentCutoverMatrixDocPath: z.string(),
      componentCutoverMatrixJsonPath: z.string(),
    }),
  }),
);
export type LaneSettings = z.infer<typeof LaneSettingsSchema>;

/** The agent's budget keys over its profile's. */
export function resolveBudget(own: BudgetInput | undefined, profile: Budget | undefined): Budget {
  const out = {} as Record<(typeof BUDGET_KEYS)[number], number | null>;
  for (const key of BUDGET_KEYS) out[key] = own?.[key] ?? profile?.[key] ?? null;
  return out as Budget;
}
