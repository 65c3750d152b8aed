/**
 * Small shared pieces of the gate functions: result builders, level ordering, and the detail text
 * that explains a missing or rejected marker.
 */
import { markerSpec, markerSyntax } from "../signals/grammar.js";
import type { ExecutionSummary, SignalDiagnostic, SignalKind } from "../signals/schema.js";
import type { GateResult, GateStage } from "../state/schema.js";
import type { WaveDefinition } from "../wave/schema.js";
import type { GateInputs, OpenBlocker } from "./types.js";

export function summaryOf(inputs: GateInputs, agentId: string | null): ExecutionSummary | null {
  if (agentId === null) return null;
  return inputs.summaries[agentId] ?? null;
}

export function isDeclared(wave: WaveDefinition, agentId: string | null): agentId is string {
  return agentId !== null && wave.agents.some((a) => a.agentId === agentId);
}

export function declaredIds(wave: WaveDefinition, ids: readonly string[]): string[] {
  return wave.agents.filter((a) => ids.includes(a.agentId)).map((a) => a.agentId);
}

export function gateResult(
  stage: GateStage,
  agentId: string | null,
  ok: boolean,
  statusCode: string,
  detail: string,
  summary?: ExecutionSummary | null,
  extra: Partial<GateResult> = {},
): GateResult {
  const result: GateResult = { stage, agentId, ok, statusCode, detail };
  if (summary?.logPath) result.logPath = summary.logPath;
  return { ...result, ...extra };
}

export function skippedGate(stage: GateStage, detail: string): GateResult {
  return { stage, agentId: null, ok: true, statusCode: "skipped", detail, skipped: true };
}

/** Position of `value` in an ordered level list (-1 when unknown). */
export function rank(order: readonly string[], value: string | null | undefined): number {
  return value == null ? -1 : order.indexOf(value);
}

/** `actual` meets or exceeds `required` in `order`; a null requirement is always met. */
export function meetsOrExceeds(actual: string, required: string | null, order: readonly string[]): boolean {
  if (required === null || required === "") return true;
  const need = rank(order, required);
  return need !== -1 && rank(order, actual) >= need;
}

/** " The agent stopped early: Reached max turns (30)." or "". */
export function terminationNote(summary: ExecutionSummary | null): string {
  const hint = summary?.termination.hint;
  return hint ? ` The agent stopped early: ${hint}.` : "";
}

function lastRejected(summary: ExecutionSummary, kind: SignalKind, componentId?: string): SignalDiagnostic | null {
  const samples = summary.diagnostics.samples.filter(
    (d) => d.kind === kind && d.severity === "error" && (componentId === undefined || d.componentId === componentId),
  );
  return samples.at(-1) ?? null;
}

export function describeDiagnostic(d: SignalDiagnostic): string {
  return `line ${d.line}: ${d.reason}: \`${d.text}\``;
}

/**
 * Why an accepted marker of `kind` is absent: `invalid` when marker lines of that kind were seen
 * but all rejected (the detail quotes the last rejected line and the reason).
 */
export function markerProblem(
  summary: ExecutionSummary | null,
  kind: SignalKind,
  agentId: string,
  options: { componentId?: string } = {},
): { invalid: boolean; detail: string } {
  const tag = `[${markerSpec(kind).tag}]`;
  const syntax = markerSyntax(kind);
  const nonceNote = markerSpec(kind).needsNonce ? " (with nonce=<WAVE_MARKER_NONCE> when nonces are on)" : "";
  if (summary === null) {
    return {
      invalid: false,
      detail: `No execution summary for ${agentId}: the agent did not run or its output was not read, so no ${tag} marker was seen.`,
    };
  }
  const count = summary.diagnostics.counts[kind];
  const forComponent = options.componentId === undefined ? null : lastRejected(summary, kind, options.componentId);
  if (forComponent !== null || (count !== undefined && count.rejected > 0 && count.accepted === 0)) {
    const sample = forComponent ?? lastRejected(summary, kind);
    const where = sample ? ` Rejected ${describeDiagnostic(sample)}.` : "";
    const times = count && count.rejected > 1 ? `${count.rejected} times` : "once";
    return {
      invalid: true,
      detail: `${agentId} printed ${tag} ${times} but it was not accepted.${where} Print it on a line of its own, outside code blocks that hold other text, as: ${syntax}${nonceNote}.${terminationNote(summary)}`,
    };
  }
  return {
    invalid: false,
    detail: `${agentId} did not print a ${tag} marker. End its output with a line: ${syntax}${nonceNote}.${terminationNote(summary)}`,
  };
}

const CLARIFICATION_KINDS = new Set(["human-feedback", "human-escalation", "clarification-request"]);

/** Open blockers that block the wave (severity not stale/advisory). */
export function blockingRecords(inputs: GateInputs): OpenBlocker[] {
  return (inputs.coordination?.openBlockers ?? []).filter((b) => b.severity !== "stale" && b.severity !== "advisory");
}

export function isClarification(record: OpenBlocker): boolean {
  return CLARIFICATION_KINDS.has(record.kind);
}

export function forwardedIds(inputs: GateInputs): Set<string> {
  return new Set(inputs.coordination?.forwardedGaps ?? []);
}

export function listIds(records: readonly { id: string; summary: string }[], max = 3): string {
  const shown = records.slice(0, max).map((r) => `${r.id} (${r.summary})`);
  const more = records.length > max ? ` and ${records.length - max} more` : "";
  return shown.join("; ") + more;
}

/** The expected report path of an agent and whether its summary saw it on disk. */
export function reportFact(inputs: GateInputs, agentId: string, summary: ExecutionSummary | null): { path: string | null; exists: boolean } {
  const path = inputs.roles.reportPaths[agentId] ?? summary?.reportPath ?? null;
  const exists = path !== null && summary?.report?.path === path && summary.report.exists;
  return { path, exists };
}
