/**
 * The coordination record: one JSON object per line of `<runDir>/coordination.jsonl`.
 * Kinds, statuses, priorities and the blocking/severity defaults follow the reference format; the
 * `lifecycle` kind (orchestrator events) is ours.
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";

/** Kinds an agent may post with `wave coord post`. */
export const AGENT_POSTABLE_KINDS = [
  "request",
  "ack",
  "claim",
  "evidence",
  "decision",
  "blocker",
  "handoff",
  "clarification-request",
  "integration-summary",
] as const;
/** Kinds only the orchestrator records: its guidance and policy, the human's part, lifecycle events. */
const ORCHESTRATOR_KINDS = ["orchestrator-guidance", "resolved-by-policy", "human-escalation", "human-feedback", "lifecycle"] as const;

export const COORDINATION_KINDS = [...AGENT_POSTABLE_KINDS, ...ORCHESTRATOR_KINDS] as const;
export const CoordinationKindSchema = lazySchema(() => z.enum(COORDINATION_KINDS));
export type CoordinationKind = z.infer<typeof CoordinationKindSchema>;

export const COORDINATION_STATUSES = ["open", "acknowledged", "in_progress", "resolved", "closed", "superseded", "cancelled"] as const;
const CoordinationStatusSchema = lazySchema(() => z.enum(COORDINATION_STATUSES));
export type CoordinationStatus = z.infer<typeof CoordinationStatusSchema>;
/** Statuses that count as "still open". */
const OPEN_STATUSES: readonly CoordinationStatus[] = ["open", "acknowledged", "in_progress"];

export const PRIORITIES = ["low", "normal", "high", "urgent"] as const;
const PrioritySchema = lazySchema(() => z.enum(PRIORITIES));
export type Priority = z.infer<typeof PrioritySchema>;

export const CONFIDENCES = ["low", "medium", "high"] as const;
const ConfidenceSchema = lazySchema(() => z.enum(CONFIDENCES));

export const BLOCKER_SEVERITIES = ["hard", "soft", "stale", "advisory", "proof-critical", "closure-critical"] as const;
const BlockerSeveritySchema = lazySchema(() => z.enum(BLOCKER_SEVERITIES));
export type BlockerSeverity = z.infer<typeof BlockerSeveritySchema>;

const COORDINATION_SOURCES = ["agent", "orchestrator", "feedback"] as const;
const CoordinationSourceSchema = lazySchema(() => z.enum(COORDINATION_SOURCES));

/** Record ids, agent ids in targets and dependency ids. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,199}$/;
const IdSchema = lazySchema(() => z.string().regex(ID_PATTERN, "ids use letters, digits and . _ : @ - (at most 200)"));

export const MAX_SUMMARY_CHARS = 1000;
export const MAX_DETAIL_CHARS = 16000;

export const CoordinationRecordSchema = lazySchema(() =>
  z.object({
    recordVersion: z.literal(1),
    id: IdSchema,
    kind: CoordinationKindSchema,
    lane: z.string().min(1),
    wave: z.number().int().nonnegative(),
    attempt: z.number().int().positive().nullable(),
    agentId: z.string().min(1),
    source: CoordinationSourceSchema,
    status: CoordinationStatusSchema,
    priority: PrioritySchema,
    confidence: ConfidenceSchema,
    blocking: z.boolean(),
    blockerSeverity: BlockerSeveritySchema,
    targets: z.array(z.string()),
    dependsOn: z.array(z.string()),
    artifactRefs: z.array(z.string()),
    closureCondition: z.string().nullable(),
    summary: z.string().max(MAX_SUMMARY_CHARS),
    detail: z.string().max(MAX_DETAIL_CHARS),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Lifecycle event name (kind `lifecycle`). */
    event: z.string().optional(),
  }),
);
export type CoordinationRecord = z.infer<typeof CoordinationRecordSchema>;

/** What a caller supplies; everything else gets its default. */
export const CoordinationInputSchema = lazySchema(() =>
  z.object({
    id: IdSchema.optional(),
    kind: CoordinationKindSchema,
    lane: z.string().min(1),
    wave: z.number().int().nonnegative(),
    attempt: z.number().int().positive().nullable().optional(),
    agentId: z.string().min(1),
    source: CoordinationSourceSchema.optional(),
    status: CoordinationStatusSchema.optional(),
    priority: PrioritySchema.optional(),
    confidence: ConfidenceSchema.optional(),
    blocking: z.boolean().optional(),
    blockerSeverity: BlockerSeveritySchema.optional(),
    targets: z.array(z.string()).optional(),
    dependsOn: z.array(z.string()).optional(),
    artifactRefs: z.array(z.string()).optional(),
    closureCondition: z.string().nullable().optional(),
    summary: z.string().max(MAX_SUMMARY_CHARS),
    detail: z.string().max(MAX_DETAIL_CHARS).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    event: z.string().optional(),
  }),
);
export type CoordinationInput = z.input<typeof CoordinationInputSchema>;

const BLOCKING_BY_DEFAULT: readonly CoordinationKind[] = [
  "request",
  "blocker",
  "clarification-request",
  "human-escalation",
  "human-feedback",
];

export function defaultBlocking(kind: CoordinationKind): boolean {
  return BLOCKING_BY_DEFAULT.includes(kind);
}

export function defaultStatus(kind: CoordinationKind): CoordinationStatus {
  if (kind === "resolved-by-policy") return "resolved";
  if (kind === "lifecycle") return "closed";
  return "open";
}

export function defaultSeverity(kind: CoordinationKind, blocking: boolean, priority: Priority): BlockerSeverity {
  if (!blocking) return "advisory";
  if (kind === "human-escalation" || kind === "human-feedback") return "hard";
  if (kind === "request" || kind === "clarification-request") return "closure-critical";
  if (kind === "blocker") return priority === "high" || priority === "urgent" ? "hard" : "soft";
  return "advisory";
}

export function isOpenStatus(status: CoordinationStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** The record holds the wave: open, blocking, and of a severity other than stale/advisory. */
export function blocksWave(record: Pick<CoordinationRecord, "status" | "blocking" | "blockerSeverity">): boolean {
  return (
    isOpenStatus(record.status) && record.blocking !== false && record.blockerSeverity !== "stale" && record.blockerSeverity !== "advisory"
  );
}
