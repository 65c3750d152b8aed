/**
 * A state directory that cannot be made fails at once with a usage error naming it (exit 2),
 * never an endless retry; and SIGTERM ends a command blocked on the wave lock (exit 143).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, promises as fs, utimesSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { CLI_ARGV, cliEnv, contQaAgent, implAgent, makeRepo, type TestRepo, wave, writeWave } from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

async function oneWave(label: string): Promise<TestRepo> {
  const repo = await makeRepo(label);
  await writeWave(repo, 1, [implAgent("A1"), contQaAgent(1)]);
  return repo;
}

describe("unwritable state directory", { concurrency: true }, () => {
  test("--state-dir under /proc: exit 2 naming the path, nothing run", { skip: !existsSync("/proc/self") }, async () => {
    const repo = await oneWave("state-proc");
    try {
      const r = await wave(repo, ["run", "--wave", "1", "--state-dir", "/proc/wave-state"]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /^wave run: cannot create the directory \/proc\/wave-state: /m);
      assert.doesNotMatch(r.stderr, /^\s+at /m);
      assert.equal(r.stdout, "");
      assert.equal(existsSync(path.join(repo.root, "src", "a1.js")), false, "no agent ran");
    } finally {
      await repo.cleanup();
    }
  });

  test("--state-dir under a regular file: exit 2 naming the path and the file", async () => {
    const repo = await oneWave("state-file");
    try {
      const file = path.join(repo.base, "file");
      await fs.writeFile(file, "not a directory\n");
      const dir = path.join(file, "sub");
      const r = await wave(repo, ["run", "--wave", "1", "--state-dir", dir]);
      assert.equal(r.code, 2, r.stderr);
      assert.ok(r.stderr.includes(`cannot create the directory ${dir}: ${file} is not a directory`), r.stderr);
      assert.doesNotMatch(r.stderr, /^\s+at /m);
    } finally {
      await repo.cleanup();
    }
  });

  test("--state-dir that is a regular file: exit 2 naming it", async () => {
    const repo = await oneWave("state-is-file");
    try {
      const file = path.join(repo.base, "state");
      await fs.writeFile(file, "");
      const r = await wave(repo, ["run", "--wave", "1", "--state-dir", file]);
      assert.equal(r.code, 2, r.stderr);
      assert.ok(r.stderr.includes(`cannot create the directory ${file}: it exists and is not a directory`), r.stderr);
    } finally {
      await repo.cleanup();
    }
  });

  test("SIGTERM ends a run waiting for the wave lock another process is writing: exit 143", async () => {
    const repo = await oneWave("state-lock");
    const waveDir = path.join(repo.root, ".wave", "main", "wave-1");
    const lock = path.join(waveDir, "run.lock");
    // A lock file created (exclusively, as the lock does) but not written yet, kept fresh so the
    // run keeps waiting for its holder to finish writing it.
    await fs.mkdir(waveDir, { recursive: true });
    await (await fs.open(lock, "wx")).close();
    const fresh = setInterval(() => {
      const now = new Date();
      utimesSync(lock, now, now);
    }, 200);
    try {
      const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
      const child = spawn(bin, [...pre, "run", "--wave", "1", "--agent-user", "none", "--root", repo.root], {
        cwd: REPO_ROOT,
        env: cliEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on("close", (code, signal) => resolve({ code, signal })),
      );
      // The state directory's .gitignore is written right before the lock is tried.
      const gitignore = path.join(repo.root, ".wave", ".gitignore");
      let ended = false;
      void exited.then(() => (ended = true));
      while (!existsSync(gitignore) && !ended) await sleep(25);
      assert.equal(ended, false, `the run ended before trying the lock: ${out}`);
      child.kill("SIGTERM");
      const { code, signal } = await exited;
      assert.equal(signal, null);
      assert.equal(code, 143, out);
      assert.match(out, /wave run: interrupted by SIGTERM while waiting for the wave lock .*run\.lock/);
      assert.doesNotMatch(out, /^\s+at /m);
      assert.ok(existsSync(lock), "the other process's lock is left alone");
      assert.equal(existsSync(path.join(waveDir, "attempt-1")), false, "no attempt started");
    } finally {
      clearInterval(fresh);
      await repo.cleanup();
    }
  });
});
