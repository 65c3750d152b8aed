/**
 * Usage and budgets with the real agent CLIs against the scripted model server: what each agent
 * used is what its CLI reported from the server's answers, and a budget stops an agent for real.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { type AgentSpec, implAgent, type Json, makeRepo, type TestRepo, wave, writeWave } from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

const BIN_DIR = path.join(REPO_ROOT, "node_modules", ".bin");
const missing = ["codex", "claude", "opencode"].filter((c) => !existsSync(path.join(BIN_DIR, c)));
const skip = missing.length > 0 ? `not installed: ${missing.join(", ")}` : false;
/** Kills a stuck run (a safety net, not an assertion on speed). */
const DEADLINE_MS = 600_000;

const withExecutor = (spec: AgentSpec, lines: string[]): AgentSpec => ({ ...spec, executorLines: lines });

function rehearse(repo: TestRepo, args: string[]) {
  return wave(repo, ["rehearse", "--wave", "1", "--agent-user", "none", ...args], {
    env: { PATH: `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ""}` },
    timeoutMs: DEADLINE_MS,
  });
}

const runDir = (repo: TestRepo) => path.join(repo.root, ".wave", "rehearsal", "main", "wave-1", "attempt-1");
const readJson = (repo: TestRepo, file: string): Json => JSON.parse(readFileSync(path.join(runDir(repo), file), "utf8"));

describe("usage and budgets with the real CLIs", { skip }, () => {
  const repos: TestRepo[] = [];
  const newRepo = async () => {
    const r = await makeRepo("rehearse-usage");
    repos.push(r);
    return r;
  };
  after(async () => {
    for (const r of repos) await r.cleanup();
  });

  test("each agent's usage is what the server reported to its CLI; the wave total adds them up", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access", "- model: gpt-5.1-codex"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
      withExecutor(implAgent("A3", {}, "src/a3.js"), ["- id: opencode"]),
    ]);
    const out = await rehearse(repo, ["--max-attempts", "1"]);
    assert.equal(out.code, 0, `${out.stdout}\n${out.stderr}`);
    const result = readJson(repo, "result.json");
    const server = readJson(repo, "rehearsal.json");
    assert.equal(result.schemaVersion, 2);
    for (const id of ["A1", "A2", "A3"]) {
      const mine = result.agents.find((a: Json) => a.id === id).usage;
      const theirs = server.agents.find((a: Json) => a.agentId === id).usage;
      assert.ok(theirs.requests >= 2, `${id}: the server answered`);
      assert.equal(mine.inputTokens, theirs.inputTokens, `${id} input`);
      assert.equal(mine.cachedInputTokens, theirs.cachedInputTokens, `${id} cached`);
      assert.equal(mine.outputTokens, theirs.outputTokens, `${id} output`);
      assert.ok(typeof mine.sessionId === "string" && mine.sessionId.length > 0, `${id} session`);
      assert.ok(mine.turns >= 1, `${id} turns`);
    }
    const [codex, claude, opencode] = ["A1", "A2", "A3"].map((id) => result.agents.find((a: Json) => a.id === id).usage);
    // codex and OpenCode report reasoning tokens apart; Claude does not.
    assert.equal(codex.reasoningTokens, server.agents.find((a: Json) => a.agentId === "A1").usage.reasoningTokens);
    assert.equal(opencode.reasoningTokens, server.agents.find((a: Json) => a.agentId === "A3").usage.reasoningTokens);
    assert.equal(claude.reasoningTokens, null);
    // Claude prices its own use; codex reports none: its cost is estimated from the built-in
    // price table (no pricing in the config here).
    assert.ok(claude.costUsd > 0 && claude.costEstimated === false, JSON.stringify(claude));
    assert.ok(codex.costUsd > 0 && codex.costEstimated === true && codex.priceSource === "builtin", JSON.stringify(codex));
    assert.equal(codex.model, "gpt-5.1-codex");
    const sum = (k: string) => [codex, claude, opencode].reduce((n, u) => n + u[k], 0);
    assert.equal(result.usage.inputTokens, sum("inputTokens"));
    assert.equal(result.usage.totalTokens, sum("inputTokens") + sum("outputTokens"));
    assert.deepEqual(result.usage.costUnknown, ["A3"], "OpenCode says $0 for a model it has no price for");
    assert.equal(result.usage.costEstimatedAll, false, "Claude's cost was reported: the total is partly estimated");
    const summary = readFileSync(path.join(runDir(repo), "summary.md"), "utf8");
    assert.match(summary, /\| Tokens \| Cost \|/);
    assert.match(
      summary,
      /- Usage: .*tokens .* cost ≈(?:\$|&#36;)0\.\d+ \(≈ partly estimated from tokens × the built-in price table of \d{4}-\d{2}\)/,
    );
  });

  test("a budget of $0.01 stops a Claude agent as budget-exceeded, and no other agent starts", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: claude", "- claude.permission_mode: acceptEdits", "- budget.usd: 0.01"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
    ]);
    const out = await rehearse(repo, ["--max-attempts", "2", "--max-parallel-agents", "1"]);
    assert.equal(out.code, 1, `${out.stdout}\n${out.stderr}`);
    const result = readJson(repo, "result.json");
    const a1 = result.agents.find((a: Json) => a.id === "A1");
    assert.equal(a1.status, "budget-exceeded");
    assert.ok(a1.usage.costUsd > 0.01, JSON.stringify(a1.usage));
    assert.equal(result.failure.statusCode, "budget-exceeded");
    assert.match(result.failure.detail, /^A1 spent \$[\d.]+ of its \$0\.01 budget \(budget\.usd\)$/);
    assert.equal(result.agents.find((a: Json) => a.id === "A2").status, "not-run");
    const server = readJson(repo, "rehearsal.json");
    assert.equal(server.agents.find((a: Json) => a.agentId === "A2")?.usage.requests ?? 0, 0, "A2's CLI never called the server");
    assert.equal(existsSync(path.join(repo.root, "src/a2.js")), false);
  });
});

