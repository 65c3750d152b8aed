import assert from "node:assert/strict";
import { test } from "node:test";
import { runWithConcurrency } from "../../src/runtime/concurrency.js";

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
