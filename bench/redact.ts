/**
 * Redaction throughput: a synthetic agent log with ~20 secrets, each planted raw and in its encoded
 * forms, redacted through the string path, the buffer path and the byte stream. Throughput is MB per
 * CPU-second of this process, so a busy machine does not distort it.
 * Run directly: node --import tsx bench/redact.ts [--quick]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createRedactor, redactFileInPlace } from "../src/security/redact.js";
import type { BenchResult } from "./figure.js";

function makeSecrets(count: number): string[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: count }, (_, i) => {
    let s = `sk-${i}-`;
    for (let k = 0; k < 32 + (i % 16); k++) s += alphabet[Math.floor(rand() * alphabet.length)];
    return s;
  });
}

function makeLog(bytes: number, variants: string[]): Buffer {
  const lines = [
    "2025-01-01T00:00:00.000Z [agent] reading src/index.ts (1532 bytes)\n",
    '{"type":"tool_use","name":"bash","input":{"command":"npm test"},"id":"toolu_01"}\n',
    "    at Object.<anonymous> (/srv/app/src/module.ts:12:7)\n",
    "PASS test/unit/parser.test.ts (4.2 s) — 128 tests, 0 failures, coverage 91.3%\n",
  ];
  const parts: Buffer[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const line = i % 997 === 0 ? `token=${variants[(i / 997) % variants.length]}\n` : lines[i % lines.length]!;
    const buf = Buffer.from(line);
    parts.push(buf);
    size += buf.length;
    i++;
  }
  return Buffer.concat(parts);
}

function mbPerSecond(bytes: number, ms: number): number {
  return Math.round((bytes / (1024 * 1024) / (ms / 1000)) * 10) / 10;
}

/** CPU milliseconds of this process (robust on a busy machine, unlike wall time). */
function cpuMs(since?: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = process.cpuUsage();
  const value = fn();
  return { ms: cpuMs(start), value };
}

export async function benchRedact({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const secrets = makeSecrets(20);
  const build = time(() => createRedactor(secrets));
  const redactor = build.value;
  const log = makeLog((quick ? 8 : 64) * 1024 * 1024, redactor.variants);
  const text = log.toString("utf8");
  const rounds = quick ? 1 : 3;
  // The scanner's tables are built lazily on first use: that one-off cost is measured on its own
  // (first 1 MiB), so the throughput figures are steady state in quick mode as in the full run.
  const warmup = time(() => redactor.redact(text.slice(0, 1024 * 1024)));
  let best = { string: Infinity, buffer: Infinity, stream: Infinity };
  for (let round = 0; round < rounds; round++) {
    const s = time(() => redactor.redact(text));
    const b = time(() => redactor.redactBuffer(log));
    const chunks: Buffer[] = [];
    for (let at = 0; at < log.length; at += 64 * 1024) chunks.push(log.subarray(at, at + 64 * 1024));
    const start = process.cpuUsage();
    let outBytes = 0;
    await pipeline(Readable.from(chunks), redactor.createStream(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) outBytes += chunk.length;
    });
    const streamMs = cpuMs(start);
    if (outBytes !== b.value.length || s.value.length !== b.value.toString("utf8").length) {
      throw new Error("redaction paths disagree");
    }
    best = {
      string: Math.min(best.string, s.ms),
      buffer: Math.min(best.buffer, b.ms),
      stream: Math.min(best.stream, streamMs),
    };
  }
  // A file on disk, redacted in place (scan, then streamed rewrite): throughput and memory growth.
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-bench-redact-"));
  let fileMbps = 0;
  let rssGrowthMb = 0;
  try {
    const file = path.join(dir, "agent.log");
    await writeFile(file, log);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const start = process.cpuUsage();
    await redactFileInPlace(file, redactor);
    const ms = cpuMs(start);
    clearInterval(sampler);
    fileMbps = mbPerSecond(log.length, ms);
    rssGrowthMb = Math.round(((Math.max(peak, process.memoryUsage().rss) - rssBefore) / (1024 * 1024)) * 10) / 10;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return [
    { name: "redact.file", value: fileMbps, unit: "MB/s" },
    { name: "redact.file.rss-growth", value: rssGrowthMb, unit: "MB" },
    { name: "redact.variants", value: redactor.variants.length, unit: "patterns" },
    { name: "redact.compile", value: Math.round(build.ms * 10) / 10, unit: "ms" },
    { name: "redact.first-use (lazy scanner tables, first 1 MiB)", value: Math.round(warmup.ms * 10) / 10, unit: "ms" },
    { name: "redact.string", value: mbPerSecond(log.length, best.string), unit: "MB/s" },
    { name: "redact.buffer", value: mbPerSecond(log.length, best.buffer), unit: "MB/s" },
    { name: "redact.stream", value: mbPerSecond(log.length, best.stream), unit: "MB/s" },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchRedact({ quick: process.argv.includes("--quick") });
  for (const r of results) console.log(`${r.name.padEnd(20)} ${String(r.value).padStart(10)} ${r.unit}`);
}
