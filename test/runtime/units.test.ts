import assert from "node:assert/strict";
import { test } from "node:test";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { runWithConcurrency } from "../../src/runtime/concurrency.js";
import {
  type ProcInfo,
  parseStat,
  selectAgentProcesses,
  readStartTime,
  snapshotProcesses,
  tokensFromEnviron,
  withRunToken,
} from "../../src/runtime/proc.js";
import { matchRateLimit, retryDelayMs, TailBuffer } from "../../src/runtime/rate-limit.js";

test("parseStat handles command names with spaces and parentheses", () => {
  const line = "4242 (we ird) (name)) S 17 4242 4242 0 -1 4194560 91 0 0 0 0 0 0 0 20 0 1 0 123456 2502656 224 ...";
  assert.deepEqual(parseStat(line), {
    pid: 4242,
    comm: "we ird) (name)",
    state: "S",
    ppid: 17,
    pgid: 4242,
    sid: 4242,
    startTime: 123456,
  });
  const own = readFileSync("/proc/self/stat", "latin1");
  assert.equal(parseStat(own)?.pid, process.pid);
  assert.equal(parseStat("garbage"), null);
});

test("tokensFromEnviron reads own and outer tokens only from whole variables", () => {
  const env = Buffer.from(
    ["PATH=/bin", "XWAVE_RUN_TOKEN=nope", "WAVE_RUN_TOKEN=abc", "WAVE_OUTER_RUN_TOKENS=o1:o2", "Z=1"].join("\0") + "\0",
  );
  assert.deepEqual(tokensFromEnviron(env), ["abc", "o1", "o2"]);
  assert.deepEqual(tokensFromEnviron(Buffer.alloc(0)), []);
});

test("withRunToken keeps an inherited token as an outer one", () => {
  assert.deepEqual(withRunToken({ A: "1" }, "t1"), { A: "1", WAVE_RUN_TOKEN: "t1" });
  const nested = withRunToken({ WAVE_RUN_TOKEN: "t1" }, "t2");
  assert.deepEqual(nested, { WAVE_RUN_TOKEN: "t2", WAVE_OUTER_RUN_TOKENS: "t1" });
  assert.equal(withRunToken(nested, "t3").WAVE_OUTER_RUN_TOKENS, "t1:t2");
});

test("selectAgentProcesses: token, group, session and descendants; never self, init or zombies", () => {
  const p = (pid: number, ppid: number, pgid: number, sid: number, tokens: string[] = [], state = "S"): ProcInfo => ({
    pid,
    ppid,
    pgid,
    sid,
    state,
    comm: "x",
    startTime: pid,
    tokens,
  });
  const snapshot = [
    p(1, 0, 1, 1, ["T"]),
    p(50, 97, 50, 50), // unrelated, parent of "self"
    p(98, 1, 98, 98, ["T"]), // grandparent of "self" carrying the token (outer agent)
    p(97, 98, 97, 97, ["T"]), // parent of 50
    p(99, 50, 99, 99, ["T"]), // "self"
    p(100, 99, 100, 100, ["T"]), // leader
    p(101, 100, 100, 100), // group member that cleared its env
    p(102, 101, 102, 102), // descendant in a new session, no token
    p(103, 1, 103, 103, ["T"]), // setsid escapee re-parented to init
    p(104, 1, 104, 104, ["U", "T"]), // nested agent with T as an outer token
    p(105, 100, 100, 100, ["T"], "Z"), // zombie
    p(106, 50, 106, 106, ["U"]), // another agent
    p(107, 99, 107, 107), // another child of "self"
  ];
  const pids = selectAgentProcesses(snapshot, { token: "T", pgid: 100, sid: 100 }, 99).map((x) => x.pid);
  assert.deepEqual(
    pids.sort((a, b) => a - b),
    [100, 101, 102, 103, 104],
  );
  assert.deepEqual(
    selectAgentProcesses(snapshot, { token: "U" }, 99).map((x) => x.pid),
    [104, 106],
  );
});

test("snapshotProcesses reads environments only of processes young enough", async () => {
  const token = "00112233445566778899aabbccddeeff";
  const child = spawn("sleep", ["30"], { stdio: "ignore", env: { PATH: process.env.PATH!, WAVE_RUN_TOKEN: token } });
  try {
    const pid = child.pid!;
    const start = readStartTime(pid)!;
    assert.ok(Number.isInteger(start));
    const find = (s: ProcInfo[]) => s.find((p) => p.pid === pid)!;
    assert.deepEqual(find(snapshotProcesses()).tokens, [token]);
    assert.deepEqual(find(snapshotProcesses({ minStartTime: start })).tokens, [token]);
    assert.deepEqual(find(snapshotProcesses({ minStartTime: start + 1 })).tokens, []);
  } finally {
    child.kill("SIGKILL");
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
  assert.equal(matchRateLimit("custom quota hit", [/quota hit/]), "quota hit");
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

test("runWithConcurrency keeps order and never exceeds the limit", async () => {
  for (const limit of [1, 3, 0]) {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 10 }, (_, i) => i);
    const results = await runWithConcurrency(items, limit, async (item) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, (10 - item) * 2));
      running--;
      return item * 10;
    });
    assert.deepEqual(
      results,
      items.map((i) => i * 10),
    );
    assert.equal(peak, limit === 0 ? 10 : limit);
  }
  assert.deepEqual(await runWithConcurrency([], 2, async () => 1), []);
});

test("runWithConcurrency stops starting items after a failure and rethrows it", async () => {
  const started: number[] = [];
  await assert.rejects(
    runWithConcurrency([0, 1, 2, 3, 4], 1, async (item) => {
      started.push(item);
      if (item === 1) throw new Error("boom");
      return item;
    }),
    /boom/,
  );
  assert.deepEqual(started, [0, 1]);
  await assert.rejects(
    runWithConcurrency([1], -1, async () => 1),
    /invalid limit/,
  );
});
