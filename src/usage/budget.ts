/**
 * Budget decisions (pure): whether an agent or the wave has spent more than it may, and the words
 * that say so. An agent's budget is `budget.usd` / `budget.tokens` (wave file or profile); the
 * wave's is `max-budget-usd` (input or flag), over everything this run's agents spent.
 */
import { roundUsd } from "./meter.js";
import { type AgentUsage, totalTokens, type WaveUsage } from "./schema.js";

export interface BudgetBreach {
  scope: "agent" | "wave";
  measure: "usd" | "tokens";
  spent: number;
  limit: number;
  /** The spending is (partly) an estimate from the pricing table. */
  estimated: boolean;
}

export interface AgentLimits {
  usd: number | null;
  tokens: number | null;
}

/** The agent's own budget, or null while it holds. Spending the whole budget is not over it. */
export function agentBreach(usage: AgentUsage, limits: AgentLimits): BudgetBreach | null {
  if (limits.usd !== null && usage.costUsd !== null && usage.costUsd > limits.usd) {
    return { scope: "agent", measure: "usd", spent: usage.costUsd, limit: limits.usd, estimated: usage.costEstimated };
  }
  const tokens = totalTokens(usage);
  if (limits.tokens !== null && tokens !== null && tokens > limits.tokens) {
    return { scope: "agent", measure: "tokens", spent: tokens, limit: limits.tokens, estimated: false };
  }
  return null;
}

/** The wave's budget, or null while it holds. */
export function waveBreach(totals: WaveUsage, maxUsd: number | null): BudgetBreach | null {
  if (maxUsd === null || totals.costUsd === null || totals.costUsd <= maxUsd) return null;
  return { scope: "wave", measure: "usd", spent: totals.costUsd, limit: maxUsd, estimated: totals.costEstimated };
}

/** Dollars with the precision small sums need: $12.34, $0.2009, $0.000123. */
export function formatUsd(v: number): string {
  const r = roundUsd(v);
  const digits = r >= 1 || r === 0 ? 2 : r >= 0.01 ? 4 : 6;
  const text = r.toFixed(digits);
  return `$${digits > 2 ? text.replace(/0+$/, "").replace(/\.(\d)$/, ".$10") : text}`;
}

/** "A1 spent $0.0132 of its $0.01 budget (budget.usd)" and the like. */
export function describeBreach(breach: BudgetBreach, agentId: string): string {
  const amount = (v: number) => (breach.measure === "usd" ? formatUsd(v) : `${v} tokens`);
  const est = breach.estimated ? " (estimated from the pricing table)" : "";
  if (breach.scope === "wave") {
    return `the wave spent ${amount(breach.spent)}${est} of its ${amount(breach.limit)} budget (max-budget-usd); ${agentId} was stopped`;
  }
  return `${agentId} spent ${amount(breach.spent)}${est} of its ${amount(breach.limit)} budget (budget.${breach.measure})`;
}
