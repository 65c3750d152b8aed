import assert from "node:assert/strict";
import { test } from "node:test";
import { UserError } from "../../src/errors.js";
import {
  buildAgentEnv,
  type DenyReason,
  deniedReason,
  RUNNER_CREDENTIAL_NAMES,
  RUNNER_FILE_COMMAND_NAMES,
} from "../../src/security/env.js";

const PARENT: Record<string, string> = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/runner",
  LANG: "C.UTF-8",
  LC_ALL: "C.UTF-8",
  CI: "true",
  GITHUB_REPOSITORY: "o/r",
  https_proxy: "http://proxy:3128",
  NODE_OPTIONS: "--require /tmp/hook.js",
  ANTHROPIC_API_KEY: "sk-ant-secret",
  OPENAI_API_KEY: "sk-openai-secret",
  UNRELATED_SECRET: "do-not-pass",
  AWS_REGION: "eu-west-1",
  AWS_PROFILE: "dev",
  GITHUB_TOKEN: "ghs_token",
  GH_TOKEN: "gh_token",
  ACTIONS_RUNTIME_TOKEN: "rt",
  ACTIONS_RUNTIME_URL: "https://runtime",
  ACTIONS_RESULTS_URL: "https://results",
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc",
  ACTIONS_ID_TOKEN_REQUEST_URL: "https://oidc",
  ACTIONS_CACHE_URL: "https://cache",
  "INPUT_GITHUB-TOKEN": "ghs_input",
  INPUT_REDACT: "s1\ns2",
  GITHUB_ENV: "/runner/_temp/set_env",
  GITHUB_OUTPUT: "/runner/_temp/set_output",
  GITHUB_PATH: "/runner/_temp/add_path",
  GITHUB_STEP_SUMMARY: "/runner/_temp/summary",
};

test("base allow-list + executor secrets + wave vars; nothing else", () => {
  const env = buildAgentEnv({
    parentEnv: PARENT,
    secretEnvKeys: ["ANTHROPIC_API_KEY", "MISSING_KEY"],
    waveVars: { WAVE_AGENT_ID: "A1", WAVE_RUN_DIR: "/x" },
    executorEnv: { OPENCODE_CONFIG: "/x/opencode.json" },
  });
  assert.deepEqual(Object.keys(env).sort(), [
    "ANTHROPIC_API_KEY",
    "CI",
    "GITHUB_REPOSITORY",
    "HOME",
    "LANG",
    "LC_ALL",
    "OPENCODE_CONFIG",
    "PATH",
    "WAVE_AGENT_ID",
    "WAVE_RUN_DIR",
    "https_proxy",
  ]);
  assert.equal(env.ANTHROPIC_API_KEY, "sk-ant-secret");
  assert.equal(env.NODE_OPTIONS, undefined);
});

test("runner credentials, file-command channels and inputs are refused even when allow-listed", () => {
  const denied: [string, DenyReason][] = [];
  const asked = [...RUNNER_CREDENTIAL_NAMES, ...RUNNER_FILE_COMMAND_NAMES, "ACTIONS_*", "INPUT_*", "GITHUB_*"];
  const env = buildAgentEnv({
    parentEnv: PARENT,
    allowList: asked,
    secretEnvKeys: ["ACTIONS_RUNTIME_TOKEN", "GITHUB_TOKEN"],
    executorEnv: { ACTIONS_ID_TOKEN_REQUEST_TOKEN: "forged", GITHUB_ENV: "/tmp/x" },
    onDenied: (name, reason) => denied.push([name, reason]),
  });
  for (const name of Object.keys(env)) {
    assert.equal(deniedReason(name, false), null, `${name} leaked`);
    assert.ok(!name.startsWith("ACTIONS_") && !name.startsWith("INPUT_"), `${name} leaked`);
  }
  for (const name of ["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_ENV", "GITHUB_OUTPUT", "ACTIONS_RUNTIME_TOKEN"]) {
    assert.equal(env[name], undefined, name);
  }
  assert.equal(env.GITHUB_REPOSITORY, "o/r", "the GITHUB_* prefix still admits harmless names");
  const names = new Map(denied);
  assert.equal(names.get("ACTIONS_RUNTIME_TOKEN"), "runner-credential");
  assert.equal(names.get("INPUT_GITHUB-TOKEN"), "runner-credential");
  assert.equal(names.get("GITHUB_ENV"), "runner-file-command");
  assert.equal(names.get("GITHUB_TOKEN"), "github-token-not-allowed");
  // Case variations do not get around the deny list.
  assert.equal(deniedReason("actions_runtime_token", true), "runner-credential");
});

test("GITHUB_TOKEN / GH_TOKEN only with allowGithubToken; runner credentials still refused", () => {
  const without = buildAgentEnv({ parentEnv: PARENT, allowList: ["GITHUB_TOKEN", "GH_TOKEN"] });
  assert.equal(without.GITHUB_TOKEN, undefined);
  assert.equal(without.GH_TOKEN, undefined);
  const withToken = buildAgentEnv({ parentEnv: PARENT, allowGithubToken: true, allowList: ["ACTIONS_RUNTIME_TOKEN"] });
  assert.equal(withToken.GITHUB_TOKEN, "ghs_token");
  assert.equal(withToken.GH_TOKEN, "gh_token");
  assert.equal(withToken.ACTIONS_RUNTIME_TOKEN, undefined);
});

test("allow-list: exact names and PREFIX_* globs; invalid entries are user errors", () => {
  const env = buildAgentEnv({ parentEnv: PARENT, allowList: ["AWS_*", "NODE_OPTIONS"] });
  assert.equal(env.AWS_REGION, "eu-west-1");
  assert.equal(env.AWS_PROFILE, "dev");
  assert.equal(env.NODE_OPTIONS, "--require /tmp/hook.js");
  assert.equal(env.UNRELATED_SECRET, undefined);
  for (const bad of ["*", "A B", "X=1", "$(id)"]) {
    assert.throws(
      () => buildAgentEnv({ parentEnv: PARENT, allowList: [bad], allowListLabel: "wave-1.md: env" }),
      (e: unknown) => e instanceof UserError && e.message.includes("wave-1.md: env") && e.message.includes(bad),
    );
  }
});

test("WAVE_* variables are set last and cannot be overridden by the executor", () => {
  const env = buildAgentEnv({
    parentEnv: { ...PARENT, WAVE_AGENT_ID: "parent" },
    allowList: ["WAVE_AGENT_ID"],
    executorEnv: { WAVE_AGENT_ID: "executor" },
    waveVars: { WAVE_AGENT_ID: "A2" },
  });
  assert.equal(env.WAVE_AGENT_ID, "A2");
});
