/**
 * Which jobs of a sharded wave build on earlier states of the run (src/action/handoff.ts,
 * `findShardBase`): the closure job on its shards', a shard job on its design job's; the design
 * job and an unsharded job do not look. The states found and merged: test/action/shard.test.ts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { findShardBase } from "../../src/action/handoff.js";
import { readInputs } from "../../src/action/inputs.js";
import type { ArtifactStore } from "../../src/artifacts/types.js";
import { contQaAgent, implAgent, makeRepo, writeWave } from "../engine/fixture.js";

/** A store of this run with no artifacts, counting its listings. */
function emptyStore(): ArtifactStore & { listings: number } {
  return {
    source: "github",
    listings: 0,
    async list() {
      this.listings++;
      return [];
    },
    upload: () => Promise.reject(new Error("no upload here")),
    download: () => Promise.reject(new Error("no download here")),
  };
}

test("the closure job and a shard job look for what they build on; the design job and an unsharded job do not", async () => {
  const repo = await makeRepo("shard-base");
  try {
    await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
    const env = { GITHUB_WORKSPACE: repo.root };
    const find = async (values: Record<string, string>) => {
      const store = emptyStore();
      const inputs = readInputs((name) => ({ wave: "1", ...values })[name] ?? "", env);
      return { base: await findShardBase(store, inputs, repo.base, env), listings: store.listings };
    };
    assert.deepEqual(await find({ mode: "run" }), { base: null, listings: 0 });
    assert.deepEqual(await find({ mode: "run", shard: "0/2" }), { base: null, listings: 0 });
    assert.deepEqual(await find({ mode: "run", shard: "1/2" }), { base: null, listings: 1 });
    assert.deepEqual(await find({ mode: "closure" }), { base: { from: "shards", states: [] }, listings: 1 });
  } finally {
    await repo.cleanup();
  }
});
