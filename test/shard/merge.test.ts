/**
 * The closure job's merge of shard patches (src/shard/merge.ts): a patch split into its files'
 * sections (binary and oddly named files too), a file changed identically in several shards kept
 * once, a file changed differently named with both agents, and the shard set checks.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { mergePatches, type ShardRun, shardOverlaps, shardSetProblems, splitPatch } from "../../src/shard/merge.js";

const section = (file: string, body: string) =>
  `diff --git a/${file} b/${file}\nindex 0000000..1111111 100644\n--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n-old\n+${body}\n`;
const binary =
  "diff --git a/img.png b/img.png\nnew file mode 100644\nindex 0000000..e69de29\nGIT binary patch\nliteral 3\nKcmZ>Y%Km|G\n\nliteral 0\nHcmV?d00001\n\n";
const quoted = 'diff --git "a/sp ace.txt" "b/sp ace.txt"\nnew file mode 100644\n--- /dev/null\n+++ "b/sp ace.txt"\n@@ -0,0 +1 @@\n+x\n';

test("a patch splits into one section per file: text, binary, quoted names; a hunk line is never a header", () => {
  const tricky = section("a.txt", "diff --git a/x b/x (a line of content, prefixed by +)");
  const parts = splitPatch(Buffer.from(tricky + binary + quoted));
  assert.deepEqual(
    parts.map((p) => p.path),
    ["a.txt", "img.png", 'diff --git "a/sp ace.txt" "b/sp ace.txt"'],
  );
  assert.equal(Buffer.concat(parts.map((p) => p.bytes)).toString(), tricky + binary + quoted);
  assert.deepEqual(splitPatch(Buffer.alloc(0)), []);
});

test("merging keeps a section shared by every shard once, and each shard's own sections", () => {
  const shared = section("README.md", "built by wave 0");
  const merged = mergePatches([Buffer.from(shared + section("src/b1.js", "b1")), Buffer.from(section("src/b2.js", "b2") + shared)]);
  assert.equal(merged.toString(), shared + section("src/b1.js", "b1") + section("src/b2.js", "b2"));
});

const run = (index: number, changes: [string, string][], agents: [string, string[]][], over: Partial<ShardRun> = {}): ShardRun => ({
  dir: `/runs/s${index}`,
  lane: "main",
  wave: 1,
  shard: { kind: "shard", index, count: 2 },
  status: "passed",
  waveFingerprint: "f1",
  baseCommit: "c1",
  changes: changes.map(([path, body]) => ({ path, digest: splitPatch(Buffer.from(section(path, body)))[0]!.digest })),
  agents: agents.map(([id, ownedPaths]) => ({ id, ownedPaths })),
  ...over,
});

test("a file changed differently in two shards names both agents; the same change in both is not an overlap", () => {
  const one = run(
    1,
    [
      ["README.md", "wave 0"],
      ["src/b1.js", "b1"],
    ],
    [["B1", ["src/b1.js"]]],
  );
  const two = run(
    2,
    [
      ["README.md", "wave 0"],
      ["src/b1.js", "mine"],
      ["src/b2/x.js", "b2"],
    ],
    [["B2", ["src/b2/"]]],
  );
  assert.deepEqual(shardOverlaps([one, two]), ["src/b1.js was changed by B1 (shard 1/2) and by B2 (shard 2/2), which does not own it"]);
  // Several agents in the shard, none owning it: all are named; none at all: the shard is.
  const three = { ...two, agents: [...two.agents, { id: "B4", ownedPaths: ["src/b4.js"] }] };
  assert.deepEqual(shardOverlaps([one, three]), [
    "src/b1.js was changed by B1 (shard 1/2) and by one of B2, B4 (shard 2/2), none of which owns it",
  ]);
  assert.deepEqual(shardOverlaps([one, { ...two, agents: [] }]), [
    "src/b1.js was changed by B1 (shard 1/2) and by an agent of shard 2/2 that does not own it",
  ]);
  assert.deepEqual(
    shardOverlaps([
      one,
      run(
        2,
        [
          ["README.md", "wave 0"],
          ["src/b2/x.js", "b2"],
        ],
        [["B2", ["src/b2"]]],
      ),
    ]),
    [],
  );
});

test("the shard set: every shard once, passed, same wave file, same commit, same count", () => {
  const expect = { lane: "main", wave: 1, waveFingerprint: "f1", force: false };
  assert.deepEqual(shardSetProblems([run(1, [], []), run(2, [], [])], expect), []);
  assert.deepEqual(shardSetProblems([], expect), ["no shard run directories were given (--from <dir>, one per shard)"]);
  assert.deepEqual(shardSetProblems([run(1, [], [])], expect), ["shard 2/2 is missing"]);
  assert.deepEqual(shardSetProblems([run(1, [], []), run(1, [], [], { dir: "/runs/again" })], expect), [
    "shard 1/2 is given twice: /runs/s1 and /runs/again",
    "shard 2/2 is missing",
  ]);
  assert.deepEqual(shardSetProblems([run(1, [], []), run(2, [], [], { status: null })], expect), [
    "shard 2/2 (/runs/s2) did not pass (status none: it did not finish); run it again first",
  ]);
  assert.deepEqual(shardSetProblems([run(1, [], []), run(2, [], [], { waveFingerprint: "f0" })], expect), [
    "shard 2/2 (/runs/s2) ran another version of the wave file (--force-resume merges it anyway)",
  ]);
  assert.deepEqual(shardSetProblems([run(1, [], []), run(2, [], [], { waveFingerprint: "f0" })], { ...expect, force: true }), []);
  assert.deepEqual(shardSetProblems([run(1, [], []), run(2, [], [], { baseCommit: "c2" })], expect), [
    "the shard runs started from different commits (/runs/s1: c1, /runs/s2: c2)",
  ]);
  assert.deepEqual(shardSetProblems([run(1, [], []), run(2, [], [], { shard: { kind: "shard", index: 2, count: 3 } })], expect), [
    "the shard runs disagree on the number of shards (2 and 3)",
  ]);
  assert.deepEqual(shardSetProblems([run(1, [], [], { wave: 2 }), run(2, [], [], { shard: null })], expect), [
    "/runs/s1 is a run of lane main wave 2, not of lane main wave 1",
    "/runs/s2 is not a shard run (it was run without --shard)",
  ]);
});
