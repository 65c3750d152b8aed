/**
 * The Gemini CLI launch: argv pinned flag by flag (checked against @google/gemini-cli 0.61.0), the
 * prompt on stdin with an empty headless `-p` (never in argv), and the environment the agent gets
 * through the real builder (src/security/env.ts).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { geminiAdapter } from "../../../src/executors/gemini/adapter.js";
import { buildGeminiLaunchSpec } from "../../../src/executors/gemini/launch.js";
import { adapterOf } from "../../../src/executors/registry.js";
import { buildAgentEnv } from "../../../src/security/env.js";
import { makeCtx, makeExecutor } from "../fixtures.js";

const PROMPT = "Do the work.\n[wave-proof] is how you finish\n";

describe("gemini launch", () => {
  test("the registry knows it", () => {
    assert.equal(adapterOf("gemini"), geminiAdapter);
    assert.equal(geminiAdapter.program(makeExecutor("gemini"), []), "gemini");
    assert.equal(geminiAdapter.verifiedVersion, "0.61.0");
  });

  test("argv: headless stream-json, tools unasked in a trusted folder; the prompt only on stdin", () => {
    const spec = buildGeminiLaunchSpec(makeCtx(makeExecutor("gemini"), { prompt: PROMPT }));
    assert.deepEqual(spec.argv, ["gemini", "--output-format", "stream-json", "--approval-mode", "yolo", "--skip-trust", "-p", ""]);
    assert.equal(spec.stdin, PROMPT);
    assert.ok(!spec.argv.some((a) => a.includes("wave-proof")), "the prompt is not in argv");
    assert.equal(spec.transcript, "gemini-stream-json");
  });

  test("--model before the headless -p when a model is set", () => {
    const spec = buildGeminiLaunchSpec(makeCtx(makeExecutor("gemini", { model: "gemini-2.5-pro" })));
    assert.deepEqual(spec.argv.slice(-4), ["--model", "gemini-2.5-pro", "-p", ""]);
  });

  test("gemini.command is the program (and what preflight looks for)", () => {
    const executor = makeExecutor("gemini", { gemini: { command: ["npx", "--no-install", "gemini"] } });
    const spec = buildGeminiLaunchSpec(makeCtx(executor));
    assert.deepEqual(spec.argv.slice(0, 5), ["npx", "--no-install", "gemini", "--output-format", "stream-json"]);
    assert.equal(geminiAdapter.program(executor, []), "npx");
  });

  test("gemini.approval_mode is --approval-mode (yolo by default)", () => {
    for (const mode of ["auto_edit", "plan", "yolo"] as const) {
      const argv = buildGeminiLaunchSpec(makeCtx(makeExecutor("gemini", { gemini: { approvalMode: mode } }))).argv;
      assert.deepEqual(argv.slice(3, 5), ["--approval-mode", mode]);
    }
  });

  test("gemini.policy, gemini.include_directories and gemini.extensions: one --<option>=<value> each, before the headless -p", () => {
    const spec = buildGeminiLaunchSpec(
      makeCtx(
        makeExecutor("gemini", {
          model: "gemini-2.5-pro",
          gemini: {
            policy: [".gemini/policies/ci.toml"],
            includeDirectories: ["../shared", "/opt/data", "../shared"],
            extensions: ["none"],
          },
        }),
      ),
    );
    assert.deepEqual(spec.argv.slice(6), [
      "--model",
      "gemini-2.5-pro",
      "--policy=.gemini/policies/ci.toml",
      "--include-directories=../shared",
      "--include-directories=/opt/data",
      "--extensions=none",
      "-p",
      "",
    ]);
  });

  test("environment: the Gemini keys pass; GitHub tokens, other CLIs' keys and a base URL do not", () => {
    const spec = buildGeminiLaunchSpec(makeCtx(makeExecutor("gemini")));
    const env = buildAgentEnv({
      parentEnv: {
        PATH: "/usr/bin",
        GEMINI_API_KEY: "AIza-test",
        GOOGLE_CLOUD_PROJECT: "proj",
        GITHUB_TOKEN: "ghs_job",
        ANTHROPIC_API_KEY: "sk-ant",
        GOOGLE_GEMINI_BASE_URL: "http://elsewhere.invalid",
      },
      secretEnvKeys: spec.secretEnvKeys,
      allowList: spec.passEnvKeys ?? [],
      executorEnv: spec.env,
    });
    assert.equal(env.GEMINI_API_KEY, "AIza-test");
    assert.equal(env.GOOGLE_CLOUD_PROJECT, "proj");
    assert.equal(env.GITHUB_TOKEN, undefined);
    assert.equal(env.ANTHROPIC_API_KEY, undefined);
    // 0.61.0 turns a base URL into `gateway` auth, which headless runs refuse.
    assert.equal(env.GOOGLE_GEMINI_BASE_URL, undefined);
  });

  test("tokens reported, no turn limit, not resumable", () => {
    const executor = makeExecutor("gemini");
    assert.equal(geminiAdapter.usage?.reporting(executor), "tokens");
    assert.equal(geminiAdapter.turnLimit?.(executor).limit, null);
    assert.equal(geminiAdapter.session.support(executor).resumable, false);
  });
});
