/**
 * The installed agent CLIs (codex, claude, opencode) run with exactly the argv, stdin and overlay
 * files our builders produce, offline: HOME/XDG in a temp dir, a fake key, the provider base URL
 * on a loopback fake service that answers 401/429, and every proxied connection refused by a
 * loopback guard proxy. A run that reaches the fake service proves the CLI accepted every flag.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import type { ExecutorContext, LaunchSpec } from "../../src/executors/types.js";
import type { ResolvedExecutor } from "../../src/wave/schema.js";
import {
  type BoundedRun,
  closedPort,
  type FakeService,
  type GuardProxy,
  killAllBounded,
  runBounded,
  startFakeService,
  startGuardProxy,
} from "./cli-harness.js";
import { makeCtx, makeExecutor } from "./fixtures.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);
const FAKE_KEY = "sk-wave-test-fake-key";
/** 1 MB (decimal): codex refuses prompts over 1 048 576 characters (`input_too_large`). */
const ONE_MB = 1_000_000;
/**
 * Deadlines enforced by killing the process group (not assertions on speed): a guard against a
 * CLI that hangs, far above what a run takes even on a machine loaded many times over (OpenCode
 * took 80 s to start, fail and exit on a loaded two-core machine).
 */
const RUN_DEADLINE_MS = 180_000;
const OPENCODE_DEADLINE_MS = 300_000;
const UNREACHABLE_DEADLINE_MS = 12_000;
const FLAG_ERRORS = /unknown option|unexpected argument|unknown argument|unrecognized option|invalid value for/i;

let tmp = "";
let repo = "";
let service: FakeService;
let proxy: GuardProxy;
let runCount = 0;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-real-cli-"));
  repo = path.join(tmp, "repo");
  await mkdir(path.join(repo, "docs"), { recursive: true });
  await mkdir(path.join(repo, ".claude", "agents"), { recursive: true });
  await writeFile(path.join(repo, "docs", "spec.md"), "ATTACHED-FILE-MARK: the spec\n");
  await writeFile(path.join(repo, "docs", "rules.md"), "INSTRUCTIONS-MARK: house rules\n");
  await writeFile(
    path.join(repo, ".claude", "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews code in the wave test\n---\nYou review code.\n",
  );
  await writeFile(path.join(repo, "mcp.json"), '{"mcpServers":{}}\n');
  await writeFile(path.join(repo, "claude-base-settings.json"), '{"env":{"BASE_SETTING":"1"}}\n');
  // 1x1 PNG for codex --image.
  await writeFile(
    path.join(repo, "docs", "pixel.png"),
    Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f80f00000101000518d84e0000000049454e44ae426082",
      "hex",
    ),
  );
  await mkdir(path.join(tmp, "extra-dir"));
  execFileSync("git", ["init", "-q", repo]);
  service = await startFakeService();
  proxy = await startGuardProxy();
});

after(async () => {
  killAllBounded();
  await service?.close();
  await proxy?.close();
  if (proxy?.attempts.length) {
    console.log(`# guard proxy refused: ${[...new Set(proxy.attempts)].join(", ")}`);
  }
  await rm(tmp, { recursive: true, force: true });
});

/** HOME, XDG dirs and proxies of one isolated run. */
async function baseEnv(): Promise<Record<string, string>> {
  const home = path.join(tmp, `home-${++runCount}`);
  await mkdir(home, { recursive: true });
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
    LANG: "C.UTF-8",
    HTTPS_PROXY: proxy.url,
    HTTP_PROXY: proxy.url,
    ALL_PROXY: proxy.url,
    https_proxy: proxy.url,
    http_proxy: proxy.url,
    all_proxy: proxy.url,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
  };
}

function context(executor: ResolvedExecutor, tag: string, prompt: string, agentId = "A1"): ExecutorContext {
  return makeCtx(executor, {
    root: repo,
    overlayDir: path.join(tmp, "overlays", tag),
    prompt,
    agent: { agentId, title: `real ${tag}` },
  });
}

/** Writes the overlay files, sets the fake key for the secret the test needs, runs the CLI. */
async function launch(spec: LaunchSpec, secret: string, extraEnv: Record<string, string>, deadlineMs: number): Promise<BoundedRun> {
  assert.ok(spec.secretEnvKeys.includes(secret), `${spec.executorId} declares ${secret}`);
  // The engine creates the overlay directory of every agent before its launch.
  const overlay = spec.files[0] ? path.dirname(spec.files[0].path) : spec.lastMessagePath ? path.dirname(spec.lastMessagePath) : null;
  if (overlay) await mkdir(overlay, { recursive: true });
  for (const file of spec.files) {
    await mkdir(path.dirname(file.path), { recursive: true });
    await writeFile(file.path, file.content);
  }
  const env = { ...(await baseEnv()), ...spec.env, [secret]: FAKE_KEY, ...extraEnv };
  return runBounded(spec.argv, { cwd: repo, env, stdin: spec.stdin, deadlineMs });
}

