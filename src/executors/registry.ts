/**
 * The executor adapters (src/executors/adapter.ts), one per agent CLI, and their lookup by id.
 * Adding a CLI is one line here (and its id in EXECUTOR_IDS, src/executors/ids.ts).
 */
import type { ExecutorAdapter } from "./adapter.js";
import { claudeAdapter } from "./claude/adapter.js";
import { codexAdapter } from "./codex/adapter.js";
import { commandAdapter } from "./command/adapter.js";
import { copilotAdapter } from "./copilot/adapter.js";
import { geminiAdapter } from "./gemini/adapter.js";
import { localAdapter } from "./local/adapter.js";
import { opencodeAdapter } from "./opencode/adapter.js";

export const EXECUTOR_ADAPTERS: readonly ExecutorAdapter[] = [
  codexAdapter,
  claudeAdapter,
  opencodeAdapter,
  localAdapter,
  commandAdapter,
  copilotAdapter,
  geminiAdapter,
];

/** The adapter of `id`, or undefined for an id no adapter has. */
export function findAdapter(id: string): ExecutorAdapter | undefined {
  return EXECUTOR_ADAPTERS.find((a) => a.id === id);
}

/** The adapter of `id` (an id the schema accepted); throws for an unknown one (a bug, not bad input). */
export function adapterOf(id: string): ExecutorAdapter {
  const adapter = findAdapter(id);
  if (!adapter) throw new Error(`no executor adapter for "${id}"`);
  return adapter;
}
