/**
 * Which earlier state a run resumes from (src/resume/prior.ts): the pure rules, and the two
 * sources that follow them through resume/local.ts `choosePrior` — attempt directories of the
 * state directory (`wave run --resume auto`) and state artifacts of the workflow run (the action's
 * `resume: auto`, action/handoff.ts) — on real files and a real (local) artifact store.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { findResumeState } from "../../src/action/handoff.js";
import type { ActionInputs } from "../../src/action/inputs.js";
import { uploadRunState } from "../../src/action/state-artifact.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import { resultFromProgress } from "../../src/engine/result.js";
import { findLatestRun, readPriorRun } from "../../src/resume/local.js";
import { foreignPrior, judgePrior, nextAttemptNumber, type PriorFacts, type PriorSkip, pickPrior } from "../../src/resume/prior.js";
import { attemptDirOf, runPathsOf, waveDirOf } from "../../src/state/paths.js";
import type { Progress } from "../../src/state/progress.js";

const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "examples");
const scratch = mkdtempSync(path.join(os.tmpdir(), "prior-choice-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let seq = 0;
function freshDir(label: string): string {
  const dir = path.join(scratch, `${label}-${++seq}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const AGENT: Progress["agents"][string] = {
  status: "succeeded",
  fingerprint: "f-A1",
  executor: "local",
  exitCode: 0,
  statusCode: "0",
  attempts: 1,
  runs: 1,
  startedAt: "2026-01-01T00:00:00.000Z",
  completedAt: "2026-01-01T00:01:00.000Z",
};

function progressOf(fields: Partial<Progress> & { attempt: number }): Progress {
  return {
    schemaVersion: 1,
    kind: "wave-progress",
    lane: "main",
    wave: 0,
    waveFile: "docs/plans/waves/wave-0.md",
    waveFingerprint: "fp-1",
    repository: null,
    baseCommit: null,
    phase: "implementation",
    stage: null,
    passedStages: [],
    agents: { A1: AGENT },
    gates: [],
    status: "failed",
    startedAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:02:00.000Z",
    resumedFrom: null,
    ...fields,
  };
}

/** An attempt directory with the given journals (absent: not written). */
function writeAttempt(waveDir: string, attempt: number, files: { progress?: Progress | string; result?: Progress }): string {
  const paths = runPathsOf(attemptDirOf(waveDir, attempt), attempt, waveDir);
  mkdirSync(paths.agentsDir, { recursive: true });
  const { progress, result } = files;
  if (progress !== undefined) writeFileSync(paths.progress, typeof progress === "string" ? progress : JSON.stringify(progress));
  if (result !== undefined) writeFileSync(paths.result, JSON.stringify(resultFromProgress(result, new Date("2026-01-01T00:03:00.000Z"))));
  return paths.runDir;
}

function newWaveDir(): string {
  return waveDirOf(freshDir("state"), "main", 0);
}

const owners = process.getuid ? [process.getuid()] : [];

async function latest(waveDir: string, before = 100): Promise<{ dir: string | null; skipped: [string, string][] }> {
  const skipped: [string, string][] = [];
  const dir = await findLatestRun(waveDir, before, (d, m) => skipped.push([path.basename(d), m]), { owners });
  return { dir: dir === null ? null : path.basename(dir), skipped };
}

const local = (journal: PriorFacts["journal"], refused: string | null = null): PriorFacts => ({ source: "local", refused, journal });
const artifact = (journal: PriorFacts["journal"], refused: string | null = null): PriorFacts => ({ source: "artifact", refused, journal });
const read = (fields: Partial<Progress>): PriorFacts["journal"] => ({ kind: "read", progress: progressOf({ attempt: 1, ...fields }) });

test("the rules: refused never, no journal passes an attempt over but not an artifact, nothing to carry over looks further", () => {
  assert.deepEqual(judgePrior(local(read({}))), { use: true });
  assert.deepEqual(judgePrior(artifact(read({}))), { use: true });
  // A killed run has no result.json: its journal is what counts (the facts do not even mention result.json).
  assert.deepEqual(judgePrior(local(read({ status: null, phase: "implementation" }))), { use: true });
  assert.deepEqual(judgePrior(local(read({}), "it is a symbolic link")), { use: false, why: "refused", reason: "it is a symbolic link" });
  assert.deepEqual(judgePrior(artifact(read({}), "it is refused")), { use: false, why: "refused", reason: "it is refused" });
  assert.deepEqual(judgePrior(local({ kind: "missing" })), { use: false, why: "no-journal", reason: "it has no progress journal" });
  assert.deepEqual(judgePrior(artifact({ kind: "missing" })), { use: true });
  assert.deepEqual(judgePrior(local({ kind: "unreadable", message: "bad JSON" })), { use: false, why: "refused", reason: "bad JSON" });
  assert.deepEqual(judgePrior(artifact({ kind: "unreadable", message: "bad JSON" })), { use: true });
  for (const f of [local, artifact]) {
    assert.deepEqual(judgePrior(f(read({ agents: {} }))), { use: false, why: "nothing-to-reuse", reason: "it recorded no agent" });
    assert.deepEqual(judgePrior(f(read({ status: "dry-run" }))), { use: false, why: "nothing-to-reuse", reason: "it was a dry run" });
  }
});

