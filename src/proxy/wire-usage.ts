/**
 * The provider APIs the model proxy speaks: what an agent may send through it, and the usage
 * figures read from the answers.
 *
 * What may pass (`WIRE_APIS`, one table per provider API; an agent's upstream names its API):
 *
 *   anthropic  POST /v1/messages (`?beta`), POST /v1/messages/count_tokens (`?beta`),
 *              GET /v1/models (`?beta`, `limit`, `after_id`, `before_id`)
 *   openai     POST /v1/responses, POST /v1/responses/compact, POST /v1/chat/completions,
 *              GET /v1/models (`?client_version`)
 *
 * A route is a method and the exact path after the agent's base URL, compared as the bytes the
 * client sent: no decoding, so `..`, `%2e%2e`, `%2f`, `//` or a trailing `/` never equal one. Its
 * query may name only the parameters listed. Request headers pass only when the table names them
 * (exactly, or by a listed prefix); the key headers, `host`, `content-length`, `accept-encoding`
 * and the hop-by-hop ones are the proxy's own. Everything else is refused (routes) or dropped
 * (headers) and listed in the proxy's report. The tables hold what codex, Claude Code and OpenCode
 * send (seen at the wire of their tests, and in their SDKs' headers), and nothing that picks an
 * account, an organization or a project (`openai-organization`, `openai-project`,
 * `chatgpt-account-id`) or claims a client address (`x-forwarded-for`, `forwarded`) or a session
 * (`cookie`).
 *
 * Usage figures are read from the model API's own responses as they pass through the proxy (a
 * copy of the bytes is fed here; the client's bytes are never held back). One reader per response:
 *
 *   messages   Anthropic Messages. JSON: `usage`. SSE: `message_start.message.usage` (input,
 *              cache reads and writes; output is the stream's start value) and `message_delta.usage`
 *              (cumulative: its figures replace the start's). Input without the cache:
 *              input = input_tokens + cache_read_input_tokens + cache_creation_input_tokens.
 *   responses  OpenAI Responses. JSON: `usage`. SSE: `response.completed` (or `response.incomplete`
 *              / `response.failed`) `.response.usage`: input_tokens (cache included),
 *              input_tokens_details.cached_tokens, output_tokens (reasoning included),
 *              output_tokens_details.reasoning_tokens.
 *   chat       OpenAI chat completions. JSON: `usage`. SSE: the chunk carrying `usage` (the last
 *              one, with `stream_options.include_usage`): prompt_tokens, prompt_tokens_details
 *              .cached_tokens, completion_tokens, completion_tokens_details.reasoning_tokens.
 *
 * Figures are in the vocabulary of src/usage/schema.ts: input and output are totals.
 */
import type { TokenFigures } from "../usage/extract.js";

export type WireFormat = "messages" | "responses" | "chat";

export interface WireUsage {
  model: string | null;
  tokens: TokenFigures;
}

/** A provider API the proxy carries: `anthropic` (Messages) or `openai` (Responses, chat completions). */
export type WireApi = "anthropic" | "openai";

export interface WireRoute {
  method: "GET" | "POST";
  /** The path after the agent's base URL, exactly as sent. */
  path: string;
  /** The query parameters it may carry (names). */
  query: readonly string[];
  /** The usage format of its answers (null: they carry no usage). */
  format: WireFormat | null;
}

export interface WireTable {
  routes: readonly WireRoute[];
  /** Request headers passed on (lower case). */
  headers: readonly string[];
  /** Request headers passed on by prefix (the SDKs' own `x-stainless-*` description of themselves). */
  headerPrefixes: readonly string[];
}

/** Sent by every CLI whatever its API. */
const COMMON_HEADERS = ["accept", "content-type", "user-agent", "idempotency-key", "x-client-request-id"];

