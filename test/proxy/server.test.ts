/**
 * The model proxy with plain HTTP clients: token checks (401 recorded, nothing forwarded), the real
 * key reaching the upstream instead of the token, hop-by-hop headers dropped, SSE bytes passed on
 * unchanged, usage read from every wire format (equal to what the scripted model server answered),
 * budgets refused at the wire (also when the client went away mid-stream), and twenty clients
 * sharing one upstream that allows five concurrent requests.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { AgentScript } from "../../src/rehearse/script.js";
import { type RehearsalServer, startRehearsalServer } from "../../src/rehearse/server.js";
import { type ModelProxy, type ProxyBudgetStop, startModelProxy, type Upstream } from "../../src/proxy/server.js";

// biome-ignore lint/suspicious/noExplicitAny: wire JSON is read loosely in assertions
type Json = any;

const FINAL = "Done.\n[wave-proof] completion=contract durability=none proof=unit state=met\n";

function script(agentId: string): AgentScript {
  return {
    agentId,
    variant: "normal",
    steps: [
      { kind: "write", path: "src/a.js", absPath: path.join("/work-tree", "src/a.js"), content: "export const a = 1;\n" },
      { kind: "final", text: FINAL },
    ],
  };
}

/** A request body of each format that the scripted server answers as a main request. */
const BODIES: Record<string, { route: string; body: (stream: boolean) => Json }> = {
  messages: {
    route: "/v1/messages",
    body: (stream) => ({
      model: "claude-test",
      stream,
      max_tokens: 100,
      tools: [{ name: "Write" }],
      messages: [{ role: "user", content: "write a.js" }],
    }),
  },
  responses: {
    route: "/v1/responses",
    body: () => ({
      model: "gpt-test",
      stream: true,
      tools: [{ type: "function", name: "exec_command" }],
      input: [{ type: "message", role: "user", content: "write a.js" }],
    }),
  },
  chat: {
    route: "/v1/chat/completions",
    body: (stream) => ({
      model: "chat-test",
      stream,
      tools: [{ type: "function", function: { name: "write" } }],
      messages: [{ role: "user", content: "write a.js" }],
    }),
  },
};

