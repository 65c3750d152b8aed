/**
 * The rehearsal model server: a loopback-only HTTP server that answers the model API of codex,
 * Claude Code and OpenCode with a script per agent (see script.ts, wire.ts).
 *
 * Each agent gets its own base URL (`/agents/<id>/v1`) and its own throwaway key; a request whose
 * key does not belong to the agent of its path gets 401, so no request is ever attributed by
 * guessing. Every request is logged as one JSON line (method, path, agent, format, step, the tool
 * results it carried, the usage figures of its answer; for a main request also the CLI's session
 * id, the scripted calls already in its conversation and the start of its newest user text). Keys,
 * the other headers and the bodies are never logged.
 *
 * Every answered model request — main and side — reports usage (see wire.ts) and counts in the
 * agent's activity. The activity also lists the sessions seen and the first request of each, so a
 * test can tell whether a later process of an agent continued the conversation of an earlier one.
 *
 * Variants per agent: `no-markers` (the final text has no markers), `rate-limit` (the first model
 * request gets a 429), `hang` (model requests are never answered; the connection stays open until
 * the server closes), `interrupt` (the first main request is answered, the next one hangs like
 * `hang`; once per agent for the life of the server, so a later process is answered normally).
 */
import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { errorMessage } from "../errors.js";
import { keyDigest, matchesKey, requestKey } from "../executors/request-key.js";
import { readRequestBody } from "../proxy/request-body.js";
import type { AgentScript } from "./script.js";
import {
  answer,
  customToolNames,
  errorAnswer,
  MAIN_REASONING_TOKENS,
  parseRequest,
  rateLimitAnswer,
  sessionOf,
  type ToolResultSeen,
  type Usage,
  type WireAnswer,
  type WireFormat,
  writeCall,
} from "./wire.js";

/** Largest request body read (codex sends prompts up to 1 MiB, plus history). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface CallRecord {
  step: number;
  tool: string;
  path: string;
  /** null until a later request carries the tool's result. */
  status: ToolResultSeen["status"] | null;
  detail: string | null;
  /** Whether the request offered the tool at all. */
  offered: boolean;
}

/** The sums of the usage figures the agent's answers reported, and how many answers that were. */
export interface UsageTotals extends Usage {
  requests: number;
}

/** What the server saw of a main request's conversation. */
interface SessionSeen {
  /** The CLI's own session (conversation) id, null when the request carries none. */
  session: string | null;
  /** Scripted tool calls already in the conversation (the request's step). */
  history: number;
  /** The start of the newest user text (see ParsedRequest.lastUser). */
  lastUser: string | null;
}

export interface AgentActivity {
  agentId: string;
  format: WireFormat | null;
  /** Every request of the agent (refused, unanswered and unreadable ones included). */
  requests: number;
  calls: CallRecord[];
  finalSent: boolean;
  rateLimited: number;
  hung: number;
  usage: UsageTotals;
  /** Distinct session ids of the main requests, in the order first seen. */
  sessions: string[];
  /** The first main request of each session id, in the same order. */
  firstRequests: (SessionSeen & { session: string })[];
}

export interface LogEntry {
  at: string;
  method: string;
  path: string;
  agent: string | null;
  format: WireFormat | null;
  status: number | "hang";
  step: number | null;
  reply: "call" | "text" | "side" | "rate-limit" | "hang" | "error" | "not-found";
  tool?: string;
  /** Names of the tools the request offered. */
  offered?: string[];
  results?: { step: number; status: ToolResultSeen["status"] }[];
  /** The usage figures of the answer (answered model requests only). */
  usage?: Usage;
  /** Main requests only: see SessionSeen. */
  session?: string | null;
  history?: number;
  lastUser?: string | null;
  error?: string;
}

interface RegisteredAgent {
  key: string;
  /** Base URL without the API version (`http://127.0.0.1:<port>/agents/<id>`). */
  baseUrl: string;
}

export interface RehearsalServer {
  readonly url: string;
  register(script: AgentScript): RegisteredAgent;
  activity(agentId: string): AgentActivity | null;
  activities(): AgentActivity[];
  log(): LogEntry[];
  close(): Promise<void>;
}

interface AgentState {
  script: AgentScript;
  /** The sha256 of the agent's key (request-key.ts). */
  key: Buffer;
  activity: AgentActivity;
  rateLimitDone: boolean;
  /** Variant interrupt: first main answer not sent yet → next main request hangs → done. */
  interrupt: "armed" | "pending" | "done";
}

