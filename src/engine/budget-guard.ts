/**
 * Watches what the run's agents spend while they run: each agent's usage meter is fed from its
 * output stream; when an agent goes over its own budget it is stopped (like a deadline), when the
 * run as a whole goes over `max-budget-usd` every running agent is stopped; either way no further
 * agent of the wave starts. The decisions themselves are pure (src/usage/budget.ts).
 *
 * With the model proxy on, an agent it carries is metered at the wire (`meterAtWire`): its usage
 * is what the proxy read, whatever its CLI prints, and the proxy's own budget stops come in
 * through `stopFor`, on the same path as those found here.
 */
import { type AgentLimits, agentBreach, type BudgetBreach, describeBreach, waveBreach } from "../usage/budget.js";
import { sumUsage } from "../usage/totals.js";
import { UsageMeter } from "../usage/meter.js";
import type { AgentUsage, Pricing, WaveUsage } from "../usage/schema.js";

export interface BudgetStop {
  agentId: string;
  breach: BudgetBreach;
  detail: string;
}

export class BudgetGuard {
  private readonly meters = new Map<string, UsageMeter>();
  private readonly running = new Map<string, AbortController>();
  private readonly stops = new Map<string, BudgetStop>();
  private readonly wire = new Map<string, () => AgentUsage | null>();
  private first: BudgetStop | null = null;

  constructor(
    private readonly pricing: Pricing,
    private readonly maxWaveUsd: number | null,
    private readonly onStop?: (stop: BudgetStop) => void,
  ) {}

  /** The agent's meter for this run (its in-job attempts add up). */
  meter(agentId: string, configuredModel: string | null): UsageMeter {
    let meter = this.meters.get(agentId);
    if (!meter) {
      meter = new UsageMeter(this.pricing, configuredModel);
      this.meters.set(agentId, meter);
    }
    return meter;
  }

  /** The agent's usage is what `source` (the model proxy) read at the wire, not what its CLI printed. */
  meterAtWire(agentId: string, source: () => AgentUsage | null): void {
    this.wire.set(agentId, source);
  }

  /**
   * A budget was spent at the model proxy: the agent is stopped (a wave budget stops every running
   * agent), as when the breach is found here.
   */
  stopFor(agentId: string, breach: BudgetBreach): void {
    if (breach.scope === "wave") {
      // The proxy stops every agent it knows; only the one that went over and those still running count.
      if (this.first && !this.running.has(agentId)) return;
      for (const id of new Set([agentId, ...this.running.keys()])) this.stop(id, breach);
      return;
    }
    this.stop(agentId, breach);
  }

  /** True once a budget was spent: no further agent starts. */
  get exhausted(): boolean {
    return this.first !== null;
  }

  /** The first budget that stopped the run, if any. */
  get firstStop(): BudgetStop | null {
    return this.first;
  }

  /** An agent process starts: aborting the returned signal stops it for its budget. */
  start(agentId: string): AbortSignal {
    const controller = new AbortController();
    this.running.set(agentId, controller);
    if (this.first?.breach.scope === "wave") this.stop(agentId, this.first.breach);
    return controller.signal;
  }

  finish(agentId: string): void {
    this.running.delete(agentId);
  }

  /** Why the agent was stopped for a budget (or went over one by the time it ended), if it was. */
  stopOf(agentId: string): BudgetStop | null {
    return this.stops.get(agentId) ?? null;
  }

  /** Re-checks the budgets after the agent's usage changed. */
  check(agentId: string, limits: AgentLimits): void {
    const meter = this.meters.get(agentId);
    if (!meter) return;
    // Nothing to watch: the usage is only recorded (most runs).
    if (limits.usd === null && limits.tokens === null && this.maxWaveUsd === null && !meter.budgetStopped) return;
    const usage = this.usageOf(agentId) ?? meter.snapshot();
    const own = meter.budgetStopped
      ? ({
          scope: "agent",
          measure: "usd",
          spent: usage.costUsd ?? limits.usd ?? 0,
          limit: limits.usd ?? 0,
          estimated: false,
        } as BudgetBreach)
      : agentBreach(usage, limits);
    if (own) {
      this.stop(agentId, own);
      return;
    }
    const wave = waveBreach(this.totals(), this.maxWaveUsd);
    if (wave) for (const id of new Set([agentId, ...this.running.keys()])) this.stop(id, wave);
  }

  /** USD the run may still spend (null: no wave budget). */
  remainingUsd(): number | null {
    if (this.maxWaveUsd === null) return null;
    return Math.max(0, this.maxWaveUsd - (this.totals().costUsd ?? 0));
  }

  usageOf(agentId: string): AgentUsage | null {
    return this.wire.get(agentId)?.() ?? this.meters.get(agentId)?.snapshot() ?? null;
  }

  totals(): WaveUsage {
    const ids = new Set([...this.meters.keys(), ...this.wire.keys()]);
    return sumUsage(
      [...ids].flatMap((id) => {
        const usage = this.usageOf(id);
        return usage ? [{ id, usage }] : [];
      }),
    );
  }

  private stop(agentId: string, breach: BudgetBreach): void {
    if (this.stops.has(agentId)) return;
    const stop: BudgetStop = { agentId, breach, detail: describeBreach(breach, agentId) };
    this.stops.set(agentId, stop);
    this.first ??= stop;
    this.running.get(agentId)?.abort();
    this.onStop?.(stop);
  }
}