test("pickPrior takes the newest usable candidate, inspecting none older than it, and reports every one passed over", async () => {
  const facts: Record<string, PriorFacts> = {
    a5: local(read({}), "planted"),
    a4: local({ kind: "missing" }),
    a3: local(read({ agents: {} })),
    a2: local(read({})),
    a1: local(read({})),
  };
  const inspected: string[] = [];
  const skipped: [string, PriorSkip["why"]][] = [];
  const picked = await pickPrior(
    Object.keys(facts),
    async (c) => {
      inspected.push(c);
      return facts[c] as PriorFacts;
    },
    (c, skip) => {
      skipped.push([c, skip.why]);
    },
  );
  assert.equal(picked?.candidate, "a2");
  assert.deepEqual(inspected, ["a5", "a4", "a3", "a2"]);
  assert.deepEqual(skipped, [
    ["a5", "refused"],
    ["a4", "no-journal"],
    ["a3", "nothing-to-reuse"],
  ]);
  assert.equal(await pickPrior([], async () => local(read({}))), null);
  assert.equal(await pickPrior(["x"], async () => local({ kind: "missing" })), null);
});

test("a named state must be of this lane and wave, repository and (unless forced) wave file", async () => {
  const expect = { lane: "main", wave: 0, waveFingerprint: "fp-1", repository: "github.com/o/r", force: false };
  const p = progressOf({ attempt: 2 });
  assert.equal(foreignPrior(p, expect), null);
  assert.equal(foreignPrior({ ...p, lane: "docs" }, expect), "it holds lane docs wave 0, not lane main wave 0");
  assert.equal(foreignPrior({ ...p, wave: 1 }, expect), "it holds lane main wave 1, not lane main wave 0");
  assert.equal(
    foreignPrior({ ...p, repository: "github.com/o/other" }, expect),
    "it belongs to repository github.com/o/other, not github.com/o/r",
  );
  // An unknown repository on either side is no disagreement.
  assert.equal(foreignPrior({ ...p, repository: null }, expect), null);
  assert.equal(foreignPrior(p, { ...expect, repository: null }), null);
  assert.equal(
    foreignPrior({ ...p, waveFingerprint: "fp-2" }, expect),
    "docs/plans/waves/wave-0.md changed since that run (pass --force-resume to resume anyway)",
  );
  assert.equal(foreignPrior({ ...p, waveFingerprint: "fp-2" }, { ...expect, force: true }), null);

  // readPriorRun refuses with the same words, naming the directory.
  const waveDir = newWaveDir();
  const dir = writeAttempt(waveDir, 1, { progress: progressOf({ attempt: 1, lane: "docs" }) });
  await assert.rejects(readPriorRun(dir, expect), {
    message: `cannot resume from ${dir}: it holds lane docs wave 0, not lane main wave 0`,
  });
});

test("the attempt number counts on after the local attempts and after the state resumed, wherever it came from", () => {
  assert.equal(nextAttemptNumber([], null), 1);
  assert.equal(nextAttemptNumber([1, 2, 3], null), 4);
  assert.equal(nextAttemptNumber([1, 2, 3], 2), 4);
  // An artifact of attempt 5 resumed into a fresh state directory.
  assert.equal(nextAttemptNumber([], 5), 6);
  assert.equal(nextAttemptNumber([7], 5), 8);
});

test("local: no earlier attempt, or only attempts at or after `before`, resumes nothing", async () => {
  assert.deepEqual(await latest(path.join(freshDir("none"), "main", "wave-0")), { dir: null, skipped: [] });
  const waveDir = newWaveDir();
  writeAttempt(waveDir, 3, { progress: progressOf({ attempt: 3 }) });
  assert.deepEqual(await latest(waveDir, 3), { dir: null, skipped: [] });
  assert.deepEqual(await latest(waveDir, 4), { dir: "attempt-3", skipped: [] });
});

