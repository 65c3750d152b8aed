/**
 * zod schema of wave.config.json as written on disk (every key optional). Normalization into
 * LaneSettings (defaults, merging of project and lane levels) lives in config.ts.
 *
 * Objects are strict: unknown keys are found by the loader and reported as warnings (they are
 * ignored, as the reference ignores them), everything else that does not fit is an error that
 * names the JSON path.
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";
import { PricingSchema } from "../usage/schema.js";
import { repoPathProblem } from "./repo-paths.js";
import { allowedEntryProblem } from "../sandbox/ecosystems.js";
import { configSections, ExecutorIdSchema, JsonObjectSchema, optionalSections, profileCommonShape, Str } from "./executor-vocabulary.js";

/** A repository-relative path: no leading `/`, no `..`. */
export const RepoPathSchema = lazySchema(() =>
  z.string().superRefine((v, ctx) => {
    const problem = repoPathProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: `path "${v.length > 80 ? `${v.slice(0, 79)}…` : v}" ${problem}` });
  }),
);

export const LaneNameSchema = lazySchema(() =>
  z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, {
    message: "must be lowercase letters, digits, '_' or '-' (starting with a letter or digit)",
  }),
);
const AgentIdSchema = lazySchema(() => z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { message: "is not a valid agent id" }));
const ThresholdSchema = lazySchema(() => z.number().int().nonnegative().nullable());
const ModeThresholds = lazySchema(() =>
  z.strictObject({
    bootstrap: z.number().int().nonnegative().optional(),
    standard: z.number().int().nonnegative().optional(),
    strict: z.number().int().nonnegative().optional(),
  }),
);
const JsonObject = JsonObjectSchema;

export const RolesConfigSchema = lazySchema(() =>
  z.strictObject({
    rolePromptDir: RepoPathSchema.optional(),
    contQaAgentId: AgentIdSchema.optional(),
    contEvalAgentId: AgentIdSchema.optional(),
    integrationAgentId: AgentIdSchema.optional(),
    documentationAgentId: AgentIdSchema.optional(),
    contQaRolePromptPath: RepoPathSchema.optional(),
    contEvalRolePromptPath: RepoPathSchema.optional(),
    integrationRolePromptPath: RepoPathSchema.optional(),
    documentationRolePromptPath: RepoPathSchema.optional(),
    securityRolePromptPath: RepoPathSchema.optional(),
    designRolePromptPath: RepoPathSchema.optional(),
  }),
);

export const ValidationConfigSchema = lazySchema(() =>
  z.strictObject({
    requiredPromptReferences: z.array(Str).optional(),
    requireDocumentationStewardFromWave: ThresholdSchema.optional(),
    requireContext7DeclarationsFromWave: ThresholdSchema.optional(),
    requireExitContractsFromWave: ThresholdSchema.optional(),
    requireIntegrationStewardFromWave: ThresholdSchema.optional(),
    requireComponentPromotionsFromWave: ThresholdSchema.optional(),
    requireAgentComponentsFromWave: ThresholdSchema.optional(),
    gateModeThresholds: ModeThresholds.optional(),
    closureModeThresholds: ModeThresholds.optional(),
    autoClosure: z
      .strictObject({
        allowInferredIntegration: z.boolean().optional(),
        allowAutoDocNoChange: z.boolean().optional(),
        allowAutoDocProjection: z.boolean().optional(),
        allowSkipContQaInBootstrap: z.boolean().optional(),
      })
      .optional(),
    /** Accepted for compatibility; unused (dead in the reference too). */
    bootstrapPassConditions: JsonObject.optional(),
    testCommand: Str.optional(),
    testCommandTimeout: z.number().optional(),
  }),
);

/*
 * The CLI sections (one per entry of src/executors/sections.ts), derived from the executor
 * vocabulary (src/wave/executor-vocabulary.ts); an argv setting is a string (split into words,
 * never run through a shell) or an array.
 */

