/** GitHub Copilot CLI `--output-format json` events as log lines (see src/signals/render.ts and ./transcript.ts). */
import { agentText, blocksText, num, oneLine, rec, str } from "../render-text.js";
import type { DialectRenderer, RenderTools } from "../adapter.js";

export function copilotRenderer(tools: RenderTools): DialectRenderer {
  return {
    reset() {},
    lines(event) {
      const data = rec(event.data);
      switch (event.type) {
        case "assistant.message":
          return data?.parentToolCallId ? [] : agentText(data?.content);
        case "assistant.reasoning":
          return ["· thinking…"];
        case "tool.execution_start":
          return [tools.toolCall(str(data?.toolCallId), str(data?.toolName) ?? "tool", data?.arguments, str(data?.toolTitle))];
        case "tool.execution_complete": {
          const result = rec(data?.result);
          const failed = data?.success === false;
          const text = str(result?.content) ?? blocksText(result?.contents) ?? str(rec(data?.error)?.message);
          return tools.toolResult(str(data?.toolCallId), text, failed);
        }
        case "result":
          return [`· result: exit ${num(event.exitCode) ?? "?"} · session ${str(event.sessionId) ?? "?"}`];
        default:
          if (typeof event.type === "string" && event.type.endsWith(".error")) {
            return [`✗ ${oneLine(str(data?.message) ?? event.type)}`];
          }
          return [];
      }
    },
  };
}
