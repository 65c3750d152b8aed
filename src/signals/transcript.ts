/**
 * JSON transcript lines: codex `exec --json` events and claude `--output-format stream-json`
 * messages. A line that parses as a JSON object is walked; the string fields `text`,
 * `aggregated_output` and `result` are returned as text blobs to scan for markers.
 *
 * Skipped, so the same text is not scanned twice and thinking is not taken as output:
 * - codex `item.started` / `item.updated` events (the `item.completed` event repeats the item),
 *   and `reasoning` items;
 * - claude `stream_event` partial deltas (`--include-partial-messages`);
 * - a claude `result` string equal to the text blob just before it (the final assistant message).
 */
import { turnLimitIn } from "./lines.js";

export interface TranscriptFacts {
  blobs: string[];
  /** A claude `result` event said it stopped at the turn limit (`error_max_turns`). */
  maxTurns: boolean;
  /** N of `Reached maximum number of turns (N)` in that event's errors, when given. */
  turnLimit: number | null;
  error: string | null;
}

const TEXT_KEYS = new Set(["text", "aggregated_output", "result"]);
const SKIPPED_TYPES = new Set(["item.started", "item.updated", "reasoning", "stream_event"]);
const MAX_DEPTH = 32;

/** Parses `line` as a JSON object when it looks like one; null otherwise. */
export function parseJsonLine(trimmed: string): Record<string, unknown> | null {
  if (trimmed.charCodeAt(0) !== 123 || trimmed.charCodeAt(trimmed.length - 1) !== 125) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Walks one transcript event. `previousBlob` is the last blob of the preceding event (dedupe). */
export function walkTranscriptEvent(event: Record<string, unknown>, previousBlob: string | null): TranscriptFacts {
  const facts: TranscriptFacts = { blobs: [], maxTurns: false, turnLimit: null, error: null };
  if (typeof event.type === "string" && SKIPPED_TYPES.has(event.type)) return facts;
  if (event.type === "result") {
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
  }
  if (event.type === "error" && typeof event.message === "string") facts.error = event.message;
  if (event.type === "turn.failed") {
    const err = event.error as { message?: unknown } | undefined;
    if (err && typeof err.message === "string") facts.error = err.message;
  }
  collect(event, facts.blobs, 0);
  if (event.type === "result" && typeof event.result === "string" && event.result === previousBlob) {
    const at = facts.blobs.lastIndexOf(event.result);
    if (at !== -1) facts.blobs.splice(at, 1);
  }
  return facts;
}

function collect(value: unknown, out: string[], depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (depth > 0 && typeof record.type === "string" && SKIPPED_TYPES.has(record.type)) return;
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (typeof field === "string") {
      if (TEXT_KEYS.has(key) && field.length > 0) out.push(field);
    } else if (field !== null && typeof field === "object") {
      collect(field, out, depth + 1);
    }
  }
}
