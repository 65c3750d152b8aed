/**
 * What an agent's model use cost: the figures each CLI reports about itself, in one vocabulary.
 *
 * - `inputTokens` counts ALL input tokens of the model calls (those read from the prompt cache
 *   included); `cachedInputTokens` is the part read from the cache.
 * - `outputTokens` counts ALL output tokens; `reasoningTokens` is the part spent on reasoning.
 * - `costUsd` is what the CLI reported, or an estimate from the config's `pricing` table, else
 *   the built-in one (src/usage/pricing.ts) (`costEstimated: true`, `priceSource` says which)
 *   when the CLI reports tokens but no cost; null when neither is known.
 * - `turns`: what the CLI counts as turns (Claude `num_turns`, codex completed turns, OpenCode
 *   steps — model requests).
 * - A field the CLI does not report is null, never 0.
 *
 * Each schema is built the first time it is used (lazySchema, src/lazy-schema.ts): loading this
 * module builds none of them.
 */
import { z } from "zod";
import { lazySchema } from "../lazy-schema.js";

const Count = lazySchema(() => z.number().int().nonnegative());

export const AgentUsageSchema = lazySchema(() =>
  z.object({
    model: z.string().nullable(),
    inputTokens: Count.nullable(),
    cachedInputTokens: Count.nullable(),
    outputTokens: Count.nullable(),
    reasoningTokens: Count.nullable(),
    costUsd: z.number().nonnegative().nullable(),
    costEstimated: z.boolean(),
    turns: Count.nullable(),
    sessionId: z.string().nullable(),
    /** True when this run continued the CLI's own session of an earlier, interrupted run. */
    continuedSession: z.boolean().optional(),
    /** With an estimate: the table its price came from (the config's `pricing`, or the built-in one). */
    priceSource: z.enum(["config", "builtin"]).optional(),
  }),
);
export type AgentUsage = z.infer<typeof AgentUsageSchema>;

/** The wave's totals over the agents that ran in this run (reused agents spent nothing here). */
export const WaveUsageSchema = lazySchema(() =>
  z.object({
    inputTokens: Count,
    cachedInputTokens: Count,
    outputTokens: Count,
    reasoningTokens: Count,
    /** inputTokens + outputTokens. */
    totalTokens: Count,
    /** Sum of the agents' costs; null when no agent's cost is known. */
    costUsd: z.number().nonnegative().nullable(),
    /** Some of the cost is an estimate from the pricing table. */
    costEstimated: z.boolean(),
    /** Every agent's known cost is an estimate (none was reported by its CLI). */
    costEstimatedAll: z.boolean().optional(),
    /** The tables the estimates' prices came from. */
    priceSources: z.array(z.enum(["config", "builtin"])).optional(),
    /** Agents that used tokens but whose cost is unknown (not in costUsd). */
    costUnknown: z.array(z.string()),
  }),
);
export type WaveUsage = z.infer<typeof WaveUsageSchema>;

/** `pricing` in wave.config.json: USD per million tokens, per model name as the CLI is given it. */
const ModelPriceSchema = lazySchema(() =>
  z.strictObject({
    inputPerMTok: z.number().nonnegative(),
    outputPerMTok: z.number().nonnegative(),
    /** Price of cached input; defaults to inputPerMTok. */
    cachedInputPerMTok: z.number().nonnegative().optional(),
  }),
);
export const PricingSchema = lazySchema(() => z.record(z.string().min(1), ModelPriceSchema));
export type ModelPrice = z.infer<typeof ModelPriceSchema>;
export type Pricing = z.infer<typeof PricingSchema>;

/** inputTokens + outputTokens, or null when neither is known. */
export function totalTokens(u: Pick<AgentUsage, "inputTokens" | "outputTokens">): number | null {
  return u.inputTokens === null && u.outputTokens === null ? null : (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
}
