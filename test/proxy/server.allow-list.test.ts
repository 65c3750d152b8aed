/**
 * The model proxy's allow-lists (src/proxy/wire-usage.ts, WIRE_APIS) against a real proxy on
 * loopback and a stand-in upstream that records every request it gets: only the routes of the
 * agent's provider API pass, matched on the bytes the client sent (no traversal, encoded slash or
 * double slash gets through, whatever it would normalise to); other methods, paths, query
 * parameters, absolute-URL targets and CONNECT get 403 and are counted; only the headers of the
 * table reach the upstream, the others are counted by name (never by value), and the client's own
 * key headers never pass.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { renderProxyMarkdown, renderProxyText } from "../../src/proxy/report.js";
import { type ModelProxy, startModelProxy, type Upstream } from "../../src/proxy/server.js";
import { WIRE_APIS, type WireApi } from "../../src/proxy/wire-usage.js";

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

const seen: Seen[] = [];
/** The stand-in upstream: records what it received, answers 200 with a little usage. */
const upstream = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: "x", model: "m", usage: { input_tokens: 1, output_tokens: 1 } }));
  });
});
let upstreamUrl = "";

const proxies: ModelProxy[] = [];
before(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
after(async () => {
  for (const p of proxies) await p.close();
  await new Promise<void>((resolve) => {
    upstream.close(() => resolve());
    upstream.closeAllConnections();
  });
});

const REAL_KEY: Record<WireApi, string> = {
  anthropic: "sk-ant-real-key-for-the-upstream-only-0123456789",
  openai: "sk-openai-real-key-for-the-upstream-only-0123456789",
};

function upstreamOf(api: WireApi): Upstream {
  return { provider: api, api, baseUrl: `${upstreamUrl}/base`, key: REAL_KEY[api], auth: api === "anthropic" ? "x-api-key" : "bearer" };
}

/** A proxy with one agent per API: `anthropic` (token in x-api-key) and `openai` (Bearer). */
async function setUp() {
  const proxy = await startModelProxy();
  proxies.push(proxy);
  const ant = proxy.register("ANT", { upstream: upstreamOf("anthropic") });
  const oai = proxy.register("OAI", { upstream: upstreamOf("openai") });
  const prefix = (baseUrl: string) => new URL(baseUrl).pathname;
  return {
    proxy,
    port: Number(new URL(proxy.url).port),
    agents: {
      anthropic: { id: "ANT", prefix: prefix(ant.baseUrl), auth: { "x-api-key": ant.token } },
      openai: { id: "OAI", prefix: prefix(oai.baseUrl), auth: { authorization: `Bearer ${oai.token}` } },
    } as Record<WireApi, { id: string; prefix: string; auth: Record<string, string> }>,
  };
}

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends `target` as written (no client in between to normalise it) and reads the answer to its end. */
function raw(port: number, method: string, target: string, headers: Record<string, string> = {}, body = ""): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split < 0 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: split < 0 ? "" : text.slice(split + 4) });
    });
    const lines = [`${method} ${target} HTTP/1.1`, `host: 127.0.0.1:${port}`, "connection: close"];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (method !== "GET" && method !== "HEAD" && method !== "CONNECT") lines.push(`content-length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n${method === "GET" || method === "HEAD" || method === "CONNECT" ? "" : body}`);
  });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

