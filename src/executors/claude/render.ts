/** Claude Code `--output-format stream-json` / `json` events as log lines (see src/signals/render.ts). */
import { agentText, arr, blocksText, clean, num, OUTPUT_LINES, oneLine, outputLines, rec, short, str } from "../render-text.js";
import type { DialectRenderer, RenderTools } from "../adapter.js";

export function claudeRenderer(tools: RenderTools): DialectRenderer {
  let assistantSeen = false;
  /** Text of the last error message the claude CLI made up (its error result repeats it). */
  let errorShown: string | null = null;

  const result = (event: Record<string, unknown>): string[] => {
    const out: string[] = [];
    const failed = event.is_error === true || (typeof event.subtype === "string" && event.subtype !== "success");
    const text = str(event.result);
    // The stream's last assistant message already showed this text (stream-json).
    const showText = tools.format === "claude-json" || (tools.format === "auto" && !assistantSeen);
    if (text !== null && !failed && showText) out.push(...agentText(text));
    const api = num(event.api_error_status);
    const flags = event.is_error === true ? ` (error${api !== null ? `, API status ${api}` : ""})` : "";
    const facts = [`${failed ? "✗" : "·"} done: ${str(event.subtype) ?? "?"}${flags}`];
    const turns = num(event.num_turns);
    if (turns !== null) facts.push(`${turns} ${turns === 1 ? "turn" : "turns"}`);
    const cost = num(event.total_cost_usd);
    if (cost !== null) facts.push(`$${cost.toFixed(4)}`);
    const u = rec(event.usage);
    if (u) {
      const cached = num(u.cache_read_input_tokens);
      facts.push(`in ${num(u.input_tokens) ?? "?"}${cached !== null ? ` (cached ${cached})` : ""}`, `out ${num(u.output_tokens) ?? "?"}`);
    }
    out.push(facts.join(" · "));
    if (failed && text !== null && text !== "" && text !== errorShown) out.push(...outputLines(text, "  ✗ "));
    for (const e of arr(event.errors).slice(0, OUTPUT_LINES)) {
      if (typeof e === "string") out.push(`  ✗ ${oneLine(e)}`);
    }
    return out;
  };

  const eventLines = (event: Record<string, unknown>, sub: boolean): string[] => {
    switch (event.type) {
      case "system":
        // A new session (the runtime retried the CLI): its result counts by its own messages.
        if (event.subtype === "init" && !sub) tools.startSession();
        return claudeSystem(event);
      case "assistant": {
        const message = rec(event.message);
        if (!message) return [];
        if (!sub) assistantSeen = true;
        const content = message.content;
        // A message the CLI made up to report a failed request (`"error": "rate_limit"`, model `<synthetic>`).
        if (typeof event.error === "string") {
          const text = (typeof content === "string" ? content : blocksText(content)) || event.error;
          errorShown = text;
          return [`✗ ${oneLine(text)}`];
        }
        if (typeof content === "string") return agentText(content);
        const out: string[] = [];
        for (const b of arr(content)) {
          const block = rec(b);
          if (!block) continue;
          if (block.type === "text") out.push(...agentText(block.text));
          else if (block.type === "thinking" || block.type === "redacted_thinking") out.push("· thinking…");
          else if (block.type === "tool_use" || block.type === "server_tool_use" || block.type === "mcp_tool_use") {
            out.push(tools.toolCall(str(block.id), str(block.name) ?? "tool", block.input));
          }
        }
        return out;
      }
      case "user": {
        const content = rec(event.message)?.content;
        const out: string[] = [];
        for (const b of arr(content)) {
          const block = rec(b);
          if (block?.type !== "tool_result") continue;
          out.push(...tools.toolResult(str(block.tool_use_id), blocksText(block.content), block.is_error === true));
        }
        return out;
      }
      case "result":
        return result(event);
      default:
        // stream_event: partial deltas of messages that follow whole (--include-partial-messages).
        return [];
    }
  };

  return {
    reset() {
      assistantSeen = false;
      errorShown = null;
    },
    lines(event) {
      const sub = event.parent_tool_use_id !== null && event.parent_tool_use_id !== undefined;
      const lines = eventLines(event, sub);
      return sub ? lines.map((l) => `  ↳ ${l}`) : lines;
    },
  };
}

function claudeSystem(event: Record<string, unknown>): string[] {
  switch (event.subtype) {
    case "init": {
      const model = str(event.model);
      return [`· session ${str(event.session_id) ?? "?"}${model ? ` · model ${clean(model)}` : ""}`];
    }
    case "api_retry": {
      const status = num(event.error_status);
      const error = str(event.error);
      const delay = num(event.retry_delay_ms);
      const why = [status !== null ? String(status) : null, error].filter((x) => x !== null).join(" ");
      return [
        short(
          `· API retry ${num(event.attempt) ?? "?"}/${num(event.max_retries) ?? "?"}${why ? ` (${oneLine(why)})` : ""}${delay !== null ? ` in ${Math.round(delay / 100) / 10}s` : ""}`,
        ),
      ];
    }
    case "compact_boundary":
      return ["· conversation compacted"];
    case "permission_denied": {
      const message = str(event.message);
      return [short(`✗ permission denied: ${str(event.tool_name) ?? "tool"}${message ? ` — ${oneLine(message)}` : ""}`)];
    }
    case "informational":
    case "notification": {
      const text = str(event.content) ?? str(event.text);
      if (!text) return [];
      return [`${event.level === "error" || event.level === "warning" ? "✗" : "·"} ${oneLine(text)}`];
    }
    default:
      // status, hooks, task progress and the like: not worth a line.
      return [];
  }
}
