/**
 * The `ownership` run option (action input `ownership`, `wave run --ownership`) wins over the wave
 * file's `**Ownership**` and the config's `ownership`, the way `sandbox` wins over the config:
 * `strict` fails the gate of an agent that changed a file it does not own where the wave file says
 * nothing, and `report` only warns where the wave file says strict. A bad flag value is a usage
 * error naming the flag.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync } from "node:fs";
import { test } from "node:test";
import { contQaAgent, engineRun, git, implAgent, makeRepo, waveInProcess, writeWave } from "./fixture.js";

async function strayWave(name: string, strictInFile: boolean) {
  const repo = await makeRepo(name);
  const a1 = implAgent("A1");
  const file = await writeWave(repo, 1, [
    { ...a1, behaviour: { ...a1.behaviour, write: { "src/a1.js": "x\n", "src/other.txt": "not mine\n" } } },
    contQaAgent(1),
  ]);
  if (strictInFile) {
    await fs.writeFile(file, readFileSync(file, "utf8").replace("**Commit message**", "**Ownership**: strict\n\n**Commit message**"));
    git(repo.root, ["commit", "-qam", "strict"]);
  }
  return repo;
}

test("option ownership strict fails the gate of an agent that changed a file it does not own (the wave file says nothing)", async () => {
  const repo = await strayWave("own-opt-strict", false);
  try {
    const { result } = await engineRun(repo, 1, { ownership: "strict", maxAttempts: 1 });
    assert.equal(result.status, "failed");
    assert.equal(result.failure?.statusCode, "ownership-violation");
    assert.equal(result.failure?.agentId, "A1");
  } finally {
    await repo.cleanup();
  }
});

test("option ownership report wins over the wave file's strict: the change is a warning, the wave passes", async () => {
  const repo = await strayWave("own-opt-report", true);
  try {
    const { result } = await engineRun(repo, 1, { ownership: "report" });
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.deepEqual(result.ownership, [{ agentId: "A1", path: "src/other.txt", protected: false, stage: "implementation" }]);
  } finally {
    await repo.cleanup();
  }
});

test("wave run --ownership takes strict|report and names itself otherwise", async () => {
  const repo = await strayWave("own-opt-flag", false);
  try {
    const bad = await waveInProcess(repo, ["run", "--wave", "1", "--ownership", "lenient"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--ownership must be one of strict, report \(got "lenient"\)/);
    const strict = await waveInProcess(repo, [
      "run",
      "--wave",
      "1",
      "--ownership",
      "strict",
      "--max-attempts",
      "1",
      "--agent-user",
      "none",
      "--json",
    ]);
    assert.equal(strict.code, 1, strict.stderr);
    assert.equal(JSON.parse(strict.stdout).failure?.statusCode, "ownership-violation", strict.stdout);
  } finally {
    await repo.cleanup();
  }
});
