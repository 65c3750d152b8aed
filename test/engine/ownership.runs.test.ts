/**
 * Ownership in whole runs (real agent processes, real git): a person's uncommitted edit of a wave
 * file is not an agent's; a change outside what an agent owns warns under `report` and fails its
 * gate under `strict`; a `.git` an agent plants is a violation, is removed, and the run's changes
 * are still recorded.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import { contQaAgent, engineRun, git, implAgent, makeRepo, runDirOf, writeWave } from "./fixture.js";

const warnings = (events: EngineEvent[]) => events.flatMap((e) => (e.type === "warning" ? [e.message] : []));

describe("ownership in a run", () => {
  test("a person's uncommitted edit of the wave file keeps working, and is nobody's violation", async () => {
    const repo = await makeRepo("own-person");
    try {
      await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
      // The person edits the wave file (a new title) and does not commit.
      await writeWave(repo, 1, [{ ...implAgent("A1"), title: "Edited by a person" }, contQaAgent(1)], { commit: false });
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, {}, events);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.equal(result.agents.find((a) => a.id === "A1")?.title, "Edited by a person");
      assert.equal(result.ownership, undefined);
      assert.deepEqual(
        warnings(events).filter((w) => w.startsWith("ownership")),
        [],
      );
      assert.equal(existsSync(path.join(repo.root, ".wave", "agent-edits.json")), false);
      // The person's edit is part of the recorded changes as before.
      assert.match(readFileSync(path.join(runDirOf(repo, 1, 1), "changes", "changes.patch"), "utf8"), /Edited by a person/);
    } finally {
      await repo.cleanup();
    }
  });

  test("report (the default): a change outside what the agent owns is a warning, and is recorded", async () => {
    const repo = await makeRepo("own-report");
    try {
      const a1 = implAgent("A1");
      await writeWave(repo, 1, [
        { ...a1, behaviour: { ...a1.behaviour, write: { "src/a1.js": "x\n", "src/other.txt": "not mine\n" } } },
        contQaAgent(1),
      ]);
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, {}, events);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.deepEqual(result.ownership, [{ agentId: "A1", path: "src/other.txt", protected: false, stage: "implementation" }]);
      assert.ok(warnings(events).some((w) => /ownership: A1 changed src\/other\.txt, which it does not own/.test(w)));
      // An ordinary file is carried on as before.
      assert.match(readFileSync(path.join(runDirOf(repo, 1, 1), "changes", "changes.patch"), "utf8"), /src\/other\.txt/);
    } finally {
      await repo.cleanup();
    }
  });

  test("strict (the wave file's **Ownership**): the same change fails the agent's gate", async () => {
    const repo = await makeRepo("own-strict");
    try {
      const a1 = implAgent("A1");
      const file = await writeWave(repo, 1, [
        { ...a1, behaviour: { ...a1.behaviour, write: { "src/a1.js": "x\n", "src/other.txt": "not mine\n" } } },
        contQaAgent(1),
      ]);
      const text = readFileSync(file, "utf8");
      await fs.writeFile(file, text.replace("**Commit message**", "**Ownership**: strict\n\n**Commit message**"));
      git(repo.root, ["commit", "-qam", "strict"]);
      const { result } = await engineRun(repo, 1, { maxAttempts: 2 });
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.statusCode, "ownership-violation");
      assert.equal(result.failure?.agentId, "A1");
      assert.match(result.failure?.detail ?? "", /src\/other\.txt outside its File ownership list.*ownership: strict/);
      assert.equal(result.attempt, 1);
      assert.deepEqual(
        result.gates.filter((g) => !g.ok).map((g) => [g.stage, g.agentId, g.statusCode]),
        [["implementation", "A1", "ownership-violation"]],
      );
    } finally {
      await repo.cleanup();
    }
  });

  test("a .git an agent plants is a violation under report too, is removed, and the changes are still recorded", async () => {
    const repo = await makeRepo("own-git");
    try {
      const a1 = implAgent("A1");
      const write = { "src/a1.js": "x\n", "src/nested/.git/HEAD": "ref: refs/heads/main\n", "lib/.git": "gitdir: /nowhere\n" };
      await writeWave(repo, 1, [{ ...a1, behaviour: { ...a1.behaviour, write } }, contQaAgent(1)]);
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, {}, events);
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.statusCode, "ownership-violation");
      assert.match(result.failure?.detail ?? "", /lib\/\.git/);
      assert.match(result.failure?.detail ?? "", /src\/nested\/\.git/);
      assert.equal(existsSync(path.join(repo.root, "src/nested/.git")), false, "removed");
      assert.equal(existsSync(path.join(repo.root, "lib/.git")), false, "removed");
      assert.ok(warnings(events).some((w) => /removed src\/nested\/\.git/.test(w)));
      const own = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "ownership.json"), "utf8"));
      assert.deepEqual(own.removedGitEntries, ["lib/.git", "src/nested/.git"]);
      const patch = readFileSync(path.join(runDirOf(repo, 1, 1), "changes", "changes.patch"), "utf8");
      assert.match(patch, /src\/a1\.js/);
      assert.doesNotMatch(patch, /\.git\//);
    } finally {
      await repo.cleanup();
    }
  });
});
