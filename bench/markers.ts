/**
 * Marker-parsing throughput (MB/s) of the streaming signal parser over large synthetic agent logs:
 * mixed prose + codex JSON events + markers + fences + ANSI, a pure codex `--json` transcript, and a
 * marker-dense log. Input is pushed in 64 KiB buffers, as the runtime's log sink does.
 *
 * Run directly: node --import tsx bench/markers.ts [--quick]
 */
import { pathToFileURL } from "node:url";
import { createSignalParser, type SignalParserOptions } from "../src/signals/parser.js";
import { UsageMeter } from "../src/usage/meter.js";
import type { BenchResult } from "./figure.js";

const CHUNK = 64 * 1024;

function codexEvent(i: number): string {
  if (i % 7 === 0) {
    return JSON.stringify({
      type: "item.completed",
      item: {
        id: `item_${i}`,
        type: "agent_message",
        text: `Step ${i} done.\n\n[wave-phase] coding\n[wave-proof] completion=integrated durability=durable proof=integration state=met detail=step ${i}`,
      },
    });
  }
  if (i % 3 === 0)
    return JSON.stringify({
      type: "item.completed",
      item: { id: `item_${i}`, type: "reasoning", text: `Thinking about step ${i} and the tests.` },
    });
  return JSON.stringify({
    type: "item.completed",
    item: {
      id: `item_${i}`,
      type: "command_execution",
      command: "bash -lc 'npm test'",
      aggregated_output: `\u001b[32m✓\u001b[39m test/a.test.ts (12 tests) ${i}ms\n\u001b[32m✓\u001b[39m test/b.test.ts (4 tests)\n Tests  16 passed (16)\n`,
      exit_code: 0,
      status: "completed",
    },
  });
}

const PROSE = [
  "I'll start by reading the wave file and the owned paths to understand the exit contract.",
  "\u001b[33mwarn\u001b[0m deprecated option --legacy-peer-deps ignored",
  "  src/auth/session.ts | 42 ++++++++++++++++++++++++++++++++-----",
  "- Updated the retry policy so exhausted budgets surface as 503 with a Retry-After header.",
  "",
  "Running the integration suite against the local token service (this takes a while).",
];

function mixedLog(targetBytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    let line: string;
    const r = i % 20;
    if (r < 12) line = PROSE[i % PROSE.length]!;
    else if (r < 17) line = codexEvent(i);
    else if (r === 17) line = "[wave-doc-delta] state=owned paths=docs/auth.md detail=documented refresh";
    else if (r === 18) line = i % 40 === 18 ? "```" : "[wave-gap] kind=docs detail=follow-up";
    else line = "[wave-component] component=auth-service level=repo-landed state=met";
    parts.push(line);
    size += line.length + 1;
  }
  parts.push("```", "");
  return Buffer.from(parts.join("\n"));
}

function jsonlLog(targetBytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const line = codexEvent(i);
    parts.push(line);
    size += line.length + 1;
  }
  return Buffer.from(`${parts.join("\n")}\n`);
}

function markerLog(targetBytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const line = `[wave-proof] completion=contract durability=none proof=unit state=${i % 2 ? "met" : "gap"} detail=line ${i}`;
    parts.push(line);
    size += line.length + 1;
  }
  return Buffer.from(`${parts.join("\n")}\n`);
}

/**
 * A Claude Code `stream-json` transcript as an agent at work writes it: assistant messages (text
 * and tool calls, each with its usage), tool results (most of the bytes), a result event.
 */
