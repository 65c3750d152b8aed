/**
 * A mistyped key or executor id in an agent's `### Executor` section, or in `--executor`, names the
 * closest known one (the project's one did-you-mean, src/did-you-mean.ts), and only a close one.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadProject } from "../../src/wave/project.js";
import { EXECUTOR_IDS } from "../../src/wave/executor-vocabulary.js";
import { parseWaveFile } from "../../src/wave/parse.js";
import { agent, errorsOf, tempRepo, waveText } from "./helpers.js";

/** Every executor id, as the messages list them. */
const IDS = EXECUTOR_IDS.join(", ");

const messages = (lines: string[]) =>
  errorsOf(
    parseWaveFile(`# Wave 2 - t\n\n${agent({ id: "A1", sections: { Executor: lines } })}`, "docs/plans/waves/wave-2.md", 2).diagnostics,
  ).map((d) => d.message);

test("an executor id one or two edits off is suggested; one far off is not", () => {
  assert.deepEqual(messages(["- id: comand"]), [`Agent A1: Executor "comand" is not one of: ${IDS}; did you mean "command"?`]);
  assert.deepEqual(messages(["- id: Cladue"]), [`Agent A1: Executor "Cladue" is not one of: ${IDS}; did you mean "claude"?`]);
  assert.deepEqual(messages(["- id: gpt"]), [`Agent A1: Executor "gpt" is not one of: ${IDS}`]);
  assert.deepEqual(messages(["- fallbacks: codex, opencod"]), [
    `Agent A1: Executor setting "fallbacks": "opencod" is not an executor (one of: ${IDS}); did you mean "opencode"?`,
  ]);
});

test("a mistyped setting key names the closest known key; a far one names none", () => {
  assert.deepEqual(messages(["- modle: gpt-5"]), ['Agent A1: unsupported Executor setting "modle" (did you mean "model"?)']);
  assert.deepEqual(messages(["- fallback: claude"]), ['Agent A1: unsupported Executor setting "fallback" (did you mean "fallbacks"?)']);
  assert.deepEqual(messages(["- Model: x"]), ['Agent A1: unsupported Executor setting "Model" (did you mean "model"?)']);
  assert.deepEqual(messages(["- colour: red"]), ['Agent A1: unsupported Executor setting "colour"']);
});

test("--executor with a typo names the executor it is closest to", () => {
  const repo = tempRepo({ "docs/plans/waves/wave-0.md": waveText(0, [agent({ id: "A1" })]) });
  try {
    assert.throws(
      () => loadProject({ root: repo.root, cliExecutor: "codx" }),
      (e: Error & { diagnostics?: { message: string }[] }) =>
        e.diagnostics?.[0]?.message === `--executor must be one of: ${IDS} (got "codx"); did you mean "codex"?`,
    );
  } finally {
    repo.cleanup();
  }
});
