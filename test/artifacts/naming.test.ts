import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { ArtifactInfo } from "../../src/artifacts/types.js";
import {
  artifactName,
  artifactNamePrefix,
  checkArtifactName,
  compareNewestFirst,
  jobIdFromRuntimeToken,
  jobSuffix,
  parseArtifactName,
} from "../../src/artifacts/naming.js";
import { isArtifactError } from "../../src/artifacts/errors.js";
import { screenStateArtifacts } from "../../src/resume/state-artifacts.js";

function runtimeToken(jobId: string): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ scp: `Actions.GenericRead:r Actions.Results:run-1:${jobId}` })}.sig`;
}

test("artifact names read well and parse back", () => {
  const name = artifactName({ prefix: "wave", lane: "main", wave: 3, runAttempt: 2, suffix: "j1a2b3c4d" });
  assert.equal(name, "wave_main_wave-3_attempt-2_j1a2b3c4d");
  assert.deepEqual(parseArtifactName(name), { prefix: "wave", lane: "main", wave: 3, runAttempt: 2, suffix: "j1a2b3c4d" });
  assert.equal(
    artifactName({ prefix: "my_waves", lane: "feature/x y", wave: 0, runAttempt: 1, suffix: "l0" }),
    "my~5Fwaves_feature~2Fx~20y_wave-0_attempt-1_l0",
  );
  checkArtifactName(name);
});

test("every prefix, lane, wave, attempt and suffix round-trips, and the name is a valid artifact name", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 16 }),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
      ),
      fc.oneof(
        fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 16 }),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
      ),
      fc.nat(10_000),
      fc.integer({ min: 1, max: 100 }),
      fc.stringMatching(/^[A-Za-z0-9.-]{1,12}$/),
      (prefix, lane, wave, runAttempt, suffix) => {
        const parts = { prefix, lane, wave, runAttempt, suffix };
        const name = artifactName(parts);
        assert.deepEqual(parseArtifactName(name), parts);
        assert.ok(name.startsWith(artifactNamePrefix(prefix, lane)));
        checkArtifactName(name);
      },
    ),
  );
});

test("foreign and non-canonical names do not parse", () => {
  for (const name of [
    "wave-logs",
    "wave_main_wave-3_attempt-0_j1",
    "wave_main_wave-03_attempt-1_j1",
    "wave_main_wave-3_attempt-1_",
    "wave_m~41in_wave-3_attempt-1_j1",
    "wave_ma_in_wave-3_attempt-1_j1",
    "wave_main_wave-3_attempt-1_j_1",
  ]) {
    assert.equal(parseArtifactName(name), null, name);
  }
});

test("bad parts are rejected with a clear error", () => {
  const base = { prefix: "wave", lane: "main", wave: 1, runAttempt: 1, suffix: "j1" };
  for (const bad of [{ prefix: "" }, { lane: "" }, { wave: -1 }, { wave: 1.5 }, { runAttempt: 0 }, { suffix: "a_b" }]) {
    assert.throws(
      () => artifactName({ ...base, ...bad }),
      (e) => isArtifactError(e, "invalid-name"),
    );
  }
  assert.throws(() => checkArtifactName("a/b"), /contains the character "\/"/);
  assert.throws(() => checkArtifactName(".hidden"), /starts with a dot/);
});

test("job suffixes differ per job execution (re-runs and resume jobs) and are stable within one", () => {
  const attempt1 = jobSuffix({ env: { ACTIONS_RUNTIME_TOKEN: runtimeToken("job-a") } });
  const resumeJob = jobSuffix({ env: { ACTIONS_RUNTIME_TOKEN: runtimeToken("job-b") } });
  const rerun = jobSuffix({ env: { ACTIONS_RUNTIME_TOKEN: runtimeToken("job-c") } });
  assert.match(attempt1, /^j[0-9a-f]{8}$/);
  assert.equal(new Set([attempt1, resumeJob, rerun]).size, 3);
  assert.equal(jobSuffix({ env: { ACTIONS_RUNTIME_TOKEN: runtimeToken("job-a") } }), attempt1);
  assert.equal(jobSuffix({ env: { ACTIONS_RUNTIME_TOKEN: runtimeToken("job-a") }, sequence: 2 }), `${attempt1}-2`);
  assert.equal(jobIdFromRuntimeToken(runtimeToken("job-a")), "job-a");
  assert.equal(jobIdFromRuntimeToken("garbage"), null);
  const local1 = jobSuffix({ env: {} });
  assert.match(local1, /^l[0-9a-f]{8}$/);
  assert.notEqual(jobSuffix({ env: {} }), local1);
});

test("wave states are selected by prefix, lane and wave and ordered newest first by run attempt, then created_at; never by id", () => {
  // As a job finds them (resume/state-artifacts.ts, the order resume/local.ts choosePrior walks).
  const scope = { prefix: "wave", lane: "main", runAttempt: 9, runId: null };
  const newestFirst = (listed: ArtifactInfo[]) => screenStateArtifacts(listed, scope, () => undefined).map((c) => c.info);
  const info = (name: string, id: number, createdAt: string | null): ArtifactInfo => ({
    id,
    name,
    size: 1,
    createdAt,
    source: "github",
  });
  const n = (lane: string, wave: number, runAttempt: number, suffix: string, prefix = "wave") =>
    artifactName({ prefix, lane, wave, runAttempt, suffix });
  // Ids as GitHub may hand them out across re-runs: attempt 2's below attempt 1's.
  const all = [
    info(n("main", 1, 1, "ja"), 900, "2024-01-01T00:00:00Z"),
    info(n("main", 1, 2, "jb"), 20, "2024-01-01T00:00:01Z"),
    info(n("main", 1, 2, "jc"), 10, "2024-01-01T00:00:05Z"),
    info(n("main", 1, 1, "jd"), 800, "2024-01-01T00:00:09Z"),
    info(n("main", 1, 3, "jh"), 5, null),
    info(n("main", 2, 3, "je"), 5000, "2024-01-01T00:00:10Z"),
    info(n("other", 1, 3, "jf"), 6000, "2024-01-01T00:00:10Z"),
    info(n("main", 1, 3, "jg", "custom"), 7000, "2024-01-01T00:00:10Z"),
    info("unrelated", 8000, "2024-01-01T00:00:10Z"),
  ];
  const picked = newestFirst(all).filter((a) => parseArtifactName(a.name)?.wave === 1);
  assert.deepEqual(
    picked.map((a) => a.id),
    [5, 10, 20, 800, 900],
    "attempt 3 (no created_at), attempt 2 (later created first), then attempt 1 (later created first)",
  );
  // The listing's own attempt wins over the name's; same attempt and time: the name decides, a total order.
  const listed = { ...info(n("main", 1, 1, "jz"), 1, "2024-01-01T00:00:00Z"), runAttempt: 4 };
  assert.equal(newestFirst([...all.slice(0, 5), listed])[0], listed);
  const x = info(n("main", 1, 2, "jx"), 1, "2024-01-01T00:00:05Z");
  const y = info(n("main", 1, 2, "jy"), 2, "2024-01-01T00:00:05Z");
  assert.deepEqual(newestFirst([x, y]), newestFirst([y, x]));
  assert.equal(compareNewestFirst(x, x), 0);
});

test("a shard job's state names its shard and parses back; malformed shard parts are not state names", () => {
  const parts = { prefix: "wave", lane: "main", wave: 3, runAttempt: 1, suffix: "j1", shard: { index: 2, count: 4 } };
  const name = artifactName(parts);
  assert.equal(name, "wave_main_wave-3-shard-2-of-4_attempt-1_j1");
  assert.deepEqual(parseArtifactName(name), parts);
  assert.equal(artifactName({ ...parts, shard: null }), "wave_main_wave-3_attempt-1_j1");
  assert.equal(parseArtifactName("wave_main_wave-3_attempt-1_j1")?.shard, undefined);
  for (const bad of [
    "wave_main_wave-3-shard-5-of-4_attempt-1_j1",
    "wave_main_wave-3-shard-0-of-0_attempt-1_j1",
    "wave_main_wave-3-shard-00-of-4_attempt-1_j1",
    "wave_main_wave-3-shard-02-of-4_attempt-1_j1",
    "wave_main_wave-3-shard-2_attempt-1_j1",
    "wave_main_wave-3-shard-2-of-_attempt-1_j1",
  ]) {
    assert.equal(parseArtifactName(bad), null, bad);
  }
  assert.throws(() => artifactName({ ...parts, shard: { index: 5, count: 4 } }), /invalid shard 5\/4/);
  assert.throws(() => artifactName({ ...parts, shard: { index: -1, count: 4 } }), /invalid shard -1\/4/);
  // Shard 0: the design job of a wave with design agents.
  const design = { ...parts, shard: { index: 0, count: 4 } };
  assert.equal(artifactName(design), "wave_main_wave-3-shard-0-of-4_attempt-1_j1");
  assert.deepEqual(parseArtifactName("wave_main_wave-3-shard-0-of-4_attempt-1_j1"), design);
});
