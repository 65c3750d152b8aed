/**
 * opencode `run --format json` events: only `text` events whose part is a non-synthetic `text`
 * part are the agent's own words. Not `tool_use` events (tool input and output), `reasoning`,
 * `step_start` / `step_finish` or `error` (see src/signals/transcript.ts).
 */
import { rec } from "../render-text.js";
import type { TranscriptFacts } from "../adapter.js";

const OPENCODE_TYPES = new Set(["step_start", "step_finish", "text", "tool_use", "reasoning", "error"]);

/** The lines worth parsing: `step_start` (session), `step_finish` (session, usage) and `error`. */
export const OPENCODE_WORTH_READING = /"type":\s*"(?:step_start|step_finish|error)"/;

/** Every `opencode run --format json` event carries the session id as `sessionID`: a sure claim. */
export function matchOpenCodeEvent(event: Record<string, unknown>): 0 | 2 {
  return typeof event.type === "string" && OPENCODE_TYPES.has(event.type) && typeof event.sessionID === "string" ? 2 : 0;
}

export function readOpenCodeEvent(event: Record<string, unknown>, facts: TranscriptFacts): void {
  const part = rec(event.part);
  if (event.type === "text" && part?.type === "text" && typeof part.text === "string") {
    // Synthetic parts are text opencode adds on the agent's behalf (attached file contents and the like).
    if (part.synthetic !== true && part.ignored !== true && part.text !== "") facts.texts.push(part.text);
    return;
  }
  if (event.type === "error") {
    const error = event.error;
    const e = rec(error);
    if (e) {
      const data = rec(e.data);
      if (typeof data?.message === "string") facts.error = data.message;
      else if (typeof e.message === "string") facts.error = e.message;
      else if (typeof e.name === "string") facts.error = e.name;
    } else if (typeof error === "string") {
      facts.error = error;
    }
  }
}
