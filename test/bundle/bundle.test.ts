/**
 * The committed bundle runs with nothing installed (a copy of dist/ and examples/ without
 * node_modules), under this Node and, when CI provides one (WAVE_TEST_NODE24), under Node 24.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";

const nodes: [string, string][] = [["current node", process.execPath]];
if (process.env.WAVE_TEST_NODE24) nodes.push(["node 24", process.env.WAVE_TEST_NODE24]);

for (const [label, node] of nodes) {
  test(`the CLI bundle runs the demo without node_modules (${label})`, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wave-bundle-"));
    try {
      cpSync(path.join(REPO_ROOT, "dist"), path.join(dir, "dist"), { recursive: true });
      cpSync(path.join(REPO_ROOT, "examples"), path.join(dir, "examples"), { recursive: true });
      const version = spawnSync(node, ["--version"], { encoding: "utf8" });
      assert.equal(version.status, 0);
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir };
      const validate = spawnSync(node, ["dist/cli/index.js", "validate", "--root", "examples"], { cwd: dir, encoding: "utf8", env });
      assert.equal(validate.status, 0, validate.stderr + validate.stdout);
      const plan = spawnSync(node, ["dist/cli/index.js", "plan", "--root", "examples", "--format", "json"], {
        cwd: dir,
        encoding: "utf8",
        env,
      });
      assert.equal(plan.status, 0, plan.stderr);
      assert.deepEqual(JSON.parse(plan.stdout).matrix, { include: [{ wave: 0 }] });
      const demo = spawnSync(node, ["dist/cli/index.js", "demo", "--json"], { cwd: dir, encoding: "utf8", env, timeout: 120_000 });
      assert.equal(demo.status, 0, demo.stderr + demo.stdout.slice(-2000));
      const result = JSON.parse(demo.stdout.slice(demo.stdout.indexOf("{")));
      assert.equal(result.status, "passed");
      assert.equal(result.agents.length, 5);
      assert.ok(result.agents.every((a: { status: string }) => a.status === "succeeded"));
      const bad = spawnSync(node, ["dist/cli/index.js", "run"], { cwd: dir, encoding: "utf8", env });
      assert.equal(bad.status, 2);
      assert.doesNotMatch(bad.stderr, /\n\s+at /, "no stack trace for a usage error");
      const action = spawnSync(node, ["dist/index.js"], {
        cwd: dir,
        encoding: "utf8",
        env: { ...env, INPUT_MODE: "validate", INPUT_ROOT: "examples", GITHUB_WORKSPACE: dir },
      });
      assert.equal(action.status, 0, action.stdout + action.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("every module of the bundle is a function expression, compiled with its chunk and kept in the compile cache", () => {
  const dist = path.join(REPO_ROOT, "dist");
  let functions = 0;
  for (const chunk of readdirSync(dist).filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(path.join(dist, chunk), "utf8");
    // A module map entry: `<id>:((module, exports, require)=>{` (lazily compiled) or `<id>:(function(...){`.
    const arrows = code.match(/[{,]\d+:\(\([\w$,]*\)=>\{/g) ?? [];
    assert.deepEqual(arrows, [], `${chunk}: module factories written as arrows (scripts/build.mjs eagerFactories)`);
    functions += (code.match(/[{,]\d+:\(function\([\w$,]*\)\{/g) ?? []).length;
  }
  assert.ok(functions > 500, `${functions} module factories found as function expressions`);
});
