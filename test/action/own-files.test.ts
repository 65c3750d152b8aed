/**
 * The action's own files, read when a run step starts and put back when it ends (src/action/
 * own-files.ts): whatever an agent (or a careless setup command) did to the checked-out action
 * in between — edited, added, deleted, chmod-ed, swapped a directory for a link to its own code —
 * the post steps run the code the job checked out, or none at all.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { actionRoot, excludeFromChanges, guardsOwnFiles, readOwnFiles, restoreOwnFiles } from "../../src/action/own-files.js";

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

const BUNDLE = Buffer.from([0x00, 0xff, 0x0a, 0x0d, 0x41, 0xc3, 0x28, 0x0a]);

/** An action checkout: action.yml, a binary-ish bundle, an executable script, a link, a .git. */
function actionDir(): { work: string; root: string } {
  const work = mkdtempSync(path.join(os.tmpdir(), "wave-own-files-"));
  temps.push(work);
  const root = path.join(work, ".wave-action");
  mkdirSync(path.join(root, "dist", "post"), { recursive: true });
  mkdirSync(path.join(root, ".git", "objects"), { recursive: true });
  writeFileSync(path.join(root, "action.yml"), "name: Wave\nruns:\n  using: node24\n  main: dist/index.js\n");
  writeFileSync(path.join(root, "dist", "index.js"), "console.log('main');\n");
  writeFileSync(path.join(root, "dist", "post", "index.js"), BUNDLE);
  writeFileSync(path.join(root, "dist", "run.sh"), "#!/bin/sh\necho hi\n", { mode: 0o755 });
  chmodSync(path.join(root, "dist", "run.sh"), 0o755);
  symlinkSync("index.js", path.join(root, "dist", "main.js"));
  writeFileSync(path.join(root, "README.md"), "the action's readme\n");
  writeFileSync(path.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  return { work, root };
}

const bytes = (f: string) => readFileSync(f);

test("an edited file is put back byte for byte and named", async () => {
  const { root } = actionDir();
  const own = await readOwnFiles(root);
  writeFileSync(path.join(root, "dist", "post", "index.js"), "process.exit(0); // the agent's own post step\n");
  assert.deepEqual(await restoreOwnFiles(own), ["dist/post/index.js"]);
  assert.deepEqual(bytes(path.join(root, "dist", "post", "index.js")), BUNDLE);
  // Nothing changed: nothing to put back, nothing named.
  assert.deepEqual(await restoreOwnFiles(own), []);
});

test("an added file is removed, with the directory it came in", async () => {
  const { root } = actionDir();
  const own = await readOwnFiles(root);
  mkdirSync(path.join(root, "dist", "extra"));
  writeFileSync(path.join(root, "dist", "extra", "hook.js"), "evil\n");
  writeFileSync(path.join(root, "dist", "post", "preload.cjs"), "evil\n");
  assert.deepEqual(await restoreOwnFiles(own), ["dist/extra", "dist/extra/hook.js", "dist/post/preload.cjs"]);
  assert.equal(existsSync(path.join(root, "dist", "extra")), false);
  assert.equal(existsSync(path.join(root, "dist", "post", "preload.cjs")), false);
  assert.deepEqual(bytes(path.join(root, "dist", "post", "index.js")), BUNDLE);
});

test("a deleted file and a deleted directory come back", async () => {
  const { root } = actionDir();
  const own = await readOwnFiles(root);
  unlinkSync(path.join(root, "action.yml"));
  rmSync(path.join(root, "dist", "post"), { recursive: true });
  assert.deepEqual(await restoreOwnFiles(own), ["action.yml", "dist/post", "dist/post/index.js"]);
  assert.match(readFileSync(path.join(root, "action.yml"), "utf8"), /main: dist\/index\.js/);
  assert.deepEqual(bytes(path.join(root, "dist", "post", "index.js")), BUNDLE);
});

test("a changed mode is put back: an executable stays one, a file made executable or writable is not", async () => {
  const { root } = actionDir();
  const own = await readOwnFiles(root);
  chmodSync(path.join(root, "dist", "run.sh"), 0o644);
  chmodSync(path.join(root, "action.yml"), 0o777);
  chmodSync(path.join(root, "dist"), 0o777);
  assert.deepEqual(await restoreOwnFiles(own), ["action.yml", "dist", "dist/run.sh"]);
  assert.equal(statSync(path.join(root, "dist", "run.sh")).mode & 0o777, 0o755);
  assert.equal(statSync(path.join(root, "action.yml")).mode & 0o777, 0o644);
  assert.equal(statSync(path.join(root, "dist")).mode & 0o777, 0o755);
});

test("a directory swapped for a link to elsewhere is a directory again, and the elsewhere is left alone", async () => {
  const { work, root } = actionDir();
  const own = await readOwnFiles(root);
  const elsewhere = path.join(work, "agent-code");
  mkdirSync(path.join(elsewhere, "post"), { recursive: true });
  writeFileSync(path.join(elsewhere, "index.js"), "stolen main\n");
  writeFileSync(path.join(elsewhere, "post", "index.js"), "stolen post\n");
  rmSync(path.join(root, "dist"), { recursive: true });
  symlinkSync(elsewhere, path.join(root, "dist"));
  const changed = await restoreOwnFiles(own);
  assert.deepEqual(changed, ["dist", "dist/index.js", "dist/main.js", "dist/post", "dist/post/index.js", "dist/run.sh"]);
  assert.ok(lstatSync(path.join(root, "dist")).isDirectory());
  assert.deepEqual(bytes(path.join(root, "dist", "post", "index.js")), BUNDLE);
  assert.equal(readlinkSync(path.join(root, "dist", "main.js")), "index.js");
  // Removing the link did not follow it.
  assert.equal(readFileSync(path.join(elsewhere, "post", "index.js"), "utf8"), "stolen post\n");
});

test("a file swapped for a link to a file outside is a file again; the outside file is untouched", async () => {
  const { work, root } = actionDir();
  const own = await readOwnFiles(root);
  const outside = path.join(work, "outside.txt");
  writeFileSync(outside, "not the action's\n");
  unlinkSync(path.join(root, "dist", "index.js"));
  symlinkSync(outside, path.join(root, "dist", "index.js"));
  assert.deepEqual(await restoreOwnFiles(own), ["dist/index.js"]);
  assert.ok(lstatSync(path.join(root, "dist", "index.js")).isFile());
  assert.equal(readFileSync(path.join(root, "dist", "index.js"), "utf8"), "console.log('main');\n");
  assert.equal(readFileSync(outside, "utf8"), "not the action's\n");
});

test("only what the runner reads and runs is guarded (action.yml, dist/): .git and the rest are neither named nor undone", async () => {
  const { root } = actionDir();
  const own = await readOwnFiles(root);
  writeFileSync(path.join(root, ".git", "HEAD"), "changed\n");
  writeFileSync(path.join(root, ".git", "objects", "new"), "x\n");
  writeFileSync(path.join(root, "README.md"), "changed\n");
  mkdirSync(path.join(root, "node_modules"));
  assert.deepEqual(await restoreOwnFiles(own), []);
  assert.equal(readFileSync(path.join(root, ".git", "HEAD"), "utf8"), "changed\n");
  assert.equal(readFileSync(path.join(root, "README.md"), "utf8"), "changed\n");
  // A .git below the top is the action's like any other file.
  mkdirSync(path.join(root, "dist", ".git"));
  assert.deepEqual(await restoreOwnFiles(own), ["dist/.git"]);
});

test("a tree that cannot be put back is removed, and the error says so, so the post step cannot run changed code", async () => {
  const { root } = actionDir();
  // A fifo in the checkout is never the action's code: it is read as a marker, never recreated.
  execFileSync("mkfifo", [path.join(root, "dist", "pipe")]);
  const own = await readOwnFiles(root);
  unlinkSync(path.join(root, "dist", "pipe"));
  writeFileSync(path.join(root, "dist", "post", "index.js"), "changed\n");
  await assert.rejects(
    restoreOwnFiles(own),
    /the Wave Action's files changed while the wave ran \(dist\/pipe, dist\/post\/index\.js\) and could not be put back \(still different: dist\/pipe\); removed them/,
  );
  assert.equal(existsSync(root), false);
});

test("an action that is the agents' workspace (uses: ./) or holds it is not guarded: its files are the work", () => {
  assert.equal(guardsOwnFiles("/w/repo/.wave-action", "/w/repo"), true);
  assert.equal(guardsOwnFiles("/runner/_actions/o/wave/v1", "/w/repo"), true);
  assert.equal(guardsOwnFiles("/w/repo", "/w/repo"), false);
  assert.equal(guardsOwnFiles("/w/repo", "/w/repo/sub"), false);
  assert.equal(guardsOwnFiles("/w/repo-other", "/w/repo"), true);
});

test("actionRoot finds the action.yml above the running bundle, not a link named so, nor one too far up", async () => {
  const { root } = actionDir();
  assert.equal(await actionRoot(path.join(root, "dist", "index.js")), root);
  assert.equal(await actionRoot(path.join(root, "dist", "post", "index.js")), root);
  const deep = path.join(root, "a", "b", "c", "d");
  mkdirSync(deep, { recursive: true });
  assert.equal(await actionRoot(path.join(deep, "index.js")), null);
  const linked = path.join(root, "linked");
  mkdirSync(path.join(linked, "dist"), { recursive: true });
  symlinkSync(path.join(root, "action.yml"), path.join(linked, "action.yml"));
  // Not a file of its own: the search goes on up, to the real checkout.
  assert.equal(await actionRoot(path.join(linked, "dist", "index.js")), root);
});

test("excludeFromChanges: one line in .git/info/exclude, once; git no longer sees the action", async () => {
  const { work, root } = actionDir();
  const repo = path.join(work, "repo");
  mkdirSync(repo);
  execFileSync("git", ["init", "-q", repo]);
  const inside = path.join(repo, ".wave-action");
  mkdirSync(inside);
  writeFileSync(path.join(inside, "action.yml"), "x\n");
  const exclude = path.join(repo, ".git", "info", "exclude");
  // A file the user wrote without a final newline keeps its last line whole.
  writeFileSync(exclude, "*.log");
  assert.equal(await excludeFromChanges(inside, repo), true);
  assert.equal(await excludeFromChanges(inside, repo), false);
  assert.equal(readFileSync(exclude, "utf8"), "*.log\n/.wave-action/\n");
  assert.equal(execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: repo, encoding: "utf8" }), "");
  // No info/ directory yet: made.
  rmSync(path.join(repo, ".git", "info"), { recursive: true });
  assert.equal(await excludeFromChanges(path.join(repo, "tools", "wave"), repo), true);
  assert.equal(readFileSync(exclude, "utf8"), "/tools/wave/\n");
  // Outside the workspace, the workspace itself, or no .git directory: nothing written.
  for (const [dir, workspace] of [
    [root, repo],
    [repo, repo],
    [path.join(work, "repo-other"), repo],
  ] as const)
    assert.equal(await excludeFromChanges(dir, workspace), false, dir);
  assert.equal(readFileSync(exclude, "utf8"), "/tools/wave/\n");
  const noGit = path.join(work, "plain");
  mkdirSync(path.join(noGit, ".wave-action"), { recursive: true });
  assert.equal(await excludeFromChanges(path.join(noGit, ".wave-action"), noGit), false);
  assert.equal(existsSync(path.join(noGit, ".git")), false);
  // A .git file (a linked worktree) is not written through.
  writeFileSync(path.join(noGit, ".git"), `gitdir: ${path.join(repo, ".git")}\n`);
  assert.equal(await excludeFromChanges(path.join(noGit, ".wave-action"), noGit), false);
  assert.equal(readFileSync(exclude, "utf8"), "/tools/wave/\n");
});
