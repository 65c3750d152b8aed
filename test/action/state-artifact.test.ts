/**
 * The staged copy of a run directory: the space a killed run left reserved for its final records
 * (space-reserve.bin) is never copied or uploaded; everything else is. (A disk too full for the
 * copy is test/cli/run.full-disk.test.ts.)
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { uploadRunState } from "../../src/action/state-artifact.js";
import { LocalArtifactStore } from "../helpers/local-store.js";

test("a reserve file left by a killed run is not uploaded; the logs and records are", async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "wave-state-artifact-"));
  try {
    const runDir = path.join(work, "state", "main", "wave-1", "attempt-1");
    mkdirSync(path.join(runDir, "agents", "A1"), { recursive: true });
    writeFileSync(path.join(runDir, "result.json"), "{}\n");
    writeFileSync(path.join(runDir, "agents", "A1", "agent.log"), "hello\n");
    writeFileSync(path.join(runDir, "space-reserve.bin"), Buffer.alloc(4096, 1));
    const store = new LocalArtifactStore(path.join(work, "store"));
    const uploaded = await uploadRunState({
      store,
      runDir,
      root: work,
      prefix: "wave",
      lane: "main",
      wave: 1,
      runAttempt: 1,
      retentionDays: undefined,
      secrets: [],
      env: {},
      tempDir: work,
    });
    assert.equal(uploaded.logsLeftOut, undefined);
    const files = path.join(store.dir, uploaded.name, "files");
    assert.equal(readFileSync(path.join(files, "agents", "A1", "agent.log"), "utf8"), "hello\n");
    assert.ok(existsSync(path.join(files, "result.json")));
    assert.equal(existsSync(path.join(files, "space-reserve.bin")), false);
    assert.ok(existsSync(path.join(runDir, "space-reserve.bin")), "the run directory itself is left as it is");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
