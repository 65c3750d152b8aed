/**
 * The action's main and post steps and the CLI are one entry (src/main.ts, dist/index.js) that
 * tells the program by the file the process started: dist/post/index.js and src/post.ts are the
 * post step, dist/cli/index.js the CLI. The post step loads none of the main step's code: not
 * action/main.ts, not the engine's run, not the executors or the closure gates.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { programOf } from "../src/program.js";
import { loadedModules, sourceModules } from "./cli/loaded-modules.js";

test("the program is told by the entry file", () => {
  assert.equal(programOf("/home/ci/builds/_actions/o/wave/v1/dist/index.js"), "main");
  assert.equal(programOf("/home/ci/builds/_actions/o/wave/v1/dist/post/index.js"), "post");
  assert.equal(programOf("/repo/src/main.ts"), "main");
  assert.equal(programOf("/repo/src/post.ts"), "post");
  // A checkout under a directory named post is still the main step.
  assert.equal(programOf("/srv/post/action/dist/index.js"), "main");
  assert.equal(programOf("/repo/dist/post/other.js"), "main");
  assert.equal(programOf(undefined), "main");
  // The CLI's entry in the bundle (an installed `wave` is resolved to it before this is asked).
  assert.equal(programOf("/usr/lib/node_modules/wave-action/dist/cli/index.js"), "cli");
  assert.equal(programOf("/repo/dist/cli/other.js"), "main");
  assert.equal(programOf("/srv/cli/action/dist/index.js"), "main");
  assert.equal(programOf("/repo/src/cli.ts"), "main");
});

test("src/post.ts runs the post step, and loads none of the main step's code", async () => {
  // No saved state: the post step has nothing to save and says so (the main step would fail on
  // the missing input `wave` instead).
  const r = await loadedModules("src/post.ts", [], { INPUT_MODE: "run" });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^no wave run to save$/m);
  const src = sourceModules(r);
  assert.ok(src.includes("action/post.ts"), src.join(" "));
  // Small modules that are the post step's too: the one channel of text to the job log
  // (src/report/runner-channel.ts, no import but node:crypto), the vocabulary of the `ownership`
  // input it reads with the others (src/closure/ownership.ts, pure: no gate runs), and the
  // executors' settings vocabulary the state schema names (executors/ids.ts, executors/fields.ts,
  // executors/sections.ts and each executor's settings.ts: ids and field tables, no adapter, no
  // launch), and the shape of a session id the saved state is checked against
  // (executors/session-ids.ts, no import but node:crypto).
  const shared = new Set([
    "report/runner-channel.ts",
    "closure/ownership.ts",
    "executors/ids.ts",
    "executors/fields.ts",
    "executors/sections.ts",
    "executors/session-ids.ts",
  ]);
  const mains = src.filter(
    (m) =>
      m === "action/main.ts" ||
      m === "engine/run-wave.ts" ||
      (/^(executors|closure|prompt|rehearse|report)\//.test(m) && !shared.has(m) && !/^executors\/[a-z]+\/settings\.ts$/.test(m)),
  );
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
