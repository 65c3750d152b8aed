/**
 * A wave job's status record, written by the action (units.ts statusRecordText, uploaded by pick.ts
 * recordStatus): what it writes, the readers read back as the same facts (parseStatusRecord);
 * what a job's run step said cannot forge another field; the second writer for one job (the pick
 * step's post after the run step recorded) changes nothing.
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { ArtifactError } from "../../src/artifacts/errors.js";
import { LocalArtifactStore } from "../helpers/local-store.js";
import type { ArtifactStore } from "../../src/artifacts/types.js";
import { recordStatus } from "../../src/supervisor/pick.js";
import { type JobFacts, parseStatusRecord, statusArtifactName, statusRecordText } from "../../src/supervisor/units.js";

const dirs: string[] = [];
after(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});
const temp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), "wave-status-record-"));
  dirs.push(d);
  return d;
};

const facts: JobFacts = { laneKey: "main", runAttempt: 2, round: 1 };
const SHARD = { wave: 4, key: "wave-4-shard-2-of-3" };

test("statusRecordText: the record reads back as the same facts, for a whole wave, a shard and a not-run job", () => {
  const cases = [
    [{ wave: 1, key: "wave-1" }, "passed", "wave_main_wave-1_attempt-2_j1"],
    [SHARD, "failed", ""],
    [{ wave: 7, key: "wave-7" }, "blocked", ""],
    // The run step said nothing (it never ran, or was cancelled first): not-run.
    [{ wave: 3, key: "wave-3" }, "", ""],
  ] as const;
  for (const [unit, status, state] of cases) {
    const name = statusArtifactName(facts.laneKey, unit.key, facts.runAttempt, facts.round);
    const text = statusRecordText(facts, unit, status, state);
    assert.equal(
      text,
      `name=${name}\nunit=${unit.key}\nwave=${unit.wave}\nattempt=2\nround=1\nstatus=${status || "not-run"}\nstate=${state}\n`,
    );
    const read = parseStatusRecord(text, name, facts);
    assert.ok(!("ignored" in read), JSON.stringify(read));
    assert.deepEqual([read.key, read.attempt, read.round], [unit.key, 2, 1]);
    // A pass names its state artifact; without one it would not be taken at its word.
    assert.equal(read.status, status === "passed" ? "passed" : status || "not-run");
    // The same text under another job's name does not count.
    assert.ok("ignored" in parseStatusRecord(text, statusArtifactName("main", "wave-9", 2, 1), facts));
  }
});

test("statusRecordText: a value with a newline cannot add a field; the first of each field counts", () => {
  const name = statusArtifactName("main", "wave-1", 2, 1);
  // What a run step's output could carry if an agent wrote it: a second status, a second name.
  const forged = statusRecordText(facts, { wave: 1, key: "wave-1" }, "failed\nstatus=passed", "x\r\nstatus=passed\nname=other");
  const lines = forged.trimEnd().split("\n");
  assert.equal(lines.length, 7, forged);
  assert.deepEqual(
    lines.map((l) => l.slice(0, l.indexOf("="))),
    ["name", "unit", "wave", "attempt", "round", "status", "state"],
  );
  assert.equal(lines[5], "status=failed status=passed");
  const read = parseStatusRecord(forged, name, facts);
  assert.ok(!("ignored" in read));
  // An unknown status is read as failed, never as the passed it carries.
  assert.equal(read.status, "failed");
});

test("recordStatus: uploads one `status` file under the job's record name; a second writer for the job changes nothing", async () => {
  const store = new LocalArtifactStore(await temp());
  const tempDir = await temp();
  const name = statusArtifactName("main", SHARD.key, 2, 1);
  assert.equal(await recordStatus(store, tempDir, facts, SHARD, "passed", "wave_main_wave-4-shard-2-of-3_attempt-2_j3", 30), "recorded");
  // The pick step's post after the run step recorded: the name is taken, the record stays.
  assert.equal(await recordStatus(store, tempDir, facts, SHARD, "not-run", ""), "exists");
  const listed = await store.list({ prefix: "wave-status_main_" });
  assert.deepEqual(
    listed.map((a) => a.name),
    [name],
  );
  const dest = await temp();
  await store.download(listed[0]!, dest);
  const text = await readFile(path.join(dest, "status"), "utf8");
  assert.equal(text, statusRecordText(facts, SHARD, "passed", "wave_main_wave-4-shard-2-of-3_attempt-2_j3"));
  const read = parseStatusRecord(text, name, facts);
  assert.ok(!("ignored" in read));
  assert.equal(read.status, "passed");
  // Nothing is left behind in the temporary directory.
  assert.deepEqual(await readdir(tempDir), []);
});

test("recordStatus: an upload that fails for another reason fails the caller, and leaves nothing behind", async () => {
  const tempDir = await temp();
  const failing: ArtifactStore = {
    source: "github",
    upload: async () => {
      throw new ArtifactError("unavailable", "the artifact service said 503");
    },
    list: async () => [],
    download: async (_info, dest) => dest,
  };
  await assert.rejects(recordStatus(failing, tempDir, facts, SHARD, "failed", ""), /503/);
  assert.deepEqual(await readdir(tempDir), []);
});
