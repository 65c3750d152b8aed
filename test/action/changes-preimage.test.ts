/**
 * Changes recorded on one commit applied to a shallow (depth 1) clone of a later commit of the same
 * branch, the way a wave job sees them when the branch moved: the plain apply fails (the later commit
 * changed the hunk's context), and the 3-way apply needs the base commit's blobs, which the clone
 * does not have. The changes carry those blobs (`changes/preimages/`), so the apply succeeds and
 * holds both edits; without them (or with an altered one) it fails and says what is missing.
 * Real git repositories in temporary directories.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { applyChanges, captureChanges, PREIMAGE_DIR, readChanges } from "../../src/state/changes.js";

const GIT_ENV = {
  GIT_AUTHOR_NAME: "wave test",
  GIT_AUTHOR_EMAIL: "test@wave.invalid",
  GIT_COMMITTER_NAME: "wave test",
  GIT_COMMITTER_EMAIL: "test@wave.invalid",
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" }).trim();
}

let tmp = "";
before(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "wave-preimage-"));
});
after(() => fs.rm(tmp, { recursive: true, force: true }));

const LINES = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`);
let counter = 0;

interface Case {
  origin: string;
  base: string;
  moved: string;
  changes: string;
}

/**
 * A repository whose branch moves after a wave recorded its changes on the base commit: the wave
 * edits line 5 of notes.txt and deletes gone.txt; the later commit edits line 7 of notes.txt (inside
 * the hunk's context, no conflict).
 */
async function movedBranch(): Promise<Case> {
  const box = path.join(tmp, `case-${++counter}`);
  const origin = path.join(box, "origin");
  await fs.mkdir(origin, { recursive: true });
  git(origin, "init", "-q", "-b", "main");
  await fs.writeFile(path.join(origin, "notes.txt"), `${LINES.join("\n")}\n`);
  await fs.writeFile(path.join(origin, "gone.txt"), "to be deleted\n");
  git(origin, "add", "-A");
  git(origin, "commit", "-q", "-m", "base");
  const base = git(origin, "rev-parse", "HEAD");

  // The wave's work on the base commit, recorded as changes.
  const work = path.join(box, "work");
  git(box, "clone", "-q", `file://${origin}`, work);
  const edited = [...LINES];
  edited[4] = "line 5, edited by the wave";
  await fs.writeFile(path.join(work, "notes.txt"), `${edited.join("\n")}\n`);
  await fs.rm(path.join(work, "gone.txt"));
  await fs.writeFile(path.join(work, "added.txt"), "new file\n");
  const changes = path.join(box, "changes");
  await captureChanges(work, base, changes, []);

  // Someone pushes to the branch.
  const pushed = [...LINES];
  pushed[6] = "line 7, edited on the branch";
  await fs.writeFile(path.join(origin, "notes.txt"), `${pushed.join("\n")}\n`);
  git(origin, "commit", "-q", "-am", "moved");
  const moved = git(origin, "rev-parse", "HEAD");
  return { origin, base, moved, changes };
}

async function shallowClone(c: Case, name: string): Promise<string> {
  const dir = path.join(path.dirname(c.origin), name);
  git(path.dirname(c.origin), "clone", "-q", "--depth=1", `file://${c.origin}`, dir);
  assert.equal(git(dir, "rev-parse", "HEAD"), c.moved);
  assert.throws(() => git(dir, "cat-file", "-e", `${c.base}^{commit}`), "the shallow clone does not have the base commit");
  return dir;
}

test("changes carry the base commit's blobs of the files they modify or delete, not of added files", async () => {
  const c = await movedBranch();
  const { meta } = await readChanges(c.changes);
  const want = [git(c.origin, "rev-parse", `${c.base}:notes.txt`), git(c.origin, "rev-parse", `${c.base}:gone.txt`)].sort();
  assert.deepEqual(meta.preimages, want);
  assert.deepEqual((await fs.readdir(path.join(c.changes, PREIMAGE_DIR))).sort(), want);
  assert.equal(
    await fs.readFile(path.join(c.changes, PREIMAGE_DIR, git(c.origin, "rev-parse", `${c.base}:gone.txt`)), "utf8"),
    "to be deleted\n",
  );
});

test("changes recorded on the base commit apply 3-way to a depth-1 clone of the moved branch", async () => {
  const c = await movedBranch();
  const clone = await shallowClone(c, "clone");
  const meta = await applyChanges(clone, c.changes, "apply-changes wave-1");
  assert.equal(meta.baseCommit, c.base);
  const notes = (await fs.readFile(path.join(clone, "notes.txt"), "utf8")).split("\n");
  assert.equal(notes[4], "line 5, edited by the wave");
  assert.equal(notes[6], "line 7, edited on the branch");
  assert.equal(await fs.readFile(path.join(clone, "added.txt"), "utf8"), "new file\n");
  await assert.rejects(fs.lstat(path.join(clone, "gone.txt")), { code: "ENOENT" });
});

test("without the preimages the same apply fails and names the missing base versions", async () => {
  const c = await movedBranch();
  const clone = await shallowClone(c, "clone-bare");
  const notesBlob = git(c.origin, "rev-parse", `${c.base}:notes.txt`);
  await fs.rm(path.join(c.changes, PREIMAGE_DIR, notesBlob));
  await assert.rejects(applyChanges(clone, c.changes, "apply-changes wave-1"), (error: Error) => {
    assert.match(error.message, new RegExp(`recorded on commit ${c.base.slice(0, 12)} but this checkout is ${c.moved.slice(0, 12)}`));
    assert.match(error.message, new RegExp(`the base versions ${notesBlob.slice(0, 12)} the 3-way merge needs are missing`));
    return true;
  });
  // Nothing was applied.
  assert.equal(git(clone, "status", "--porcelain"), "");
});

test("an altered preimage is not stored under the id it claims", async () => {
  const c = await movedBranch();
  const clone = await shallowClone(c, "clone-altered");
  const notesBlob = git(c.origin, "rev-parse", `${c.base}:notes.txt`);
  await fs.writeFile(path.join(c.changes, PREIMAGE_DIR, notesBlob), "[REDACTED]\n");
  await assert.rejects(
    applyChanges(clone, c.changes, "apply-changes wave-1"),
    /the base versions .* are missing from the changes or altered/,
  );
  assert.throws(() => git(clone, "cat-file", "-e", `${notesBlob}^{blob}`));
});
