/**
 * The state's record of definition files agents changed (src/wave/agent-edits.ts): a run refuses
 * while one is still as the agents left it, names it, the agents and the ways on; a person's
 * checkout, commit, later edit or `--accept-agent-edits` settles it, and a settled record is gone.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { UserError } from "../../src/errors.js";
import { type AgentEdit, checkAgentEdits, readAgentEdits, recordAgentEdits, sha256Now } from "../../src/wave/agent-edits.js";
import { agentEditsFileOf } from "../../src/state/paths.js";
import { git, makeRepo, type TestRepo } from "../engine/fixture.js";

async function repoWithWaves(): Promise<{ repo: TestRepo; stateDir: string }> {
  const repo = await makeRepo("agent-edits");
  await fs.mkdir(path.join(repo.root, "docs/plans/waves"), { recursive: true });
  await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-1.md"), "# wave 1\n");
  await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-2.md"), "# wave 2\n");
  git(repo.root, ["add", "-A"]);
  git(repo.root, ["commit", "-qm", "base"]);
  return { repo, stateDir: path.join(repo.root, ".wave") };
}

async function agentEdit(repo: TestRepo, file: string, text: string | null, agentIds = ["A1"]): Promise<AgentEdit> {
  const abs = path.join(repo.root, file);
  if (text === null) await fs.rm(abs);
  else await fs.writeFile(abs, text);
  return {
    file,
    sha256: await sha256Now(abs),
    agentIds,
    lane: "main",
    wave: 1,
    runDir: "/state/main/wave-1/attempt-1",
    recordedAt: "2026-01-01T00:00:00.000Z",
  };
}

const refusalOf = async (p: Promise<void>): Promise<string> => {
  try {
    await p;
  } catch (error) {
    assert.ok(error instanceof UserError);
    assert.equal(error.exitCode, 2);
    return error.message;
  }
  assert.fail("expected a refusal");
};

test("nothing recorded: the run starts and nothing is written", async () => {
  const { repo, stateDir } = await repoWithWaves();
  try {
    await checkAgentEdits(repo.root, stateDir, []);
    assert.equal(existsSync(agentEditsFileOf(stateDir)), false);
    await recordAgentEdits(stateDir, []);
    assert.equal(existsSync(agentEditsFileOf(stateDir)), false);
  } finally {
    await repo.cleanup();
  }
});

test("refused while still as the agents left it; the message names each file, the agents and the three ways on", async () => {
  const { repo, stateDir } = await repoWithWaves();
  try {
    const one = await agentEdit(repo, "docs/plans/waves/wave-2.md", "# rewritten\n");
    const two = await agentEdit(repo, "docs/plans/waves/wave-1.md", null, ["A1", "A2"]);
    await recordAgentEdits(stateDir, [one, two]);
    const message = await refusalOf(checkAgentEdits(repo.root, stateDir, []));
    assert.equal(
      message,
      "not starting: definition files agents changed are still as the agent left them, and a run never judges with a definition an agent wrote:\n" +
        "  docs/plans/waves/wave-2.md: changed by agent A1 of wave 1 (main), and still as it left it\n" +
        "  docs/plans/waves/wave-1.md: removed by one of the agents A1, A2 of wave 1 (main), and still as it left it\n" +
        "Decide for each: drop the agent's edit (git checkout -- docs/plans/waves/wave-2.md), keep it by committing it, or run with --accept-agent-edits docs/plans/waves/wave-2.md.",
    );
    // Accepting one leaves the other refused (singular message); the accepted record is gone.
    const rest = await refusalOf(checkAgentEdits(repo.root, stateDir, ["./docs/plans/waves/wave-2.md"]));
    assert.match(rest, /^not starting: a definition file an agent changed is still as the agent left it,/);
    assert.deepEqual(
      (await readAgentEdits(stateDir)).map((e) => e.file),
      ["docs/plans/waves/wave-1.md"],
    );
    // The removal is committed by a person: settled, and the record file goes.
    git(repo.root, ["commit", "-qam", "a person keeps the removal"]);
    await checkAgentEdits(repo.root, stateDir, []);
    assert.equal(existsSync(agentEditsFileOf(stateDir)), false);
  } finally {
    await repo.cleanup();
  }
});

test("settled: put back with git checkout, changed again by a person, or committed", async () => {
  const { repo, stateDir } = await repoWithWaves();
  try {
    const a = await agentEdit(repo, "docs/plans/waves/wave-1.md", "# agent's wave 1\n");
    const b = await agentEdit(repo, "docs/plans/waves/wave-2.md", "# agent's wave 2\n");
    await recordAgentEdits(stateDir, [a, b]);
    git(repo.root, ["checkout", "--", "docs/plans/waves/wave-1.md"]);
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-2.md"), "# a person's own edit\n");
    await checkAgentEdits(repo.root, stateDir, []);
    assert.deepEqual(await readAgentEdits(stateDir), []);

    const c = await agentEdit(repo, "docs/plans/waves/wave-1.md", "# agent's again\n");
    await recordAgentEdits(stateDir, [c]);
    await refusalOf(checkAgentEdits(repo.root, stateDir, []));
    git(repo.root, ["commit", "-qam", "keep it"]);
    await checkAgentEdits(repo.root, stateDir, []);
  } finally {
    await repo.cleanup();
  }
});

test("a later record of the same file replaces the earlier; a damaged record file is refused by name", async () => {
  const { repo, stateDir } = await repoWithWaves();
  try {
    const first = await agentEdit(repo, "docs/plans/waves/wave-1.md", "# one\n");
    const other = await agentEdit(repo, "docs/plans/waves/wave-2.md", "# other\n");
    await recordAgentEdits(stateDir, [first, other]);
    const second = await agentEdit(repo, "docs/plans/waves/wave-1.md", "# two\n", ["A3"]);
    await recordAgentEdits(stateDir, [second]);
    assert.deepEqual(
      (await readAgentEdits(stateDir)).map((e) => [e.file, e.agentIds]),
      [
        ["docs/plans/waves/wave-2.md", ["A1"]],
        ["docs/plans/waves/wave-1.md", ["A3"]],
      ],
    );
    await fs.writeFile(agentEditsFileOf(stateDir), "{ not json");
    const message = await refusalOf(checkAgentEdits(repo.root, stateDir, []));
    assert.match(message, /agent-edits\.json/);
    assert.match(message, /remove .*agent-edits\.json once you have checked the definition files by hand/);
  } finally {
    await repo.cleanup();
  }
});

test("sha256Now: a file, a symbolic link, a directory, nothing", async () => {
  const { repo } = await repoWithWaves();
  try {
    assert.match((await sha256Now(path.join(repo.root, "README.md"))) ?? "", /^[0-9a-f]{64}$/);
    await fs.symlink("README.md", path.join(repo.root, "link"));
    assert.equal(await sha256Now(path.join(repo.root, "link")), "link:README.md");
    assert.equal(await sha256Now(path.join(repo.root, "docs")), "not-a-file");
    assert.equal(await sha256Now(path.join(repo.root, "absent")), null);
  } finally {
    await repo.cleanup();
  }
});
