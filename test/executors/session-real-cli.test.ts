/**
 * The installed CLIs (codex, Claude Code) with the session argv our builders produce, offline:
 * - the resume argv with every flag passes the CLI's argument parser (the CLI gets as far as
 *   looking the session up, which fails: there is none);
 * - a full round trip against the rehearsal model server: a fresh run writes its session file
 *   where the adapters' session files (src/executors/<id>/session.ts) say, saveSession copies it, restoreSession puts it into another
 *   home for another working directory, and the resumed run continues the conversation (its first
 *   model request already carries the earlier tool call and its result) and ends with the markers.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import type { ExecutorContext, LaunchSpec, SessionRequest } from "../../src/executors/types.js";
import { rehearsalHook } from "../../src/rehearse/launch.js";
import { type RehearsalServer, startRehearsalServer } from "../../src/rehearse/server.js";
import { claudeProjectDirName } from "../../src/executors/claude/session.js";
import { continuePrompt } from "../../src/sessions/continue-prompt.js";
import { newSessionId } from "../../src/executors/session-ids.js";
import { restoreSession, saveSession } from "../../src/sessions/store.js";
import type { ResolvedExecutor } from "../../src/wave/schema.js";
import { type BoundedRun, closedPort, type GuardProxy, killAllBounded, runBounded, startGuardProxy } from "./cli-harness.js";
import { sessionOf } from "../helpers/session-of.js";
import { makeCtx, makeExecutor } from "./fixtures.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);
/** Kills a stuck CLI (a safety net, not an assertion on speed). */
const DEADLINE_MS = 120_000;
const FLAG_ERRORS = /unknown option|unexpected argument|unknown argument|unrecognized option|invalid value for|Usage:/i;
const MISSING_ID = "0199a213-81c0-7800-8aa1-bbab2a035a53";
const MARKERS = "[wave-proof] completion=contract durability=none proof=unit state=met";

let tmp = "";
let proxy: GuardProxy;
let server: RehearsalServer;
let count = 0;

before(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), "wave-session-cli-")));
  proxy = await startGuardProxy();
  server = await startRehearsalServer();
});

