/**
 * JSON transcripts of the agent CLIs, and which of their text is the agent's own.
 *
 * Markers count only from the agent's own assistant messages. Everything else a transcript holds —
 * command and tool output, tool inputs, results of sub-agents, the user's prompt, reasoning — can
 * carry text the agent did not write (a test script that prints marker lines, a file it read), so
 * none of it is scanned:
 *
 * - codex `exec --json`: only `item.completed` events whose item is an `agent_message` (its
 *   `text`). Not `command_execution` (`aggregated_output`), `mcp_tool_call`, `collab_tool_call`,
 *   `file_change`, `web_search`, `todo_list`, `reasoning` or `error` items, nor the
 *   `item.started` / `item.updated` events.
 * - claude `--output-format stream-json`: only `assistant` messages of the main agent
 *   (`parent_tool_use_id` null), and of those only `text` content blocks — not `thinking` or
 *   `tool_use` blocks, not `user` messages (which carry the `tool_result` blocks), not sub-agent
 *   messages. The final `result` event repeats the last assistant message's text: it is not scanned
 *   (it would only count the same markers twice).
 * - claude `--output-format json`: one `result` event whose `result` is the text of the last
 *   assistant message (the CLI builds it from that message, never from tool output); it is all the
 *   stream holds, so it is scanned — unless it is an error result (`is_error`).
 * - opencode `run --format json`: only `text` events whose part is a non-synthetic `text` part.
 *   Not `tool_use` events (tool input and output), `reasoning`, `step_start` / `step_finish` or
 *   `error`.
 *
 * An event of a known format that is not an assistant message yields nothing, so it can never be
 * read as plain text either. Tool output sits inside an event as a JSON string value; it cannot
 * start a line of its own, so a fake "assistant" event printed by a tool stays a string inside the
 * tool's event.
 */
import { claudeUsage, codexUsage, openCodeUsage, type UsageFact } from "../usage/extract.js";
import { turnLimitIn } from "./lines.js";

/**
 * How an agent's output stream is written. `text`: plain text, every line can be a marker; lines
 * that are events of a known JSON transcript are read by that transcript's rules (a `command`
 * agent that replays a transcript). The JSON formats: only that CLI's events count, plain lines
 * (stderr noise, anything a tool printed to the terminal) never do.
 */
export type TranscriptFormat = "text" | "codex-json" | "claude-stream-json" | "claude-json" | "opencode-json";

export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = ["text", "codex-json", "claude-stream-json", "claude-json", "opencode-json"];

/** The CLI whose events a JSON transcript holds. */
export type Dialect = "codex" | "claude" | "opencode";

/** What one transcript event contributes. */
export interface TranscriptFacts {
  /** The agent's own message text in this event (one entry per text block), to scan for markers. */
  texts: string[];
  /** A claude `result` event said it stopped at the turn limit (`error_max_turns`). */
  maxTurns: boolean;
  /** N of `Reached maximum number of turns (N)` in that event's errors, when given. */
  turnLimit: number | null;
  error: string | null;
  /** Usage figures the event reports (src/usage/extract.ts). */
  usage: UsageFact[];
}

/** Per-stream state the rules need (a claude `result` counts only in a stream without assistant events). */
export interface TranscriptState {
  claudeAssistantSeen: boolean;
}

export const newTranscriptState = (): TranscriptState => ({ claudeAssistantSeen: false });

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
const CLAUDE_TYPES = new Set(["system", "assistant", "user", "result", "stream_event"]);
const OPENCODE_TYPES = new Set(["step_start", "step_finish", "text", "tool_use", "reasoning", "error"]);

