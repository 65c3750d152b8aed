/**
 * `wave run --waves` pins every wave's definitions when it starts (src/cli/supervise.ts): a wave
 * whose file changed after the run started (here between wave 1 and wave 2, with no agent to
 * blame) is not started, and the message names the file; wave 1 ran as pinned.
 */
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runWaves } from "../../src/cli/supervise.js";
import { UserError } from "../../src/errors.js";
import { CLI_ARGV, cliEnv, contQaAgent, implAgent, makeRepo, runOptionsFor, writeWave } from "../engine/fixture.js";

test("a wave whose definition changed since the run started is not started", async () => {
  const repo = await makeRepo("pinned-waves");
  try {
    await writeWave(repo, 1, [implAgent("A1", {}, "src/w1.js"), contQaAgent(1)]);
    const wave2 = await writeWave(repo, 2, [implAgent("A1", {}, "src/w2.js"), contQaAgent(2)]);
    let out = "";
    const io = {
      stdout: (t: string) => {
        out += t;
      },
      stderr: (t: string) => {
        out += t;
      },
      env: cliEnv(),
      cwd: repo.root,
      isTty: false,
      columns: 120,
    };
    const optionsFor = (wave: number) => {
      // After wave 1 and before wave 2 starts, wave 2's file changes (an agent's leftover, a person).
      if (wave === 2) writeFileSync(wave2, "# Wave 2 - rewritten\n\n## Agent A0: cont-QA\n\n### Prompt\n\n```text\nPass.\n```\n");
      return runOptionsFor(repo, wave, { maxAttempts: 1 });
    };
    await assert.rejects(
      runWaves("1-2", optionsFor, io, { json: true, cliArgv: CLI_ARGV }),
      (e: unknown) =>
        e instanceof UserError && /not starting wave 2: docs\/plans\/waves\/wave-2\.md changed since this run started/.test(e.message),
    );
    assert.ok(existsSync(path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "result.json")), "wave 1 ran");
    assert.equal(existsSync(path.join(repo.root, ".wave", "main", "wave-2")), false, "wave 2 never started");
    assert.match(out, /"status":"passed"/);
  } finally {
    await repo.cleanup();
  }
});
