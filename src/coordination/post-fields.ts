/**
 * Validation of `wave coord post` fields, in one place: the command checks them before it sends
 * anything (quick, clear errors), and the orchestrator's control server checks them again before it
 * appends (the only check that counts). Messages name the command-line flag.
 *
 * Who posts (lane, wave, agent, attempt) never comes from the fields: the server passes the identity
 * its token belongs to. `--lane/--wave/--agent` are accepted for compatibility and must agree with it.
 */
import type { CoordPostFields } from "../control/protocol.js";
import { UserError } from "../errors.js";
import { safeRelativeEntries } from "../security/confine.js";
import {
  AGENT_POSTABLE_KINDS,
  BLOCKER_SEVERITIES,
  type BlockerSeverity,
  CONFIDENCES,
  type CoordinationInput,
  type CoordinationKind,
  type CoordinationRecord,
  type CoordinationStatus,
  COORDINATION_STATUSES,
  ID_PATTERN,
  MAX_DETAIL_CHARS,
  MAX_SUMMARY_CHARS,
  PRIORITIES,
  type Priority,
} from "./schema.js";

export type { CoordPostFields };

const COORD_POST_USAGE = `usage: wave coord post --kind K --summary S [--detail D] [--target ID]... [--priority P]
       [--blocking true|false] [--status S] [--severity S] [--confidence C]
       [--artifact PATH]... [--depends-on ID]... [--id ID]
kinds: ${AGENT_POSTABLE_KINDS.join(", ")}
`;

const TARGET_PATTERN = /^(agent:|capability:)?[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;

/** The agent a request is attributed to (known to the orchestrator, not claimed by the agent). */
export interface AgentIdentity {
  lane: string;
  wave: number;
  agentId: string;
  attempt: number | null;
}

/** Fields after validation; everything an agent may choose about its record. */
export interface ValidatedPost {
  kind: CoordinationKind;
  summary: string;
  detail: string;
  targets: string[];
  dependsOn: string[];
  artifactRefs: string[];
  id: string | undefined;
  status: CoordinationStatus | undefined;
  priority: Priority | undefined;
  confidence: (typeof CONFIDENCES)[number] | undefined;
  blockerSeverity: BlockerSeverity | undefined;
  blocking: boolean | undefined;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UserError(`--${flag} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Checks every field; throws a UserError naming the flag and the value. */
export function validateCoordPost(f: CoordPostFields): ValidatedPost {
  if (f.kind === undefined) throw new UserError(`--kind is required\n${COORD_POST_USAGE}`);
  const kind = oneOf<CoordinationKind>("kind", f.kind, AGENT_POSTABLE_KINDS)!;
  const summary = (f.summary ?? "").trim();
  if (summary === "") throw new UserError("--summary is required and must not be empty");
  if (summary.length > MAX_SUMMARY_CHARS) {
    throw new UserError(`--summary is ${summary.length} characters; the limit is ${MAX_SUMMARY_CHARS}`);
  }
  const detail = f.detail ?? "";
  if (detail.length > MAX_DETAIL_CHARS) {
    throw new UserError(`--detail is ${detail.length} characters; the limit is ${MAX_DETAIL_CHARS}`);
  }
  const blockingText = oneOf("blocking", f.blocking, ["true", "false"] as const);
  const targets = (f.targets ?? []).map((t) => t.trim());
  for (const t of targets) {
    if (!TARGET_PATTERN.test(t)) {
      throw new UserError(`--target ${JSON.stringify(t)} must be an agent id, agent:<id> or capability:<name>`);
    }
  }
  const dependsOn = (f.dependsOn ?? []).map((d) => d.trim());
  for (const d of dependsOn) {
    if (!ID_PATTERN.test(d)) throw new UserError(`--depends-on ${JSON.stringify(d)} is not a record id`);
  }
  const artifactRefs = safeRelativeEntries(f.artifacts ?? [], "--artifact");
  if (f.id !== undefined && !ID_PATTERN.test(f.id)) {
    throw new UserError(`--id ${JSON.stringify(f.id)} is not a valid id (letters, digits, . _ : @ -)`);
  }
  return {
    kind,
    summary,
    detail,
    targets,
    dependsOn,
    artifactRefs,
    id: f.id,
    status: oneOf("status", f.status, COORDINATION_STATUSES),
    priority: oneOf("priority", f.priority, PRIORITIES),
    confidence: oneOf("confidence", f.confidence, CONFIDENCES),
    blockerSeverity: oneOf("severity", f.severity, BLOCKER_SEVERITIES),
    blocking: blockingText === undefined ? undefined : blockingText === "true",
  };
}

/** `--lane/--wave/--agent`, when given, must name the agent the request is attributed to. */
export function checkClaimedIdentity(f: CoordPostFields, who: AgentIdentity): void {
  for (const [flag, given, actual] of [
    ["lane", f.lane, who.lane],
    ["wave", f.wave, String(who.wave)],
    ["agent", f.agent, who.agentId],
  ] as const) {
    if (given !== undefined && given !== actual) {
      throw new UserError(`--${flag} ${JSON.stringify(given)} does not match this agent (${actual})`);
    }
  }
}

/** An update (`--id` of an existing record) must be of the poster's own agent record, same kind. */
export function checkUpdate(existing: CoordinationRecord | undefined, post: ValidatedPost, who: AgentIdentity): void {
  if (!existing) return;
  if (existing.source !== "agent" || existing.agentId !== who.agentId) {
    throw new UserError(`record ${existing.id} was posted by ${existing.source} ${existing.agentId}; you can only update your own`);
  }
  if (existing.kind !== post.kind) {
    throw new UserError(`record ${existing.id} is a ${existing.kind}; an update must keep --kind ${existing.kind}`);
  }
}

/** The record input for a validated post by `who`. */
export function agentRecordInput(post: ValidatedPost, who: AgentIdentity): CoordinationInput {
  return {
    id: post.id,
    kind: post.kind,
    lane: who.lane,
    wave: who.wave,
    attempt: who.attempt,
    agentId: who.agentId,
    source: "agent",
    status: post.status,
    priority: post.priority,
    confidence: post.confidence,
    blockerSeverity: post.blockerSeverity,
    blocking: post.blocking,
    targets: post.targets,
    dependsOn: post.dependsOn,
    artifactRefs: post.artifactRefs,
    summary: post.summary,
    detail: post.detail,
  };
}
