/**
 * What each executor tells about its usage (its adapter's `usage`), and therefore which budgets
 * can be watched (pure).
 */
import type { UsageReporting } from "./adapter.js";
import { adapterOf } from "./registry.js";
import type { ResolvedExecutor } from "../wave/schema.js";
import { priceOf } from "../usage/pricing.js";
import type { Pricing } from "../usage/schema.js";

export type { UsageReporting };

export function usageReporting(executor: ResolvedExecutor): UsageReporting {
  return adapterOf(executor.id).usage?.reporting(executor) ?? "none";
}

/**
 * Why a USD or token budget that applies to this agent cannot be watched, or null when it can.
 * `waveUsd`: the run's `max-budget-usd` (the agent's spending counts toward it).
 */
export function budgetWatchProblem(executor: ResolvedExecutor, pricing: Pricing, waveUsd: number | null): string | null {
  const usd = executor.budget.usd !== null || waveUsd !== null;
  const tokens = executor.budget.tokens !== null;
  if (!usd && !tokens) return null;
  const reporting = usageReporting(executor);
  const what = executor.budget.usd !== null ? "budget.usd" : waveUsd !== null ? "max-budget-usd" : "budget.tokens";
  if (reporting === "none") {
    const why = adapterOf(executor.id).usage?.noneReason?.(executor) ?? `the ${executor.id} executor reports no usage`;
    return `${what} cannot be watched for this agent: ${why}`;
  }
  if (usd && reporting === "tokens" && !priceOf(pricing, executor.model)) {
    const model = executor.model ? `model "${executor.model}"` : "its model (none is set: add `model`)";
    return `${what} cannot be watched for this agent: ${executor.id} reports tokens but no cost, and the config's pricing has no entry for ${model}`;
  }
  return null;
}