/** What an agent may send through the proxy, per provider API (see the module comment). */
export const WIRE_APIS: Readonly<Record<WireApi, WireTable>> = {
  anthropic: {
    routes: [
      { method: "POST", path: "/v1/messages", query: ["beta"], format: "messages" },
      { method: "POST", path: "/v1/messages/count_tokens", query: ["beta"], format: null },
      { method: "GET", path: "/v1/models", query: ["beta", "limit", "after_id", "before_id"], format: null },
    ],
    headers: [
      ...COMMON_HEADERS,
      "anthropic-version",
      "anthropic-beta",
      "anthropic-dangerous-direct-browser-access",
      // Claude Code
      "x-app",
      "x-claude-code-session-id",
      // OpenCode
      "x-session-affinity",
      "x-session-id",
    ],
    headerPrefixes: ["x-stainless-"],
  },
  openai: {
    routes: [
      { method: "POST", path: "/v1/responses", query: [], format: "responses" },
      { method: "POST", path: "/v1/responses/compact", query: [], format: "responses" },
      { method: "POST", path: "/v1/chat/completions", query: [], format: "chat" },
      { method: "GET", path: "/v1/models", query: ["client_version"], format: null },
    ],
    headers: [
      ...COMMON_HEADERS,
      "openai-beta",
      // codex
      "originator",
      "version",
      "session_id",
      "session-id",
      "thread-id",
      "conversation_id",
      "conversation-id",
      "x-codex-beta-features",
      "x-codex-installation-id",
      "x-codex-parent-thread-id",
      "x-codex-turn-metadata",
      "x-codex-turn-state",
      "x-codex-window-id",
      "x-openai-internal-codex-responses-lite",
      "x-openai-subagent",
      // OpenCode
      "x-session-affinity",
      "x-session-id",
    ],
    headerPrefixes: ["x-stainless-"],
  },
};

const ALL_APIS = Object.keys(WIRE_APIS) as WireApi[];

/** The tables of an agent's API (every table when its upstream names none: tests and benches). */
function tablesOf(api: WireApi | null | undefined): WireTable[] {
  return (api ? [api] : ALL_APIS).map((a) => WIRE_APIS[a]);
}

/** The route `method` + `path` (the exact bytes after the agent's base URL, no query) is, or null. */
export function routeOf(api: WireApi | null | undefined, method: string, path: string): WireRoute | null {
  for (const table of tablesOf(api)) {
    const route = table.routes.find((r) => r.method === method && r.path === path);
    if (route) return route;
  }
  return null;
}

/** Whether a request header (lower case) may pass to the upstream of an agent of `api`. */
export function headerAllowed(api: WireApi | null | undefined, name: string): boolean {
  return tablesOf(api).some((t) => t.headers.includes(name) || t.headerPrefixes.some((p) => name.startsWith(p)));
}