function output(run: BoundedRun): string {
  return `${run.stdout}\n${run.stderr}`;
}

function describeRun(run: BoundedRun): string {
  const end = run.killed ? "killed at the deadline" : `exit ${run.code ?? run.signal}`;
  return `${end} after ${run.elapsedMs} ms; last output: ${output(run).trim().split("\n").slice(-2).join(" | ").slice(0, 300)}`;
}

function assertFlagsAccepted(run: BoundedRun): void {
  assert.ok(!FLAG_ERRORS.test(output(run)), `flag rejected: ${output(run).slice(-600)}`);
}

/** A prompt of exactly ONE_MB characters (ASCII) starting with `mark`. */
function bigPrompt(mark: string): string {
  const line = `${mark} filler line for a large prompt ............................................\n`;
  const text = `${mark}\n${line.repeat(Math.ceil(ONE_MB / line.length))}`.slice(0, ONE_MB);
  assert.equal(Buffer.byteLength(text), ONE_MB);
  return text;
}

describe("real agent CLIs", { concurrency: true }, () => {
  /* ------------------------------------------------------------------ codex */

  function codexProvider(baseUrl: string, retries: boolean): string[] {
    const p = "model_providers.wavetest";
    return [
      'model_provider="wavetest"',
      `${p}.name="wavetest"`,
      `${p}.base_url="${baseUrl}/v1"`,
      `${p}.env_key="OPENAI_API_KEY"`,
      `${p}.wire_api="responses"`,
      ...(retries ? [] : [`${p}.request_max_retries=0`, `${p}.stream_max_retries=0`]),
    ];
  }

  const codexMissing = existsSync(BIN("codex")) ? false : `codex is not installed at ${BIN("codex")}`;

  describe("codex CLI (real)", { concurrency: true, skip: codexMissing }, () => {
    const codexEnv = async () => {
      const home = path.join(tmp, `codex-home-${++runCount}`);
      await mkdir(home, { recursive: true });
      return { CODEX_HOME: home };
    };

    test("every flag accepted; prompt on stdin reaches the service; codex.search turns on live web search", async (t) => {
      const tag = "codex-flags";
      const executor = makeExecutor("codex", {
        model: "gpt-test",
        codex: {
          command: [BIN("codex")],
          sandbox: "workspace-write",
          profileName: "wave-ci",
          config: codexProvider(service.base(tag, "401"), false),
          search: true,
          images: ["docs/pixel.png"],
          addDirs: [path.join(tmp, "extra-dir")],
          json: true,
          ephemeral: true,
        },
      });
      const spec = buildLaunchSpec(context(executor, tag, "PROMPT-MARK-codex-flags: say hi\n"));
      const run = await launch(spec, "OPENAI_API_KEY", await codexEnv(), RUN_DEADLINE_MS);
      t.diagnostic(`codex flags: ${describeRun(run)}`);
      assertFlagsAccepted(run);
      assert.equal(run.killed, false);
      assert.notEqual(run.code, 0);
      const posts = service.forTag(tag).filter((r) => r.method === "POST");
      assert.ok(posts.length >= 1, "the fake service received the model request");
      const body = JSON.parse(posts[0]!.body) as { model: string; tools?: { type: string; external_web_access?: boolean }[] };
      assert.ok(posts[0]!.body.includes("PROMPT-MARK-codex-flags"), "prompt from stdin is in the request");
      assert.equal(body.model, "gpt-test");
      assert.deepEqual(
        body.tools?.filter((x) => x.type === "web_search").map((x) => x.external_web_access),
        [true],
        "live web search enabled",
      );
      assert.match(output(run), /401/);
    });

    test("a 1 MB prompt goes through stdin (no E2BIG)", async (t) => {
      const tag = "codex-big";
      const executor = makeExecutor("codex", {
        model: "gpt-test",
        codex: { command: [BIN("codex")], config: codexProvider(service.base(tag, "401"), false) },
      });
      const prompt = bigPrompt("PROMPT-MARK-codex-big");
      const spec = buildLaunchSpec(context(executor, tag, prompt));
      assert.ok(spec.argv.every((a) => a.length < 4096));
      const run = await launch(spec, "OPENAI_API_KEY", await codexEnv(), RUN_DEADLINE_MS);
      t.diagnostic(`codex 1 MB: ${describeRun(run)}`);
      assert.equal(run.stdinError, null);
      const req = service.forTag(tag).find((r) => r.body.includes("PROMPT-MARK-codex-big"));
      assert.ok(req, "request with the prompt received");
      assert.ok(req.bytes > ONE_MB, `request carries the whole prompt (${req.bytes} bytes)`);
    });

    test("429 from the service is visible in the output (rate-limit detection can see it)", async (t) => {
      const tag = "codex-429";
      const executor = makeExecutor("codex", {
        codex: { command: [BIN("codex")], config: codexProvider(service.base(tag, "429"), false) },
      });
      const run = await launch(buildLaunchSpec(context(executor, tag, "hi\n")), "OPENAI_API_KEY", await codexEnv(), RUN_DEADLINE_MS);
      t.diagnostic(`codex 429: ${describeRun(run)}`);
      assert.ok(service.forTag(tag).length >= 1);
      assert.match(output(run), /429|rate limit/i);
    });

    test("a service it cannot reach: the run ends within the enforced deadline", async (t) => {
      const port = await closedPort();
      const executor = makeExecutor("codex", {
        codex: { command: [BIN("codex")], config: codexProvider(`http://127.0.0.1:${port}`, true) },
      });
      const run = await launch(
        buildLaunchSpec(context(executor, "codex-unreachable", "hi\n")),
        "OPENAI_API_KEY",
        await codexEnv(),
        UNREACHABLE_DEADLINE_MS,
      );
      t.diagnostic(`codex unreachable: ${describeRun(run)}`);
      assert.ok(run.killed || run.code !== null, "the process ended (exited or was killed)");
      assert.notEqual(run.code, 0);
    });
  });

  /* ------------------------------------------------------------------ claude */

  const claudeMissing = existsSync(BIN("claude")) ? false : `claude is not installed at ${BIN("claude")}`;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

  describe("claude CLI (real)", { concurrency: true, skip: claudeMissing }, () => {
    const claudeEnv = (tag: string | null, mode: "401" | "429" = "401", retries = false) => ({
      ...(tag ? { ANTHROPIC_BASE_URL: service.base(tag, mode) } : {}),
      CLAUDE_CONFIG_DIR: path.join(tmp, `claude-home-${++runCount}`),
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      ...(retries ? {} : { CLAUDE_CODE_MAX_RETRIES: "0" }),
    });
    // bypassPermissions (the default) is refused as root; GitHub-hosted runners are not root.
    const permissionMode = isRoot ? "acceptEdits" : "bypassPermissions";

    test("every flag accepted; prompt on stdin and the appended system prompt reach the service", async (t) => {
      const tag = "claude-flags";
      const executor = makeExecutor("claude", {
        model: "claude-test",
        claude: {
          command: [BIN("claude")],
          agent: "reviewer",
          permissionMode,
          permissionPromptTool: "mcp__wave__approve",
          effort: "high",
          maxTurns: 3,
          mcpConfig: ["mcp.json"],
          strictMcpConfig: true,
          settings: "claude-base-settings.json",
          settingsJson: { env: { INLINE_SETTING: "1" } },
          hooksJson: {},
          allowedHttpHookUrls: ["http://127.0.0.1/*"],
          allowedTools: ["Read", "Bash(git status)"],
          disallowedTools: ["WebFetch"],
          outputFormat: "stream-json",
          appendSystemPromptMode: "append",
        },
      });
      const ctx = { ...context(executor, tag, "PROMPT-MARK-claude-flags: say hi\n"), systemPrompt: "HARNESS-SYSTEM-MARK\n" };
      const spec = buildLaunchSpec(ctx);
      const run = await launch(spec, "ANTHROPIC_API_KEY", claudeEnv(tag), RUN_DEADLINE_MS);
      t.diagnostic(`claude flags: ${describeRun(run)}`);
      assertFlagsAccepted(run);
      assert.equal(run.killed, false);
      assert.notEqual(run.code, 0);
      const post = service.forTag(tag).find((r) => r.method === "POST" && r.url.includes("/v1/messages"));
      assert.ok(post, "the fake service received the messages request");
      assert.ok(post.body.includes("PROMPT-MARK-claude-flags"), "prompt from stdin");
      assert.ok(post.body.includes("HARNESS-SYSTEM-MARK"), "system prompt file");
      assert.equal((JSON.parse(post.body) as { model: string }).model, "claude-test");
      assert.match(output(run), /"type":"result"/, "stream-json output");
      assert.match(output(run), /401|invalid api key|authentication/i);
    });

    test("a 1 MB prompt goes through stdin (no E2BIG), with a replacing system prompt", async (t) => {
      const tag = "claude-big";
      const executor = makeExecutor("claude", {
        claude: { command: [BIN("claude")], permissionMode, appendSystemPromptMode: "replace", outputFormat: "json" },
      });
      const ctx = { ...context(executor, tag, bigPrompt("PROMPT-MARK-claude-big")), systemPrompt: "REPLACED-SYSTEM-MARK\n" };
      const spec = buildLaunchSpec(ctx);
      const run = await launch(spec, "ANTHROPIC_API_KEY", claudeEnv(tag), RUN_DEADLINE_MS);
      t.diagnostic(`claude 1 MB: ${describeRun(run)}`);
      assert.equal(run.stdinError, null);
      const req = service.forTag(tag).find((r) => r.body.includes("PROMPT-MARK-claude-big"));
      assert.ok(req, "request with the prompt received");
      assert.ok(req.bytes > ONE_MB, `request carries the whole prompt (${req.bytes} bytes)`);
      assert.ok(req.body.includes("REPLACED-SYSTEM-MARK"));
    });

    test("the default permission mode bypassPermissions: refused as root unless IS_SANDBOX=1", async (t) => {
      const tag = "claude-bypass";
      const executor = makeExecutor("claude", { claude: { command: [BIN("claude")] } });
      const spec = buildLaunchSpec(context(executor, tag, "PROMPT-MARK-bypass\n"));
      assert.deepEqual(spec.argv.slice(spec.argv.indexOf("--permission-mode"), spec.argv.indexOf("--permission-mode") + 2), [
        "--permission-mode",
        "bypassPermissions",
      ]);
      const plain = await launch(spec, "ANTHROPIC_API_KEY", claudeEnv(tag), RUN_DEADLINE_MS);
      t.diagnostic(`claude bypassPermissions (uid ${process.getuid?.()}): ${describeRun(plain)}`);
      if (isRoot) {
        assert.equal(plain.code, 1);
        assert.match(output(plain), /cannot be used with root\/sudo/);
        assert.equal(service.forTag(tag).length, 0);
        const sandboxed = await launch(spec, "ANTHROPIC_API_KEY", { ...claudeEnv(tag), IS_SANDBOX: "1" }, RUN_DEADLINE_MS);
        t.diagnostic(`claude bypassPermissions with IS_SANDBOX=1: ${describeRun(sandboxed)}`);
        assert.ok(spec.passEnvKeys?.includes("IS_SANDBOX"));
      }
      assert.ok(
        service.forTag(tag).some((r) => r.body.includes("PROMPT-MARK-bypass")),
        "bypassPermissions reaches the service (as non-root, or as root with IS_SANDBOX=1)",
      );
    });

    test("429 from the service is visible in the output", async (t) => {
      const tag = "claude-429";
      const executor = makeExecutor("claude", { claude: { command: [BIN("claude")], permissionMode } });
      const run = await launch(
        buildLaunchSpec(context(executor, tag, "hi\n")),
        "ANTHROPIC_API_KEY",
        claudeEnv(tag, "429"),
        RUN_DEADLINE_MS,
      );
      t.diagnostic(`claude 429: ${describeRun(run)}`);
      assert.ok(service.forTag(tag).length >= 1);
      assert.notEqual(run.code, 0);
      assert.match(output(run), /429|rate limit/i);
    });

    test("a service it cannot reach: the run ends within the enforced deadline", async (t) => {
      const port = await closedPort();
      const executor = makeExecutor("claude", { claude: { command: [BIN("claude")], permissionMode } });
      const run = await launch(
        buildLaunchSpec(context(executor, "claude-unreachable", "hi\n")),
        "ANTHROPIC_API_KEY",
        { ...claudeEnv(null, "401", true), ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` },
        UNREACHABLE_DEADLINE_MS,
      );
      t.diagnostic(`claude unreachable (default retries): ${describeRun(run)}`);
      assert.ok(run.killed || run.code !== null, "the process ended (exited or was killed)");
      assert.notEqual(run.code, 0);
    });
  });

  /* ------------------------------------------------------------------ opencode */

  const opencodeMissing = existsSync(BIN("opencode")) ? false : `opencode is not installed at ${BIN("opencode")}`;

  describe("opencode CLI (real)", { concurrency: true, skip: opencodeMissing }, () => {
    const opencodeEnv = {
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_SHARE: "1",
    };
    const providerConfig = (baseUrl: string) => ({
      provider: {
        anthropic: { options: { baseURL: `${baseUrl}/v1` }, models: { "claude-test": { name: "claude-test" } } },
      },
    });
    const usage = /^opencode run \[message\.\.\]/m;

    test("every flag accepted; prompt on stdin, agent prompt, instructions and --file reach the service", async (t) => {
      const tag = "opencode-flags";
      const executor = makeExecutor("opencode", {
        model: "anthropic/claude-test",
        opencode: {
          command: [BIN("opencode")],
          format: "json",
          steps: 3,
          files: ["docs/spec.md"],
          instructions: ["docs/rules.md"],
          permission: { edit: "allow" },
          configJson: providerConfig(service.base(tag, "401")),
        },
      });
      const ctx = { ...context(executor, tag, "PROMPT-MARK-opencode-flags: say hi\n"), systemPrompt: "HARNESS-SYSTEM-MARK\n" };
      const spec = buildLaunchSpec(ctx);
      const run = await launch(spec, "ANTHROPIC_API_KEY", opencodeEnv, OPENCODE_DEADLINE_MS);
      t.diagnostic(`opencode flags: ${describeRun(run)}`);
      assertFlagsAccepted(run);
      assert.ok(!usage.test(output(run)), "opencode printed its usage (rejected arguments)");
      assert.equal(run.killed, false);
      assert.notEqual(run.code, 0);
      const post = service.forTag(tag).find((r) => r.method === "POST" && r.url.includes("/messages"));
      assert.ok(post, "the fake service received the messages request");
      for (const mark of ["PROMPT-MARK-opencode-flags", "HARNESS-SYSTEM-MARK", "INSTRUCTIONS-MARK", "ATTACHED-FILE-MARK"]) {
        assert.ok(post.body.includes(mark), `${mark} in the request`);
      }
      assert.match(output(run), /401|invalid x-api-key/i);
    });

    test("a 1 MB prompt goes through stdin (no E2BIG)", async (t) => {
      const tag = "opencode-big";
      const executor = makeExecutor("opencode", {
        model: "anthropic/claude-test",
        opencode: { command: [BIN("opencode")], configJson: providerConfig(service.base(tag, "401")) },
      });
      const spec = buildLaunchSpec(context(executor, tag, bigPrompt("PROMPT-MARK-opencode-big")));
      const run = await launch(spec, "ANTHROPIC_API_KEY", opencodeEnv, OPENCODE_DEADLINE_MS);
      t.diagnostic(`opencode 1 MB: ${describeRun(run)}`);
      assert.equal(run.stdinError, null);
      const req = service.forTag(tag).find((r) => r.body.includes("PROMPT-MARK-opencode-big"));
      assert.ok(req, "request with the prompt received");
      assert.ok(req.bytes > ONE_MB, `request carries the whole prompt (${req.bytes} bytes)`);
    });

    test("--attach is accepted and used (the CLI talks to the given server)", async (t) => {
      const tag = "opencode-attach";
      const executor = makeExecutor("opencode", {
        opencode: { command: [BIN("opencode")], attach: service.base(tag, "401"), envKeys: ["OPENCODE_TEST_KEY"] },
      });
      const run = await launch(buildLaunchSpec(context(executor, tag, "hi\n")), "OPENCODE_TEST_KEY", opencodeEnv, OPENCODE_DEADLINE_MS);
      t.diagnostic(
        `opencode attach: ${describeRun(run)}; requests: ${service
          .forTag(tag)
          .map((r) => `${r.method} ${r.url}`)
          .join(", ")}`,
      );
      assert.ok(!usage.test(output(run)));
      assert.ok(service.forTag(tag).length >= 1, "the attach server was contacted");
    });

    test("a service it cannot reach: the run ends within the enforced deadline", async (t) => {
      const port = await closedPort();
      const executor = makeExecutor("opencode", {
        model: "anthropic/claude-test",
        opencode: { command: [BIN("opencode")], configJson: providerConfig(`http://127.0.0.1:${port}`) },
      });
      const run = await launch(
        buildLaunchSpec(context(executor, "opencode-unreachable", "hi\n")),
        "ANTHROPIC_API_KEY",
        opencodeEnv,
        UNREACHABLE_DEADLINE_MS * 2,
      );
      t.diagnostic(`opencode unreachable: ${describeRun(run)}`);
      assert.ok(run.killed || run.code !== null, "the process ended (exited or was killed)");
      assert.notEqual(run.code, 0);
    });
  });
});
