/**
 * Workspace changes cover the whole repository and nothing of the run's own state:
 * - with the waves root in a subdirectory, edits, additions and deletions outside it are recorded,
 *   and applying the changes from that subdirectory restores them all;
 * - commits the agents make anyway (on top of the base commit, or amending it) are recorded
 *   relative to the base commit, force-added ignored files included; afterwards HEAD is the base
 *   commit again and the committed work is in the work tree;
 * - the state directory gets a `.gitignore` holding `*` when it is created (inside the repository,
 *   nested under a project directory, outside it), never in a directory of the project, and is
 *   never part of the changes, even without that file;
 * - end to end: a wave whose root is a subdirectory and whose agent commits leaves HEAD at the base
 *   commit, a `git status` free of state files, and changes that hold the work outside the root.
 * Real git repositories in temporary directories throughout.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { applyChanges, captureChanges, readChanges } from "../../src/state/changes.js";
import { ensureStateDir } from "../../src/state/state-dir.js";
import {
  contQaAgent,
  DOC_DELTA,
  documentationAgent,
  engineRun,
  implAgent,
  integrationAgent,
  makeRepo,
  PROOF,
  type TestRepo,
  writeWave,
} from "../engine/fixture.js";

const GIT_ENV = {
  GIT_AUTHOR_NAME: "wave test",
  GIT_AUTHOR_EMAIL: "test@wave.invalid",
  GIT_COMMITTER_NAME: "wave test",
  GIT_COMMITTER_EMAIL: "test@wave.invalid",
};

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" });
}

let tmp = "";
before(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "wave-changes-root-"));
});
after(() => fs.rm(tmp, { recursive: true, force: true }));

let counter = 0;

/** A repository with the waves root in `app/` and project files beside it; returns top, app and base. */
async function repoWithSubdir(): Promise<{ top: string; app: string; base: string; box: string }> {
  const box = path.join(tmp, `case-${++counter}`);
  const top = path.join(box, "repo");
  const app = path.join(top, "app");
  await fs.mkdir(path.join(app, "src"), { recursive: true });
  await fs.mkdir(path.join(top, "lib"), { recursive: true });
  git(top, "init", "-q", "-b", "main");
  await fs.writeFile(path.join(top, "README.md"), "readme\n");
  await fs.writeFile(path.join(top, ".gitignore"), "*.log\n");
  await fs.writeFile(path.join(top, "lib", "util.js"), "export const u = 1;\n");
  await fs.writeFile(path.join(top, "lib", "old.js"), "old\n");
  await fs.writeFile(path.join(app, "src", "main.js"), "main\n");
  git(top, "add", "-A");
  git(top, "commit", "-q", "-m", "base");
  return { box, top, app, base: git(top, "rev-parse", "HEAD").trim() };
}

/** `git status --porcelain` lines (untracked files one by one), sorted. */
function statusOf(top: string): string[] {
  return git(top, "status", "--porcelain", "--untracked-files=all").split("\n").filter(Boolean).sort();
}

function filesOf(meta: { files: { path: string; status: string }[] }): string[] {
  return meta.files.map((f) => `${f.status} ${f.path}`).sort();
}

test("with the waves root in a subdirectory, changes outside it are recorded and applied back from the subdirectory", async () => {
  const c = await repoWithSubdir();
  await fs.writeFile(path.join(c.app, "src", "main.js"), "main changed\n");
  await fs.writeFile(path.join(c.top, "lib", "util.js"), "export const u = 2;\n");
  await fs.rm(path.join(c.top, "lib", "old.js"));
  await fs.writeFile(path.join(c.top, "NEW.md"), "new at the top\n");
  await fs.writeFile(path.join(c.top, "debug.log"), "ignored\n");
  const out = path.join(c.box, "out");
  const meta = await captureChanges(c.app, c.base, out, [path.join(c.app, ".wave")]);
  assert.deepEqual(filesOf(meta), ["A NEW.md", "D lib/old.js", "M app/src/main.js", "M lib/util.js"]);
  assert.equal(meta.baseCommit, c.base);

  // A fresh clone at the base commit, applied to from its own `app/` subdirectory.
  const clone = path.join(c.box, "clone");
  git(c.box, "clone", "-q", c.top, clone);
  await applyChanges(path.join(clone, "app"), out, "apply-changes test");
  assert.equal(readFileSync(path.join(clone, "lib", "util.js"), "utf8"), "export const u = 2;\n");
  assert.equal(readFileSync(path.join(clone, "NEW.md"), "utf8"), "new at the top\n");
  assert.equal(readFileSync(path.join(clone, "app", "src", "main.js"), "utf8"), "main changed\n");
  assert.equal(existsSync(path.join(clone, "lib", "old.js")), false);
  assert.deepEqual(statusOf(clone), [" D lib/old.js", " M app/src/main.js", " M lib/util.js", "?? NEW.md"]);
});

