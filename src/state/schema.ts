/**
 * result.json and the per-agent status record: the public result of a wave run.
 *
 * schemaVersion 2 added per-agent `usage` and the wave's `usage` totals (src/usage/schema.ts).
 * Readers accept version 1 too and see it as version 2 with no usage (null).
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";
import { AgentUsageSchema, WaveUsageSchema } from "../usage/schema.js";

/** The version this code writes. */
export const RESULT_SCHEMA_VERSION = 2;
import { ExecutorIdSchema } from "../executors/ids.js";

export const WAVE_STATUSES = ["passed", "failed", "blocked", "cancelled", "dry-run"] as const;
export const WaveStatusSchema = lazySchema(() => z.enum(WAVE_STATUSES));
export type WaveStatus = z.infer<typeof WaveStatusSchema>;

const AGENT_STATUSES = [
  "succeeded",
  "failed",
  "timed-out",
  "idle-timeout",
  "budget-exceeded",
  "cancelled",
  "skipped",
  "reused",
  "not-run",
] as const;
export const AgentStatusSchema = lazySchema(() => z.enum(AGENT_STATUSES));
export type AgentStatus = z.infer<typeof AgentStatusSchema>;

const GATE_STAGES = [
  "design",
  "implementation",
  "component",
  "cont-eval",
  "security",
  "integration",
  "documentation",
  "component-matrix",
  "cont-qa",
  "infra",
  "clarification",
  "helper-assignment",
] as const;
const GateStageSchema = lazySchema(() => z.enum(GATE_STAGES));
export type GateStage = z.infer<typeof GateStageSchema>;

export const GateResultSchema = lazySchema(() =>
  z.object({
    stage: GateStageSchema,
    agentId: z.string().nullable(),
    ok: z.boolean(),
    statusCode: z.string(),
    detail: z.string(),
    logPath: z.string().nullable().optional(),
    componentId: z.string().optional(),
    /** Set when a stage was skipped (auto-closure, bootstrap mode, not required). */
    skipped: z.boolean().optional(),
  }),
);
export type GateResult = z.infer<typeof GateResultSchema>;

const ExecutorRunSchema = lazySchema(() =>
  z.object({
    executor: ExecutorIdSchema,
    reason: z.string(),
  }),
);

const AgentResultSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string().optional(),
    role: z.string(),
    executor: ExecutorIdSchema,
    status: AgentStatusSchema,
    exitCode: z.number().int().nullable(),
    signal: z.string().nullable().optional(),
    statusCode: z.string(),
    /** In-job attempts (retries of the wave attempt loop) in which this agent ran. */
    attempts: z.number().int().nonnegative(),
    /** Process starts in this attempt (rate-limit retries included). */
    runs: z.number().int().nonnegative(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    durationMs: z.number().nonnegative().nullable(),
    /** Log path relative to the run directory. */
    log: z.string().nullable(),
    executorHistory: z.array(ExecutorRunSchema).optional(),
    reusedFrom: z.string().nullable().optional(),
    /** Resumed runs: whether the agent ran in the run this one resumes (absent: not a resume, or older results). */
    ranBefore: z.boolean().optional(),
    /** Fingerprint of what the agent was asked to do (reuse on retry/resume needs it unchanged). */
    fingerprint: z.string().optional(),
    /** design, implementation, or the closure stage the agent belongs to. */
    phase: z.string().optional(),
    /** 1-based line of the agent's `## Agent` heading in the wave file. */
    line: z.number().int().nonnegative().optional(),
    /** A sharded wave: the shard job the agent ran in (1-based; 0: a design agent, run by the design job). */
    shard: z.number().int().nonnegative().optional(),
    /** What the agent used in this run, as its CLI reported it (null: it did not run here, or version 1). */
    usage: AgentUsageSchema.nullable().default(null),
  }),
);
export type AgentResult = z.infer<typeof AgentResultSchema>;

const FailureSchema = lazySchema(() =>
  z.object({
    stage: z.string(),
    agentId: z.string().nullable(),
    statusCode: z.string(),
    detail: z.string(),
    log: z.string().nullable(),
  }),
);
export type Failure = z.infer<typeof FailureSchema>;

const FeedbackSchema = lazySchema(() =>
  z.object({
    agentId: z.string(),
    question: z.string(),
    askedAt: z.string(),
    answer: z.string().nullable(),
  }),
);
export type Feedback = z.infer<typeof FeedbackSchema>;

const StageTimingSchema = lazySchema(() =>
  z.object({
    stage: z.string(),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  }),
);
/** When a stage's agents ran (result.json's `stages`). */
export type StageTiming = z.infer<typeof StageTimingSchema>;

/** Who the agents ran as: another OS user (the boundary holds) or the orchestrator's own. */
const AgentUserInfoSchema = lazySchema(() =>
  z.object({
    mode: z.enum(["separate", "same"]),
    user: z.string().nullable(),
    detail: z.string(),
  }),
);
export type AgentUserInfo = z.infer<typeof AgentUserInfoSchema>;

export const WaveResultSchema = lazySchema(() =>
  z.object({
    /** 1 or 2 when read; what is read is version 2 (a version 1 result has no usage). */
    schemaVersion: z.literal([1, 2]).transform((): typeof RESULT_SCHEMA_VERSION => RESULT_SCHEMA_VERSION),
    lane: z.string(),
    wave: z.number().int().nonnegative(),
    attempt: z.number().int().positive(),
    status: WaveStatusSchema,
    startedAt: z.string(),
    completedAt: z.string(),
    durationMs: z.number().nonnegative(),
    resumedFrom: z.string().nullable(),
    agents: z.array(AgentResultSchema),
    gates: z.array(GateResultSchema),
    failure: FailureSchema.nullable(),
    feedback: FeedbackSchema.nullable(),
    stages: z.array(StageTimingSchema).optional(),
    waveFile: z.string().optional(),
    runDir: z.string().optional(),
    agentUser: AgentUserInfoSchema.optional(),
    /**
     * A sharded wave: a shard job's run (`index` of `count`; index 0: the design job), or the
     * closure job's (`closure`: it merged `count` shard runs).
     */
    shard: z
      .union([
        z.object({ kind: z.literal("shard"), index: z.number().int().nonnegative(), count: z.number().int().positive() }),
        z.object({ kind: z.literal("closure"), count: z.number().int().positive() }),
      ])
      .optional(),
    /** The run's totals over its agents (null in a version 1 result). */
    usage: WaveUsageSchema.nullable().default(null),
    /**
     * Files agents changed outside what they own (`protected`: a definition the run judges with,
     * `.github/`, `.wave*`, a `.git`), each with the agent it counts against. Absent: none.
     */
    ownership: z.array(z.object({ agentId: z.string(), path: z.string(), protected: z.boolean(), stage: z.string() })).optional(),
  }),
);
export type WaveResult = z.infer<typeof WaveResultSchema>;
