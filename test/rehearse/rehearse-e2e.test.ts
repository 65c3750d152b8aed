/**
 * `wave rehearse` end to end with the real agent CLIs (codex, Claude Code, OpenCode), offline:
 * each CLI creates its files through its own tool against the scripted model server, and every
 * gate runs for real. Also: a refused write (the deliverable gate fails and the report names the
 * setting), a 429 (the runtime's retry shows in the log) and a model that never answers (deadline).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { chmod } from "node:fs/promises";
import path from "node:path";
import { after, describe, test } from "node:test";
import {
  type AgentSpec,
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  runDirOf,
  type TestRepo,
  wave,
  writeWave,
} from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

const BIN_DIR = path.join(REPO_ROOT, "node_modules", ".bin");
const missing = ["codex", "claude", "opencode"].filter((c) => !existsSync(path.join(BIN_DIR, c)));
const skip = missing.length > 0 ? `not installed: ${missing.join(", ")}` : false;
const isRoot = process.getuid?.() === 0;
/** Kills a stuck run (a safety net, not an assertion on speed). */
const DEADLINE_MS = 600_000;

function withExecutor(spec: AgentSpec, lines: string[]): AgentSpec {
  return { ...spec, executorLines: lines };
}

function rehearse(repo: TestRepo, args: string[], agentUser = "none") {
  return wave(repo, ["rehearse", "--wave", "1", "--agent-user", agentUser, "--max-attempts", "1", ...args], {
    env: { PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ""}` },
    timeoutMs: DEADLINE_MS,
  });
}

/** A rehearsal keeps its state under <state-dir>/rehearsal. */
function runDir(repo: TestRepo): string {
  return path.join(repo.root, ".wave", "rehearsal", "main", "wave-1", "attempt-1");
}

function readResult(repo: TestRepo): Json {
  return JSON.parse(readFileSync(path.join(runDir(repo), "result.json"), "utf8"));
}

function rehearsalOf(repo: TestRepo): Json {
  return JSON.parse(readFileSync(path.join(runDir(repo), "rehearsal.json"), "utf8"));
}

function agentReport(report: Json, id: string): Json {
  const a = report.agents.find((x: Json) => x.agentId === id);
  assert.ok(a, `agent ${id} in rehearsal.json`);
  return a;
}

describe("wave rehearse with the real CLIs", { skip }, () => {
  const repos: TestRepo[] = [];
  const newRepo = async () => {
    const r = await makeRepo("rehearse");
    repos.push(r);
    return r;
  };
  after(async () => {
    for (const r of repos) await r.cleanup();
  });

  test("codex, claude and opencode implementation agents plus A8/A9/A0 on mixed executors: the wave passes", async (t) => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
      withExecutor(implAgent("A3", {}, "src/a3.js"), ["- id: opencode"]),
      withExecutor(integrationAgent(1), ["- id: claude", "- claude.permission_mode: acceptEdits", "- claude.output_format: stream-json"]),
      withExecutor(documentationAgent(), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(contQaAgent(1), ["- id: claude", "- claude.permission_mode: acceptEdits", "- claude.output_format: json"]),
    ]);
    const out = await rehearse(repo, ["--require-marker-nonce"]);
    t.diagnostic(out.stdout.slice(-2500));
    assert.equal(out.code, 0, `${out.stdout}\n${out.stderr}`);
    const result = readResult(repo);
    assert.equal(result.status, "passed");
    const report = rehearsalOf(repo);
    assert.equal(report.kind, "wave-rehearsal");
    const expected: Record<string, { executor: string; tool: string; files: string[] }> = {
      A1: { executor: "codex", tool: "exec", files: ["src/a1.js"] },
      A2: { executor: "claude", tool: "Write", files: ["src/a2.js"] },
      A3: { executor: "opencode", tool: "write", files: ["src/a3.js"] },
      A8: { executor: "claude", tool: "Write", files: ["docs/integration/wave-1.md"] },
      A9: { executor: "codex", tool: "", files: [] },
      A0: { executor: "claude", tool: "Write", files: ["docs/reviews/wave-1-cont-qa.md"] },
    };
    for (const [id, want] of Object.entries(expected)) {
      const a = agentReport(report, id);
      assert.equal(a.executor, want.executor, id);
      assert.equal(a.status, "succeeded", id);
      assert.equal(a.finalMessageSent, true, id);
      assert.deepEqual(a.deniedWrites, [], id);
      assert.deepEqual(
        a.toolCalls.map((c: Json) => [c.path, c.result]),
        want.files.map((f) => [f, "ok"]),
        id,
      );
      if (want.tool)
        assert.ok(
          a.toolCalls.every((c: Json) => c.tool === want.tool),
          `${id} used ${want.tool}`,
        );
      for (const f of want.files) assert.ok(existsSync(path.join(repo.root, f)), `${id} created ${f}`);
    }
    assert.match(readFileSync(path.join(repo.root, "docs/reviews/wave-1-cont-qa.md"), "utf8"), /^Verdict: PASS$/m);
    assert.match(out.stdout, /Rehearsal of wave 1: passed/);
    const log = readFileSync(path.join(runDir(repo), "rehearsal-requests.jsonl"), "utf8");
    assert.doesNotMatch(log, /wave-rehearsal-[0-9a-f]{36}/, "no key in the request log");
    const agentsSeen = new Set(
      log
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).agent)
        .filter(Boolean),
    );
    assert.deepEqual([...agentsSeen].sort(), ["A0", "A1", "A2", "A3", "A8", "A9"]);
    assert.match(readFileSync(path.join(runDir(repo), "summary.md"), "utf8"), /## Rehearsal/);
    assert.ok(!existsSync(runDirOf(repo, 1, 1)), "nothing in the state a real `wave run` resumes from");
  });

  test("a refused write: the deliverable gate fails and the report names the permission setting", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: read-only"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: default"]),
    ]);
    const out = await rehearse(repo, []);
    assert.equal(out.code, 1, `${out.stdout}\n${out.stderr}`);
    const result = readResult(repo);
    assert.equal(result.status, "failed");
    const gate = result.gates.find((g: Json) => g.stage === "implementation" && !g.ok);
    assert.ok(gate, "an implementation gate failed");
    assert.equal(gate.statusCode, "missing-deliverable");
    const report = rehearsalOf(repo);
    const a1 = agentReport(report, "A1");
    assert.deepEqual(a1.deniedWrites, ["src/a1.js"]);
    assert.ok(
      a1.hints.some((h: string) => /codex\.sandbox/.test(h) && /read-only/.test(h)),
      a1.hints.join("\n"),
    );
    const a2 = agentReport(report, "A2");
    assert.deepEqual(a2.deniedWrites, ["src/a2.js"]);
    assert.ok(
      a2.hints.some((h: string) => /claude\.permission_mode/.test(h)),
      a2.hints.join("\n"),
    );
    const failed = agentReport(report, gate.agentId);
    assert.ok(failed.failedGates.some((g: Json) => g.statusCode === "missing-deliverable"));
    assert.match(out.stdout, /codex\.sandbox/);
    assert.match(out.stdout, /claude\.permission_mode/);
    assert.ok(!existsSync(path.join(repo.root, "src/a1.js")) && !existsSync(path.join(repo.root, "src/a2.js")));
  });

  test("variants: a 429 is retried by the runtime (visible in the log); a model that never answers meets the deadline", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      // Only the hanging agent gets a short deadline (its budget); the others keep the default.
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access", "- budget.minutes: 0.25"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
    ]);
    const out = await rehearse(repo, [
      "--variant",
      "hang:A1",
      "--variant",
      "rate-limit:A2",
      "--rate-limit-base-delay-seconds",
      "0",
      "--rate-limit-max-delay-seconds",
      "0",
    ]);
    assert.equal(out.code, 1, `${out.stdout}\n${out.stderr}`);
    const result = readResult(repo);
    const a1 = result.agents.find((a: Json) => a.id === "A1");
    assert.equal(a1.status, "timed-out");
    const a2 = result.agents.find((a: Json) => a.id === "A2");
    assert.equal(a2.status, "succeeded");
    assert.equal(a2.runs, 2);
    const a2log = readFileSync(path.join(runDir(repo), "agents", "A2", "agent.log"), "utf8");
    assert.match(a2log, /--- wave: rate limit detected/);
    const report = rehearsalOf(repo);
    assert.equal(agentReport(report, "A2").rateLimited, 1);
    assert.ok(existsSync(path.join(repo.root, "src/a2.js")));
    const hung = agentReport(report, "A1");
    assert.equal(hung.variant, "hang");
    assert.ok(hung.failedGates.length > 0, "the report says where the hung agent stopped the wave");
  });

  test("behind a separate agent user (root only): all three CLIs work, their homes and configs the agent's own", {
    skip: isRoot ? false : "needs root",
  }, async () => {
    const repo = await newRepo();
    // The agent user must reach the work tree through its parents.
    await chmod(repo.base, 0o755);
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
      withExecutor(implAgent("A3", {}, "src/a3.js"), ["- id: opencode"]),
    ]);
    const out = await rehearse(repo, [], "auto");
    assert.equal(out.code, 0, `${out.stdout}\n${out.stderr}`);
    const result = readResult(repo);
    assert.equal(result.status, "passed");
    assert.equal(result.agentUser?.mode, "separate");
    for (const id of ["A1", "A2", "A3"]) assert.deepEqual(agentReport(rehearsalOf(repo), id).deniedWrites, [], id);
  });
});
