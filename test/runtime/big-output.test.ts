import assert from "node:assert/strict";
import { statSync } from "node:fs";
import { test } from "node:test";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { baseOptions, tempDir } from "./helpers.js";

const GIB = 1024 * 1024 * 1024;
const RSS_LIMIT = 300 * 1024 * 1024;

test("1 GiB of output is logged exactly while the orchestrator's memory stays bounded", { timeout: 120_000 }, async () => {
  const t = tempDir();
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    let seen = 0;
    const outcome = await runAgentProcess(
      baseOptions(t, ["head", "-c", String(GIB), "/dev/zero"], {
        timeoutMs: 120_000,
        idleTimeoutMs: 60_000,
        onOutput: (chunk) => {
          seen += chunk.length;
        },
      }),
    );
    peak = Math.max(peak, process.memoryUsage.rss());
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.logError, null);
    assert.equal(statSync(t.file("agent.log")).size, GIB);
    assert.equal(seen, GIB);
    assert.ok(peak < RSS_LIMIT, `peak RSS ${(peak / 1048576).toFixed(0)} MiB`);
  } finally {
    clearInterval(sampler);
    t.cleanup();
  }
});
