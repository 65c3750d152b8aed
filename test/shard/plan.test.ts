/**
 * Sharding a wave (src/shard/plan.ts): how many jobs, who runs where (deterministic, balanced by
 * budget minutes, never over the cap), the matrix entries, and the `--shard` values accepted.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  assignShards,
  isDesignJob,
  matrixEntries,
  parseShardRole,
  type ShardAgent,
  shardCountFor,
  shardOfAgents,
} from "../../src/shard/plan.js";

const impl = (n: number, minutes: (i: number) => number | null = () => null): ShardAgent[] =>
  Array.from({ length: n }, (_, i) => ({ id: `A${i + 1}`, phase: "implementation", minutes: minutes(i) }));
const A0: ShardAgent = { id: "A0", phase: "cont-qa", minutes: null };

test("a wave is sharded only when it has more implementation agents than the limit; closure agents do not count", () => {
  assert.equal(shardCountFor([...impl(3), A0], 4), 1);
  assert.equal(shardCountFor([...impl(4), A0], 4), 1);
  assert.equal(shardCountFor([...impl(5), A0], 4), 2);
  assert.equal(shardCountFor([...impl(12), A0], 4), 3);
  assert.equal(shardCountFor([...impl(13), A0], 4), 4);
  assert.equal(shardCountFor([...impl(48), A0], 8), 6);
  assert.equal(shardCountFor([...impl(48), A0], null), 1, "no limit: never sharded");
  assert.equal(shardCountFor([...impl(48), A0], 0), 1);
  // Design agents run in the design job (shard 0): they count for no shard.
  assert.equal(shardCountFor([{ id: "D1", phase: "design", minutes: null }, ...impl(12), A0], 4), 3);
  assert.equal(shardCountFor([{ id: "D1", phase: "design", minutes: null }, ...impl(4), A0], 4), 1);
});

test("12 agents in 3 shards: 4 each, in wave order, closure agents in none", () => {
  const shards = assignShards([A0, ...impl(12)], 3);
  assert.equal(shards.length, 3);
  assert.deepEqual(
    shards.map((s) => s.length),
    [4, 4, 4],
  );
  assert.deepEqual(
    shards.flat().sort(),
    impl(12)
      .map((a) => a.id)
      .sort(),
  );
  for (const s of shards)
    assert.deepEqual(
      s,
      [...s].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))),
      "wave order inside a shard",
    );
  assert.ok(!shards.flat().includes("A0"));
  const where = shardOfAgents(shards);
  assert.equal(where.size, 12);
  assert.equal(where.get("A0"), undefined);
});

test("minutes balance the shards: the long agents are spread, not stacked", () => {
  // Two 60-minute agents and six 10-minute ones over 2 shards: one long agent each, 3 short each.
  const agents = impl(8, (i) => (i < 2 ? 60 : 10));
  const shards = assignShards(agents, 2);
  assert.deepEqual(shards, [
    ["A1", "A3", "A5", "A7"],
    ["A2", "A4", "A6", "A8"],
  ]);
  // A single long agent gets a shard to itself until the other shard is full (the cap is ceil(6/2) = 3).
  assert.deepEqual(
    assignShards(
      impl(6, (i) => (i === 0 ? 100 : 5)),
      2,
    ),
    [
      ["A1", "A5", "A6"],
      ["A2", "A3", "A4"],
    ],
  );
  // Agents without minutes weigh the mean of those with them.
  const mixed = [...impl(2, () => 30), ...impl(2).map((a, i) => ({ ...a, id: `B${i}` }))];
  assert.deepEqual(
    assignShards(mixed, 2).map((s) => s.length),
    [2, 2],
  );
});

test("the assignment is a function of the wave alone: same input, same shards; every agent in exactly one, none over the cap", () => {
  fc.assert(
    fc.property(
      fc.array(fc.option(fc.integer({ min: 1, max: 240 }), { nil: null }), { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 1, max: 12 }),
      (minutes, count) => {
        const agents = impl(minutes.length, (i) => minutes[i]!);
        const a = assignShards(agents, count);
        assert.deepEqual(
          assignShards(
            agents.map((x) => ({ ...x })),
            count,
          ),
          a,
        );
        assert.equal(a.length, count);
        const cap = Math.ceil(agents.length / count);
        for (const s of a) assert.ok(s.length <= cap);
        assert.deepEqual(a.flat().sort(), agents.map((x) => x.id).sort());
      },
    ),
    { numRuns: 200, seed: 4242 },
  );
});

test("matrix: an unsharded wave is one entry as before; a sharded one lists its shards and then its closure job", () => {
  assert.deepEqual(matrixEntries(3, 1), [{ wave: 3 }]);
  assert.deepEqual(matrixEntries(3, 3), [
    { wave: 3, shard: "1/3", shards: 3 },
    { wave: 3, shard: "2/3", shards: 3 },
    { wave: 3, shard: "3/3", shards: 3 },
    { wave: 3, shard: "closure", shards: 3 },
  ]);
});

test("a wave with design agents: the design job (shard 0) runs first, then its shards, then the closure job", () => {
  assert.deepEqual(matrixEntries(3, 2, true), [
    { wave: 3, shard: "0/2", shards: 2 },
    { wave: 3, shard: "1/2", shards: 2 },
    { wave: 3, shard: "2/2", shards: 2 },
    { wave: 3, shard: "closure", shards: 2 },
  ]);
  // Not sharded: one job runs design and implementation, as before.
  assert.deepEqual(matrixEntries(3, 1, true), [{ wave: 3 }]);
  const D1: ShardAgent = { id: "D1", phase: "design", minutes: 30 };
  const agents = [D1, ...impl(4), A0];
  const shards = assignShards(agents, 2);
  assert.deepEqual(shards.flat().sort(), ["A1", "A2", "A3", "A4"], "a design agent is in no implementation shard");
  const of = shardOfAgents(shards, agents);
  assert.equal(of.get("D1"), 0);
  assert.equal(of.get("A0"), undefined, "closure agents are the closure job's");
  assert.deepEqual([...of.values()].sort(), [0, 1, 1, 2, 2]);
});

test("--shard takes i/n or closure; anything else names the flag and what it got", () => {
  assert.deepEqual(parseShardRole("2/4", "--shard"), { kind: "shard", index: 2, count: 4 });
  assert.deepEqual(parseShardRole(" 1 / 1 ", "--shard"), { kind: "shard", index: 1, count: 1 });
  assert.deepEqual(parseShardRole("closure", "--shard"), { kind: "closure" });
  assert.equal(parseShardRole("", "--shard"), null);
  assert.equal(parseShardRole(undefined, "--shard"), null);
  assert.throws(() => parseShardRole("5/4", "--shard"), /--shard 5\/4: the shard must be between 1 and its count/);
  assert.deepEqual(parseShardRole("0/4", "--shard"), { kind: "shard", index: 0, count: 4 }, "0/n: the design job");
  assert.throws(() => parseShardRole("0/0", "--shard"), /between 1 and its count \(1\/1 … 1\/1\), or 0\/1 for the design job/);
  assert.throws(() => parseShardRole("2", "input shard"), /input shard must be i\/n \(e\.g\. 2\/4\) or closure \(got "2"\)/);
  assert.throws(() => parseShardRole("1/0", "--shard"), /between 1 and its count/);
});

test("the design job is shard 0, as a role or as the shard a run recorded; no other shard, no closure job, no whole wave", () => {
  assert.equal(isDesignJob({ kind: "shard", index: 0, count: 3 }), true);
  assert.equal(isDesignJob({ index: 0, count: 3 }), true);
  for (const index of [1, 3]) {
    assert.equal(isDesignJob({ kind: "shard", index, count: 3 }), false);
    assert.equal(isDesignJob({ index, count: 3 }), false);
  }
  assert.equal(isDesignJob({ kind: "closure" }), false);
  assert.equal(isDesignJob(null), false);
  assert.equal(isDesignJob(undefined), false);
});
