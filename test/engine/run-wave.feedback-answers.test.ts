/**
 * A human's answer is kept per question (agent + question text), not per wave fingerprint: after
 * the wave file changes (the resume is refused), the asking agent gets its earlier answer in its
 * prompt and the wave does not block again; a question asked again is answered at once by the
 * control server; a different question, or the same question from another agent, still blocks.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { startControlServer } from "../../src/control/server.js";
import type { AgentIo } from "../../src/command-io.js";
import { materialize } from "../../src/coordination/state.js";
import { coordinationLogPath, readCoordinationLog } from "../../src/coordination/store.js";
import type { EngineEvent } from "../../src/engine/types.js";
import { ANSWERS_FILE, normaliseQuestion, readAnswers, storeAnswer } from "../../src/feedback/answers.js";
import { feedbackAskCommand } from "../../src/cli/ask-command.js";
import { readFeedbackRequests } from "../../src/feedback/requests.js";
import {
  type AgentSpec,
  contQaAgent,
  documentationAgent,
  engineRun,
  git,
  implAgent,
  integrationAgent,
  makeRepo,
  resetStarts,
  runDirOf,
  setBehaviour,
  starts,
  type TestRepo,
  writeWave,
} from "./fixture.js";

const QUESTION = "Should the cache be in-memory or on disk?";
const ANSWER = "On disk, under .cache/ — keep it small.";

function agents(repo: TestRepo): AgentSpec[] {
  return [
    implAgent("A1", { ask: QUESTION, copyPrompt: path.join(repo.ext, "prompt-A1.md") }),
    implAgent("A2"),
    integrationAgent(5),
    documentationAgent(),
    contQaAgent(5),
  ];
}

/** Edits the wave file (another agent's prompt) and commits: the wave's fingerprint changes. */
async function editWave(repo: TestRepo, words: string): Promise<void> {
  const file = path.join(repo.root, "docs", "plans", "waves", "wave-5.md");
  const text = readFileSync(file, "utf8");
  const before = "Do the work of A2 for wave 5.";
  assert.ok(text.includes(before), `the wave file holds ${before}`);
  await fs.writeFile(file, text.replace(before, `${before} ${words}`));
  git(repo.root, ["commit", "-q", "-am", `edit wave 5: ${words}`]);
}

function warnings(events: EngineEvent[]): string[] {
  return events.flatMap((e) => (e.type === "warning" ? [e.message] : []));
}

function promptOf(repo: TestRepo, attempt: number, id: string): string {
  return readFileSync(path.join(runDirOf(repo, 5, attempt), "agents", id, "prompt.md"), "utf8");
}

test("an answer survives an edited wave file: the agent gets it in its prompt and the wave does not block again", async () => {
  const repo = await makeRepo("answers");
  try {
    await writeWave(repo, 5, agents(repo));
    const first = await engineRun(repo, 5);
    assert.equal(first.result.status, "blocked");
    assert.equal(first.result.feedback?.question, QUESTION);
    assert.equal(first.result.feedback?.answer, null);

    const second = await engineRun(repo, 5, { feedback: ANSWER });
    assert.equal(second.result.status, "passed", JSON.stringify(second.result.failure));
    assert.equal(second.result.feedback?.answer, ANSWER);
    // Kept in the wave directory (outside the attempts) and in the run directory.
    const waveDir = path.dirname(runDirOf(repo, 5, 2));
    for (const dir of [waveDir, runDirOf(repo, 5, 2)]) {
      const kept = await readAnswers([dir]);
      assert.deepEqual(
        kept.map((a) => [a.agentId, a.question, a.answer]),
        [["A1", QUESTION, ANSWER]],
        dir,
      );
    }

    await editWave(repo, "Keep the diff small.");
    await resetStarts(repo);
    const events: EngineEvent[] = [];
    const third = await engineRun(repo, 5, {}, events);
    assert.ok(
      warnings(events).some((w) => /not resuming: cannot resume from .*changed since that run/.test(w)),
      warnings(events).join("\n"),
    );
    assert.equal(third.result.resumedFrom, null);
    assert.equal(third.result.status, "passed", JSON.stringify(third.result.failure));
    assert.equal(third.result.failure, null);
    assert.ok(starts(repo).includes("A1"), "the asking agent ran again");
    assert.deepEqual(await readFeedbackRequests(third.runDir), [], "no question is open");
    for (const prompt of [promptOf(repo, 3, "A1"), readFileSync(path.join(repo.ext, "prompt-A1.md"), "utf8")]) {
      for (const part of ["## Answer from a human", QUESTION, ANSWER]) assert.ok(prompt.includes(part), `A1's prompt holds ${part}`);
    }
    assert.ok(!promptOf(repo, 3, "A2").includes(ANSWER), "another agent's prompt does not get the answer");
    assert.ok(existsSync(path.join(third.runDir, ANSWERS_FILE)), "the run directory carries the answers");

    // The same question from another agent is not answered with A1's answer.
    await setBehaviour(repo, 5, "A2", { ...implAgent("A2").behaviour, ask: QUESTION });
    await editWave(repo, "And test it.");
    const fourth = await engineRun(repo, 5);
    assert.equal(fourth.result.status, "blocked");
    assert.equal(fourth.result.feedback?.agentId, "A2");
    assert.equal(fourth.result.feedback?.question, QUESTION);
    assert.equal(fourth.result.feedback?.answer, null);
    assert.deepEqual(
      (await readFeedbackRequests(fourth.runDir)).map((r) => r.agentId),
      ["A2"],
    );
  } finally {
    await repo.cleanup();
  }
});