const ROUTES: { suffix: string; format: WireFormat }[] = [
  { suffix: "/v1/responses", format: "responses" },
  { suffix: "/v1/messages", format: "messages" },
  { suffix: "/v1/chat/completions", format: "chat" },
];

function routeOf(pathname: string): { agentId: string; format: WireFormat } | null {
  const m = /^\/agents\/([^/]+)(\/.*)$/.exec(pathname);
  if (!m) return null;
  const route = ROUTES.find((r) => r.suffix === m[2]);
  if (!route) return null;
  let agentId: string;
  try {
    agentId = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  return { agentId, format: route.format };
}

export interface StartOptions {
  /** JSONL file every request is appended to (created if missing). */
  logFile?: string;
  /** Told about every log entry as it is recorded (tests wait on these instead of on time). */
  onLog?: (entry: LogEntry) => void;
}

export async function startRehearsalServer(options: StartOptions = {}): Promise<RehearsalServer> {
  const agents = new Map<string, AgentState>();
  const entries: LogEntry[] = [];
  const hanging = new Set<http.ServerResponse>();
  let counter = 0;

  const record = (entry: LogEntry) => {
    entries.push(entry);
    if (options.logFile) appendFileSync(options.logFile, `${JSON.stringify(entry)}\n`);
    options.onLog?.(entry);
  };

  const send = (res: http.ServerResponse, a: WireAnswer) => {
    res.writeHead(a.status, a.headers);
    for (const chunk of a.chunks) res.write(chunk);
    res.end();
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const base: Omit<LogEntry, "status" | "reply"> = {
      at: new Date().toISOString(),
      method: req.method ?? "",
      path: pathname,
      agent: null,
      format: null,
      step: null,
    };
    const route = req.method === "POST" ? routeOf(pathname) : null;
    if (!route) {
      // Claude Code probes `HEAD /`; anything unknown is a plain 404.
      req.resume();
      res.writeHead(404, { "content-type": "text/plain" });
      res.end(req.method === "HEAD" ? undefined : "not found\n");
      record({ ...base, status: 404, reply: "not-found" });
      return;
    }
    const { format } = route;
    const state = agents.get(route.agentId);
    const entry = { ...base, agent: state ? route.agentId : null, format };
    if (!state || !matchesKey(state.key, requestKey(req.headers))) {
      req.resume();
      send(res, errorAnswer(format, 401, "rehearsal: unknown agent or wrong key"));
      record({ ...entry, status: 401, reply: "error", error: "unknown agent or wrong key" });
      return;
    }
    const activity = state.activity;
    activity.format = format;
    activity.requests++;
    let raw: string;
    let body: unknown;
    try {
      const bytes = await readRequestBody(req, MAX_BODY_BYTES);
      if (bytes === null) throw new Error(`request body larger than ${MAX_BODY_BYTES} bytes`);
      raw = bytes.toString("utf8");
      body = JSON.parse(raw);
    } catch (error) {
      send(res, errorAnswer(format, 400, "rehearsal: the request body is not JSON"));
      record({ ...entry, status: 400, reply: "error", error: errorMessage(error) });
      return;
    }
    let parsed: ReturnType<typeof parseRequest>;
    try {
      parsed = parseRequest(format, body);
    } catch (error) {
      send(res, errorAnswer(format, 400, "rehearsal: unreadable request"));
      record({ ...entry, status: 400, reply: "error", error: errorMessage(error) });
      return;
    }
    const results = parsed.results.map((r) => ({ step: r.step, status: r.status }));
    for (const r of parsed.results) {
      const call = activity.calls.find((c) => c.step === r.step && c.status === null && c.offered);
      if (call) {
        call.status = r.status;
        call.detail = r.text;
      }
    }
    const id = String(++counter);
    const { script } = state;
    if (!parsed.main) {
      const a = answer(
        format,
        { kind: "text", text: `Rehearsal ${script.agentId}` },
        { model: parsed.model, stream: parsed.stream, id, bodyChars: raw.length, reasoningTokens: 0 },
      );
      addUsage(activity, a);
      send(res, a);
      record({ ...entry, status: 200, step: null, reply: "side", results, ...usageField(a) });
      return;
    }
    const seen: SessionSeen = { session: sessionOf(format, req.headers, body), history: parsed.step, lastUser: parsed.lastUser };
    noteSession(activity, seen);
    const main = { ...entry, step: parsed.step, results, ...seen };
    const interrupting = script.variant === "interrupt" && state.interrupt === "pending";
    if (script.variant === "hang" || interrupting) {
      if (interrupting) state.interrupt = "done";
      activity.hung++;
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      record({ ...main, status: "hang", reply: "hang" });
      return;
    }
    if (script.variant === "rate-limit" && !state.rateLimitDone) {
      state.rateLimitDone = true;
      activity.rateLimited++;
      send(res, rateLimitAnswer(format));
      record({ ...main, status: 429, reply: "rate-limit" });
      return;
    }
    if (script.variant === "interrupt" && state.interrupt === "armed") state.interrupt = "pending";
    const answerOptions = { model: parsed.model, stream: parsed.stream, id, bodyChars: raw.length, reasoningTokens: MAIN_REASONING_TOKENS };
    const step = script.steps[Math.min(parsed.step, script.steps.length - 1)]!;
    if (step.kind === "write" && parsed.step < script.steps.length) {
      const call = writeCall(format, parsed.tools, step, customToolNames(body));
      const a = answer(format, { kind: "call", step: parsed.step, call }, answerOptions);
      // A tool the CLI does not offer was taken away by its settings: the call is made anyway (the
      // conversation goes on), but it counts as refused whatever the CLI answers.
      const offered = parsed.tools.includes(call.name);
      const fresh: CallRecord = {
        step: parsed.step,
        tool: call.name,
        path: step.path,
        status: offered ? null : "denied",
        detail: offered ? null : `the CLI did not offer its file tool "${call.name}" (its settings remove it)`,
        offered,
      };
      const index = activity.calls.findIndex((c) => c.step === parsed.step);
      // A new process of the same agent (a retry) starts its conversation again.
      if (index < 0) activity.calls.push(fresh);
      else activity.calls[index] = fresh;
      addUsage(activity, a);
      send(res, a);
      record({ ...main, status: 200, reply: "call", tool: call.name, offered: parsed.tools, ...usageField(a) });
      return;
    }
    const finalStep = script.steps[script.steps.length - 1]!;
    const text = finalStep.kind === "final" ? finalStep.text : "";
    const a = answer(format, { kind: "text", text }, answerOptions);
    activity.finalSent = true;
    addUsage(activity, a);
    send(res, a);
    record({ ...main, status: 200, reply: "text", ...usageField(a) });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end();
      record({
        at: new Date().toISOString(),
        method: req.method ?? "",
        path: req.url ?? "",
        agent: null,
        format: null,
        status: 500,
        step: null,
        reply: "error",
        error: errorMessage(error),
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    register(script) {
      const key = `wave-rehearsal-${randomBytes(18).toString("hex")}`;
      const previous = agents.get(script.agentId);
      agents.set(script.agentId, {
        script,
        key: keyDigest(key),
        activity: previous?.activity ?? {
          agentId: script.agentId,
          format: null,
          requests: 0,
          calls: [],
          finalSent: false,
          rateLimited: 0,
          hung: 0,
          usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, requests: 0 },
          sessions: [],
          firstRequests: [],
        },
        rateLimitDone: previous?.rateLimitDone ?? false,
        interrupt: previous?.interrupt ?? "armed",
      });
      return { key, baseUrl: `${url}/agents/${encodeURIComponent(script.agentId)}` };
    },
    activity: (agentId) => agents.get(agentId)?.activity ?? null,
    activities: () => [...agents.values()].map((s) => s.activity),
    log: () => [...entries],
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function addUsage(activity: AgentActivity, a: WireAnswer): void {
  if (!a.usage) return;
  const total = activity.usage;
  total.inputTokens += a.usage.inputTokens;
  total.cachedInputTokens += a.usage.cachedInputTokens;
  total.outputTokens += a.usage.outputTokens;
  total.reasoningTokens += a.usage.reasoningTokens;
  total.requests++;
}

/** The `usage` field of a log entry (a copy: entries never share objects with the activity). */
function usageField(a: WireAnswer): { usage?: Usage } {
  return a.usage ? { usage: { ...a.usage } } : {};
}

function noteSession(activity: AgentActivity, seen: SessionSeen): void {
  const { session } = seen;
  if (session === null || activity.sessions.includes(session)) return;
  activity.sessions.push(session);
  activity.firstRequests.push({ ...seen, session });
}