test("local: a half-written attempt — no journal yet is passed over quietly; a journal without result.json (killed) is used", async () => {
  const waveDir = newWaveDir();
  writeAttempt(waveDir, 1, { progress: progressOf({ attempt: 1 }), result: progressOf({ attempt: 1 }) });
  writeAttempt(waveDir, 2, { progress: progressOf({ attempt: 2, status: null }) });
  writeAttempt(waveDir, 3, {});
  assert.deepEqual(await latest(waveDir), { dir: "attempt-2", skipped: [] });
  // An unreadable journal is not taken for nothing: it is reported, and an older attempt is used.
  writeAttempt(waveDir, 4, { progress: "{ not json" });
  const r = await latest(waveDir);
  assert.equal(r.dir, "attempt-2");
  assert.equal(r.skipped.length, 1);
  assert.equal(r.skipped[0]?.[0], "attempt-4");
  assert.match(r.skipped[0]?.[1] ?? "", /progress journal/);
});

test("local: a dry run and a run that stopped before any agent are passed over for the run before them", async () => {
  const waveDir = newWaveDir();
  writeAttempt(waveDir, 1, { progress: progressOf({ attempt: 1 }) });
  writeAttempt(waveDir, 2, { progress: progressOf({ attempt: 2, agents: {} }) });
  writeAttempt(waveDir, 3, { progress: progressOf({ attempt: 3, agents: {}, status: "dry-run" }) });
  assert.deepEqual(await latest(waveDir), { dir: "attempt-1", skipped: [] });
});

test("local: an attempt recording another lane, wave or attempt, or whose result.json and journal disagree, is refused", async () => {
  const waveDir = newWaveDir();
  writeAttempt(waveDir, 1, { progress: progressOf({ attempt: 1 }) });
  writeAttempt(waveDir, 2, { progress: progressOf({ attempt: 2, lane: "docs" }) });
  writeAttempt(waveDir, 3, { progress: progressOf({ attempt: 3, wave: 4 }) });
  writeAttempt(waveDir, 4, { progress: progressOf({ attempt: 1 }) });
  // The journal agrees with the directory; its result.json was copied from attempt 1.
  writeAttempt(waveDir, 5, { progress: progressOf({ attempt: 5 }), result: progressOf({ attempt: 1 }) });
  // A link to a good attempt is not an attempt this orchestrator made.
  symlinkSync(attemptDirOf(waveDir, 1), attemptDirOf(waveDir, 6));
  const r = await latest(waveDir);
  assert.equal(r.dir, "attempt-1");
  assert.deepEqual(r.skipped, [
    ["attempt-6", "it is a symbolic link, not a directory this orchestrator made"],
    ["attempt-5", "its result.json records lane main wave 0 attempt 1, not lane main wave 0 attempt 5"],
    ["attempt-4", "its progress.json records lane main wave 0 attempt 1, not lane main wave 0 attempt 4"],
    ["attempt-3", "its progress.json records lane main wave 4 attempt 3, not lane main wave 0 attempt 3"],
    ["attempt-2", "its progress.json records lane docs wave 0 attempt 2, not lane main wave 0 attempt 2"],
  ]);
});

/**
 * Runs `fn` with the action's messages captured: @actions/core writes them (workflow commands) to
 * stdout as strings. The test runner reports through stdout too, in binary chunks: those pass.
 */
async function capture<T>(fn: () => Promise<T>): Promise<{ value: T; out: string }> {
  const write = process.stdout.write.bind(process.stdout);
  let out = "";
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (typeof chunk !== "string") return write(chunk, ...rest);
    out += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    return { value: await fn(), out };
  } finally {
    process.stdout.write = write;
  }
}

/** A repository the action can load (no config: the default lane "main"), and an artifact store. */
function actionLab(): { inputs: ActionInputs; store: LocalArtifactStore; tempDir: string } {
  const root = freshDir("repo");
  mkdirSync(path.join(root, "docs", "plans", "waves"), { recursive: true });
  copyFileSync(path.join(EXAMPLES, "docs", "plans", "waves", "wave-0.md"), path.join(root, "docs", "plans", "waves", "wave-0.md"));
  const inputs = {
    root,
    configPath: undefined,
    lane: undefined,
    project: undefined,
    wave: 0,
    resume: "auto",
    artifactPrefix: "wave",
  } as ActionInputs;
  return { inputs, store: new LocalArtifactStore(freshDir("artifacts")), tempDir: freshDir("temp") };
}

