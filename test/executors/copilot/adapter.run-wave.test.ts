/**
 * A wave with a `copilot` agent runs end to end through the engine: implementation agent A1 is
 * the Copilot CLI stand-in (test/fixtures/executors/copilot/copilot, found on PATH as `copilot`),
 * which replays the JSON output captured from copilot 1.0.102 with this run's prompt and reply.
 * The stand-in records the argv, stdin and token variables it was given: the job's GITHUB_TOKEN and
 * GH_TOKEN (set in the orchestrator's environment) never reach it, COPILOT_GITHUB_TOKEN does. A
 * malformed line before the reply does not stop the run.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  agentOf,
  contQaAgent,
  DOC_DELTA,
  documentationAgent,
  engineRun,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  PROOF,
  readResult,
  type TestRepo,
  writeWave,
} from "../../engine/fixture.js";
import { REPO_ROOT } from "../../helpers/cli.js";

const STANDIN_DIR = path.join(REPO_ROOT, "test", "fixtures", "executors", "copilot");

let repo: TestRepo;
let result: Json;
let record: { argv: string[]; stdin: string; env: string[]; tokens: Record<string, string | null> };

before(async () => {
  repo = await makeRepo("copilot");
  const script = path.join(repo.ext, "standin.json");
  const recordDir = path.join(repo.ext, "records");
  writeFileSync(
    script,
    JSON.stringify({
      A1: {
        record: recordDir,
        tokens: ["GITHUB_TOKEN", "GH_TOKEN", "COPILOT_GITHUB_TOKEN"],
        write: { "src/a1.js": "export const a1 = 1;\n" },
        reply: `Wrote src/a1.js.\n${PROOF}\n${DOC_DELTA}\n`,
        malformed: true,
      },
    }),
  );
  const a1 = { ...implAgent("A1"), executorLines: ["- id: copilot", "- env: STANDIN_SCRIPT"] };
  await writeWave(repo, 1, [a1, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
  await engineRun(repo, 1, { maxAttempts: 1 }, [], {
    PATH: `${STANDIN_DIR}${path.delimiter}${process.env.PATH}`,
    STANDIN_SCRIPT: script,
    GITHUB_TOKEN: "ghs_the_jobs_token",
    GH_TOKEN: "ghs_the_jobs_token",
    COPILOT_GITHUB_TOKEN: "github_pat_a_copilot_seat",
  });
  result = readResult(repo, 1, 1);
  record = JSON.parse(readFileSync(path.join(recordDir, "copilot-A1.json"), "utf8"));
});

after(() => repo.cleanup());

test("the wave passes with the copilot agent (its markers read from the JSON stream)", () => {
  assert.equal(result.status, "passed", JSON.stringify(result.failure));
  const a1 = agentOf(result, "A1");
  assert.equal(a1.executor, "copilot");
  for (const g of result.gates) assert.equal(g.ok, true, `${g.stage} ${g.statusCode} ${g.detail}`);
});

test("copilot ran with the pinned argv and the prompt on stdin", () => {
  assert.deepEqual(record.argv, [
    "--output-format",
    "json",
    "--allow-all-tools",
    "--no-ask-user",
    "--no-auto-update",
    "--secret-env-vars=COPILOT_GITHUB_TOKEN,COPILOT_PROVIDER_API_KEY,COPILOT_PROVIDER_BEARER_TOKEN,GH_TOKEN,GITHUB_TOKEN",
  ]);
  assert.match(record.stdin, /Do the work of A1 for wave 1\./);
});

test("the job's GITHUB_TOKEN and GH_TOKEN never reach copilot; COPILOT_GITHUB_TOKEN does", () => {
  assert.deepEqual(record.tokens, { GITHUB_TOKEN: null, GH_TOKEN: null, COPILOT_GITHUB_TOKEN: "github_pat_a_copilot_seat" });
  assert.ok(!record.env.includes("GITHUB_TOKEN") && !record.env.includes("GH_TOKEN"));
});
