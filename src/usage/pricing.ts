/**
 * Turning tokens into an estimated cost (USD per million tokens): the config's `pricing` table
 * first, else the built-in table below, so a cost is shown without any set-up. The built-in table
 * is dated: prices change, and the reports say which table an estimate came from and of when
 * ("≈ estimated from tokens × the built-in price table of <date>"). A model in neither table has
 * an unknown cost (`—`), never `$0`.
 *
 * The built-in figures are the providers' published list prices per million tokens for standard
 * (not batch, not priority) use, as of BUILTIN_PRICES_DATE: OpenAI's API pricing page, Anthropic's
 * model pricing page (cached input = cache reads; cache writes are counted as input), Google's
 * Gemini API pricing (prompts up to 200k tokens). Override any of them with the config's
 * `pricing` (`wave init` writes the built-in figures of the models it configures there).
 */
import type { ModelPrice, Pricing } from "./schema.js";

/** When the built-in figures were taken (year-month). */
export const BUILTIN_PRICES_DATE = "2025-11";

const p = (inputPerMTok: number, cachedInputPerMTok: number, outputPerMTok: number): ModelPrice => ({
  inputPerMTok,
  cachedInputPerMTok,
  outputPerMTok,
});

/** Current models of each provider the executors use by default (codex: OpenAI; claude: Anthropic; OpenCode: its providers). */
export const BUILTIN_PRICING: Readonly<Pricing> = Object.freeze({
  // OpenAI (codex and OpenCode's openai provider).
  "gpt-5.1": p(1.25, 0.125, 10),
  "gpt-5.1-codex": p(1.25, 0.125, 10),
  "gpt-5.1-codex-max": p(1.25, 0.125, 10),
  "gpt-5.1-codex-mini": p(0.25, 0.025, 2),
  "gpt-5": p(1.25, 0.125, 10),
  "gpt-5-codex": p(1.25, 0.125, 10),
  "gpt-5-mini": p(0.25, 0.025, 2),
  "gpt-5-nano": p(0.05, 0.005, 0.4),
  "gpt-4.1": p(2, 0.5, 8),
  "gpt-4.1-mini": p(0.4, 0.1, 1.6),
  o3: p(2, 0.5, 8),
  "o4-mini": p(1.1, 0.275, 4.4),
  "codex-mini-latest": p(1.5, 0.375, 6),
  // Anthropic (Claude Code and OpenCode's anthropic provider).
  "claude-opus-4-5": p(5, 0.5, 25),
  "claude-opus-4-1": p(15, 1.5, 75),
  "claude-opus-4": p(15, 1.5, 75),
  "claude-sonnet-4-5": p(3, 0.3, 15),
  "claude-sonnet-4": p(3, 0.3, 15),
  "claude-haiku-4-5": p(1, 0.1, 5),
  "claude-3-5-haiku": p(0.8, 0.08, 4),
  // Google (OpenCode's google provider).
  "gemini-2.5-pro": p(1.25, 0.31, 10),
  "gemini-2.5-flash": p(0.3, 0.075, 2.5),
});

/** Where an estimate's price came from. */
export type PriceSource = "config" | "builtin";

export interface PriceLookup {
  price: ModelPrice;
  source: PriceSource;
  /** The table entry that matched. */
  name: string;
}

/**
 * The names a model may be listed under, most specific first: as given, without a `[…]` suffix
 * (`claude-opus-4-8[1m]`), without a `provider/` prefix (`openai/gpt-5`), without a date suffix
 * (`claude-sonnet-4-5-20250929`, `gpt-4.1-2025-04-14`).
 */
function modelNames(model: string): string[] {
  const bare = model.replace(/\[[^\]]*\]$/, "");
  const unprefixed = bare.slice(bare.lastIndexOf("/") + 1);
  const undated = unprefixed.replace(/-(?:\d{8}|\d{4}-\d{2}-\d{2})$/, "");
  return [...new Set([model, bare, unprefixed, undated])];
}

function find(table: Readonly<Pricing>, names: readonly string[]): { price: ModelPrice; name: string } | null {
  for (const name of names) {
    const price = Object.hasOwn(table, name) ? table[name] : undefined;
    if (price) return { price, name };
  }
  return null;
}

/** The price of `model` and which table gave it: the config's `pricing`, else the built-in table. */
export function lookupPrice(pricing: Pricing, model: string | null): PriceLookup | null {
  if (!model) return null;
  const names = modelNames(model);
  const own = find(pricing, names);
  if (own) return { ...own, source: "config" };
  const builtin = find(BUILTIN_PRICING, names);
  return builtin ? { ...builtin, source: "builtin" } : null;
}

/** The price of `model` (see lookupPrice), or null when neither table lists it. */
export function priceOf(pricing: Pricing, model: string | null): ModelPrice | null {
  return lookupPrice(pricing, model)?.price ?? null;
}

/** The built-in prices of these models (for `wave init`'s example); models not listed are left out. */
export function builtinPricesFor(models: readonly (string | null | undefined)[]): Pricing {
  const out: Pricing = {};
  for (const model of models) {
    if (!model) continue;
    const hit = find(BUILTIN_PRICING, modelNames(model));
    if (hit) out[model] = { ...hit.price };
  }
  return out;
}

/** "the built-in price table of 2025-11", "the config's pricing", or both. */
export function priceTableText(sources: readonly PriceSource[]): string {
  const builtin = `the built-in price table of ${BUILTIN_PRICES_DATE}`;
  const has = (s: PriceSource) => sources.includes(s);
  if (has("config") && has("builtin")) return `the config's pricing and ${builtin}`;
  if (has("config")) return "the config's pricing";
  return builtin;
}

export function estimateCost(tokens: { input: number | null; cached: number | null; output: number | null }, price: ModelPrice): number {
  const input = tokens.input ?? 0;
  const cached = Math.min(tokens.cached ?? 0, input);
  const cachedPrice = price.cachedInputPerMTok ?? price.inputPerMTok;
  return ((input - cached) * price.inputPerMTok + cached * cachedPrice + (tokens.output ?? 0) * price.outputPerMTok) / 1_000_000;
}
