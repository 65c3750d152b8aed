/** Gemini CLI `stream-json` events as log lines (see src/signals/render.ts and ./transcript.ts). */
import { agentText, num, oneLine, outputLines, rec, str } from "../render-text.js";
import type { DialectRenderer, RenderTools } from "../adapter.js";

export function geminiRenderer(tools: RenderTools): DialectRenderer {
  // The agent's text arrives in pieces that split lines: shown once the message is complete.
  let pending = "";
  const flush = (): string[] => {
    const lines = agentText(pending);
    pending = "";
    return lines;
  };
  return {
    reset() {
      pending = "";
    },
    lines(event) {
      if (event.type === "message") {
        if (event.role !== "assistant" || typeof event.content !== "string") return [];
        pending += event.content;
        return event.delta === true ? [] : flush();
      }
      const before = flush();
      switch (event.type) {
        case "init":
          return [...before, `· session ${str(event.session_id) ?? "?"} · model ${str(event.model) ?? "?"}`];
        case "tool_use":
          return [...before, tools.toolCall(str(event.tool_id), str(event.tool_name) ?? "tool", event.parameters)];
        case "tool_result": {
          const failed = event.status === "error";
          const text = failed ? (str(rec(event.error)?.message) ?? "failed") : str(event.output);
          return [...before, ...tools.toolResult(str(event.tool_id), text, failed)];
        }
        case "error":
          return [...before, `${event.severity === "error" ? "✗" : "!"} ${oneLine(str(event.message) ?? "error")}`];
        case "result": {
          const stats = rec(event.stats);
          const line = `· result ${str(event.status) ?? "?"}: in ${num(stats?.input_tokens) ?? "?"} (cached ${num(stats?.cached) ?? "?"}) · out ${num(stats?.output_tokens) ?? "?"}`;
          const error = str(rec(event.error)?.message);
          return [...before, line, ...(error ? outputLines(error, "  ✗ ") : [])];
        }
        default:
          return before;
      }
    },
  };
}
