/**
 * `wave plan` with a per-job agent limit: a wave with more implementation agents than the limit is
 * listed with its shards and gets one matrix entry per shard plus its closure job; a small wave
 * stays one entry; the config's runtimePolicy.maxAgentsPerJob applies when the flag is absent, and
 * budget minutes balance the shards.
 */
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { contQaAgent, designAgent, implAgent, makeRepo, waveInProcess, writeWave } from "../engine/fixture.js";

/** Implementation agent ids (A8 and A9 would be the integration and documentation stewards). */
const ids = (n: number) => Array.from({ length: n }, (_, i) => `B${i + 1}`);

test("12 agents with --max-agents-per-job 4: 3 shard entries and a closure entry; a 3-agent wave stays one entry", async () => {
  const repo = await makeRepo("plan-shards");
  try {
    await writeWave(repo, 1, [...ids(12).map((id) => implAgent(id)), contQaAgent(1)], { commit: false });
    await writeWave(repo, 2, [...ids(3).map((id) => implAgent(id)), contQaAgent(2)]);
    const r = await waveInProcess(repo, ["plan", "--max-agents-per-job", "4", "--format", "json"]);
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.deepEqual(plan.matrix.include, [
      { wave: 1, shard: "1/3", shards: 3 },
      { wave: 1, shard: "2/3", shards: 3 },
      { wave: 1, shard: "3/3", shards: 3 },
      { wave: 1, shard: "closure", shards: 3 },
      { wave: 2 },
    ]);
    assert.deepEqual(plan.waves[0].shards, [
      ["B1", "B4", "B7", "B10"],
      ["B2", "B5", "B8", "B11"],
      ["B3", "B6", "B9", "B12"],
    ]);
    assert.equal(plan.waves[1].shards, undefined);
    const text = await waveInProcess(repo, ["plan", "--max-agents-per-job", "4"]);
    assert.match(
      text.stdout,
      /^ {2}3 shard jobs and a closure job:\n {4}shard 1\/3: B1, B4, B7, B10\n {4}shard 2\/3: B2, B5, B8, B11\n {4}shard 3\/3: B3, B6, B9, B12$/m,
    );
    // Without a limit nothing is sharded.
    const plain = JSON.parse((await waveInProcess(repo, ["plan", "--format", "json"])).stdout);
    assert.deepEqual(plain.matrix.include, [{ wave: 1 }, { wave: 2 }]);
  } finally {
    await repo.cleanup();
  }
});

test("a wave with design agents: the design job (shard 0) first, then its shards, then the closure job", async () => {
  const repo = await makeRepo("plan-shards-design");
  try {
    await writeWave(repo, 1, [designAgent(1), ...ids(4).map((id) => implAgent(id)), contQaAgent(1)]);
    const plan = JSON.parse((await waveInProcess(repo, ["plan", "--max-agents-per-job", "2", "--format", "json"])).stdout);
    assert.deepEqual(plan.matrix.include, [
      { wave: 1, shard: "0/2", shards: 2 },
      { wave: 1, shard: "1/2", shards: 2 },
      { wave: 1, shard: "2/2", shards: 2 },
      { wave: 1, shard: "closure", shards: 2 },
    ]);
    assert.deepEqual(plan.waves[0].design, ["D1"]);
    assert.deepEqual(plan.waves[0].shards, [
      ["B1", "B3"],
      ["B2", "B4"],
    ]);
    const text = await waveInProcess(repo, ["plan", "--max-agents-per-job", "2"]);
    assert.match(
      text.stdout,
      /^ {2}a design job, 2 shard jobs and a closure job:\n {4}shard 0\/2 \(design\): D1\n {4}shard 1\/2: B1, B3\n {4}shard 2\/2: B2, B4$/m,
    );
    // Not over the limit: one job runs design and implementation, as before.
    const whole = JSON.parse((await waveInProcess(repo, ["plan", "--max-agents-per-job", "4", "--format", "json"])).stdout);
    assert.deepEqual(whole.matrix.include, [{ wave: 1 }]);
    assert.equal(whole.waves[0].design, undefined);
  } finally {
    await repo.cleanup();
  }
});

test("runtimePolicy.maxAgentsPerJob applies without the flag; budget minutes balance the shards; a bad flag exits 2", async () => {
  const repo = await makeRepo("plan-shards-config");
  try {
    const agents = ids(5).map((id, i) => ({ ...implAgent(id), moreExecutorLines: [`- budget.minutes: ${i === 0 ? 90 : 10}`] }));
    // The config's stricter wave rules are beside the point here.
    const validation = {
      requiredPromptReferences: [],
      requireDocumentationStewardFromWave: null,
      requireIntegrationStewardFromWave: null,
      requireComponentPromotionsFromWave: null,
      requireAgentComponentsFromWave: null,
    };
    await fs.writeFile(path.join(repo.root, "wave.config.json"), JSON.stringify({ validation, runtimePolicy: { maxAgentsPerJob: 3 } }));
    // With a config, cont-QA imports its role prompt.
    await fs.mkdir(path.join(repo.root, "docs", "agents"), { recursive: true });
    await fs.writeFile(
      path.join(repo.root, "docs", "agents", "wave-cont-qa-role.md"),
      "# cont-QA\n\n## Standing prompt\n\n```text\nReview the wave.\n```\n",
    );
    const contQa = { ...contQaAgent(1), moreExecutorLines: ["", "### Role prompts", "", "- docs/agents/wave-cont-qa-role.md"] };
    await writeWave(repo, 1, [...agents, contQa]);
    const r = await waveInProcess(repo, ["plan", "--format", "json"]);
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.deepEqual(
      plan.waves[0].shards,
      [
        ["B1", "B5"],
        ["B2", "B3", "B4"],
      ],
      "the 90-minute agent gets the lighter shard",
    );
    const flag = JSON.parse((await waveInProcess(repo, ["plan", "--format", "json", "--max-agents-per-job", "5"])).stdout);
    assert.deepEqual(flag.matrix.include, [{ wave: 1 }], "the flag wins over the config");
    const bad = await waveInProcess(repo, ["plan", "--max-agents-per-job", "0"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--max-agents-per-job must be a whole number of at least 1 \(got "0"\)/);
  } finally {
    await repo.cleanup();
  }
});