after(async () => {
  killAllBounded();
  await server?.close();
  await proxy?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Every proxied (non-loopback) connection is refused by the guard. */
function guardEnv(): Record<string, string> {
  return {
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

async function gitRepo(dir: string): Promise<string> {
  await mkdir(path.join(dir, "src"), { recursive: true });
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

async function writeOverlay(spec: LaunchSpec, overlayDir: string): Promise<void> {
  await mkdir(overlayDir, { recursive: true });
  for (const file of spec.files) await writeFile(file.path, file.content);
}

function output(run: BoundedRun): string {
  return `${run.stdout}\n${run.stderr}`;
}

function describeRun(run: BoundedRun): string {
  const end = run.killed ? "killed at the deadline" : `exit ${run.code ?? run.signal}`;
  return `${end}; last output: ${output(run).trim().split("\n").slice(-3).join(" | ").slice(0, 500)}`;
}

describe("resume argv against the real CLIs' parsers", { concurrency: true }, () => {
  test("codex: `exec <every option> resume <id> -` parses; the CLI goes on to look the session up", {
    skip: !existsSync(BIN("codex")) && "codex not installed",
  }, async (t) => {
    const home = path.join(tmp, `parse-codex-${++count}`);
    const codexHome = path.join(home, ".codex");
    await mkdir(codexHome, { recursive: true });
    await writeFile(path.join(codexHome, "ci.config.toml"), 'model = "profile-model"\n');
    const root = await gitRepo(path.join(home, "repo"));
    await mkdir(path.join(home, "extra"));
    const port = await closedPort();
    const executor = makeExecutor("codex", {
      model: "gpt-test",
      codex: {
        command: [BIN("codex")],
        sandbox: "workspace-write",
        profileName: "ci",
        config: ['model_reasoning_effort="high"'],
        search: true,
        images: ["docs/a.png"],
        addDirs: [path.join(home, "extra")],
      },
    });
    const ctx = makeCtx(executor, {
      root,
      overlayDir: path.join(home, "overlay"),
      prompt: "Continue.\n",
      extra: { session: { persist: true, resumeId: MISSING_ID } },
    });
    const spec = buildLaunchSpec(ctx);
    assert.deepEqual(spec.argv.slice(-3), ["resume", MISSING_ID, "-"]);
    await writeOverlay(spec, ctx.overlayDir);
    const run = await runBounded(spec.argv, {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        CODEX_HOME: codexHome,
        OPENAI_API_KEY: "sk-wave-test-fake",
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        ...guardEnv(),
      },
      stdin: spec.stdin,
      deadlineMs: DEADLINE_MS,
    });
    t.diagnostic(describeRun(run));
    assert.equal(run.killed, false);
    assert.doesNotMatch(output(run), FLAG_ERRORS);
    assert.match(output(run), new RegExp(`no rollout found for thread id ${MISSING_ID}`));
    assert.notEqual(run.code, 0);
  });

  test("claude: the resume argv parses; the CLI goes on to look the session up", {
    skip: !existsSync(BIN("claude")) && "claude not installed",
  }, async (t) => {
    const home = path.join(tmp, `parse-claude-${++count}`);
    const root = await gitRepo(path.join(home, "repo"));
    const port = await closedPort();
    const executor = makeExecutor("claude", {
      model: "claude-test",
      claude: {
        command: [BIN("claude")],
        outputFormat: "stream-json",
        permissionMode: "acceptEdits",
        effort: "high",
        maxTurns: 5,
        allowedTools: ["Read", "Write"],
        disallowedTools: ["WebFetch"],
      },
    });
    const ctx = makeCtx(executor, {
      root,
      overlayDir: path.join(home, "overlay"),
      prompt: "Continue.\n",
      extra: { session: { persist: true, resumeId: MISSING_ID } },
    });
    const spec = buildLaunchSpec(ctx);
    assert.deepEqual(spec.argv.slice(-2), ["--resume", MISSING_ID]);
    await writeOverlay(spec, ctx.overlayDir);
    const run = await runBounded(spec.argv, {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
        ANTHROPIC_API_KEY: "sk-ant-wave-test-fake",
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CODE_MAX_RETRIES: "0",
        DISABLE_AUTOUPDATER: "1",
        ...guardEnv(),
        ...spec.env,
      },
      stdin: spec.stdin,
      deadlineMs: DEADLINE_MS,
    });
    t.diagnostic(describeRun(run));
    assert.equal(run.killed, false);
    assert.doesNotMatch(output(run), FLAG_ERRORS);
    assert.match(output(run), new RegExp(`No conversation found with session ID: ${MISSING_ID}`));
    assert.equal(run.code, 1);
  });
});

interface Launch {
  ctx: ExecutorContext;
  spec: LaunchSpec;
  env: Record<string, string>;
  run: BoundedRun;
  /** Log entries of the server for this launch's model requests (side requests left out). */
  requests: { step: number | null; reply: string }[];
}

/** Builds, stages (rehearsal env in `home`) and runs one launch of agent A1 in `root`. */
async function launch(
  executor: ResolvedExecutor,
  root: string,
  home: string,
  session: SessionRequest,
  prompt: string | undefined,
  beforeRun?: (env: Record<string, string>) => Promise<void>,
): Promise<Launch> {
  const overlayDir = path.join(home, "..", `overlay-${++count}`);
  const ctx = makeCtx(executor, {
    root,
    overlayDir,
    ...(prompt ? { prompt } : {}),
    agent: { deliverables: ["src/a1.js"] },
    extra: { session },
  });
  const spec = buildLaunchSpec(ctx);
  await writeOverlay(spec, overlayDir);
  const hook = rehearsalHook({ server, homesDir: path.join(tmp, "unused-homes"), variantOf: () => "normal" });
  await mkdir(home, { recursive: true });
  const env = await hook({ context: ctx, spec, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...guardEnv() }, home, identity: null });
  if (beforeRun) await beforeRun(env);
  const from = server.log().length;
  const run = await runBounded(spec.argv, { cwd: root, env, stdin: spec.stdin, deadlineMs: DEADLINE_MS });
  const requests = server
    .log()
    .slice(from)
    .filter((e) => e.agent === ctx.agent.agentId && e.status === 200 && e.reply !== "side")
    .map((e) => ({ step: e.step, reply: e.reply }));
  return { ctx, spec, env, run, requests };
}

/** A long working directory with characters Claude Code replaces, under `base`. */
function oddDir(base: string, label: string): string {
  return path.join(base, `${label} dir.with_odd-chars é`, "x".repeat(120), "repo");
}

describe("session round trip with the real CLIs and the rehearsal server", () => {
  test("codex: run, save, restore into another CODEX_HOME and work tree, resume", {
    skip: !existsSync(BIN("codex")) && "codex not installed",
  }, async (t) => {
    const base = path.join(tmp, `trip-codex-${++count}`);
    const executor = makeExecutor("codex", { codex: { command: [BIN("codex")], sandbox: "danger-full-access" } });
    const rootA = await gitRepo(path.join(base, "job-1", "repo"));
    const first = await launch(executor, rootA, path.join(base, "job-1", "home"), { persist: true, resumeId: null }, undefined);
    t.diagnostic(`fresh: ${describeRun(first.run)}`);
    assert.equal(first.run.code, 0, describeRun(first.run));
    assert.deepEqual(
      first.requests.map((r) => r.reply),
      ["call", "text"],
      "a fresh session: the write, then the final answer",
    );
    assert.ok(existsSync(path.join(rootA, "src", "a1.js")));
    const id = sessionOf("codex", first.run.stdout);
    assert.ok(id, "thread.started names the session");

    const reasons: string[] = [];
    const dest = path.join(base, "state", "agents", "A1", "session");
    const saved = await saveSession({
      executorId: "codex",
      sessionId: id,
      env: first.env,
      cwd: rootA,
      destDir: dest,
      onSkip: (r) => reasons.push(r),
    });
    assert.equal(reasons.join("\n"), "");
    assert.ok(saved);
    assert.match(saved.record.homePath, new RegExp(`^sessions/\\d{4}/\\d{2}/\\d{2}/rollout-[0-9T-]+-${id}\\.jsonl$`));
    assert.equal(saved.record.bytes, (await readFile(path.join(first.env.CODEX_HOME!, saved.record.homePath))).length);

    // A later job: the work tree (with the agent's change) elsewhere, a new home.
    const rootB = path.join(base, "job-2", "checkout", "repo");
    await cp(rootA, rootB, { recursive: true });
    let restoredFile = "";
    const prompt = continuePrompt({ agentId: "A1", reason: { kind: "timeout", minutes: 30 }, markerInstructions: MARKERS });
    const second = await launch(executor, rootB, path.join(base, "job-2", "home"), { persist: true, resumeId: id }, prompt, async (env) => {
      const restored = await restoreSession({ savedDir: dest, env, cwd: rootB, onSkip: (r) => reasons.push(r) });
      assert.equal(reasons.join("\n"), "");
      assert.equal(restored?.sessionId, id);
      assert.equal(restored?.file, path.join(env.CODEX_HOME!, saved.record.homePath));
      restoredFile = restored!.file;
    });
    t.diagnostic(`resumed: ${describeRun(second.run)}`);
    assert.deepEqual(second.spec.argv.slice(-3), ["resume", id, "-"]);
    assert.equal(second.run.code, 0, describeRun(second.run));
    assert.equal(sessionOf("codex", second.run.stdout), id, "the same thread goes on");
    assert.deepEqual(second.requests, [{ step: 1, reply: "text" }], "the first request already holds the earlier write and its result");
    assert.match(second.run.stdout, /\[wave-proof\] completion=contract/);
    const after = await readFile(restoredFile, "utf8");
    assert.ok(after.length > saved.record.bytes, "the resumed turn is appended to the restored file");
    assert.ok(after.includes(rootB), "the resumed turn runs in the new work tree");
  });

  test("claude: run with a chosen id, save, restore for another working directory, resume", {
    skip: !existsSync(BIN("claude")) && "claude not installed",
  }, async (t) => {
    const base = path.join(tmp, `trip-claude-${++count}`);
    const executor = makeExecutor("claude", { claude: { command: [BIN("claude")], permissionMode: "acceptEdits", outputFormat: "text" } });
    const rootA = await gitRepo(oddDir(path.join(base, "job-1"), "first"));
    assert.ok(rootA.length > 200, "a working directory longer than Claude Code's 200-character names");
    const id = newSessionId();
    const first = await launch(executor, rootA, path.join(base, "job-1", "home"), { persist: true, resumeId: null, newId: id }, undefined);
    t.diagnostic(`fresh: ${describeRun(first.run)}`);
    assert.equal(first.run.code, 0, describeRun(first.run));
    assert.deepEqual(
      first.requests.map((r) => r.reply),
      ["call", "text"],
    );

    const reasons: string[] = [];
    const dest = path.join(base, "state", "agents", "A1", "session");
    const saved = await saveSession({
      executorId: "claude",
      sessionId: id,
      env: first.env,
      cwd: rootA,
      destDir: dest,
      onSkip: (r) => reasons.push(r),
    });
    assert.equal(reasons.join("\n"), "");
    // Where Claude Code itself put the file: the computed project directory (hash suffix included).
    assert.equal(saved?.record.homePath, `projects/${claudeProjectDirName(rootA)}/${id}.jsonl`);
    assert.match(claudeProjectDirName(rootA), /-[0-9a-z]+$/);

    const rootB = oddDir(path.join(base, "job-2"), "second");
    await cp(rootA, rootB, { recursive: true });
    let restoredFile = "";
    const prompt = continuePrompt({ agentId: "A1", reason: { kind: "rate-limit" }, markerInstructions: MARKERS });
    const second = await launch(executor, rootB, path.join(base, "job-2", "home"), { persist: true, resumeId: id }, prompt, async (env) => {
      const restored = await restoreSession({ savedDir: dest, env, cwd: rootB, onSkip: (r) => reasons.push(r) });
      assert.equal(reasons.join("\n"), "");
      assert.equal(restored?.file, path.join(env.CLAUDE_CONFIG_DIR!, "projects", claudeProjectDirName(rootB), `${id}.jsonl`));
      restoredFile = restored!.file;
    });
    t.diagnostic(`resumed: ${describeRun(second.run)}`);
    assert.deepEqual(second.spec.argv.slice(-2), ["--resume", id]);
    assert.equal(second.run.code, 0, describeRun(second.run));
    assert.deepEqual(second.requests, [{ step: 1, reply: "text" }], "the first request already holds the earlier write and its result");
    assert.match(second.run.stdout, /\[wave-proof\] completion=contract/);
    const after = await readFile(restoredFile, "utf8");
    assert.ok(after.length > saved!.record.bytes, "the resumed turn is appended to the restored file");
    assert.ok(after.includes("interrupted because the API rate limit persisted"), "the continue prompt is the session's next message");
  });
});
