/** The reusable workflow's decisions from status records: units, records, picks, readiness, triage. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  candidates,
  currentStatuses,
  describeUnit,
  type JobFacts,
  type LaneView,
  matrixOf,
  parseStatusRecord,
  prerequisites,
  readiness,
  type StatusRecord,
  statusArtifactName,
  triage,
  type Unit,
  unitsOf,
} from "../../src/supervisor/units.js";
import { isDesignJob } from "../../src/shard/plan.js";

const PLAN = JSON.stringify({
  include: [
    { wave: 1 },
    { wave: 2, shard: "1/2", shards: 2 },
    { wave: 2, shard: "2/2", shards: 2 },
    { wave: 2, shard: "closure", shards: 2 },
    { wave: 3 },
  ],
});
const planned = unitsOf(PLAN, "matrix");
const facts: JobFacts = { laneKey: "main", runAttempt: 1, round: 0 };
const keys = (units: Unit[]) => units.map((u) => `${u.key}${u.shard?.kind === "closure" ? "+closure" : ""}`);
const rec = (key: string, status: StatusRecord["status"], attempt = 1, round = 0): StatusRecord => ({ key, attempt, round, status });
const view = (records: StatusRecord[], over: Partial<LaneView> = {}): LaneView => ({
  planned,
  round: planned,
  statuses: currentStatuses(records),
  facts,
  ...over,
});
const record = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");

test("units: keys name the shard; the closure job has the wave's key", () => {
  assert.deepEqual(keys(planned), ["wave-1", "wave-2-shard-1-of-2", "wave-2-shard-2-of-2", "wave-2+closure", "wave-3"]);
  assert.deepEqual(JSON.parse(JSON.stringify(matrixOf(planned))), JSON.parse(PLAN));
});

test("units: a bad matrix is refused naming the input and entry", () => {
  assert.throws(() => unitsOf("{", "matrix"), /input matrix is not JSON/);
  assert.throws(() => unitsOf('{"x":1}', "round-matrix"), /input round-matrix must be a matrix/);
  assert.throws(() => unitsOf('{"include":[{"wave":"1"}]}', "matrix"), /entry 1 has no valid wave number/);
  assert.throws(() => unitsOf('{"include":[{"wave":1,"shard":"3/2","shards":2}]}', "matrix"), /entry 1 \(wave 1\) has shard "3\/2"/);
  assert.throws(() => unitsOf('{"include":[{"wave":1,"shard":"1/2","shards":3}]}', "matrix"), /not i\/3 or closure/);
  assert.throws(() => unitsOf('{"include":[{"wave":1,"shard":"1/2"}]}', "matrix"), /without a shard count/);
  assert.throws(() => unitsOf('{"include":[{"wave":1},{"wave":1}]}', "matrix"), /lists wave 1 twice/);
  assert.deepEqual(unitsOf("", "matrix"), []);
});

test("records: a record counts only when its name, contents and the reader's facts agree", () => {
  const name = statusArtifactName("main", "wave-2-shard-1-of-2", 1, 0);
  const good = {
    name,
    unit: "wave-2-shard-1-of-2",
    wave: 2,
    attempt: 1,
    round: 0,
    status: "passed",
    state: "wave_main_wave-2-shard-1-of-2_attempt-1_jabc",
  };
  assert.deepEqual(parseStatusRecord(record(good), name, facts), { key: "wave-2-shard-1-of-2", attempt: 1, round: 0, status: "passed" });
  // Came in another artifact than the one it names.
  assert.ok("ignored" in parseStatusRecord(record(good), statusArtifactName("main", "wave-2-shard-2-of-2", 1, 0), facts));
  // Another lane's record.
  assert.ok("ignored" in parseStatusRecord(record(good), name, { ...facts, laneKey: "other" }));
  // Claims a later attempt or round than the reader's.
  const later = { ...good, attempt: 2, name: statusArtifactName("main", "wave-2-shard-1-of-2", 2, 0) };
  assert.match(
    (parseStatusRecord(record(later), later.name, facts) as { ignored: string }).ignored,
    /claims run attempt 2 round 0, after this job's/,
  );
  const laterRound = { ...good, round: 1, name: statusArtifactName("main", "wave-2-shard-1-of-2", 1, 1) };
  assert.ok("ignored" in parseStatusRecord(record(laterRound), laterRound.name, facts));
  // A pass naming another unit's state (the whole wave's, another shard's) or none is unconfirmed.
  for (const state of [
    "",
    "wave_main_wave-2_attempt-1_jabc",
    "wave_main_wave-2-shard-2-of-2_attempt-1_j1",
    "wave_main_wave-2-shard-1-of-2_attempt-2_j1",
  ]) {
    assert.equal((parseStatusRecord(record({ ...good, state }), name, facts) as StatusRecord).status, "unconfirmed", state);
  }
  // An unknown status is a failure; "unconfirmed" cannot be claimed to look like anything else.
  assert.equal((parseStatusRecord(record({ ...good, status: "great" }), name, facts) as StatusRecord).status, "failed");
  assert.equal((parseStatusRecord(record({ ...good, status: "unconfirmed" }), name, facts) as StatusRecord).status, "failed");
  // The first value of a repeated field counts; a key that is not a unit is refused.
  assert.equal((parseStatusRecord(`${record(good)}\nstatus=failed`, name, facts) as StatusRecord).status, "passed");
  assert.ok("ignored" in parseStatusRecord(record({ ...good, unit: "wave-2;rm" }), name, facts));
  // Older records without a unit field (whole waves) still count.
  const old = statusArtifactName("main", "wave-1", 1, 0);
  assert.deepEqual(parseStatusRecord(record({ name: old, wave: 1, attempt: 1, round: 0, status: "failed" }), old, facts), {
    key: "wave-1",
    attempt: 1,
    round: 0,
    status: "failed",
  });
});

test("statuses: the newest record of a unit counts; a tie goes to the one that did not pass", () => {
  const s = currentStatuses([
    rec("wave-1", "failed", 1, 0),
    rec("wave-1", "passed", 1, 1),
    rec("wave-3", "passed", 2, 0),
    rec("wave-3", "failed", 2, 0),
  ]);
  assert.equal(s.get("wave-1")?.status, "passed");
  assert.equal(s.get("wave-3")?.status, "failed");
  assert.equal(currentStatuses([rec("wave-1", "passed", 2, 0), rec("wave-1", "failed", 1, 2)]).get("wave-1")?.status, "passed");
});

test("candidates: planned, in this round, not passed, not run in this round, not claimed — in plan order", () => {
  assert.deepEqual(keys(candidates(view([]), () => false)), keys(planned));
  const v = view([rec("wave-1", "passed"), rec("wave-2-shard-1-of-2", "failed")]);
  assert.deepEqual(keys(candidates(v, (u) => u.key === "wave-2-shard-2-of-2")), ["wave-2+closure", "wave-3"]);
  // A resume round runs only its own units; a failure of an earlier round may run again.
  const round1 = view([rec("wave-1", "passed"), rec("wave-2-shard-1-of-2", "failed")], {
    round: unitsOf('{"include":[{"wave":2,"shard":"1/2","shards":2},{"wave":2,"shard":"closure","shards":2}]}', "m"),
    facts: { ...facts, round: 1 },
  });
  assert.deepEqual(keys(candidates(round1, () => false)), ["wave-2-shard-1-of-2", "wave-2+closure"]);
});

test("prerequisites: shards wait for the waves before them, not for each other; a closure waits for its shards", () => {
  const [w1, s1, s2, closure, w3] = planned as [Unit, Unit, Unit, Unit, Unit];
  assert.deepEqual(keys(prerequisites(planned, s2)), ["wave-1"]);
  assert.deepEqual(keys(prerequisites(planned, s1)), ["wave-1"]);
  assert.deepEqual(keys(prerequisites(planned, closure)), ["wave-1", "wave-2-shard-1-of-2", "wave-2-shard-2-of-2"]);
  // An earlier wave's shards are settled by its closure job.
  assert.deepEqual(keys(prerequisites(planned, w3)), ["wave-1", "wave-2+closure"]);
  assert.deepEqual(prerequisites(planned, w1), []);
});

test("readiness: ready when every prerequisite passed, waiting while they run in this round, blocked by the first that did not pass", () => {
  const [, s1, s2, closure, w3] = planned as [Unit, Unit, Unit, Unit, Unit];
  assert.deepEqual(readiness(view([]), s1), { kind: "waiting", units: [planned[0]] });
  assert.deepEqual(readiness(view([rec("wave-1", "passed")]), s2), { kind: "ready" });
  assert.deepEqual(readiness(view([rec("wave-1", "dry-run")]), s2), { kind: "ready" });
  // One shard still running: the closure waits; one failed: it is blocked at once.
  assert.deepEqual(
    keys((readiness(view([rec("wave-1", "passed"), rec("wave-2-shard-1-of-2", "passed")]), closure) as { units: Unit[] }).units),
    ["wave-2-shard-2-of-2"],
  );
  const blocked = readiness(
    view([rec("wave-1", "passed"), rec("wave-2-shard-1-of-2", "passed"), rec("wave-2-shard-2-of-2", "failed")]),
    closure,
  );
  assert.equal(blocked.kind, "blocked");
  assert.equal(blocked.kind === "blocked" && blocked.unit.key, "wave-2-shard-2-of-2");
  assert.equal(blocked.kind === "blocked" && blocked.status, "failed");
  // A forged "passed" that names no state does not let the next wave start.
  assert.equal(readiness(view([rec("wave-1", "passed"), rec("wave-2", "unconfirmed")]), w3).kind, "blocked");
  // A wave this round does not run and that never passed blocks, with "no result".
  const r1 = view([rec("wave-1", "failed")], { round: [w3], facts: { ...facts, round: 1 } });
  assert.deepEqual(readiness(r1, w3), { kind: "blocked", unit: planned[0], status: "failed" });
  const none = view([], { round: [w3] });
  assert.deepEqual(readiness(none, w3), { kind: "blocked", unit: planned[0], status: "no result" });
});

test("triage: what did not pass runs again, a sharded wave's passed shards do not; a blocked wave stops every resume", () => {
  const statuses = currentStatuses([
    rec("wave-1", "passed"),
    rec("wave-2-shard-1-of-2", "passed"),
    rec("wave-2-shard-2-of-2", "failed"),
    rec("wave-2", "not-run"),
    rec("wave-3", "not-run"),
  ]);
  assert.deepEqual(keys(triage(planned, statuses).units), ["wave-2-shard-2-of-2", "wave-2+closure", "wave-3"]);
  // The closure passed: its shards are done whatever their own records say.
  const closed = currentStatuses([
    rec("wave-1", "passed"),
    rec("wave-2-shard-1-of-2", "failed"),
    rec("wave-2", "passed"),
    rec("wave-3", "failed"),
  ]);
  assert.deepEqual(keys(triage(planned, closed).units), ["wave-3"]);
  // Only the closure failed: only it runs again (it resumes from the stage that failed).
  const closure = currentStatuses([
    rec("wave-1", "passed"),
    rec("wave-2-shard-1-of-2", "passed"),
    rec("wave-2-shard-2-of-2", "passed"),
    rec("wave-2", "failed"),
  ]);
  assert.deepEqual(keys(triage(planned, closure).units), ["wave-2+closure", "wave-3"]);
  // The resume round's matrix is read back as the same units (the closure entry keeps its shard count).
  const matrix = JSON.stringify(matrixOf(triage(planned, closure).units));
  assert.equal(matrix, '{"include":[{"wave":2,"shard":"closure","shards":2},{"wave":3}]}');
  assert.deepEqual(unitsOf(matrix, "round-matrix"), triage(planned, closure).units);
  const blocked = triage(planned, currentStatuses([rec("wave-1", "blocked")]));
  assert.deepEqual([keys(blocked.units), keys(blocked.blocked)], [[], ["wave-1"]]);
  assert.deepEqual(triage(planned, currentStatuses(planned.map((u) => rec(u.key, "passed")))).units, []);
});

// A sharded wave with design agents: its design job (shard 0) comes first, then its shards, then its closure job.
const DESIGN_PLAN = JSON.stringify({
  include: [
    { wave: 1 },
    { wave: 2, shard: "0/2", shards: 2 },
    { wave: 2, shard: "1/2", shards: 2 },
    { wave: 2, shard: "2/2", shards: 2 },
    { wave: 2, shard: "closure", shards: 2 },
    { wave: 3 },
  ],
});
const designed = unitsOf(DESIGN_PLAN, "matrix");
const designView = (records: StatusRecord[], over: Partial<LaneView> = {}): LaneView =>
  view(records, { planned: designed, round: designed, ...over });

test("design job: shard 0 is wave-N-shard-0-of-n, named the design job, and its matrix entry reads back the same", () => {
  assert.deepEqual(keys(designed), [
    "wave-1",
    "wave-2-shard-0-of-2",
    "wave-2-shard-1-of-2",
    "wave-2-shard-2-of-2",
    "wave-2+closure",
    "wave-3",
  ]);
  assert.deepEqual(
    designed.map((u) => describeUnit(u)),
    ["wave 1", "wave 2 (design)", "wave 2 (shard 1/2)", "wave 2 (shard 2/2)", "wave 2 (closure)", "wave 3"],
  );
  assert.deepEqual(designed[1]?.shard, { kind: "shard", index: 0, count: 2 });
  assert.equal(isDesignJob(designed[1]?.shard), true);
  assert.equal(isDesignJob(designed[2]?.shard), false);
  assert.equal(isDesignJob(designed[4]?.shard), false);
  assert.equal(JSON.stringify(matrixOf(designed)), DESIGN_PLAN);
});

test("design job: a matrix that misplaces or miscounts it is refused", () => {
  const m = (...include: object[]) => JSON.stringify({ include });
  // 0/n with a count that is not the entry's, or the wave's.
  assert.throws(
    () => unitsOf(m({ wave: 2, shard: "0/3", shards: 2 }), "matrix"),
    /entry 1 \(wave 2\) has shard "0\/3", not i\/2 or closure/,
  );
  assert.throws(
    () =>
      unitsOf(
        m({ wave: 2, shard: "0/3", shards: 3 }, { wave: 2, shard: "1/2", shards: 2 }, { wave: 2, shard: "2/2", shards: 2 }),
        "matrix",
      ),
    /input matrix: entry 1 \(wave 2 \(design\)\) has 3 shards, but wave 2 \(shard 1\/2\) has 2/,
  );
  assert.throws(
    () => unitsOf(m({ wave: 2, shard: "1/2", shards: 2 }, { wave: 2, shard: "closure", shards: 3 }), "matrix"),
    /entry 1 \(wave 2 \(shard 1\/2\)\) has 2 shards, but wave 2 \(closure\) has 3/,
  );
  // Listed after a shard or the closure job of its wave: those wait for it.
  assert.throws(
    () => unitsOf(m({ wave: 2, shard: "1/2", shards: 2 }, { wave: 2, shard: "0/2", shards: 2 }), "round-matrix"),
    /input round-matrix: entry 2 \(wave 2 \(design\)\) must come before the other jobs of wave 2/,
  );
  assert.throws(
    () => unitsOf(m({ wave: 2, shard: "closure", shards: 2 }, { wave: 2, shard: "0/2", shards: 2 }), "matrix"),
    /entry 2 \(wave 2 \(design\)\) must come before/,
  );
  // Only in a sharded wave: not beside the wave as one job, not without a shard count, twice, or with a spelling of its own.
  assert.throws(
    () => unitsOf(m({ wave: 2 }, { wave: 2, shard: "0/2", shards: 2 }), "matrix"),
    /is a design job of a wave also listed as one job/,
  );
  assert.throws(() => unitsOf(m({ wave: 2, shard: "0/1", shards: 1 }), "matrix"), /without a shard count of 2 or more/);
  assert.throws(
    () => unitsOf(m({ wave: 2, shard: "0/2", shards: 2 }, { wave: 2, shard: "0/2", shards: 2 }), "matrix"),
    /lists wave 2 \(design\) twice/,
  );
  for (const shard of ["00/2", "-0/2", "0 /2", "design"]) {
    assert.throws(() => unitsOf(m({ wave: 2, shard, shards: 2 }), "matrix"), /not i\/2 or closure/, shard);
  }
  // An earlier wave's design job does not constrain a later wave's jobs.
  assert.deepEqual(
    keys(
      unitsOf(m({ wave: 1, shard: "0/2", shards: 2 }, { wave: 1, shard: "closure", shards: 2 }, { wave: 2, shard: "1/3", shards: 3 }), "m"),
    ),
    ["wave-1-shard-0-of-2", "wave-1+closure", "wave-2-shard-1-of-3"],
  );
});

test("design job: its status records count like a shard's; forged ones for it do not", () => {
  const key = "wave-2-shard-0-of-2";
  const name = statusArtifactName("main", key, 1, 0);
  const good = { name, unit: key, wave: 2, attempt: 1, round: 0, status: "passed", state: `wave_main_${key}_attempt-1_j9` };
  assert.deepEqual(parseStatusRecord(record(good), name, facts), { key, attempt: 1, round: 0, status: "passed" });
  // Shard 0 of another wave: its wave field disagrees with its unit.
  const other = { ...good, wave: 3 };
  assert.match((parseStatusRecord(record(other), name, facts) as { ignored: string }).ignored, /does not match the artifact it came in/);
  // Another wave's design job, in its own artifact, counts as that wave's and passes nothing of wave 2.
  const key3 = "wave-3-shard-0-of-2";
  const name3 = statusArtifactName("main", key3, 1, 0);
  const rec3 = { ...good, name: name3, unit: key3, wave: 3, state: `wave_main_${key3}_attempt-1_j9` };
  assert.equal((parseStatusRecord(record(rec3), name3, facts) as StatusRecord).key, key3);
  // A pass naming a shard's state (or the wave's) is not the design job's.
  for (const state of [
    "wave_main_wave-2-shard-1-of-2_attempt-1_j9",
    "wave_main_wave-2_attempt-1_j9",
    "wave_main_wave-3-shard-0-of-2_attempt-1_j9",
  ]) {
    assert.equal((parseStatusRecord(record({ ...good, state }), name, facts) as StatusRecord).status, "unconfirmed", state);
  }
  // A shard past its count, and an index with a leading zero, are not units.
  for (const unit of ["wave-2-shard-3-of-2", "wave-2-shard-00-of-2", "wave-2-shard-0-of-0"]) {
    const n = statusArtifactName("main", unit, 1, 0);
    assert.ok("ignored" in parseStatusRecord(record({ ...good, name: n, unit, state: `wave_main_${unit}_attempt-1_j9` }), n, facts), unit);
  }
});

test("design job: it waits for the waves before it; the shards wait for it; the closure job waits for it and the shards", () => {
  const [w1, design, s1, s2, closure, w3] = designed as [Unit, Unit, Unit, Unit, Unit, Unit];
  assert.deepEqual(keys(prerequisites(designed, design)), ["wave-1"]);
  assert.deepEqual(keys(prerequisites(designed, s1)), ["wave-1", "wave-2-shard-0-of-2"]);
  assert.deepEqual(keys(prerequisites(designed, s2)), ["wave-1", "wave-2-shard-0-of-2"]);
  assert.deepEqual(keys(prerequisites(designed, closure)), ["wave-1", "wave-2-shard-0-of-2", "wave-2-shard-1-of-2", "wave-2-shard-2-of-2"]);
  // A later wave needs the closure job only: the design job and shards are settled by it.
  assert.deepEqual(keys(prerequisites(designed, w3)), ["wave-1", "wave-2+closure"]);
  assert.deepEqual(prerequisites(designed, w1), []);
  // Claimed in plan order: the design job before the shards.
  assert.deepEqual(keys(candidates(designView([rec("wave-1", "passed")]), () => false)).slice(0, 2), [
    "wave-2-shard-0-of-2",
    "wave-2-shard-1-of-2",
  ]);
});

test("design job: a shard waits while it runs, starts once it passed, and is blocked when it did not", () => {
  const [, design, s1, s2, closure] = designed as [Unit, Unit, Unit, Unit, Unit];
  assert.deepEqual(keys((readiness(designView([rec("wave-1", "passed")]), s2) as { units: Unit[] }).units), ["wave-2-shard-0-of-2"]);
  assert.deepEqual(readiness(designView([rec("wave-1", "passed")]), design), { kind: "ready" });
  assert.deepEqual(readiness(designView([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", "passed")]), s1), { kind: "ready" });
  assert.deepEqual(readiness(designView([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", "dry-run")]), s1), { kind: "ready" });
  for (const status of ["failed", "blocked", "cancelled", "not-run", "unconfirmed"] as const) {
    const r = readiness(designView([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", status)]), s1);
    assert.deepEqual(
      [r.kind, r.kind === "blocked" ? describeUnit(r.unit) : "", r.kind === "blocked" ? r.status : ""],
      ["blocked", "wave 2 (design)", status],
    );
  }
  // The closure job: the design job first, in plan order.
  const c = readiness(
    designView([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", "failed"), rec("wave-2-shard-1-of-2", "failed")]),
    closure,
  );
  assert.equal(c.kind === "blocked" && describeUnit(c.unit), "wave 2 (design)");
  const waiting = readiness(
    designView([rec("wave-1", "passed"), rec("wave-2-shard-1-of-2", "passed"), rec("wave-2-shard-2-of-2", "passed")]),
    closure,
  );
  assert.deepEqual(keys((waiting as { units: Unit[] }).units), ["wave-2-shard-0-of-2"]);
  // A passed design job of another wave, or of wave 2 with another shard count, lets no shard start.
  const forged = designView([rec("wave-1", "passed"), rec("wave-3-shard-0-of-2", "passed"), rec("wave-2-shard-0-of-3", "passed")]);
  assert.deepEqual(keys((readiness(forged, s1) as { units: Unit[] }).units), ["wave-2-shard-0-of-2"]);
  // A resume round that does not run the design job, which never passed: its shards are blocked.
  const r1 = designView([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", "failed")], {
    round: [s1, closure],
    facts: { ...facts, round: 1 },
  });
  assert.deepEqual(readiness(r1, s1), { kind: "blocked", unit: design, status: "failed" });
});

test("design job: triage reruns it (not when it passed) with the shards that did not pass and the closure job", () => {
  const failedDesign = currentStatuses([
    rec("wave-1", "passed"),
    rec("wave-2-shard-0-of-2", "failed"),
    rec("wave-2-shard-1-of-2", "not-run"),
    rec("wave-2-shard-2-of-2", "not-run"),
    rec("wave-2", "not-run"),
    rec("wave-3", "not-run"),
  ]);
  const t = triage(designed, failedDesign);
  assert.deepEqual(keys(t.units), ["wave-2-shard-0-of-2", "wave-2-shard-1-of-2", "wave-2-shard-2-of-2", "wave-2+closure", "wave-3"]);
  assert.equal(
    JSON.stringify(matrixOf(t.units)),
    JSON.stringify({
      include: [
        { wave: 2, shard: "0/2", shards: 2 },
        { wave: 2, shard: "1/2", shards: 2 },
        { wave: 2, shard: "2/2", shards: 2 },
        { wave: 2, shard: "closure", shards: 2 },
        { wave: 3 },
      ],
    }),
  );
  assert.deepEqual(unitsOf(JSON.stringify(matrixOf(t.units)), "round-matrix"), t.units);
  // The design job passed, one shard failed: the design job is not run again.
  const shardFailed = currentStatuses([
    rec("wave-1", "passed"),
    rec("wave-2-shard-0-of-2", "passed"),
    rec("wave-2-shard-1-of-2", "passed"),
    rec("wave-2-shard-2-of-2", "failed"),
    rec("wave-2", "not-run"),
  ]);
  assert.deepEqual(keys(triage(designed, shardFailed).units), ["wave-2-shard-2-of-2", "wave-2+closure", "wave-3"]);
  // The design job failed but a shard passed (an older attempt): the passed shard is not run again.
  const mixed = currentStatuses([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", "failed"), rec("wave-2-shard-1-of-2", "passed")]);
  assert.deepEqual(keys(triage(designed, mixed).units), ["wave-2-shard-0-of-2", "wave-2-shard-2-of-2", "wave-2+closure", "wave-3"]);
  // A passed closure settles the whole wave, design job included, whatever its record says.
  const closed = currentStatuses([
    rec("wave-1", "passed"),
    rec("wave-2-shard-0-of-2", "failed"),
    rec("wave-2", "passed"),
    rec("wave-3", "failed"),
  ]);
  assert.deepEqual(keys(triage(designed, closed).units), ["wave-3"]);
  // A design agent asking a question stops every resume.
  const asked = triage(designed, currentStatuses([rec("wave-1", "passed"), rec("wave-2-shard-0-of-2", "blocked")]));
  assert.deepEqual([keys(asked.units), keys(asked.blocked)], [[], ["wave-2-shard-0-of-2"]]);
});
