/**
 * A closed stdout or stderr never crashes a command: `wave run | head -1` goes on to the end of
 * its wave (exit code of the wave, result.json written, lock released, no agent left running), and
 * every other command exits with the code it has when its output is read. No stack trace.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import {
  agentOf,
  CLI_ARGV,
  cliEnv,
  contQaAgent,
  implAgent,
  makeRepo,
  markerOf,
  processesWith,
  readResult,
  runDirOf,
  type TestRepo,
  writeWave,
} from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

interface Closed {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What was read from the streams left open (and from a stream before it was closed). */
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI with stdout and/or stderr closed by the reader: "now" closes the read end at
 * once, "after-first" after the first chunk arrived (like `| head -1`).
 */
function runClosed(args: string[], close: { stdout?: "now" | "after-first"; stderr?: "now" | "after-first" }): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
    const child = spawn(bin, [...pre, ...args], { cwd: REPO_ROOT, env: cliEnv(), stdio: ["ignore", "pipe", "pipe"] });
    const out = { stdout: "", stderr: "" };
    for (const name of ["stdout", "stderr"] as const) {
      const stream = child[name];
      const mode = close[name];
      stream.on("error", () => undefined);
      if (mode === "now") {
        stream.destroy();
        continue;
      }
      stream.on("data", (d) => {
        out[name] += d;
        if (mode === "after-first") stream.destroy();
      });
    }
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ...out });
    });
  });
}

function assertNoStack(text: string): void {
  assert.doesNotMatch(text, /^\s+at /m, `a stack trace was printed:\n${text}`);
  assert.doesNotMatch(text, /Unhandled 'error' event|node:internal/, text);
}

/** A wave whose agent sleeps (printing heartbeats, so output keeps coming) and writes a file. */
async function sleepyWave(label: string): Promise<TestRepo> {
  const repo = await makeRepo(label);
  await writeWave(repo, 1, [implAgent("A1", { sleepMs: 1500, heartbeatMs: 100 }), contQaAgent(1)]);
  return repo;
}

async function assertWaveFinished(repo: TestRepo, r: Closed): Promise<void> {
  assert.equal(r.signal, null, `ended by ${r.signal}`);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
  const result = readResult(repo, 1, 1);
  assert.equal(result.status, "passed");
  assert.equal(agentOf(result, "A1").status, "succeeded");
  assert.ok(existsSync(path.join(repo.root, "src", "a1.js")), "the agent wrote its file");
  assert.ok(existsSync(path.join(runDirOf(repo, 1, 1), "summary.md")), "the summary is written");
  assert.equal(existsSync(path.join(repo.root, ".wave", "main", "wave-1", "run.lock")), false, "the lock is released");
  assert.deepEqual(processesWith(markerOf(repo)), [], "no agent process left running");
}

describe("closed output", { concurrency: true }, () => {
  test("wave run with stdout closed after the first chunk finishes its wave (exit 0, result.json, no lock, no agent left)", async () => {
    const repo = await sleepyWave("closed-stdout");
    try {
      const r = await runClosed(["run", "--wave", "1", "--agent-user", "none", "--root", repo.root], { stdout: "after-first" });
      assert.ok(r.stdout.length > 0, "the first output was read before closing");
      assertNoStack(r.stderr);
      await assertWaveFinished(repo, r);
    } finally {
      await repo.cleanup();
    }
  });

  test("wave run with stderr closed finishes its wave; stdout still carries the result table", async () => {
    const repo = await sleepyWave("closed-stderr");
    try {
      const r = await runClosed(["run", "--wave", "1", "--agent-user", "none", "--root", repo.root], { stderr: "now" });
      assertNoStack(r.stdout);
      assert.match(r.stdout, /A1/);
      await assertWaveFinished(repo, r);
    } finally {
      await repo.cleanup();
    }
  });

  test("wave run --json with both streams closed at once finishes its wave", async () => {
    const repo = await sleepyWave("closed-both");
    try {
      const r = await runClosed(["run", "--wave", "1", "--json", "--agent-user", "none", "--root", repo.root], {
        stdout: "now",
        stderr: "now",
      });
      await assertWaveFinished(repo, r);
    } finally {
      await repo.cleanup();
    }
  });

  describe("every other command with stdout and stderr closed exits with its normal code", { concurrency: 4 }, () => {
    let repo: TestRepo;
    before(async () => {
      repo = await makeRepo("closed-commands");
      await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
      // A finished run for `status` and `logs` to read.
      const r = await runClosed(["run", "--wave", "1", "--agent-user", "none", "--root", repo.root], {});
      assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    });
    after(async () => {
      await repo?.cleanup();
    });

    const cases: Array<{ args: string[]; root?: true; code: number }> = [
      { args: [], code: 2 },
      { args: ["--help"], code: 0 },
      { args: ["--version"], code: 0 },
      { args: ["help", "run"], code: 0 },
      { args: ["no-such-command"], code: 2 },
      { args: ["validate"], root: true, code: 0 },
      { args: ["validate", "--json"], root: true, code: 0 },
      { args: ["validate", "--wave", "9"], root: true, code: 2 },
      { args: ["plan"], root: true, code: 0 },
      { args: ["plan", "--json"], root: true, code: 0 },
      { args: ["status", "--wave", "1"], root: true, code: 0 },
      { args: ["status", "--wave", "1", "--json"], root: true, code: 0 },
      { args: ["status", "--wave", "7"], root: true, code: 2 },
      { args: ["logs", "--wave", "1", "--agent", "A1", "--attempt", "1"], root: true, code: 0 },
      { args: ["logs", "--wave", "1", "--agent", "A7"], root: true, code: 2 },
      { args: ["run", "--wave", "1", "--dry-run", "--agent-user", "none"], root: true, code: 0 },
      { args: ["run", "--bogus"], code: 2 },
      { args: ["rehearse", "--help"], code: 0 },
      { args: ["demo", "--help"], code: 0 },
      { args: ["coord", "post", "--help"], code: 0 },
      { args: ["coord"], code: 2 },
      { args: ["feedback", "ask", "--help"], code: 0 },
    ];
    for (const c of cases) {
      test(`wave ${c.args.join(" ")} → ${c.code}`, async () => {
        const args = c.root ? [...c.args, "--root", repo.root] : c.args;
        const closed = await runClosed(args, { stdout: "now", stderr: "now" });
        assert.equal(closed.signal, null);
        assert.equal(closed.code, c.code);
        // The same code as when the output is read, and nothing that looks like a crash.
        const open = await runClosed(args, {});
        assert.equal(open.code, c.code, `${open.stdout}\n${open.stderr}`);
        assertNoStack(open.stderr);
      });
    }
  });
});
