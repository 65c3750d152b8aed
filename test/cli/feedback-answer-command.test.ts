/**
 * Humans in the loop from another terminal: `wave status` lists open questions with the exact
 * command that answers them, `wave feedback answer` answers one (an agent waiting with
 * `wave feedback ask --wait` gets it at once; a blocked wave's asker runs again with it), and
 * under GitHub Actions `--wait` says in one line that nobody can answer and behaves as without it.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, promises as fs, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { FeedbackAskRequestSchema } from "../../src/control/protocol.js";
import { startControlServer } from "../../src/control/server.js";
import { feedbackAskCommand, WAIT_IN_ACTIONS_NOTE } from "../../src/cli/ask-command.js";
import { createFeedbackRequest, readFeedbackRequests } from "../../src/feedback/requests.js";
import { waitForFeedbackAnswer } from "../../src/feedback/wait.js";
import {
  agentOf,
  CLI_ARGV,
  cliEnv,
  contQaAgent,
  DOC_DELTA,
  implAgent,
  makeRepo,
  PROOF,
  readResult,
  resetStarts,
  runDirOf,
  starts,
  wave,
  writeWave,
} from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

async function until(what: string, check: () => boolean): Promise<void> {
  const limit = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > limit) throw new Error(`never happened: ${what}`);
    await sleep(50);
  }
}

function openCommand(statusOut: string): { id: string; line: string } {
  const m = /answer: (wave feedback answer (\S+) "<answer>")/.exec(statusOut);
  assert.ok(m, `no answer command in:\n${statusOut}`);
  return { line: m[1]!, id: m[2]! };
}

describe("wave feedback answer", () => {
  test("a blocked wave's question: status shows the command, the answer reaches the asker on the next run", async () => {
    const repo = await makeRepo("feedback-answer");
    try {
      const prompt = path.join(repo.ext, "a1-prompt.md");
      await writeWave(repo, 1, [implAgent("A1", { ask: "Which colour should the button be?", copyPrompt: prompt }), contQaAgent(1)]);
      const blocked = await wave(repo, ["run", "--wave", "1"]);
      assert.equal(blocked.code, 1, blocked.stdout + blocked.stderr);
      assert.equal(readResult(repo, 1, 1).status, "blocked");

      const status = await wave(repo, ["status", "--wave", "1"]);
      assert.equal(status.code, 1);
      assert.match(
        status.stdout,
        /Open question \(waiting for a human\):\n {2}A1 asks \(feedback-[^)]+\): Which colour should the button be\?/,
      );
      const { id, line } = openCommand(status.stdout);
      assert.equal(line, `wave feedback answer ${id} "<answer>"`);

      const answered = await wave(repo, ["feedback", "answer", id, "Blue,", "like the logo"]);
      assert.equal(answered.code, 0, answered.stderr);
      assert.match(answered.stdout, new RegExp(`Answered A1's question ${id} \\(main wave 1, attempt-1\\)`));
      const twice = await wave(repo, ["feedback", "answer", id, "Red"]);
      assert.equal(twice.code, 2);
      assert.match(twice.stderr, /already answered .*Blue, like the logo/);
      const unknown = await wave(repo, ["feedback", "answer", "feedback-nope", "Red"]);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /no question feedback-nope under/);

      const after = await wave(repo, ["status", "--wave", "1"]);
      assert.doesNotMatch(after.stdout, /Open question/);

      await resetStarts(repo);
      const resumed = await wave(repo, ["run", "--wave", "1"]);
      assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
      assert.deepEqual(starts(repo), ["A1", "A0"], "the asker runs again with the answer");
      assert.match(readFileSync(prompt, "utf8"), /Blue, like the logo/);
      assert.equal(agentOf(readResult(repo, 1, 2), "A1").status, "succeeded");
    } finally {
      await repo.cleanup();
    }
  });

  test("waitForFeedbackAnswer ends with the answer another process gives, or null when nobody does", async () => {
    const repo = await makeRepo("feedback-wait-helper");
    try {
      await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
      const runDir = runDirOf(repo, 1, 1);
      await fs.mkdir(runDir, { recursive: true });
      const request = await createFeedbackRequest({ runDir, lane: "main", wave: 1, attempt: 1, agentId: "A1", question: "Ship it?" });
      const nobody = await waitForFeedbackAnswer(runDir, request.id, { timeoutMs: 200 });
      assert.equal(nobody, null);

      const waiting = waitForFeedbackAnswer(runDir, request.id, { timeoutMs: 300_000 });
      const answer = await wave(repo, ["feedback", "answer", request.id, "Yes, ship it"]);
      assert.equal(answer.code, 0, answer.stderr);
      const got = await waiting;
      assert.equal(got?.status, "answered");
      assert.equal(got?.answer, "Yes, ship it");
      assert.deepEqual(await readFeedbackRequests(runDir), [], "nothing pending");
    } finally {
      await repo.cleanup();
    }
  });

  test("--wait under GitHub Actions says in one line that it cannot be answered, and records the question", async () => {
    const repo = await makeRepo("feedback-wait-actions");
    try {
      const runDir = runDirOf(repo, 1, 1);
      await fs.mkdir(runDir, { recursive: true });
      const server = await startControlServer({ dir: repo.ext, runDir, lane: "main", wave: 1 });
      try {
        const token = server.issueToken("A1", 1);
        let stdout = "";
        let stderr = "";
        const code = await feedbackAskCommand(["--wait", "Which region?"], {
          stdout: (t: string) => (stdout += t),
          stderr: (t: string) => (stderr += t),
          env: { WAVE_CONTROL_SOCKET: server.socketPath, WAVE_AGENT_TOKEN: token, GITHUB_ACTIONS: "true" },
        });
        assert.equal(code, 0, stderr);
        // The note in one line, then the request id (stdout is only what the agent acts on).
        assert.equal(stderr.split("\n")[0], WAIT_IN_ACTIONS_NOTE.trimEnd());
        assert.match(stderr.split("\n")[1]!, /^feedback-\S+$/);
        assert.doesNotMatch(stdout, /feedback-/);
        assert.match(stdout, /Your question was recorded for a human\. Stop now/);
        const pending = await readFeedbackRequests(runDir);
        assert.deepEqual(
          pending.map((r) => [r.agentId, r.question]),
          [["A1", "Which region?"]],
        );
      } finally {
        await server.close();
      }
    } finally {
      await repo.cleanup();
    }
  });

  test("usage: --timeout-minutes without --wait, and the question twice, are refused", async () => {
    const io = () => {
      const out = { stdout: "", stderr: "" };
      return {
        out,
        io: {
          stdout: (t: string) => (out.stdout += t),
          stderr: (t: string) => (out.stderr += t),
          env: { WAVE_CONTROL_SOCKET: "/nonexistent.sock", WAVE_AGENT_TOKEN: "x" },
        },
      };
    };
    const a = io();
    assert.equal(await feedbackAskCommand(["--timeout-minutes", "5", "Q?"], a.io), 2);
    assert.match(a.out.stderr, /--timeout-minutes goes with --wait/);
    const b = io();
    assert.equal(await feedbackAskCommand(["--question", "Q?", "again"], b.io), 2);
    assert.match(b.out.stderr, /give the question once/);
  });
});

/** An agent that asks with --wait and writes the answer it got into its deliverable. */
async function askerScript(dir: string, minutes: number): Promise<string> {
  const script = path.join(dir, "asker.mjs");
  await fs.writeFile(
    script,
    [
      'import { spawnSync } from "node:child_process";',
      'import { mkdirSync, writeFileSync } from "node:fs";',
      `const r = spawnSync("wave", ["feedback", "ask", "--wait", "--timeout-minutes", "${minutes}", "Which colour?"], { encoding: "utf8" });`,
      "if (r.status !== 0) { console.error(r.stderr); process.exit(3); }",
      // stdout is the answer alone (the request id is on stderr).
      "const answer = r.stdout.trim();",
      'mkdirSync("src", { recursive: true });',
      'writeFileSync("src/a1.js", `export const colour = ${JSON.stringify(answer)};\\n`);',
      `console.log(${JSON.stringify(PROOF)});`,
      `console.log(${JSON.stringify(DOC_DELTA)});`,
      "",
    ].join("\n"),
  );
  return script;
}

