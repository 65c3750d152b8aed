/**
 * The action's main and post steps are one entry (src/main.ts, dist/index.js) that tells the step
 * by the file the runner started: dist/post/index.js and src/post.ts are the post step. The post
 * step loads none of the main step's code: not action/main.ts, not the engine's run, not the
 * executors or the closure gates.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { actionStep } from "../../src/action/step.js";
import { loadedModules, sourceModules } from "../cli/loaded-modules.js";

test("the step is told by the entry file", () => {
  assert.equal(actionStep("/home/ci/builds/_actions/o/wave/v1/dist/index.js"), "main");
  assert.equal(actionStep("/home/ci/builds/_actions/o/wave/v1/dist/post/index.js"), "post");
  assert.equal(actionStep("/repo/src/main.ts"), "main");
  assert.equal(actionStep("/repo/src/post.ts"), "post");
  // A checkout under a directory named post is still the main step.
  assert.equal(actionStep("/srv/post/action/dist/index.js"), "main");
  assert.equal(actionStep("/repo/dist/post/other.js"), "main");
  assert.equal(actionStep(undefined), "main");
});

test("src/post.ts runs the post step, and loads none of the main step's code", async () => {
  // No saved state: the post step has nothing to save and says so (the main step would fail on
  // the missing input `wave` instead).
  const r = await loadedModules("src/post.ts", [], { INPUT_MODE: "run" });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^no wave run to save$/m);
  const src = sourceModules(r);
  assert.ok(src.includes("action/post.ts"), src.join(" "));
  const mains = src.filter((m) => m === "action/main.ts" || m === "engine/run-wave.ts" || /^(executors|closure|prompt|rehearse|report)\//.test(m));
  assert.deepEqual(mains, []);
});

test("src/main.ts runs the main step", async () => {
  const r = await loadedModules("src/main.ts", [], { INPUT_MODE: "run" });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /^::error::input wave is required in mode run$/m);
  const src = sourceModules(r);
  assert.ok(src.includes("action/main.ts"));
  assert.ok(!src.includes("action/post.ts"));
});
