/**
 * The running usage of one agent in this run: fed the usage facts of its output as they stream
 * (src/usage/extract.ts), one slot per process start (a rate-limit retry is a new process whose
 * CLI counts from zero again).
 */
import type { TokenFigures, UsageFact } from "./extract.js";
import { estimateCost, lookupPrice } from "./pricing.js";
import type { AgentUsage, Pricing } from "./schema.js";

interface Figures {
  tokens: TokenFigures;
  costUsd: number | null;
}

interface Slot {
  /**
   * The last keyed call: an API message split over several events comes as consecutive events of
   * one key, and its latest figures replace the earlier ones in `sum`.
   */
  lastKey: string | null;
  last: Figures | null;
  /** The calls' running sum, kept as they come so that a snapshot costs the same at any length. */
  sum: Figures;
  turns: number;
  total: (Figures & { turns: number | null }) | null;
  /** The session this process ran in, and that session's totals as the process last reported them. */
  sessionId: string | null;
  sessionTotal: TokenFigures | null;
}

const noFigures = (): Figures => ({ tokens: { input: null, cached: null, output: null, reasoning: null }, costUsd: null });

const newSlot = (): Slot => ({ lastKey: null, last: null, sum: noFigures(), turns: 0, total: null, sessionId: null, sessionTotal: null });

function plus(a: number | null, b: number | null, sign: number): number | null {
  return b === null ? a : (a ?? 0) + sign * b;
}

function addInto(into: Figures, f: Figures, sign: 1 | -1): void {
  const t = into.tokens;
  t.input = plus(t.input, f.tokens.input, sign);
  t.cached = plus(t.cached, f.tokens.cached, sign);
  t.output = plus(t.output, f.tokens.output, sign);
  t.reasoning = plus(t.reasoning, f.tokens.reasoning, sign);
  into.costUsd = plus(into.costUsd, f.costUsd, sign);
}

function minus(a: number | null, b: number | null): number | null {
  return a === null ? null : Math.max(0, a - (b ?? 0));
}

