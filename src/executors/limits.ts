/**
 * Launch limits metadata: the attempt deadline from `budget.minutes` and the turn limit the CLI
 * itself enforces, if any (its adapter's `turnLimit`, given by src/executors/launch-spec.ts).
 * `budget.turns` is advisory: no CLI flag is derived from it.
 */
import type { ExecutorAdapter } from "./adapter.js";
import type { LaunchLimits } from "./types.js";
import type { SystemPromptInput } from "./system-prompt.js";

export function buildLimits(ctx: SystemPromptInput, turnLimitOf?: ExecutorAdapter["turnLimit"]): LaunchLimits {
  const { executor } = ctx;
  const turnLimit = turnLimitOf?.(executor) ?? null;
  const notes = [...(turnLimit?.notes ?? [])];
  const turns = executor.budget.turns;
  // An executor without model turns (no `turnLimit`) has nothing to say about them.
  if (turns !== null && turnLimit !== null) {
    notes.push(`budget.turns=${turns} is advisory: no ${executor.id} flag was emitted for it.`);
  }
  const minutes = executor.budget.minutes;
  if (minutes !== null) notes.push(`budget.minutes=${minutes} bounds each attempt (with the run's own timeout).`);
  return {
    attemptTimeoutMinutes: minutes,
    knownTurnLimit: turnLimit?.limit ?? null,
    turnLimitSource: turnLimit?.source ?? "not-applicable",
    notes,
  };
}
