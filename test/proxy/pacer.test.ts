/**
 * The pacer's decisions with a clock of the test's own (no waiting on real time): the concurrency
 * limit and its queue, what a 429 does to the limit, holds from `retry-after` and the rate-limit
 * headers, and the waits counted by reason. Also the header readers.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { exhaustedUntil, Pacer, parseDuration, retryAfterMs, type Slot } from "../../src/proxy/pacer.js";

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

/** Collects slots as they are granted (in grant order). */
function taker(pacer: Pacer) {
  const granted: { name: string; slot: Slot }[] = [];
  const take = (name: string) => pacer.acquire().then((slot) => granted.push({ name, slot }));
  return { granted, take };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("header readers", () => {
  test("durations, retry-after in its three forms, and the remaining/reset headers", () => {
    assert.equal(parseDuration("1s"), 1000);
    assert.equal(parseDuration("6m0s"), 360_000);
    assert.equal(parseDuration("20ms"), 20);
    assert.equal(parseDuration("1h2m3.5s"), 3_723_500);
    assert.equal(parseDuration("soon"), null);
    assert.equal(parseDuration("5x"), null);
    const now = Date.parse("2026-01-01T00:00:00Z");
    assert.equal(retryAfterMs({ "retry-after": "7" }, now), 7000);
    assert.equal(retryAfterMs({ "retry-after-ms": "250", "retry-after": "7" }, now), 250);
    assert.equal(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, now), 30_000);
    assert.equal(retryAfterMs({}, now), null);
    assert.equal(exhaustedUntil({ "anthropic-ratelimit-requests-remaining": "3" }, now), null);
    assert.equal(
      exhaustedUntil({ "anthropic-ratelimit-tokens-remaining": "0", "anthropic-ratelimit-tokens-reset": "2026-01-01T00:00:12Z" }, now),
      now + 12_000,
    );
    assert.equal(exhaustedUntil({ "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1m30s" }, now), now + 90_000);
    // The later of two exhausted limits counts.
    assert.equal(
      exhaustedUntil(
        {
          "x-ratelimit-remaining-requests": "0",
          "x-ratelimit-reset-requests": "2s",
          "x-ratelimit-remaining-tokens": "0",
          "x-ratelimit-reset-tokens": "9s",
        },
        now,
      ),
      now + 9000,
    );
  });
});

describe("pacer", () => {
  test("at most `maxConcurrency` in flight; the rest wait in order and their wait counts as concurrency", async () => {
    const c = clock();
    const pacer = new Pacer({ maxConcurrency: 2, maxDelayMs: 60_000, now: c.now });
    const { granted, take } = taker(pacer);
    for (const n of ["a", "b", "c", "d"]) void take(n);
    await tick();
    assert.deepEqual(
      granted.map((g) => g.name),
      ["a", "b"],
    );
    assert.equal(pacer.waiting, 2);
    c.t += 150;
    granted[0]!.slot.release();
    await tick();
    assert.deepEqual(
      granted.map((g) => g.name),
      ["a", "b", "c"],
    );
    assert.deepEqual(granted[2]!.slot.waits, { concurrency: 150 });
    assert.deepEqual(granted[0]!.slot.waits, {});
    // Releasing twice frees one place only.
    granted[0]!.slot.release();
    await tick();
    assert.equal(pacer.active, 2);
    c.t += 50;
    granted[1]!.slot.release();
    await tick();
    assert.deepEqual(granted[3]!.slot.waits, { concurrency: 200 });
  });

  test("a 429 lowers the limit to what the provider accepted and holds everyone for its retry-after; quiet answers raise it again", async () => {
    const c = clock();
    const pacer = new Pacer({ maxConcurrency: 4, maxDelayMs: 60_000, now: c.now });
    const { granted, take } = taker(pacer);
    for (const n of ["a", "b", "c", "d"]) void take(n);
    await tick();
    assert.equal(pacer.active, 4);
    // d is refused while a, b, c are in flight: the provider takes three.
    pacer.observe(429, { "retry-after": "30" });
    assert.equal(pacer.limit, 3);
    assert.equal(pacer.rateLimited, 1);
    granted[3]!.slot.release();
    void take("d-again");
    await tick();
    assert.equal(pacer.waiting, 1, "held although a place is free");
    c.t += 10_000;
    granted[0]!.slot.release();
    await tick();
    assert.equal(pacer.waiting, 1, "still held: the retry-after has not passed");
    // Three quiet answers at limit 3 raise it to 4.
    pacer.observe(200, {});
    pacer.observe(200, {});
    assert.equal(pacer.limit, 3);
    pacer.observe(200, {});
    assert.equal(pacer.limit, 4);
    assert.equal(pacer.waiting, 1);
    pacer.close();
  });

  test("the hold ends on time (a real, short hold) and the wait is counted under its reason", async () => {
    const pacer = new Pacer({ maxConcurrency: 2, maxDelayMs: 60_000 });
    const first = await pacer.acquire();
    pacer.observe(200, { "x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "30ms" });
    first.release();
    const second = await pacer.acquire();
    assert.ok((second.waits["rate-limit"] ?? 0) > 0, JSON.stringify(second.waits));
    assert.equal(second.waits.concurrency, undefined);
    second.release();
  });

  test("no hold lasts longer than maxDelayMs", async () => {
    const c = clock();
    const pacer = new Pacer({ maxConcurrency: 1, maxDelayMs: 5_000, now: c.now });
    const { granted, take } = taker(pacer);
    void take("a");
    await tick();
    pacer.observe(429, { "retry-after": "3600" });
    granted[0]!.slot.release();
    void take("b");
    await tick();
    assert.equal(granted.length, 1);
    c.t += 5_000;
    // Any state change pumps the queue; a late observe stands in for the timer here.
    pacer.observe(200, {});
    await tick();
    assert.deepEqual(
      granted.map((g) => g.name),
      ["a", "b"],
    );
    assert.deepEqual(granted[1]!.slot.waits, { "retry-after": 5000 });
    pacer.close();
  });
});
