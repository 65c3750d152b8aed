/**
 * The order rule through the one call: the action's hand-off hands choosePrior the state artifacts
 * as resume/state-artifacts.ts screens them, newest first by run attempt, then created_at, never
 * by artifact id; choosePrior restores them in that order and none older than the one it takes.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { artifactName } from "../../src/artifacts/naming.js";
import type { ArtifactInfo } from "../../src/artifacts/types.js";
import { choosePrior } from "../../src/resume/local.js";
import { type StateCandidate, screenStateArtifacts } from "../../src/resume/state-artifacts.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "artifact-order-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const info = (runAttempt: number, suffix: string, id: number, createdAt: string | null): ArtifactInfo => ({
  id,
  name: artifactName({ prefix: "wave", lane: "main", wave: 1, runAttempt, suffix }),
  size: 1,
  createdAt,
  source: "github",
});

test("choosePrior restores state artifacts newest first by run attempt, then created_at (never id), and stops at the first it wants", async () => {
  // Ids as GitHub may hand them out after "Re-run failed jobs": in neither upload order nor its reverse.
  const listed = [
    info(1, "ja", 2, "2024-01-01T00:00:09Z"),
    info(2, "jb", 3, "2024-01-01T00:00:01Z"),
    info(2, "jc", 500, "2024-01-01T00:00:05Z"),
    info(1, "jd", 900, "2024-01-01T00:00:10Z"),
  ];
  const candidates = screenStateArtifacts(listed, { prefix: "wave", lane: "main", runAttempt: 2, runId: null }, () => undefined);
  const suffix = (c: StateCandidate) => c.parts.suffix;
  assert.deepEqual(candidates.map(suffix), ["jc", "jb", "jd", "ja"]);

  const restored: string[] = [];
  const picked = await choosePrior({
    from: "artifacts",
    want: "resume",
    candidates,
    restore: async (c) => {
      restored.push(suffix(c));
      // The newest cannot be restored (refused or unreadable); the next has no journal: an artifact needs none.
      return suffix(c) === "jc" ? null : { dir: mkdtempSync(path.join(scratch, `${suffix(c)}-`)), result: { status: "failed" } };
    },
    passOver: async () => assert.fail("nothing is passed over for holding nothing"),
  });
  assert.equal(picked && suffix(picked.candidate), "jb");
  assert.deepEqual(restored, ["jc", "jb"], "attempt 1's states, whatever their ids, are never downloaded");

  // What a shard or closure job builds on, or the next wave applies: the newest that passed.
  const passedOver: string[] = [];
  const status: Record<string, string> = { jc: "failed", jb: "dry-run", jd: "passed", ja: "passed" };
  const passed = await choosePrior({
    from: "artifacts",
    want: "passed",
    candidates,
    restore: async (c) => ({ dir: scratch, result: { status: status[suffix(c)] ?? null } }),
    passOver: async (c, _state, reason) => {
      passedOver.push(`${suffix(c)}: ${reason}`);
    },
  });
  assert.equal(passed && suffix(passed.candidate), "jd");
  assert.deepEqual(passedOver, ["jc: it did not pass (failed)", "jb: it did not pass (dry-run)"]);
});

test("a name claiming a later run attempt than the job's is refused before ordering, so it cannot come first", () => {
  const warned: string[] = [];
  const forged = info(7, "jz", 1, "2030-01-01T00:00:00Z");
  const candidates = screenStateArtifacts(
    [info(1, "ja", 5, null), forged],
    { prefix: "wave", lane: "main", runAttempt: 2, runId: null },
    (m) => warned.push(m),
  );
  assert.deepEqual(
    candidates.map((c) => c.parts.suffix),
    ["ja"],
  );
  assert.match(warned.join("\n"), /claims run attempt 7, but this job is attempt 2/);
});
