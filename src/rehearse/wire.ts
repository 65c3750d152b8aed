/**
 * The three model-API wire formats the supported CLIs speak, reduced to what a scripted rehearsal
 * needs: read a request (which script step comes next, what the previous tool calls returned,
 * which tools are offered) and write a streamed answer (a tool call that writes one file, or the
 * final assistant text), with usage figures in each format's completion event.
 *
 *   responses  OpenAI Responses API, `POST /v1/responses` (codex)
 *   messages   Anthropic Messages API, `POST /v1/messages` (Claude Code)
 *   chat       OpenAI chat completions, `POST /v1/chat/completions` (OpenCode)
 *
 * Tool call ids carry the step number (`call_wave_<n>`), so a tool result is matched to the step
 * that asked for it without keeping any state per conversation.
 *
 * Usage figures are deterministic and distinguishable, so a test can compare what a CLI reports
 * with what the server answered: input = ceil(request body characters / 4), of which
 * floor(input / 4) count as read from the prompt cache; output = ceil(reply characters / 4) plus
 * the reasoning tokens (MAIN_REASONING_TOKENS for main answers, 0 for side answers). Input and
 * output are totals (cached and reasoning tokens included); each format writes them in its own
 * fields (see the answer of each format below).
 *
 * Besides the step, a request tells which conversation it belongs to (the CLI's own session id,
 * from a header or the body: see sessionOf) and the newest thing the user side said (lastUser), so
 * a test can see that a later process continued an earlier conversation.
 */
import type { ScriptStep } from "./script.js";

export type WireFormat = "responses" | "messages" | "chat";

/** A tool result found in a request: what the CLI reported after running one scripted call. */
export interface ToolResultSeen {
  step: number;
  status: "ok" | "denied" | "failed";
  /** The start of the tool's output (for the report; at most 300 characters). */
  text: string;
}

export interface ParsedRequest {
  /**
   * False for side requests without tools (titles, quota checks): they get a short text and
   * advance nothing.
   */
  main: boolean;
  /** Scripted tool calls already made in this conversation = the index of the next step. */
  step: number;
  results: ToolResultSeen[];
  tools: string[];
  stream: boolean;
  model: string;
  /**
   * The start (LAST_USER_CHARS characters) of the newest user text: the last text of a user
   * message or input item that is neither a tool result nor context the CLI adds on its own (a
   * text that is one `<tag>…</tag>` element, e.g. `<system-reminder>`, `<environment_context>`);
   * null when the request has none.
   */
  lastUser: string | null;
}

/** Token counts of one answer; input and output are totals (cached and reasoning included). */
export interface Usage {
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
}

/** Reasoning tokens reported for every main answer (side answers report none). */
export const MAIN_REASONING_TOKENS = 7;
/** How much of the newest user text a request record keeps. */
const LAST_USER_CHARS = 160;

/** One answer: the HTTP status, headers and the body as it is written (chunks for SSE). */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  chunks: string[];
  /** The usage figures the answer reports (model answers only). */
  usage?: Usage;
}

const CALL_PREFIX = "call_wave_";
const DENIAL =
  /permission|denied|not permitted|read-only file system|EACCES|EROFS|EPERM|rejected|haven't granted|not allowed|operation not permitted|sandbox/i;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function stepOfCall(id: unknown): number | null {
  const s = str(id);
  if (!s.startsWith(CALL_PREFIX)) return null;
  const n = Number(s.slice(CALL_PREFIX.length));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Text of a tool output in any of the shapes the CLIs send (string, blocks, {content}). */
function textOf(v: unknown): string {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(textOf).join("\n");
  if (isObject(v)) {
    if (typeof v.text === "string") return v.text;
    if ("content" in v) return textOf(v.content);
    if ("output" in v) return textOf(v.output);
  }
  return "";
}

function classify(text: string, isError: boolean): ToolResultSeen["status"] {
  if (DENIAL.test(text)) return "denied";
  if (isError) return "failed";
  // codex's exec_command reports the exit code in its output.
  const exit = /exit(?:ed with)? code:? (\d+)/i.exec(text);
  if (exit && exit[1] !== "0") return "failed";
  if (/^(?:error|failed)\b|unsupported call|unknown tool|no such tool/i.test(text.trim())) return "failed";
  return "ok";
}

function result(step: number, text: string, isError: boolean): ToolResultSeen {
  return { step, status: classify(text, isError), text: text.slice(0, 300) };
}