/** A profile: the shared settings (the vocabulary's COMMON_FIELDS a profile takes) and the CLI sections. */
export const ExecutorProfileConfigSchema = lazySchema(() =>
  z.strictObject({
    ...profileCommonShape(),
    ...optionalSections(configSections()),
  }),
);

export const ExecutorsConfigSchema = lazySchema(() =>
  z.strictObject({
    default: ExecutorIdSchema.optional(),
    profiles: z.record(z.string().min(1), ExecutorProfileConfigSchema).optional(),
    ...optionalSections(configSections()),
  }),
);

const SkillMap = lazySchema(() => z.record(z.string(), z.array(Str)));
export const SkillsConfigSchema = lazySchema(() =>
  z.strictObject({
    dir: RepoPathSchema.optional(),
    base: z.array(Str).optional(),
    byRole: SkillMap.optional(),
    byRuntime: SkillMap.optional(),
    byDeployKind: SkillMap.optional(),
  }),
);

const RuntimeMixTargets = lazySchema(() => z.partialRecord(ExecutorIdSchema, z.number().int().nonnegative()));
/** Role keys are checked by the loader (unknown roles are a warning, `evaluator` an error). */
const DefaultExecutorByRole = lazySchema(() => z.record(z.string(), ExecutorIdSchema));
const FallbackOrder = lazySchema(() => z.array(ExecutorIdSchema));

export const RuntimePolicyConfigSchema = lazySchema(() =>
  z.strictObject({
    runtimeMixTargets: RuntimeMixTargets.optional(),
    defaultExecutorByRole: DefaultExecutorByRole.optional(),
    fallbackExecutorOrder: FallbackOrder.optional(),
    /** Closure gate markers count only with the nonce of the agent's own launch (same as the `require-marker-nonce` input). */
    requireMarkerNonce: z.boolean().optional(),
    /**
     * A wave with more implementation agents than this runs as shard jobs plus one closure job
     * (`wave plan`, the reusable workflow; the `max-agents-per-job` input wins). Absent: never sharded.
     */
    maxAgentsPerJob: z.number().int().positive().optional(),
  }),
);

const CapabilityRouting = lazySchema(() => z.strictObject({ preferredAgents: z.record(z.string(), z.array(Str)).optional() }));

const PathsConfig = lazySchema(() =>
  z.strictObject({
    docsDir: RepoPathSchema.optional(),
    stateRoot: RepoPathSchema.optional(),
    orchestratorStateDir: RepoPathSchema.optional(),
    terminalsPath: RepoPathSchema.optional(),
    context7BundleIndexPath: RepoPathSchema.optional(),
    benchmarkCatalogPath: RepoPathSchema.optional(),
    componentCutoverMatrixDocPath: RepoPathSchema.optional(),
    componentCutoverMatrixJsonPath: RepoPathSchema.optional(),
  }),
);

/** The sandbox around every agent process (src/sandbox/): `auto|on|off`; the input/flag wins. */
const SandboxSetting = lazySchema(() => z.enum(["auto", "on", "off"]));
/** A change by an agent outside what it owns: `strict` fails its gate, `report` (default) warns (src/closure/ownership.ts). */
const OwnershipSetting = lazySchema(() => z.enum(["strict", "report"]));
/** `network.allowed`: ecosystems (node, python, github) or domains every agent may reach in the sandbox. */
export const NetworkConfigSchema = lazySchema(() =>
  z.strictObject({
    allowed: z
      .array(Str)
      .superRefine((entries, ctx) => {
        for (const e of entries) {
          const problem = allowedEntryProblem(e);
          if (problem) ctx.addIssue({ code: "custom", message: `network.allowed entry "${e}" ${problem}` });
        }
      })
      .optional(),
  }),
);

/**
 * `logs`: what an agent's log keeps. `maxBytes`: the most bytes of each attempt's output its log
 * holds (the first and the last half, with a line where the rest was left out); default 256 MiB.
 */
