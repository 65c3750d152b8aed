/** Input ownership (action.yml) reaches the engine's options; empty leaves the wave file's / config's setting; a bad value names the input. */
import assert from "node:assert/strict";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { readInputs, runOptionsFrom } from "../../src/action/inputs.js";

const get = (values: Record<string, string>) => (name: string) => values[name] ?? "";
const env = { GITHUB_WORKSPACE: os.tmpdir() };
const state = path.join(os.tmpdir(), "wave-state");

test("input ownership: strict or report reaches the run options, empty is absent (the wave file's, else the config's, else report)", () => {
  for (const mode of ["strict", "report"] as const) {
    const inputs = readInputs(get({ ownership: ` ${mode} `, wave: "1" }), env);
    assert.equal(inputs.ownership, mode);
    assert.equal(runOptionsFrom(inputs, state).ownership, mode);
  }
  const none = readInputs(get({ wave: "1" }), env);
  assert.equal(none.ownership, undefined);
  assert.equal("ownership" in runOptionsFrom(none, state), false);
  assert.throws(
    () => readInputs(get({ ownership: "strict-ish" }), env),
    /input ownership must be one of strict, report \(got "strict-ish"\)/,
  );
});
