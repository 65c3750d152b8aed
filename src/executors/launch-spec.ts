/**
 * Executors: pure builders from an agent's resolved executor to a LaunchSpec (argv, env names,
 * stdin, overlay files), one per adapter (src/executors/registry.ts). Nothing here spawns a process.
 * The launch limits are the adapter's turn limit and the budget's, then the builder's own notes.
 */
import { buildLimits } from "./limits.js";
import { adapterOf } from "./registry.js";
import type { ExecutorContext, LaunchSpec } from "./types.js";

export function buildLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const adapter = adapterOf(ctx.executor.id);
  const spec = adapter.buildLaunch(ctx);
  const limits = buildLimits(ctx, adapter.turnLimit);
  return { ...spec, limits: { ...limits, notes: [...limits.notes, ...spec.limits.notes] } };
}
