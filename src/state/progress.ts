/**
 * The progress journal (progress.json): written atomically after every agent and gate, so a run
 * killed at any moment (even with SIGKILL) can be resumed from what it had recorded.
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";
import { AgentUsageSchema } from "../usage/schema.js";
import { AgentStatusSchema, GateResultSchema, WaveStatusSchema } from "./schema.js";

const PHASES = ["starting", "design", "implementation", "closure", "finished"] as const;

const AgentProgressSchema = lazySchema(() =>
  z.object({
    status: AgentStatusSchema,
    fingerprint: z.string(),
    executor: z.string(),
    exitCode: z.number().int().nullable(),
    statusCode: z.string(),
    attempts: z.number().int().nonnegative(),
    runs: z.number().int().nonnegative(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    /** The run directory (relative to the state dir's wave dir) whose files hold this success. */
    source: z.string().nullable().optional(),
    /** What the agent used so far in this run. */
    usage: AgentUsageSchema.nullable().optional(),
  }),
);

export const ProgressSchema = lazySchema(() =>
  z.object({
    schemaVersion: z.literal(1),
    kind: z.literal("wave-progress"),
    lane: z.string(),
    wave: z.number().int().nonnegative(),
    attempt: z.number().int().positive(),
    waveFile: z.string(),
    waveFingerprint: z.string(),
    repository: z.string().nullable(),
    baseCommit: z.string().nullable(),
    phase: z.enum(PHASES),
    stage: z.string().nullable(),
    /** Closure stages that passed, in order. */
    passedStages: z.array(z.string()),
    agents: z.record(z.string(), AgentProgressSchema),
    gates: z.array(GateResultSchema),
    status: WaveStatusSchema.nullable(),
    startedAt: z.string(),
    updatedAt: z.string(),
    resumedFrom: z.string().nullable(),
    /** A shard run of a sharded wave (`wave run --shard i/n`): which shard (0: the design job). */
    shard: z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() }).optional(),
  }),
);
export type Progress = z.infer<typeof ProgressSchema>;
