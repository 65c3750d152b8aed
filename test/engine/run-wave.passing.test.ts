/**
 * A full passing wave through the real CLI: two implementation agents, then integration,
 * documentation and cont-QA; stage order from the recorded times; prompts of implementation and
 * closure agents (owned files, deliverables, exit contract, marker grammar, message board,
 * implementation summaries); workspace changes recorded although `.wave/` is git-ignored.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  agentOf,
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  readResult,
  runDirOf,
  starts,
  type TestRepo,
  wave,
  writeWave,
} from "./fixture.js";

let repo: TestRepo;
let run: Awaited<ReturnType<typeof wave>>;
let result: Json;

before(async () => {
  repo = await makeRepo("pass");
  const prompt = (id: string) => path.join(repo.ext, `prompt-${id}.md`);
  await writeWave(repo, 1, [
    implAgent("A1", {
      copyPrompt: prompt("A1"),
      coord: [["--kind", "evidence", "--summary", "A1 finished the tokenizer", "--detail", "see src/a1.js", "--target", "A0"]],
    }),
    implAgent("A2", { sleepMs: 1500 }),
    integrationAgent(1, { copyPrompt: prompt("A8") }),
    documentationAgent(),
    contQaAgent(1, "pass", { copyPrompt: prompt("A0") }),
  ]);
  run = await wave(repo, ["run", "--wave", "1", "--max-attempts", "1"]);
  result = readResult(repo, 1, 1);
});

after(() => repo.cleanup());

test("the wave passes: exit 0, status passed, every gate ok, every agent ran once", () => {
  assert.equal(run.code, 0, run.stderr + run.stdout);
  assert.equal(result.schemaVersion, 2);
  // The local agent reports no usage: every figure is null, and so are the wave's totals (null, never 0).
  for (const a of result.agents) assert.deepEqual([a.usage.inputTokens, a.usage.costUsd, a.usage.sessionId], [null, null, null], a.id);
  assert.equal(result.usage, null);
  assert.equal(result.status, "passed");
  assert.equal(result.failure, null);
  assert.equal(result.resumedFrom, null);
  for (const g of result.gates) assert.equal(g.ok, true, `${g.stage} ${g.statusCode} ${g.detail}`);
  const byStage = (stage: string) => result.gates.filter((g: Json) => g.stage === stage);
  assert.deepEqual(
    byStage("implementation").map((g: Json) => [g.agentId, g.statusCode]),
    [
      ["A1", "pass"],
      ["A2", "pass"],
    ],
  );
  assert.equal(byStage("integration")[0].agentId, "A8");
  assert.equal(byStage("documentation")[0].agentId, "A9");
  assert.equal(byStage("cont-qa")[0].agentId, "A0");
  assert.equal(byStage("cont-qa")[0].statusCode, "pass");
  for (const id of ["A1", "A2", "A8", "A9", "A0"]) {
    const a = agentOf(result, id);
    assert.equal(a.status, "succeeded", id);
    assert.equal(a.exitCode, 0);
    assert.equal(a.runs, 1);
    assert.equal(a.attempts, 1);
    assert.ok(existsSync(path.join(runDirOf(repo, 1, 1), a.log)), `${id} log exists`);
  }
  assert.deepEqual(starts(repo).sort(), ["A0", "A1", "A2", "A8", "A9"]);
  assert.match(run.stdout, /passed/);
});

test("stages run in order: implementation, integration, documentation, cont-QA", () => {
  const stages: Json[] = result.stages;
  assert.deepEqual(
    stages.map((s) => s.stage),
    ["implementation", "integration", "documentation", "cont-qa"],
  );
  for (let i = 1; i < stages.length; i++) {
    assert.ok(
      Date.parse(stages[i - 1].completedAt) <= Date.parse(stages[i].startedAt),
      `${stages[i - 1].stage} ends before ${stages[i].stage}`,
    );
  }
  const implEnd = Math.max(...["A1", "A2"].map((id) => Date.parse(agentOf(result, id).completedAt)));
  const t = (id: string, k: "startedAt" | "completedAt") => Date.parse(agentOf(result, id)[k]);
  for (const id of ["A8", "A9", "A0"]) assert.ok(t(id, "startedAt") >= implEnd, `${id} starts after every implementation agent ended`);
  assert.ok(t("A8", "completedAt") <= t("A9", "startedAt"));
  assert.ok(t("A9", "completedAt") <= t("A0", "startedAt"));
  // The two implementation agents overlapped (they run in parallel).
  assert.ok(t("A1", "startedAt") < t("A2", "completedAt") && t("A2", "startedAt") < t("A1", "completedAt"));
});

test("workspace changes are recorded (the git-ignored state directory is left out)", () => {
  const meta = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "changes", "meta.json"), "utf8"));
  assert.deepEqual(meta.files.map((f: Json) => f.path).sort(), [
    "docs/integration/wave-1.md",
    "docs/reviews/wave-1-cont-qa.md",
    "src/a1.js",
    "src/a2.js",
  ]);
  assert.doesNotMatch(run.stdout + run.stderr, /workspace changes were not recorded/);
});

test("an implementation agent's prompt holds its files, deliverables, exit contract and marker grammar", () => {
  const prompt = readFileSync(path.join(repo.ext, "prompt-A1.md"), "utf8");
  assert.equal(
    readFileSync(path.join(repo.ext, "prompt-A1.md.stdin"), "utf8"),
    prompt,
    "the command executor gives the prompt on stdin too",
  );
  assert.match(prompt, /Files you own:\n- src\/a1\.js/);
  assert.match(prompt, /Deliverables you must leave on disk:\n- src\/a1\.js/);
  assert.match(prompt, /Exit contract: completion=contract, durability=none, proof=unit, doc-impact=none/);
  assert.ok(prompt.includes("[wave-proof] completion=contract|integrated|authoritative|live"));
  assert.ok(prompt.includes("[wave-doc-delta] state=none|owned|shared-plan"));
  assert.ok(prompt.includes("Do the work of A1 for wave 1."));
  assert.doesNotMatch(prompt, /## Message board/, "implementation agents get no board");
});

test("closure agents' prompts hold the message board and the implementation summaries", () => {
  const board = readFileSync(path.join(runDirOf(repo, 1, 1), "messageboard.md"), "utf8");
  assert.match(board, /A1 finished the tokenizer/);
  const coordination = readFileSync(path.join(runDirOf(repo, 1, 1), "coordination.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const posted = coordination.find((r) => r.summary === "A1 finished the tokenizer");
  assert.ok(posted, "the record A1 posted is in the coordination log");
  assert.equal(posted.agentId, "A1");
  assert.equal(posted.kind, "evidence");
  for (const id of ["A8", "A0"]) {
    const prompt = readFileSync(path.join(repo.ext, `prompt-${id}.md`), "utf8");
    assert.match(prompt, /## Message board[\s\S]*A1 finished the tokenizer/, `${id} sees the board`);
    assert.match(
      prompt,
      /## Implementation summaries\n\n- A1 \(Implementation A1\): succeeded; proof contract\/none\/unit met; doc-delta none/,
    );
    assert.match(prompt, /- A2 \(Implementation A2\): succeeded/);
  }
  const a0 = readFileSync(path.join(repo.ext, "prompt-A0.md"), "utf8");
  assert.ok(a0.includes("[wave-gate] architecture=pass|concerns|blocked|gap"));
  assert.ok(a0.includes("[wave-verdict] pass|concerns|blocked|hold"));
  assert.ok(a0.includes("docs/reviews/wave-1-cont-qa.md"));
});
