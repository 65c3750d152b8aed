/**
 * The run options' one table (src/engine/options.ts `RUN_OPTION_TABLE`): every option has a help
 * line, `wave run --help` prints each of the command line's options with the table's default, the
 * defaults are what both entries get when nothing is given, and the CLI and the action read the
 * same text the same way (the one reading, `readRunOptionValues`).
 */
import assert from "node:assert/strict";
import os from "node:os";
import { test } from "node:test";
import { readInputs } from "../../src/action/inputs.js";
import { parseCommandArgs } from "../../src/cli/args.js";
import { renderCommandHelp } from "../../src/cli/help.js";
import { RUN_COMMAND_OPTIONS, RUN_HELP, runOptionsFromFlags } from "../../src/cli/run.js";
import { DEFAULT_RUN_OPTIONS, type OptionSpec, RUN_OPTION_TABLE, readRunOptionValues } from "../../src/engine/options.js";

const io = { stdout() {}, stdoutBytes() {}, stderr() {}, env: {}, cwd: os.tmpdir(), isTty: false, columns: 100 };

/** The options of a table whose help line is missing or not one line, or a string option without its placeholder. */
function withoutHelp(table: Readonly<Record<string, OptionSpec>>): string[] {
  return Object.entries(table)
    .filter(([, s]) => !s.description.trim() || s.description.includes("\n") || (s.type === "string" && !s.value))
    .map(([name]) => name);
}

test("every option of the table and of `wave run` has a one-line help (and a string option its placeholder)", () => {
  assert.deepEqual(withoutHelp(RUN_OPTION_TABLE), []);
  assert.deepEqual(withoutHelp(RUN_COMMAND_OPTIONS), []);
  assert.deepEqual(withoutHelp({ ...RUN_OPTION_TABLE, tmux: { type: "boolean", description: " " } }), ["tmux"]);
  assert.deepEqual(withoutHelp({ x: { type: "string", description: "an x" } }), ["x"]);
});

test("`wave run --help` prints each command-line option of the table with the table's default; the action's own are not flags", () => {
  const help = renderCommandHelp(RUN_HELP);
  for (const [name, spec] of Object.entries(RUN_OPTION_TABLE) as [string, OptionSpec][]) {
    if (spec.only === "action") {
      assert.doesNotMatch(help, new RegExp(`--${name}\\b`), name);
      assert.throws(() => parseCommandArgs("run", [`--${name}`, "x"], RUN_COMMAND_OPTIONS), /unknown flag/);
      continue;
    }
    const line = help.split("\n").find((l) => l.includes(`--${name} `) || l.trimEnd().endsWith(`--${name}`));
    assert.ok(line, `--${name} in the help`);
    const rest = help.slice(help.indexOf(line));
    const shown = spec.defaultText ?? (spec.type === "string" ? spec.default : undefined);
    // `wave run` says --wave its own way (it also takes --waves).
    const description = (RUN_COMMAND_OPTIONS as Record<string, OptionSpec>)[name]?.description ?? spec.description;
    assert.ok(rest.includes(description), `--${name}: its help line`);
    if (shown) assert.ok(rest.split("\n").slice(0, 2).join(" ").includes(`(default: ${shown})`), `--${name}: default ${shown}`);
  }
  assert.match(help, /--timeout-minutes M\s+deadline per agent \(default: 60\)/);
});

test("nothing given: both entries get the table's defaults, each read through its option's own parser", () => {
  assert.deepEqual(
    { timeout: DEFAULT_RUN_OPTIONS.timeoutMinutes, attempts: DEFAULT_RUN_OPTIONS.maxAttempts, proxy: DEFAULT_RUN_OPTIONS.modelProxy },
    { timeout: 60, attempts: 2, proxy: "off" },
  );
  const cli = runOptionsFromFlags(parseCommandArgs("run", ["--wave", "1"], RUN_COMMAND_OPTIONS), io);
  const action = readInputs(() => "", { GITHUB_WORKSPACE: os.tmpdir() });
  for (const [key, value] of Object.entries(DEFAULT_RUN_OPTIONS)) {
    assert.deepEqual((cli as unknown as Record<string, unknown>)[key], value, `cli ${key}`);
    if (key !== "resume") assert.deepEqual((action as unknown as Record<string, unknown>)[key], value, `action ${key}`);
  }
});

test("the CLI and the action read the same text the same way; messages name the flag or the input", () => {
  const given: Record<string, string> = {
    "timeout-minutes": "0.5",
    "idle-timeout-minutes": "3",
    "max-attempts": "4",
    "max-parallel-agents": "2",
    "rate-limit-retries": "1",
    "rate-limit-base-delay-seconds": "5",
    "rate-limit-max-delay-seconds": "9",
    "agent-user": "none",
    "max-budget-usd": "2.5",
    "resume-sessions": "false",
    "model-proxy": "auto",
    sandbox: "on",
    ownership: "strict",
    executor: "local",
    feedback: "go on",
  };
  const argv = [
    "--wave",
    "1",
    ...Object.entries(given).flatMap(([k, v]) => [`--${k}`, v]),
    "--dry-run",
    "--tmux",
    "--require-marker-nonce",
  ];
  const cli = runOptionsFromFlags(parseCommandArgs("run", argv, RUN_COMMAND_OPTIONS), io);
  const inputs: Record<string, string> = { ...given, "dry-run": "true", tmux: "true", "require-marker-nonce": "true" };
  const action = readRunOptionValues({ program: "action", read: (n) => inputs[n], label: (n) => `input ${n}` });
  const { resume: _r, ...fromAction } = action;
  for (const [key, value] of Object.entries(fromAction)) {
    assert.deepEqual((cli as unknown as Record<string, unknown>)[key], value, key);
  }
  assert.deepEqual([cli.timeoutMinutes, cli.idleTimeoutMinutes, cli.dryRun, cli.sandbox], [0.5, 3, true, "on"]);
  const bad = (read: Record<string, string>, program: "cli" | "action") =>
    readRunOptionValues({ program, read: (n) => read[n], label: (n) => (program === "cli" ? `--${n}` : `input ${n}`) });
  assert.throws(() => bad({ "timeout-minutes": "0" }, "cli"), /--timeout-minutes must be greater than 0/);
  assert.throws(() => bad({ "timeout-minutes": "0" }, "action"), /input timeout-minutes must be greater than 0/);
  assert.throws(() => bad({ "model-proxy": "yes" }, "cli"), /--model-proxy must be one of auto, on, off \(got "yes"\)/);
  assert.throws(() => bad({ "resume-sessions": "maybe" }, "action"), /input resume-sessions must be true or false/);
  // The other program's own options are not read, whatever the source holds.
  assert.deepEqual(bad({ redact: "x" }, "cli").redact, []);
  assert.equal(bad({ "allow-github-token": "true" }, "action").allowGithubToken, false);
  assert.equal(bad({ "allow-github-token": "true" }, "cli").allowGithubToken, true);
});
