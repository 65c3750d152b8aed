/**
 * The model proxy: a loopback HTTP server in the orchestrator between the agents' CLIs and the
 * model providers, so that the real API keys never reach an agent.
 *
 * - Each agent gets its own base URL (`http://127.0.0.1:<port>/agents/<id>`) and a random token
 *   (see hook.ts for how a CLI is pointed at it). A request whose token (`x-api-key` or
 *   `authorization: Bearer`) is missing or not the agent's gets 401 in the provider's error format
 *   and is recorded; tokens are compared in constant time.
 * - Only the model API passes: the request's method and path (the bytes after the agent's base
 *   URL, never decoded or normalised) must be a route of the agent's provider API, its query may
 *   name only that route's parameters, and only the request headers that API's table names go on
 *   (wire-usage.ts, `WIRE_APIS`). Another route gets 403 in the provider's error format; a request
 *   target that is not a path (an absolute URL, `*`) and CONNECT get 403 before any token is
 *   looked at. Refused routes (method, path, the query's parameter names, a count) and dropped
 *   headers (names and a count, never values) are kept for the report.
 * - An accepted request is forwarded to the agent's upstream (`<baseUrl><route>`; https, or http
 *   to a loopback host) with the real key instead of the token (`x-api-key` or
 *   `authorization: Bearer`, as the upstream wants it): the client's own key headers never pass.
 *   Anything carrying the token is dropped too; `accept-encoding: identity` is asked for, so the
 *   usage can be read from the bytes. The answer is piped back as it comes (no buffering,
 *   backpressure kept); a copy of its bytes feeds the usage reader (wire-usage.ts).
 * - Usage at the wire: the figures of every answer (streamed or not, finished or cut short) add up
 *   per agent in the vocabulary of src/usage/schema.ts, priced with the config's pricing table.
 *   After each answer the budgets are checked (src/usage/budget.ts): past its own limit an agent,
 *   past the wave's every agent, is refused from its next request on (400 with the provider's error
 *   body, so the CLI prints it) and `onBudgetStop` tells the engine to stop it.
 * - Rate limits: requests to one provider share a Pacer (pacer.ts). A 429 from the provider is not
 *   passed on: the proxy waits as the provider asked and sends the request again (at most
 *   `maxRetries` times; after that the 429 goes to the CLI). What each agent waited, and why, is
 *   kept in its activity.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { errorMessage } from "../errors.js";
import { type AgentLimits, agentBreach, type BudgetBreach, describeBreach, formatUsd, waveBreach } from "../usage/budget.js";
import { roundUsd } from "../usage/meter.js";
import { estimateCost, lookupPrice, type PriceSource } from "../usage/pricing.js";
import type { AgentUsage, Pricing, WaveUsage } from "../usage/schema.js";
import { sumUsage } from "../usage/totals.js";
import { type Headers, Pacer, type Waits } from "./pacer.js";
import { readRequestBody } from "./request-body.js";
import { keyDigest, matchesKey, requestKey } from "../executors/request-key.js";
import { formatOfPath, headerAllowed, routeOf, UsageReader, type WireApi, type WireFormat, type WireUsage } from "./wire-usage.js";

/** Where one agent's requests go. */
export interface Upstream {
  /** Requests to the same provider share one pace (`anthropic`, `openai`, ...). */
  provider: string;
  /** Base URL without the API version (`https://api.anthropic.com`). */
  baseUrl: string;
  /** The real key: it never leaves the proxy except toward this upstream. */
  key: string;
  auth: "x-api-key" | "bearer";
  /** The provider API the agent speaks: its routes and headers (wire-usage.ts). Unset: any table's. */
  api?: WireApi;
}

interface WaveLimits {
  usd: number | null;
  tokens: number | null;
}

export interface ProxyBudgetStop {
  agentId: string;
  breach: BudgetBreach;
  detail: string;
}

export interface UnauthorizedRequest {
  at: string;
  /** The agent the path names (null when it names none). */
  agentId: string | null;
  method: string;
  path: string;
  reason: "no token" | "wrong token" | "unknown agent";
}

/** Requests refused for what they asked for (403), counted by method and path. */
export interface RefusedRoute {
  method: string;
  /** The path (after the agent's base URL), with the names of its query parameters only. */
  path: string;
  count: number;
}

/** A request header that was not passed on: its name only, and in how many requests. */
interface DroppedHeader {
  name: string;
  count: number;
}

