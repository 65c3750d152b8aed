/**
 * The tests' build of the sources (source-build.ts) must never be stale: a test that starts the
 * CLI from a build of older sources would test code that no longer exists. Its key is a hash of
 * the sources; these tests change a copy of them and watch the key.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "./cli.js";
import { sourceBuild, sourceBuildArgv, sourcesHash } from "./source-build.js";

const scratch = mkdtempSync(path.join(os.tmpdir(), "source-build-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of what the key reads: src/ and the test entries built with it. */
function copySources(): string {
  const root = mkdtempSync(path.join(scratch, "repo-"));
  cpSync(path.join(REPO_ROOT, "src"), path.join(root, "src"), { recursive: true });
  const worker = path.join("test", "coordination", "fixtures", "append-worker.ts");
  mkdirSync(path.dirname(path.join(root, worker)), { recursive: true });
  cpSync(path.join(REPO_ROOT, worker), path.join(root, worker));
  return root;
}

test("the key is the sources': equal sources give equal keys, any change to a file, a name or the set of files another", () => {
  const root = copySources();
  const key = sourcesHash(root);
  assert.equal(sourcesHash(root), key);
  assert.equal(sourcesHash(copySources()), key, "another copy of the same sources");

  const nested = path.join(root, "src", "closure", "barriers.ts");
  const text = readFileSync(nested, "utf8");
  appendFileSync(nested, " ");
  const edited = sourcesHash(root);
  assert.notEqual(edited, key, "one byte more in a nested module");
  writeFileSync(nested, text);
  assert.equal(sourcesHash(root), key, "the edit undone");

  renameSync(nested, path.join(root, "src", "closure", "barriers2.ts"));
  assert.notEqual(sourcesHash(root), key, "a module renamed");
  renameSync(path.join(root, "src", "closure", "barriers2.ts"), nested);

  writeFileSync(path.join(root, "src", "new-module.ts"), "export {};\n");
  assert.notEqual(sourcesHash(root), key, "a module added");
  rmSync(path.join(root, "src", "new-module.ts"));

  appendFileSync(path.join(root, "test", "coordination", "fixtures", "append-worker.ts"), "\n");
  assert.notEqual(sourcesHash(root), key, "a test entry built with the sources changed");
});

test("the build of the current sources is reused, runs as the CLI, and is the one its key names", () => {
  const dir = sourceBuild();
  assert.equal(sourceBuild(), dir);
  assert.equal(path.basename(dir), sourcesHash());
  for (const entry of ["cli.js", "tmux-view.js", "append-worker.js"]) assert.ok(existsSync(path.join(dir, entry)), entry);
  const [node, cli] = sourceBuildArgv("cli") as [string, string];
  const version = spawnSync(node, [cli, "--version"], { encoding: "utf8" });
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  assert.equal(version.status, 0, version.stderr);
  assert.equal(version.stdout.trim(), pkg.version);
});