/** Whether the control protocol carries a wait (the orchestrator holds the request open). */
const serverWaits = "waitSeconds" in FeedbackAskRequestSchema.shape;

describe("wave feedback ask --wait, live", () => {
  test("the asking agent blocks until a human answers from another process, and goes on with the answer", {
    skip: serverWaits ? false : "the control server does not hold feedback requests open yet",
  }, async () => {
    const repo = await makeRepo("feedback-wait-live");
    let run: ReturnType<typeof spawn> | undefined;
    try {
      const script = await askerScript(repo.ext, 30);
      await writeWave(repo, 1, [
        { ...implAgent("A1"), executorLines: ["- id: command", `- command: ${process.execPath} ${script}`] },
        contQaAgent(1),
      ]);
      const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
      run = spawn(bin, [...pre, "run", "--wave", "1", "--agent-user", "none", "--root", repo.root], {
        cwd: REPO_ROOT,
        env: cliEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      run.stdout!.on("data", (d) => (out += d));
      run.stderr!.on("data", (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => run!.on("close", (code) => resolve(code)));
      const feedback = path.join(runDirOf(repo, 1, 1), "feedback");
      await until("the question is recorded", () => existsSync(feedback) && readdirSync(feedback).some((f) => f.endsWith(".json")));

      const status = await wave(repo, ["status", "--wave", "1"]);
      assert.match(status.stdout, /A1 asks \(feedback-[^)]+\): Which colour\?/);
      const { id } = openCommand(status.stdout);
      // The run's own view shows the question with the command that answers it.
      await until("the live view shows the question", () => out.includes(`answer: wave feedback answer ${id} "<answer>"`));
      assert.match(out, new RegExp(`note: A1 asks a human \\(${id}\\): Which colour\\? — answer: wave feedback answer ${id}`));
      const answered = await wave(repo, ["feedback", "answer", id, "teal"]);
      assert.equal(answered.code, 0, answered.stderr);

      assert.equal(await exited, 0, out);
      assert.equal(readResult(repo, 1, 1).status, "passed");
      assert.equal(readFileSync(path.join(repo.root, "src", "a1.js"), "utf8"), 'export const colour = "teal";\n');
    } finally {
      if (run && run.exitCode === null) run.kill("SIGKILL");
      await repo.cleanup();
    }
  });

  test("with no answer in time the agent is told to stop and the wave ends blocked", {
    skip: serverWaits ? false : "the control server does not hold feedback requests open yet",
  }, async () => {
    const repo = await makeRepo("feedback-wait-timeout");
    try {
      const script = await askerScript(repo.ext, 0.02);
      await writeWave(repo, 1, [
        { ...implAgent("A1"), executorLines: ["- id: command", `- command: ${process.execPath} ${script}`] },
        contQaAgent(1),
      ]);
      const run = await wave(repo, ["run", "--wave", "1"]);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      assert.equal(readResult(repo, 1, 1).status, "blocked");
      assert.match(readFileSync(path.join(repo.root, "src", "a1.js"), "utf8"), /Stop now: end your turn/);
      const pending = await readFeedbackRequests(runDirOf(repo, 1, 1));
      assert.deepEqual(
        pending.map((r) => r.question),
        ["Which colour?"],
      );
    } finally {
      await repo.cleanup();
    }
  });
});
