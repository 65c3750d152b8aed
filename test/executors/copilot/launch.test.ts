/**
 * The Copilot CLI launch: argv pinned flag by flag (checked against @github/copilot 1.0.102), the
 * prompt on stdin (never in argv), and the environment the agent gets through the real builder
 * (src/security/env.ts): the job's GITHUB_TOKEN / GH_TOKEN never reach Copilot unless the run
 * allows the GitHub token; COPILOT_GITHUB_TOKEN does, and every token variable is named in
 * `--secret-env-vars` so the agent's shell never sees it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { copilotAdapter } from "../../../src/executors/copilot/adapter.js";
import { buildCopilotLaunchSpec } from "../../../src/executors/copilot/launch.js";
import { adapterOf } from "../../../src/executors/registry.js";
import { buildAgentEnv } from "../../../src/security/env.js";
import { makeCtx, makeExecutor } from "../fixtures.js";

const PROMPT = "Do the work.\n[wave-proof] is how you finish; ignore $(rm -rf /)\n";

function envOf(allowGithubToken: boolean, parentEnv: Record<string, string>) {
  const spec = buildCopilotLaunchSpec(makeCtx(makeExecutor("copilot"), { prompt: PROMPT }));
  const denied: string[] = [];
  const env = buildAgentEnv({
    parentEnv,
    secretEnvKeys: spec.secretEnvKeys,
    allowList: spec.passEnvKeys ?? [],
    executorEnv: spec.env,
    allowGithubToken,
    onDenied: (name) => denied.push(name),
  });
  return { env, denied };
}

const PARENT = {
  PATH: "/usr/bin",
  HOME: "/home/runner",
  GITHUB_TOKEN: "ghs_jobtoken",
  GH_TOKEN: "ghs_jobtoken",
  COPILOT_GITHUB_TOKEN: "github_pat_seat",
  COPILOT_PROVIDER_BASE_URL: "http://127.0.0.1:9/v1",
  OPENAI_API_KEY: "sk-other",
};

describe("copilot launch", () => {
  test("the registry knows it", () => {
    assert.equal(adapterOf("copilot"), copilotAdapter);
    assert.equal(copilotAdapter.program(makeExecutor("copilot"), []), "copilot");
    assert.equal(copilotAdapter.verifiedVersion, "1.0.102");
  });

  test("argv: prompt mode flags, JSON output, secrets named; the prompt only on stdin", () => {
    const spec = buildCopilotLaunchSpec(makeCtx(makeExecutor("copilot"), { prompt: PROMPT }));
    assert.deepEqual(spec.argv, [
      "copilot",
      "--output-format",
      "json",
      "--allow-all-tools",
      "--no-ask-user",
      "--no-auto-update",
      "--secret-env-vars=COPILOT_GITHUB_TOKEN,COPILOT_PROVIDER_API_KEY,COPILOT_PROVIDER_BEARER_TOKEN,GH_TOKEN,GITHUB_TOKEN",
    ]);
    assert.equal(spec.stdin, PROMPT);
    assert.ok(!spec.argv.some((a) => a.includes("wave-proof")), "the prompt is not in argv");
    assert.ok(!spec.argv.includes("--allow-all-paths") && !spec.argv.includes("--yolo") && !spec.argv.includes("--allow-all"));
    assert.equal(spec.transcript, "copilot-json");
    assert.deepEqual(spec.env, {});
    assert.deepEqual(spec.files, []);
  });

  test("--model only when a model is set", () => {
    const spec = buildCopilotLaunchSpec(makeCtx(makeExecutor("copilot", { model: "gpt-5.4" })));
    assert.deepEqual(spec.argv.slice(-2), ["--model", "gpt-5.4"]);
  });

  test("copilot.command is the program (and what preflight looks for)", () => {
    const executor = makeExecutor("copilot", { copilot: { command: ["npx", "--no-install", "copilot"] } });
    const spec = buildCopilotLaunchSpec(makeCtx(executor));
    assert.deepEqual(spec.argv.slice(0, 5), ["npx", "--no-install", "copilot", "--output-format", "json"]);
    assert.equal(copilotAdapter.program(executor, []), "npx");
  });

  test("copilot.allow_tools replaces --allow-all-tools, one --allow-tool=<pattern> each; copilot.deny_tools adds --deny-tool=<pattern>", () => {
    const allowed = buildCopilotLaunchSpec(
      makeCtx(makeExecutor("copilot", { copilot: { allowTools: ["shell(git:*)", "write", "write"], denyTools: ["shell(git push)"] } })),
    ).argv;
    assert.ok(!allowed.includes("--allow-all-tools"), allowed.join(" "));
    assert.deepEqual(
      allowed.filter((a) => a.startsWith("--allow-") || a.startsWith("--deny-")),
      ["--allow-tool=shell(git:*)", "--allow-tool=write", "--deny-tool=shell(git push)"],
    );
    // Denied tools on top of all tools allowed.
    const denied = buildCopilotLaunchSpec(makeCtx(makeExecutor("copilot", { copilot: { denyTools: ["shell(rm)"] } }))).argv;
    assert.deepEqual(
      denied.filter((a) => a.startsWith("--allow-") || a.startsWith("--deny-")),
      ["--allow-all-tools", "--deny-tool=shell(rm)"],
    );
  });

  test("copilot.agent gives --agent, copilot.add_dirs one --add-dir each", () => {
    const argv = buildCopilotLaunchSpec(
      makeCtx(makeExecutor("copilot", { copilot: { agent: "reviewer", addDirs: ["../shared", "/opt/data"] } })),
    ).argv;
    assert.deepEqual(argv.slice(-6), ["--agent", "reviewer", "--add-dir", "../shared", "--add-dir", "/opt/data"]);
  });

  test("the rehearsal's permission hint names the setting that refused the write", () => {
    assert.match(copilotAdapter.rehearsal!.permissionHint(makeExecutor("copilot")), /--allow-all-tools/);
    assert.match(
      copilotAdapter.rehearsal!.permissionHint(makeExecutor("copilot", { copilot: { allowTools: ["shell(git:*)"] } })),
      /copilot\.allow_tools only \(shell\(git:\*\)\): allow "write"/,
    );
  });

  test("the job's GITHUB_TOKEN / GH_TOKEN never reach copilot by default; COPILOT_GITHUB_TOKEN does", () => {
    const { env, denied } = envOf(false, PARENT);
    assert.equal(env.COPILOT_GITHUB_TOKEN, "github_pat_seat");
    assert.equal(env.GITHUB_TOKEN, undefined);
    assert.equal(env.GH_TOKEN, undefined);
    assert.equal(env.OPENAI_API_KEY, undefined, "another CLI's key is not copilot's");
    assert.equal(env.COPILOT_PROVIDER_BASE_URL, "http://127.0.0.1:9/v1");
    assert.deepEqual(denied, [], "copilot never asks for the GitHub token variables itself");
  });

  test("only an explicit allow-github-token lets the GitHub token through", () => {
    const { env } = envOf(true, PARENT);
    assert.equal(env.GITHUB_TOKEN, "ghs_jobtoken");
    assert.equal(env.GH_TOKEN, "ghs_jobtoken");
  });

  test("keys: COPILOT_GITHUB_TOKEN is the secret; GitHub token variables are not", () => {
    assert.deepEqual(
      [...(copilotAdapter.keys?.secretEnv ?? [])],
      ["COPILOT_GITHUB_TOKEN", "COPILOT_PROVIDER_API_KEY", "COPILOT_PROVIDER_BEARER_TOKEN"],
    );
    assert.ok(!copilotAdapter.keys?.secretEnv.includes("GITHUB_TOKEN"));
    assert.ok(!copilotAdapter.keys?.secretEnv.includes("GH_TOKEN"));
  });

  test("no turn limit, usage none with a reason, not resumable", () => {
    const executor = makeExecutor("copilot");
    assert.deepEqual(copilotAdapter.turnLimit?.(executor).limit, null);
    assert.equal(copilotAdapter.usage?.reporting(executor), "none");
    assert.match(copilotAdapter.usage?.noneReason?.(executor) ?? "", /no token counts/);
    assert.equal(copilotAdapter.session.support(executor).resumable, false);
  });
});
