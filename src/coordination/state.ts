/**
 * Materialized coordination state: the latest version of each record plus buckets by kind.
 * "Later" means later in the log (append order), which is the order the writes happened in; a later
 * record with the same id replaces the earlier one but keeps the first `createdAt`.
 */
import { blocksWave, type CoordinationKind, type CoordinationRecord, isOpenStatus } from "./schema.js";

export interface CoordinationState {
  /** Latest version of each record, in order of first appearance. */
  records: CoordinationRecord[];
  /** Every appended record in log order (the activity feed). */
  activity: CoordinationRecord[];
  byId: Map<string, CoordinationRecord>;
  requests: CoordinationRecord[];
  acks: CoordinationRecord[];
  blockers: CoordinationRecord[];
  claims: CoordinationRecord[];
  evidence: CoordinationRecord[];
  decisions: CoordinationRecord[];
  handoffs: CoordinationRecord[];
  clarifications: CoordinationRecord[];
  orchestratorGuidance: CoordinationRecord[];
  resolvedByPolicy: CoordinationRecord[];
  humanEscalations: CoordinationRecord[];
  humanFeedback: CoordinationRecord[];
  integrationSummaries: CoordinationRecord[];
  lifecycle: CoordinationRecord[];
  /** Records whose status is open, acknowledged or in_progress. */
  openRecords: CoordinationRecord[];
  recordsByAgentId: Map<string, CoordinationRecord[]>;
  /** Keyed by the bare target id (`agent:A1` and `A1` both file under `A1`). */
  recordsByTarget: Map<string, CoordinationRecord[]>;
}

const BUCKET: Record<CoordinationKind, keyof CoordinationState> = {
  request: "requests",
  ack: "acks",
  claim: "claims",
  evidence: "evidence",
  decision: "decisions",
  blocker: "blockers",
  handoff: "handoffs",
  "clarification-request": "clarifications",
  "orchestrator-guidance": "orchestratorGuidance",
  "resolved-by-policy": "resolvedByPolicy",
  "human-escalation": "humanEscalations",
  "human-feedback": "humanFeedback",
  "integration-summary": "integrationSummaries",
  lifecycle: "lifecycle",
};

/** `agent:A1` → `A1`; `capability:x` stays as is. */
export function targetKey(target: string): string {
  return target.startsWith("agent:") ? target.slice("agent:".length) : target;
}

function push<K>(map: Map<K, CoordinationRecord[]>, key: K, record: CoordinationRecord): void {
  const list = map.get(key);
  if (list) list.push(record);
  else map.set(key, [record]);
}

export function materialize(records: readonly CoordinationRecord[]): CoordinationState {
  const byId = new Map<string, CoordinationRecord>();
  for (const record of records) {
    const previous = byId.get(record.id);
    byId.set(record.id, previous ? { ...previous, ...record, createdAt: previous.createdAt } : record);
  }
  const state: CoordinationState = {
    records: [...byId.values()],
    activity: [...records],
    byId,
    requests: [],
    acks: [],
    blockers: [],
    claims: [],
    evidence: [],
    decisions: [],
    handoffs: [],
    clarifications: [],
    orchestratorGuidance: [],
    resolvedByPolicy: [],
    humanEscalations: [],
    humanFeedback: [],
    integrationSummaries: [],
    lifecycle: [],
    openRecords: [],
    recordsByAgentId: new Map(),
    recordsByTarget: new Map(),
  };
  for (const record of state.records) {
    (state[BUCKET[record.kind]] as CoordinationRecord[]).push(record);
    if (isOpenStatus(record.status)) state.openRecords.push(record);
    push(state.recordsByAgentId, record.agentId, record);
    for (const target of new Set(record.targets.map(targetKey))) push(state.recordsByTarget, target, record);
  }
  return state;
}

/** Records that still block the wave (for the integration gate's `integration-contradiction-open`). */
export function openBlockingRecords(state: CoordinationState): CoordinationRecord[] {
  return state.records.filter(blocksWave);
}