function countCalls(ids: unknown[]): number {
  let n = 0;
  for (const id of ids) if (stepOfCall(id) !== null) n++;
  return n;
}

/** Context a CLI puts into the user's turn on its own: one `<tag>…</tag>` element and nothing else. */
const INJECTED_CONTEXT = /^<([A-Za-z][\w-]*)>[\s\S]*<\/\1>$/;

/** The user-side texts of one message's content (a string, or blocks of type text/input_text). */
function userTexts(content: unknown): string[] {
  const texts =
    typeof content === "string"
      ? [content]
      : asArray(content)
          .filter(isObject)
          .filter((b) => b.type === "text" || b.type === "input_text")
          .map((b) => str(b.text));
  return texts.filter((t) => t.trim() !== "" && !INJECTED_CONTEXT.test(t.trim()));
}

/** The newest user text of a conversation, given its user messages' contents oldest first. */
function newestUserText(contents: unknown[]): string | null {
  for (let i = contents.length - 1; i >= 0; i--) {
    const texts = userTexts(contents[i]);
    if (texts.length > 0) return texts[texts.length - 1]!.slice(0, LAST_USER_CHARS);
  }
  return null;
}

/** Reads a request body of the given format. Throws on a body that is not a JSON object. */
export function parseRequest(format: WireFormat, body: unknown): ParsedRequest {
  if (!isObject(body)) throw new Error("the request body is not a JSON object");
  const model = str(body.model);
  const stream = body.stream === true;
  if (format === "responses") {
    const items = asArray(body.input).filter(isObject);
    const tools = [...responsesTools(body).keys()];
    const calls = items.filter((i) => i.type === "function_call" || i.type === "custom_tool_call").map((i) => i.call_id);
    const results: ToolResultSeen[] = [];
    for (const i of items) {
      if (i.type !== "function_call_output" && i.type !== "custom_tool_call_output") continue;
      const step = stepOfCall(i.call_id);
      if (step === null) continue;
      const out = i.output;
      const success = isObject(out) && typeof out.success === "boolean" ? out.success : true;
      results.push(result(step, textOf(out), !success));
    }
    const lastUser = newestUserText(
      items.filter((i) => (i.type === "message" || i.type === undefined) && i.role === "user").map((i) => i.content),
    );
    return { main: true, step: countCalls(calls), results, tools, stream, model, lastUser };
  }
  if (format === "messages") {
    const messages = asArray(body.messages).filter(isObject);
    const tools = asArray(body.tools)
      .filter(isObject)
      .map((t) => str(t.name));
    const calls: unknown[] = [];
    const results: ToolResultSeen[] = [];
    for (const m of messages) {
      for (const block of asArray(m.content).filter(isObject)) {
        if (block.type === "tool_use") calls.push(block.id);
        if (block.type === "tool_result") {
          const step = stepOfCall(block.tool_use_id);
          if (step !== null) results.push(result(step, textOf(block.content), block.is_error === true));
        }
      }
    }
    const lastUser = newestUserText(messages.filter((m) => m.role === "user").map((m) => m.content));
    return { main: tools.length > 0, step: countCalls(calls), results, tools, stream, model, lastUser };
  }
  const messages = asArray(body.messages).filter(isObject);
  const tools = asArray(body.tools)
    .filter(isObject)
    .map((t) => (isObject(t.function) ? str(t.function.name) : ""));
  const calls: unknown[] = [];
  const results: ToolResultSeen[] = [];
  for (const m of messages) {
    if (m.role === "assistant") for (const c of asArray(m.tool_calls).filter(isObject)) calls.push(c.id);
    if (m.role === "tool") {
      const step = stepOfCall(m.tool_call_id);
      if (step !== null) results.push(result(step, textOf(m.content), false));
    }
  }
  const lastUser = newestUserText(messages.filter((m) => m.role === "user").map((m) => m.content));
  return { main: tools.length > 0, step: countCalls(calls), results, tools, stream, model, lastUser };
}

/* ------------------------------------------------------------------ sessions */

export type RequestHeaders = Record<string, string | string[] | undefined>;

function header(headers: RequestHeaders, name: string): string | null {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.trim() !== "" ? s.trim() : null;
}