export const LogsConfigSchema = lazySchema(() =>
  z.strictObject({
    maxBytes: z.number().int().min(1024, { message: "must be at least 1024 (bytes)" }).optional(),
  }),
);

/** Sections we accept but do not use (planner, remote telemetry, external providers). */
const Ignored = lazySchema(() => z.unknown());

/**
 * The settings the file's top level, a project and a lane all take (levels merge key by key: top
 * level → project → lane). A shape, called inside each level's schema.
 */
const layeredSettings = () => ({
  sharedPlanDocs: z.array(RepoPathSchema).optional(),
  roles: RolesConfigSchema.optional(),
  validation: ValidationConfigSchema.optional(),
  executors: ExecutorsConfigSchema.optional(),
  skills: SkillsConfigSchema.optional(),
  capabilityRouting: CapabilityRouting.optional(),
  runtimePolicy: RuntimePolicyConfigSchema.optional(),
  /** The sandbox around every agent process: auto|on|off (the `sandbox` input/flag wins). */
  sandbox: SandboxSetting.optional(),
  ownership: OwnershipSetting.optional(),
  /** What agents may reach in the sandbox besides their model: `allowed` ecosystems or domains. */
  network: NetworkConfigSchema.optional(),
  /** What an agent's log keeps: `maxBytes` of each attempt's output (head and tail). */
  logs: LogsConfigSchema.optional(),
  waveControl: Ignored.optional(),
  externalProviders: Ignored.optional(),
});

export const LaneConfigSchema = lazySchema(() =>
  z.strictObject({
    docsDir: RepoPathSchema.optional(),
    plansDir: RepoPathSchema.optional(),
    wavesDir: RepoPathSchema.optional(),
    ...layeredSettings(),
    runtimeMixTargets: RuntimeMixTargets.optional(),
    defaultExecutorByRole: DefaultExecutorByRole.optional(),
    fallbackExecutorOrder: FallbackOrder.optional(),
    terminalsPath: RepoPathSchema.optional(),
    stateRoot: RepoPathSchema.optional(),
    orchestratorStateDir: RepoPathSchema.optional(),
    context7BundleIndexPath: RepoPathSchema.optional(),
    benchmarkCatalogPath: RepoPathSchema.optional(),
    componentCutoverMatrixDocPath: RepoPathSchema.optional(),
    componentCutoverMatrixJsonPath: RepoPathSchema.optional(),
  }),
);
export type LaneConfig = z.infer<typeof LaneConfigSchema>;

export const ProjectConfigSchema = lazySchema(() =>
  z.strictObject({
    projectName: Str.optional(),
    rootDir: RepoPathSchema.optional(),
    paths: PathsConfig.optional(),
    ...layeredSettings(),
    planner: Ignored.optional(),
    lanes: z.record(z.string(), LaneConfigSchema).optional(),
  }),
);
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;

export const WaveConfigFileSchema = lazySchema(() =>
  z.strictObject({
    $schema: Str.optional(),
    version: z.number().int().positive().optional(),
    projectName: Str.optional(),
    repoMode: z.enum(["single-repo", "multi-lane"]).optional(),
    defaultLane: LaneNameSchema.optional(),
    defaultProject: LaneNameSchema.optional(),
    paths: PathsConfig.optional(),
    ...layeredSettings(),
    /** USD per million tokens per model: estimates the cost of CLIs that report tokens only. */
    pricing: PricingSchema.optional(),
    planner: Ignored.optional(),
    projects: z.record(z.string(), ProjectConfigSchema).optional(),
    lanes: z.record(z.string(), LaneConfigSchema).optional(),
  }),
);
export type WaveConfigFile = z.infer<typeof WaveConfigFileSchema>;
export type ExecutorsConfig = z.infer<typeof ExecutorsConfigSchema>;
export type ExecutorProfileConfig = z.infer<typeof ExecutorProfileConfigSchema>;
export type SkillsConfig = z.infer<typeof SkillsConfigSchema>;
