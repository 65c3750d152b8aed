import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { UserError } from "../../src/errors.js";
import { assertNoGitDirWrite, isInside, resolveInside, safeRelativeEntries } from "../../src/security/confine.js";

async function withTemp(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-paths-"));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const userError =
  (...parts: string[]) =>
  (e: unknown) =>
    e instanceof UserError && parts.every((p) => e.message.includes(p));

test("isInside", () => {
  assert.equal(isInside("/a/b", "/a/b"), true);
  assert.equal(isInside("/a/b", "/a/b/c/d"), true);
  assert.equal(isInside("/a/b", "/a/bc"), false);
  assert.equal(isInside("/a/b", "/a"), false);
  assert.equal(isInside("/a/b", "/a/b/../c"), false);
  assert.equal(isInside("/a/b", "/a/b/..foo"), true);
});

test("resolveInside accepts plain relative paths and rejects .., absolute and NUL", async () => {
  await withTemp(async (root) => {
    assert.equal(resolveInside(root, "src/a.ts", "deliverable"), path.join(root, "src", "a.ts"));
    assert.equal(resolveInside(root, "src/../b.ts", "deliverable"), path.join(root, "b.ts"));
    assert.throws(() => resolveInside(root, "../x", "deliverable"), userError("deliverable", '"../x"', "outside"));
    assert.throws(() => resolveInside(root, "a/../../x", "owned path"), userError("owned path", "outside"));
    assert.throws(() => resolveInside(root, "/etc/passwd", "report"), userError("report", '"/etc/passwd"', "absolute"));
    assert.throws(() => resolveInside(root, "C:\\x", "report"), userError("absolute"));
    assert.throws(() => resolveInside(root, "a\0b", "report"), userError("report", "NUL"));
    assert.throws(() => resolveInside(root, "", "report"), userError("report", "empty"));
  });
});

test("resolveInside rejects symlinks that lead outside (existing, nested and dangling)", async () => {
  await withTemp(async (dir) => {
    const root = path.join(dir, "repo");
    const outside = path.join(dir, "outside");
    await mkdir(path.join(root, "inner"), { recursive: true });
    await mkdir(outside);
    await symlink(outside, path.join(root, "escape"));
    await symlink(path.join(outside, "nothing-yet"), path.join(root, "dangling"));
    await symlink(path.join(root, "inner"), path.join(root, "ok-link"));
    await symlink("../escape", path.join(root, "inner", "relative-escape"));
    assert.throws(() => resolveInside(root, "escape", "deliverable"), userError("deliverable", "symbolic link"));
    assert.throws(() => resolveInside(root, "escape/new/file.txt", "deliverable"), userError("symbolic link"));
    assert.throws(() => resolveInside(root, "dangling", "deliverable"), userError("symbolic link"));
    assert.throws(() => resolveInside(root, "inner/relative-escape/x", "deliverable"), userError("symbolic link"));
    assert.equal(resolveInside(root, "ok-link/file.ts", "deliverable"), path.join(root, "ok-link", "file.ts"));
  });
});

test("resolveInside works when the root itself is reached through a symlink", async () => {
  await withTemp(async (dir) => {
    const real = path.join(dir, "real");
    await mkdir(path.join(real, "src"), { recursive: true });
    await symlink(real, path.join(dir, "alias"));
    assert.equal(resolveInside(path.join(dir, "alias"), "src/x.ts", "p"), path.join(dir, "alias", "src", "x.ts"));
  });
});

test("assertNoGitDirWrite refuses .git at any level", () => {
  assert.doesNotThrow(() => assertNoGitDirWrite("/r", "/r/src/git.ts"));
  assert.doesNotThrow(() => assertNoGitDirWrite("/r", "/r/.github/workflows/x.yml"));
  assert.throws(() => assertNoGitDirWrite("/r", "/r/.git/hooks/pre-commit"), userError(".git"));
  assert.throws(() => assertNoGitDirWrite("/r", "/r/.git"), userError(".git"));
  assert.throws(() => assertNoGitDirWrite("/r", "/r/vendor/sub/.GIT/config", "change"), userError("change", ".git"));
});

test("safeRelativeEntries normalises good names and refuses zip-slip tricks", () => {
  assert.deepEqual(safeRelativeEntries(["a/b.txt", "./c//d.txt", "e/./f"]), ["a/b.txt", "c/d.txt", "e/f"]);
  const bad = [
    "../evil",
    "a/../../evil",
    "a/..",
    "/etc/passwd",
    "\\evil",
    "a\\..\\..\\evil",
    "C:/Windows/x",
    "c:evil",
    "a\0b",
    "a\nb",
    "",
    ".",
    ".git/config",
    "sub/.git/hooks/x",
  ];
  for (const entry of bad) {
    assert.throws(() => safeRelativeEntries(["ok.txt", entry], "patch entry"), userError("patch entry"), JSON.stringify(entry));
  }
});