function jsonObject(text: string): Json | null {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The CLI's own id of the conversation a request belongs to, or null:
 *
 *   responses  (codex) header `thread-id` (the conversation; `session-id` and `session_id`,
 *              `conversation_id` as sent by other versions), else the body's
 *              `client_metadata.thread_id` / `session_id`, else `prompt_cache_key`
 *   messages   (Claude Code) header `x-claude-code-session-id`, else `metadata.user_id`: a JSON
 *              object with `session_id` (or an older `user_…_session_<id>` string)
 *   chat       (OpenCode) header `x-session-id` (or `x-session-affinity`)
 */
export function sessionOf(format: WireFormat, headers: RequestHeaders, body: unknown): string | null {
  const b = isObject(body) ? body : {};
  if (format === "responses") {
    const fromHeader = ["thread-id", "session-id", "session_id", "conversation_id", "conversation-id"]
      .map((h) => header(headers, h))
      .find((v) => v !== null);
    if (fromHeader) return fromHeader;
    const meta = isObject(b.client_metadata) ? b.client_metadata : {};
    return str(meta.thread_id) || str(meta.session_id) || str(b.prompt_cache_key) || null;
  }
  if (format === "messages") {
    const fromHeader = header(headers, "x-claude-code-session-id");
    if (fromHeader) return fromHeader;
    const userId = isObject(b.metadata) ? str(b.metadata.user_id) : "";
    const parsed = jsonObject(userId);
    if (parsed) return str(parsed.session_id) || null;
    const m = /_session_([\w-]+)$/.exec(userId);
    return m ? m[1]! : null;
  }
  return header(headers, "x-session-id") ?? header(headers, "x-session-affinity");
}

/* ------------------------------------------------------------------ tool calls per CLI */

export interface ToolCall {
  name: string;
  /** A JSON object as text (function tools), or the raw input of a custom (freeform) tool. */
  input: string;
  custom: boolean;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function addFilePatch(step: Extract<ScriptStep, { kind: "write" }>): string {
  const lines = step.content.endsWith("\n") ? step.content.slice(0, -1).split("\n") : step.content.split("\n");
  return ["*** Begin Patch", `*** Add File: ${step.path}`, ...lines.map((l) => `+${l}`), "*** End Patch", ""].join("\n");
}

/** A shell command that writes the step's file (its directory made first), relative to the agent's working directory. */
function shellWriteCommand(step: Extract<ScriptStep, { kind: "write" }>): string {
  const dir = step.path.includes("/") ? step.path.slice(0, step.path.lastIndexOf("/")) : ".";
  return `mkdir -p -- ${shellQuote(dir)} && printf '%s' ${shellQuote(step.content)} > ${shellQuote(step.path)}`;
}

/**
 * The call that writes one file with the CLI's own tool, chosen from the tools the request offers:
 * codex `apply_patch` (custom or function tool) or else `exec_command`/`shell`; Claude Code
 * `Write` (absolute `file_path`); OpenCode `write` (absolute `filePath`); Copilot CLI, which has
 * no `write` (and whose `create` makes no directories), `bash` with the shell command.
 */
export function writeCall(
  format: WireFormat,
  tools: string[],
  step: Extract<ScriptStep, { kind: "write" }>,
  customTools: Set<string>,
): ToolCall {
  if (format === "messages")
    return { name: "Write", input: JSON.stringify({ file_path: step.absPath, content: step.content }), custom: false };
  if (format === "chat" && !tools.includes("write") && tools.includes("bash"))
    return {
      name: "bash",
      input: JSON.stringify({ command: shellWriteCommand(step), description: `write ${step.path}`, mode: "sync" }),
      custom: false,
    };
  if (format === "chat") return { name: "write", input: JSON.stringify({ filePath: step.absPath, content: step.content }), custom: false };
  if (tools.includes("apply_patch")) {
    const patch = addFilePatch(step);
    return customTools.has("apply_patch")
      ? { name: "apply_patch", input: patch, custom: true }
      : { name: "apply_patch", input: JSON.stringify({ input: patch }), custom: false };
  }
  if (tools.includes("exec") && customTools.has("exec")) {
    // codex's code-mode tool: JavaScript that calls the nested apply_patch tool.
    const js = `const r = await tools.apply_patch(${JSON.stringify(addFilePatch(step))});\ntext(typeof r === "string" ? r : JSON.stringify(r));\n`;
    return { name: "exec", input: js, custom: true };
  }
  const cmd = shellWriteCommand(step);
  if (tools.includes("exec_command")) return { name: "exec_command", input: JSON.stringify({ cmd }), custom: false };
  return { name: "shell", input: JSON.stringify({ command: ["bash", "-lc", cmd] }), custom: false };
}

/**
 * The tools a Responses request offers, name → type (`function`, `custom`, ...): the top-level
 * `tools` and, as codex sends them for the models it knows, those of `additional_tools` input
 * items, namespaces flattened.
 */
function responsesTools(body: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: unknown[]) => {
    for (const t of list.filter(isObject)) {
      if (Array.isArray(t.tools)) walk(t.tools);
      else if (typeof t.name === "string") out.set(t.name, str(t.type));
    }
  };
  if (!isObject(body)) return out;
  walk(asArray(body.tools));
  for (const item of asArray(body.input).filter(isObject)) if (item.type === "additional_tools") walk(asArray(item.tools));
  return out;
}

/** Names of the request's custom (freeform) tools (Responses API only). */
export function customToolNames(body: unknown): Set<string> {
  const out = new Set<string>();
  for (const [name, type] of responsesTools(body)) if (type === "custom") out.add(name);
  return out;
}

/* ------------------------------------------------------------------ answers */

export type Reply = { kind: "call"; step: number; call: ToolCall } | { kind: "text"; text: string };

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };
const JSON_HEADERS = { "content-type": "application/json" };

