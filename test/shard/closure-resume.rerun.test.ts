/**
 * A re-run of a sharded wave's closure job, with real agent processes and real git: after the
 * documentation stage failed, the closure job run again (through the `wave` CLI) merging the same
 * shard runs resumes the earlier closure run's sweep — no implementation agent and no closure
 * agent before the failed stage starts. A shard run again since makes the whole sweep run, and
 * an earlier closure state that is forged (another shard set, another wave file, no shard set,
 * not a closure run) is never used.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import { choosePrior, readEarlierClosure } from "../../src/resume/local.js";
import type { ShardedPriorRun } from "../../src/resume/prior.js";
import { RUN_FILES } from "../../src/state/paths.js";
import { loadProject } from "../../src/wave/project.js";
import {
  contQaAgent,
  documentationAgent,
  engineRun,
  git,
  implAgent,
  integrationAgent,
  makeRepo,
  runDirOf,
  starts,
  type TestRepo,
  wave,
  writeWave,
} from "../engine/fixture.js";

const SHARD_SET_FILE = RUN_FILES.shardSet;

const IMPL = ["B1", "B2", "B3", "B4", "B5", "B6"];

function cloneOf(repo: TestRepo, name: string): TestRepo {
  const root = path.join(repo.base, name);
  git(repo.base, ["clone", "-q", repo.root, root]);
  return { ...repo, root };
}

const shardRunDir = (clone: TestRepo, i: number, attempt = 1) =>
  path.join(clone.root, ".wave", "main", `wave-1-shard-${i}-of-2`, `attempt-${attempt}`);

/**
 * Six implementation agents in two shard jobs (each in a clone of its own, both passed), and a
 * closure job in a third clone whose documentation agent (A9) crashes on its first two starts:
 * the first closure run (two in-job attempts) fails at the documentation stage.
 */
async function shardedWaveWithFailedClosure(label: string) {
  const repo = await makeRepo(label);
  await writeWave(repo, 1, [...IMPL.map((id) => implAgent(id)), integrationAgent(1), documentationAgent({ failRuns: 2 }), contQaAgent(1)]);
  const shards = [cloneOf(repo, "shard-1"), cloneOf(repo, "shard-2")];
  for (const [i, clone] of shards.entries()) {
    const { result } = await engineRun(clone, 1, { shard: { kind: "shard", index: i + 1, count: 2 } });
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
  }
  const closure = cloneOf(repo, "closure");
  const from = [shardRunDir(shards[0]!, 1), shardRunDir(shards[1]!, 2)];
  const { result } = await engineRun(closure, 1, { shard: { kind: "closure" }, shardFrom: from });
  assert.equal(result.status, "failed");
  assert.equal(result.failure?.agentId, "A9", JSON.stringify(result.failure));
  assert.deepEqual(
    starts(repo).filter((s) => !IMPL.includes(s)),
    ["A8", "A9", "A9"],
    "the first closure run: integration passed, documentation failed twice",
  );
  return { repo, shards, closure, from };
}

const notices = (events: EngineEvent[]) => events.flatMap((e) => (e.type === "notice" ? [e.message] : []));