async function upload(lab: ReturnType<typeof actionLab>, runDir: string, job: string, lane = "main", wave = 0): Promise<string> {
  const r = await uploadRunState({
    store: lab.store,
    runDir,
    root: lab.inputs.root,
    prefix: "wave",
    lane,
    wave,
    runAttempt: 1,
    retentionDays: undefined,
    secrets: [],
    env: { GITHUB_JOB: job },
    tempDir: lab.tempDir,
  });
  return r.name;
}

test("artifacts: none, or none of this wave, resumes nothing", async () => {
  const lab = actionLab();
  assert.equal((await capture(() => findResumeState(lab.store, lab.inputs, lab.tempDir, {}))).value, null);
  const waveDir = newWaveDir();
  await upload(
    lab,
    writeAttempt(waveDir, 1, { progress: progressOf({ attempt: 1, wave: 3 }), result: progressOf({ attempt: 1, wave: 3 }) }),
    "w3",
    "main",
    3,
  );
  const { value, out } = await capture(() => findResumeState(lab.store, lab.inputs, lab.tempDir, {}));
  assert.equal(value, null);
  assert.doesNotMatch(out, /restoring state/);
});

test("artifacts follow the same rules: the newest is passed over when it recorded no agent or disagrees with itself", async () => {
  const lab = actionLab();
  const waveDir = newWaveDir();
  const good = await upload(
    lab,
    writeAttempt(waveDir, 1, { progress: progressOf({ attempt: 1 }), result: progressOf({ attempt: 1 }) }),
    "one",
  );
  // A run that stopped before any agent ran: nothing to carry over.
  const empty = await upload(
    lab,
    writeAttempt(waveDir, 2, { progress: progressOf({ attempt: 2, agents: {} }), result: progressOf({ attempt: 2, agents: {} }) }),
    "two",
  );
  // Its progress.json says attempt 3, its result.json attempt 1: not what it claims to be.
  const mixed = await upload(
    lab,
    writeAttempt(waveDir, 3, { progress: progressOf({ attempt: 3 }), result: progressOf({ attempt: 1 }) }),
    "three",
  );
  // Another lane's state uploaded under this lane's name.
  const foreign = await upload(
    lab,
    writeAttempt(waveDir, 4, { progress: progressOf({ attempt: 4, lane: "docs" }), result: progressOf({ attempt: 4, lane: "docs" }) }),
    "four",
  );
  const { value, out } = await capture(() => findResumeState(lab.store, lab.inputs, lab.tempDir, {}));
  assert.equal(value?.name, good);
  assert.ok(value && path.isAbsolute(value.dir));
  assert.match(
    out,
    new RegExp(
      `::warning::resume: ignoring artifact ${foreign}: its result.json is for lane docs wave 0, but its name says lane main wave 0`,
    ),
  );
  assert.match(
    out,
    new RegExp(
      `::warning::resume: ignoring artifact ${mixed}: its progress.json \\(lane main wave 0 attempt 3\\) and result.json \\(lane main wave 0 attempt 1\\) disagree`,
    ),
  );
  assert.match(out, new RegExp(`resume: ${empty} holds nothing to carry over \\(it recorded no agent\\); looking at older states`));
  assert.match(out, new RegExp(`resume: restoring state from artifact ${good}`));
});

test("artifact and local state disagreeing: the restored state of attempt 5 is read, and the run counts on from it", async () => {
  const lab = actionLab();
  const elsewhere = newWaveDir();
  const name = await upload(
    lab,
    writeAttempt(elsewhere, 5, { progress: progressOf({ attempt: 5 }), result: progressOf({ attempt: 5 }) }),
    "five",
  );
  const { value } = await capture(() => findResumeState(lab.store, lab.inputs, lab.tempDir, {}));
  assert.equal(value?.name, name);
  const dir = value?.dir ?? "";
  // The download is not under a wave directory: it is read by its contents, not its place.
  const prior = await readPriorRun(dir, { lane: "main", wave: 0, waveFingerprint: "fp-1", repository: null, force: false });
  assert.equal(prior.progress.attempt, 5);
  assert.deepEqual(Object.keys(prior.prior.agents), ["A1"]);
  // This job's own state directory holds attempts 1 and 2 of its own: the next is still 6.
  assert.equal(nextAttemptNumber([1, 2], prior.progress.attempt), 6);
  // A local journal of another wave in the same place would not be taken for it.
  await assert.rejects(
    readPriorRun(dir, { lane: "main", wave: 1, waveFingerprint: "fp-1", repository: null, force: false }),
    /it holds lane main wave 0, not lane main wave 1/,
  );
});