function sse(event: string | null, data: unknown): string {
  return `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The usage figures of one answer (see the module comment). */
function usageOf(bodyChars: number, reply: string, reasoningTokens: number): Usage {
  const inputTokens = Math.max(1, Math.ceil(bodyChars / 4));
  return {
    inputTokens,
    cachedInputTokens: Math.floor(inputTokens / 4),
    outputTokens: tokens(reply) + reasoningTokens,
    reasoningTokens,
  };
}

function replyText(reply: Reply): string {
  return reply.kind === "text" ? reply.text : reply.call.input;
}

/**
 * The answer to one request; `bodyChars` is the length of the request body and `reasoningTokens`
 * the reasoning the answer reports (both only feed its usage figures).
 */
export function answer(
  format: WireFormat,
  reply: Reply,
  req: { model: string; stream: boolean; id: string; bodyChars: number; reasoningTokens: number },
): WireAnswer {
  const usage = usageOf(req.bodyChars, replyText(reply), req.reasoningTokens);
  const model = req.model || "rehearsal";
  const a =
    format === "responses"
      ? responsesAnswer(reply, model, usage, req.id)
      : format === "messages"
        ? messagesAnswer(reply, model, usage, req.id, req.stream)
        : chatAnswer(reply, model, usage, req.id, req.stream);
  return { ...a, usage };
}

function responsesAnswer(reply: Reply, model: string, usage: Usage, id: string): WireAnswer {
  const response = {
    id: `resp_${id}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model,
    status: "in_progress",
    output: [],
  };
  const item =
    reply.kind === "text"
      ? {
          type: "message",
          id: `msg_${id}`,
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: reply.text, annotations: [] }],
        }
      : reply.call.custom
        ? {
            type: "custom_tool_call",
            id: `ctc_${id}`,
            call_id: `${CALL_PREFIX}${reply.step}`,
            name: reply.call.name,
            input: reply.call.input,
            status: "completed",
          }
        : {
            type: "function_call",
            id: `fc_${id}`,
            call_id: `${CALL_PREFIX}${reply.step}`,
            name: reply.call.name,
            arguments: reply.call.input,
            status: "completed",
          };
  const completed = {
    ...response,
    status: "completed",
    output: [item],
    usage: {
      input_tokens: usage.inputTokens,
      input_tokens_details: { cached_tokens: usage.cachedInputTokens },
      output_tokens: usage.outputTokens,
      output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
      total_tokens: usage.inputTokens + usage.outputTokens,
    },
  };
  return {
    status: 200,
    headers: SSE_HEADERS,
    chunks: [
      sse("response.created", { type: "response.created", response }),
      sse("response.output_item.added", { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } }),
      sse("response.output_item.done", { type: "response.output_item.done", output_index: 0, item }),
      sse("response.completed", { type: "response.completed", response: completed }),
    ],
  };
}

