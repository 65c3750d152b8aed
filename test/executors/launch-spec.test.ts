import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { UserError } from "../../src/errors.js";
import { buildClaudeLaunchSpec } from "../../src/executors/claude/launch.js";
import { buildCodexLaunchSpec } from "../../src/executors/codex/launch.js";
import { buildCommandLaunchSpec } from "../../src/executors/command/launch.js";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { buildLimits } from "../../src/executors/limits.js";
import { adapterOf } from "../../src/executors/registry.js";
import { buildLocalLaunchSpec } from "../../src/executors/local/launch.js";
import { buildOpenCodeLaunchSpec } from "../../src/executors/opencode/launch.js";
import { LocalTaskSchema } from "../../src/executors/local/task.js";
import { systemPromptText } from "../../src/executors/system-prompt.js";
import type { LaunchSpec } from "../../src/executors/types.js";
import { EXECUTOR_IDS } from "../../src/wave/schema.js";
import { makeCtx, makeExecutor, valuesOf } from "./fixtures.js";

const OVERLAY = "/repo/.wave/main/wave-3/attempt-1/agents/A1/overlay";
const ov = (name: string) => path.join(OVERLAY, name);

function assertPromptOnStdinOnly(spec: LaunchSpec, prompt: string): void {
  assert.equal(spec.stdin, prompt);
  for (const arg of spec.argv) assert.ok(!arg.includes("PROMPT-TEXT"), `prompt leaked into argv: ${arg.slice(0, 60)}`);
}

describe("codex builder", () => {
  test("minimal argv: exec, sandbox, last-message file, prompt on stdin", () => {
    const ctx = makeCtx(makeExecutor("codex"));
    const spec = buildCodexLaunchSpec(ctx);
    assert.deepEqual(spec.argv, [
      "codex",
      "exec",
      "--skip-git-repo-check",
      "--sandbox",
      "danger-full-access",
      "--json",
      "--output-last-message",
      ov("last-message.md"),
      "-",
    ]);
    assertPromptOnStdinOnly(spec, ctx.prompt);
    assert.equal(spec.transcript, "codex-json", "markers are read from agent_message items only");
    assert.equal(spec.lastMessagePath, ov("last-message.md"));
    assert.equal(spec.rateLimitRetries, true);
    assert.deepEqual(spec.files, []);
  });

  test("every codex key maps to its flag, in order", () => {
    const ctx = makeCtx(
      makeExecutor("codex", {
        model: "gpt-test",
        codex: {
          command: ["npx", "--yes", "codex"],
          sandbox: "read-only",
          profileName: "ci",
          config: ['model_reasoning_effort="high"', "a.b=1", "a.b=1"],
          search: true,
          images: ["docs/a.png", "docs/b.png"],
          addDirs: ["../shared", "/tmp/extra"],
          json: true,
          ephemeral: true,
        },
      }),
    );
    assert.deepEqual(buildCodexLaunchSpec(ctx).argv, [
      "npx",
      "--yes",
      "codex",
      "exec",
      "--skip-git-repo-check",
      "--sandbox",
      "read-only",
      "--model",
      "gpt-test",
      "--profile",
      "ci",
      "-c",
      'model_reasoning_effort="high"',
      "-c",
      "a.b=1",
      "-c",
      'web_search="live"',
      "--image",
      "docs/a.png",
      "--image",
      "docs/b.png",
      "--add-dir",
      "../shared",
      "--add-dir",
      "/tmp/extra",
      "--json",
      "--output-last-message",
      ov("last-message.md"),
      "--ephemeral",
      "-",
    ]);
  });

  test("sandbox rule: --sandbox <mode> for every mode, never the bypass flag", () => {
    for (const sandbox of ["read-only", "workspace-write", "danger-full-access"] as const) {
      const argv = buildCodexLaunchSpec(makeCtx(makeExecutor("codex", { codex: { sandbox } }))).argv;
      assert.deepEqual(valuesOf(argv, "--sandbox"), [sandbox]);
      assert.ok(!argv.includes("--dangerously-bypass-approvals-and-sandbox"), sandbox);
    }
  });

  test("search: true emits the live-search override; false/unset emit nothing", () => {
    const on = buildCodexLaunchSpec(makeCtx(makeExecutor("codex", { codex: { search: true } }))).argv;
    assert.deepEqual(valuesOf(on, "-c"), ['web_search="live"']);
    for (const search of [false, undefined]) {
      const argv = buildCodexLaunchSpec(makeCtx(makeExecutor("codex", { codex: { search } }))).argv;
      assert.deepEqual(valuesOf(argv, "-c"), []);
      assert.ok(!argv.includes("--search"));
    }
  });

  test("--json even with json: false (plain text mixes tool output in); ephemeral false emits nothing; secrets vs plain env names", () => {
    const spec = buildCodexLaunchSpec(makeCtx(makeExecutor("codex", { codex: { json: false, ephemeral: false } })));
    assert.ok(spec.argv.includes("--json"));
    assert.equal(spec.transcript, "codex-json");
    assert.ok(!spec.argv.includes("--ephemeral"));
    assert.ok(spec.secretEnvKeys.includes("OPENAI_API_KEY"));
    assert.ok(spec.secretEnvKeys.includes("CODEX_API_KEY"));
    assert.ok(!spec.secretEnvKeys.includes("OPENAI_BASE_URL"));
    assert.ok(spec.passEnvKeys?.includes("OPENAI_BASE_URL"));
    assert.deepEqual(spec.env, {});
  });
});

