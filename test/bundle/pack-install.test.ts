/**
 * The package installs as a user would install it: `npm pack` makes the tarball a release
 * carries, `npm install -g --prefix <dir> <tarball>` (offline: the CLI is the bundle in dist/, the
 * package needs no dependencies) puts `wave` in <dir>/bin, and that `wave` prints the version of
 * package.json and runs the demo, whose printed `status` command works as printed. The same
 * installed CLI runs under Node 24 when CI provides one (WAVE_TEST_NODE24).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";

const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  private?: boolean;
};

let base = "";
let prefix = "";
let tarball = "";

function npm(args: string[], cwd: string) {
  const r = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_cache: path.join(base, "npm-cache"), npm_config_update_notifier: "false" },
    timeout: 300_000,
  });
  assert.equal(r.status, 0, `npm ${args.join(" ")}\n${r.stdout}\n${r.stderr}`);
  return r;
}

/**
 * A fresh home directory, reachable by the unprivileged user the agents run as when the tests
 * run as root (agent-user auto).
 */
function newHome(): string {
  const home = mkdtempSync(path.join(base, "home-"));
  chmodSync(home, 0o755);
  return home;
}

/** The environment of a user who installed into `prefix`: its bin/ first on PATH, a fresh HOME and TMPDIR. */
function userEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: `${path.join(prefix, "bin")}${path.delimiter}${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: home,
    TMPDIR: home,
    LANG: "C.UTF-8",
  };
}

before(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "wave-pack-"));
  chmodSync(base, 0o755);
  const packDir = path.join(base, "pack");
  mkdirSync(packDir);
  npm(["pack", "--pack-destination", packDir], REPO_ROOT);
  const files = readdirSync(packDir).filter((f) => f.endsWith(".tgz"));
  assert.deepEqual(files, [`${pkg.name}-${pkg.version}.tgz`]);
  tarball = path.join(packDir, files[0]!);
  prefix = path.join(base, "prefix");
  // Offline, with an empty cache: nothing can be fetched, so the tarball must be all it takes.
  npm(["install", "-g", "--offline", "--prefix", prefix, tarball], base);
});

after(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

test("the package is publishable and needs no dependencies at install time", () => {
  assert.equal(pkg.private, undefined);
  assert.deepEqual(pkg.dependencies ?? {}, {});
  const listing = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" });
  assert.equal(listing.status, 0, listing.stderr);
  const entries = listing.stdout.split("\n").filter(Boolean);
  for (const needed of [
    "package/package.json",
    "package/dist/cli/index.js",
    "package/dist/index.js",
    "package/dist/package.json",
    "package/examples/docs/plans/waves/wave-0.md",
    "package/LICENSE",
    "package/README.md",
  ]) {
    assert.ok(entries.includes(needed), `${needed} is in the tarball`);
  }
  assert.ok(
    !entries.some((e) => e.startsWith("package/src/") || e.startsWith("package/test/") || e.startsWith("package/node_modules/")),
    entries.join("\n"),
  );
});

test("the installed wave prints the version of package.json", () => {
  const home = newHome();
  const r = spawnSync(path.join(prefix, "bin", "wave"), ["--version"], { cwd: home, encoding: "utf8", env: userEnv(home) });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `${pkg.version}\n`);
});

test("the installed wave runs the demo, and its printed status command works as printed", () => {
  const home = newHome();
  const env = userEnv(home);
  const demo = spawnSync("wave", ["demo"], { cwd: home, encoding: "utf8", env, timeout: 180_000 });
  assert.equal(demo.status, 0, demo.stderr + demo.stdout.slice(-3000));
  assert.match(demo.stdout, /Wave 0 \(lane main\): passed/);
  const repo = /^The demo repository is kept: (\S+) \(remove it with: rm -rf (\S+)\)$/m.exec(demo.stdout);
  assert.ok(repo, demo.stdout.slice(-2000));
  assert.equal(repo[1], repo[2]);
  assert.equal(path.dirname(repo[1]!), home, "the demo repository is in the temporary directory");
  const inspect = /^Inspect: (.+)$/m.exec(demo.stdout)?.[1];
  assert.equal(inspect, `wave status --root ${repo[1]} --wave 0`);
  // Run the hint exactly as printed, from another directory.
  const words = inspect!.split(" ");
  const status = spawnSync(words[0]!, words.slice(1), { cwd: os.tmpdir(), encoding: "utf8", env });
  assert.equal(status.status, 0, status.stderr + status.stdout);
  assert.match(status.stdout, /passed/);
  assert.match(status.stdout, /A1/);
});

const node24 = process.env.WAVE_TEST_NODE24;
test("the installed CLI runs under Node 24 (--version, demo)", {
  skip: node24 ? false : "WAVE_TEST_NODE24 is not set (CI sets it)",
}, () => {
  const home = newHome();
  const env = userEnv(home);
  const entry = path.join(prefix, "lib", "node_modules", pkg.name, "dist", "cli", "index.js");
  assert.ok(existsSync(entry), entry);
  const node = spawnSync(node24!, ["--version"], { encoding: "utf8" });
  assert.match(node.stdout, /^v24\./);
  const version = spawnSync(node24!, [entry, "--version"], { cwd: home, encoding: "utf8", env });
  assert.equal(version.status, 0, version.stderr);
  assert.equal(version.stdout, `${pkg.version}\n`);
  const demo = spawnSync(node24!, [entry, "demo", "--dir", path.join(home, "demo"), "--json"], {
    cwd: home,
    encoding: "utf8",
    env,
    timeout: 180_000,
  });
  assert.equal(demo.status, 0, demo.stderr + demo.stdout.slice(-3000));
  const result = JSON.parse(demo.stdout.slice(demo.stdout.indexOf("{")));
  assert.equal(result.status, "passed");
  assert.deepEqual(
    result.agents.map((a: { status: string }) => a.status),
    ["succeeded", "succeeded", "succeeded", "succeeded", "succeeded"],
  );
});
