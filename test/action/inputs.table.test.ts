/**
 * The action's inputs are one table (src/action/inputs.ts `ACTION_INPUTS`, the run options' share of
 * it from src/engine/options.ts): action.yml declares exactly its inputs, each with the table's
 * default; the step reads a given-empty input as that default; an input the table gives the command
 * line alone is never read; and the run options it builds carry no field of the action's own.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { ACTION_INPUTS, readInputs, runOptionsFrom } from "../../src/action/inputs.js";
import { DEFAULT_RUN_OPTIONS, type OptionSpec } from "../../src/engine/options.js";
import { REPO_ROOT } from "../helpers/cli.js";

type Declared = Record<string, { default?: unknown; description?: string }>;

const get = (values: Record<string, string>) => (name: string) => values[name] ?? "";
const env = { GITHUB_WORKSPACE: os.tmpdir() };
const actionYml = () => (parse(readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8")) as { inputs: Declared }).inputs;

/** Where action.yml and the table disagree: a name in one only, or a different default. */
function drift(declared: Declared, table: Readonly<Record<string, OptionSpec>>): string[] {
  const out: string[] = [];
  for (const name of Object.keys(declared)) if (!(name in table)) out.push(`${name}: in action.yml, not in the table`);
  for (const [name, spec] of Object.entries(table)) {
    if (!(name in declared)) {
      out.push(`${name}: in the table, not in action.yml`);
      continue;
    }
    const yml = declared[name]!.default === undefined ? "" : String(declared[name]!.default);
    if (yml !== (spec.default ?? "")) out.push(`${name}: action.yml says "${yml}", the table "${spec.default ?? ""}"`);
  }
  return out;
}

test("action.yml declares exactly the table's inputs, each with the table's default and a description", () => {
  const declared = actionYml();
  assert.deepEqual(drift(declared, ACTION_INPUTS), []);
  for (const [name, spec] of Object.entries(declared)) assert.ok(spec.description && spec.description.length > 10, name);
  // The run options' defaults reach the action's inputs unchanged.
  assert.equal(ACTION_INPUTS["timeout-minutes"].default, "60");
  assert.equal(String(declared["max-attempts"]?.default), ACTION_INPUTS["max-attempts"].default);
});

test("the check finds a default that drifted, an input action.yml lost and one it gained", () => {
  const declared = actionYml();
  const drifted = { ...declared, "max-attempts": { ...declared["max-attempts"], default: "3" } };
  assert.deepEqual(drift(drifted, ACTION_INPUTS), ['max-attempts: action.yml says "3", the table "2"']);
  const { tmux: _gone, ...lost } = declared;
  assert.deepEqual(drift(lost, ACTION_INPUTS), ["tmux: in the table, not in action.yml"]);
  assert.deepEqual(drift({ ...declared, "force-resume": { default: "false" } }, ACTION_INPUTS), [
    "force-resume: in action.yml, not in the table",
  ]);
});

test("no input given (or given empty): every run option is the table's default", () => {
  const { mode, workspace, root, waves, resume, artifactPrefix, round, ...rest } = readInputs(get({}), env);
  assert.deepEqual([mode, waves, resume, artifactPrefix, round], ["run", "all", "auto", "wave", 0]);
  assert.equal(root, path.resolve(workspace, "."));
  for (const [key, value] of Object.entries(DEFAULT_RUN_OPTIONS)) {
    if (key === "resume") continue;
    assert.deepEqual((rest as Record<string, unknown>)[key], value, key);
  }
  const blank = readInputs(get({ "timeout-minutes": " ", "max-attempts": "", mode: "", "apply-changes": "" }), env);
  assert.deepEqual([blank.timeoutMinutes, blank.maxAttempts, blank.mode, blank.applyChanges], [60, 2, "run", []]);
});

test("an input for a command-line-only option is never read: allow-github-token and force-resume stay off", () => {
  const inputs = readInputs(get({ wave: "1", "allow-github-token": "true", "force-resume": "true" }), env);
  const options = runOptionsFrom(inputs, path.join(os.tmpdir(), "state"));
  assert.equal(options.allowGithubToken, false);
  assert.equal(options.forceResume, false);
});

test("the run options of a step carry the run's fields only, and bad values name the input", () => {
  const inputs = readInputs(get({ wave: "2", redact: "s3cret\n  other \n", "github-token": "tok", shard: "1/2" }), env);
  const options = runOptionsFrom(inputs, path.join(os.tmpdir(), "state"));
  assert.deepEqual(options.redact, ["s3cret", "other"]);
  assert.equal(options.resume, "never");
  assert.deepEqual(options.shard, { kind: "shard", index: 1, count: 2 });
  for (const own of ["mode", "workspace", "waves", "githubToken", "artifactPrefix", "matrix", "round", "streamLogs"]) {
    assert.equal(own in options, false, own);
  }
  assert.throws(() => readInputs(get({ "max-attempts": "0" }), env), /input max-attempts must be a whole number of at least 1/);
  assert.throws(() => readInputs(get({ executor: "gpt" }), env), /input executor must be one of/);
  assert.throws(
    () => readInputs(get({ "rate-limit-base-delay-seconds": "200" }), env),
    /input rate-limit-max-delay-seconds \(180\) must be at least input rate-limit-base-delay-seconds \(200\)/,
  );
});
