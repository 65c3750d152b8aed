export const id = 486;
export const ids = [486];
export const modules = {

/***/ 7336:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AY: () => (/* binding */ AgentUsageSchema),
/* harmony export */   RP: () => (/* binding */ totalTokens),
/* harmony export */   SD: () => (/* binding */ PricingSchema),
/* harmony export */   wD: () => (/* binding */ WaveUsageSchema)
/* harmony export */ });
/* unused harmony exports ModelPriceSchema, emptyUsage */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8816);
/**
 * What an agent's model use cost: the figures each CLI reports about itself, in one vocabulary.
 *
 * - `inputTokens` counts ALL input tokens of the model calls (those read from the prompt cache
 *   included); `cachedInputTokens` is the part read from the cache.
 * - `outputTokens` counts ALL output tokens; `reasoningTokens` is the part spent on reasoning.
 * - `costUsd` is what the CLI reported, or an estimate from the config's `pricing` table
 *   (`costEstimated: true`) when the CLI reports tokens but no cost; null when neither is known.
 * - `turns`: what the CLI counts as turns (Claude `num_turns`, codex completed turns, OpenCode
 *   steps — model requests).
 * - A field the CLI does not report is null, never 0.
 */

const Count = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nonnegative();
const AgentUsageSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    model: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    inputTokens: Count.nullable(),
    cachedInputTokens: Count.nullable(),
    outputTokens: Count.nullable(),
    reasoningTokens: Count.nullable(),
    costUsd: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().nullable(),
    costEstimated: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    turns: Count.nullable(),
    sessionId: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    /** True when this run continued the CLI's own session of an earlier, interrupted run. */
    continuedSession: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
});
/** The wave's totals over the agents that ran in this run (reused agents spent nothing here). */
const WaveUsageSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    inputTokens: Count,
    cachedInputTokens: Count,
    outputTokens: Count,
    reasoningTokens: Count,
    /** inputTokens + outputTokens. */
    totalTokens: Count,
    /** Sum of the agents' costs; null when no agent's cost is known. */
    costUsd: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().nullable(),
    /** Some of the cost is an estimate from the pricing table. */
    costEstimated: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** Agents that used tokens but whose cost is unknown (not in costUsd). */
    costUnknown: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
});
/** `pricing` in wave.config.json: USD per million tokens, per model name as the CLI is given it. */
const ModelPriceSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    inputPerMTok: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative(),
    outputPerMTok: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative(),
    /** Price of cached input; defaults to inputPerMTok. */
    cachedInputPerMTok: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().optional(),
});
const PricingSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), ModelPriceSchema);
const emptyUsage = () => ({
    model: null,
    inputTokens: null,
    cachedInputTokens: null,
    outputTokens: null,
    reasoningTokens: null,
    costUsd: null,
    costEstimated: false,
    turns: null,
    sessionId: null,
});
/** inputTokens + outputTokens, or null when neither is known. */
function totalTokens(u) {
    return u.inputTokens === null && u.outputTokens === null ? null : (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
}


/***/ }),

/***/ 8486:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Au: () => (/* binding */ COMPLETION_LEVELS),
/* harmony export */   Dn: () => (/* binding */ AgentRoleSchema),
/* harmony export */   Et: () => (/* binding */ CLOSURE_STAGES),
/* harmony export */   KS: () => (/* binding */ ExitContractSchema),
/* harmony export */   QA: () => (/* binding */ ExecutorIdSchema),
/* harmony export */   ce: () => (/* binding */ DOC_IMPACT_LEVELS),
/* harmony export */   h9: () => (/* binding */ BudgetInputSchema),
/* harmony export */   iy: () => (/* binding */ DURABILITY_LEVELS),
/* harmony export */   ky: () => (/* binding */ resolveBudget),
/* harmony export */   l8: () => (/* binding */ MATURITY_LEVELS),
/* harmony export */   rI: () => (/* binding */ PROOF_CENTRIC_LEVEL),
/* harmony export */   rz: () => (/* binding */ EXECUTOR_IDS),
/* harmony export */   s$: () => (/* binding */ AGENT_ROLES),
/* harmony export */   te: () => (/* binding */ PROOF_LEVELS)
/* harmony export */ });
/* unused harmony exports ProofArtifactSchema, EvalTargetSchema, DeployEnvironmentSchema, ComponentPromotionSchema, Context7SelectionSchema, CodexSettingsSchema, ClaudeSettingsSchema, OpenCodeSettingsSchema, CommandSettingsSchema, BUDGET_KEYS, BudgetSchema, AgentExecutorConfigSchema, ResolvedExecutorSchema, AgentDefinitionSchema, WaveDefinitionSchema, DiagnosticSchema, RoleBindingsSchema, ClosurePolicySchema, ThresholdSchema, ModeThresholdsSchema, AutoClosureSchema, ValidationSettingsSchema, ExecutorProfileSchema, LaneExecutorsSchema, RuntimePolicySchema, LaneSkillsSchema, LaneSettingsSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8816);
/* harmony import */ var _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7336);
/**
 * The wave model: zod schemas for everything parsed from wave files and wave.config.json.
 * These schemas are the single source of truth for the types used across the engine.
 */


