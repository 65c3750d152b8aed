/**
 * examples/agents/command-agent.mjs, the example program for the `command` executor, run as the
 * docs show it (`- command: node examples/agents/command-agent.mjs`, a file of the repository) by
 * a real `wave run` with nonces required: every agent of a small wave is that script, and the wave
 * passes on the work and markers it printed.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { REPO_ROOT } from "../../helpers/cli.js";
import {
  type AgentSpec,
  agentOf,
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  makeRepo,
  readResult,
  reportPathOf,
  runDirOf,
  wave,
  writeWave,
} from "../../engine/fixture.js";

const SCRIPT = "examples/agents/command-agent.mjs";
const EXECUTOR = ["- id: command", `- command: node ${SCRIPT}`];

const asExample = (a: AgentSpec): AgentSpec => ({ ...a, executorLines: EXECUTOR, behaviour: {} });

test("a wave whose every agent is the example command agent passes, with nonces required", async () => {
  const repo = await makeRepo("command-example");
  try {
    await mkdir(path.join(repo.root, "examples", "agents"), { recursive: true });
    await copyFile(path.join(REPO_ROOT, SCRIPT), path.join(repo.root, SCRIPT));
    await writeWave(
      repo,
      1,
      [implAgent("A1", {}, "notes/a1.md"), integrationAgent(1), documentationAgent(), contQaAgent(1)].map(asExample),
    );

    const run = await wave(repo, ["run", "--wave", "1", "--require-marker-nonce"], { timeoutMs: 180_000 });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "passed");
    for (const id of ["A1", "A8", "A9", "A0"]) {
      assert.equal(agentOf(result, id).executor, "command", id);
      assert.equal(agentOf(result, id).status, "succeeded", id);
    }
    // Its work: one line in the file it owns, the integration note, the review with its verdict.
    assert.equal(await readFile(path.join(repo.root, "notes/a1.md"), "utf8"), "Touched by A1 (implementation) in wave 1.\n");
    assert.equal(await readFile(path.join(repo.root, "docs/integration/wave-1.md"), "utf8"), "Touched by A8 (integration) in wave 1.\n");
    assert.match(await readFile(path.join(repo.root, reportPathOf(1)), "utf8"), /^Verdict: PASS$/m);
    // The closure agents' markers carried their nonce (masked in the log once the process ended).
    const a0Log = await readFile(path.join(runDirOf(repo, 1, 1), "agents", "A0", "agent.log"), "utf8");
    assert.match(a0Log, /^\[wave-verdict\] pass nonce=\*\*\* detail=/m);
    const a1Log = await readFile(path.join(runDirOf(repo, 1, 1), "agents", "A1", "agent.log"), "utf8");
    assert.match(
      a1Log,
      /^\[wave-proof\] completion=contract durability=none proof=unit state=met detail=example agent wrote notes\/a1\.md$/m,
    );
  } finally {
    await repo.cleanup();
  }
});

test("the example agent outside a wave, or in a role it has no markers for, says why and fails", async () => {
  const run = promisify(execFile);
  const script = path.join(REPO_ROOT, SCRIPT);
  const env = { PATH: process.env.PATH };
  await assert.rejects(run(process.execPath, [script], { env }), (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 2);
    assert.match(e.stderr, /WAVE_PROMPT_FILE is not set/);
    return true;
  });
  await assert.rejects(
    run(process.execPath, [script], { env: { ...env, WAVE_ROLE: "cont-eval" } }),
    (e: { code: number; stderr: string }) => {
      assert.match(e.stderr, /no markers for the role cont-eval/);
      return true;
    },
  );
});

test("docs/wave-format.md shows the example as a wave file uses it, and links the script", async () => {
  const doc = await readFile(path.join(REPO_ROOT, "docs", "wave-format.md"), "utf8");
  assert.ok(doc.includes(`${EXECUTOR.join("\n")}\n`), "the executor lines of the snippet");
  assert.ok(doc.includes(`(../${SCRIPT})`), "a link to the script");
  assert.ok(doc.includes("WAVE_MARKER_NONCE"));
});