interface Upstreamed {
  url: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** A loopback upstream of the test's own: records each request, answers with `reply`. */
async function startUpstream(reply: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void): Promise<Upstreamed> {
  const requests: Upstreamed["requests"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Posts raw bytes with node:http and returns status, headers and the exact body bytes. */
function postRaw(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

let rehearsal: RehearsalServer;
const proxies: ModelProxy[] = [];
const upstreams: Upstreamed[] = [];

async function newProxy(options: Parameters<typeof startModelProxy>[0] = {}): Promise<ModelProxy> {
  const p = await startModelProxy(options);
  proxies.push(p);
  return p;
}

/** The scripted server as the agent's upstream (its own key is the "real" key). */
function rehearsalUpstream(agentId: string, auth: Upstream["auth"] = "bearer", provider = "rehearsal"): Upstream {
  const r = rehearsal.register(script(agentId));
  return { provider, baseUrl: r.baseUrl, key: r.key, auth };
}

before(async () => {
  rehearsal = await startRehearsalServer();
});

after(async () => {
  for (const p of proxies) await p.close();
  for (const u of upstreams) await u.close();
  await rehearsal.close();
});

describe("tokens and keys", () => {
  test("a missing, wrong or foreign token gets 401 in the provider's format, is recorded, and nothing is forwarded", async () => {
    const proxy = await newProxy();
    const a = proxy.register("A1", { upstream: rehearsalUpstream("A1", "x-api-key") });
    const b = proxy.register("A2", { upstream: rehearsalUpstream("A2") });
    const body = JSON.stringify(BODIES.messages!.body(false));
    const none = await postRaw(`${a.baseUrl}/v1/messages`, {}, body);
    // The agent's token with its last character changed.
    const altered = `${a.token.slice(0, -1)}${a.token.endsWith("0") ? "1" : "0"}`;
    const wrong = await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": altered }, body);
    const foreign = await postRaw(`${a.baseUrl}/v1/chat/completions`, { authorization: `Bearer ${b.token}` }, body);
    const unknown = await postRaw(`${proxy.url}/agents/A9/v1/messages`, { "x-api-key": a.token }, body);
    for (const r of [none, wrong, foreign, unknown]) assert.equal(r.status, 401);
    assert.equal(JSON.parse(none.body.toString()).error.type, "authentication_error");
    assert.equal(JSON.parse(foreign.body.toString()).error.type, "invalid_api_key");
    assert.deepEqual(
      proxy.unauthorized().map((u) => [u.agentId, u.reason, u.path]),
      [
        ["A1", "no token", "/agents/A1/v1/messages"],
        ["A1", "wrong token", "/agents/A1/v1/messages"],
        ["A1", "wrong token", "/agents/A1/v1/chat/completions"],
        ["A9", "unknown agent", "/agents/A9/v1/messages"],
      ],
    );
    assert.equal(rehearsal.activity("A1")?.requests, 0, "the upstream saw none of them");
    assert.equal(proxy.activity("A1")?.requests, 0);
    // A revoked token stops working.
    const ok = await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": a.token }, body);
    assert.equal(ok.status, 200);
    proxy.revoke("A1");
    assert.equal((await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": a.token }, body)).status, 401);
  });

  test("the upstream gets the real key in its own header, never the token; hop-by-hop headers are dropped", async () => {
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, {
        "content-type": "application/json",
        connection: "keep-alive, x-upstream-hop",
        "x-upstream-hop": "1",
        "x-upstream-end": "2",
      });
      res.end(JSON.stringify({ id: "msg_1", type: "message", model: "m", usage: { input_tokens: 3, output_tokens: 4 } }));
    });
    upstreams.push(up);
    const proxy = await newProxy();
    const realKey = "sk-ant-real-key-only-the-upstream-may-see-0123456789";
    const a = proxy.register("A1", { upstream: { provider: "anthropic", baseUrl: `${up.url}/base`, key: realKey, auth: "x-api-key" } });
    const b = proxy.register("A2", {
      upstream: { provider: "openai", baseUrl: up.url, key: "sk-openai-real-key-0123456789", auth: "bearer" },
    });
    const r1 = await postRaw(
      `${a.baseUrl}/v1/messages?beta=true`,
      {
        "x-api-key": a.token,
        "anthropic-version": "2023-06-01",
        connection: "keep-alive, x-client-hop",
        "x-client-hop": "1",
        "x-echo-token": a.token,
        "proxy-authorization": "Basic eA==",
      },
      "{}",
    );
    const r2 = await postRaw(`${b.baseUrl}/v1/responses`, { authorization: `Bearer ${b.token}` }, "{}");
    assert.equal(r1.status, 200);
    assert.equal(r2.status, 200);
    const [q1, q2] = up.requests;
    assert.equal(q1!.path, "/base/v1/messages?beta=true");
    assert.equal(q1!.headers["x-api-key"], realKey);
    assert.equal(q1!.headers.authorization, undefined);
    assert.equal(q1!.headers["anthropic-version"], "2023-06-01");
    assert.equal(q1!.headers["x-client-hop"], undefined);
    assert.equal(q1!.headers["proxy-authorization"], undefined);
    assert.equal(q1!.headers["x-echo-token"], undefined, "a header carrying the token is dropped");
    assert.equal(q1!.headers["accept-encoding"], "identity");
    assert.equal(q2!.path, "/v1/responses");
    assert.equal(q2!.headers.authorization, "Bearer sk-openai-real-key-0123456789");
    assert.equal(q2!.headers["x-api-key"], undefined);
    for (const q of up.requests) assert.ok(!JSON.stringify(q.headers).includes("wave-proxy-"), "no token upstream");
    assert.equal(r1.headers["x-upstream-end"], "2");
    assert.equal(r1.headers["x-upstream-hop"], undefined);
    assert.deepEqual(proxy.usageOf("A1")?.inputTokens, 3);
  });
});

describe("streams and usage at the wire", () => {
  test("SSE bytes reach the client exactly as the upstream wrote them, in pieces, while the usage is read", async () => {
    const events = [
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_9","model":"claude-sse","usage":{"input_tokens":120,"cache_read_input_tokens":30,"cache_creation_input_tokens":5,"output_tokens":1}}}\n\n',
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"h\u00e9llo \u2603 "}}\n\n',
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":42}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    ];
    const whole = Buffer.from(events.join(""));
    // Cut at awkward places: inside a multi-byte character and inside a line.
    const cuts = [17, 200, whole.indexOf(Buffer.from("\u2603")) + 1, whole.length - 9];
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      let from = 0;
      const next = (i: number) => {
        if (i > cuts.length) {
          res.end();
          return;
        }
        const to = i < cuts.length ? cuts[i]! : whole.length;
        res.write(whole.subarray(from, to));
        from = to;
        setImmediate(() => next(i + 1));
      };
      next(0);
    });
    upstreams.push(up);
    const proxy = await newProxy();
    const a = proxy.register("A1", { upstream: { provider: "anthropic", baseUrl: up.url, key: "k", auth: "x-api-key" } });
    const r = await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": a.token }, "{}");
    assert.equal(r.status, 200);
    assert.equal(r.headers["content-type"], "text/event-stream");
    assert.ok(r.body.equals(whole), "byte-identical");
    const u = proxy.usageOf("A1")!;
    assert.deepEqual(
      [u.model, u.inputTokens, u.cachedInputTokens, u.outputTokens, u.reasoningTokens, u.turns],
      ["claude-sse", 155, 30, 42, null, 1],
    );
  });

  for (const [format, auth] of [
    ["messages", "x-api-key"],
    ["responses", "bearer"],
    ["chat", "bearer"],
  ] as const) {
    test(`${format}: the proxy's usage equals what the scripted server answered (streamed and not)`, async () => {
      const proxy = await newProxy();
      const id = `U-${format}`;
      const a = proxy.register(id, { upstream: rehearsalUpstream(id, auth) });
      const { route, body } = BODIES[format]!;
      const headers: Record<string, string> = auth === "x-api-key" ? { "x-api-key": a.token } : { authorization: `Bearer ${a.token}` };
      for (const stream of [true, false]) {
        const r = await postRaw(`${a.baseUrl}${route}`, headers, JSON.stringify(body(stream)));
        assert.equal(r.status, 200, r.body.toString());
      }
      const theirs = rehearsal.activity(id)!.usage;
      const mine = proxy.usageOf(id)!;
      assert.ok(theirs.requests === 2 && theirs.inputTokens > 0);
      assert.equal(mine.inputTokens, theirs.inputTokens);
      assert.equal(mine.cachedInputTokens, theirs.cachedInputTokens);
      assert.equal(mine.outputTokens, theirs.outputTokens);
      assert.equal(mine.reasoningTokens, format === "messages" ? null : theirs.reasoningTokens);
      assert.equal(mine.turns, 2);
      assert.equal(mine.costUsd, null, "no pricing table: the cost is unknown");
    });
  }
});

