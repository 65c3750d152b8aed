/**
 * `wave run --dry-run`: every agent gets its prompt and launch preview, no agent process starts,
 * and nothing written holds a secret value from the environment.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  makeRepo,
  readResult,
  runDirOf,
  starts,
  wave,
  writeWave,
} from "../engine/fixture.js";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => statSync(f).isFile());
}

test("--dry-run: status dry-run, exit 0, prompt + launch.json per agent, no process, no secret values", async () => {
  const repo = await makeRepo("dry");
  try {
    const touched = path.join(repo.ext, "ran");
    const codex = implAgent("A2");
    codex.executorLines = ["- id: codex", "- model: gpt-5-codex"];
    await writeWave(repo, 1, [
      implAgent("A1", { touch: touched }),
      codex,
      integrationAgent(1, { touch: touched }),
      documentationAgent(),
      contQaAgent(1),
    ]);
    const secret = "sk-test-123456";
    const r = await wave(repo, ["run", "--wave", "1", "--dry-run"], {
      env: { OPENAI_API_KEY: secret, ANTHROPIC_API_KEY: "sk-ant-test-999999" },
    });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "dry-run");
    assert.equal(existsSync(touched), false, "no agent process started");
    assert.deepEqual(starts(repo), []);
    const runDir = runDirOf(repo, 1, 1);
    for (const id of ["A1", "A2", "A8", "A9", "A0"]) {
      const dir = path.join(runDir, "agents", id);
      assert.match(readFileSync(path.join(dir, "prompt.md"), "utf8"), new RegExp(`Agent ${id}`));
      const launch = JSON.parse(readFileSync(path.join(dir, "launch.json"), "utf8"));
      assert.equal(launch.agentId, id);
      assert.ok(Array.isArray(launch.envNames) && launch.envNames.includes("WAVE_PROMPT_FILE"), id);
    }
    const a2 = JSON.parse(readFileSync(path.join(runDir, "agents", "A2", "launch.json"), "utf8"));
    assert.equal(a2.executor, "codex");
    assert.ok(a2.envNames.includes("OPENAI_API_KEY"), "codex gets its key (by name)");
    const a1 = JSON.parse(readFileSync(path.join(runDir, "agents", "A1", "launch.json"), "utf8"));
    assert.ok(!a1.envNames.includes("OPENAI_API_KEY"), "a command agent does not get provider keys");
    for (const file of filesUnder(runDir)) {
      const text = readFileSync(file, "utf8");
      assert.ok(!text.includes(secret), `${path.relative(runDir, file)} holds the secret value`);
      assert.ok(!text.includes("sk-ant-test-999999"), `${path.relative(runDir, file)} holds the secret value`);
    }
    assert.ok(!(r.stdout + r.stderr).includes(secret));
  } finally {
    await repo.cleanup();
  }
});

test("--dry-run --executor local: an agent that names codex is shown and staged on local, with no provider key", async () => {
  const repo = await makeRepo("dry-executor");
  try {
    const codex = implAgent("A2");
    codex.executorLines = ["- id: codex", "- model: gpt-5-codex", "- fallbacks: claude"];
    await writeWave(repo, 1, [implAgent("A1"), codex, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
    const r = await wave(repo, ["run", "--wave", "1", "--dry-run", "--executor", "local"], { env: { OPENAI_API_KEY: "sk-test-123456" } });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const runDir = runDirOf(repo, 1, 1);
    for (const id of ["A1", "A2", "A8", "A9", "A0"]) {
      const launch = JSON.parse(readFileSync(path.join(runDir, "agents", id, "launch.json"), "utf8"));
      assert.equal(launch.executor, "local", `${id} runs on the executor --executor named`);
      assert.ok(!launch.envNames.includes("OPENAI_API_KEY"), `${id} gets no provider key`);
    }
    const a2Row = r.stdout.split("\n").find((line) => /\bA2\b/.test(line) && /local|codex/.test(line));
    assert.ok(a2Row, `the plan shows A2's executor:\n${r.stdout}`);
    assert.match(a2Row, /\blocal\b/);
    assert.doesNotMatch(a2Row, /\bcodex\b/);
    const result = readResult(repo, 1, 1);
    const a2 = result.agents.find((a: { id: string }) => a.id === "A2");
    assert.equal(a2.executor, "local");
  } finally {
    await repo.cleanup();
  }
});