export interface AgentProxyActivity {
  agentId: string;
  provider: string;
  /** Requests that passed the token check. */
  requests: number;
  /** Requests answered by the upstream (retries not counted twice). */
  forwarded: number;
  /** Requests refused because a budget was spent. */
  refused: number;
  /** Requests refused because their route is not one of the agent's API (403). */
  refusedRoutes: RefusedRoute[];
  /** Request headers the agent's API table does not name, dropped (names only). */
  droppedHeaders: DroppedHeader[];
  /** 429s from the upstream that the proxy waited out and sent again. */
  retried: number;
  /** Requests the upstream could not be reached for (502). */
  upstreamErrors: number;
  /** Requests that had to wait for their turn, and the milliseconds waited by reason. */
  waitedRequests: number;
  waits: Waits;
  usage: AgentUsage;
  budgetStop: ProxyBudgetStop | null;
}

interface RegisterOptions {
  upstream: Upstream;
  limits?: AgentLimits;
  /** The agent's configured model (prices answers that name none). */
  model?: string | null;
}

export interface ModelProxy {
  readonly url: string;
  /** Gives the agent a fresh token (an earlier one stops working); its usage carries on. */
  register(agentId: string, options: RegisterOptions): { token: string; baseUrl: string };
  /** The agent's token stops working. */
  revoke(agentId: string): void;
  activity(agentId: string): AgentProxyActivity | null;
  activities(): AgentProxyActivity[];
  usageOf(agentId: string): AgentUsage | null;
  totals(): WaveUsage;
  unauthorized(): UnauthorizedRequest[];
  /** CONNECT and request targets that are not a path, refused before any token was looked at. */
  refusedTargets(): RefusedRoute[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  pricing?: Pricing;
  waveLimits?: WaveLimits;
  /** Concurrent requests per provider (default 64; a 429 lowers it while needed), or per provider name. */
  concurrency?: number | Record<string, number>;
  /** 429s waited out per request before one reaches the CLI (default 4). */
  maxRetries?: number;
  onBudgetStop?(stop: ProxyBudgetStop): void;
  onUnauthorized?(request: UnauthorizedRequest): void;
}

const DEFAULT_CONCURRENCY = 64;
/** The longest one hold may last. */
const MAX_HOLD_MS = 60_000;
const MAX_BODY_BYTES = 32 * 1024 * 1024;

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "trailers",
  "transfer-encoding",
  "upgrade",
]);

/** Request headers the proxy sets itself (or that carry the client's key): never passed on, not reported. */
const PROXY_OWN = new Set(["host", "x-api-key", "authorization", "content-length", "accept-encoding", "expect"]);

/** Distinct routes or headers kept per agent; later ones count under "(other)". */
const MAX_LISTED = 50;

