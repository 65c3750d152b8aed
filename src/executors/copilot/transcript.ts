/**
 * GitHub Copilot CLI `--output-format json` events (checked against 1.0.102), one JSON object a
 * line: `{ type, data, id, timestamp, parentId, ephemeral? }` with dotted types —
 * `session.*`, `user.message`, `assistant.turn_start|turn_end|message_delta|message`,
 * `tool.execution_start|execution_partial_result|execution_complete`, `model.*` — and a last
 * `{ type: "result", sessionId, exitCode, usage }` line.
 *
 * Only `assistant.message` events of the main agent (no `parentToolCallId`: a sub-agent's message
 * belongs to its tool call) are the agent's own words: `data.content`, the whole message (the
 * ephemeral `message_delta` pieces are not read). Not the prompt (`user.message`), tool arguments
 * (`toolRequests`, `tool.execution_start`) or tool output (`tool.execution_complete`).
 *
 * Errors: a `*.error` event (`session.error`: `{ errorType, message, statusCode }` once the model
 * calls failed for good) is the last error; a non-zero `exitCode` of `result` only when no error
 * event came before it (it follows every failure and would hide the reason).
 *
 * The stream reports no token counts (`result.usage` has request counts and durations only), so
 * usage is `none`; `result` names the session, `session.tools_updated` the model.
 */
import { rec, str } from "../render-text.js";
import type { UsageFact } from "../../usage/extract.js";
import type { TranscriptFacts, TranscriptState } from "../adapter.js";

/**
 * The lines worth parsing: the main agent's `assistant.message` (its shape is checked), any
 * `*.error` event, `session.tools_updated` (the model) and `result` (session, exit code).
 */
export const COPILOT_WORTH_READING = /"type":\s*"(?:assistant\.message|session\.tools_updated|result|[a-z_]+\.error)"/;
/** The stream's state key: an error event was read. */
const ERROR_SEEN = "copilotErrorSeen";

const COPILOT_TYPE = /^(?:session|user|assistant|tool|model|subagent|skill|hook|system|abort)\.[a-z_]+$/;

/** A sure claim: a dotted Copilot type with `id` and `data`, or the `result` line with `sessionId` and `exitCode`. */
export function matchCopilotEvent(event: Record<string, unknown>): 0 | 2 {
  const type = event.type;
  if (typeof type !== "string") return 0;
  if (type === "result") return typeof event.sessionId === "string" && typeof event.exitCode === "number" ? 2 : 0;
  return COPILOT_TYPE.test(type) && typeof event.id === "string" && rec(event.data) !== null ? 2 : 0;
}

export function readCopilotEvent(event: Record<string, unknown>, facts: TranscriptFacts, _format: string, state: TranscriptState): void {
  const data = rec(event.data);
  if (event.type === "assistant.message") {
    if (data?.parentToolCallId !== undefined && data.parentToolCallId !== null) return;
    if (typeof data?.content !== "string") {
      facts.error = `copilot json: an assistant.message without text content (${JSON.stringify(data?.content ?? null).slice(0, 80)})`;
      return;
    }
    if (data.content !== "") facts.texts.push(data.content);
    return;
  }
  if (typeof event.type === "string" && event.type.endsWith(".error")) {
    facts.error = str(data?.message) ?? str(data?.errorType) ?? event.type;
    state[ERROR_SEEN] = true;
    return;
  }
  if (event.type === "result" && typeof event.exitCode === "number" && event.exitCode !== 0 && state[ERROR_SEEN] !== true) {
    facts.error = `copilot ended with exit code ${event.exitCode}`;
  }
}

export function copilotUsage(event: Record<string, unknown>): UsageFact[] {
  if (event.type === "result") return [{ kind: "session", sessionId: str(event.sessionId), model: null }];
  if (event.type === "session.tools_updated") {
    const model = str(rec(event.data)?.model);
    return model ? [{ kind: "session", sessionId: null, model }] : [];
  }
  return [];
}
