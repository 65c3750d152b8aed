/**
 * The `wave` CLI's commands and exit codes (PRODUCT §3.1): usage errors (2, a message, never a
 * stack trace), validate in its three formats, plan's matrix, run on an invalid wave, missing
 * executor programs, the per-wave run lock, and status/logs after a run.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { implAgent, type Json, makeRepo, readResult, starts, type TestRepo, wave, waveInProcess, writeWave } from "../engine/fixture.js";

const NO_STACK = /\n\s+at .+:\d+:\d+/;

/** Appends an invalid wave 2 to the repository: a bad executor id and an agent without a prompt. */
async function addBrokenWave(repo: TestRepo): Promise<{ file: string; executorLine: number; promptlessLine: number }> {
  const text = [
    "# Wave 2 - broken",
    "",
    "## Agent B1: Bad executor",
    "",
    "### Executor",
    "",
    "- id: gpt",
    "",
    "### Prompt",
    "",
    "```text",
    "Do it.",
    "",
    "File ownership (only touch these paths):",
    "- src/b1.js",
    "```",
    "",
    "## Agent B2: No prompt",
    "",
    "### Deliverables",
    "",
    "- src/b2.js",
    "",
  ].join("\n");
  const file = path.join(repo.root, "docs", "plans", "waves", "wave-2.md");
  await fs.writeFile(file, text);
  const lines = text.split("\n");
  return { file, executorLine: lines.indexOf("- id: gpt") + 1, promptlessLine: lines.indexOf("## Agent B2: No prompt") + 1 };
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe("wave CLI", { concurrency: true }, () => {
  test("usage errors exit 2 with a message and no stack trace", async () => {
    const repo = await makeRepo("usage");
    try {
      await writeWave(repo, 1, [implAgent("A1")]);
      const cases: [string[], RegExp][] = [
        [["frobnicate"], /^wave: unknown command "frobnicate"\. Run `wave --help`\.\n$/],
        [["stauts", "--wave", "1"], /^wave: unknown command "stauts"; did you mean status\? Run `wave --help`\.\n$/],
        [["help", "rnu"], /^wave help: unknown command "rnu[^"]*"; did you mean run\? /],
        [["cord", "post"], /unknown command "cord post"; did you mean coord\?/],
        [["run", "--wave", "1", "--frobnicate"], /frobnicate/],
        [["run"], /--wave/],
        [["run", "--wave", "one"], /--wave/],
        [["run", "--wave", "1", "--timeout-minutes", "soon"], /--timeout-minutes/],
        [["run", "--wave", "1", "--resume", "/nonexistent/run-dir"], /nonexistent/],
        [["status"], /--wave/],
        [["run", "--wave", "7"], /wave 7 not found/],
      ];
      // Two through the real binary, the rest through the same dispatcher in this process.
      const results = await Promise.all(cases.map(([args], i) => (i < 2 ? wave(repo, args) : waveInProcess(repo, args))));
      cases.forEach(([args, pattern], i) => {
        const r = results[i]!;
        assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
        assert.match(r.stderr, pattern, args.join(" "));
        assert.doesNotMatch(r.stderr, NO_STACK, args.join(" "));
        assert.doesNotMatch(r.stderr, /internal error/, args.join(" "));
      });
      assert.deepEqual(starts(repo), [], "no agent ran");
    } finally {
      await repo.cleanup();
    }
  });

  test("validate: text, json and github formats; run on the invalid wave exits 2 with file:line", async () => {
    const repo = await makeRepo("validate");
    try {
      await writeWave(repo, 1, [implAgent("A1")], { commit: false });
      const broken = await addBrokenWave(repo);
      const [text, json, github, onlyValid, run] = await Promise.all([
        wave(repo, ["validate"]),
        waveInProcess(repo, ["validate", "--format", "json"]),
        waveInProcess(repo, ["validate", "--format", "github"]),
        waveInProcess(repo, ["validate", "--wave", "1"]),
        wave(repo, ["run", "--wave", "2"]),
      ]);
      assert.equal(text.code, 1, text.stderr);
      const textLines = (text.stdout + text.stderr).split("\n");
      const executorError = textLines.find((l) => l.includes(`wave-2.md:${broken.executorLine}: error: `));
      assert.ok(executorError, textLines.join("\n"));
      assert.match(executorError, /gpt/);
      assert.ok(
        textLines.some((l) => new RegExp(`wave-2\\.md:${broken.promptlessLine}: error: .*Prompt`).test(l)),
        "missing prompt names the agent's line",
      );
      assert.ok(!textLines.some((l) => /wave-1\.md:\d+: error/.test(l)), "wave 1 is valid");

      assert.equal(json.code, 1);
      const report = JSON.parse(json.stdout);
      assert.equal(report.ok, false);
      const w1 = report.waves.find((w: Json) => w.wave === 1);
      assert.equal(w1.file, "docs/plans/waves/wave-1.md");
      assert.deepEqual(
        w1.agents.map((a: Json) => [a.id, a.role, a.executor]),
        [["A1", "implementation", "command"]],
      );
      const err = report.errors.find((e: Json) => e.line === broken.executorLine);
      assert.equal(err.file, "docs/plans/waves/wave-2.md");
      assert.equal(err.wave, 2);
      assert.equal(err.agentId, "B1");
      assert.equal(typeof err.message, "string");
      for (const e of report.errors)
        assert.deepEqual(
          Object.keys(e)
            .filter((k) => ["file", "line", "message"].includes(k))
            .sort(),
          ["file", "line", "message"],
        );

      assert.equal(github.code, 1);
      assert.match(github.stdout, new RegExp(`^::error file=docs/plans/waves/wave-2\\.md,line=${broken.executorLine}[,:]`, "m"));

      assert.equal(onlyValid.code, 0, onlyValid.stdout + onlyValid.stderr);

      // The same exit code as validate gives the same errors.
      assert.equal(run.code, 1);
      assert.match(run.stderr, new RegExp(`wave-2\\.md:${broken.executorLine}: error: `));
      assert.doesNotMatch(run.stderr, NO_STACK);
    } finally {
      await repo.cleanup();
    }
  });

  test("plan --waves 1-2 --format json gives the waves and a workflow matrix", async () => {
    const repo = await makeRepo("plan");
    try {
      await writeWave(repo, 1, [implAgent("A1"), implAgent("A2")], { commit: false });
      await writeWave(repo, 2, [implAgent("A1")], { commit: false });
      await writeWave(repo, 3, [implAgent("A1")]);
      const r = await waveInProcess(repo, ["plan", "--waves", "1-2", "--format", "json"]);
      assert.equal(r.code, 0, r.stderr);
      const plan = JSON.parse(r.stdout);
      assert.equal(plan.lane, "main");
      assert.deepEqual(plan.matrix, { include: [{ wave: 1 }, { wave: 2 }] });
      assert.deepEqual(
        plan.waves.map((w: Json) => [w.wave, w.file, w.agents.length]),
        [
          [1, "docs/plans/waves/wave-1.md", 2],
          [2, "docs/plans/waves/wave-2.md", 1],
        ],
      );
    } finally {
      await repo.cleanup();
    }
  });

  test("missing executor programs: exit 2, one message listing every missing program, nothing started", async () => {
    const repo = await makeRepo("missing");
    try {
      const one = implAgent("A1");
      one.executorLines = ["- id: command", "- command: wave-missing-program-one --flag"];
      const two = implAgent("A2");
      two.executorLines = ["- id: command", "- command: wave-missing-program-two"];
      await writeWave(repo, 1, [one, two, implAgent("A3")]);
      const r = await wave(repo, ["run", "--wave", "1"]);
      assert.equal(r.code, 2, r.stderr + r.stdout);
      assert.match(r.stderr, /wave-missing-program-one/);
      assert.match(r.stderr, /wave-missing-program-two/);
      assert.equal(r.stderr.match(/^wave run:/gm)?.length, 1, "one message");
      assert.doesNotMatch(r.stderr, NO_STACK);
      assert.deepEqual(starts(repo), [], "no agent started, not even the one that could");
      const result = readResult(repo, 1, 1);
      assert.equal(result.status, "failed");
      assert.equal(result.failure.stage, "preflight");
      assert.equal(result.failure.statusCode, "executor-missing");
      const status = await waveInProcess(repo, ["status", "--wave", "1"]);
      assert.equal(status.code, 1, "status of a failed wave exits 1");
      const noLog = await waveInProcess(repo, ["logs", "--wave", "1", "--agent", "A9"]);
      assert.equal(noLog.code, 2);
      assert.match(noLog.stderr, /no log for agent A9/);
    } finally {
      await repo.cleanup();
    }
  });

  test("one run per wave at a time; status and logs after the run", async () => {
    const repo = await makeRepo("lock");
    try {
      const release = path.join(repo.ext, "release");
      await writeWave(repo, 1, [implAgent("A1", { waitFile: release, heartbeatMs: 250 })]);
      const first = wave(repo, ["run", "--wave", "1"]);
      await waitFor("A1 to start", () => starts(repo).includes("A1"));
      const second = await wave(repo, ["run", "--wave", "1"]);
      await fs.writeFile(release, "");
      assert.equal(second.code, 2, second.stderr);
      assert.match(second.stderr, /another wave run is active/);
      assert.match(second.stderr, /; wait for it to end: wave wait --wave 1\n$/);
      const done = await first;
      assert.equal(done.code, 0, done.stderr);
      assert.deepEqual(starts(repo), ["A1"], "the second run started nothing");

      const [statusText, statusJson, logs, follow] = await Promise.all([
        wave(repo, ["status", "--wave", "1"]),
        waveInProcess(repo, ["status", "--wave", "1", "--json"]),
        waveInProcess(repo, ["logs", "--wave", "1", "--agent", "A1"]),
        // --follow on a finished run prints the log and returns.
        waveInProcess(repo, ["logs", "--wave", "1", "--agent", "A1", "--follow"]),
      ]);
      assert.equal(statusText.code, 0, statusText.stderr);
      assert.match(statusText.stdout, /A1\s+Implementation A1\s+implementation\s+command\s+succeeded/);
      assert.match(statusText.stdout, /result\.json/);
      assert.equal(statusJson.code, 0);
      assert.deepEqual(JSON.parse(statusJson.stdout), readResult(repo, 1, 1));
      assert.equal(logs.code, 0, logs.stderr);
      assert.match(logs.stdout, /^\[wave-proof\] completion=contract/m);
      assert.match(logs.stdout, /A1: still working/);
      assert.equal(follow.code, 0);
      assert.equal(follow.stdout, logs.stdout);
      assert.equal(
        logs.stdout,
        readFileSync(path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "agents", "A1", "agent.log"), "utf8"),
      );
    } finally {
      await repo.cleanup();
    }
  });
});