test("--feedback answers the open question even when the wave file changed since it was asked", async () => {
  const repo = await makeRepo("answers-edit");
  try {
    await writeWave(repo, 5, agents(repo));
    const first = await engineRun(repo, 5);
    assert.equal(first.result.status, "blocked");

    await editWave(repo, "Mind the cache.");
    const events: EngineEvent[] = [];
    const second = await engineRun(repo, 5, { feedback: ANSWER }, events);
    assert.equal(second.result.resumedFrom, null, "the resume was refused");
    assert.equal(second.result.status, "passed", JSON.stringify(second.result.failure));
    assert.equal(second.result.feedback?.agentId, "A1");
    assert.equal(second.result.feedback?.answer, ANSWER);
    assert.ok(promptOf(repo, 2, "A1").includes(ANSWER), "the answer is in the prompt of run 2");
    const carried = await readFeedbackRequests(second.runDir, { includeAnswered: true });
    assert.deepEqual(
      carried.map((r) => [r.agentId, r.status, r.answer]),
      [["A1", "answered", ANSWER]],
    );

    await editWave(repo, "Once more.");
    const third = await engineRun(repo, 5);
    assert.equal(third.result.status, "passed", JSON.stringify(third.result.failure));
    assert.ok(promptOf(repo, 3, "A1").includes(ANSWER), "the answer is in the prompt of run 3");
  } finally {
    await repo.cleanup();
  }
});

function capture(env: Record<string, string | undefined>): { io: AgentIo; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    io: { stdout: (s) => (out += s), stderr: (s) => (err += s), env },
    out: () => out,
    err: () => err,
  };
}

test("the control server answers a question asked again at once; a different question or another agent's still waits", async () => {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), "wave-answers-"));
  const ctlDir = await fs.mkdtemp(path.join(os.tmpdir(), "wave-ctl-"));
  const server = await startControlServer({ dir: ctlDir, runDir, lane: "main", wave: 5 });
  try {
    await storeAnswer([runDir], {
      agentId: "A1",
      question: "Which  database\nshould I target?",
      answer: "Postgres",
      answeredAt: "2030-01-01T00:00:00.000Z",
      answeredBy: "maintainer",
      requestId: "feedback-1",
    });
    assert.equal(normaliseQuestion("  Which database \t should I target? "), "Which database should I target?");
    const outputs: string[] = [];
    const ask = async (agentId: string, question: string): Promise<string> => {
      const c = capture({ WAVE_CONTROL_SOCKET: server.socketPath, WAVE_AGENT_TOKEN: server.issueToken(agentId, 1) });
      assert.equal(await feedbackAskCommand(["--question", question], c.io), 0, c.err());
      outputs.push(c.out());
      // The request id is the first line on stderr; stdout is the answer alone.
      return c.err().split("\n")[0]!;
    };

    const again = await ask("A1", "  Which database should I   target? ");
    // The agent is given the answer and told to go on, not to stop.
    assert.equal(outputs[0]!, "Postgres\n");
    assert.doesNotMatch(outputs[0]!, /Stop now/);
    assert.deepEqual(await readFeedbackRequests(runDir), [], "the same question does not block");
    const [answered] = await readFeedbackRequests(runDir, { includeAnswered: true });
    assert.equal(answered?.id, again);
    assert.equal(answered?.status, "answered");
    assert.equal(answered?.answer, "Postgres");
    assert.equal(answered?.answeredBy, "maintainer");
    const coord = materialize((await readCoordinationLog(coordinationLogPath(runDir))).records);
    assert.equal(coord.byId.get(again)?.status, "resolved");

    const different = await ask("A1", "Which port should it listen on?");
    assert.match(outputs[1]!, /Stop now/, "a new question still stops the agent");
    const other = await ask("A2", "Which database should I target?");
    const pending = await readFeedbackRequests(runDir);
    assert.deepEqual(
      pending.map((r) => [r.id, r.agentId, r.status]).sort(),
      [
        [different, "A1", "pending"],
        [other, "A2", "pending"],
      ].sort(),
    );
    const after = materialize((await readCoordinationLog(coordinationLogPath(runDir))).records);
    assert.equal(after.byId.get(different)?.status, "open");
    assert.equal(after.byId.get(other)?.status, "open");
  } finally {
    await server.close();
    await fs.rm(runDir, { recursive: true, force: true });
    await fs.rm(ctlDir, { recursive: true, force: true });
  }
});