test("commits the agents made are recorded relative to the base commit and undone: HEAD back at base, the work in the work tree", async () => {
  const c = await repoWithSubdir();
  // Two commits on top of the base, one of them with a force-added ignored file, then more edits.
  await fs.writeFile(path.join(c.top, "lib", "util.js"), "export const u = 3;\n");
  await fs.writeFile(path.join(c.app, "src", "feature.js"), "feature\n");
  git(c.app, "add", "-A", "..");
  git(c.app, "commit", "-q", "-m", "agent commit 1");
  await fs.writeFile(path.join(c.top, "build.log"), "forced into the commit\n");
  git(c.top, "add", "-f", "build.log");
  git(c.top, "rm", "-q", "lib/old.js");
  git(c.top, "commit", "-q", "-m", "agent commit 2");
  await fs.writeFile(path.join(c.top, "README.md"), "readme, uncommitted edit\n");
  await fs.writeFile(path.join(c.top, "untracked.txt"), "not committed, not staged\n");
  assert.notEqual(git(c.top, "rev-parse", "HEAD").trim(), c.base);

  const out = path.join(c.box, "out");
  const meta = await captureChanges(c.app, c.base, out, []);
  assert.deepEqual(filesOf(meta), [
    "A app/src/feature.js",
    "A build.log",
    "A untracked.txt",
    "D lib/old.js",
    "M README.md",
    "M lib/util.js",
  ]);
  assert.equal(meta.baseCommit, c.base);
  assert.equal(git(c.top, "rev-parse", "HEAD").trim(), c.base);
  assert.equal(git(c.top, "rev-list", "--count", "HEAD").trim(), "1");
  assert.equal(git(c.top, "symbolic-ref", "--short", "HEAD").trim(), "main");
  // Everything committed is still in the work tree, as changes against the base commit.
  assert.equal(readFileSync(path.join(c.top, "lib", "util.js"), "utf8"), "export const u = 3;\n");
  assert.equal(readFileSync(path.join(c.top, "build.log"), "utf8"), "forced into the commit\n");
  // build.log is ignored again once it is no longer committed (it is still recorded, see above).
  assert.deepEqual(statusOf(c.top), [" D lib/old.js", " M README.md", " M lib/util.js", "?? app/src/feature.js", "?? untracked.txt"]);

  // The patch alone rebuilds the whole result on a clean clone of the base commit.
  const clone = path.join(c.box, "clone");
  git(c.box, "clone", "-q", c.top, clone);
  await applyChanges(clone, out, "apply-changes test");
  for (const f of ["lib/util.js", "build.log", "app/src/feature.js", "README.md", "untracked.txt"]) {
    assert.equal(readFileSync(path.join(clone, f), "utf8"), readFileSync(path.join(c.top, f), "utf8"), f);
  }
  assert.equal(existsSync(path.join(clone, "lib", "old.js")), false);
});

test("an agent that amends the base commit: HEAD goes back to the base commit, the amended content stays", async () => {
  const c = await repoWithSubdir();
  await fs.writeFile(path.join(c.app, "src", "main.js"), "amended\n");
  git(c.top, "commit", "-q", "-a", "--amend", "-m", "amended base");
  assert.notEqual(git(c.top, "rev-parse", "HEAD").trim(), c.base);
  const meta = await captureChanges(c.top, c.base, path.join(c.box, "out"), []);
  assert.deepEqual(filesOf(meta), ["M app/src/main.js"]);
  assert.equal(git(c.top, "rev-parse", "HEAD").trim(), c.base);
  assert.equal(readFileSync(path.join(c.app, "src", "main.js"), "utf8"), "amended\n");
  assert.deepEqual(statusOf(c.top), [" M app/src/main.js"]);
});

