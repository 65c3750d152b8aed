/**
 * Usage figures in the CLIs' own JSON events (pure; one event in, zero or more facts out). The
 * transcript reader (src/signals/transcript.ts) calls it for each event it reads.
 *
 * - Claude Code (`stream-json`, `json`): `system`/`init` names the session and model; each
 *   `assistant` event carries its API message's `usage` (an id per message: a message split over
 *   several events counts once; the output count there is the stream's start value, so it is
 *   provisional); the final `result` event has the process's totals — `modelUsage` per model
 *   (side requests included), `total_cost_usd`, `num_turns`, `session_id` — and its subtype
 *   `error_max_budget_usd` says the CLI stopped at `--max-budget-usd`. Anthropic counts
 *   `input_tokens` without the cache: input here = input + cache reads + cache writes.
 * - codex `exec --json`: `thread.started` names the thread (the session to resume) and, when it
 *   carries one, the model;
 *   `turn.completed.usage` has `input_tokens` (cache included), `cached_input_tokens`,
 *   `output_tokens` (reasoning included), `reasoning_output_tokens` — the thread's totals so far,
 *   so a process that resumes a thread reports what earlier processes of the thread used too.
 *   codex reports no cost.
 * - OpenCode `run --format json`: each `step_finish` part has `tokens` {input, output, reasoning,
 *   cache {read, write}} and `cost` for that model request; every event has `sessionID`.
 */

export interface TokenFigures {
  input: number | null;
  cached: number | null;
  output: number | null;
  reasoning: number | null;
}

export type UsageFact =
  | { kind: "session"; sessionId: string | null; model: string | null }
  /** One model request's figures; a request with a `key` seen before replaces its earlier figures. */
  | { kind: "call"; key: string | null; tokens: TokenFigures; costUsd: number | null; turn: boolean }
  /** The session's totals so far, earlier processes of the same session included (codex). */
  | { kind: "session-total"; tokens: TokenFigures; turn: boolean }
  /** The process's own totals (replace the calls counted so far for this process). */
  | {
      kind: "total";
      tokens: TokenFigures;
      costUsd: number | null;
      turns: number | null;
      sessionId: string | null;
      model: string | null;
      /** The CLI stopped because its own budget flag was reached. */
      budgetStop: boolean;
    };

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A non-negative finite number, else null. */
function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}

function count(v: unknown): number | null {
  const n = num(v);
  return n === null ? null : Math.round(n);
}

function str(v: unknown): string | null {
  return typeof v === "string" && v !== "" ? v : null;
}

function add(a: number | null, b: number | null, c: number | null = null): number | null {
  if (a === null && b === null && c === null) return null;
  return (a ?? 0) + (b ?? 0) + (c ?? 0);
}

/** Anthropic usage: input without the cache, cache reads and writes apart. */
function anthropicTokens(u: Json, names: { input: string; read: string; write: string; output: string }): TokenFigures {
  const read = count(u[names.read]);
  return {
    input: add(count(u[names.input]), read, count(u[names.write])),
    cached: read,
    output: count(u[names.output]),
    reasoning: null,
  };
}

export function claudeUsage(event: Json): UsageFact[] {
  const type = event.type;
  if (type === "system" && event.subtype === "init") {
    return [{ kind: "session", sessionId: str(event.session_id), model: str(event.model) }];
  }
  if (type === "assistant") {
    const message = event.message;
    if (!isRecord(message) || !isRecord(message.usage)) return [];
    const tokens = anthropicTokens(message.usage, {
      input: "input_tokens",
      read: "cache_read_input_tokens",
      write: "cache_creation_input_tokens",
      output: "output_tokens",
    });
    return [{ kind: "call", key: str(message.id), tokens, costUsd: null, turn: false }];
  }
  if (type !== "result") return [];
  let tokens: TokenFigures = { input: null, cached: null, output: null, reasoning: null };
  let model: string | null = null;
  if (isRecord(event.modelUsage) && Object.keys(event.modelUsage).length > 0) {
    let bestCost = -1;
    for (const [name, m] of Object.entries(event.modelUsage)) {
      if (!isRecord(m)) continue;
      const t = anthropicTokens(m, {
        input: "inputTokens",
        read: "cacheReadInputTokens",
        write: "cacheCreationInputTokens",
        output: "outputTokens",
      });
      tokens = {
        input: add(tokens.input, t.input),
        cached: add(tokens.cached, t.cached),
        output: add(tokens.output, t.output),
        reasoning: null,
      };
      // The model that cost the most is the agent's (side requests use a smaller one).
      const cost = num(m.costUSD) ?? 0;
      if (cost > bestCost) {
        bestCost = cost;
        model = name;
      }
    }
  } else if (isRecord(event.usage)) {
    tokens = anthropicTokens(event.usage, {
      input: "input_tokens",
      read: "cache_read_input_tokens",
      write: "cache_creation_input_tokens",
      output: "output_tokens",
    });
  }
  return [
    {
      kind: "total",
      tokens,
      costUsd: num(event.total_cost_usd),
      turns: count(event.num_turns),
      sessionId: str(event.session_id),
      model,
      budgetStop: event.subtype === "error_max_budget_usd",
    },
  ];
}

export function codexUsage(event: Json): UsageFact[] {
  if (event.type === "thread.started") return [{ kind: "session", sessionId: str(event.thread_id), model: str(event.model) }];
  if (event.type !== "turn.completed" || !isRecord(event.usage)) return [];
  const u = event.usage;
  return [
    {
      kind: "session-total",
      tokens: {
        input: count(u.input_tokens),
        cached: count(u.cached_input_tokens),
        output: count(u.output_tokens),
        reasoning: count(u.reasoning_output_tokens),
      },
      turn: true,
    },
  ];
}

export function openCodeUsage(event: Json): UsageFact[] {
  const facts: UsageFact[] = [];
  if (event.type === "step_start") facts.push({ kind: "session", sessionId: str(event.sessionID), model: null });
  const part = event.part;
  if (event.type !== "step_finish" || !isRecord(part)) return facts;
  const t = isRecord(part.tokens) ? part.tokens : {};
  const cache = isRecord(t.cache) ? t.cache : {};
  const read = count(cache.read);
  facts.push({ kind: "session", sessionId: str(event.sessionID), model: null });
  facts.push({
    kind: "call",
    key: str(part.id),
    tokens: {
      input: add(count(t.input), read, count(cache.write)),
      cached: read,
      output: add(count(t.output), count(t.reasoning)),
      reasoning: count(t.reasoning),
    },
    costUsd: num(part.cost),
    turn: true,
  });
  return facts;
}