/** Parses `trimmed` as a JSON object when it looks like one; null otherwise. */
export function parseJsonLine(trimmed: string): Record<string, unknown> | null {
  if (trimmed.charCodeAt(0) !== 123 || trimmed.charCodeAt(trimmed.length - 1) !== 125) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The dialect whose event this object is, or null when it is no known transcript event. */
export function dialectOf(event: Record<string, unknown>): Dialect | null {
  const type = event.type;
  if (typeof type !== "string") return null;
  // Every `opencode run --format json` event carries the session id as `sessionID`.
  if (OPENCODE_TYPES.has(type) && typeof event.sessionID === "string") return "opencode";
  if (CODEX_TYPES.has(type)) return "codex";
  if (CLAUDE_TYPES.has(type)) return "claude";
  return null;
}

export const DIALECT_OF_FORMAT: Record<Exclude<TranscriptFormat, "text">, Dialect> = {
  "codex-json": "codex",
  "claude-stream-json": "claude",
  "claude-json": "claude",
  "opencode-json": "opencode",
};

/**
 * Reads one JSON object of an agent's output under `format`. Returns null when the object is not
 * an event of a transcript that format accepts (in `text` format the caller then treats the line
 * as plain text; in a JSON format it is ignored).
 */
export function readTranscriptEvent(
  event: Record<string, unknown>,
  format: TranscriptFormat,
  state: TranscriptState,
  /** Read usage figures too (skipped when nobody listens). */
  withUsage = true,
): TranscriptFacts | null {
  const dialect = dialectOf(event);
  if (dialect === null) return null;
  if (format !== "text" && DIALECT_OF_FORMAT[format] !== dialect) return null;
  const facts: TranscriptFacts = { texts: [], maxTurns: false, turnLimit: null, error: null, usage: [] };
  switch (dialect) {
    case "codex":
      readCodex(event, facts);
      if (withUsage) facts.usage = codexUsage(event);
      break;
    case "claude":
      readClaude(event, facts, format, state);
      if (withUsage) facts.usage = claudeUsage(event);
      break;
    case "opencode":
      readOpenCode(event, facts);
      if (withUsage) facts.usage = openCodeUsage(event);
      break;
  }
  return facts;
}

function readCodex(event: Record<string, unknown>, facts: TranscriptFacts): void {
  const item = event.item;
  if (event.type === "item.completed" && isRecord(item) && item.type === "agent_message" && typeof item.text === "string") {
    pushText(facts, item.text);
  }
  if (event.type === "error" && typeof event.message === "string") facts.error = event.message;
  if (event.type === "turn.failed" && isRecord(event.error) && typeof event.error.message === "string") {
    facts.error = event.error.message;
  }
}

function readClaude(event: Record<string, unknown>, facts: TranscriptFacts, format: TranscriptFormat, state: TranscriptState): void {
  if (event.type === "assistant") {
    const message = event.message;
    // Messages of sub-agents (Task tool) carry the id of the tool call that started them.
    const mainAgent = event.parent_tool_use_id === null || event.parent_tool_use_id === undefined;
    if (!mainAgent || !isRecord(message) || (message.role !== undefined && message.role !== "assistant")) return;
    state.claudeAssistantSeen = true;
    const content = message.content;
    if (typeof content === "string") {
      pushText(facts, content);
    } else if (Array.isArray(content)) {
      for (const block of content) {
        if (isRecord(block) && block.type === "text" && typeof block.text === "string") pushText(facts, block.text);
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
  const resultCounts = format === "claude-json" || (format === "text" && !state.claudeAssistantSeen);
  if (resultCounts && event.is_error !== true && typeof event.result === "string") pushText(facts, event.result);
}

function readOpenCode(event: Record<string, unknown>, facts: TranscriptFacts): void {
  const part = event.part;
  if (event.type === "text" && isRecord(part) && part.type === "text" && typeof part.text === "string") {
    // Synthetic parts are text opencode adds on the agent's behalf (attached file contents and the like).
    if (part.synthetic !== true && part.ignored !== true) pushText(facts, part.text);
    return;
  }
  if (event.type === "error") {
    const error = event.error;
    if (isRecord(error)) {
      const data = error.data;
      if (isRecord(data) && typeof data.message === "string") facts.error = data.message;
      else if (typeof error.message === "string") facts.error = error.message;
      else if (typeof error.name === "string") facts.error = error.name;
    } else if (typeof error === "string") {
      facts.error = error;
    }
  }
}

function pushText(facts: TranscriptFacts, text: string): void {
  if (text.length > 0) facts.texts.push(text);
}
