/**
 * Corrupt or truncated state after a failed run: an agent's status file and summary, lines of the
 * coordination log, the progress journal, result.json, and a stored state artifact. `wave status`
 * and the resuming `wave run` must say what they could not read and carry on (resume what can be
 * trusted, or start fresh) — never crash, never trust a damaged file.
 */
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { uploadRunState, downloadState } from "../../src/action/state-artifact.js";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import { agentOf, attemptDir, cli, type FaultRepo, faultRepo, readResult, runArgs, startsById, statuses } from "./helpers.js";

/** Keeps the first half of a file (a write cut short). */
function truncate(file: string): void {
  const bytes = readFileSync(file);
  writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
}

/** A wave whose first run fails (F1 exits 4 once) after O1 and O2 succeeded. */
async function failedRun(repo: FaultRepo, wave: number): Promise<void> {
  repo.writeWave(wave, [
    { id: "O1", executor: ["id: command", `command: ${repo.agent("--lines", "3")}`] },
    { id: "O2", executor: ["id: command", `command: ${repo.agent("--lines", "3")}`] },
    { id: "F1", executor: ["id: command", `command: ${repo.agent("--lines", "3", "--fault-runs", "1", "--exit", "4")}`] },
  ]);
  const res = await cli(runArgs(repo, wave));
  assert.equal(res.code, 1, res.stdout + res.stderr);
  assert.equal(readResult(repo, wave, 1).failure?.agentId, "F1");
}

test("truncated status and summary files and garbage coordination lines: resume warns, reuses only what it can trust, and passes", async () => {
  const repo = faultRepo();
  try {
    await failedRun(repo, 20);
    const dir = attemptDir(repo, 20, 1);
    truncate(path.join(dir, "agents", "O1", "status.json"));
    truncate(path.join(dir, "agents", "O2", "summary.json"));
    appendFileSync(path.join(dir, "coordination.jsonl"), '{not json\n{"kind":"blocker"}\n{"id":"cut-off-mid-wri');

    const res = await cli(runArgs(repo, 20));
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(res.stdout, /warning: resuming from attempt-1: agent O2 runs again: execution summary \S+summary\.json is not valid JSON/);
    assert.match(res.stdout, /warning: coordination log \S+coordination\.jsonl: 3 unreadable line\(s\) skipped \(line \d+: not valid JSON/);
    const r = readResult(repo, 20, 2);
    assert.equal(r.status, "passed");
    // status.json is a report for humans; the journal and the summary decide reuse.
    assert.deepEqual(statuses(r), { O1: "reused", O2: "succeeded", F1: "succeeded" });
    assert.deepEqual(startsById(repo), { O1: 1, O2: 2, F1: 2 });
  } finally {
    repo.cleanup();
  }
});

test("a truncated progress journal: `wave status` still reads the result, `wave run` says why it cannot resume and starts fresh", async () => {
  const repo = faultRepo();
  try {
    await failedRun(repo, 21);
    truncate(path.join(attemptDir(repo, 21, 1), "progress.json"));
    const status = await cli(["status", "--root", repo.root, "--wave", "21"]);
    assert.equal(status.code, 1, status.stderr);
    assert.match(status.stdout, /failed/);

    const res = await cli(runArgs(repo, 21));
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(res.stdout, /warning: not resuming from attempt-1: progress journal \S+progress\.json is not valid JSON/);
    const r = readResult(repo, 21, 2);
    assert.equal(r.resumedFrom, null);
    assert.deepEqual(statuses(r), { O1: "succeeded", O2: "succeeded", F1: "succeeded" });
    assert.deepEqual(startsById(repo), { O1: 2, O2: 2, F1: 2 });
  } finally {
    repo.cleanup();
  }
});

test("a truncated result.json: `wave status` names it (exit 2) or falls back to an older attempt with a note; resume is unaffected", async () => {
  const repo = faultRepo();
  try {
    await failedRun(repo, 22);
    const firstResult = path.join(attemptDir(repo, 22, 1), "result.json");
    const original = readFileSync(firstResult);
    truncate(firstResult);
    const status = await cli(["status", "--root", repo.root, "--wave", "22"]);
    assert.equal(status.code, 2);
    assert.match(
      status.stderr,
      /^wave status: no readable result of wave 22 \(lane main\):\n\s+result \S+attempt-1\/result\.json is not valid JSON/,
    );
    assert.doesNotMatch(status.stderr, /\n\s+at /);

    const res = await cli(runArgs(repo, 22));
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.deepEqual(statuses(readResult(repo, 22, 2)), { O1: "reused", O2: "reused", F1: "succeeded" });

    // The newest result is foreign: status shows the newest readable one (attempt 1) with a note.
    writeFileSync(firstResult, original);
    writeFileSync(path.join(attemptDir(repo, 22, 2), "result.json"), '{"schemaVersion": 1, "status": "passed"}\n');
    const older = await cli(["status", "--root", repo.root, "--wave", "22", "--json"]);
    assert.equal(older.code, 1, older.stderr);
    assert.match(older.stderr, /^note: result \S+attempt-2\/result\.json does not match its schema/);
    assert.equal(JSON.parse(older.stdout).attempt, 1);
  } finally {
    repo.cleanup();
  }
});

test("a damaged state artifact is refused whole (nothing partial restored); an intact one resumes the wave", async () => {
  const repo = faultRepo();
  const work = mkdtempSync(path.join(os.tmpdir(), "wave-faults-artifacts-"));
  try {
    await failedRun(repo, 23);
    const store = new LocalArtifactStore(path.join(work, "store"));
    const upload = (suffix: string) =>
      uploadRunState({
        store,
        runDir: attemptDir(repo, 23, 1),
        root: repo.root,
        prefix: "wave",
        lane: "main",
        wave: 23,
        runAttempt: 1,
        retentionDays: undefined,
        secrets: [],
        env: {},
        tempDir: work,
      }).then((u) => ({ ...u, suffix }));
    const damaged = await upload("damaged");
    const intact = await upload("intact");
    assert.notEqual(damaged.name, intact.name);
    // Flip bytes in the middle of a stored log and cut the stored journal short.
    const files = path.join(store.dir, damaged.name, "files");
    const log = path.join(files, "agents", "O1", "agent.log");
    const bytes = readFileSync(log);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(log, bytes);
    truncate(path.join(files, "progress.json"));

    const list = await store.list();
    const infoOf = (name: string) => list.find((a) => a.name === name)!;
    const restoreBase = path.join(work, "restore");
    mkdirSync(restoreBase);
    await assert.rejects(
      downloadState(store, infoOf(damaged.name), restoreBase),
      (e) => isArtifactError(e, "corrupt") && /agent\.log|progress\.json/.test(e.message),
    );
    const leftovers = readdirSync(restoreBase, { recursive: true }).filter((f) => !/^wave-state-[^/]+$/.test(String(f)));
    assert.deepEqual(leftovers, [], "a refused artifact leaves no restored files");

    const restored = await downloadState(store, infoOf(intact.name), restoreBase);
    const res = await cli(runArgs(repo, 23, "--resume", restored));
    assert.equal(res.code, 0, res.stdout + res.stderr);
    const r = readResult(repo, 23, 2);
    assert.equal(r.resumedFrom, restored);
    assert.deepEqual(statuses(r), { O1: "reused", O2: "reused", F1: "succeeded" });
    assert.equal(agentOf(r, "F1").runs, 1);
  } finally {
    rmSync(work, { recursive: true, force: true });
    repo.cleanup();
  }
});
