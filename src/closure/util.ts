/**
 * Small shared pieces of the gate functions: result builders, level ordering, and the detail text
 * that explains missing or rejected markers (all of an agent's at once).
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

/** The agents of `ids` the wave declares, in wave order (an absent role, null, names none). */
export function declaredIds(wave: WaveDefinition, ids: readonly (string | null | undefined)[]): string[] {
  return wave.agents.filter((a) => ids.includes(a.agentId)).map((a) => a.agentId);
}

/** A gate's outcome, named field by field; `summary` adds the agent's log path. */
export type GateFields = Omit<GateResult, "logPath"> & { summary?: ExecutionSummary | null };

export function gateResult(fields: GateFields): GateResult {
  const { stage, agentId, ok, statusCode, detail, summary, ...extra } = fields;
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

function describeDiagnostic(d: SignalDiagnostic): string {
  return `line ${d.line}: ${d.reason}: \`${d.text}\``;
}

/** A marker a gate needs from an agent; `syntax` overrides the generic template (e.g. a filled-in component line). */
export interface WantedMarker {
  kind: SignalKind;
  componentId?: string;
  syntax?: string;
}

interface Absence {
  /** `[wave-component] component=x` for a component, else the tag. */
  label: string;
  tag: string;
  syntax: string;
  needsNonce: boolean;
  /** Marker lines of this kind (or component) were seen but all rejected. */
  invalid: boolean;
  /** "once" / "3 times" (only when invalid). */
  times: string;
  /** " Rejected line 4: …: `…`." or "" (only when invalid). */
  where: string;
}

const NONCE_NOTE = " (with nonce=<WAVE_MARKER_NONCE> when nonces are on)";
const MARKERS_DOC = "See docs/markers.md for every marker.";

function absence(summary: ExecutionSummary, wanted: WantedMarker): Absence {
  const spec = markerSpec(wanted.kind);
  const tag = `[${spec.tag}]`;
  const count = summary.diagnostics.counts[wanted.kind];
  const forComponent = wanted.componentId === undefined ? null : lastRejected(summary, wanted.kind, wanted.componentId);
  const invalid = forComponent !== null || (count !== undefined && count.rejected > 0 && count.accepted === 0);
  const sample = invalid ? (forComponent ?? lastRejected(summary, wanted.kind)) : null;
  return {
    label: wanted.componentId === undefined ? tag : `${tag} component=${wanted.componentId}`,
    tag,
    syntax: wanted.syntax ?? markerSyntax(wanted.kind),
    needsNonce: spec.needsNonce,
    invalid,
    times: count && count.rejected > 1 ? `${count.rejected} times` : "once",
    where: sample ? ` Rejected ${describeDiagnostic(sample)}.` : "",
  };
}

/**
 * Why accepted markers are absent, listing every one in `wanted` (the markers the gate still
 * needs from this agent, in the gate's order) so the agent can fix them all in one run. `invalid`
 * follows the first one: marker lines of that kind were seen but all rejected. A single marker gets
 * the detail of `markerProblem`.
 */
export function markerProblems(
  summary: ExecutionSummary | null,
  agentId: string,
  wanted: readonly WantedMarker[],
): { invalid: boolean; detail: string } {
  if (wanted.length === 0) throw new Error("markerProblems needs at least one marker");
  const tags = wanted.map((w) => `[${markerSpec(w.kind).tag}]`);
  if (summary === null) {
    const seen = tags.length === 1 ? `no ${tags[0]} marker was seen` : `none of its markers (${tags.join(", ")}) was seen`;
    return {
      invalid: false,
      detail: `No execution summary for ${agentId}: the agent did not run or its output was not read, so ${seen}.`,
    };
  }
  const all = wanted.map((w) => absence(summary, w));
  const first = all[0]!;
  if (all.length === 1) {
    const nonceNote = first.needsNonce ? NONCE_NOTE : "";
    if (first.invalid) {
      return {
        invalid: true,
        detail: `${agentId} printed ${first.tag} ${first.times} but it was not accepted.${first.where} Print it on a line of its own, outside code blocks that hold other text, as: ${first.syntax}${nonceNote}.${terminationNote(summary)}`,
      };
    }
    return {
      invalid: false,
      detail: `${agentId} did not print a ${first.tag} marker. End its output with a line: ${first.syntax}${nonceNote}.${terminationNote(summary)}`,
    };
  }
  const problems = all.map((a) => (a.invalid ? `${a.label}: printed ${a.times} but not accepted.${a.where}` : `${a.label}: not printed.`));
  const nonceNote = all.some((a) => a.needsNonce) ? ` Gate markers need nonce=<WAVE_MARKER_NONCE> when nonces are on.` : "";
  return {
    invalid: first.invalid,
    detail: `${agentId} is missing ${all.length} required markers. ${problems.join(" ")} Print each on a line of its own, outside code blocks that hold other text: ${all.map((a) => a.syntax).join(" | ")}.${nonceNote} ${MARKERS_DOC}${terminationNote(summary)}`,
  };
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
  return markerProblems(summary, agentId, [{ kind, ...options }]);
}

/**
 * " Also missing: …" for a gate that fails for another reason while required markers are still
 * absent, so the next run can print them too; "" when none is.
 */
export function alsoMissingNote(summary: ExecutionSummary | null, wanted: readonly WantedMarker[]): string {
  if (summary === null || wanted.length === 0) return "";
  const all = wanted.map((w) => absence(summary, w));
  const labels = all.map((a) => (a.invalid ? `${a.label} (printed but not accepted)` : a.label));
  return ` Also missing: ${labels.join(", ")}; print ${all.map((a) => a.syntax).join(" | ")}.`;
}

const CLARIFICATION_KINDS = new Set(["human-feedback", "human-escalation", "clarification-request"]);

/** Open blockers that block the wave (severity not stale/advisory). */
export function blockingRecords(inputs: GateInputs): OpenBlocker[] {
  return (inputs.coordination?.openBlockers ?? []).filter((b) => b.severity !== "stale" && b.severity !== "advisory");
}

/**
 * A record that a barrier of its own settles (barriers.ts): human feedback and clarification
 * requests, requests that follow up a clarification, and requests addressed to a capability
 * (helper assignments). The other gates leave such records to their barrier, so one open question
 * fails one gate, with the status code that says what it is.
 */
export function isBarrierRecord(record: OpenBlocker): boolean {
  if (CLARIFICATION_KINDS.has(record.kind)) return true;
  if (record.kind === "request" && record.followUpOf) return true;
  // Stryker disable next-line ArrayDeclaration: a default list is only searched for "capability:" targets, which a placeholder entry is not
  return (record.targets ?? []).some((t) => t.startsWith("capability:"));
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
export function reportFact(
  inputs: GateInputs,
  agentId: string,
  summary: ExecutionSummary | null,
): { path: string | null; exists: boolean } {
  const path = inputs.roles.reportPaths[agentId] ?? summary?.reportPath ?? null;
  const exists = path !== null && summary?.report?.path === path && summary.report.exists;
  return { path, exists };
}

/**
 * Why a role agent that owns no report (or packet) path cannot pass, and why a cont-EVAL agent
 * without eval targets cannot: one text for the gate at run time and for validation (static.ts).
 */
export const NO_REPORT_PATH = {
  "cont-qa": (id: string, wave: number) => `${id} owns no cont-QA report path (an owned file like docs/reviews/wave-${wave}-cont-qa.md).`,
  "cont-eval": (id: string) => `${id} owns no cont-EVAL report path (an owned .md or .txt file whose name contains "eval").`,
  security: (id: string) => `${id} owns no security report path (an owned .md or .txt file whose name contains "security").`,
  design: (id: string) =>
    `${id} owns no design packet path (an owned .md file whose name contains "design", "handoff" or "decision-lineage").`,
} as const;

export function noEvalContract(wave: number, id: string): string {
  return `Wave ${wave} has a cont-EVAL agent (${id}) but no "## Eval targets" section to evaluate against.`;
}
