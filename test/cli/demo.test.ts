/**
 * `wave demo`: copies the bundled example into a directory, makes it a git repository, runs its
 * wave with the built-in local executor, exits 0 and says where the state is.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { cliEnv } from "../engine/fixture.js";
import { runCli } from "../helpers/cli.js";

test("wave demo passes, exits 0 and prints the state directory", async () => {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), "wave-demo-test-"));
  try {
    const dir = path.join(base, "demo");
    const r = await runCli(["demo", "--dir", dir], { env: cliEnv(), timeoutMs: 120_000 });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const stateDir = /^State directory: (.+)$/m.exec(r.stdout)?.[1];
    assert.ok(stateDir, r.stdout);
    assert.equal(stateDir, path.join(dir, ".wave", "main", "wave-0", "attempt-1"));
    const result = JSON.parse(readFileSync(path.join(stateDir, "result.json"), "utf8"));
    assert.equal(result.status, "passed");
    assert.equal(result.failure, null);
    assert.deepEqual(
      result.agents.map((a: { id: string; executor: string; status: string }) => [a.id, a.executor, a.status]),
      [
        ["A1", "local", "succeeded"],
        ["A2", "local", "succeeded"],
        ["A8", "local", "succeeded"],
        ["A9", "local", "succeeded"],
        ["A0", "local", "succeeded"],
      ],
    );
    assert.ok(existsSync(path.join(dir, "src", "word-count.js")), "the local agent created its deliverable");
    assert.ok(existsSync(path.join(stateDir, "summary.md")));
    assert.match(r.stdout, /Wave 0 \(lane main\): passed/);
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
});

test("wave demo --dir refuses an existing repository or a non-empty directory, exit 2, nothing changed", async () => {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), "wave-demo-refuse-"));
  try {
    const repo = path.join(base, "repo");
    await fs.mkdir(path.join(repo, "docs", "plans", "waves"), { recursive: true });
    const mine = "# my own wave 0\n";
    await fs.writeFile(path.join(repo, "docs", "plans", "waves", "wave-0.md"), mine);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=me", "-c", "user.email=me@example.invalid", ...args], { cwd: repo, encoding: "utf8" });
    git("init", "-q", "-b", "work");
    git("add", "-A");
    git("commit", "-q", "-m", "mine");
    const head = git("rev-parse", "HEAD");
    const r = await runCli(["demo", "--dir", repo], { env: cliEnv(), timeoutMs: 120_000 });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /is a git repository/);
    assert.match(r.stderr, /Nothing was changed/);
    assert.equal(git("rev-parse", "HEAD"), head, "no commit on the user's branch");
    assert.equal(git("status", "--porcelain"), "", "no file of the repository changed");
    assert.equal(readFileSync(path.join(repo, "docs", "plans", "waves", "wave-0.md"), "utf8"), mine);

    const plain = path.join(base, "plain");
    await fs.mkdir(plain);
    await fs.writeFile(path.join(plain, "notes.txt"), "keep\n");
    const r2 = await runCli(["demo", "--dir", plain], { env: cliEnv(), timeoutMs: 120_000 });
    assert.equal(r2.code, 2, r2.stdout + r2.stderr);
    assert.match(r2.stderr, /is not empty \(1 entry\)/);
    assert.deepEqual(await fs.readdir(plain), ["notes.txt"], "nothing was written into it");

    const file = path.join(base, "a-file");
    await fs.writeFile(file, "x");
    const r3 = await runCli(["demo", "--dir", file], { env: cliEnv(), timeoutMs: 120_000 });
    assert.equal(r3.code, 2, r3.stdout + r3.stderr);
    assert.match(r3.stderr, /is a file, not a directory/);
    assert.doesNotMatch(r.stderr + r2.stderr + r3.stderr, /\n\s+at /, "no stack trace");
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
});
