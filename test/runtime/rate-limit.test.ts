import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import fc from "fast-check";
import { matchRateLimit, retryDelayMs, TailBuffer } from "../../src/runtime/rate-limit.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import type { SleepFn } from "../../src/runtime/types.js";
import { baseOptions, NODE, tempDir } from "./helpers.js";

/** A script that prints `lines[run-1]` (or the last entry) and exits with `codes[run-1]`. */
function scriptedRuns(t: ReturnType<typeof tempDir>, runs: { text: string; code: number }[]): string[] {
  const script = t.script(
    "scripted.js",
    [
      'const fs = require("node:fs"); const f = process.argv[2];',
      "const runs = JSON.parse(process.argv[3]);",
      "const n = fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8')) + 1 : 1; fs.writeFileSync(f, String(n));",
      "const r = runs[Math.min(n, runs.length) - 1];",
      "process.stdout.write(r.text); process.exitCode = r.code;",
    ].join("\n"),
  );
  return [NODE, script, t.file("count"), JSON.stringify(runs)];
}

function recordingSleep(delays: number[]): SleepFn {
  return async (ms) => {
    delays.push(ms);
  };
}

test("rate limit then success: retried with the back-off formula and separator lines", async () => {
  const t = tempDir();
  try {
    const delays: number[] = [];
    const starts: number[] = [];
    const argv = scriptedRuns(t, [
      { text: "error: 429 Too Many Requests\n", code: 1 },
      { text: 'API Error: {"type":"error","error":{"type":"rate_limit_error"}}', code: 1 },
      { text: "all good\n", code: 0 },
    ]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, {
        rateLimit: { retries: 3, baseDelayMs: 1000, maxDelayMs: 1500 },
        sleep: recordingSleep(delays),
        random: () => 0.5,
        onStart: (i) => starts.push(i.run),
      }),
    );
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.runs, 3);
    assert.equal(outcome.rateLimited, 2);
    assert.equal(outcome.rateLimitExhausted, false);
    assert.deepEqual(starts, [1, 2, 3]);
    // min(1000·2^0, 1500) + 10 % and min(1000·2^1, 1500) + 10 % (random 0.5 of the 20 % jitter)
    assert.deepEqual(delays, [1100, 1650]);
    assert.deepEqual(outcome.retryDelaysMs, [1100, 1650]);
    const log = readFileSync(t.file("agent.log"), "utf8");
    const lines = log.split("\n");
    assert.deepEqual(
      lines.filter((l) => l.startsWith("--- wave:")).map((l) => l.replace(/ in [\d.]+s/, "")),
      [
        '--- wave: rate limit detected ("429 Too Many Requests"); retry 1/3 ---',
        '--- wave: rate limit detected ("rate_limit_error"); retry 2/3 ---',
      ],
    );
    assert.match(log, /retry 1\/3 in 1\.1s/);
    // The second run's output had no trailing newline: the separator still starts on its own line.
    assert.match(log, /"rate_limit_error"}}\n--- wave:/);
    assert.ok(log.endsWith("all good\n"));
  } finally {
    t.cleanup();
  }
});

test("rate limit exhausted: retries stop after the configured number", async () => {
  const t = tempDir();
  try {
    const delays: number[] = [];
    const argv = scriptedRuns(t, [{ text: "stream error: exceeded retry limit, last status: 429\n", code: 1 }]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, {
        rateLimit: { retries: 2, baseDelayMs: 100, maxDelayMs: 10_000 },
        sleep: recordingSleep(delays),
        random: () => 0,
      }),
    );
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.exitCode, 1);
    assert.equal(outcome.runs, 3);
    assert.equal(outcome.rateLimited, 3);
    assert.equal(outcome.rateLimitExhausted, true);
    assert.deepEqual(delays, [100, 200]);
    assert.equal(readFileSync(t.file("agent.log"), "utf8").match(/--- wave: rate limit detected/g)?.length, 2);
  } finally {
    t.cleanup();
  }
});

test("a failure that mentions rate limits in prose is not retried", async () => {
  const t = tempDir();
  try {
    const argv = scriptedRuns(t, [
      {
        text: "Implemented the rate limit middleware and a rate limiter test; 2 tests failed (rate limit window).\n",
        code: 1,
      },
    ]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, { rateLimit: { retries: 3, baseDelayMs: 1, maxDelayMs: 1 }, sleep: recordingSleep([]) }),
    );
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.runs, 1);
    assert.equal(outcome.rateLimited, 0);
  } finally {
    t.cleanup();
  }
});

