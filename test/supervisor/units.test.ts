/** The reusable workflow's decisions from status records: units, records, picks, readiness, triage. */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  candidates,
  currentStatuses,
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