function sum(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

function sumFigures(list: Iterable<Figures>): Figures {
  const out: Figures = { tokens: { input: null, cached: null, output: null, reasoning: null }, costUsd: null };
  for (const f of list) {
    out.tokens.input = sum(out.tokens.input, f.tokens.input);
    out.tokens.cached = sum(out.tokens.cached, f.tokens.cached);
    out.tokens.output = sum(out.tokens.output, f.tokens.output);
    out.tokens.reasoning = sum(out.tokens.reasoning, f.tokens.reasoning);
    out.costUsd = sum(out.costUsd, f.costUsd);
  }
  return out;
}

function hasTokens(t: TokenFigures): boolean {
  return (t.input ?? 0) + (t.output ?? 0) > 0;
}

export class UsageMeter {
  private readonly slots: Slot[] = [];
  private sessionId: string | null = null;
  private reportedModel: string | null = null;
  /** The CLI said it stopped at its own budget flag. */
  budgetStopped = false;

  constructor(
    private readonly pricing: Pricing,
    /** The model the agent was configured with (the CLIs do not all name it in their events). */
    private readonly configuredModel: string | null,
  ) {}

  /** A new process of the agent starts (its CLI counts from zero). */
  startProcess(): void {
    this.slots.push(newSlot());
  }

  /** Applies one fact; true when a token or cost figure changed. */
  apply(fact: UsageFact): boolean {
    if (this.slots.length === 0) this.startProcess();
    const slot = this.slots[this.slots.length - 1]!;
    switch (fact.kind) {
      case "session":
        if (fact.sessionId) {
          this.sessionId = fact.sessionId;
          slot.sessionId = fact.sessionId;
        }
        if (fact.model) this.reportedModel = fact.model;
        return false;
      case "call": {
        // The fact itself holds the figures (no copy per event).
        const figures: Figures = fact;
        if (fact.key !== null && fact.key === slot.lastKey && slot.last) {
          // The same message again: its latest figures replace the earlier.
          addInto(slot.sum, slot.last, -1);
        } else if (fact.turn) slot.turns++;
        slot.lastKey = fact.key;
        slot.last = figures;
        addInto(slot.sum, figures, 1);
        return true;
      }
      case "session-total":
        slot.sessionTotal = fact.tokens;
        if (fact.turn) slot.turns++;
        return true;
      case "total":
        slot.total = { tokens: fact.tokens, costUsd: fact.costUsd, turns: fact.turns };
        if (fact.sessionId) this.sessionId = fact.sessionId;
        if (fact.model) this.reportedModel = fact.model;
        if (fact.budgetStop) this.budgetStopped = true;
        return true;
    }
  }

  get model(): string | null {
    return this.reportedModel ?? this.configuredModel;
  }

  private priced: { model: string | null; price: ReturnType<typeof lookupPrice> } | null = null;

  /** The model's price and its table (looked up once per model name). */
  private price(): ReturnType<typeof lookupPrice> {
    const model = this.model;
    if (this.priced?.model !== model) this.priced = { model, price: lookupPrice(this.pricing, model) };
    return this.priced.price;
  }

  /**
   * What a process added to its session's totals: its last report less what an earlier process of
   * the same session reported (a resumed thread counts from where it was).
   */
  private sessionPart(slot: Slot, seen: Map<string, TokenFigures>): Figures[] {
    if (!slot.sessionTotal) return [];
    const before = slot.sessionId ? seen.get(slot.sessionId) : undefined;
    if (slot.sessionId) seen.set(slot.sessionId, slot.sessionTotal);
    const t = slot.sessionTotal;
    const tokens: TokenFigures = before
      ? {
          input: minus(t.input, before.input),
          cached: minus(t.cached, before.cached),
          output: minus(t.output, before.output),
          reasoning: minus(t.reasoning, before.reasoning),
        }
      : t;
    return [{ tokens, costUsd: null }];
  }

  /** What the agent used so far in this run. */
  snapshot(): AgentUsage {
    const price = this.price();
    let tokens: TokenFigures = { input: null, cached: null, output: null, reasoning: null };
    let cost: number | null = null;
    let costKnown = true;
    let estimated = false;
    let turns: number | null = null;
    const sessionSeen = new Map<string, TokenFigures>();
    for (const slot of this.slots) {
      const figures = slot.total ?? sumFigures([slot.sum, ...this.sessionPart(slot, sessionSeen)]);
      const slotTurns = slot.total ? slot.total.turns : slot.turns > 0 ? slot.turns : null;
      turns = sum(turns, slotTurns);
      tokens = {
        input: sum(tokens.input, figures.tokens.input),
        cached: sum(tokens.cached, figures.tokens.cached),
        output: sum(tokens.output, figures.tokens.output),
        reasoning: sum(tokens.reasoning, figures.tokens.reasoning),
      };
      // The CLI's own figure when it gave a positive one; else the pricing table's estimate. A CLI
      // says 0 for a model it has no price for (OpenCode with a custom provider): tokens at a cost
      // of 0 are an unknown cost, never a free one.
      let slotCost: number | null = null;
      if (figures.costUsd !== null && figures.costUsd > 0) slotCost = figures.costUsd;
      else if (price && hasTokens(figures.tokens)) {
        slotCost = estimateCost(figures.tokens, price.price);
        estimated = true;
      } else if (!hasTokens(figures.tokens)) slotCost = 0;
      if (slotCost === null) costKnown = false;
      else cost = (cost ?? 0) + slotCost;
    }
    return {
      model: this.model,
      inputTokens: tokens.input,
      cachedInputTokens: tokens.cached,
      outputTokens: tokens.output,
      reasoningTokens: tokens.reasoning,
      costUsd: costKnown && this.slots.length > 0 && (tokens.input !== null || tokens.output !== null) ? roundUsd(cost ?? 0) : null,
      costEstimated: estimated,
      turns,
      sessionId: this.sessionId,
      ...(estimated && price ? { priceSource: price.source } : {}),
    };
  }
}

/** Costs are kept to a millionth of a dollar. */
export function roundUsd(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
