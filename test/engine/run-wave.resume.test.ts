/**
 * Resume across `wave run` invocations (the state directory of earlier runs): only what failed
 * runs again, `--resume never` runs everything, and a changed wave file is not resumed unless
 * `--force-resume`.
 */
import assert from "node:assert/strict";
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { renderStatusTable } from "../../src/report/status-table.js";
import {
  agentOf,
  contQaAgent,
  engineRun,
  implAgent,
  makeRepo,
  readResult,
  resetStarts,
  standardAgents,
  starts,
  type TestRepo,
  wave,
  writeWave,
} from "./fixture.js";

const FIVE = ["A1", "A2", "A3", "A4", "A5"];

async function fiveAgents(repo: TestRepo, crashRuns: number): Promise<string> {
  const agents = FIVE.map((id) => implAgent(id, id === "A3" ? { failRuns: crashRuns } : {}));
  return writeWave(repo, 1, agents);
}

describe("resume", { concurrency: true }, () => {
  test("a failed run is resumed: only the crashed agent runs, the rest are reused; --resume never reruns all", async () => {
    const repo = await makeRepo("resume");
    try {
      await fiveAgents(repo, 1);
      // Two invocations of the engine (as two `wave run`s would), then the CLI with --resume never.
      const first = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(first.result.status, "failed");
      assert.equal(readResult(repo, 1, 1).failure.agentId, "A3");
      assert.deepEqual(starts(repo).sort(), FIVE);

      await resetStarts(repo);
      const second = await engineRun(repo, 1);
      assert.equal(second.result.status, "passed", JSON.stringify(second.result.failure));
      assert.deepEqual(starts(repo), ["A3"]);
      const resumed = readResult(repo, 1, 2);
      assert.equal(resumed.attempt, 2);
      assert.equal(resumed.status, "passed");
      assert.equal(resumed.resumedFrom, path.join("main", "wave-1", "attempt-1"));
      assert.equal(agentOf(resumed, "A3").status, "succeeded");
      for (const id of ["A1", "A2", "A4", "A5"]) {
        const a = agentOf(resumed, id);
        assert.equal(a.status, "reused", id);
        assert.equal(a.runs, 0, id);
        assert.equal(a.reusedFrom, "attempt-1", id);
        // The reused agent's files were carried into the new run directory.
        await fs.access(path.join(repo.root, ".wave", "main", "wave-1", "attempt-2", a.log));
      }

      await resetStarts(repo);
      const third = await wave(repo, ["run", "--wave", "1", "--resume", "never"]);
      assert.equal(third.code, 0, third.stderr);
      assert.deepEqual(starts(repo).sort(), FIVE);
      const fresh = readResult(repo, 1, 3);
      assert.equal(fresh.resumedFrom, null);
      assert.ok(fresh.agents.every((a: { status: string }) => a.status === "succeeded"));
    } finally {
      await repo.cleanup();
    }
  });

  test("a resumed run tells the agents that ran before from those that run for the first time", async () => {
    const repo = await makeRepo("resume-ran-before");
    try {
      await writeWave(repo, 1, [implAgent("A1", { failRuns: 1 }), contQaAgent(1, "pass")]);
      const first = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(first.result.status, "failed");
      assert.equal(agentOf(readResult(repo, 1, 1), "A0").status, "not-run");
      assert.equal(agentOf(readResult(repo, 1, 1), "A0").ranBefore, undefined, "not a resume: no ranBefore");

      const second = await engineRun(repo, 1);
      assert.equal(second.result.status, "passed", JSON.stringify(second.result.failure));
      const resumed = readResult(repo, 1, 2);
      assert.equal(agentOf(resumed, "A1").ranBefore, true);
      assert.equal(agentOf(resumed, "A0").ranBefore, false);
      // Only A1 is said to have run again.
      const table = renderStatusTable(resumed);
      assert.match(table.split("\n").find((l) => /^\s*A1\b/.test(l)) ?? "", /ran again/);
      assert.doesNotMatch(table.split("\n").find((l) => /^\s*A0\b/.test(l)) ?? "", /ran again/);
    } finally {
      await repo.cleanup();
    }
  });

  test("dry runs are previews: they do not use up attempt numbers", async () => {
    const repo = await makeRepo("dry-attempts");
    try {
      await fiveAgents(repo, 0);
      assert.equal((await engineRun(repo, 1, { dryRun: true })).result.attempt, 1);
      assert.equal((await engineRun(repo, 1, { dryRun: true })).result.attempt, 1, "a second preview replaces the first");
      const { result } = await engineRun(repo, 1);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.equal(result.attempt, 1, "the first real run is attempt 1");
      assert.equal(result.resumedFrom, null);
      // A preview after a real run takes the next number, and the run after it takes it over.
      assert.equal((await engineRun(repo, 1, { dryRun: true })).result.attempt, 2);
      assert.equal(readResult(repo, 1, 1).status, "passed", "the real run is kept");
    } finally {
      await repo.cleanup();
    }
  });

  test("a dry run between a failed run and its resume does not hide the failed run's successes", async () => {
    const repo = await makeRepo("resume-dry");
    try {
      await fiveAgents(repo, 1);
      assert.equal((await engineRun(repo, 1, { maxAttempts: 1 })).result.status, "failed");
      const dry = await engineRun(repo, 1, { dryRun: true });
      assert.equal(dry.result.status, "dry-run");
      await resetStarts(repo);
      const { result } = await engineRun(repo, 1);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.deepEqual(starts(repo), ["A3"]);
      assert.equal(result.resumedFrom, path.join("main", "wave-1", "attempt-1"));
      // The dry run was a preview: the resume took its number.
      assert.equal(result.attempt, 2);
    } finally {
      await repo.cleanup();
    }
  });

  test("a wave that failed at cont-QA resumes at cont-QA: only A0 runs, earlier stages are carried", async () => {
    const repo = await makeRepo("resume-qa");
    try {
      const agents = standardAgents(1);
      agents[4] = contQaAgent(1, "pass", {
        runs: {
          "1": { print: ["[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass", "[wave-verdict] hold"] },
        },
      });
      await writeWave(repo, 1, agents);
      const first = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(first.result.failure?.statusCode, "cont-qa-hold");
      await resetStarts(repo);
      const { result } = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.deepEqual(starts(repo), ["A0"]);
      for (const id of ["A1", "A2", "A8", "A9"]) assert.equal(agentOf(result, id).status, "reused", id);
      assert.deepEqual(
        result.gates.filter((g) => g.ok && g.agentId).map((g) => `${g.stage}:${g.agentId}`),
        ["implementation:A1", "implementation:A2", "integration:A8", "documentation:A9", "cont-qa:A0"],
      );
    } finally {
      await repo.cleanup();
    }
  });

  test("a changed wave file is not resumed (warning) unless --force-resume", async () => {
    const repo = await makeRepo("resume-changed");
    try {
      const file = await fiveAgents(repo, 2);
      const first = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(first.result.status, "failed");
      // Edit the wave (prose only: the agents' own fingerprints stay the same).
      const text = await fs.readFile(file, "utf8");
      await fs.writeFile(file, text.replace("**Commit message**", "A note added after the first run.\n\n**Commit message**"));

      await resetStarts(repo);
      const second = await wave(repo, ["run", "--wave", "1", "--max-attempts", "1"]);
      assert.equal(second.code, 1, "A3 crashes a second time");
      assert.match(second.stdout + second.stderr, /warning: not resuming: .*wave-1\.md changed since that run \(pass --force-resume/);
      assert.deepEqual(starts(repo).sort(), FIVE, "nothing was reused");
      assert.equal(readResult(repo, 1, 2).resumedFrom, null);

      await resetStarts(repo);
      const third = await wave(repo, ["run", "--wave", "1", "--force-resume"]);
      assert.equal(third.code, 0, third.stderr + third.stdout);
      assert.deepEqual(starts(repo), ["A3"]);
      const forced = readResult(repo, 1, 3);
      assert.equal(forced.resumedFrom, path.join("main", "wave-1", "attempt-2"));
      assert.equal(agentOf(forced, "A1").status, "reused");
    } finally {
      await repo.cleanup();
    }
  });
});
