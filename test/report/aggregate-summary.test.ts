import assert from "node:assert/strict";
import { test } from "node:test";
import { aggregateHeadline, renderAggregateSummary } from "../../src/report/aggregate-summary.js";
import { byteLength } from "../../src/report/text.js";
import type { WaveResult } from "../../src/state/schema.js";
import { blockedResult, failedResult, iso, passedResult, resumedResult } from "./fixtures.js";

function waves() {
  const w1 = passedResult();
  w1.wave = 1;
  const w2 = resumedResult();
  w2.wave = 2;
  w2.startedAt = iso(5 * 60_000);
  w2.completedAt = iso(9 * 60_000);
  const w3 = failedResult();
  w3.wave = 3;
  w3.startedAt = iso(10 * 60_000);
  w3.completedAt = iso(14 * 60_000 + 12_000);
  const w4 = blockedResult();
  w4.wave = 4;
  w4.startedAt = iso(10 * 60_000);
  w4.completedAt = iso(12 * 60_000);
  return [w3, w1, w4, w2];
}

function rows(md: string): string[][] {
  const start = md.indexOf("### Waves\n");
  return md
    .slice(start)
    .split("\n")
    .filter((l) => l.startsWith("|"))
    .slice(2)
    .map((l) =>
      l
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

test("the aggregate headline counts outcomes and measures wall time", () => {
  assert.equal(aggregateHeadline(waves()), "Waves 1–4 (lane main): 2 passed, 1 failed, 1 blocked — 14m 12s");
  assert.equal(aggregateHeadline([passedResult()], [5]), "Wave 3 (lane main): 1 passed, 1 without a result — 4m 12s");
});

test("the waves table lists every wave in order with failure, resume and artifact", () => {
  const md = renderAggregateSummary(waves(), {
    artifacts: { "main/3": { name: "wave-main-3-attempt-2" } },
    missingWaves: [5],
  });
  assert.ok(md.startsWith("## Waves 1–4 (lane main): 2 passed, 1 failed, 1 blocked, 1 without a result — 14m 12s\n"));
  const r = rows(md);
  assert.deepEqual(
    r.map((row) => row.slice(0, 2)),
    [
      ["1", "passed"],
      ["2", "passed"],
      ["3", "failed"],
      ["4", "blocked"],
      ["5", "no result"],
    ],
  );
  assert.deepEqual(r[2], ["3", "failed", "2", "4m 12s", "cont-qa", "A0", "—", "wave-main-3-attempt-2"]);
  assert.equal(r[1]![6], "<code>wave-main-3-attempt-1</code>");
  assert.equal(r[3]![5], "A2");
  assert.ok(md.includes("- Wave 3: failed at cont-qa (A0) — <code>cont-qa-verdict-blocked</code>: Verdict: BLOCKED"));
  assert.ok(md.includes("  A2 asks:\n\n  > Which database should the runtime use?"));
  assert.ok(md.includes("```mermaid\ngantt\n"));
});

test("the aggregate summary stays under its byte limit with many waves", () => {
  const many = Array.from({ length: 400 }, (_, i) => {
    const r = failedResult();
    r.wave = i;
    r.failure!.detail = "x".repeat(3000);
    return r;
  });
  const md = renderAggregateSummary(many, { maxBytes: 100_000 });
  assert.ok(byteLength(md) <= 100_000);
  assert.ok(md.includes("> **Note:** shortened to fit the summary limit"));
  assert.ok(renderAggregateSummary(many, { maxBytes: 50 }).length <= 50);
});

test("a sharded wave: its row says how many shard jobs, and the timeline has a bar per shard job before the closure job's", () => {
  const closure = passedResult();
  closure.wave = 2;
  closure.shard = { kind: "closure", count: 2 };
  closure.startedAt = iso(6 * 60_000);
  closure.completedAt = iso(7 * 60_000);
  const shard = (index: number, status: "passed" | "failed") => {
    const r = index === 2 && status === "failed" ? failedResult() : passedResult();
    r.wave = 2;
    r.shard = { kind: "shard", index, count: 2 };
    r.startedAt = iso(60_000 * index);
    r.completedAt = iso(60_000 * (index + 3));
    return r;
  };
  const other = passedResult();
  other.wave = 1;
  // The newest run of each shard (shard 2 failed once; the report passes only its newest).
  const md = renderAggregateSummary([other, closure], { shardRuns: [shard(2, "passed"), shard(1, "passed")] });
  assert.deepEqual(
    rows(md).map((r) => r[0]),
    ["1", "2 (2 shard jobs)"],
  );
  const timeline = md.slice(md.indexOf("### Timeline"));
  const at = (text: string) => timeline.indexOf(text);
  assert.ok(at("section Wave 2") > 0, timeline);
  assert.ok(at("section Wave 2") < at("wave 2 shard 1/2 - passed"), timeline);
  assert.ok(at("wave 2 shard 1/2 - passed") < at("wave 2 shard 2/2 - passed"), timeline);
  assert.ok(at("wave 2 shard 2/2 - passed") < at("wave 2 closure - passed"), timeline);
  // Shard runs of a wave that is not reported are not drawn.
  const alone = renderAggregateSummary([other], { shardRuns: [shard(1, "passed")] });
  assert.equal(alone.includes("shard 1/2"), false);
});

test("a sharded wave with design agents: its row counts the design job, and the timeline draws it before the shards", () => {
  const run = (shard: WaveResult["shard"], from: number, to: number) => {
    const r = passedResult();
    r.wave = 2;
    r.shard = shard;
    r.startedAt = iso(60_000 * from);
    r.completedAt = iso(60_000 * to);
    return r;
  };
  const closure = run({ kind: "closure", count: 3 }, 9, 10);
  const design = run({ kind: "shard", index: 0, count: 3 }, 1, 2);
  const shards = [3, 1, 2].map((i) => run({ kind: "shard", index: i, count: 3 }, 2 + i, 4 + i));
  const md = renderAggregateSummary([closure], { shardRuns: [...shards, design] });
  assert.deepEqual(
    rows(md).map((r) => r[0]),
    ["2 (design + 3 shard jobs)"],
  );
  const timeline = md.slice(md.indexOf("### Timeline"));
  const bars = timeline
    .split("\n")
    .map((l) => /^\s*(wave 2 [^:]*? - passed)\s*:/.exec(l)?.[1])
    .filter((b): b is string => b !== undefined);
  assert.deepEqual(bars, [
    "wave 2 design job - passed",
    "wave 2 shard 1/3 - passed",
    "wave 2 shard 2/3 - passed",
    "wave 2 shard 3/3 - passed",
    "wave 2 closure - passed",
  ]);
  // Without the design job's run (its state expired), the closure's design agents (shard 0) still say so.
  const withAgents = run({ kind: "closure", count: 3 }, 9, 10);
  withAgents.agents = withAgents.agents.map((a, i) => (i === 0 ? { ...a, shard: 0 } : { ...a, shard: 1 }));
  assert.deepEqual(
    rows(renderAggregateSummary([withAgents], { shardRuns: shards })).map((r) => r[0]),
    ["2 (design + 3 shard jobs)"],
  );
  // A design job of another wave or lane does not count for this one.
  const elsewhere = [
    { ...design, wave: 3 },
    { ...design, lane: "other" },
  ];
  assert.deepEqual(
    rows(renderAggregateSummary([closure], { shardRuns: [...shards, ...elsewhere] })).map((r) => r[0]),
    ["2 (3 shard jobs)"],
  );
});
