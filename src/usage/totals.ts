/**
 * Totals (pure): a wave's over its agents, and several waves' over their totals (the report job).
 */
import { roundUsd } from "./meter.js";
import { type AgentUsage, totalTokens, type WaveUsage } from "./schema.js";

const emptyTotals = (): WaveUsage => ({
  inputTokens: 0,
  cachedInputTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  totalTokens: 0,
  costUsd: null,
  costEstimated: false,
  costUnknown: [],
});

function addCost(into: WaveUsage, costUsd: number | null, estimated: boolean): void {
  if (costUsd === null) return;
  into.costUsd = roundUsd((into.costUsd ?? 0) + costUsd);
  if (estimated) into.costEstimated = true;
}

/** The wave's totals over the given agents' usage. */
export function sumUsage(agents: { id: string; usage: AgentUsage | null | undefined }[]): WaveUsage {
  const out = emptyTotals();
  for (const { id, usage } of agents) {
    if (!usage) continue;
    out.inputTokens += usage.inputTokens ?? 0;
    out.cachedInputTokens += usage.cachedInputTokens ?? 0;
    out.outputTokens += usage.outputTokens ?? 0;
    out.reasoningTokens += usage.reasoningTokens ?? 0;
    addCost(out, usage.costUsd, usage.costEstimated);
    if (usage.costUsd === null && (totalTokens(usage) ?? 0) > 0) out.costUnknown.push(id);
  }
  out.totalTokens = out.inputTokens + out.outputTokens;
  return out;
}

/** Several waves' totals added up; null when none has any. */
export function addWaveUsage(list: (WaveUsage | null | undefined)[]): WaveUsage | null {
  let out: WaveUsage | null = null;
  for (const u of list) {
    if (!u) continue;
    out ??= emptyTotals();
    out.inputTokens += u.inputTokens;
    out.cachedInputTokens += u.cachedInputTokens;
    out.outputTokens += u.outputTokens;
    out.reasoningTokens += u.reasoningTokens;
    out.totalTokens += u.totalTokens;
    addCost(out, u.costUsd, u.costEstimated);
    out.costUnknown.push(...u.costUnknown);
  }
  return out;
}
