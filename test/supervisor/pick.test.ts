/**
 * A wave job's pick over real artifact stores (a directory store, as the CLI uses): claims, the
 * wait for the jobs before it, lost races, unreadable and forged records.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { ArtifactError } from "../../src/artifacts/errors.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import type { ArtifactStore } from "../../src/artifacts/types.js";
import { pickOutputs, pickUnit, recordStatus, type SupervisorIo, triageLane } from "../../src/supervisor/pick.js";
import { type JobFacts, statusArtifactName, unitsOf } from "../../src/supervisor/units.js";

const dirs: string[] = [];
after(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});
const temp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), "wave-pick-"));
  dirs.push(d);
  return d;
};

const PLAN = unitsOf(
  JSON.stringify({
    include: [
      { wave: 1 },
      { wave: 2, shard: "1/2", shards: 2 },
      { wave: 2, shard: "2/2", shards: 2 },
      { wave: 2, shard: "closure", shards: 2 },
    ],
  }),
  "matrix",
);
const facts: JobFacts = { laneKey: "main", runAttempt: 1, round: 0 };

async function io(store: ArtifactStore, onSleep: () => Promise<void> = async () => {}) {
  const log: string[] = [];
  const value: SupervisorIo = {
    store,
    tempDir: await temp(),
    sleep: async () => onSleep(),
    info: (m) => log.push(`info: ${m}`),
    notice: (m) => log.push(`notice: ${m}`),
    warning: (m) => log.push(`warning: ${m}`),
    pollMs: 0,
    jobLabel: "test job",
  };
  return { io: value, log };
}

/** Uploads a status record as a wave job's action does (recordStatus); with `extra`, a hand-made one. */
async function putStatus(store: ArtifactStore, key: string, status: string, wave: number, extra: Record<string, string> = {}) {
  const state = status === "passed" ? `wave_main_${key}_attempt-1_j1` : "";
  if (Object.keys(extra).length === 0) {
    assert.equal(await recordStatus(store, await temp(), facts, { wave, key }, status, state), "recorded");
    return;
  }
  const dir = await temp();
  const name = statusArtifactName("main", key, 1, 0);
  const fields = { name, unit: key, wave: String(wave), attempt: "1", round: "0", status, state, ...extra };
  await writeFile(
    path.join(dir, "status"),
    Object.entries(fields)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(""),
  );
  await store.upload(name, dir, [path.join(dir, "status")]);
}