function messagesAnswer(reply: Reply, model: string, usage: Usage, id: string, stream: boolean): WireAnswer {
  const stopReason = reply.kind === "call" ? "tool_use" : "end_turn";
  const block =
    reply.kind === "call"
      ? { type: "tool_use", id: `${CALL_PREFIX}${reply.step}`, name: reply.call.name, input: JSON.parse(reply.call.input) as unknown }
      : { type: "text", text: reply.text };
  // Messages counts input without the cache: input_tokens + cache_read + cache_creation = total.
  const input = {
    input_tokens: usage.inputTokens - usage.cachedInputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: usage.cachedInputTokens,
  };
  const message = {
    id: `msg_${id}`,
    type: "message",
    role: "assistant",
    model,
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
    usage: { ...input, output_tokens: 1 },
  };
  if (!stream) {
    return {
      status: 200,
      headers: JSON_HEADERS,
      chunks: [
        JSON.stringify({ ...message, content: [block], stop_reason: stopReason, usage: { ...input, output_tokens: usage.outputTokens } }),
      ],
    };
  }
  const start = reply.kind === "call" ? { ...block, input: {} } : { type: "text", text: "" };
  const delta =
    reply.kind === "call" ? { type: "input_json_delta", partial_json: reply.call.input } : { type: "text_delta", text: reply.text };
  return {
    status: 200,
    headers: SSE_HEADERS,
    chunks: [
      sse("message_start", { type: "message_start", message }),
      sse("content_block_start", { type: "content_block_start", index: 0, content_block: start }),
      sse("content_block_delta", { type: "content_block_delta", index: 0, delta }),
      sse("content_block_stop", { type: "content_block_stop", index: 0 }),
      sse("message_delta", {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        // Cumulative for the message, as the API sends it: the final figures of the answer.
        usage: { ...input, output_tokens: usage.outputTokens },
      }),
      sse("message_stop", { type: "message_stop" }),
    ],
  };
}

function chatAnswer(reply: Reply, model: string, usage: Usage, id: string, stream: boolean): WireAnswer {
  const created = Math.floor(Date.now() / 1000);
  const finish = reply.kind === "call" ? "tool_calls" : "stop";
  const toolCall =
    reply.kind === "call"
      ? { id: `${CALL_PREFIX}${reply.step}`, type: "function", function: { name: reply.call.name, arguments: reply.call.input } }
      : null;
  const usageJson = {
    prompt_tokens: usage.inputTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens },
    completion_tokens: usage.outputTokens,
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
  if (!stream) {
    const message = toolCall
      ? { role: "assistant", content: null, tool_calls: [toolCall] }
      : { role: "assistant", content: reply.kind === "text" ? reply.text : "" };
    return {
      status: 200,
      headers: JSON_HEADERS,
      chunks: [
        JSON.stringify({
          id: `chatcmpl-${id}`,
          object: "chat.completion",
          created,
          model,
          choices: [{ index: 0, message, finish_reason: finish }],
          usage: usageJson,
        }),
      ],
    };
  }
  const chunk = (choices: unknown[], extra: Json = {}) =>
    sse(null, { id: `chatcmpl-${id}`, object: "chat.completion.chunk", created, model, choices, ...extra });
  const delta = toolCall
    ? { role: "assistant", tool_calls: [{ index: 0, ...toolCall }] }
    : { role: "assistant", content: reply.kind === "text" ? reply.text : "" };
  return {
    status: 200,
    headers: SSE_HEADERS,
    chunks: [
      chunk([{ index: 0, delta, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: finish }]),
      chunk([], { usage: usageJson }),
      sse(null, "[DONE]"),
    ],
  };
}

/** A 429 each CLI reports as a rate limit (status, retry-after, the format's error body). */
export function rateLimitAnswer(format: WireFormat): WireAnswer {
  const message = "Rate limit reached (rehearsal: the scripted server answers 429 once)";
  const body =
    format === "messages"
      ? { type: "error", error: { type: "rate_limit_error", message } }
      : { error: { type: "rate_limit_exceeded", code: "rate_limit_exceeded", message, param: null } };
  return {
    status: 429,
    headers: { ...JSON_HEADERS, "retry-after": "1", "x-ratelimit-remaining-requests": "0" },
    chunks: [JSON.stringify(body)],
  };
}

export function errorAnswer(format: WireFormat, status: number, message: string): WireAnswer {
  const body =
    format === "messages"
      ? { type: "error", error: { type: status === 401 ? "authentication_error" : "invalid_request_error", message } }
      : { error: { type: status === 401 ? "invalid_api_key" : "invalid_request_error", message } };
  return { status, headers: JSON_HEADERS, chunks: [JSON.stringify(body)] };
}
