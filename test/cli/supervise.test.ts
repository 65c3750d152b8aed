/**
 * `wave run --waves`: the waves run in order in the same work tree (a later wave sees what an
 * earlier one wrote), the sequence stops at the first wave that does not pass, and the same
 * command again skips what passed and resumes there. `--json` prints one result line per wave.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { contQaAgent, implAgent, makeRepo, resetStarts, starts, wave, writeWave } from "../engine/fixture.js";

function jsonLines(stdout: string): { wave: number; status: string; attempt: number }[] {
  return stdout
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
}

describe("wave run --waves", () => {
  test("stops at the first wave that fails, and the same command resumes from it", async () => {
    const repo = await makeRepo("multi-wave");
    try {
      await writeWave(repo, 1, [implAgent("A1", {}, "src/w1.js"), contQaAgent(1)]);
      // Wave 2 builds on wave 1: its agent prints the file wave 1 wrote (and crashes without it).
      await writeWave(repo, 2, [implAgent("A1", { cat: "src/w1.js", failRuns: 1 }, "src/w2.js"), contQaAgent(2)]);
      await writeWave(repo, 3, [implAgent("A1", { cat: "src/w2.js" }, "src/w3.js"), contQaAgent(3)]);

      const first = await wave(repo, ["run", "--waves", "1-3", "--json", "--max-attempts", "1"]);
      assert.equal(first.code, 1, first.stderr);
      const r1 = jsonLines(first.stdout);
      assert.deepEqual(
        r1.map((r) => [r.wave, r.status]),
        [
          [1, "passed"],
          [2, "failed"],
        ],
      );
      assert.match(first.stderr, /== wave 1 \(1 of 3: waves 1, 2, 3\): running/);
      assert.match(first.stderr, /== wave 2 \(2 of 3: waves 1, 2, 3\): running/);
      assert.match(first.stderr, /stopped at wave 2 \(passed: 1\); not started: 3/);
      assert.equal(existsSync(path.join(repo.root, ".wave", "main", "wave-3")), false, "wave 3 never started");

      // Wave 2's agent now succeeds (its second start); wave 1 is not run again.
      await resetStarts(repo);
      const second = await wave(repo, ["run", "--waves", "1-3", "--json", "--max-attempts", "1"]);
      assert.equal(second.code, 0, second.stderr);
      const r2 = jsonLines(second.stdout);
      assert.deepEqual(
        r2.map((r) => [r.wave, r.status, r.attempt]),
        [
          [1, "passed", 1],
          [2, "passed", 2],
          [3, "passed", 1],
        ],
      );
      assert.match(second.stderr, /== wave 1 \(1 of 3: waves 1, 2, 3\): passed earlier \(attempt 1\); skipped/);
      // Wave 2 resumed: its cont-QA ran (the closure follows the agent that ran again), wave 3 ran whole.
      assert.deepEqual(starts(repo), ["A1", "A0", "A1", "A0"]);
      assert.match(second.stderr, /passed: waves 1, 2, 3/);

      // All passed: nothing runs, each recorded result is printed once more.
      await resetStarts(repo);
      const third = await wave(repo, ["run", "--waves", "all", "--json"]);
      assert.equal(third.code, 0, third.stderr);
      assert.deepEqual(
        jsonLines(third.stdout).map((r) => [r.wave, r.attempt]),
        [
          [1, 1],
          [2, 2],
          [3, 1],
        ],
      );
      assert.deepEqual(starts(repo), []);
    } finally {
      await repo.cleanup();
    }
  });

  test("a wave whose file changed after it passed runs again", async () => {
    const repo = await makeRepo("multi-wave-changed");
    try {
      await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
      const first = await wave(repo, ["run", "--waves", "1", "--json"]);
      assert.equal(first.code, 0, first.stderr);
      await resetStarts(repo);
      // A new title: the wave file (and its fingerprint) changed.
      await writeWave(repo, 1, [{ ...implAgent("A1"), title: "Renamed implementation" }, contQaAgent(1)]);
      const again = await wave(repo, ["run", "--waves", "1", "--json"]);
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(
        jsonLines(again.stdout).map((r) => [r.wave, r.attempt]),
        [[1, 2]],
      );
      assert.ok(starts(repo).includes("A1"), "the changed wave ran again");
    } finally {
      await repo.cleanup();
    }
  });

  test("usage errors: --wave with --waves, a wave that does not exist, a bad selection", async () => {
    const repo = await makeRepo("multi-wave-usage");
    try {
      await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
      const both = await wave(repo, ["run", "--wave", "1", "--waves", "1-2"]);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /give --wave N or --waves, not both/);
      const missing = await wave(repo, ["run", "--waves", "1-2"]);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /wave 2 not found/);
      const bad = await wave(repo, ["run", "--waves", "3-1"]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /runs backwards/);
      assert.deepEqual(starts(repo), []);
    } finally {
      await repo.cleanup();
    }
  });
});
