/**
 * Turning tokens into an estimated cost with the config's `pricing` table (USD per million tokens).
 */
import type { ModelPrice, Pricing } from "./schema.js";

/**
 * The price of `model`: its own entry, else the entry of its name without a `[…]` suffix
 * (`claude-opus-4-8[1m]`), else without a `provider/` prefix (`openai/gpt-5`).
 */
export function priceOf(pricing: Pricing, model: string | null): ModelPrice | null {
  if (!model) return null;
  const bare = model.replace(/\[[^\]]*\]$/, "");
  const names = [model, bare, bare.slice(bare.lastIndexOf("/") + 1)];
  for (const name of names) {
    const price = Object.hasOwn(pricing, name) ? pricing[name] : undefined;
    if (price) return price;
  }
  return null;
}

export function estimateCost(tokens: { input: number | null; cached: number | null; output: number | null }, price: ModelPrice): number {
  const input = tokens.input ?? 0;
  const cached = Math.min(tokens.cached ?? 0, input);
  const cachedPrice = price.cachedInputPerMTok ?? price.inputPerMTok;
  return ((input - cached) * price.inputPerMTok + cached * cachedPrice + (tokens.output ?? 0) * price.outputPerMTok) / 1_000_000;
}