/** Agent-written text as the report keeps it: printable URL characters only, capped. */
function reportable(text: string, max = 200): string {
  const t = text.replace(/[^A-Za-z0-9._~:/?&=%@!$'()*+,;-]/g, "?");
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

/** Counts a refused route (past MAX_LISTED distinct ones, under `* (other)`). */
function countRoute(list: RefusedRoute[], method: string, path: string): void {
  let entry = list.find((r) => r.method === method && r.path === path);
  if (!entry && list.length >= MAX_LISTED) entry = list.find((r) => r.method === "*" && r.path === "(other)");
  if (!entry) {
    entry = list.length >= MAX_LISTED ? { method: "*", path: "(other)", count: 0 } : { method, path, count: 0 };
    list.push(entry);
  }
  entry.count++;
}

/** Counts a dropped header (past MAX_LISTED distinct ones, under `(other)`). */
function countHeader(list: DroppedHeader[], name: string): void {
  let entry = list.find((h) => h.name === name);
  if (!entry && list.length >= MAX_LISTED) entry = list.find((h) => h.name === "(other)");
  if (!entry) {
    entry = { name: list.length >= MAX_LISTED ? "(other)" : name, count: 0 };
    list.push(entry);
  }
  entry.count++;
}

/** Headers without the hop-by-hop ones (and those the `connection` header names). */
function endToEnd(headers: http.IncomingHttpHeaders, drop: readonly string[] = []): Record<string, string | string[]> {
  const named = new Set<string>(drop);
  const connection = headers.connection;
  if (typeof connection === "string") for (const n of connection.split(",")) named.add(n.trim().toLowerCase());
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || named.has(k)) continue;
    out[k] = v;
  }
  return out;
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || hostname === "::1" || /^127\./.test(hostname);
}

/** An error body in the provider's own format. */
function errorBody(format: WireFormat | null, upstream: Upstream | null, status: number, message: string, code: string): string {
  const anthropic =
    format === "messages" || (format === null && (upstream?.api === "anthropic" || (!upstream?.api && upstream?.auth === "x-api-key")));
  if (anthropic) {
    const type =
      status === 401
        ? "authentication_error"
        : status === 403
          ? "permission_error"
          : status === 502
            ? "api_error"
            : "invalid_request_error";
    return JSON.stringify({ type: "error", error: { type, message } });
  }
  return JSON.stringify({ error: { type: status === 401 ? "invalid_api_key" : "invalid_request_error", code, message, param: null } });
}

function sendError(res: http.ServerResponse, req: http.IncomingMessage, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Running figures of one agent: sums of what its answers reported. */
class WireTally {
  input: number | null = null;
  cached: number | null = null;
  output: number | null = null;
  reasoning: number | null = null;
  cost = 0;
  costUnknown = false;
  /** Which table priced the estimate (the config's, else the built-in one). */
  private priceSource: PriceSource | null = null;
  answers = 0;
  private readonly modelTokens = new Map<string, number>();

  constructor(
    private readonly pricing: Pricing,
    private readonly configuredModel: string | null,
  ) {}

  add(u: WireUsage): void {
    const t = u.tokens;
    const plus = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);
    this.input = plus(this.input, t.input);
    this.cached = plus(this.cached, t.cached);
    this.output = plus(this.output, t.output);
    this.reasoning = plus(this.reasoning, t.reasoning);
    this.answers++;
    const model = u.model ?? this.configuredModel;
    const tokens = (t.input ?? 0) + (t.output ?? 0);
    if (model) this.modelTokens.set(model, (this.modelTokens.get(model) ?? 0) + tokens);
    if (tokens === 0) return;
    const price = lookupPrice(this.pricing, model);
    if (price) {
      this.cost += estimateCost({ input: t.input, cached: t.cached, output: t.output }, price.price);
      // The table the estimate came from (the config's wins when both were used).
      if (this.priceSource !== "config") this.priceSource = price.source;
    } else this.costUnknown = true;
  }

  usage(): AgentUsage {
    let model = this.configuredModel;
    let best = -1;
    // The model that used the most tokens is the agent's (side requests use a smaller one).
    for (const [name, n] of this.modelTokens) {
      if (n > best) {
        best = n;
        model = name;
      }
    }
    const anyTokens = this.input !== null || this.output !== null;
    return {
      model,
      inputTokens: this.input,
      cachedInputTokens: this.cached,
      outputTokens: this.output,
      reasoningTokens: this.reasoning,
      costUsd: anyTokens && !this.costUnknown ? roundUsd(this.cost) : null,
      costEstimated: anyTokens && !this.costUnknown && this.cost > 0,
      turns: this.answers > 0 ? this.answers : null,
      sessionId: null,
      ...(anyTokens && !this.costUnknown && this.cost > 0 && this.priceSource ? { priceSource: this.priceSource } : {}),
    };
  }
}

interface AgentState {
  agentId: string;
  token: Buffer | null;
  tokenText: string | null;
  upstream: Upstream;
  limits: AgentLimits;
  tally: WireTally;
  activity: Omit<AgentProxyActivity, "usage">;
}

export async function startModelProxy(options: ProxyOptions = {}): Promise<ModelProxy> {
  const pricing = options.pricing ?? {};
  const waveLimits: WaveLimits = options.waveLimits ?? { usd: null, tokens: null };
  const maxRetries = options.maxRetries ?? 4;
  const agents = new Map<string, AgentState>();
  const pacers = new Map<string, Pacer>();
  const unauthorized: UnauthorizedRequest[] = [];
  const refusedTargets: RefusedRoute[] = [];
  const httpAgent = new http.Agent({ keepAlive: true });
  const httpsAgent = new https.Agent({ keepAlive: true });
  let waveStop: ProxyBudgetStop | null = null;

  const pacerOf = (provider: string): Pacer => {
    let p = pacers.get(provider);
    if (!p) {
      const c = options.concurrency;
      const max = typeof c === "number" ? c : (c?.[provider] ?? DEFAULT_CONCURRENCY);
      p = new Pacer({ maxConcurrency: max, maxDelayMs: MAX_HOLD_MS });
      pacers.set(provider, p);
    }
    return p;
  };

  const snapshot = (s: AgentState): AgentProxyActivity => ({
    ...s.activity,
    waits: { ...s.activity.waits },
    refusedRoutes: s.activity.refusedRoutes.map((r) => ({ ...r })),
    droppedHeaders: s.activity.droppedHeaders.map((h) => ({ ...h })),
    usage: s.tally.usage(),
  });

  const totals = (): WaveUsage => sumUsage([...agents.values()].map((s) => ({ id: s.agentId, usage: s.tally.usage() })));

  const stopAgent = (s: AgentState, breach: BudgetBreach, detail: string) => {
    if (s.activity.budgetStop) return;
    const stop = { agentId: s.agentId, breach, detail };
    s.activity.budgetStop = stop;
    options.onBudgetStop?.(stop);
  };

  const checkBudgets = (s: AgentState) => {
    const own = agentBreach(s.tally.usage(), s.limits);
    if (own) {
      stopAgent(s, own, describeBreach(own, s.agentId));
      return;
    }
    if (waveStop) return;
    const t = totals();
    let wave = waveBreach(t, waveLimits.usd);
    if (!wave && waveLimits.tokens !== null && t.totalTokens > waveLimits.tokens) {
      wave = { scope: "wave", measure: "tokens", spent: t.totalTokens, limit: waveLimits.tokens, estimated: false };
    }
    if (!wave) return;
    const amount = (v: number) => (wave.measure === "usd" ? formatUsd(v) : `${v} tokens`);
    const detail = `the wave spent ${amount(wave.spent)} of its ${amount(wave.limit)} budget at the model proxy`;
    waveStop = { agentId: s.agentId, breach: wave, detail };
    // The agent whose answer went over first (the engine names it as the one that spent the budget).
    for (const other of [s, ...agents.values()]) stopAgent(other, wave, `${detail}; ${other.agentId} was stopped`);
  };

  const refuseUnauthorized = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    pathname: string,
    agentId: string | null,
    reason: UnauthorizedRequest["reason"],
  ) => {
    req.resume();
    const entry: UnauthorizedRequest = { at: new Date().toISOString(), agentId, method: req.method ?? "", path: pathname, reason };
    unauthorized.push(entry);
    options.onUnauthorized?.(entry);
    const state = agentId ? agents.get(agentId) : undefined;
    sendError(
      res,
      req,
      401,
      errorBody(formatOfPath(pathname), state?.upstream ?? null, 401, `wave model proxy: ${reason}`, "invalid_api_key"),
    );
  };

  /** The request headers that go upstream: those the agent's API table names; the others are counted. */
  const headersFor = (s: AgentState, req: http.IncomingMessage): Record<string, string | string[]> => {
    const token = s.tokenText ?? "";
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(endToEnd(req.headers, [...PROXY_OWN]))) {
      if (!headerAllowed(s.upstream.api, k)) {
        countHeader(s.activity.droppedHeaders, reportable(k, 64));
        continue;
      }
      if (token && (Array.isArray(v) ? v.some((x) => x.includes(token)) : v.includes(token))) continue;
      headers[k] = v;
    }
    return headers;
  };

  /** One attempt upstream; resolves with the upstream's answer (headers read) or rejects. */
  const sendUpstream = (
    s: AgentState,
    req: http.IncomingMessage,
    route: string,
    search: string,
    body: Buffer,
    clientHeaders: Record<string, string | string[]>,
  ): Promise<{ upstreamReq: http.ClientRequest; upstreamRes: http.IncomingMessage }> => {
    const target = new URL(`${s.upstream.baseUrl.replace(/\/+$/, "")}${route}${search}`);
    const secure = target.protocol === "https:";
    if (!secure && !(target.protocol === "http:" && isLoopback(target.hostname))) {
      return Promise.reject(new Error(`upstream ${target.origin} is neither https nor a loopback http address`));
    }
    const headers = { ...clientHeaders };
    headers["accept-encoding"] = "identity";
    headers["content-length"] = String(body.length);
    if (s.upstream.auth === "x-api-key") headers["x-api-key"] = s.upstream.key;
    else headers.authorization = `Bearer ${s.upstream.key}`;
    return new Promise((resolve, reject) => {
      const upstreamReq = (secure ? https : http).request(
        target,
        { method: req.method, headers, agent: secure ? httpsAgent : httpAgent },
        (upstreamRes) => resolve({ upstreamReq, upstreamRes }),
      );
      upstreamReq.on("error", reject);
      upstreamReq.end(body);
    });
  };

  const forward = async (
    s: AgentState,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    route: string,
    search: string,
    format: WireFormat | null,
  ) => {
    const clientHeaders = headersFor(s, req);
    const body = await readRequestBody(req, MAX_BODY_BYTES);
    if (body === null) {
      sendError(
        res,
        req,
        413,
        errorBody(format, s.upstream, 413, `wave model proxy: request body larger than ${MAX_BODY_BYTES} bytes`, "request_too_large"),
      );
      return;
    }
    const pacer = pacerOf(s.upstream.provider);
    let clientGone = false;
    res.on("close", () => {
      clientGone = !res.writableFinished;
    });
    for (let attempt = 0; ; attempt++) {
      const slot = await pacer.acquire();
      let waited = false;
      for (const [reason, ms] of Object.entries(slot.waits) as [keyof Waits, number][]) {
        if (ms <= 0) continue;
        waited = true;
        s.activity.waits[reason] = (s.activity.waits[reason] ?? 0) + ms;
      }
      if (waited) s.activity.waitedRequests++;
      if (clientGone) {
        slot.release();
        return;
      }
      let upstream: Awaited<ReturnType<typeof sendUpstream>>;
      try {
        upstream = await sendUpstream(s, req, route, search, body, clientHeaders);
      } catch (error) {
        slot.release();
        s.activity.upstreamErrors++;
        if (!res.headersSent) {
          const message = `wave model proxy: the upstream could not be reached (${errorMessage(error)})`;
          sendError(res, req, 502, errorBody(format, s.upstream, 502, message, "upstream_unreachable"));
        } else res.destroy();
        return;
      }
      const { upstreamReq, upstreamRes } = upstream;
      const status = upstreamRes.statusCode ?? 502;
      pacer.observe(status, upstreamRes.headers as Headers);
      if (status === 429 && attempt < maxRetries && !clientGone) {
        s.activity.retried++;
        upstreamRes.resume();
        await new Promise<void>((resolve) => {
          upstreamRes.once("close", resolve);
          upstreamRes.once("end", resolve);
        });
        slot.release();
        continue;
      }
      s.activity.forwarded++;
      const reader = format ? new UsageReader(format, String(upstreamRes.headers["content-type"] ?? "")) : null;
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        slot.release();
        const usage = reader?.end() ?? null;
        if (usage) {
          s.tally.add(usage);
          checkBudgets(s);
        }
      };
      res.once("close", () => {
        // The client went away before the answer ended: the upstream request is abandoned.
        if (!upstreamRes.complete) upstreamReq.destroy();
      });
      upstreamRes.once("end", settle);
      upstreamRes.once("close", settle);
      upstreamRes.once("error", () => res.destroy());
      res.writeHead(status, endToEnd(upstreamRes.headers));
      if (reader) upstreamRes.on("data", (chunk: Buffer) => reader.push(chunk));
      upstreamRes.pipe(res);
      return;
    }
  };

  /** CONNECT, or a request target that is not a path: refused before anything else is looked at. */
  const refuseTarget = (method: string, what: string) => {
    countRoute(refusedTargets, reportable(method, 16), what);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = req.url ?? "";
    const method = req.method ?? "";
    if (!target.startsWith("/")) {
      // Absolute-form (`http://host/...`) or asterisk-form (`*`): this is no proxy for other hosts.
      req.resume();
      refuseTarget(method, target === "*" ? "*" : "(absolute URL)");
      sendError(res, req, 403, errorBody(null, null, 403, "wave model proxy: the request target must be a path", "target_not_allowed"));
      return;
    }
    // The bytes the client sent, never decoded or normalised: a route matches them exactly.
    const q = target.indexOf("?");
    const rawPath = q < 0 ? target : target.slice(0, q);
    const rawQuery = q < 0 ? "" : target.slice(q + 1);
    const m = /^\/agents\/([^/]+)(\/.*)?$/.exec(rawPath);
    let agentId: string | null = null;
    if (m) {
      try {
        agentId = decodeURIComponent(m[1]!);
      } catch {
        agentId = null;
      }
    }
    const shownPath = reportable(rawPath);
    const state = agentId ? agents.get(agentId) : undefined;
    if (!state?.token) {
      refuseUnauthorized(req, res, shownPath, agentId, "unknown agent");
      return;
    }
    const given = requestKey(req.headers);
    if (given === null) {
      refuseUnauthorized(req, res, shownPath, agentId, "no token");
      return;
    }
    if (!matchesKey(state.token, given)) {
      refuseUnauthorized(req, res, shownPath, agentId, "wrong token");
      return;
    }
    state.activity.requests++;
    const rest = m?.[2] ?? "";
    const route = routeOf(state.upstream.api, method, rest);
    const params = new URLSearchParams(rawQuery);
    const names = [...new Set(params.keys())];
    if (!route || names.some((n) => !route.query.includes(n))) {
      req.resume();
      // The agent's token, should it be in the path, is not kept.
      const hide = (t: string) => (state.tokenText ? t.split(state.tokenText).join("(token)") : t);
      const shown = `${reportable(hide(rest || "/"))}${names.length > 0 ? `?${names.map((n) => reportable(hide(n), 64)).join("&")}` : ""}`;
      countRoute(state.activity.refusedRoutes, reportable(method, 16), shown);
      const message = `wave model proxy: ${method} ${shown} is not a route the wave's model proxy allows (only the provider's model API passes)`;
      sendError(res, req, 403, errorBody(route?.format ?? null, state.upstream, 403, message, "route_not_allowed"));
      return;
    }
    const format = route.format;
    const stop = state.activity.budgetStop;
    if (stop) {
      req.resume();
      state.activity.refused++;
      sendError(
        res,
        req,
        400,
        errorBody(format, state.upstream, 400, `wave model proxy: budget spent, request refused: ${stop.detail}`, "budget_exceeded"),
      );
      return;
    }
    const search = params.size > 0 ? `?${params.toString()}` : "";
    await forward(state, req, res, route.path, search, format);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end();
    });
  });
  // CONNECT (a tunnel to another host) is refused; without this listener Node would just drop the socket.
  server.on("connect", (req: http.IncomingMessage, socket: Duplex) => {
    refuseTarget("CONNECT", "(tunnel)");
    const body = errorBody(null, null, 403, "wave model proxy: CONNECT is not allowed", "target_not_allowed");
    socket.on("error", () => {});
    socket.end(
      `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    req.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    register(agentId, opts) {
      const token = `wave-proxy-${randomBytes(24).toString("hex")}`;
      const previous = agents.get(agentId);
      const state: AgentState = previous ?? {
        agentId,
        token: null,
        tokenText: null,
        upstream: opts.upstream,
        limits: opts.limits ?? { usd: null, tokens: null },
        tally: new WireTally(pricing, opts.model ?? null),
        activity: {
          agentId,
          provider: opts.upstream.provider,
          requests: 0,
          forwarded: 0,
          refused: 0,
          refusedRoutes: [],
          droppedHeaders: [],
          retried: 0,
          upstreamErrors: 0,
          waitedRequests: 0,
          waits: {},
          budgetStop: null,
        },
      };
      state.token = keyDigest(token);
      state.tokenText = token;
      state.upstream = opts.upstream;
      state.activity.provider = opts.upstream.provider;
      if (opts.limits) state.limits = opts.limits;
      agents.set(agentId, state);
      // A wave already over its budget refuses a newcomer too.
      if (waveStop && !state.activity.budgetStop) stopAgent(state, waveStop.breach, `${waveStop.detail}; ${agentId} was stopped`);
      return { token, baseUrl: `${url}/agents/${encodeURIComponent(agentId)}` };
    },
    revoke(agentId) {
      const s = agents.get(agentId);
      if (s) {
        s.token = null;
        s.tokenText = null;
      }
    },
    activity: (agentId) => {
      const s = agents.get(agentId);
      return s ? snapshot(s) : null;
    },
    activities: () => [...agents.values()].map(snapshot),
    usageOf: (agentId) => agents.get(agentId)?.tally.usage() ?? null,
    totals,
    unauthorized: () => [...unauthorized],
    refusedTargets: () => refusedTargets.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const p of pacers.values()) p.close();
        server.close(() => resolve());
        server.closeAllConnections();
        httpAgent.destroy();
        httpsAgent.destroy();
      }),
  };
}
