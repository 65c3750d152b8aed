/**
 * `wave run`'s sharding flags as a careless user types them: each mistake exits 2 with a message
 * naming the flag, before anything starts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { contQaAgent, implAgent, makeRepo, starts, waveInProcess, writeWave } from "../engine/fixture.js";

test("--shard / --closure / --from misuse: exit 2, the flag named, nothing started", async () => {
  const repo = await makeRepo("shard-flags");
  try {
    await writeWave(repo, 1, [implAgent("B1"), implAgent("B2"), contQaAgent(1)]);
    const cases: [string[], RegExp][] = [
      [["--shard", "3/2"], /--shard 3\/2: the shard must be between 1 and its count/],
      [["--shard", "two"], /--shard must be i\/n \(e\.g\. 2\/4\) or closure \(got "two"\)/],
      [["--shard", "closure"], /--shard takes I\/N; the closure job is --closure --from DIR/],
      [["--closure"], /--closure needs the shard runs to merge: --from DIR, one per shard/],
      [["--from", "x"], /--from names the shard runs of --closure, or the design job's run for --shard I\/N \(I from 1\)/],
      [["--shard", "0/2", "--from", "x"], /--from names the shard runs of --closure, or the design job's run/],
      [["--shard", "1/2", "--from", "x", "--from", "y"], /--shard 1\/2 builds on one design job's run: give --from once/],
      [["--shard", "1/2", "--closure", "--from", "x"], /give --shard I\/N or --closure, not both/],
    ];
    for (const [flags, message] of cases) {
      const r = await waveInProcess(repo, ["run", "--wave", "1", ...flags]);
      assert.equal(r.code, 2, `${flags.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message, flags.join(" "));
    }
    const waves = await waveInProcess(repo, ["run", "--waves", "1", "--shard", "1/2"]);
    assert.equal(waves.code, 2);
    assert.match(waves.stderr, /--shard and --closure run one wave: give --wave N/);
    assert.deepEqual(starts(repo), []);
  } finally {
    await repo.cleanup();
  }
});