test("pick: jobs claim units in plan order, one each; a job after the last has nothing to run", async () => {
  const store = new LocalArtifactStore(await temp());
  const first = await pickUnit((await io(store)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  assert.deepEqual(pickOutputs(first), { wave: "1", shard: "", unit: "wave-1", blocker: "", "blocker-status": "" });
  // Wave 1 passed; two jobs take the two shards (they do not wait for each other).
  await putStatus(store, "wave-1", "passed", 1);
  const a = await pickUnit((await io(store)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  const b = await pickUnit((await io(store)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  assert.deepEqual([pickOutputs(a).unit, pickOutputs(b).unit], ["wave-2-shard-1-of-2", "wave-2-shard-2-of-2"]);
  // The closure job waits for both shards: it polls until their records appear.
  await putStatus(store, "wave-2-shard-1-of-2", "passed", 2);
  let looks = 0;
  const waiting = await io(store, async () => {
    looks++;
    if (looks === 3) await putStatus(store, "wave-2-shard-2-of-2", "passed", 2);
  });
  const closure = await pickUnit(waiting.io, { planned: PLAN, round: PLAN, facts, entry: PLAN[0] ?? null });
  assert.deepEqual(pickOutputs(closure), { wave: "2", shard: "closure", unit: "wave-2", blocker: "", "blocker-status": "" });
  assert.equal(looks, 3);
  assert.match(waiting.log.join("\n"), /notice: this job \(matrix entry wave 1\) runs wave 2 \(closure\), the next in order/);
  assert.match(waiting.log.join("\n"), /info: waiting for wave 2 \(shard 2\/2\) \(run by other jobs of this round\)/);
  const last = await io(store);
  assert.equal((await pickUnit(last.io, { planned: PLAN, round: PLAN, facts, entry: null })).kind, "none");
  assert.match(last.log.join("\n"), /notice: nothing left to run in this round/);
});

test("pick: a failed shard blocks the closure job at once, naming the shard", async () => {
  const store = new LocalArtifactStore(await temp());
  for (const u of ["wave-1", "wave-2-shard-1-of-2", "wave-2-shard-2-of-2"]) {
    await pickUnit((await io(store)).io, { planned: PLAN, round: PLAN, facts, entry: null });
    await putStatus(store, u, u.endsWith("2-of-2") ? "failed" : "passed", u === "wave-1" ? 1 : 2);
  }
  const outcome = await pickUnit((await io(store)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  assert.deepEqual(pickOutputs(outcome), {
    wave: "2",
    shard: "closure",
    unit: "wave-2",
    blocker: "wave 2 (shard 2/2)",
    "blocker-status": "failed",
  });
});

test("pick: a claim lost in a race is recognised whichever way the upload fails; any other failure is the job's", async () => {
  const inner = new LocalArtifactStore(await temp());
  // The service kept the other job's upload and failed this one at its end, not with "exists".
  const racing: ArtifactStore = {
    ...inner,
    source: inner.source,
    list: (o) => inner.list(o),
    download: (i, d) => inner.download(i, d),
    async upload(name, _rootDir, _files, options) {
      const other = await temp();
      await writeFile(path.join(other, "claim"), "unit=x\n");
      await inner.upload(name, other, [path.join(other, "claim")], options);
      throw new ArtifactError("unavailable", `uploading artifact ${name} failed: finalize: not found`);
    },
  };
  const lost = await pickUnit((await io(racing)).io, { planned: PLAN.slice(0, 1), round: PLAN.slice(0, 1), facts, entry: null });
  assert.equal(lost.kind, "none");
  const broken: ArtifactStore = {
    ...racing,
    async upload() {
      throw new ArtifactError("unavailable", "uploading failed: connection reset");
    },
  };
  await assert.rejects(
    pickUnit((await io(broken)).io, { planned: PLAN.slice(0, 1), round: PLAN.slice(0, 1), facts: { ...facts, round: 1 }, entry: null }),
    /connection reset/,
  );
});

test("pick: records that are not what they claim do not count (symlinked, renamed, another lane's, a pass without its state)", async () => {
  const store = new LocalArtifactStore(await temp());
  await pickUnit((await io(store)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  // A status file that is a symbolic link to a file saying "passed".
  const dir = await temp();
  const target = path.join(dir, "elsewhere");
  await writeFile(
    target,
    `name=${statusArtifactName("main", "wave-1", 1, 0)}\nunit=wave-1\nattempt=1\nround=0\nstatus=passed\nstate=wave_main_wave-1_attempt-1_j1\n`,
  );
  await mkdir(path.join(dir, "art"));
  await symlink(target, path.join(dir, "art", "status"));
  await assert.rejects(store.upload(statusArtifactName("main", "wave-1", 1, 0), path.join(dir, "art"), [path.join(dir, "art", "status")]));
  // A pass naming no state artifact of wave 1: the shards must not start on it.
  await putStatus(store, "wave-1", "passed", 1, { state: "wave_main_wave-9_attempt-1_j1" });
  const { io: reader, log } = await io(store);
  const outcome = await pickUnit(reader, { planned: PLAN, round: PLAN, facts, entry: null });
  assert.deepEqual(pickOutputs(outcome), {
    wave: "2",
    shard: "1/2",
    unit: "wave-2-shard-1-of-2",
    blocker: "wave 1",
    "blocker-status": "unconfirmed",
  });
  // Another lane's record, uploaded under this lane's name, is ignored with a warning.
  const other = await temp();
  const name = statusArtifactName("main", "wave-2-shard-2-of-2", 1, 0);
  await writeFile(
    path.join(other, "status"),
    `name=wave-status_other_wave-2-shard-2-of-2_attempt-1_r0\nunit=wave-2-shard-2-of-2\nattempt=1\nround=0\nstatus=failed\n`,
  );
  await store.upload(name, other, [path.join(other, "status")]);
  const t = await io(store);
  const planned = await triageLane(t.io, PLAN, facts);
  assert.match(
    t.log.join("\n"),
    /warning: ignoring the wave status record wave-status_main_wave-2-shard-2-of-2_attempt-1_r0: it does not match the artifact it came in/,
  );
  // Wave 1 (unconfirmed) and the whole of wave 2 run again.
  assert.equal(planned.count, "4");
  assert.equal(log.filter((l) => l.startsWith("warning")).length, 0);
});

const DESIGN_PLAN = unitsOf(
  JSON.stringify({
    include: [
      { wave: 1 },
      { wave: 2, shard: "0/2", shards: 2 },
      { wave: 2, shard: "1/2", shards: 2 },
      { wave: 2, shard: "2/2", shards: 2 },
      { wave: 2, shard: "closure", shards: 2 },
    ],
  }),
  "matrix",
);

test("pick: a shard of a wave with a design job waits until the design job's pass is recorded", async () => {
  const store = new LocalArtifactStore(await temp());
  const pick = async (job: { io: SupervisorIo }, entry: (typeof DESIGN_PLAN)[number] | null = null) =>
    pickUnit(job.io, { planned: DESIGN_PLAN, round: DESIGN_PLAN, facts, entry });
  assert.equal(pickOutputs(await pick(await io(store))).unit, "wave-1");
  await putStatus(store, "wave-1", "passed", 1);
  // The design job is the next in order; its outputs hand shard 0/2 to the run step.
  const design = await pick(await io(store));
  assert.deepEqual(pickOutputs(design), { wave: "2", shard: "0/2", unit: "wave-2-shard-0-of-2", blocker: "", "blocker-status": "" });
  // A job started as shard 1's entry takes shard 1 and polls until the design job's record appears.
  let looks = 0;
  const waiting = await io(store, async () => {
    looks++;
    if (looks === 2) await putStatus(store, "wave-2-shard-0-of-2", "passed", 2);
  });
  const shard = await pick(waiting, DESIGN_PLAN[2] ?? null);
  assert.deepEqual(pickOutputs(shard), { wave: "2", shard: "1/2", unit: "wave-2-shard-1-of-2", blocker: "", "blocker-status": "" });
  assert.equal(looks, 2);
  assert.match(waiting.log.join("\n"), /info: this job runs wave 2 \(shard 1\/2\)/);
  assert.match(waiting.log.join("\n"), /info: waiting for wave 2 \(design\) \(run by other jobs of this round\)/);
  // Shard 2 starts at once now; the closure job waits for both shards, not for the design job again.
  assert.equal(pickOutputs(await pick(await io(store))).unit, "wave-2-shard-2-of-2");
  await putStatus(store, "wave-2-shard-1-of-2", "passed", 2);
  await putStatus(store, "wave-2-shard-2-of-2", "passed", 2);
  const closure = await pick(await io(store));
  assert.deepEqual(pickOutputs(closure), { wave: "2", shard: "closure", unit: "wave-2", blocker: "", "blocker-status": "" });
});

test("pick: a failed design job stops its shards and its closure job, each naming it; triage runs it again first", async () => {
  const store = new LocalArtifactStore(await temp());
  await pickUnit((await io(store)).io, { planned: DESIGN_PLAN, round: DESIGN_PLAN, facts, entry: null });
  await putStatus(store, "wave-1", "passed", 1);
  const design = await io(store);
  const started = await pickUnit(design.io, { planned: DESIGN_PLAN, round: DESIGN_PLAN, facts, entry: DESIGN_PLAN[4] ?? null });
  assert.equal(pickOutputs(started).unit, "wave-2-shard-0-of-2");
  assert.match(design.log.join("\n"), /notice: this job \(matrix entry wave 2 \(closure\)\) runs wave 2 \(design\), the next in order/);
  await putStatus(store, "wave-2-shard-0-of-2", "failed", 2);
  const stopped: Record<string, string>[] = [];
  for (let i = 0; i < 3; i++) {
    const outcome = await pickUnit((await io(store)).io, { planned: DESIGN_PLAN, round: DESIGN_PLAN, facts, entry: null });
    stopped.push(pickOutputs(outcome));
    if (outcome.kind !== "none") await putStatus(store, outcome.unit.key, "not-run", 2);
  }
  assert.deepEqual(
    stopped.map((o) => `${o.unit} ${o.shard}: ${o.blocker} (${o["blocker-status"]})`),
    [
      "wave-2-shard-1-of-2 1/2: wave 2 (design) (failed)",
      "wave-2-shard-2-of-2 2/2: wave 2 (design) (failed)",
      "wave-2 closure: wave 2 (design) (failed)",
    ],
  );
  const t = await io(store);
  const resume = await triageLane(t.io, DESIGN_PLAN, facts);
  assert.deepEqual(JSON.parse(resume.matrix).include, [
    { wave: 2, shard: "0/2", shards: 2 },
    { wave: 2, shard: "1/2", shards: 2 },
    { wave: 2, shard: "2/2", shards: 2 },
    { wave: 2, shard: "closure", shards: 2 },
  ]);
  assert.equal(resume.count, "4");
  assert.match(t.log.join("\n"), /info: to resume: wave 2 \(design\), wave 2 \(shard 1\/2\), wave 2 \(shard 2\/2\), wave 2 \(closure\)/);
});

test("pick: a waiting job backs off (15 s for a minute, 30 s for two, then 60 s) and, after its first look, lists only the current attempt", async () => {
  const inner = new LocalArtifactStore(await temp());
  const lists: { prefix: string | undefined; currentAttempt: boolean }[] = [];
  const recording: ArtifactStore = {
    source: inner.source,
    upload: (n, r, f, o) => inner.upload(n, r, f, o),
    download: (i, d) => inner.download(i, d),
    list: (o = {}) => {
      lists.push({ prefix: o.prefix, currentAttempt: o.currentAttempt === true });
      return inner.list(o);
    },
  };
  await pickUnit((await io(inner)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  await putStatus(inner, "wave-1", "passed", 1);
  // In a re-run (attempt 2) two jobs take the shards; the closure job waits for them through 12 looks.
  const rerun: JobFacts = { ...facts, runAttempt: 2 };
  for (let i = 0; i < 2; i++) await pickUnit((await io(inner)).io, { planned: PLAN, round: PLAN, facts: rerun, entry: null });
  const sleeps: number[] = [];
  const waiting = await io(recording);
  waiting.io.pollMs = 15_000;
  waiting.io.sleep = async (ms) => {
    sleeps.push(ms);
    if (sleeps.length === 12) {
      await putStatus(inner, "wave-2-shard-1-of-2", "passed", 2);
      await putStatus(inner, "wave-2-shard-2-of-2", "passed", 2);
    }
  };
  const closure = await pickUnit(waiting.io, { planned: PLAN, round: PLAN, facts: rerun, entry: null });
  assert.equal(pickOutputs(closure).shard, "closure");
  assert.deepEqual(sleeps, [15_000, 15_000, 15_000, 15_000, 30_000, 30_000, 30_000, 30_000, 60_000, 60_000, 60_000, 60_000]);
  const statusLists = lists.filter((l) => l.prefix?.startsWith("wave-status_"));
  // The first look of a re-run lists every attempt (for attempt 1's records); later looks only this attempt's.
  assert.deepEqual(
    statusLists.map((l) => l.currentAttempt),
    [false, ...statusLists.slice(1).map(() => true)],
  );
  assert.ok(statusLists.length >= 13);
  // Claims carry the attempt in their names: their listings never need more than this attempt's.
  assert.ok(lists.filter((l) => l.prefix?.startsWith("wave-claim_")).every((l) => l.currentAttempt));
});

test("pick: in run attempt 1 no listing needs more than the current attempt (no REST quota on GitHub)", async () => {
  const inner = new LocalArtifactStore(await temp());
  const flags: boolean[] = [];
  const recording: ArtifactStore = {
    source: inner.source,
    upload: (n, r, f, o) => inner.upload(n, r, f, o),
    download: (i, d) => inner.download(i, d),
    list: (o = {}) => {
      flags.push(o.currentAttempt === true);
      return inner.list(o);
    },
  };
  await pickUnit((await io(recording)).io, { planned: PLAN, round: PLAN, facts, entry: null });
  await triageLane((await io(recording)).io, PLAN, facts);
  assert.ok(flags.length > 0);
  assert.ok(flags.every(Boolean));
});

test("pollDelayMs: the schedule's steps and its cap", async () => {
  const { pollDelayMs } = await import("../../src/supervisor/pick.js");
  assert.deepEqual(
    Array.from({ length: 12 }, (_, i) => pollDelayMs(i, 15_000)),
    [15_000, 15_000, 15_000, 15_000, 30_000, 30_000, 30_000, 30_000, 60_000, 60_000, 60_000, 60_000],
  );
  assert.equal(pollDelayMs(1000, 15_000), 60_000);
});