describe("claude builder", () => {
  test("minimal argv: print mode, text, permission mode, system prompt file (the session is kept by default)", () => {
    const ctx = makeCtx(makeExecutor("claude"));
    const spec = buildClaudeLaunchSpec(ctx);
    assert.deepEqual(spec.argv, [
      "claude",
      "-p",
      "--output-format",
      "text",
      "--permission-mode",
      "bypassPermissions",
      "--append-system-prompt-file",
      ov("claude-system-prompt.txt"),
    ]);
    assertPromptOnStdinOnly(spec, ctx.prompt);
    assert.equal(spec.files.length, 1);
    assert.equal(spec.files[0]!.path, ov("claude-system-prompt.txt"));
    assert.match(spec.files[0]!.content, /Agent A1 "Build the parser", role implementation, executor claude/);
    assert.deepEqual(spec.env, { DISABLE_AUTOUPDATER: "1" });
  });

  test("every claude key maps to its flag, in order", () => {
    const ctx = makeCtx(
      makeExecutor("claude", {
        model: "claude-test",
        claude: {
          command: ["/opt/claude/bin/claude"],
          agent: "reviewer",
          permissionMode: "acceptEdits",
          permissionPromptTool: "mcp__perm__ask",
          effort: "high",
          maxTurns: 12,
          mcpConfig: ["mcp/a.json", "mcp/b.json"],
          strictMcpConfig: true,
          settings: ".claude/ci-settings.json",
          allowedTools: ["Read", "Bash(git diff:*)"],
          disallowedTools: ["WebFetch"],
          outputFormat: "stream-json",
          appendSystemPromptMode: "replace",
        },
      }),
      { systemPrompt: "CUSTOM SYSTEM PROMPT" },
    );
    const spec = buildClaudeLaunchSpec(ctx);
    assert.deepEqual(spec.argv, [
      "/opt/claude/bin/claude",
      "-p",
      "--output-format",
      "stream-json",
      "--verbose",
      "--model",
      "claude-test",
      "--agent",
      "reviewer",
      "--permission-mode",
      "acceptEdits",
      "--permission-prompt-tool",
      "mcp__perm__ask",
      "--effort",
      "high",
      "--max-turns",
      "12",
      "--mcp-config",
      "mcp/a.json",
      "--mcp-config",
      "mcp/b.json",
      "--strict-mcp-config",
      "--settings",
      ".claude/ci-settings.json",
      "--allowedTools",
      "Read",
      "--allowedTools",
      "Bash(git diff:*)",
      "--disallowedTools",
      "WebFetch",
      "--system-prompt-file",
      ov("claude-system-prompt.txt"),
    ]);
    assert.equal(spec.files[0]!.content, "CUSTOM SYSTEM PROMPT\n");
    assert.equal(buildLaunchSpec(ctx).limits.knownTurnLimit, 12);
  });

  test("--verbose only with stream-json; each output format declares its transcript", () => {
    const transcripts = { text: "text", json: "claude-json", "stream-json": "claude-stream-json" };
    for (const outputFormat of ["text", "json", "stream-json"] as const) {
      const spec = buildClaudeLaunchSpec(makeCtx(makeExecutor("claude", { claude: { outputFormat } })));
      assert.deepEqual(valuesOf(spec.argv, "--output-format"), [outputFormat]);
      assert.equal(spec.argv.includes("--verbose"), outputFormat === "stream-json");
      assert.equal(spec.transcript, transcripts[outputFormat]);
    }
  });

  test("inline settings, hooks and hook URLs merge over the base file into the overlay", () => {
    const reads: string[] = [];
    const ctx = makeCtx(
      makeExecutor("claude", {
        claude: {
          settings: "config/claude.json",
          settingsJson: { env: { FOO: "1" }, permissions: { allow: ["Read"] } },
          hooksJson: { PreToolUse: [{ matcher: "Bash", hooks: [] }] },
          allowedHttpHookUrls: ["https://hooks.example.test/*"],
        },
      }),
      {
        extra: {
          readFile: (p) => {
            reads.push(p);
            return JSON.stringify({
              model: "base",
              env: { BAR: "2" },
              hooks: { Stop: [] },
              allowedHttpHookUrls: ["https://base.example.test/*"],
            });
          },
        },
      },
    );
    const spec = buildClaudeLaunchSpec(ctx);
    assert.deepEqual(reads, ["/repo/config/claude.json"]);
    assert.deepEqual(valuesOf(spec.argv, "--settings"), [ov("claude-settings.json")]);
    const file = spec.files.find((f) => f.path === ov("claude-settings.json"));
    assert.ok(file);
    assert.equal(file.sensitive, true);
    assert.deepEqual(JSON.parse(file.content), {
      model: "base",
      env: { BAR: "2", FOO: "1" },
      hooks: { Stop: [], PreToolUse: [{ matcher: "Bash", hooks: [] }] },
      allowedHttpHookUrls: ["https://base.example.test/*", "https://hooks.example.test/*"],
      permissions: { allow: ["Read"] },
    });
  });

  test("inline settings without a base file; unreadable base file is a user error naming it", async () => {
    const only = buildClaudeLaunchSpec(makeCtx(makeExecutor("claude", { claude: { hooksJson: { Stop: [] } } })));
    assert.deepEqual(JSON.parse(only.files[1]!.content), { hooks: { Stop: [] } });
    const dir = await mkdtemp(path.join(os.tmpdir(), "wave-exec-"));
    try {
      await writeFile(path.join(dir, "base.json"), '{"model":"from-disk"}');
      const fromDisk = buildClaudeLaunchSpec(
        makeCtx(makeExecutor("claude", { claude: { settings: "base.json", settingsJson: { x: 1 } } }), { root: dir }),
      );
      assert.deepEqual(JSON.parse(fromDisk.files[1]!.content), { model: "from-disk", x: 1 });
      assert.throws(
        () =>
          buildClaudeLaunchSpec(
            makeCtx(makeExecutor("claude", { claude: { settings: "missing.json", settingsJson: { x: 1 } } }), { root: dir }),
          ),
        (error: unknown) => error instanceof UserError && /missing\.json/.test(error.message) && /A1/.test(error.message),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("secret keys and passthrough names", () => {
    const spec = buildClaudeLaunchSpec(makeCtx(makeExecutor("claude")));
    for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"]) {
      assert.ok(spec.secretEnvKeys.includes(key), key);
    }
    assert.ok(spec.passEnvKeys?.includes("ANTHROPIC_BASE_URL"));
    assert.ok(!spec.secretEnvKeys.includes("ANTHROPIC_BASE_URL"));
  });
});

describe("opencode builder", () => {
  test("minimal argv, generated config through OPENCODE_CONFIG, prompt on stdin", () => {
    const ctx = makeCtx(makeExecutor("opencode"));
    const spec = buildOpenCodeLaunchSpec(ctx);
    // Always JSON: the default format prints tool output on stderr, which is captured with stdout.
    assert.deepEqual(spec.argv, ["opencode", "run", "--agent", "wave-a1", "--format", "json", "--title", "wave-A1"]);
    assert.equal(spec.transcript, "opencode-json");
    assertPromptOnStdinOnly(spec, ctx.prompt);
    assert.equal(spec.env.OPENCODE_CONFIG, ov("opencode.json"));
    const config = JSON.parse(spec.files.find((f) => f.path === ov("opencode.json"))!.content);
    assert.deepEqual(config, {
      $schema: "https://opencode.ai/config.json",
      agent: {
        "wave-a1": {
          description: "Wave agent A1: Build the parser",
          mode: "primary",
          prompt: "{file:./opencode-agent-prompt.txt}",
        },
      },
    });
    assert.ok(spec.files.some((f) => f.path === ov("opencode-agent-prompt.txt") && f.content.includes("executor opencode")));
    assert.deepEqual(spec.secretEnvKeys, []);
  });

  test("every opencode key maps to a flag or a config field", () => {
    const ctx = makeCtx(
      makeExecutor("opencode", {
        model: "anthropic/claude-test",
        opencode: {
          command: ["bunx", "opencode"],
          attach: "http://127.0.0.1:4096",
          files: ["docs/spec.md", "docs/api.md"],
          format: "json",
          steps: 7,
          instructions: ["docs/rules.md"],
          permission: { edit: "allow", bash: { "*": "ask" } },
          configJson: {
            instructions: ["AGENTS.md"],
            provider: { anthropic: { options: { baseURL: "http://127.0.0.1:9/v1" } } },
            agent: { "wave-a1": { temperature: 0.1 } },
          },
          envKeys: ["CUSTOM_PROVIDER_KEY"],
        },
      }),
    );
    const spec = buildOpenCodeLaunchSpec(ctx);
    assert.deepEqual(spec.argv, [
      "bunx",
      "opencode",
      "run",
      "--agent",
      "wave-a1",
      "--model",
      "anthropic/claude-test",
      "--format",
      "json",
      "--attach",
      "http://127.0.0.1:4096",
      "--file",
      "docs/spec.md",
      "--file",
      "docs/api.md",
      "--title",
      "wave-A1",
    ]);
    const configFile = spec.files.find((f) => f.path === ov("opencode.json"))!;
    assert.equal(configFile.sensitive, true);
    const config = JSON.parse(configFile.content);
    assert.deepEqual(config.instructions, ["AGENTS.md", "docs/rules.md"]);
    assert.deepEqual(config.provider, { anthropic: { options: { baseURL: "http://127.0.0.1:9/v1" } } });
    assert.deepEqual(config.agent["wave-a1"], {
      temperature: 0.1,
      description: "Wave agent A1: Build the parser",
      mode: "primary",
      prompt: "{file:./opencode-agent-prompt.txt}",
      model: "anthropic/claude-test",
      steps: 7,
      permission: { edit: "allow", bash: { "*": "ask" } },
    });
    assert.deepEqual(spec.secretEnvKeys, ["CUSTOM_PROVIDER_KEY", "ANTHROPIC_API_KEY"]);
    assert.equal(buildLaunchSpec(ctx).limits.knownTurnLimit, 7);
  });

  test("a user-named agent keeps its own prompt; the harness prompt goes to instructions", () => {
    const spec = buildOpenCodeLaunchSpec(makeCtx(makeExecutor("opencode", { opencode: { agent: "My Builder.v2" } })));
    assert.deepEqual(valuesOf(spec.argv, "--agent"), ["my-builder-v2"]);
    const config = JSON.parse(spec.files.find((f) => f.path === ov("opencode.json"))!.content);
    assert.deepEqual(config.agent, { "my-builder-v2": {} });
    assert.deepEqual(config.instructions, [ov("opencode-agent-prompt.txt")]);
  });

  test("provider keys follow the model's provider prefix", () => {
    const keys = (model: string | null, configModel?: string) =>
      buildOpenCodeLaunchSpec(
        makeCtx(makeExecutor("opencode", { model, opencode: configModel ? { configJson: { model: configModel } } : {} })),
      ).secretEnvKeys;
    assert.deepEqual(keys("openai/gpt-test"), ["OPENAI_API_KEY"]);
    assert.deepEqual(keys("openrouter/x/y"), ["OPENROUTER_API_KEY"]);
    assert.deepEqual(keys("google/gemini-test"), ["GOOGLE_GENERATIVE_AI_API_KEY", "GEMINI_API_KEY"]);
    assert.deepEqual(keys(null, "anthropic/claude-test"), ["ANTHROPIC_API_KEY"]);
    assert.deepEqual(keys("unknown-provider/m"), []);
    assert.deepEqual(keys(null), []);
  });
});

describe("local, command and dispatch", () => {
  test("local: wave CLI argv + hidden sub-command + task file in the overlay", () => {
    const ctx = makeCtx(makeExecutor("local"), {
      role: "cont-qa",
      markerNonce: "n0nce",
      agent: {
        agentId: "A0",
        ownedPaths: ["docs/plans/waves/reviews/wave-3-cont-qa.md"],
        deliverables: [],
      },
    });
    const spec = buildLocalLaunchSpec(ctx);
    assert.deepEqual(spec.argv, ["/usr/bin/node", "/opt/wave/dist/cli/index.js", "__local-agent", "--task", ov("local-task.json")]);
    assert.equal(spec.stdin, null);
    assert.equal(spec.rateLimitRetries, false);
    const task = LocalTaskSchema.parse(JSON.parse(spec.files[0]!.content));
    assert.equal(task.role, "cont-qa");
    assert.equal(task.reportPath, "docs/plans/waves/reviews/wave-3-cont-qa.md");
    // The file (in the run directory) names the nonce's variable; the value stays in the environment.
    assert.equal(task.markerNonce, "$WAVE_MARKER_NONCE");
    assert.ok(!spec.files[0]!.content.includes("n0nce"));
    assert.equal(task.root, "/repo");
    assert.equal(spec.limits.turnLimitSource, "not-applicable");
  });

  test("local: component levels, eval targets, explicit report path", () => {
    const spec = buildLocalLaunchSpec(
      makeCtx(makeExecutor("local"), {
        role: "cont-eval",
        agent: {
          agentId: "E0",
          components: ["parser", "cli"],
          componentTargets: { parser: "baseline-proved", cli: null },
          ownedPaths: ["docs/evals/wave-3-eval.md", "src/bench/"],
        },
        extra: {
          reportPath: "docs/evals/custom.md",
          evalTargets: [
            { id: "speed", selection: "pinned", benchmarkFamily: null, benchmarks: ["b1", "b2"], objective: "o", threshold: "t" },
          ],
        },
      }),
    );
    const task = LocalTaskSchema.parse(JSON.parse(spec.files[0]!.content));
    assert.deepEqual(task.components, [
      { id: "parser", level: "baseline-proved" },
      { id: "cli", level: "repo-landed" },
    ]);
    assert.deepEqual(task.evalTargets, [{ id: "speed", benchmarks: ["b1", "b2"] }]);
    assert.equal(task.reportPath, "docs/evals/custom.md");
    assert.equal(task.implementationOwning, true);
  });

  test("local without cliArgv is a programming error", () => {
    assert.throws(() => buildLocalLaunchSpec(makeCtx(makeExecutor("local"), { cliArgv: [] })), /cliArgv/);
  });

  test("command: argv from settings, prompt on stdin; no argv is a user error", () => {
    const ctx = makeCtx(makeExecutor("command", { command: { argv: ["python3", "agent.py", "--fast"] } }));
    const spec = buildCommandLaunchSpec(ctx);
    assert.deepEqual(spec.argv, ["python3", "agent.py", "--fast"]);
    assertPromptOnStdinOnly(spec, ctx.prompt);
    assert.throws(
      () => buildCommandLaunchSpec(makeCtx(makeExecutor("command"))),
      (e: unknown) => e instanceof UserError && /A1/.test(String(e)),
    );
  });

  test("buildLaunchSpec dispatches on executor id; overlay files stay in the overlay", () => {
    for (const id of EXECUTOR_IDS) {
      const ctx = makeCtx(makeExecutor(id, { command: { argv: ["my-agent"] } }));
      const spec = buildLaunchSpec(ctx);
      assert.equal(spec.executorId, id);
      for (const f of spec.files) assert.equal(path.dirname(f.path), OVERLAY, f.path);
      if (id !== "local") assertPromptOnStdinOnly(spec, ctx.prompt);
    }
  });
});

/** The launch limits of an executor as buildLaunchSpec computes them (its adapter's turn limit). */
const limitsOf = (executor: ReturnType<typeof makeExecutor>) => buildLimits(makeCtx(executor), adapterOf(executor.id).turnLimit);

describe("limits and system prompt", () => {
  test("attempt deadline from budget.minutes; turn limits per executor; budget.turns advisory", () => {
    const budget = { turns: 30, minutes: 12.5, usd: null, tokens: null };
    const codex = limitsOf(makeExecutor("codex", { budget }));
    assert.equal(codex.attemptTimeoutMinutes, 12.5);
    assert.equal(codex.knownTurnLimit, null);
    assert.equal(codex.turnLimitSource, "not-set-by-wave");
    assert.ok(codex.notes.some((n) => /budget\.turns=30 is advisory/.test(n)));
    const claude = limitsOf(makeExecutor("claude", { claude: { maxTurns: 5 } }));
    assert.deepEqual([claude.knownTurnLimit, claude.turnLimitSource, claude.attemptTimeoutMinutes], [5, "claude.max_turns", null]);
    const opencode = limitsOf(makeExecutor("opencode", { opencode: { steps: 9 } }));
    assert.deepEqual([opencode.knownTurnLimit, opencode.turnLimitSource], [9, "opencode.steps"]);
    const local = limitsOf(makeExecutor("local", { budget }));
    assert.equal(local.turnLimitSource, "not-applicable");
    assert.ok(!local.notes.some((n) => /advisory/.test(n)));
  });

  test("system prompt is deterministic, names the agent, mentions the nonce variable but not its value", () => {
    const ctx = makeCtx(makeExecutor("claude", { model: "m1" }), { markerNonce: "SECRET-NONCE-123" });
    const a = systemPromptText(ctx);
    assert.equal(a, systemPromptText(ctx));
    assert.match(a, /lane main, wave 3/);
    assert.match(a, /Agent A1 "Build the parser", role implementation, executor claude \(model m1\)/);
    assert.match(a, /WAVE_MARKER_NONCE/);
    assert.ok(!a.includes("SECRET-NONCE-123"));
    assert.ok(!systemPromptText(makeCtx(makeExecutor("claude"))).includes("WAVE_MARKER_NONCE"));
  });
});

test("codex: a prompt over its 1 048 576-character input limit gets a note", () => {
  const long = buildCodexLaunchSpec(makeCtx(makeExecutor("codex"), { prompt: "x".repeat(1_048_577) }));
  assert.ok(long.limits.notes.some((n) => /refuses more than 1048576/.test(n)));
  const ok = buildCodexLaunchSpec(makeCtx(makeExecutor("codex"), { prompt: "x".repeat(1_000_000) }));
  assert.ok(!ok.limits.notes.some((n) => /refuses/.test(n)));
});
