/**
 * Model proxy overhead: what passing through the proxy (token check, key swap, pacer, usage read
 * from a copy of the bytes) adds to one model request against a loopback upstream.
 *
 * - Per request: a JSON answer with usage, sent directly and through the proxy in interleaved
 *   pairs (keep-alive on both legs); the median of the differences. Target: under 2 ms.
 * - Streaming: an SSE answer whose upstream waits 20 ms between its first and its last event; the
 *   median extra time to the first byte and to the last byte through the proxy (a proxy that
 *   buffered the stream would add the 20 ms to the first byte).
 *
 * 400 pairs (100 with --quick), 100 streamed pairs (30).
 *
 *   node --import tsx bench/proxy.ts [--quick]
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { startModelProxy } from "../src/proxy/server.js";
import type { BenchResult } from "./figure.js";

const JSON_ANSWER = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: "bench",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 120, completion_tokens: 8, total_tokens: 128 },
});
const SSE_FIRST =
  'event: message_start\ndata: {"type":"message_start","message":{"model":"bench","usage":{"input_tokens":120,"output_tokens":1}}}\n\n';
const SSE_LAST =
  'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":8}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n';
const STREAM_GAP_MS = 20;
const REQUEST_BODY = JSON.stringify({ model: "bench", messages: [{ role: "user", content: "x".repeat(2000) }] });

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

interface Timing {
  firstByteMs: number;
  totalMs: number;
}

function post(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let first = 0;
    const req = http.request(url, { method: "POST", agent, headers: { "content-type": "application/json", ...headers } }, (res) => {
      res.on("data", () => {
        if (first === 0) first = performance.now();
      });
      res.on("end", () => resolve({ firstByteMs: first - start, totalMs: performance.now() - start }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(REQUEST_BODY);
  });
}

export async function benchProxy({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const upstream = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url?.endsWith("/messages")) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(SSE_FIRST);
        setTimeout(() => res.end(SSE_LAST), STREAM_GAP_MS);
        return;
      }
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(JSON_ANSWER) });
      res.end(JSON_ANSWER);
    });
  });
  upstream.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const proxy = await startModelProxy({ concurrency: 64 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const reg = proxy.register("B1", { upstream: { provider: "bench", baseUrl: upstreamUrl, key: "sk-bench", auth: "bearer" } });
    const viaProxy = { auth: { authorization: `Bearer ${reg.token}` }, base: reg.baseUrl };
    const direct = { auth: { authorization: "Bearer sk-bench" }, base: upstreamUrl };
    const pairs = quick ? 100 : 400;
    const streamPairs = quick ? 30 : 100;
    // Warm up both paths (connections, JIT).
    for (let i = 0; i < 50; i++) {
      await post(agent, `${direct.base}/v1/chat/completions`, direct.auth);
      await post(agent, `${viaProxy.base}/v1/chat/completions`, viaProxy.auth);
    }
    const overhead: number[] = [];
    for (let i = 0; i < pairs; i++) {
      // Alternate the order so neither path always runs first.
      const directUrl = `${direct.base}/v1/chat/completions`;
      const proxyUrl = `${viaProxy.base}/v1/chat/completions`;
      let d: Timing;
      let p: Timing;
      if (i % 2 === 0) {
        d = await post(agent, directUrl, direct.auth);
        p = await post(agent, proxyUrl, viaProxy.auth);
      } else {
        p = await post(agent, proxyUrl, viaProxy.auth);
        d = await post(agent, directUrl, direct.auth);
      }
      overhead.push(p.totalMs - d.totalMs);
    }
    const firstByte: number[] = [];
    const lastByte: number[] = [];
    for (let i = 0; i < streamPairs; i++) {
      const d = await post(agent, `${direct.base}/v1/messages`, direct.auth);
      const p = await post(agent, `${viaProxy.base}/v1/messages`, viaProxy.auth);
      firstByte.push(p.firstByteMs - d.firstByteMs);
      lastByte.push(p.totalMs - d.totalMs);
    }
    const metered = proxy.usageOf("B1");
    if (metered?.inputTokens !== 120 * (50 + pairs + streamPairs))
      throw new Error(`the proxy metered ${metered?.inputTokens} input tokens`);
    const perRequest = round2(median(overhead));
    return [
      {
        name: "proxy: overhead per request (median, loopback upstream)",
        value: perRequest,
        unit: "ms",
        target: "< 2 ms",
        met: perRequest < 2,
      },
      {
        name: `proxy: added time to the first SSE byte (median; upstream pauses ${STREAM_GAP_MS} ms after it)`,
        value: round2(median(firstByte)),
        unit: "ms",
        target: "< 2 ms",
        met: median(firstByte) < 2,
      },
      { name: "proxy: added time to the last SSE byte (median)", value: round2(median(lastByte)), unit: "ms" },
    ];
  } finally {
    agent.destroy();
    await proxy.close();
    await new Promise<void>((resolve) => {
      upstream.close(() => resolve());
      upstream.closeAllConnections();
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchProxy({ quick: process.argv.includes("--quick") });
  for (const r of results) console.log(`${r.name.padEnd(80)} ${String(r.value).padStart(8)} ${r.unit}`);
}