describe("continuing an interrupted CLI session", { skip }, () => {
  const repos: TestRepo[] = [];
  after(async () => {
    for (const r of repos) await r.cleanup();
  });

  test("a Claude and a codex agent stopped for silence continue their own session on the retry", async () => {
    const repo = await makeRepo("rehearse-resume");
    repos.push(repo);
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
    ]);
    // `interrupt`: the server answers each agent's first request, then leaves the next one
    // unanswered once: the agent falls silent until the idle timeout stops it.
    const out = await rehearse(repo, ["--max-attempts", "2", "--idle-timeout-minutes", "0.25", "--variant", "interrupt"]);
    assert.equal(out.code, 0, `${out.stdout}\n${out.stderr}`);
    const result = readJson(repo, "result.json");
    const entries: Json[] = readFileSync(path.join(runDir(repo), "rehearsal-requests.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    for (const id of ["A1", "A2"]) {
      const agent = result.agents.find((a: Json) => a.id === id);
      assert.equal(agent.status, "succeeded", id);
      assert.equal(agent.attempts, 2, `${id} ran in both attempts`);
      assert.equal(agent.usage.continuedSession, true, `${id} continued its session`);
      const mine = entries.filter((e) => e.agent === id && e.session);
      const first = mine[0];
      const resumed = mine.find((e) => /interrupted because there was no output/.test(e.lastUser ?? ""));
      assert.ok(first && resumed, `${id}: the retry's request reached the server\n${JSON.stringify(mine, null, 1)}`);
      assert.equal(resumed.session, first.session, `${id}: the same CLI session`);
      assert.ok(resumed.history >= 1, `${id}: the retry's first request carried the earlier tool call`);
      assert.equal(agent.usage.sessionId, first.session, `${id}: the result names the session`);
    }
    // The interrupted session was kept with the run state (for a resume in a later job too).
    for (const id of ["A1", "A2"]) assert.ok(existsSync(path.join(runDir(repo), "agents", id, "session", "session.json")), id);
    assert.match(
      readFileSync(path.join(runDir(repo), "agents", "A2", "prompt.md"), "utf8"),
      /^You are agent A2, continuing your own session/,
    );
  });

  test("a later run resuming the state continues the interrupted sessions, in a CLI home of its own", async () => {
    const repo = await makeRepo("rehearse-resume-later");
    repos.push(repo);
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
    ]);
    const first = await rehearse(repo, ["--max-attempts", "1", "--idle-timeout-minutes", "0.25", "--variant", "interrupt"]);
    assert.equal(first.code, 1, `${first.stdout}\n${first.stderr}`);
    const failed = readJson(repo, "result.json");
    for (const id of ["A1", "A2"]) assert.equal(failed.agents.find((a: Json) => a.id === id).status, "idle-timeout", id);
    // The second run has a new model server and new CLI homes: only the saved sessions carry over.
    // A rehearsal resumes an earlier rehearsal only when asked (`--resume auto`).
    const second = await rehearse(repo, ["--max-attempts", "1", "--resume", "auto"]);
    assert.equal(second.code, 0, `${second.stdout}\n${second.stderr}`);
    const dir2 = path.join(repo.root, ".wave", "rehearsal", "main", "wave-1", "attempt-2");
    const result = JSON.parse(readFileSync(path.join(dir2, "result.json"), "utf8"));
    const entries: Json[] = readFileSync(path.join(dir2, "rehearsal-requests.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    for (const id of ["A1", "A2"]) {
      const agent = result.agents.find((a: Json) => a.id === id);
      assert.equal(agent.status, "succeeded", id);
      assert.equal(agent.usage.continuedSession, true, id);
      assert.equal(agent.usage.sessionId, failed.agents.find((a: Json) => a.id === id).usage.sessionId, `${id}: the same session`);
      const firstRequest = entries.find((e) => e.agent === id && e.session);
      assert.ok(firstRequest, id);
      assert.ok(firstRequest.history >= 1, `${id}: the conversation of the first run came along`);
      assert.match(firstRequest.lastUser, /interrupted because there was no output/, id);
    }
  });
});
