/**
 * `wave rehearse` with the real GitHub Copilot CLI (the devDependency @github/copilot, 1.0.102),
 * offline: implementation agent A1 runs on copilot, pointed by its adapter's endpoint at the
 * scripted model server (OpenAI chat completions), creates its deliverable with Copilot's own
 * `bash` tool (its `create` makes no directories) and answers with its markers; the other agents
 * are command agents. Every gate runs for real. Skipped when the CLI is not installed.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import {
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  type TestRepo,
  wave,
  writeWave,
} from "../../engine/fixture.js";
import { REPO_ROOT } from "../../helpers/cli.js";

/** The installed CLIs (WAVE_TEST_CLI_BIN_DIR: another directory holding them). */
const BIN_DIR = process.env.WAVE_TEST_CLI_BIN_DIR ?? path.join(REPO_ROOT, "node_modules", ".bin");
const skip = existsSync(path.join(BIN_DIR, "copilot")) ? false : "@github/copilot is not installed";
/** Kills a stuck run (a safety net, not an assertion on speed). */
const DEADLINE_MS = 600_000;

let repo: TestRepo | null = null;
after(() => repo?.cleanup());

test("a wave with a copilot agent passes under wave rehearse (its file tool, its markers)", { skip }, async () => {
  repo = await makeRepo("copilot-rehearse");
  const a1 = { ...implAgent("A1"), executorLines: ["- id: copilot", "- model: gpt-4.1"] };
  await writeWave(repo, 1, [a1, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
  const run = await wave(repo, ["rehearse", "--wave", "1", "--agent-user", "none", "--max-attempts", "1"], {
    env: { PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ""}`, GITHUB_TOKEN: "ghs_never_used" },
    timeoutMs: DEADLINE_MS,
  });
  const runDir = path.join(repo.root, ".wave", "rehearsal", "main", "wave-1", "attempt-1");
  const result: Json = JSON.parse(readFileSync(path.join(runDir, "result.json"), "utf8"));
  assert.equal(result.status, "passed", `${run.stdout}\n${run.stderr}\n${JSON.stringify(result.failure)}`);
  const a1Result = result.agents.find((a: Json) => a.id === "A1");
  assert.equal(a1Result.executor, "copilot");
  assert.ok(existsSync(path.join(repo.root, "src", "a1.js")), "copilot's bash tool wrote the deliverable");
});
