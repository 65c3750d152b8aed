/**
 * `wave demo`: copies the bundled example into a directory, makes it a git repository, runs its
 * wave with the built-in local executor, exits 0 and says where the state is.
 */
import assert from "node:assert/strict";
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
