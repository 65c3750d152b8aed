/**
 * Claude Code events. `--output-format stream-json`: only `assistant` messages of the main agent
 * (`parent_tool_use_id` null), and of those only `text` content blocks; the final `result` event
 * repeats the last assistant message's text and is not scanned. `--output-format json`: one
 * `result` event whose `result` is the last assistant message's text, scanned unless it is an
 * error result (`is_error`). See src/signals/transcript.ts.
 */
import { rec } from "../render-text.js";
import type { TranscriptFacts, TranscriptState } from "../adapter.js";
import type { TranscriptFormat } from "../types.js";

const TURN_LIMIT_RE = /Reached max(?:imum number of)? turns(?: limit)? \((\d+)\)/;

/**
 * N from `Reached max turns (N)` (Claude Code's text and stream output; the signal parser looks for
 * it on plain lines too), or null.
 */
export function turnLimitIn(line: string): number | null {
  // Stryker disable next-line StringLiteral: a fast path: the pattern below needs the same text, so an empty needle only skips the shortcut
  if (!line.includes("Reached max")) return null;
  const m = TURN_LIMIT_RE.exec(line);
  return m ? Number(m[1]) : null;
}

const CLAUDE_TYPES = new Set(["system", "assistant", "user", "result", "stream_event"]);
/** The stream's state key: an assistant event of the main agent was seen. */
const ASSISTANT_SEEN = "claudeAssistantSeen";

/**
 * The lines worth parsing: `system` (session and model), `assistant` (usage of each call; whether
 * the main agent spoke decides whether a later `result` counts in `text` format), `result`
 * (totals, errors, the turn limit) and any line naming the turn limit.
 */
export const CLAUDE_WORTH_READING = /"type":\s*"(?:system|assistant|result)"|Reached max|error_max_turns/;

export function matchClaudeEvent(event: Record<string, unknown>): 0 | 1 {
  return typeof event.type === "string" && CLAUDE_TYPES.has(event.type) ? 1 : 0;
}

function pushText(facts: TranscriptFacts, text: string): void {
  if (text.length > 0) facts.texts.push(text);
}

export function readClaudeEvent(
  event: Record<string, unknown>,
  facts: TranscriptFacts,
  format: TranscriptFormat,
  state: TranscriptState,
): void {
  if (event.type === "assistant") {
    const message = rec(event.message);
    // Messages of sub-agents (Task tool) carry the id of the tool call that started them.
    const mainAgent = event.parent_tool_use_id === null || event.parent_tool_use_id === undefined;
    if (!mainAgent || !message || (message.role !== undefined && message.role !== "assistant")) return;
    state[ASSISTANT_SEEN] = true;
    const content = message.content;
    if (typeof content === "string") {
      pushText(facts, content);
    } else if (Array.isArray(content)) {
      for (const b of content) {
        const block = rec(b);
        if (block?.type === "text" && typeof block.text === "string") pushText(facts, block.text);
      }
    }
    return;
  }
  if (event.type !== "result") return;
  if (event.subtype === "error_max_turns") facts.maxTurns = true;
  if (Array.isArray(event.errors)) {
    for (const e of event.errors) {
      const limit = typeof e === "string" ? turnLimitIn(e) : null;
      if (limit !== null) {
        facts.maxTurns = true;
        facts.turnLimit = limit;
      }
    }
  }
  // An error result (`is_error`) holds the CLI's or the API's error text, not the agent's message.
  const resultCounts = format === "claude-json" || (format === "text" && state[ASSISTANT_SEEN] !== true);
  if (resultCounts && event.is_error !== true && typeof event.result === "string") pushText(facts, event.result);
}
