/**
 * Launch limits metadata: the attempt deadline from `budget.minutes` and the turn limit the CLI
 * itself enforces, if any. `budget.turns` is advisory: no CLI flag is derived from it.
 */
import type { LaunchLimits } from "./types.js";
import type { SystemPromptInput } from "./system-prompt.js";

export function buildLimits(ctx: SystemPromptInput): LaunchLimits {
  const { executor } = ctx;
  const notes: string[] = [];
  let knownTurnLimit: number | null = null;
  let turnLimitSource: string;
  switch (executor.id) {
    case "claude":
      knownTurnLimit = executor.claude.maxTurns ?? null;
      turnLimitSource = knownTurnLimit === null ? "not-set-by-wave" : "claude.max_turns";
      if (knownTurnLimit === null) notes.push("No claude.max_turns set: Claude Code runs without --max-turns.");
      break;
    case "opencode":
      knownTurnLimit = executor.opencode.steps ?? null;
      turnLimitSource = knownTurnLimit === null ? "not-set-by-wave" : "opencode.steps";
      if (knownTurnLimit !== null) {
        notes.push("opencode.steps caps agentic iterations; after it the model must answer in text.");
      }
      break;
    case "codex":
      turnLimitSource = "not-set-by-wave";
      notes.push("Codex exec has no turn-limit flag; only the attempt deadline bounds the run.");
      break;
    default:
      turnLimitSource = "not-applicable";
      break;
  }
  const turns = executor.budget.turns;
  if (turns !== null && executor.id !== "local" && executor.id !== "command") {
    notes.push(`budget.turns=${turns} is advisory: no ${executor.id} flag was emitted for it.`);
  }
  const minutes = executor.budget.minutes;
  if (minutes !== null) notes.push(`budget.minutes=${minutes} bounds each attempt (with the run's own timeout).`);
  return { attemptTimeoutMinutes: minutes, knownTurnLimit, turnLimitSource, notes };
}
