/**
 * Gemini CLI `--output-format stream-json` events (checked against 0.61.0), one JSON object a line,
 * each with `type` and `timestamp`:
 *
 *   init         { session_id, model }
 *   message      { role: "user" | "assistant", content, delta? }: the user's prompt, or the
 *                agent's text — streamed as `delta: true` pieces that split lines (and markers)
 *                anywhere, so pieces are joined until the next event that is no piece
 *   tool_use     { tool_name, tool_id, parameters }
 *   tool_result  { tool_id, status: "success" | "error", output?, error? { type, message } }
 *   error        { severity: "warning" | "error", message }  ("Maximum session turns exceeded")
 *   result       { status: "success" | "error", error? { type, message }, stats }
 *
 * Only the assistant's joined text is scanned for markers: never the user's prompt, tool
 * parameters or tool output. `result.stats` holds the process's token totals: `input_tokens`
 * (cache included), `cached`, `output_tokens`, per model in `models`; no cost.
 */
import { rec, str } from "../render-text.js";
import type { TranscriptFacts, TranscriptState } from "../adapter.js";
import type { TokenFigures, UsageFact } from "../../usage/extract.js";

const GEMINI_TYPES = new Set(["init", "message", "tool_use", "tool_result", "error", "result"]);
/** The field only Gemini CLI's event of each type writes (next to `timestamp`). */
const GEMINI_FIELD: Record<string, string> = {
  init: "session_id",
  message: "role",
  tool_use: "tool_name",
  tool_result: "tool_id",
  error: "severity",
  result: "status",
};
const PENDING = "geminiText";

/**
 * Every event is worth parsing: `init` and `result` carry usage, `error` and `result` errors and
 * the turn limit, `message` pieces of the agent's text — and every other event (`tool_use`,
 * `tool_result`) ends the message being streamed, so skipping one would join the text before a
 * tool call to the text after it (and a marker that starts the later text would no longer start
 * a line).
 */
export const GEMINI_WORTH_READING = /"type":\s*"(?:init|message|tool_use|tool_result|error|result)"/;

/** A sure claim: the type is Gemini CLI's and the event has `timestamp` and that type's own field. */
export function matchGeminiEvent(event: Record<string, unknown>): 0 | 2 {
  const type = event.type;
  if (typeof type !== "string" || !GEMINI_TYPES.has(type) || typeof event.timestamp !== "string") return 0;
  return event[GEMINI_FIELD[type]!] !== undefined ? 2 : 0;
}

function errorText(value: unknown): string | null {
  const e = rec(value);
  return e ? (str(e.message) ?? str(e.type)) : str(value);
}

export function readGeminiEvent(event: Record<string, unknown>, facts: TranscriptFacts, _format: string, state: TranscriptState): void {
  const pending = typeof state[PENDING] === "string" ? (state[PENDING] as string) : "";
  if (event.type === "message" && event.role === "assistant") {
    if (typeof event.content !== "string") {
      facts.error = `gemini stream-json: an assistant message without text content (${JSON.stringify(event.content ?? null).slice(0, 80)})`;
      return;
    }
    if (event.delta === true) {
      state[PENDING] = pending + event.content;
      return;
    }
    state[PENDING] = "";
    const whole = pending + event.content;
    if (whole !== "") facts.texts.push(whole);
    return;
  }
  // Any other event ends the message being streamed.
  if (pending !== "") {
    facts.texts.push(pending);
    state[PENDING] = "";
  }
  if (event.type === "error") {
    const message = str(event.message);
    if (message !== null && /maximum session turns/i.test(message)) facts.maxTurns = true;
    if (event.severity === "error") facts.error = message ?? "error";
  } else if (event.type === "result" && event.status !== "success") {
    facts.error = errorText(event.error) ?? `result status ${String(event.status)}`;
    if (facts.error !== null && /max(imum)? session turns/i.test(facts.error)) facts.maxTurns = true;
  }
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

function tokensOf(stats: Record<string, unknown>): TokenFigures {
  return { input: count(stats.input_tokens), cached: count(stats.cached), output: count(stats.output_tokens), reasoning: null };
}

export function geminiUsage(event: Record<string, unknown>): UsageFact[] {
  if (event.type === "init") return [{ kind: "session", sessionId: str(event.session_id), model: str(event.model) }];
  if (event.type !== "result") return [];
  const stats = rec(event.stats);
  if (!stats) return [];
  const models = Object.keys(rec(stats.models) ?? {});
  return [
    {
      kind: "total",
      tokens: tokensOf(stats),
      costUsd: null,
      turns: null,
      sessionId: null,
      model: models.length === 1 ? models[0]! : null,
      budgetStop: false,
    },
  ];
}
