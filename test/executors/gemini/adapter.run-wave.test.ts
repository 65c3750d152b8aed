/**
 * A wave with a `gemini` agent runs end to end through the engine: implementation agent A1 is the
 * Gemini CLI stand-in (test/fixtures/executors/gemini/gemini, found on PATH as `gemini`), which
 * replays the stream-json output captured from gemini 0.61.0 with this run's prompt and reply — the
 * reply streamed in pieces that cut its first marker, after a malformed line. The markers count once
 * joined, the token totals of the `result` event reach result.json, and only GEMINI_API_KEY of the
 * orchestrator's keys reaches the CLI.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
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
  wave,
  writeWave,
} from "../../engine/fixture.js";
import { REPO_ROOT } from "../../helpers/cli.js";

const STANDIN_DIR = path.join(REPO_ROOT, "test", "fixtures", "executors", "gemini");

let repo: TestRepo;
let result: Json;
let record: { argv: string[]; stdin: string; env: string[]; tokens: Record<string, string | null> };

before(async () => {
  repo = await makeRepo("gemini");
  const script = path.join(repo.ext, "standin.json");
  const recordDir = path.join(repo.ext, "records");
  writeFileSync(
    script,
    JSON.stringify({
      A1: {
        record: recordDir,
        tokens: ["GEMINI_API_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY"],
        write: { "src/a1.js": "export const a1 = 1;\n" },
        reply: `${PROOF}\n${DOC_DELTA}\n`,
        malformed: true,
      },
    }),
  );
  const a1 = { ...implAgent("A1"), executorLines: ["- id: gemini", "- model: gemini-2.5-pro", "- env: STANDIN_SCRIPT"] };
  await writeWave(repo, 1, [a1, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
  await engineRun(repo, 1, { maxAttempts: 1 }, [], {
    PATH: `${STANDIN_DIR}${path.delimiter}${process.env.PATH}`,
    STANDIN_SCRIPT: script,
    GEMINI_API_KEY: "AIza-test-key",
    GITHUB_TOKEN: "ghs_the_jobs_token",
    OPENAI_API_KEY: "sk-not-for-gemini",
  });
  result = readResult(repo, 1, 1);
  record = JSON.parse(readFileSync(path.join(recordDir, "gemini-A1.json"), "utf8"));
});

after(() => repo.cleanup());

test("the wave passes with the gemini agent (a marker cut between streamed pieces still counts)", () => {
  assert.equal(result.status, "passed", JSON.stringify(result.failure));
  assert.equal(agentOf(result, "A1").executor, "gemini");
  for (const g of result.gates) assert.equal(g.ok, true, `${g.stage} ${g.statusCode} ${g.detail}`);
});

test("gemini ran with the pinned argv and the prompt on stdin", () => {
  assert.deepEqual(record.argv, [
    "--output-format",
    "stream-json",
    "--approval-mode",
    "yolo",
    "--skip-trust",
    "--model",
    "gemini-2.5-pro",
    "-p",
    "",
  ]);
  assert.match(record.stdin, /Do the work of A1 for wave 1\./);
});

test("only the Gemini key reaches the CLI", () => {
  assert.deepEqual(record.tokens, { GEMINI_API_KEY: "AIza-test-key", GITHUB_TOKEN: null, OPENAI_API_KEY: null });
});

test("the token totals of the result event reach result.json", () => {
  const usage = agentOf(result, "A1").usage;
  assert.equal(usage.inputTokens, 4500, JSON.stringify(usage));
  assert.equal(usage.outputTokens, 40, JSON.stringify(usage));
  assert.equal(usage.sessionId, "9adb3ea1-0191-4192-a357-c3142b414346");
});

test("a rehearsal of a wave with a gemini agent is refused before any agent starts: the CLI would reach Google with the real key", async () => {
  const fresh = await makeRepo("gemini-rehearse");
  try {
    const script = path.join(fresh.ext, "standin.json");
    const recordDir = path.join(fresh.ext, "records");
    writeFileSync(script, JSON.stringify({ A1: { record: recordDir, tokens: ["GEMINI_API_KEY"], reply: `${PROOF}\n${DOC_DELTA}\n` } }));
    const a1 = { ...implAgent("A1"), executorLines: ["- id: gemini", "- env: STANDIN_SCRIPT"] };
    await writeWave(fresh, 1, [a1, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
    const r = await wave(fresh, ["rehearse", "--wave", "1"], {
      env: { PATH: `${STANDIN_DIR}${path.delimiter}${process.env.PATH}`, STANDIN_SCRIPT: script, GEMINI_API_KEY: "AIza-real-key" },
    });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /cannot rehearse A1 \(gemini\): the CLI cannot be pointed at the rehearsal's scripted model server/);
    assert.equal(existsSync(path.join(recordDir, "gemini-A1.json")), false, "the gemini CLI was started");
  } finally {
    await fresh.cleanup();
  }
});