function claudeLog(targetBytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const usage = { input_tokens: 1200 + i, cache_read_input_tokens: 30_000, cache_creation_input_tokens: 0, output_tokens: 1 };
    let line: string;
    if (i % 3 === 0) {
      const text =
        i % 21 === 0
          ? `Step ${i} done.\n[wave-proof] completion=contract durability=none proof=unit state=met detail=step ${i}`
          : `Now step ${i}.`;
      line = JSON.stringify({
        type: "assistant",
        message: { id: `msg_${i}`, role: "assistant", model: "claude-x", content: [{ type: "text", text }], usage },
        parent_tool_use_id: null,
        session_id: "s",
      });
    } else if (i % 3 === 1) {
      line = JSON.stringify({
        type: "assistant",
        message: {
          id: `msg_${i}`,
          role: "assistant",
          model: "claude-x",
          content: [{ type: "tool_use", id: `t${i}`, name: "Bash", input: { command: "npm test" } }],
          usage,
        },
        parent_tool_use_id: null,
        session_id: "s",
      });
    } else {
      const out = `\u001b[32m✓\u001b[39m test/a.test.ts (12 tests) ${i}ms\n`.repeat(20);
      line = JSON.stringify({
        type: "user",
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i - 1}`, content: out }] },
        parent_tool_use_id: null,
        session_id: "s",
      });
    }
    parts.push(line);
    size += line.length + 1;
  }
  parts.push(
    JSON.stringify({
      type: "result",
      subtype: "success",
      num_turns: 9,
      session_id: "s",
      total_cost_usd: 1.5,
      usage: { input_tokens: 9, output_tokens: 9 },
    }),
  );
  return Buffer.from(`${parts.join("\n")}\n`);
}

function parseOnce(input: Buffer, options: SignalParserOptions = {}): number {
  const started = process.hrtime.bigint();
  const parser = createSignalParser(options);
  for (let at = 0; at < input.length; at += CHUNK) parser.push(input.subarray(at, at + CHUNK));
  parser.end();
  if (parser.result().stats.bytes !== input.length) throw new Error("parser did not see every byte");
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Best-of-N throughput in MB/s (10^6 bytes per second). */
function throughput(input: Buffer, runs: number): number {
  parseOnce(input.subarray(0, Math.min(input.length, 1 << 20)));
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, parseOnce(input));
  return Math.round((input.length / 1e6 / best) * 10) / 10;
}

/**
 * What reading usage figures (and keeping the running total an agent's budget is checked
 * against) adds to parsing a transcript, in percent: the same input parsed with and without a
 * listener, in pairs whose order alternates; the median of the pairs' ratios.
 */
function usageOverhead(input: Buffer, format: "claude-stream-json" | "codex-json", pairs: number): number {
  const plain = { transcript: format } as const;
  const metered = () => {
    const meter = new UsageMeter({}, null);
    meter.startProcess();
    // As the engine records usage: every fact into the agent's meter (budget checks run only
    // when a budget is set; see src/engine/budget-guard.ts).
    return { transcript: format, onUsage: (f: Parameters<UsageMeter["apply"]>[0]) => void meter.apply(f) } as const;
  };
  parseOnce(input.subarray(0, Math.min(input.length, 1 << 20)), metered());
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    let without: number;
    let withUsage: number;
    if (i % 2 === 0) {
      without = parseOnce(input, plain);
      withUsage = parseOnce(input, metered());
    } else {
      withUsage = parseOnce(input, metered());
      without = parseOnce(input, plain);
    }
    ratios.push(withUsage / without);
  }
  ratios.sort((a, b) => a - b);
  const mid = ratios.length / 2;
  const median = ratios.length % 2 ? ratios[Math.floor(mid)]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
  return Math.round((median - 1) * 1000) / 10;
}

export async function benchMarkers({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const size = quick ? 8 * 1024 * 1024 : 64 * 1024 * 1024;
  const runs = quick ? 2 : 5;
  return [
    { name: "markers: parse mixed log (prose, codex JSON, markers, fences)", value: throughput(mixedLog(size), runs), unit: "MB/s" },
    { name: "markers: parse codex --json transcript", value: throughput(jsonlLog(size), runs), unit: "MB/s" },
    { name: "markers: parse marker-only log", value: throughput(markerLog(size / 4), runs), unit: "MB/s" },
    {
      name: "markers: usage extraction overhead (claude stream-json)",
      value: usageOverhead(claudeLog(size), "claude-stream-json", quick ? 6 : 10),
      unit: "%",
    },
    {
      name: "markers: usage extraction overhead (codex --json)",
      value: usageOverhead(jsonlLog(size), "codex-json", quick ? 6 : 10),
      unit: "%",
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchMarkers({ quick: process.argv.includes("--quick") });
  for (const r of results) console.log(`${r.name}: ${r.value} ${r.unit}`);
}