test("a state directory inside the repository ignores itself and is never part of the changes", async () => {
  const c = await repoWithSubdir();
  const state = path.join(c.app, ".wave");
  await ensureStateDir(state, c.app);
  assert.equal(readFileSync(path.join(state, ".gitignore"), "utf8"), "*\n");
  await fs.mkdir(path.join(state, "main", "wave-1", "attempt-1"), { recursive: true });
  await fs.writeFile(path.join(state, "main", "wave-1", "run.lock"), "{}\n");
  await fs.writeFile(path.join(state, "main", "wave-1", "attempt-1", "result.json"), "{}\n");
  await fs.writeFile(path.join(c.top, "lib", "util.js"), "export const u = 4;\n");
  assert.deepEqual(statusOf(c.top), [" M lib/util.js"]);
  const meta = await captureChanges(c.app, c.base, path.join(state, "main", "wave-1", "attempt-1", "changes"), [state]);
  assert.deepEqual(filesOf(meta), ["M lib/util.js"]);
  assert.deepEqual(statusOf(c.top), [" M lib/util.js"]);
});

test("a state directory without its .gitignore (made by an older version) is still left out of the changes", async () => {
  const c = await repoWithSubdir();
  const state = path.join(c.top, "runs", "state");
  await fs.mkdir(path.join(state, "main", "wave-1"), { recursive: true });
  await fs.writeFile(path.join(state, "main", "wave-1", "run.lock"), "{}\n");
  await fs.writeFile(path.join(c.top, "NEW.md"), "new\n");
  await captureChanges(c.app, c.base, path.join(c.box, "out"), [state]);
  const { meta, patch } = await readChanges(path.join(c.box, "out"));
  assert.deepEqual(filesOf(meta), ["A NEW.md"]);
  assert.equal(patch.includes("run.lock"), false);
});

test("a nested --state-dir under a project directory gets its .gitignore; the project's files beside it are still recorded", async () => {
  const c = await repoWithSubdir();
  const state = path.join(c.top, "lib", "runs", "state");
  await ensureStateDir(state, c.app);
  assert.equal(readFileSync(path.join(state, ".gitignore"), "utf8"), "*\n");
  await fs.mkdir(path.join(state, "main", "wave-2"), { recursive: true });
  await fs.writeFile(path.join(state, "main", "wave-2", "run.lock"), "{}\n");
  await fs.writeFile(path.join(c.top, "lib", "runs", "notes.md"), "project notes beside the state\n");
  assert.deepEqual(statusOf(c.top), ["?? lib/runs/notes.md"]);
  const meta = await captureChanges(c.app, c.base, path.join(c.box, "out"), [state]);
  assert.deepEqual(filesOf(meta), ["A lib/runs/notes.md"]);
});

test("the state directory's .gitignore is written only into a directory the run owns", async () => {
  const c = await repoWithSubdir();
  // A directory of the project that holds tracked files: left alone.
  await ensureStateDir(path.join(c.top, "lib"), c.app);
  assert.equal(existsSync(path.join(c.top, "lib", ".gitignore")), false);
  // The repository itself, or a directory holding it: left alone.
  await ensureStateDir(c.app, c.app);
  await ensureStateDir(c.top, c.app);
  assert.equal(existsSync(path.join(c.app, ".gitignore")), false);
  assert.equal(readFileSync(path.join(c.top, ".gitignore"), "utf8"), "*.log\n");
  // An existing, empty directory, and one outside the repository: both get it.
  await fs.mkdir(path.join(c.top, "empty-state"));
  await ensureStateDir(path.join(c.top, "empty-state"), c.app);
  assert.equal(readFileSync(path.join(c.top, "empty-state", ".gitignore"), "utf8"), "*\n");
  await ensureStateDir(path.join(c.box, "outside-state"), c.app);
  assert.equal(readFileSync(path.join(c.box, "outside-state", ".gitignore"), "utf8"), "*\n");
  // A .gitignore already there is kept as it is.
  await fs.mkdir(path.join(c.box, "own-state"));
  await fs.writeFile(path.join(c.box, "own-state", ".gitignore"), "mine\n");
  await ensureStateDir(path.join(c.box, "own-state"), c.app);
  assert.equal(readFileSync(path.join(c.box, "own-state", ".gitignore"), "utf8"), "mine\n");
  assert.deepEqual(statusOf(c.top), []);
});