/** The format of a request path (`…/v1/messages`, `…/v1/responses`, `…/v1/chat/completions`), or null. */
export function formatOfPath(pathname: string): WireFormat | null {
  if (/\/messages$/.test(pathname)) return "messages";
  if (/\/responses$/.test(pathname)) return "responses";
  if (/\/chat\/completions$/.test(pathname)) return "chat";
  return null;
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function count(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
}

function sum(...values: (number | null)[]): number | null {
  return values.every((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);
}

function str(v: unknown): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

function sub(o: Json, key: string): Json {
  const v = o[key];
  return isRecord(v) ? v : {};
}

/** Anthropic figures; `base` are the figures a later event updates (fields it lacks stay). */
function anthropicTokens(u: Json, base: Json = {}): { raw: Json; tokens: TokenFigures } {
  const raw = { ...base, ...Object.fromEntries(Object.entries(u).filter(([, v]) => typeof v === "number")) };
  const read = count(raw.cache_read_input_tokens);
  return {
    raw,
    tokens: {
      input: sum(count(raw.input_tokens), read, count(raw.cache_creation_input_tokens)),
      cached: read,
      output: count(raw.output_tokens),
      reasoning: null,
    },
  };
}

/**
 * OpenAI figures: `<in>_tokens` (cache included) with `<in>_tokens_details.cached_tokens`, and
 * `<out>_tokens` (reasoning included) with `<out>_tokens_details.reasoning_tokens`. The Responses
 * API names them `input` and `output`, chat completions `prompt` and `completion`.
 */
function openAiTokens(u: Json, inName: "input" | "prompt", outName: "output" | "completion"): TokenFigures {
  return {
    input: count(u[`${inName}_tokens`]),
    cached: count(sub(u, `${inName}_tokens_details`).cached_tokens),
    output: count(u[`${outName}_tokens`]),
    reasoning: count(sub(u, `${outName}_tokens_details`).reasoning_tokens),
  };
}

/** Largest JSON (non-stream) body kept for reading its usage. */
const MAX_JSON_BYTES = 8 * 1024 * 1024;
/** Largest SSE line kept while waiting for its end (a longer one is skipped). */
const MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * Reads the usage of one response from a copy of its bytes: `push` each chunk as it passes,
 * `end()` once the response ended; null when it carried no usage.
 */
export class UsageReader {
  private readonly sse: boolean;
  private readonly parts: Buffer[] = [];
  private size = 0;
  private overflow = false;
  private line: Buffer[] = [];
  private lineSize = 0;
  private model: string | null = null;
  private tokens: TokenFigures | null = null;
  private anthropicRaw: Json = {};

  constructor(
    private readonly format: WireFormat,
    contentType: string,
  ) {
    this.sse = /text\/event-stream/i.test(contentType);
  }

  push(chunk: Buffer): void {
    if (!this.sse) {
      if (this.overflow) return;
      this.size += chunk.length;
      if (this.size > MAX_JSON_BYTES) {
        this.overflow = true;
        this.parts.length = 0;
        return;
      }
      this.parts.push(chunk);
      return;
    }
    let start = 0;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
      this.addLinePart(chunk.subarray(start, i));
      this.lineDone();
      start = i + 1;
    }
    if (start < chunk.length) this.addLinePart(chunk.subarray(start));
  }

  end(): WireUsage | null {
    if (this.sse) {
      if (this.lineSize > 0) this.lineDone();
    } else if (!this.overflow && this.size > 0) {
      try {
        this.event(JSON.parse(Buffer.concat(this.parts).toString("utf8")) as unknown, true);
      } catch {
        // not JSON (an error page): no usage
      }
    }
    return this.tokens ? { model: this.model, tokens: this.tokens } : null;
  }

  private addLinePart(part: Buffer): void {
    if (this.lineSize + part.length > MAX_LINE_BYTES) {
      this.lineSize = MAX_LINE_BYTES + 1;
      this.line = [];
      return;
    }
    if (part.length > 0) this.line.push(part);
    this.lineSize += part.length;
  }

  private lineDone(): void {
    const tooLong = this.lineSize > MAX_LINE_BYTES;
    const parts = this.line;
    this.line = [];
    this.lineSize = 0;
    if (tooLong || parts.length === 0) return;
    const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString("utf8");
    if (!text.startsWith("data:")) return;
    // Only the events that can carry usage or a model are parsed.
    if (!text.includes('"usage"') && !text.includes('"model"')) return;
    try {
      this.event(JSON.parse(text.slice(5).trim()) as unknown, false);
    } catch {
      // `[DONE]` or a partial event: nothing to read
    }
  }

  private event(data: unknown, whole: boolean): void {
    if (!isRecord(data)) return;
    if (this.format === "messages") {
      if (whole || data.type === "message") {
        this.model = str(data.model) ?? this.model;
        if (isRecord(data.usage)) this.tokens = anthropicTokens(data.usage).tokens;
        return;
      }
      if (data.type === "message_start" && isRecord(data.message)) {
        this.model = str(data.message.model) ?? this.model;
        if (isRecord(data.message.usage)) {
          const t = anthropicTokens(data.message.usage);
          this.anthropicRaw = t.raw;
          this.tokens = t.tokens;
        }
      } else if (data.type === "message_delta" && isRecord(data.usage)) {
        const t = anthropicTokens(data.usage, this.anthropicRaw);
        this.anthropicRaw = t.raw;
        this.tokens = t.tokens;
      }
      return;
    }
    if (this.format === "responses") {
      const response = whole ? data : isRecord(data.response) ? data.response : null;
      if (!response) return;
      this.model = str(response.model) ?? this.model;
      if (isRecord(response.usage)) this.tokens = openAiTokens(response.usage, "input", "output");
      return;
    }
    this.model = str(data.model) ?? this.model;
    if (isRecord(data.usage)) this.tokens = openAiTokens(data.usage, "prompt", "completion");
  }
}
