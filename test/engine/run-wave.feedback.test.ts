/**
 * Human feedback end to end: an agent runs `wave feedback ask`, the wave ends blocked (exit 1)
 * with the question in result.json; `wave run --feedback "<answer>"` resumes, reruns only the
 * asking agent with the answer in its prompt, reuses the others, and the wave passes.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  agentOf,
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  makeRepo,
  readResult,
  resetStarts,
  runDirOf,
  starts,
  wave,
  writeWave,
} from "./fixture.js";

test("feedback ask blocks the wave; --feedback resumes with the answer in the asking agent's prompt", async () => {
  const repo = await makeRepo("feedback");
  try {
    const question = "Should the cache be in-memory or on disk?";
    await writeWave(repo, 3, [
      implAgent("A1", { ask: question, copyPrompt: path.join(repo.ext, "prompt-A1.md") }),
      implAgent("A2"),
      integrationAgent(3),
      documentationAgent(),
      contQaAgent(3),
    ]);
    const first = await wave(repo, ["run", "--wave", "3"]);
    assert.equal(first.code, 1, first.stderr);
    const blocked = readResult(repo, 3, 1);
    assert.equal(blocked.status, "blocked");
    assert.equal(blocked.feedback.agentId, "A1");
    assert.equal(blocked.feedback.question, question);
    assert.equal(blocked.feedback.answer, null);
    assert.equal(blocked.failure.statusCode, "human-feedback-open");
    assert.deepEqual(starts(repo).sort(), ["A1", "A2"], "the closure sweep does not start while a question is open");
    assert.match(first.stdout, /Should the cache be in-memory or on disk\?/, "the question is shown to the user");

    await resetStarts(repo);
    const answer = "On disk, under .cache/ — keep it small.";
    const second = await wave(repo, ["run", "--wave", "3", "--feedback", answer]);
    assert.equal(second.code, 0, second.stderr + second.stdout);
    const resumed = readResult(repo, 3, 2);
    assert.equal(resumed.status, "passed");
    assert.equal(resumed.resumedFrom, path.join("main", "wave-3", "attempt-1"));
    assert.equal(resumed.feedback.answer, answer);
    assert.equal(agentOf(resumed, "A1").status, "succeeded");
    assert.equal(agentOf(resumed, "A1").runs, 1);
    assert.equal(agentOf(resumed, "A2").status, "reused");
    assert.equal(agentOf(resumed, "A2").runs, 0);
    assert.deepEqual(starts(repo), ["A1", "A8", "A9", "A0"], "A2 did not run again");
    for (const file of [path.join(repo.ext, "prompt-A1.md"), path.join(runDirOf(repo, 3, 2), "agents", "A1", "prompt.md")]) {
      const prompt = readFileSync(file, "utf8");
      assert.ok(prompt.includes(question), file);
      assert.ok(prompt.includes(answer), file);
    }
  } finally {
    await repo.cleanup();
  }
});