test("the closure job run again on the same shard runs starts only the failed documentation stage and after", async () => {
  const { repo, closure, from } = await shardedWaveWithFailedClosure("closure-rerun");
  try {
    const before = starts(repo).length;
    const r = await wave(closure, ["run", "--wave", "1", "--closure", ...from.flatMap((d) => ["--from", d]), "--json"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /resuming the closure sweep from main\/wave-1\/attempt-1, which merged the same shard runs: its passed stages \(cont-eval, security, integration\) are not run again/,
    );
    const result = JSON.parse(r.stdout);
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.equal(result.attempt, 2);
    assert.deepEqual(result.shard, { kind: "closure", count: 2 });
    // No implementation agent, and not the integration steward that passed before A9 failed.
    assert.deepEqual(starts(repo).slice(before), ["A9", "A0"]);
    const status = Object.fromEntries(result.agents.map((a: { id: string; status: string }) => [a.id, a.status]));
    assert.deepEqual(status, {
      ...Object.fromEntries(IMPL.map((id) => [id, "reused"])),
      A8: "reused",
      A9: "succeeded",
      A0: "succeeded",
    });
    // The carried gates are the earlier run's: integration's, and the implementation-stage ones over all six.
    const gates = result.gates as { stage: string; ok: boolean; agentId: string | null }[];
    assert.equal(gates.filter((g) => g.stage === "implementation").length, 6);
    assert.ok(gates.some((g) => g.stage === "integration" && g.ok));
    assert.ok(gates.some((g) => g.stage === "documentation" && g.ok));
    // The workspace holds every shard's deliverable and the integration steward's, once.
    for (const id of IMPL) {
      assert.equal(
        readFileSync(path.join(closure.root, "src", `${id.toLowerCase()}.js`), "utf8"),
        `export const ${id.toLowerCase()} = 1;\n`,
      );
    }
    assert.equal(readFileSync(path.join(closure.root, "docs", "integration", "wave-1.md"), "utf8"), "integrated\n");
    // The coordination log carried over is the earlier closure run's (the shards' records and its
    // own after them), once: not the shards' logs a second time.
    const earlierLog = readFileSync(path.join(runDirOf(closure, 1, 1), "coordination.jsonl"), "utf8");
    const carried = readFileSync(path.join(runDirOf(closure, 1, 2), "coordination.jsonl"), "utf8");
    assert.ok(earlierLog.length > 0 && carried.startsWith(earlierLog), "the earlier closure run's log starts the new one");
    const ids = carried
      .split("\n")
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { id?: string }).id);
    assert.equal(new Set(ids).size, ids.length, "no record twice");
    // The new run records the same shard set, so a third run would resume it in turn.
    const recorded = JSON.parse(readFileSync(path.join(runDirOf(closure, 1, 2), SHARD_SET_FILE), "utf8"));
    assert.deepEqual(
      recorded.shards.map((s: { index: number; attempt: number }) => [s.index, s.attempt]),
      [
        [1, 1],
        [2, 1],
      ],
    );
  } finally {
    await repo.cleanup();
  }
});

test("after a shard was run again, the closure job runs the whole sweep and says why", async () => {
  const { repo, shards, closure } = await shardedWaveWithFailedClosure("closure-rerun-shard");
  try {
    // Shard 2 runs again: a new attempt (its agents reused), so a shard set the closure run did not merge.
    const again = (await engineRun(shards[1]!, 1, { shard: { kind: "shard", index: 2, count: 2 } })).result;
    assert.equal(again.status, "passed");
    assert.equal(again.attempt, 2);
    // A fresh work tree (the earlier closure run's changes are not those of the new shard set).
    git(closure.root, ["checkout", "-q", "--", "."]);
    git(closure.root, ["clean", "-fdq"]);
    const before = starts(repo).length;
    const events: EngineEvent[] = [];
    const { result } = await engineRun(
      closure,
      1,
      { shard: { kind: "closure" }, shardFrom: [shardRunDir(shards[0]!, 1), shardRunDir(shards[1]!, 2, 2)] },
      events,
    );
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.deepEqual(starts(repo).slice(before), ["A8", "A9", "A0"], "the whole closure sweep, no implementation agent");
    assert.deepEqual(notices(events), [
      "not resuming the closure sweep from main/wave-1/attempt-1: shard 2/2 was run again since (attempt 2 now, attempt 1 then); the whole closure sweep runs",
    ]);
    assert.equal(result.agents.find((a) => a.id === "A8")?.status, "succeeded");
  } finally {
    await repo.cleanup();
  }
});

