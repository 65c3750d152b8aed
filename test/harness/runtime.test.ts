import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type ActionsHarness, runNodeAction, startActionsHarness, tsxNodeArgs } from "./index.js";
import { isAlive } from "./procs.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
let h: ActionsHarness;

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
});

test("jobEnv gives a node action the runner's environment", () => {
  const ctx = h.jobEnv({ runId: 77, runAttempt: 3, jobId: "wave-1", inputs: { "dry-run": "true", "my input": "x" } });
  const env = ctx.env;
  assert.equal(env["GITHUB_RUN_ID"], "77");
  assert.equal(env["GITHUB_RUN_ATTEMPT"], "3");
  assert.equal(env["GITHUB_JOB"], "wave-1");
  assert.equal(env["GITHUB_REPOSITORY"], "octo-org/wave-demo");
  assert.equal(env["GITHUB_WORKSPACE"], ctx.workspace);
  assert.equal(env["RUNNER_TEMP"], ctx.runnerTemp);
  assert.equal(env["RUNNER_OS"], "Linux");
  assert.equal(env["GITHUB_API_URL"], h.service.apiUrl);
  assert.equal(env["ACTIONS_RESULTS_URL"], h.service.url);
  assert.equal(env["INPUT_DRY-RUN"], "true");
  assert.equal(env["INPUT_MY_INPUT"], "x");
  assert.equal(env["INPUT_GITHUB-TOKEN"], ctx.githubToken);
  const payload = JSON.parse(Buffer.from((env["ACTIONS_RUNTIME_TOKEN"] ?? "").split(".")[1] ?? "", "base64url").toString());
  assert.match(payload.scp, new RegExp(`Actions\\.Results:${ctx.job.runBackendId}:${ctx.job.jobBackendId}`));
});

test("runNodeAction reads back outputs, summary, state, env, paths, masks and annotations; post gets STATE_*", async () => {
  const ctx = h.jobEnv({ jobId: "probe", runAttempt: 2, inputs: { "dry-run": "yes" } });
  const main = await runNodeAction({ entry: path.join(FIXTURES, "runtime-probe.mjs"), env: ctx.env });
  assert.equal(main.exitCode, 0, main.stderr);
  assert.equal(main.conclusion, "success");
  assert.equal(main.outputs["echo"], "yes");
  assert.equal(main.outputs["multi"], "line one\nline two");
  assert.deepEqual(JSON.parse(main.outputs["env-seen"] ?? "{}"), { job: "probe", attempt: "2" });
  assert.deepEqual(main.state, { phase: "main-done" });
  assert.deepEqual(main.exportedEnv, { PROBE_VAR: "exported" });
  assert.deepEqual(main.addedPaths, ["/opt/probe/bin"]);
  assert.deepEqual(main.masks, ["hunter2"]);
  assert.match(main.summary, /<h1>Probe<\/h1>/);
  assert.equal(main.summaryTooLarge, false);
  assert.deepEqual(main.annotations[0], {
    level: "error",
    message: "bad thing, with comma: and colon",
    title: "Wave 1",
    file: "docs/plans/waves/wave-1.md",
    line: 12,
  });
  assert.deepEqual(
    main.annotations.map((a) => a.level),
    ["error", "warning", "notice"],
  );
  assert.deepEqual(main.errors, []);

  const post = await runNodeAction({ entry: path.join(FIXTURES, "post-probe.mjs"), env: ctx.env, state: main.state });
  assert.equal(post.exitCode, 0, post.stderr);
  assert.equal(post.outputs["phase"], "main-done");
  const without = await runNodeAction({ entry: path.join(FIXTURES, "post-probe.mjs"), env: ctx.env });
  assert.equal(without.outputs["phase"], "");
});

/** An AbortSignal that fires once the step printed "ready" (its signal handlers are installed). */
function abortWhenReady(): { signal: AbortSignal; onStdout: (chunk: string) => void } {
  const controller = new AbortController();
  let seen = "";
  return {
    signal: controller.signal,
    onStdout: (chunk) => {
      seen += chunk;
      if (seen.includes("ready")) controller.abort();
    },
  };
}

test("cancelling sends SIGINT first; a step that exits on it is cancelled with its outputs kept", async () => {
  const ctx = h.jobEnv({ inputs: { mode: "graceful" } });
  const r = await runNodeAction({
    entry: path.join(FIXTURES, "signals.mjs"),
    env: ctx.env,
    ...abortWhenReady(),
    sigintGraceMs: 5000,
  });
  assert.equal(r.cancelled, true);
  assert.equal(r.conclusion, "cancelled");
  assert.equal(r.exitCode, 130);
  assert.equal(r.outputs["got"], "SIGINT");
});

test("a step ignoring SIGINT and SIGTERM is killed after both grace periods", async () => {
  const ctx = h.jobEnv({ inputs: { mode: "stubborn" } });
  const r = await runNodeAction({
    entry: path.join(FIXTURES, "signals.mjs"),
    env: ctx.env,
    ...abortWhenReady(),
    sigintGraceMs: 200,
    sigtermGraceMs: 200,
  });
  assert.equal(r.cancelled, true);
  assert.equal(r.signal, "SIGKILL");
  assert.equal(r.outputs["ignored"], "SIGINT");
  assert.equal(r.outputs["ignored-term"], "SIGTERM");
});

test("reaching the step timeout runs the cancellation sequence and fails the step", async () => {
  const ctx = h.jobEnv({ inputs: { mode: "graceful" } });
  const r = await runNodeAction({ entry: path.join(FIXTURES, "signals.mjs"), env: ctx.env, timeoutMs: 3000 });
  assert.equal(r.timedOut, true);
  assert.equal(r.cancelled, false);
  assert.equal(r.conclusion, "failure");
  assert.equal(r.outputs["got"], "SIGINT");
});

test("killAfterMs kills the step at once (a lost runner)", async () => {
  const ctx = h.jobEnv({ inputs: { mode: "graceful" } });
  const r = await runNodeAction({ entry: path.join(FIXTURES, "signals.mjs"), env: ctx.env, killAfterMs: 1500 });
  assert.equal(r.killed, true);
  assert.equal(r.signal, "SIGKILL");
  assert.equal(r.outputs["got"], undefined);
  assert.equal(r.conclusion, "failure");
});

test("processes a step leaves behind are reported and terminated", async () => {
  const ctx = h.jobEnv({ inputs: { mode: "orphan" } });
  const r = await runNodeAction({ entry: path.join(FIXTURES, "signals.mjs"), env: ctx.env });
  assert.equal(r.exitCode, 0, r.stderr);
  const pid = Number(r.outputs["orphan-pid"]);
  assert.ok(pid > 0);
  assert.deepEqual(r.orphans, [pid]);
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((res) => setTimeout(res, 20));
  assert.equal(isAlive(pid), false);
});

test("a TypeScript entry runs from source with tsxNodeArgs, in the workspace", async () => {
  const ctx = h.jobEnv({ inputs: { wave: "4" } });
  const r = await runNodeAction({ entry: path.join(FIXTURES, "ts-step.ts"), env: ctx.env, nodeArgs: tsxNodeArgs() });
  assert.equal(r.exitCode, 0, r.stderr);
  assert.deepEqual(r.outputs, { wave: "4", cwd: ctx.workspace });
});
