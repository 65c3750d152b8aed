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
  claims: CoordinationRecord[];
  evidence: CoordinationRecord[];
  decisions: CoordinationRecord[];
  handoffs: CoordinationRecord[];
  integrationSummaries: CoordinationRecord[];
  /** Records whose status is open, acknowledged or in_progress. */
  openRecords: CoordinationRecord[];
}

/** The kinds the message board and the shared summary list apart, by the list each goes to. */
const BUCKET: Partial<Record<CoordinationKind, "claims" | "evidence" | "decisions" | "handoffs" | "integrationSummaries">> = {
  claim: "claims",
  evidence: "evidence",
  decision: "decisions",
  handoff: "handoffs",
  "integration-summary": "integrationSummaries",
};

/** `agent:A1` → `A1`; `capability:x` stays as is. */
export function targetKey(target: string): string {
  return target.startsWith("agent:") ? target.slice("agent:".length) : target;
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
    claims: [],
    evidence: [],
    decisions: [],
    handoffs: [],
    integrationSummaries: [],
    openRecords: [],
  };
  for (const record of state.records) {
    const bucket = BUCKET[record.kind];
    if (bucket) state[bucket].push(record);
    if (isOpenStatus(record.status)) state.openRecords.push(record);
  }
  return state;
}

/** Records that still block the wave (for the integration gate's `integration-contradiction-open`). */
export function openBlockingRecords(state: CoordinationState): CoordinationRecord[] {
  return state.records.filter(blocksWave);
}
