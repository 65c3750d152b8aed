import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parseWaveSelection, planCommand } from "../../src/commands/plan.js";
import { agent, EXAMPLES, FIXTURES, waveText } from "../wave/helpers.js";

const BROKEN = path.join(FIXTURES, "broken");
const CONFIGURED = path.join(FIXTURES, "configured");

test("plan: --waves spec parsing", () => {
  assert.deepEqual(parseWaveSelection("all"), { ok: true, waves: "all" });
  assert.deepEqual(parseWaveSelection(" 3 "), { ok: true, waves: [3] });
  assert.deepEqual(parseWaveSelection("2-4"), { ok: true, waves: [2, 3, 4] });
  assert.deepEqual(parseWaveSelection("5,1,3-4,1"), { ok: true, waves: [1, 3, 4, 5] });
  for (const bad of ["", "x", "1-", "-1", "4-2", "1,,2", "1.5", "0-999999999"]) {
    assert.equal(parseWaveSelection(bad).ok, false, bad);
  }
});

test("plan: json with lane, waves, agents and the workflow matrix", async () => {
  const out = await planCommand({ root: CONFIGURED, waves: "0,2", format: "json" });
  assert.equal(out.exitCode, 0, out.stderr);
  const plan = JSON.parse(out.stdout);
  assert.equal(plan.lane, "main");
  assert.deepEqual(plan.matrix, { include: [{ wave: 0 }, { wave: 2 }] });
  assert.deepEqual(
    plan.waves.map((w: { wave: number; file: string }) => [w.wave, w.file]),
    [
      [0, "docs/plans/waves/wave-0.md"],
      [2, "docs/plans/waves/wave-2.md"],
    ],
  );
  const a1 = plan.waves[1].agents.find((a: { id: string }) => a.id === "A1");
  assert.deepEqual(a1, {
    id: "A1",
    title: "Pilot switch",
    role: "implementation",
    closureStage: null,
    executor: "codex",
    model: "gpt-5-codex",
  });
  const all = JSON.parse((await planCommand({ root: CONFIGURED, waves: "all", format: "json" })).stdout);
  assert.deepEqual(all.matrix.include, [{ wave: 0 }, { wave: 1 }, { wave: 2 }]);
  const cli = JSON.parse(
    (await planCommand({ root: path.join(FIXTURES, "lenient"), waves: "2", format: "json", cliExecutor: "claude" })).stdout,
  );
  assert.deepEqual(
    cli.waves[0].agents.map((a: { id: string; executor: string }) => `${a.id}:${a.executor}`),
    ["R1:claude", "R2:claude"],
    "--executor applies to every agent, the one that names local included",
  );
  const mix = await planCommand({ root: CONFIGURED, waves: "1", format: "json", cliExecutor: "opencode" });
  assert.equal(mix.exitCode, 1, "--executor beats lane role defaults, which here breaks the runtime mix targets");
  assert.match(mix.stderr, /exceeds the lane's runtime mix targets \(opencode=7 exceeds target 2\)/);
});

test("plan: text table; bad spec or unknown wave exit 2; invalid waves exit 1 with the errors", async () => {
  const text = await planCommand({ root: EXAMPLES, waves: "all", format: "text" });
  assert.equal(text.exitCode, 0);
  assert.match(
    text.stdout,
    /^lane main: 1 wave\n\nwave 0 - Text statistics helpers \(docs\/plans\/waves\/wave-0\.md\)\n {2}agent +role +executor +title\n/,
  );
  assert.match(text.stdout, /A0 +cont-qa \(closure\) +local +cont-QA/);
  assert.match(text.stdout, /matrix: \{"include":\[\{"wave":0\}\]\}\n$/);
  const bad = await planCommand({ root: EXAMPLES, waves: "1-x", format: "json" });
  assert.equal(bad.exitCode, 2);
  assert.match(bad.stderr, /invalid --waves "1-x"/);
  const missing = await planCommand({ root: EXAMPLES, waves: "0-2", format: "json" });
  assert.equal(missing.exitCode, 2);
  assert.match(missing.stderr, /wave 1, 2 not found in docs\/plans\/waves \(waves: 0\)/);
  const invalid = await planCommand({ root: BROKEN, waves: "3", format: "json", cwd: BROKEN });
  assert.equal(invalid.exitCode, 1, "the wave-1a.md name error belongs to the whole project");
  assert.equal(invalid.stdout, "");
  assert.match(invalid.stderr, /docs\/plans\/waves\/wave-1a\.md: error: invalid wave file name/);
  const invalid1 = await planCommand({ root: BROKEN, waves: "1", format: "json", cwd: BROKEN });
  assert.match(invalid1.stderr, /docs\/plans\/waves\/wave-1\.md:12: error: Agent B1/);
});

test("plan: more than 256 matrix jobs in one run (shard, design and closure entries count) fails before anything runs", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), "wave-plan-256-"));
  try {
    const waves = path.join(root, "docs", "plans", "waves");
    await mkdir(waves, { recursive: true });
    // 255 implementation agents at one per job: 255 shard jobs + the closure job = 256, the limit.
    const agents = Array.from({ length: 255 }, (_, i) => agent({ id: `W${i + 1}` }));
    await writeFile(path.join(waves, "wave-1.md"), waveText(1, agents));
    const atLimit = await planCommand({ root, waves: "1", format: "json", maxAgentsPerJob: 1 });
    assert.equal(atLimit.exitCode, 0, atLimit.stderr);
    assert.equal(JSON.parse(atLimit.stdout).matrix.include.length, 256);
    await writeFile(path.join(waves, "wave-2.md"), waveText(2, [agent({ id: "W1" })]));
    const over = await planCommand({ root, waves: "1-2", format: "json", maxAgentsPerJob: 1 });
    assert.equal(over.exitCode, 1);
    assert.equal(over.stdout, "");
    assert.match(over.stderr, /the plan has 257 matrix jobs \(wave 1 alone takes 256\), but GitHub starts at most 256 jobs of one matrix/);
    assert.match(over.stderr, /raise max-agents-per-job \(now 1\)/);
    assert.match(over.stderr, /Plan fewer waves per run/);
    const wider = await planCommand({ root, waves: "1-2", format: "json", maxAgentsPerJob: 2 });
    assert.equal(wider.exitCode, 0, "a larger max-agents-per-job brings it under the limit");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
