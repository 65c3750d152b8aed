/** opencode `run --format json` events as log lines (see src/signals/render.ts). */
import { agentText, num, oneLine, outputLines, rec, str } from "../render-text.js";
import type { DialectRenderer, RenderTools } from "../adapter.js";

export function openCodeRenderer(tools: RenderTools): DialectRenderer {
  return {
    reset() {},
    lines(event) {
      const part = rec(event.part);
      switch (event.type) {
        case "text":
          if (!part || part.synthetic === true || part.ignored === true) return [];
          return agentText(part.text);
        case "reasoning":
          return ["· thinking…"];
        case "tool_use": {
          if (!part) return [];
          const state = rec(part.state);
          const input = state?.input;
          const title = str(state?.title);
          const call = tools.toolCall(str(part.callID) ?? str(part.id), str(part.tool) ?? "tool", input, title);
          const status = str(state?.status);
          if (status === "error") return [call, ...outputLines(str(state?.error) ?? "failed", "  ✗ ")];
          if (status === "completed") return [call, ...outputLines(str(state?.output))];
          return [call];
        }
        case "step_finish": {
          const tokens = rec(part?.tokens);
          const facts = [`· step: in ${num(tokens?.input) ?? "?"}`, `out ${num(tokens?.output) ?? "?"}`];
          const cost = num(part?.cost);
          if (cost !== null) facts.push(`$${cost.toFixed(4)}`);
          return [facts.join(" · ")];
        }
        case "error": {
          const error = event.error;
          const e = rec(error);
          const message = e ? (str(rec(e.data)?.message) ?? str(e.message)) : str(error);
          const name = e ? str(e.name) : null;
          return [`✗ ${oneLine([name, message].filter((x) => x !== null).join(": ") || "error")}`];
        }
        default:
          return [];
      }
    },
  };
}
