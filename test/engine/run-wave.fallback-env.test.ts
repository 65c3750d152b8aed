/**
 * Transport failures fall back to the next executor; agents never see the runner's credentials.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  AGENT_SCRIPT,
  agentOf,
  type AgentSpec,
  cliEnv,
  implAgent,
  makeRepo,
  markerOf,
  readResult,
  runDirOf,
  wave,
  writeWave,
} from "./fixture.js";

test("an agent whose executor hangs silently (idle timeout) is retried with its fallback executor", async () => {
  const repo = await makeRepo("fallback");
  try {
    const hang = implAgent("A1", { silentMs: 60_000 });
    const behaviourFile = path.join(repo.ext, "behaviour-w1-A1.json");
    hang.executorLines = [
      "- id: command",
      `- command: ${process.execPath} ${AGENT_SCRIPT} ${behaviourFile} ${markerOf(repo)}`,
      "- fallbacks: local",
    ];
    await writeWave(repo, 1, [hang, implAgent("A2")]);
    const r = await wave(repo, ["run", "--wave", "1", "--idle-timeout-minutes", "0.15", "--max-attempts", "2"], { timeoutMs: 120_000 });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const result = readResult(repo, 1, 1);
    const a1 = agentOf(result, "A1");
    assert.equal(result.status, "passed");
    assert.equal(a1.executor, "local");
    assert.deepEqual(
      a1.executorHistory.map((h: { executor: string }) => h.executor),
      ["command", "local"],
    );
    assert.equal(a1.attempts, 2);
    assert.equal(agentOf(result, "A2").attempts, 1, "A2 succeeded in attempt 1 and is not rerun");
    // Why the first executor was left: its run hit the idle timeout (not an exit, not a gate).
    const finished = readFileSync(path.join(runDirOf(repo, 1, 1), "coordination.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as { event?: string; agentId?: string; detail?: string })
      .filter((r) => r.event === "agent_finished" && r.agentId === "A1")
      .map((r) => r.detail);
    assert.deepEqual(finished, ["idle-timeout (idle-timeout)", "succeeded (0)"]);
  } finally {
    await repo.cleanup();
  }
});

test("an agent that dumps its environment sees no runner credential and no foreign provider key", async () => {
  const repo = await makeRepo("envdump");
  try {
    const dump = path.join(repo.ext, "env.json");
    const agent: AgentSpec = implAgent("A1", { copyEnv: dump });
    await writeWave(repo, 1, [agent]);
    const secrets = {
      ACTIONS_RUNTIME_TOKEN: "runtime-token-value-123456",
      ACTIONS_RESULTS_URL: "http://127.0.0.1:9/results/",
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc-request-token-123456",
      ACTIONS_ID_TOKEN_REQUEST_URL: "http://127.0.0.1:9/oidc",
      ACTIONS_CACHE_URL: "http://127.0.0.1:9/cache/",
      GITHUB_TOKEN: "ghs_githubtokenvalue123456",
      ANTHROPIC_API_KEY: "sk-ant-anthropic-key-123456",
      OPENAI_API_KEY: "sk-openai-key-123456",
      SOME_SERVICE_SECRET: "unrelated-secret-value-123456",
    };
    const r = await wave(repo, ["run", "--wave", "1"], { env: cliEnv(secrets) });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const env = JSON.parse(readFileSync(dump, "utf8")) as Record<string, string>;
    for (const name of Object.keys(secrets)) assert.equal(env[name], undefined, `${name} must not reach a command agent`);
    const values = Object.values(env).join("\n");
    for (const value of Object.values(secrets)) assert.ok(!values.includes(value), "no secret value under another name");
    for (const name of [
      "WAVE_LANE",
      "WAVE_WAVE",
      "WAVE_AGENT_ID",
      "WAVE_ROLE",
      "WAVE_ATTEMPT",
      "WAVE_PROMPT_FILE",
      "WAVE_RUN_DIR",
      "WAVE_ROOT",
    ]) {
      assert.ok(env[name], `${name} is set`);
    }
    assert.equal(env.WAVE_AGENT_ID, "A1");
    assert.ok(
      env.PATH?.split(":").some((p) => p.endsWith(path.join("attempt-1", "bin"))),
      "the wave shim is on PATH",
    );
  } finally {
    await repo.cleanup();
  }
});

for (const policy of ["fallback-allowed", "sticky"] as const) {
  test(`an agent whose attempt fails (exit 1, not a transport failure) ${policy === "sticky" ? "keeps its executor when sticky" : "runs the next attempt on its fallback, as the reference"}`, async () => {
    const repo = await makeRepo(`fallback-exit-${policy}`);
    try {
      const failing = implAgent("A1", { exitCode: 1 });
      const behaviourFile = path.join(repo.ext, "behaviour-w1-A1.json");
      failing.executorLines = [
        "- id: command",
        `- command: ${process.execPath} ${AGENT_SCRIPT} ${behaviourFile} ${markerOf(repo)}`,
        "- fallbacks: local",
        `- retry-policy: ${policy}`,
      ];
      await writeWave(repo, 1, [failing, implAgent("A2")]);
      const r = await wave(repo, ["run", "--wave", "1", "--max-attempts", "2"], { timeoutMs: 120_000 });
      const result = readResult(repo, 1, 1);
      const a1 = agentOf(result, "A1");
      assert.deepEqual(
        a1.executorHistory.map((h: { executor: string }) => h.executor),
        policy === "sticky" ? ["command", "command"] : ["command", "local"],
        JSON.stringify(a1.executorHistory),
      );
      assert.equal(r.code, policy === "sticky" ? 1 : 0, r.stderr + r.stdout);
      assert.equal(result.status, policy === "sticky" ? "failed" : "passed");
    } finally {
      await repo.cleanup();
    }
  });
}
