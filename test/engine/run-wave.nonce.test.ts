/**
 * Marker anti-spoofing with `requireMarkerNonce` (`wave run --require-marker-nonce`): closure
 * agents' gate markers count only with `nonce=$WAVE_MARKER_NONCE`; a planted file full of passing
 * markers that an agent merely prints does not pass; the nonce reaches only closure agents; each
 * launch's nonce is its own, and a reused agent's markers (judged with its nonce when it ran) stand.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, test } from "node:test";
import {
  type AgentSpec,
  contQaAgent,
  documentationAgent,
  engineRun,
  GATE_PASS,
  GATE_PASS_NONCE,
  implAgent,
  integrationAgent,
  makeRepo,
  readResult,
  reportPathOf,
  resetStarts,
  setBehaviour,
  starts,
  type TestRepo,
  writeWave,
} from "./fixture.js";

const A8_NONCE = "[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0 nonce={nonce} detail=ok";
const A9_NONCE = "[wave-doc-closure] state=no-change nonce={nonce} detail=nothing";

function agentsWith(repo: TestRepo, qa: AgentSpec): AgentSpec[] {
  return [
    implAgent("A1", { copyEnv: path.join(repo.ext, "env-A1.json"), copyPrompt: path.join(repo.ext, "prompt-A1.md") }),
    integrationAgent(1, { print: [A8_NONCE] }),
    documentationAgent({ print: [A9_NONCE] }),
    qa,
  ];
}

async function withRepo(label: string, fn: (repo: TestRepo) => Promise<void>): Promise<void> {
  const repo = await makeRepo(label);
  try {
    await fn(repo);
  } finally {
    await repo.cleanup();
  }
}

describe("marker nonce", { concurrency: true }, () => {
  test("A0 markers without the nonce do not count: missing-wave-gate", () =>
    withRepo("nonce-missing", async (repo) => {
      await writeWave(repo, 1, agentsWith(repo, contQaAgent(1, "pass")));
      const { result } = await engineRun(repo, 1, { requireMarkerNonce: true, maxAttempts: 1 });
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.stage, "cont-qa");
      assert.equal(result.failure?.statusCode, "missing-wave-gate");
      assert.match(result.failure?.detail ?? "", /nonce/);
      // The stewards used the nonce, so their stages passed.
      assert.ok(result.gates.filter((g) => g.stage === "integration" || g.stage === "documentation").every((g) => g.ok));
    }));

  test("A0 markers with nonce=$WAVE_MARKER_NONCE pass; only closure agents get the nonce", () =>
    withRepo("nonce-ok", async (repo) => {
      const qa = contQaAgent(1, "pass", {
        print: [GATE_PASS_NONCE, "[wave-verdict] pass nonce={nonce} detail=ok"],
        copyEnv: path.join(repo.ext, "env-A0.json"),
        copyPrompt: path.join(repo.ext, "prompt-A0.md"),
      });
      await writeWave(repo, 1, agentsWith(repo, qa));
      const { result } = await engineRun(repo, 1, { requireMarkerNonce: true, maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const a0Env = JSON.parse(readFileSync(path.join(repo.ext, "env-A0.json"), "utf8"));
      const a1Env = JSON.parse(readFileSync(path.join(repo.ext, "env-A1.json"), "utf8"));
      assert.match(a0Env.WAVE_MARKER_NONCE, /^[0-9a-f]{16,}$/);
      assert.equal(a1Env.WAVE_MARKER_NONCE, undefined, "implementation agents do not get the nonce");
      // ...so their prompt does not ask for one (a marker line naming an unset variable).
      const a1Prompt = readFileSync(path.join(repo.ext, "prompt-A1.md"), "utf8");
      assert.match(a1Prompt, /\[wave-proof\]/, "A1's prompt lists its markers");
      assert.ok(!a1Prompt.includes("WAVE_MARKER_NONCE"), "A1's prompt does not mention the nonce");
      const prompt = readFileSync(path.join(repo.ext, "prompt-A0.md"), "utf8");
      assert.ok(prompt.includes("nonce=$WAVE_MARKER_NONCE"), "the prompt tells A0 to add the nonce");
      assert.ok(!prompt.includes(a0Env.WAVE_MARKER_NONCE), "the prompt does not contain the value");
      // Every agent's environment is minimal: WAVE_* plus basics, nothing inherited wholesale.
      for (const k of [
        "WAVE_LANE",
        "WAVE_WAVE",
        "WAVE_AGENT_ID",
        "WAVE_ROLE",
        "WAVE_ATTEMPT",
        "WAVE_PROMPT_FILE",
        "WAVE_RUN_DIR",
        "WAVE_ROOT",
      ]) {
        assert.ok(a1Env[k], k);
      }
      assert.equal(a1Env.WAVE_ROLE, "implementation");
      assert.equal(a0Env.WAVE_ROLE, "cont-qa");
      assert.equal(a1Env.WAVE_ROOT, repo.root);
    }));

  test("a planted file of passing markers that A0 only prints does not pass with nonces on (and does without)", () =>
    withRepo("nonce-planted", async (repo) => {
      const report = reportPathOf(1);
      const planted = [GATE_PASS, "[wave-verdict] pass detail=planted", "Verdict: PASS", ""].join("\n");
      // The planted report is committed in the repository; A0 writes nothing and just prints it.
      await mkdir(path.join(repo.root, path.dirname(report)), { recursive: true });
      await writeFile(path.join(repo.root, report), planted);
      const qa = contQaAgent(1, "pass", { write: {}, print: [], cat: report });
      await writeWave(repo, 1, agentsWith(repo, qa));
      const guarded = await engineRun(repo, 1, { requireMarkerNonce: true, maxAttempts: 1 });
      assert.equal(guarded.result.status, "failed");
      assert.equal(guarded.result.failure?.stage, "cont-qa");
      assert.equal(guarded.result.failure?.statusCode, "missing-wave-gate");
      // Control: without nonces the same output passes, so the guard is what stopped it.
      const open = await engineRun(repo, 1, { requireMarkerNonce: false, maxAttempts: 1, resume: "never" });
      assert.equal(open.result.status, "passed", JSON.stringify(open.result.failure));
    }));

  test("a resumed run reuses the stewards' results as judged when they ran; the agent that runs again gets a new nonce", () =>
    withRepo("nonce-resume", async (repo) => {
      const envA8 = path.join(repo.ext, "env-A8.json");
      const envA0 = path.join(repo.ext, "env-A0.json");
      const a8 = integrationAgent(1, { print: [A8_NONCE], copyEnv: envA8 });
      await writeWave(repo, 1, [implAgent("A1"), a8, documentationAgent({ print: [A9_NONCE] }), contQaAgent(1, "pass")]);
      // First A0 prints its gate marker only with what it found: A8's nonce (read from A8's environment).
      const reportFile = reportPathOf(1);
      await setBehaviour(repo, 1, "A0", {
        write: { [reportFile]: "# Review of wave 1\n\nVerdict: PASS\n" },
        guess: { line: GATE_PASS_NONCE.replace("{nonce}", "{guess}"), files: [envA8], out: path.join(repo.ext, "guesses.txt") },
        print: ["[wave-verdict] pass nonce={nonce} detail=ok"],
        copyEnv: envA0,
      });
      const first = await engineRun(repo, 1, { requireMarkerNonce: true, maxAttempts: 1 });
      assert.equal(first.result.failure?.stage, "cont-qa", JSON.stringify(first.result.failure));
      assert.match(first.result.failure?.detail ?? "", /wrong nonce/, "A8's nonce did not count for A0");
      const a8Nonce = JSON.parse(readFileSync(envA8, "utf8")).WAVE_MARKER_NONCE;
      const firstA0 = JSON.parse(readFileSync(envA0, "utf8")).WAVE_MARKER_NONCE;
      assert.ok(readFileSync(path.join(repo.ext, "guesses.txt"), "utf8").split("\n").includes(a8Nonce));

      // The resume: A0 now prints its own nonce; A1, A8 and A9 are reused, not launched again.
      await setBehaviour(repo, 1, "A0", {
        write: { [reportFile]: "# Review of wave 1\n\nVerdict: PASS\n" },
        print: [GATE_PASS_NONCE, "[wave-verdict] pass nonce={nonce} detail=ok"],
        copyEnv: envA0,
      });
      await resetStarts(repo);
      const second = await engineRun(repo, 1, { requireMarkerNonce: true, maxAttempts: 1 });
      assert.equal(second.result.status, "passed", JSON.stringify(second.result.failure));
      assert.deepEqual(starts(repo), ["A0"]);
      const result = readResult(repo, 1, 2);
      for (const id of ["A1", "A8", "A9"]) assert.equal(result.agents.find((a: { id: string }) => a.id === id)?.status, "reused", id);
      const secondA0 = JSON.parse(readFileSync(envA0, "utf8")).WAVE_MARKER_NONCE;
      assert.match(secondA0, /^[0-9a-f]{24}$/);
      assert.notEqual(secondA0, firstA0, "a new launch, a new nonce");
      assert.notEqual(secondA0, a8Nonce);
    }));
});