describe("routes", () => {
  test("every route of each API's table passes, to the same path upstream, with its own query parameters", async () => {
    const { proxy, port, agents } = await setUp();
    for (const api of ["anthropic", "openai"] as const) {
      const a = agents[api];
      for (const route of WIRE_APIS[api].routes) {
        const query = route.query.length > 0 ? `?${route.query.map((q) => `${q}=1`).join("&")}` : "";
        const before = seen.length;
        const r = await raw(
          port,
          route.method,
          `${a.prefix}${route.path}${query}`,
          { ...a.auth, "content-type": "application/json" },
          "{}",
        );
        assert.equal(r.status, 200, `${api} ${route.method} ${route.path}: ${r.body}`);
        assert.equal(seen.length, before + 1);
        assert.deepEqual([seen.at(-1)!.method, seen.at(-1)!.path], [route.method, `/base${route.path}${query}`]);
      }
      assert.deepEqual(proxy.activity(a.id)!.refusedRoutes, []);
    }
    // Claude Code's own request as it sends it.
    const before = seen.length;
    const claude = await raw(port, "POST", `${agents.anthropic.prefix}/v1/messages?beta=true`, agents.anthropic.auth, "{}");
    assert.equal(claude.status, 200);
    assert.equal(seen[before]!.path, "/base/v1/messages?beta=true");
  });

  test("every other method on an allowed path gets 403 in the provider's format, is counted, and never reaches the upstream", async () => {
    const { proxy, port, agents } = await setUp();
    const before = seen.length;
    const expected: Record<WireApi, { method: string; path: string; count: number }[]> = { anthropic: [], openai: [] };
    for (const api of ["anthropic", "openai"] as const) {
      const a = agents[api];
      for (const route of WIRE_APIS[api].routes) {
        for (const method of METHODS.filter((m) => m !== route.method)) {
          const r = await raw(port, method, `${a.prefix}${route.path}`, a.auth, "{}");
          assert.equal(r.status, 403, `${api} ${method} ${route.path}`);
          if (method !== "HEAD") {
            const err = JSON.parse(r.body);
            if (api === "anthropic") assert.equal(err.error.type, "permission_error");
            else assert.equal(err.error.code, "route_not_allowed");
            assert.match(err.error.message, /is not a route the wave's model proxy allows/);
          }
          expected[api].push({ method, path: route.path, count: 1 });
        }
      }
      assert.deepEqual(proxy.activity(a.id)!.refusedRoutes, expected[api]);
      assert.equal(proxy.activity(a.id)!.forwarded, 0);
    }
    assert.equal(seen.length, before, "the upstream saw none of them");
  });

  test("unknown paths, the other API's routes, traversal, encoded slashes and double slashes are refused as sent", async () => {
    const { proxy, port, agents } = await setUp();
    const before = seen.length;
    const a = agents.openai;
    const paths = [
      "/v1/responses/../admin",
      "/v1/responses/../../../v1/organization/api_keys",
      "/v1/%2e%2e/x",
      "/v1/%2E%2E/v1/responses",
      "/v1/./responses",
      "//v1/responses",
      "/v1//responses",
      "/v1/responses%2f..",
      "/v1/responses%2F..%2Fadmin",
      "/v1%2fresponses",
      "/v1/responses/",
      "/v1/Responses",
      "/v1/responses;x",
      "/v1/responses%00",
      "/v1/files",
      "/v1/organization/api_keys",
      "/v1/messages",
      "",
      "/",
    ];
    for (const p of paths) {
      const r = await raw(port, "POST", `${a.prefix}${p}`, a.auth, "{}");
      assert.equal(r.status, 403, `POST ${p}: ${r.head}`);
    }
    // Another agent's prefix behind a traversal stays this agent's request, refused.
    const other = await raw(port, "POST", `${a.prefix}/../ANT/v1/messages`, a.auth, "{}");
    assert.equal(other.status, 403);
    // The agent's token in a refused path is not kept in the report.
    const token = a.auth.authorization!.slice("Bearer ".length);
    assert.equal((await raw(port, "GET", `${a.prefix}/v1/${token}?${token}=1`, a.auth)).status, 403);
    // The Anthropic agent cannot use the OpenAI routes either.
    assert.equal((await raw(port, "POST", `${agents.anthropic.prefix}/v1/responses`, agents.anthropic.auth, "{}")).status, 403);
    assert.equal(seen.length, before, "the upstream saw none of them");
    const refused = proxy.activity("OAI")!.refusedRoutes;
    assert.deepEqual(
      refused.map((r) => r.path),
      [...paths.map((p) => (p === "" ? "/" : p)).filter((p, i, all) => all.indexOf(p) === i), "/../ANT/v1/messages", "/v1/(token)?(token)"],
    );
    assert.equal(refused.find((r) => r.path === "/")!.count, 2, "an empty rest and `/` are the same refused route");
    assert.deepEqual(proxy.activity("ANT")!.refusedRoutes, [{ method: "POST", path: "/v1/responses", count: 1 }]);
  });

  test("query parameters: only those of the route; the report keeps their names, never their values", async () => {
    const { proxy, port, agents } = await setUp();
    const before = seen.length;
    const a = agents.anthropic;
    const unknown = await raw(port, "POST", `${a.prefix}/v1/messages?beta=true&target=secret-value-1`, a.auth, "{}");
    assert.equal(unknown.status, 403);
    const onResponses = await raw(port, "POST", `${agents.openai.prefix}/v1/responses?beta=true`, agents.openai.auth, "{}");
    assert.equal(onResponses.status, 403, "a route without parameters takes none");
    assert.equal(seen.length, before);
    assert.deepEqual(proxy.activity("ANT")!.refusedRoutes, [{ method: "POST", path: "/v1/messages?beta&target", count: 1 }]);
    assert.deepEqual(proxy.activity("OAI")!.refusedRoutes, [{ method: "POST", path: "/v1/responses?beta", count: 1 }]);
    assert.ok(!JSON.stringify(proxy.activities()).includes("secret-value-1"));
    // An empty query is no parameter.
    assert.equal((await raw(port, "POST", `${agents.openai.prefix}/v1/responses?`, agents.openai.auth, "{}")).status, 200);
    assert.equal(seen.at(-1)!.path, "/base/v1/responses");
  });

  test("an absolute-URL target, `*` and CONNECT get 403 before any token is looked at, and are counted", async () => {
    const { proxy, port, agents } = await setUp();
    const before = seen.length;
    const a = agents.openai;
    const absolute = await raw(port, "POST", `http://127.0.0.1:${port}${a.prefix}/v1/responses`, a.auth, "{}");
    assert.equal(absolute.status, 403);
    assert.match(JSON.parse(absolute.body).error.message, /the request target must be a path/);
    const elsewhere = await raw(port, "GET", "http://example.com/v1/models", a.auth);
    assert.equal(elsewhere.status, 403);
    const star = await raw(port, "OPTIONS", "*", a.auth);
    assert.equal(star.status, 403);
    const connect = await raw(port, "CONNECT", "api.openai.com:443", a.auth);
    assert.equal(connect.status, 403);
    assert.match(JSON.parse(connect.body).error.message, /CONNECT is not allowed/);
    assert.equal(seen.length, before, "the upstream saw none of them");
    assert.deepEqual(proxy.refusedTargets(), [
      { method: "POST", path: "(absolute URL)", count: 1 },
      { method: "GET", path: "(absolute URL)", count: 1 },
      { method: "OPTIONS", path: "*", count: 1 },
      { method: "CONNECT", path: "(tunnel)", count: 1 },
    ]);
    assert.equal(proxy.activity("OAI")!.requests, 0);
    assert.deepEqual(proxy.unauthorized(), []);
  });
});

describe("headers", () => {
  test("only the table's headers reach the upstream; the others are counted by name, never by value; the client's own key never passes", async () => {
    const { proxy, port, agents } = await setUp();
    const refusedValues = {
      "openai-organization": "org-value-never-upstream-1",
      "openai-project": "proj-value-never-upstream-2",
      "chatgpt-account-id": "acct-value-never-upstream-3",
      "x-forwarded-for": "203.0.113.7",
      forwarded: "for=203.0.113.8",
      cookie: "session=cookie-value-never-upstream-4",
      "x-custom-thing": "custom-value-never-upstream-5",
    };
    const allowed = { "anthropic-version": "2023-06-01", "anthropic-beta": "b1", "x-stainless-os": "Linux", "user-agent": "claude-cli/9" };
    const before = seen.length;
    // Anthropic: the token in x-api-key, the client's own Bearer alongside it.
    const r1 = await raw(
      port,
      "POST",
      `${agents.anthropic.prefix}/v1/messages`,
      { ...agents.anthropic.auth, authorization: "Bearer sk-client-own-key-0123", ...allowed, ...refusedValues },
      "{}",
    );
    assert.equal(r1.status, 200, r1.body);
    // OpenAI: codex's headers pass; its organization does not.
    const codex = { originator: "codex_exec", "session-id": "s1", "x-codex-turn-metadata": "{}", "openai-beta": "x" };
    const r2 = await raw(
      port,
      "POST",
      `${agents.openai.prefix}/v1/responses`,
      { ...agents.openai.auth, ...codex, "openai-organization": refusedValues["openai-organization"] },
      "{}",
    );
    assert.equal(r2.status, 200, r2.body);
    const [q1, q2] = seen.slice(before);
    assert.equal(q1!.headers["x-api-key"], REAL_KEY.anthropic);
    assert.equal(q1!.headers.authorization, undefined, "the client's own authorization is not forwarded");
    for (const [k, v] of Object.entries(allowed)) assert.equal(q1!.headers[k], v, k);
    for (const k of Object.keys(refusedValues)) assert.equal(q1!.headers[k], undefined, k);
    assert.equal(q2!.headers.authorization, `Bearer ${REAL_KEY.openai}`);
    assert.equal(q2!.headers["x-api-key"], undefined);
    for (const [k, v] of Object.entries(codex)) assert.equal(q2!.headers[k], v, k);
    assert.equal(q2!.headers["openai-organization"], undefined);
    // Only the upstream's own set of headers arrived: nothing beyond the table and the proxy's own.
    const proxyOwn = ["host", "connection", "content-length", "accept-encoding", "x-api-key", "authorization"];
    for (const q of [q1!, q2!])
      for (const k of Object.keys(q.headers)) assert.ok(proxyOwn.includes(k) || k in allowed || k in codex, `${k} reached the upstream`);

    assert.deepEqual(
      proxy.activity("ANT")!.droppedHeaders,
      Object.keys(refusedValues).map((name) => ({ name, count: 1 })),
    );
    assert.deepEqual(proxy.activity("OAI")!.droppedHeaders, [{ name: "openai-organization", count: 1 }]);
    const report = {
      schemaVersion: 1 as const,
      kind: "wave-model-proxy" as const,
      mode: "on" as const,
      agents: proxy.activities(),
      skipped: [],
      unauthorized: [],
      probes: 0,
      refusedTargets: proxy.refusedTargets(),
    };
    const md = renderProxyMarkdown(report);
    const text = renderProxyText(report);
    assert.ok(md.includes("- ANT: request headers not allowed, not passed on: `openai-organization` ×1, `openai-project` ×1"), md);
    assert.ok(text.includes("  OAI: request headers not allowed, not passed on: openai-organization ×1"), text);
    for (const v of [...Object.values(refusedValues), "sk-client-own-key-0123"])
      for (const out of [JSON.stringify(report), md, text]) assert.ok(!out.includes(v), `the value ${v} was kept`);
  });

  test("many distinct refused names and routes: the first fifty are listed, the rest count under (other)", async () => {
    const { proxy, port, agents } = await setUp();
    const a = agents.openai;
    const headers: Record<string, string> = {};
    for (let i = 0; i < 60; i++) headers[`x-h-${i}`] = "v";
    assert.equal((await raw(port, "POST", `${a.prefix}/v1/responses`, { ...a.auth, ...headers }, "{}")).status, 200);
    for (let i = 0; i < 55; i++) assert.equal((await raw(port, "GET", `${a.prefix}/v1/x${i}`, a.auth)).status, 403);
    const act = proxy.activity("OAI")!;
    assert.equal(act.droppedHeaders.length, 51);
    assert.deepEqual(act.droppedHeaders.at(-1), { name: "(other)", count: 10 });
    assert.equal(act.refusedRoutes.length, 51);
    assert.deepEqual(act.refusedRoutes.at(-1), { method: "*", path: "(other)", count: 5 });
    const md = renderProxyMarkdown({
      schemaVersion: 1,
      kind: "wave-model-proxy",
      mode: "on",
      agents: [act],
      skipped: [],
      unauthorized: [],
      probes: 0,
      refusedTargets: [],
    });
    assert.ok(md.includes("- OAI: 55 request(s) to routes the model proxy does not allow were refused (403): `GET /v1/x0` ×1,"), md);
    assert.ok(md.includes(", … (41 more)"), md);
  });
});
