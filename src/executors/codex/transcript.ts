/**
 * codex `exec --json` events: only `item.completed` events whose item is an `agent_message` (its
 * `text`) are the agent's own words. Not `command_execution` (`aggregated_output`),
 * `mcp_tool_call`, `collab_tool_call`, `file_change`, `web_search`, `todo_list`, `reasoning` or
 * `error` items, nor the `item.started` / `item.updated` events (see src/signals/transcript.ts).
 */
import { rec } from "../render-text.js";
import type { TranscriptFacts } from "../adapter.js";

const CODEX_TYPES = new Set([
  "thread.started",
  "turn.started",
  "turn.completed",
  "turn.failed",
  "item.started",
  "item.updated",
  "item.completed",
  "error",
]);

/** The lines worth parsing: `thread.started` (session, model), `turn.completed` (usage), errors and failed turns. */
export const CODEX_WORTH_READING = /"type":\s*"(?:thread\.started|turn\.completed|error)"|turn\.failed/;

export function matchCodexEvent(event: Record<string, unknown>): 0 | 1 {
  return typeof event.type === "string" && CODEX_TYPES.has(event.type) ? 1 : 0;
}

export function readCodexEvent(event: Record<string, unknown>, facts: TranscriptFacts): void {
  const item = rec(event.item);
  if (event.type === "item.completed" && item?.type === "agent_message" && typeof item.text === "string" && item.text !== "") {
    facts.texts.push(item.text);
  }
  if (event.type === "error" && typeof event.message === "string") facts.error = event.message;
  const error = rec(event.error);
  if (event.type === "turn.failed" && typeof error?.message === "string") facts.error = error.message;
}
