/**
 * Totals (pure): a wave's over its agents, and several waves' over their totals (the report job).
 */
import { roundUsd } from "./meter.js";
import type { PriceSource } from "./pricing.js";
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

/** Which estimates went in: `all` says every known cost was one (else "partly"); the tables used. */
function noteEstimate(
  into: WaveUsage,
  part: { costEstimated: boolean; costEstimatedAll?: boolean | undefined; priceSources?: PriceSource[] | undefined },
  reported: boolean,
  seen: { reported: boolean },
): void {
  if (reported) seen.reported = true;
  for (const s of part.priceSources ?? []) if (!into.priceSources?.includes(s)) into.priceSources = [...(into.priceSources ?? []), s];
  if (into.costEstimated) into.costEstimatedAll = !seen.reported;
}

/** The wave's totals over the given agents' usage. */
export function sumUsage(agents: { id: string; usage: AgentUsage | null | undefined }[]): WaveUsage {
  const out = emptyTotals();
  const seen = { reported: false };
  for (const { id, usage } of agents) {
    if (!usage) continue;
    out.inputTokens += usage.inputTokens ?? 0;
    out.cachedInputTokens += usage.cachedInputTokens ?? 0;
    out.outputTokens += usage.outputTokens ?? 0;
    out.reasoningTokens += usage.reasoningTokens ?? 0;
    addCost(out, usage.costUsd, usage.costEstimated);
    // A cost the CLI reported for tokens it used (not an agent that used none).
    const reported = usage.costUsd !== null && !usage.costEstimated && (totalTokens(usage) ?? 0) > 0;
    const sources = usage.costEstimated && usage.priceSource ? [usage.priceSource] : [];
    noteEstimate(out, { costEstimated: usage.costEstimated, priceSources: sources }, reported, seen);
    if (usage.costUsd === null && (totalTokens(usage) ?? 0) > 0) out.costUnknown.push(id);
  }
  out.totalTokens = out.inputTokens + out.outputTokens;
  return out;
}

/** Several waves' totals added up; null when none has any. */
export function addWaveUsage(list: (WaveUsage | null | undefined)[]): WaveUsage | null {
  let out: WaveUsage | null = null;
  const seen = { reported: false };
  for (const u of list) {
    if (!u) continue;
    out ??= emptyTotals();
    out.inputTokens += u.inputTokens;
    out.cachedInputTokens += u.cachedInputTokens;
    out.outputTokens += u.outputTokens;
    out.reasoningTokens += u.reasoningTokens;
    out.totalTokens += u.totalTokens;
    addCost(out, u.costUsd, u.costEstimated);
    // A wave whose cost is known and not all estimated had some reported cost.
    const reported = u.costUsd !== null && u.costUsd > 0 && (!u.costEstimated || u.costEstimatedAll === false);
    noteEstimate(out, u, reported, seen);
    out.costUnknown.push(...u.costUnknown);
  }
  return out;
}

/** Whether a CLI reported any figure at all (tokens or a cost) for an agent. */
function reportedAny(u: AgentUsage | null | undefined): u is AgentUsage {
  return !!u && [u.inputTokens, u.cachedInputTokens, u.outputTokens, u.reasoningTokens, u.costUsd].some((v) => v !== null);
}

/**
 * A wave's usage as its result records it: the totals over its agents, or null when no agent's CLI
 * reported any figure (every agent's usage null: `local` and `command` agents, a CLI that printed
 * none) — null, never a row of zeros that reads as "used nothing".
 */
export function waveUsageOf(agents: { id: string; usage: AgentUsage | null | undefined }[]): WaveUsage | null {
  return agents.some((a) => reportedAny(a.usage)) ? sumUsage(agents) : null;
}
