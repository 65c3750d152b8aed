/**
 * Building records: defaults, ids, and orchestrator lifecycle events.
 */
import { randomBytes } from "node:crypto";
import { UserError } from "../errors.js";
import {
  type CoordinationInput,
  CoordinationInputSchema,
  type CoordinationRecord,
  defaultBlocking,
  defaultSeverity,
  defaultStatus,
} from "./schema.js";

/** `YYYYMMDDHHMMSSmmm` in UTC. */
function compactStamp(now: Date): string {
  return now.toISOString().replace(/[-:TZ.]/g, "");
}

/** A new unique id: `<prefix>-<stamp>-<agent>-<6 hex>`. */
export function newRecordId(prefix: string, agentId: string, now: Date): string {
  const agent = agentId.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 40) || "x";
  return `${prefix}-${compactStamp(now)}-${agent}-${randomBytes(3).toString("hex")}`;
}

function formatIssues(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Validates the input and fills every default. Throws UserError naming the bad field. */
export function createCoordinationRecord(input: CoordinationInput, now: Date = new Date()): CoordinationRecord {
  const parsed = CoordinationInputSchema.safeParse(input);
  if (!parsed.success) throw new UserError(`invalid coordination record: ${formatIssues(parsed.error)}`);
  const v = parsed.data;
  const blocking = v.blocking ?? defaultBlocking(v.kind);
  const priority = v.priority ?? (v.kind === "human-feedback" ? "high" : "normal");
  const stamp = now.toISOString();
  const record: CoordinationRecord = {
    recordVersion: 1,
    id: v.id ?? newRecordId(v.kind, v.agentId, now),
    kind: v.kind,
    lane: v.lane,
    wave: v.wave,
    attempt: v.attempt ?? null,
    agentId: v.agentId,
    source: v.source ?? "orchestrator",
    status: v.status ?? defaultStatus(v.kind),
    priority,
    confidence: v.confidence ?? "medium",
    blocking,
    blockerSeverity: v.blockerSeverity ?? defaultSeverity(v.kind, blocking, priority),
    targets: v.targets ?? [],
    dependsOn: v.dependsOn ?? [],
    artifactRefs: v.artifactRefs ?? [],
    closureCondition: v.closureCondition ?? null,
    summary: v.summary,
    detail: v.detail ?? "",
    createdAt: v.createdAt ?? stamp,
    updatedAt: v.updatedAt ?? stamp,
  };
  if (v.event !== undefined) record.event = v.event;
  return record;
}

export interface LifecycleInput {
  /** An event name such as `wave_start`. */
  event: string;
  wave: number;
  lane: string;
  agentId?: string;
  attempt?: number | null;
  detail?: string;
  now?: Date;
}

/** An orchestrator lifecycle event as a (closed, non-blocking) coordination record. */
export function lifecycleRecord(input: LifecycleInput): CoordinationRecord {
  const now = input.now ?? new Date();
  const agentId = input.agentId ?? "orchestrator";
  const detail = (input.detail ?? "").slice(0, 16000);
  return createCoordinationRecord(
    {
      id: newRecordId(`event-${input.event.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 40)}`, agentId, now),
      kind: "lifecycle",
      event: input.event,
      lane: input.lane,
      wave: input.wave,
      attempt: input.attempt ?? null,
      agentId,
      source: "orchestrator",
      status: "closed",
      blocking: false,
      summary: (input.agentId ? `${input.event} ${input.agentId}` : input.event).slice(0, 1000),
      detail,
    },
    now,
  );
}
