/**
 * The closure job's decision to resume an earlier closure run (pure): the same shard runs, told
 * apart by attempt, start and recorded changes; a state that is not a closure run, records no
 * shard set, or whose result.json and shard set disagree is not resumed.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { shardSetDifference } from "../../src/shard/closure-resume.js";
import { type ShardRunId, shardRunId, shardSetOf } from "../../src/shard/shard-set.js";
import { judgeClosurePrior } from "../../src/resume/prior.js";

const run = (index: number, over: Partial<ShardRunId> = {}): ShardRunId => ({
  ...shardRunId({ index, count: 2 }, { attempt: 1, startedAt: `2026-01-0${index}T00:00:00.000Z` }, Buffer.from(`patch ${index}`)),
  ...over,
});

test("shard sets: equal in any order; a shard's attempt, start, changes or the count tell them apart", () => {
  const now = shardSetOf([run(2), run(1)]);
  assert.deepEqual(
    now.shards.map((s) => s.index),
    [1, 2],
  );
  assert.equal(shardSetDifference(shardSetOf([run(1), run(2)]), now), null);
  assert.equal(run(1).changes?.length, 64);
  assert.equal(shardRunId({ index: 1, count: 2 }, { attempt: 1, startedAt: "x" }, null).changes, null);
  assert.equal(
    shardSetDifference(shardSetOf([run(1), run(2, { attempt: 2 })]), now),
    "shard 2/2 was run again since (attempt 1 now, attempt 2 then)",
  );
  assert.equal(
    shardSetDifference(shardSetOf([run(1, { startedAt: "2025-12-31T00:00:00.000Z" }), run(2)]), now),
    "shard 1/2 was run again since (its attempt 1 started 2026-01-01T00:00:00.000Z, the one merged then 2025-12-31T00:00:00.000Z)",
  );
  assert.equal(
    shardSetDifference(shardSetOf([run(1), run(2, { changes: null })]), now),
    "shard 2/2's recorded workspace changes differ from those merged then",
  );
  assert.equal(
    shardSetDifference(shardSetOf([run(1, { count: 3 }), run(2, { count: 3 }), run(3, { count: 3 })]), now),
    "it merged 3 shard runs of 3 shards, this job 2 of 2",
  );
});

test("judgeClosurePrior: only a closure run of the same shard runs is resumed", () => {
  const same = { kind: "read", count: 2, difference: null } as const;
  assert.deepEqual(judgeClosurePrior({ result: { kind: "closure", count: 2 }, shardSet: same }), { use: true });
  // A killed closure run has no result.json: its shard set is what counts.
  assert.deepEqual(judgeClosurePrior({ result: { kind: "none" }, shardSet: same }), { use: true });
  assert.deepEqual(judgeClosurePrior({ result: { kind: "other" }, shardSet: same }), {
    use: false,
    reason: "its result.json is not a closure job's",
  });
  assert.deepEqual(judgeClosurePrior({ result: { kind: "closure", count: 2 }, shardSet: { kind: "missing" } }), {
    use: false,
    reason: "it records no shard set",
  });
  assert.deepEqual(
    judgeClosurePrior({
      result: { kind: "closure", count: 2 },
      shardSet: { kind: "refused", reason: "shard-set.json is not a regular file" },
    }),
    { use: false, reason: "shard-set.json is not a regular file" },
  );
  assert.deepEqual(judgeClosurePrior({ result: { kind: "closure", count: 3 }, shardSet: same }), {
    use: false,
    reason: "its result.json and its shard set disagree on the number of shards",
  });
  assert.deepEqual(judgeClosurePrior({ result: { kind: "closure", count: 2 }, shardSet: { ...same, difference: "shard 1/2 differs" } }), {
    use: false,
    reason: "shard 1/2 differs",
  });
});
