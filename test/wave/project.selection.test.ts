import assert from "node:assert/strict";
import { test } from "node:test";
import { projectSelection } from "../../src/wave/project.js";

test("projectSelection keeps the fields that select a project and drops the rest", () => {
  const options = { root: "/r", configPath: "c.json", lane: "l", project: "p", cliExecutor: "codex", waves: "all", githubToken: "t" };
  assert.deepEqual(projectSelection(options), { root: "/r", configPath: "c.json", lane: "l", project: "p", cliExecutor: "codex" });
  assert.deepEqual(projectSelection({ root: "." }), {
    root: ".",
    configPath: undefined,
    lane: undefined,
    project: undefined,
    cliExecutor: undefined,
  });
});