test("only the failing run's own output is examined", async () => {
  const t = tempDir();
  try {
    const argv = scriptedRuns(t, [
      { text: "429 Too Many Requests\n", code: 1 },
      { text: "compile error\n", code: 2 },
    ]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, { rateLimit: { retries: 5, baseDelayMs: 1, maxDelayMs: 1 }, sleep: recordingSleep([]) }),
    );
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.exitCode, 2);
    assert.equal(outcome.runs, 2);
    assert.equal(outcome.rateLimited, 1);
  } finally {
    t.cleanup();
  }
});

test("a successful run is never retried, whatever it printed", async () => {
  const t = tempDir();
  try {
    const argv = scriptedRuns(t, [{ text: "429 Too Many Requests (recovered)\n", code: 0 }]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, { rateLimit: { retries: 3, baseDelayMs: 1, maxDelayMs: 1 }, sleep: recordingSleep([]) }),
    );
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.runs, 1);
  } finally {
    t.cleanup();
  }
});

test("without a rate-limit policy nothing is retried", async () => {
  const t = tempDir();
  try {
    const argv = scriptedRuns(t, [{ text: "429 Too Many Requests\n", code: 1 }]);
    const outcome = await runAgentProcess(baseOptions(t, argv, { rateLimit: null }));
    assert.equal(outcome.runs, 1);
    assert.equal(outcome.rateLimited, 0);
  } finally {
    t.cleanup();
  }
});

test("the deadline interrupts a rate-limit wait (real sleep)", async () => {
  const t = tempDir();
  try {
    const argv = scriptedRuns(t, [{ text: "Rate limit reached for requests\n", code: 1 }]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, { timeoutMs: 700, rateLimit: { retries: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 } }),
    );
    assert.equal(outcome.status, "timed-out");
    assert.equal(outcome.timedOutPhase, "rate-limit-wait");
    assert.equal(outcome.runs, 1);
    assert.ok(outcome.durationMs < 60_000);
  } finally {
    t.cleanup();
  }
});

test("cancellation interrupts a rate-limit wait", async () => {
  const t = tempDir();
  try {
    const controller = new AbortController();
    const argv = scriptedRuns(t, [{ text: "overloaded_error\n", code: 1 }]);
    const outcome = await runAgentProcess(
      baseOptions(t, argv, {
        signal: controller.signal,
        rateLimit: { retries: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
        sleep: (_ms, signal) =>
          new Promise((resolve) => {
            signal.addEventListener("abort", () => resolve(), { once: true });
            controller.abort();
          }),
      }),
    );
    assert.equal(outcome.status, "cancelled");
    assert.equal(outcome.runs, 1);
    assert.equal(outcome.rateLimited, 1);
  } finally {
    t.cleanup();
  }
});

test("rate-limit patterns: real error texts match, prose does not", () => {
  const positives = [
    "Error: 429 Too Many Requests",
    "stream disconnected: exceeded retry limit, last status: 429",
    '{"type":"error","error":{"type":"rate_limit_error","message":"..."}}',
    '{"type":"overloaded_error"}',
    "Rate limit reached for gpt-5 in organization org-x on tokens per min",
    "Error: rate limit exceeded, please retry later",
    "HTTP 429: Too many requests",
  ];
  for (const text of positives) assert.notEqual(matchRateLimit(text), null, text);
  const negatives = [
    "Implemented the rate limit middleware",
    "I added a rate limiter; rate limits are now configurable",
    "fixed the rate-limit bug in api/limits.ts",
    "The overloaded constructor error is fixed",
    "status 4290 returned",
  ];
  for (const text of negatives) assert.equal(matchRateLimit(text), null, text);
});

test("retryDelayMs follows min(base·2^(n−1), max) plus 0–20 % jitter", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: 500_000 }),
      fc.double({ min: 0, max: 0.999999, noNaN: true }),
      (n, base, max, r) => {
        const capped = Math.min(base * 2 ** (n - 1), max);
        const d = retryDelayMs(n, base, max, () => r);
        return d >= Math.round(capped) && d <= Math.round(capped * 1.2);
      },
    ),
  );
  assert.equal(
    retryDelayMs(1, 20_000, 180_000, () => 0),
    20_000,
  );
  assert.equal(
    retryDelayMs(3, 20_000, 180_000, () => 0),
    80_000,
  );
  assert.equal(
    retryDelayMs(5, 20_000, 180_000, () => 0.5),
    198_000,
  );
});

test("TailBuffer keeps exactly the last bytes written", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 64 }), fc.array(fc.uint8Array({ maxLength: 100 }), { maxLength: 20 }), (capacity, chunks) => {
      const tail = new TailBuffer(capacity);
      for (const c of chunks) tail.push(Buffer.from(c));
      const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
      return tail.bytes().equals(all.subarray(Math.max(0, all.length - capacity)));
    }),
  );
});