describe("budgets at the wire", () => {
  test("past its token budget an agent's next request is refused in its provider's format; the engine is told once", async () => {
    const stops: ProxyBudgetStop[] = [];
    const proxy = await newProxy({ onBudgetStop: (s) => stops.push(s) });
    const a = proxy.register("B1", { upstream: rehearsalUpstream("B1", "x-api-key"), limits: { usd: null, tokens: 10 } });
    const body = JSON.stringify(BODIES.messages!.body(true));
    const first = await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": a.token }, body);
    assert.equal(first.status, 200);
    assert.equal(stops.length, 1);
    assert.equal(stops[0]!.agentId, "B1");
    assert.equal(stops[0]!.breach.measure, "tokens");
    assert.match(stops[0]!.detail, /^B1 spent \d+ tokens of its 10 tokens budget \(budget\.tokens\)$/);
    const second = await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": a.token }, body);
    assert.equal(second.status, 400);
    const err = JSON.parse(second.body.toString());
    assert.equal(err.type, "error");
    assert.equal(err.error.type, "invalid_request_error");
    assert.match(err.error.message, /budget spent, request refused: B1 spent/);
    assert.equal(rehearsal.activity("B1")!.requests, 1, "the refused request never reached the upstream");
    assert.equal(proxy.activity("B1")!.refused, 1);
    assert.equal(stops.length, 1);
  });

  test("a client killed mid-stream still pays: the input of message_start counts and the next request is refused", async () => {
    let release: (() => void) | null = null;
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(
        'event: message_start\ndata: {"type":"message_start","message":{"model":"claude-x","usage":{"input_tokens":500,"output_tokens":1}}}\n\n',
      );
      release = () => res.end();
    });
    upstreams.push(up);
    const stops: ProxyBudgetStop[] = [];
    const proxy = await newProxy({
      onBudgetStop: (s) => stops.push(s),
      pricing: { "claude-x": { inputPerMTok: 3, outputPerMTok: 15 } },
    });
    const a = proxy.register("B2", {
      upstream: { provider: "anthropic", baseUrl: up.url, key: "k", auth: "x-api-key" },
      limits: { usd: 0.001, tokens: null },
    });
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${a.baseUrl}/v1/messages`, { method: "POST", headers: { "x-api-key": a.token } }, (res) => {
        res.once("data", () => {
          // The CLI dies after the first event.
          req.destroy();
          res.destroy();
          resolve();
        });
      });
      req.on("error", (e) =>
        e.message.includes("socket hang up") || (e as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(e),
      );
      req.end("{}");
    });
    // Wait until the proxy has settled the abandoned answer (it tells the engine).
    while (stops.length === 0) await new Promise((r) => setTimeout(r, 10));
    (release as (() => void) | null)?.();
    const u = proxy.usageOf("B2")!;
    assert.equal(u.inputTokens, 500);
    assert.equal(u.costUsd, 0.001515);
    assert.equal(u.costEstimated, true);
    assert.match(stops[0]!.detail, /^B2 spent \$0\.001515 \(estimated from the pricing table\) of its \$0\.001 budget \(budget\.usd\)$/);
    const next = await postRaw(`${a.baseUrl}/v1/messages`, { "x-api-key": a.token }, "{}");
    assert.equal(next.status, 400);
    assert.equal(up.requests.length, 1);
  });

  test("the wave's budget: once the agents together spent it, every agent is refused", async () => {
    const stops: ProxyBudgetStop[] = [];
    const proxy = await newProxy({ onBudgetStop: (s) => stops.push(s), waveLimits: { usd: null, tokens: 100 } });
    const a = proxy.register("W1", { upstream: rehearsalUpstream("W1") });
    const b = proxy.register("W2", { upstream: rehearsalUpstream("W2") });
    const body = JSON.stringify(BODIES.chat!.body(false));
    assert.equal((await postRaw(`${a.baseUrl}/v1/chat/completions`, { authorization: `Bearer ${a.token}` }, body)).status, 200);
    assert.equal(stops.length, 0, `one answer stays under 100 tokens: ${JSON.stringify(proxy.totals())}`);
    assert.equal((await postRaw(`${b.baseUrl}/v1/chat/completions`, { authorization: `Bearer ${b.token}` }, body)).status, 200);
    assert.deepEqual(stops.map((s) => s.agentId).sort(), ["W1", "W2"]);
    assert.ok(stops.every((s) => s.breach.scope === "wave" && /the wave spent \d+ tokens of its 100 tokens budget/.test(s.detail)));
    const refused = await postRaw(`${a.baseUrl}/v1/chat/completions`, { authorization: `Bearer ${a.token}` }, body);
    assert.equal(refused.status, 400);
    assert.equal(JSON.parse(refused.body.toString()).error.code, "budget_exceeded");
  });
});

describe("rate limits across agents", () => {
  /** An upstream that allows 5 concurrent requests (429 above); `gate` holds the first five until a sixth arrives. */
  async function limitedUpstream(gate: boolean) {
    const state = { inFlight: 0, maxInFlight: 0, sent429: 0, held: [] as (() => void)[], received: 0 };
    const up = await startUpstream((_req, res) => {
      state.received++;
      if (state.inFlight >= 5) {
        state.sent429++;
        res.writeHead(429, { "content-type": "application/json", "retry-after-ms": "20", "retry-after": "1" });
        res.end(JSON.stringify({ error: { type: "rate_limit_exceeded", message: "too many" } }));
        for (const h of state.held.splice(0)) h();
        return;
      }
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      const answer = () => {
        state.inFlight--;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "c",
            object: "chat.completion",
            model: "m",
            choices: [],
            usage: { prompt_tokens: 2, completion_tokens: 3 },
          }),
        );
      };
      if (gate && state.sent429 === 0) state.held.push(answer);
      else setTimeout(answer, 5);
    });
    upstreams.push(up);
    return { up, state };
  }

  async function twenty(proxy: ModelProxy, url: string) {
    const agents = Array.from({ length: 20 }, (_, i) =>
      proxy.register(`R${i + 1}`, { upstream: { provider: "limited", baseUrl: url, key: "k", auth: "bearer" } }),
    );
    return Promise.all(agents.map((a) => postRaw(`${a.baseUrl}/v1/chat/completions`, { authorization: `Bearer ${a.token}` }, "{}")));
  }

  test("twenty agents, five concurrent requests allowed by the pacer: the upstream never sees more than five, nobody sees a 429", async () => {
    const { up, state } = await limitedUpstream(false);
    const proxy = await newProxy({ concurrency: { limited: 5 } });
    const results = await twenty(proxy, up.url);
    assert.deepEqual(
      results.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.equal(state.sent429, 0);
    assert.ok(state.maxInFlight <= 5, `max in flight ${state.maxInFlight}`);
    assert.equal(proxy.totals().inputTokens, 40);
  });

  test("twenty agents against a provider that starts refusing at six: the proxy waits out the 429s, the clients see none", async () => {
    const { up, state } = await limitedUpstream(true);
    const proxy = await newProxy({ concurrency: 20, maxRetries: 10 });
    const results = await twenty(proxy, up.url);
    assert.deepEqual(
      results.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.ok(state.sent429 >= 1, "the upstream refused at least once");
    const activities = proxy.activities();
    assert.equal(
      activities.reduce((n, a) => n + a.retried, 0),
      state.sent429,
      "every 429 was retried by the proxy",
    );
    assert.equal(
      activities.reduce((n, a) => n + a.forwarded, 0),
      20,
    );
    assert.equal(state.received, 20 + state.sent429);
  });
});
