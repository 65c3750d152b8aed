/** codex `exec --json` events as log lines (see src/signals/render.ts). */
import { agentText, arr, blocksText, firstLine, num, oneLine, outputLines, rec, short, str, summarizeInput } from "../render-text.js";
import type { DialectRenderer, RenderTools } from "../adapter.js";

export function codexRenderer(tools: RenderTools): DialectRenderer {
  const item = (phase: string, item: Record<string, unknown>): string[] => {
    const id = str(item.id);
    const type = str(item.type) ?? "?";
    const started = phase === "item.started";
    const completed = phase === "item.completed";
    switch (type) {
      case "agent_message":
        return completed ? agentText(item.text) : [];
      case "reasoning":
        return completed ? ["· thinking…"] : [];
      case "command_execution": {
        const command = firstLine(str(item.command) ?? "");
        const head = tools.callHead(id, command ? `exec_command: ${command}` : "exec_command", started);
        if (!completed) return head;
        const out = [...head, ...outputLines(str(item.aggregated_output))];
        const exit = num(item.exit_code);
        if (exit !== null && exit !== 0) out.push(`  ✗ exit ${exit}`);
        else if (item.status === "failed" || item.status === "declined") out.push(`  ✗ ${item.status}`);
        return out;
      }
      case "file_change": {
        const changes = arr(item.changes)
          .map(rec)
          .filter((c): c is Record<string, unknown> => c !== null);
        const list = changes.map((c) => `${str(c.kind) ?? "change"} ${tools.path(str(c.path) ?? "?")}`).join(", ");
        const name = changes.length === 1 ? "apply_patch" : `apply_patch (${changes.length} files)`;
        const head = tools.callHead(id, `${name}: ${list}`, started);
        if (!completed) return head;
        return item.status === "failed" ? [...head, "  ✗ patch failed"] : head;
      }
      case "mcp_tool_call": {
        const what = `mcp ${str(item.server) ?? "?"}.${str(item.tool) ?? "?"}`;
        const args = summarizeInput(item.arguments);
        const head = tools.callHead(id, args ? `${what}: ${args}` : what, started);
        if (!completed) return head;
        const error = str(rec(item.error)?.message);
        if (error !== null || item.status === "failed") return [...head, `  ✗ ${oneLine(error ?? "failed")}`];
        return [...head, ...outputLines(blocksText(rec(item.result)?.content))];
      }
      case "collab_tool_call": {
        const prompt = str(item.prompt);
        const head = tools.callHead(id, `${str(item.tool) ?? "collab"}${prompt ? `: ${firstLine(prompt)}` : ""}`, started);
        if (!completed) return head;
        return item.status === "failed" ? [...head, "  ✗ failed"] : head;
      }
      case "web_search": {
        const query = str(item.query) ?? str(rec(item.action)?.query) ?? "";
        return completed || started ? tools.callHead(id, `web_search: ${firstLine(query)}`, started) : [];
      }
      case "todo_list": {
        const items = arr(item.items)
          .map(rec)
          .filter((t): t is Record<string, unknown> => t !== null)
          .map((t) => `${t.completed === true ? "[x]" : "[ ]"} ${firstLine(str(t.text) ?? "")}`);
        return [short(`· plan: ${items.join("; ")}`)];
      }
      case "error":
        return completed ? [`✗ ${oneLine(str(item.message) ?? "error")}`] : [];
      default:
        return completed ? [`· ${short(type)}`] : [];
    }
  };
  return {
    reset() {},
    lines(event) {
      switch (event.type) {
        case "thread.started":
          tools.startSession();
          return [`· session ${str(event.thread_id) ?? "?"}`];
        case "turn.started":
          return [];
        case "turn.completed": {
          const u = rec(event.usage);
          if (!u) return ["· turn completed"];
          return [
            `· usage: in ${num(u.input_tokens) ?? "?"} (cached ${num(u.cached_input_tokens) ?? 0}) · out ${num(u.output_tokens) ?? "?"}`,
          ];
        }
        case "turn.failed":
          return [`✗ turn failed: ${oneLine(str(rec(event.error)?.message) ?? "no message")}`];
        case "error": {
          const message = oneLine(str(event.message) ?? "no message");
          return [/^Reconnecting\b/.test(message) ? `· ${message}` : `✗ error: ${message}`];
        }
        default: {
          const it = rec(event.item);
          return it ? item(String(event.type), it) : [];
        }
      }
    },
  };
}