test("a forged earlier closure state is not used: another shard set, another wave file, no shard set, not a closure run", async () => {
  const { repo, shards, closure, from } = await shardedWaveWithFailedClosure("closure-rerun-forged");
  try {
    const real = runDirOf(closure, 1, 1);
    const project = loadProject({ root: closure.root, configPath: undefined, lane: undefined });
    const waveDef = project.waves.find((w) => w.wave === 1)!;
    const expect = { lane: "main", wave: 1, waveFingerprint: waveDef.fingerprint, repository: null, force: false };
    const silent = () => undefined;
    const { prior } = await choosePrior({
      from: "state-dir",
      job: { kind: "closure", from, wave: waveDef },
      resume: "never",
      waveDir: path.join(repo.base, "unused"),
      before: 1,
      stateDir: path.join(repo.base, "unused"),
      expect,
      warn: silent,
      notice: silent,
    });
    const merged = prior as ShardedPriorRun;
    if (merged.shards.changesDir) await fs.rm(merged.shards.changesDir, { recursive: true, force: true });
    const check = (dir: string) => readEarlierClosure(dir, { expect, now: merged.shards.set, owners: [] });
    assert.equal((await check(real)).ok, true, "the real earlier closure run is usable");

    /** A copy of the real run directory with one file rewritten. */
    const forged = async (name: string, file: string, edit: (json: Record<string, unknown>) => unknown) => {
      const dir = path.join(repo.base, name);
      await fs.cp(real, dir, { recursive: true });
      const at = path.join(dir, file);
      await fs.writeFile(at, JSON.stringify(edit(JSON.parse(await fs.readFile(at, "utf8")))));
      return dir;
    };
    const reasonOf = async (dir: string) => {
      const r = await check(dir);
      assert.equal(r.ok, false, dir);
      return r.ok ? "" : r.reason;
    };
    const otherSet = await forged("other-set", SHARD_SET_FILE, (s) => {
      const set = s as { shards: { startedAt: string }[] };
      set.shards[0]!.startedAt = "2020-01-01T00:00:00.000Z";
      return set;
    });
    assert.match(await reasonOf(otherSet), /^shard 1\/2 was run again since \(its attempt 1 started .*, the one merged then 2020-01-01/);
    const otherChanges = await forged("other-changes", SHARD_SET_FILE, (s) => {
      const set = s as { shards: { changes: string | null }[] };
      set.shards[1]!.changes = "0".repeat(64);
      return set;
    });
    assert.equal(await reasonOf(otherChanges), "shard 2/2's recorded workspace changes differ from those merged then");
    const otherWave = await forged("other-wave", "progress.json", (p) => ({ ...p, waveFingerprint: "f".repeat(64) }));
    assert.match(await reasonOf(otherWave), /changed since that run \(pass --force-resume to resume anyway\)/);
    const noSet = path.join(repo.base, "no-set");
    await fs.cp(real, noSet, { recursive: true });
    await fs.rm(path.join(noSet, SHARD_SET_FILE));
    assert.equal(await reasonOf(noSet), "it records no shard set");
    const notClosure = await forged("not-closure", "result.json", (r) => {
      const { shard: _, ...rest } = r;
      return rest;
    });
    assert.equal(await reasonOf(notClosure), "its result.json is not a closure job's");
    // Checked as the state directory's own attempt: a shard set that is a link is not the orchestrator's.
    const linked = path.join(repo.base, "linked");
    await fs.cp(real, linked, { recursive: true });
    await fs.rm(path.join(linked, SHARD_SET_FILE));
    await fs.symlink(path.join(real, SHARD_SET_FILE), path.join(linked, SHARD_SET_FILE));
    const owners = [process.getuid!()];
    const viaLink = await readEarlierClosure(linked, { expect, now: merged.shards.set, owners });
    assert.deepEqual(viaLink, { ok: false, reason: `${SHARD_SET_FILE} is not a regular file` });

    // In the state directory, as the newest attempt: the closure job does not use it (nor the older
    // real one behind it), and runs the whole sweep.
    const planted = path.join(closure.root, ".wave", "main", "wave-1", "attempt-2");
    await fs.cp(otherSet, planted, { recursive: true });
    for (const file of ["progress.json", "result.json"]) {
      const at = path.join(planted, file);
      await fs.writeFile(at, JSON.stringify({ ...JSON.parse(await fs.readFile(at, "utf8")), attempt: 2 }));
    }
    const before = starts(repo).length;
    const events: EngineEvent[] = [];
    git(closure.root, ["checkout", "-q", "--", "."]);
    git(closure.root, ["clean", "-fdq"]);
    const { result } = await engineRun(closure, 1, { shard: { kind: "closure" }, shardFrom: from }, events);
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.equal(result.attempt, 3);
    assert.deepEqual(starts(repo).slice(before), ["A8", "A9", "A0"]);
    assert.match(notices(events).join("\n"), /not resuming the closure sweep from main\/wave-1\/attempt-2: shard 1\/2 was run again since/);
    assert.equal(shards.length, 2);
  } finally {
    await repo.cleanup();
  }
});
