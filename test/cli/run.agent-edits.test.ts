/**
 * `wave run --wave 1` after an implementer rewrote its own wave file's cont-QA (and the honest
 * cont-QA would block): the run fails on ownership-violation, and the next run refuses, naming the
 * file and the agent, until a person decides: `--accept-agent-edits FILE`, `git checkout -- FILE`,
 * or a commit each let it go on.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { contQaAgent, git, implAgent, makeRepo, resetStarts, starts, type TestRepo, wave, writeWave } from "../engine/fixture.js";

const WAVE_FILE = "docs/plans/waves/wave-1.md";

/** A repository whose wave-1.md A1 rewrote in a failed run (its cont-QA now runs `true`, and nothing else is asked). */
async function attacked(label: string): Promise<TestRepo> {
  const repo = await makeRepo(label);
  const waveFile = await writeWave(repo, 1, [implAgent("A1", {}, "src/out.txt"), contQaAgent(1, "blocked")]);
  const original = readFileSync(waveFile, "utf8");
  // The rewritten file: A1 only (no cont-QA to block it), its deliverable already there.
  const rewritten = original.slice(0, original.indexOf("## Agent A0"));
  await writeWave(repo, 1, [
    implAgent("A1", { write: { "src/out.txt": "work\n", [WAVE_FILE]: rewritten } }, "src/out.txt"),
    contQaAgent(1, "blocked"),
  ]);
  const first = await wave(repo, ["run", "--wave", "1", "--json", "--max-attempts", "1"]);
  assert.equal(first.code, 1, first.stderr);
  const result = JSON.parse(first.stdout);
  assert.equal(result.failure.statusCode, "ownership-violation");
  assert.match(result.failure.detail, /docs\/plans\/waves\/wave-1\.md/);
  assert.equal(readFileSync(waveFile, "utf8"), rewritten, "the agent's edit is still in the work tree");
  const edits = JSON.parse(readFileSync(path.join(repo.root, ".wave", "agent-edits.json"), "utf8"));
  assert.deepEqual(
    edits.edits.map((e: { file: string; agentIds: string[] }) => [e.file, e.agentIds]),
    [[WAVE_FILE, ["A1"]]],
  );
  // Refused while nobody decided.
  await resetStarts(repo);
  const refused = await wave(repo, ["run", "--wave", "1"]);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /not starting: a definition file an agent changed is still as the agent left it/);
  assert.match(refused.stderr, /docs\/plans\/waves\/wave-1\.md: changed by agent A1 of wave 1/);
  assert.match(refused.stderr, /git checkout -- docs\/plans\/waves\/wave-1\.md/);
  assert.match(refused.stderr, /committing it/);
  assert.match(refused.stderr, /--accept-agent-edits docs\/plans\/waves\/wave-1\.md/);
  assert.deepEqual(starts(repo), [], "nothing started");
  return repo;
}

describe("wave run: a definition an agent changed is not judged with until a person decides", () => {
  test("--accept-agent-edits FILE: the run goes on with the file as the agent left it", async () => {
    const repo = await attacked("edits-accept");
    try {
      const run = await wave(repo, ["run", "--wave", "1", "--json", "--accept-agent-edits", WAVE_FILE]);
      assert.doesNotMatch(run.stderr, /not starting/);
      assert.equal(JSON.parse(run.stdout).agents.length, 1, "the agent's version of the wave file was read");
      assert.equal(existsSync(path.join(repo.root, ".wave", "agent-edits.json")), false, "the decision is kept: the record is gone");
    } finally {
      await repo.cleanup();
    }
  });

  test("git checkout -- FILE: the run goes on with the committed file", async () => {
    const repo = await attacked("edits-checkout");
    try {
      git(repo.root, ["checkout", "--", WAVE_FILE]);
      const run = await wave(repo, ["run", "--wave", "1", "--json", "--max-attempts", "1"]);
      assert.doesNotMatch(run.stderr, /not starting/);
      // The committed file has A0 again (and A1 attacks again: the same failure, recorded anew).
      assert.equal(JSON.parse(run.stdout).agents.length, 2);
    } finally {
      await repo.cleanup();
    }
  });

  test("a commit of the agent's version: the run goes on", async () => {
    const repo = await attacked("edits-commit");
    try {
      git(repo.root, ["commit", "-q", "-am", "keep the agent's wave file"]);
      const run = await wave(repo, ["run", "--wave", "1", "--json"]);
      assert.doesNotMatch(run.stderr, /not starting/);
      assert.equal(JSON.parse(run.stdout).agents.length, 1);
    } finally {
      await repo.cleanup();
    }
  });
});