/* ------------------------------------------------------------------ end to end */

let repo: TestRepo;

after(() => repo?.cleanup());

test("a wave rooted in a subdirectory whose agent commits: HEAD at base, git status free of state files, changes hold the work outside the root", async () => {
  repo = await makeRepo("changes-root");
  const top = repo.root;
  // No .gitignore entry for the state directory: it must keep itself out of git.
  await fs.writeFile(path.join(top, ".gitignore"), "*.log\n");
  await fs.mkdir(path.join(top, "lib"), { recursive: true });
  await fs.writeFile(path.join(top, "lib", "shared.js"), "export const shared = 1;\n");
  const app = path.join(top, "app");
  await fs.mkdir(app, { recursive: true });
  const sub: TestRepo = { ...repo, root: app };

  // A1 commits its deliverable and an edit outside the waves root with git itself.
  const committer = path.join(repo.ext, "commit-agent.mjs");
  await fs.writeFile(
    committer,
    [
      'import { execFileSync } from "node:child_process";',
      'import { mkdirSync, writeFileSync } from "node:fs";',
      'mkdirSync("src", { recursive: true });',
      'writeFileSync("src/a1.js", "export const a1 = 1;\\n");',
      'writeFileSync("../lib/shared.js", "export const shared = 2;\\n");',
      'const id = ["-c", "user.name=agent", "-c", "user.email=agent@wave.invalid"];',
      'execFileSync("git", [...id, "add", "-A", "--", "src/a1.js", "../lib/shared.js"]);',
      'execFileSync("git", [...id, "commit", "-q", "-m", "agent A1 commits anyway"]);',
      `console.log(${JSON.stringify(PROOF)});`,
      `console.log(${JSON.stringify(DOC_DELTA)});`,
      "",
    ].join("\n"),
  );
  const a1 = implAgent("A1");
  a1.executorLines = ["- id: command", `- command: ${process.execPath} ${committer}`];
  // A2 writes outside the waves root without committing.
  const a2 = implAgent("A2", { write: { "src/a2.js": "export const a2 = 1;\n", "../lib/from-a2.js": "a2 outside\n" } });
  await writeWave(sub, 1, [a1, a2, integrationAgent(1), documentationAgent(), contQaAgent(1)]);
  const base = git(top, "rev-parse", "HEAD").trim();

  const outcome = await engineRun(sub, 1, { maxAttempts: 1 });
  const runDir = path.join(app, ".wave", "main", "wave-1", "attempt-1");
  const result = JSON.parse(readFileSync(path.join(runDir, "result.json"), "utf8"));
  assert.equal(result.status, "passed", JSON.stringify(result.failure));
  assert.ok(outcome);

  assert.equal(git(top, "rev-parse", "HEAD").trim(), base);
  assert.equal(readFileSync(path.join(app, ".wave", ".gitignore"), "utf8"), "*\n");
  assert.deepEqual(statusOf(top), [
    " M lib/shared.js",
    "?? app/docs/integration/wave-1.md",
    "?? app/docs/reviews/wave-1-cont-qa.md",
    "?? app/src/a1.js",
    "?? app/src/a2.js",
    "?? lib/from-a2.js",
  ]);
  const { meta } = await readChanges(path.join(runDir, "changes"));
  assert.equal(meta.baseCommit, base);
  assert.deepEqual(filesOf(meta), [
    "A app/docs/integration/wave-1.md",
    "A app/docs/reviews/wave-1-cont-qa.md",
    "A app/src/a1.js",
    "A app/src/a2.js",
    "A lib/from-a2.js",
    "M lib/shared.js",
  ]);
});
