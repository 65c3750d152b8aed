/**
 * Node's compile cache for the bundle (src/compile-cache.ts): its directory is this user's own
 * (made 0700 under the OS temp dir, named by uid), one that another user made or can write is
 * never used, and a start never fails over it: an unusable temp dir leaves the process uncached.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { compileCacheDir } from "../src/compile-cache.js";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "wave-compile-cache-test-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** A fresh parent directory with `mode` (a private one by default). */
function parent(mode = 0o700): string {
  const dir = path.join(tmp, `p${++counter}`);
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

const uid = process.getuid?.();
const name = uid === undefined ? "wave-compile-cache" : `wave-compile-cache-${uid}`;

describe("the compile cache's directory", () => {
  test("made 0700 in the temp dir, named by the user; used again as it is", () => {
    const p = parent();
    const dir = compileCacheDir(p, uid);
    assert.equal(dir, path.join(p, name));
    assert.equal(lstatSync(dir).mode & 0o777, 0o700);
    assert.equal(compileCacheDir(p, uid), dir);
  });

  test("in a shared temp dir with the sticky bit (as /tmp)", () => {
    const p = parent(0o1777);
    assert.equal(compileCacheDir(p, uid), path.join(p, name));
  });

  test("not used when others may write it, when it is a symbolic link or not a directory", () => {
    const writable = parent();
    mkdirSync(path.join(writable, name), { mode: 0o777 });
    chmodSync(path.join(writable, name), 0o777);
    assert.equal(compileCacheDir(writable, uid), null);

    const linked = parent();
    const target = path.join(linked, "elsewhere");
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, path.join(linked, name));
    assert.equal(compileCacheDir(linked, uid), null);

    const file = parent();
    writeFileSync(path.join(file, name), "");
    assert.equal(compileCacheDir(file, uid), null);
  });

  test("not used, nor made, in a parent others may write without the sticky bit (it could be swapped)", () => {
    for (const mode of [0o777, 0o770]) {
      const p = parent(mode);
      assert.equal(compileCacheDir(p, uid), null);
      assert.equal(existsSync(path.join(p, name)), false);
    }
  });

  test("not used when another user owns it", { skip: uid !== 0 && "needs root to give a directory away" }, () => {
    const p = parent();
    mkdirSync(path.join(p, name), { mode: 0o700 });
    chownSync(path.join(p, name), 12345, 12345);
    assert.equal(compileCacheDir(p, uid), null);
  });

  test("a temp dir that cannot hold it (a file, a missing path) gives none, without an error", () => {
    const p = parent();
    writeFileSync(path.join(p, "file"), "");
    assert.equal(compileCacheDir(path.join(p, "file"), uid), null);
    assert.equal(compileCacheDir(path.join(p, "missing", "deeper"), uid), null);
    assert.equal(existsSync(path.join(p, "missing")), false);
  });
});

describe("enabling it in a real process", () => {
  const script = `import { enableCompileCache } from ${JSON.stringify(path.join(REPO_ROOT, "src", "compile-cache.ts"))};
console.log(JSON.stringify(enableCompileCache()));`;

  function run(env: NodeJS.ProcessEnv) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? "", ...env },
      encoding: "utf8",
    });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as string | null;
  }

  test("the cache goes in the user's directory under TMPDIR, one subdirectory per Node version and user", () => {
    const p = parent();
    const dir = run({ TMPDIR: p });
    assert.equal(dir, path.join(p, name));
    const versions = readdirSync(dir);
    assert.equal(versions.length, 1);
    assert.ok(versions[0]!.startsWith(`v${process.versions.node}-`), versions[0]);
  });

  test("off with NODE_DISABLE_COMPILE_CACHE, left to Node with NODE_COMPILE_CACHE, none where TMPDIR is not safe", () => {
    const p = parent();
    assert.equal(run({ TMPDIR: p, NODE_DISABLE_COMPILE_CACHE: "1" }), null);
    assert.equal(existsSync(path.join(p, name)), false);
    assert.equal(run({ TMPDIR: p, NODE_COMPILE_CACHE: path.join(p, "chosen") }), null);
    assert.equal(existsSync(path.join(p, name)), false);
    // A temp dir anyone may write without the sticky bit (tsx itself needs a usable one to run).
    const open = parent(0o777);
    assert.equal(run({ TMPDIR: open }), null);
    assert.equal(existsSync(path.join(open, name)), false);
  });
});
