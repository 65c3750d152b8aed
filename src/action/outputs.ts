/**
 * The action's outputs (action.yml): every output is set in every mode, empty when it does not
 * apply, so a workflow can always read them. They are written with `core.setOutput`, which in a
 * job appends to the step's GITHUB_OUTPUT file (a heredoc whose random delimiter the value may not
 * contain), never as a command on stdout; the job log itself is src/report/runner-channel.ts's.
 */
import type { WaveResult } from "../state/schema.js";
import type { WaveUsage } from "../usage/schema.js";

export const OUTPUT_NAMES = [
  "status",
  "result",
  "result-file",
  "failed-agents",
  "failure-stage",
  "artifact-name",
  "artifact-id",
  "resumed-from",
  "matrix",
  "feedback-question",
  "passed-waves",
  "failed-waves",
  "changes-artifact",
  "total-cost-usd",
  "total-tokens",
  "wave",
  "shard",
  "unit",
  "blocker",
  "blocker-status",
  "count",
  "commit",
] as const;
type OutputName = (typeof OUTPUT_NAMES)[number];
export type Outputs = Record<OutputName, string> & Record<string, string>;

const MAX_RESULT_OUTPUT = 60_000;

export function emptyOutputs(): Outputs {
  return Object.fromEntries(OUTPUT_NAMES.map((n) => [n, ""])) as Outputs;
}

/** result.json as compact JSON, shortened step by step until it fits. */
export function compactResult(result: WaveResult, max = MAX_RESULT_OUTPUT): string {
  const full = JSON.stringify(result);
  if (full.length <= max) return full;
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
  const lighter = {
    ...result,
    trimmed: true,
    gates: result.gates.map((g) => ({ ...g, detail: cut(g.detail, 200) })),
    failure: result.failure ? { ...result.failure, detail: cut(result.failure.detail, 1000) } : null,
    agents: result.agents.map(({ executorHistory: _h, fingerprint: _f, ...a }) => a),
  };
  const second = JSON.stringify(lighter);
  if (second.length <= max) return second;
  const minimal = {
    schemaVersion: result.schemaVersion,
    lane: result.lane,
    wave: result.wave,
    attempt: result.attempt,
    status: result.status,
    startedAt: result.startedAt,
    completedAt: result.completedAt,
    durationMs: result.durationMs,
    resumedFrom: result.resumedFrom,
    trimmed: true,
    failure: lighter.failure,
    feedback: result.feedback ? { ...result.feedback, question: cut(result.feedback.question, 1000) } : null,
    agents: result.agents.map((a) => ({ id: a.id, status: a.status, statusCode: a.statusCode })),
    gates: result.gates.filter((g) => !g.ok).map((g) => ({ stage: g.stage, agentId: g.agentId, ok: g.ok, statusCode: g.statusCode })),
  };
  const third = JSON.stringify(minimal);
  return third.length <= max ? third : JSON.stringify({ ...minimal, agents: [], trimmed: true }).slice(0, max);
}

export function resultOutputs(result: WaveResult, resultFile: string): Partial<Outputs> {
  const failed = result.agents.filter((a) => !["succeeded", "reused", "skipped", "not-run"].includes(a.status)).map((a) => a.id);
  return {
    status: result.status,
    result: compactResult(result),
    "result-file": resultFile,
    "failed-agents": failed.join(","),
    "failure-stage": result.failure?.stage ?? "",
    "resumed-from": result.resumedFrom ?? "",
    "feedback-question": result.status === "blocked" && result.feedback ? result.feedback.question : "",
    ...usageOutputs(result.usage),
  };
}

/**
 * `total-cost-usd` (a plain number, empty when no cost is known) and `total-tokens` (input +
 * output, empty when no agent reported usage).
 */
export function usageOutputs(usage: WaveUsage | null): Pick<Outputs, "total-cost-usd" | "total-tokens"> {
  const known = usage !== null && (usage.totalTokens > 0 || usage.costUsd !== null);
  return {
    "total-cost-usd": known && usage.costUsd !== null ? String(usage.costUsd) : "",
    "total-tokens": known ? String(usage.totalTokens) : "",
  };
}
