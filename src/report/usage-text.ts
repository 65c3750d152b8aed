/**
 * Usage and cost in words for the summaries and the terminal: one cell per agent, one line for
 * the wave or for many waves. An estimate (from the pricing table) is marked `≈`; an unknown
 * cost is `—`, never `$0`.
 */
import { formatUsd } from "../usage/budget.js";
import { priceTableText } from "../usage/pricing.js";
import { type AgentUsage, totalTokens, type WaveUsage } from "../usage/schema.js";

/** 1234 → "1,234"; 39902 → "39.9k"; 2_500_000 → "2.5M". */
export function formatTokens(n: number): string {
  if (n < 10_000) return n.toLocaleString("en-US");
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(n < 10_000_000 ? 2 : 1)}M`;
}

export function costText(costUsd: number | null, estimated: boolean): string {
  if (costUsd === null) return "—";
  return `${estimated ? "≈" : ""}${formatUsd(costUsd)}`;
}

/** Whether any agent reported anything worth a column. */
export function anyUsage(agents: { usage?: AgentUsage | null }[]): boolean {
  return agents.some((a) => a.usage && (totalTokens(a.usage) !== null || a.usage.costUsd !== null));
}

/** "39.9k in · 56 out". */
export function tokensCell(u: AgentUsage | null | undefined): string {
  if (!u || totalTokens(u) === null) return "—";
  return `${formatTokens(u.inputTokens ?? 0)} in · ${formatTokens(u.outputTokens ?? 0)} out`;
}

export function costCell(u: AgentUsage | null | undefined): string {
  return u ? costText(u.costUsd, u.costEstimated) : "—";
}

/**
 * What an estimated wave cost is: "≈ estimated from tokens × the built-in price table of
 * 2025-11" when every known cost is an estimate, "≈ partly estimated …" only when some agents'
 * CLIs reported theirs and others were estimated. Results written before the tables were told
 * apart say "the pricing table".
 */
export function estimateText(u: Pick<WaveUsage, "costEstimated" | "costEstimatedAll" | "priceSources">): string {
  const table = u.priceSources && u.priceSources.length > 0 ? priceTableText(u.priceSources) : "the pricing table";
  return `≈ ${u.costEstimatedAll === false ? "partly estimated" : "estimated"} from tokens × ${table}`;
}

/**
 * "Usage: 41,234 tokens (39.9k in, 5,000 cached · 1,332 out, 14 reasoning) · cost $0.4018" plus
 * what the cost leaves out; null when nothing used any tokens.
 */
export function usageLine(u: WaveUsage | null | undefined): string | null {
  if (!u || (u.totalTokens === 0 && u.costUsd === null)) return null;
  const input = `${formatTokens(u.inputTokens)} in${u.cachedInputTokens > 0 ? `, ${formatTokens(u.cachedInputTokens)} cached` : ""}`;
  const output = `${formatTokens(u.outputTokens)} out${u.reasoningTokens > 0 ? `, ${formatTokens(u.reasoningTokens)} reasoning` : ""}`;
  let line = `${formatTokens(u.totalTokens)} tokens (${input} · ${output}) · cost ${costText(u.costUsd, u.costEstimated)}`;
  if (u.costEstimated) line += ` (${estimateText(u)})`;
  if (u.costUnknown.length > 0) line += `; cost unknown for ${u.costUnknown.join(", ")}`;
  return line;
}