const EXECUTOR_IDS = ["codex", "claude", "opencode", "local", "command"];
const ExecutorIdSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(EXECUTOR_IDS);
const AGENT_ROLES = [
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
];
const AgentRoleSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(AGENT_ROLES);
/** Closure stages in the order the sweep runs them. */
const CLOSURE_STAGES = ["cont-eval", "security", "integration", "documentation", "cont-qa"];
const COMPLETION_LEVELS = ["contract", "integrated", "authoritative", "live"];
const DURABILITY_LEVELS = ["none", "ephemeral", "durable"];
const PROOF_LEVELS = ["unit", "integration", "live"];
const DOC_IMPACT_LEVELS = ["none", "owned", "shared-plan"];
const MATURITY_LEVELS = [
    "inventoried",
    "contract-frozen",
    "repo-landed",
    "baseline-proved",
    "pilot-live",
    "qa-proved",
    "fleet-ready",
    "cutover-ready",
    "deprecation-ready",
];
const PROOF_CENTRIC_LEVEL = "pilot-live";
const ExitContractSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    completion: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    durability: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    proof: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    docImpact: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
const ProofArtifactSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    path: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    requiredFor: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
const EvalTargetSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    selection: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["pinned", "delegated"]),
    benchmarkFamily: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    benchmarks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    objective: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    threshold: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
});
const DeployEnvironmentSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    isDefault: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    notes: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
const ComponentPromotionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    componentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    targetLevel: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
});
const Context7SelectionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    bundle: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    query: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
});
/* ------------------------------------------------------------------ executor settings */
const CodexSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    command: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    sandbox: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["read-only", "workspace-write", "danger-full-access"]).optional(),
    profileName: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    config: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    search: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    images: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    addDirs: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    json: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    ephemeral: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
});
const ClaudeSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    command: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    agent: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    permissionMode: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    permissionPromptTool: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    effort: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["low", "medium", "high", "max"]).optional(),
    maxTurns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    mcpConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    strictMcpConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    settings: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    settingsJson: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).optional(),
    hooksJson: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).optional(),
    allowedHttpHookUrls: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    outputFormat: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["text", "json", "stream-json"]).optional(),
    allowedTools: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    disallowedTools: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    appendSystemPromptMode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["append", "replace"]).optional(),
});
const OpenCodeSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    command: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    agent: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    attach: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    files: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    format: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["default", "json"]).optional(),
    steps: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    instructions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    permission: zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J().optional(),
    configJson: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).optional(),
    /** Environment variable names this agent's opencode provider needs (e.g. OPENROUTER_API_KEY). */
    envKeys: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
});
const CommandSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    /** argv of the program; the prompt is given on stdin and in WAVE_PROMPT_FILE. */
    argv: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).min(1).optional(),
});
/**
 * An agent's budget as written (wave file `budget.*` keys, config profiles): turns (advisory),
 * minutes (a deadline per attempt), usd and tokens (stopped when spent; see src/usage/budget.ts).
 */
const BudgetInputSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    turns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    minutes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().optional(),
    usd: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().optional(),
    tokens: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
});
const BUDGET_KEYS = ["turns", "minutes", "usd", "tokens"];
/** The resolved budget: the agent's own keys over its profile's, null where neither sets one. */
const BudgetSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    turns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().nullable(),
    minutes: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().nullable(),
    usd: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().positive().nullable(),
    tokens: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().nullable(),
});
/** The `### Executor` section of one agent, as written (all keys optional). */
const AgentExecutorConfigSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: ExecutorIdSchema.optional(),
    profile: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    fallbacks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema).optional(),
    tags: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    retryPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["sticky", "fallback-allowed"]).optional(),
    allowFallbackOnRetry: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
    budget: BudgetInputSchema.optional(),
    /** Extra environment variable names this agent may receive (allow-list). */
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    /** Hosts or ecosystems this agent may reach in the sandbox, besides the run's `network.allowed`. */
    networkAllowed: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    codex: CodexSettingsSchema.optional(),
    claude: ClaudeSettingsSchema.optional(),
    opencode: OpenCodeSettingsSchema.optional(),
    command: CommandSettingsSchema.optional(),
});
/* ------------------------------------------------------------------ resolved executor */
const ResolvedExecutorSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    id: ExecutorIdSchema,
    selectedBy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["agent-id", "agent-profile", "lane-role-default", "cli", "config-default", "builtin-default"]),
    role: AgentRoleSchema,
    profile: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    /** Executors to try, in order, when this one fails for a transport reason. */
    fallbacks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema),
    retryPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["sticky", "fallback-allowed"]),
    allowFallbackOnRetry: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    budget: BudgetSchema,
    tags: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /** Extra environment variable names passed through to the agent. */
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /** Hosts or ecosystems the agent may reach in the sandbox, besides the run's `network.allowed`. */
    networkAllowed: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    codex: CodexSettingsSchema.required({ command: true, sandbox: true }),
    claude: ClaudeSettingsSchema.required({ command: true, outputFormat: true }),
    opencode: OpenCodeSettingsSchema.required({ command: true, format: true }),
    command: CommandSettingsSchema,
});
/* ------------------------------------------------------------------ wave definition */
const AgentDefinitionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    agentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    title: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** `slugify(`${wave}-${agentId}`)`, used in per-agent file names. */
    slug: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** 1-based line of the `## Agent` heading in the wave file. */
    line: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive(),
    /** 1-based line of the first line inside the prompt fence (0 when missing). */
    promptLine: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    /** The agent's own prompt text (inside the `### Prompt` fence). */
    promptOverlay: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** Standing prompts of the role prompt files + the overlay, joined by a blank line. */
    prompt: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    rolePromptPaths: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    context7: Context7SelectionSchema.nullable(),
    exitContract: ExitContractSchema.nullable(),
    executor: AgentExecutorConfigSchema,
    components: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    componentTargets: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable()),
    capabilities: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    skills: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    deliverables: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    proofArtifacts: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ProofArtifactSchema),
    /** Paths from the `File ownership` list in the prompt; a trailing `/` means a directory prefix. */
    ownedPaths: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    /**
     * Which `### ` sub-sections were present, by name, with their 1-based heading line; also
     * "File ownership": the line of the ownership label inside the prompt.
     */
    sectionLines: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive()),
    /** Runtime role, set by `loadProject` (see `inferAgentRole` in src/wave/roles.ts). */
    role: AgentRoleSchema.optional(),
    /** Closure stage this agent holds, or null for implementation-style agents; set by `loadProject`. */
    closureStage: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(CLOSURE_STAGES).nullable().optional(),
    /** Executor resolved for this lane and CLI selection; set by `loadProject` when resolution succeeded. */
    resolvedExecutor: ResolvedExecutorSchema.optional(),
});
const WaveDefinitionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    wave: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    /** Repository-relative path of the wave file (forward slashes). */
    file: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    title: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    commitMessage: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    deployEnvironments: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(DeployEnvironmentSchema),
    evalTargets: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(EvalTargetSchema),
    context7Defaults: Context7SelectionSchema.nullable(),
    componentPromotions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ComponentPromotionSchema),
    agents: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(AgentDefinitionSchema),
    /** sha256 of the file's bytes: used to check that a resumed state belongs to the same wave file. */
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** 1-based heading lines of the wave-level sections present (plus "Title" and "Commit message"). */
    sectionLines: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive()).optional(),
});
/* ------------------------------------------------------------------ diagnostics */
const DiagnosticSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    file: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    line: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    column: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    message: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    wave: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().optional(),
    agentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    severity: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["error", "warning"]).default("error"),
});
/* ------------------------------------------------------------------ lane context used by the engine */
/** Which agent ids and role-prompt paths hold the closure roles in a lane. */
const RoleBindingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    rolePromptDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contQaAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contEvalAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    integrationAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    documentationAgentId: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contQaRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    contEvalRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    integrationRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    documentationRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    securityRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    designRolePromptPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
});
/**
 * What the closure sweep requires. Without a wave.config.json, `requiredStages` is empty (no
 * closure stage is required; declared closure agents still run and gate). With a config, the
 * reference's rules decide (cont-QA always required, integration/documentation from thresholds).
 */
const ClosurePolicySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    hasConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    requiredStages: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(CLOSURE_STAGES)),
    /** "bootstrap" | "standard" | "strict", from gateModeThresholds for this wave. */
    gateMode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["bootstrap", "standard", "strict"]),
    closureMode: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["bootstrap", "standard", "strict"]),
    autoClosure: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        allowInferredIntegration: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        allowAutoDocNoChange: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        allowAutoDocProjection: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
        allowSkipContQaInBootstrap: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    }),
    requireComponentPromotions: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
});
/* ------------------------------------------------------------------ lane settings (normalized config) */
/** A wave-number threshold: the rule applies from this wave on; `null` disables the rule. */
const ThresholdSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().nullable();
const ModeThresholdsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    bootstrap: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    standard: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    strict: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
});
const AutoClosureSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    allowInferredIntegration: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    allowAutoDocNoChange: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    allowAutoDocProjection: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    allowSkipContQaInBootstrap: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
});
const ValidationSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    requiredPromptReferences: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    requireDocumentationStewardFromWave: ThresholdSchema,
    requireContext7DeclarationsFromWave: ThresholdSchema,
    requireExitContractsFromWave: ThresholdSchema,
    requireIntegrationStewardFromWave: ThresholdSchema,
    requireComponentPromotionsFromWave: ThresholdSchema,
    requireAgentComponentsFromWave: ThresholdSchema,
    gateModeThresholds: ModeThresholdsSchema,
    closureModeThresholds: ModeThresholdsSchema,
    autoClosure: AutoClosureSchema,
});
/** An executor profile from `executors.profiles.<name>`, normalized. */
const ExecutorProfileSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    id: ExecutorIdSchema.nullable(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    fallbacks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema),
    tags: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    budget: BudgetSchema,
    retryPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["sticky", "fallback-allowed"]).nullable(),
    allowFallbackOnRetry: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().nullable(),
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    codex: CodexSettingsSchema,
    claude: ClaudeSettingsSchema,
    opencode: OpenCodeSettingsSchema,
    command: CommandSettingsSchema,
});
/** Lane-level executor settings (`executors.*`), normalized; values absent from the config stay absent. */
const LaneExecutorsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    default: ExecutorIdSchema,
    /** True when `executors.default` was written in the config (selectedBy "config-default"). */
    defaultFromConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    profiles: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), ExecutorProfileSchema),
    codex: CodexSettingsSchema.extend({ model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() }),
    claude: ClaudeSettingsSchema.extend({ model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() }),
    opencode: OpenCodeSettingsSchema.extend({ model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() }),
    command: CommandSettingsSchema,
});
const RuntimePolicySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    runtimeMixTargets: zod__WEBPACK_IMPORTED_MODULE_1__/* .partialRecord */ .jgl(ExecutorIdSchema, zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative()),
    defaultExecutorByRole: zod__WEBPACK_IMPORTED_MODULE_1__/* .partialRecord */ .jgl(AgentRoleSchema, ExecutorIdSchema),
    fallbackExecutorOrder: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ExecutorIdSchema),
    requireMarkerNonce: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
});
const LaneSkillsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    dir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    base: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    byRole: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())),
    byRuntime: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())),
    byDeployKind: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())),
});
/**
 * Everything the engine needs to know about one lane: the config resolved for (project, lane),
 * or the built-in defaults when there is no wave.config.json (`hasConfig: false`).
 * All paths are repository-relative with forward slashes.
 */
const LaneSettingsSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    lane: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    project: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    hasConfig: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    /** Repository-relative path of the config file that was read, or null. */
    configFile: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullable(),
    docsDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    plansDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** The waves directory actually used (the legacy `<docsDir>/waves` when only that one exists). */
    wavesDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    sharedPlanDocs: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    roles: RoleBindingsSchema,
    validation: ValidationSettingsSchema,
    executors: LaneExecutorsSchema,
    runtimePolicy: RuntimePolicySchema,
    skills: LaneSkillsSchema,
    pricing: _usage_schema_js__WEBPACK_IMPORTED_MODULE_0__/* .PricingSchema */ .SD,
    /** The config's `sandbox` (auto|on|off), or null: the input/flag decides (default off). */
    sandbox: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(["auto", "on", "off"]).nullable().optional(),
    /** The config's `network.allowed` (top level, project and lane together): ecosystems or domains. */
    networkAllowed: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    capabilityRouting: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ preferredAgents: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP())) }),
    paths: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        stateRoot: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        context7BundleIndexPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        benchmarkCatalogPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        componentCutoverMatrixDocPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
        componentCutoverMatrixJsonPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    }),
});
/** The agent's budget keys over its profile's. */
function resolveBudget(own, profile) {
    const out = {};
    for (const key of BUDGET_KEYS)
        out[key] = own?.[key] ?? profile?.[key] ?? null;
    return out;
}


/***/ })

};

//# sourceMappingURL=486.index.js.map