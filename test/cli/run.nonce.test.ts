/**
 * `wave run --require-marker-nonce` end to end: every launch of a closure agent gets a nonce of its
 * own, and nothing the orchestrator prints or writes holds one. The agents record the nonce they
 * got (their environment, in a file outside the repository); then the CLI's output and every file
 * of the state directory are searched for each of them. The cont-QA agent plays the attacker: it
 * prints its gate marker with every token that could be a nonce, gathered from everything of the
 * run it can read (the run directory: launch previews, prompts, progress, the other agents' logs)
 * and from the other agents' environments; none of them counts.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  readResult,
  runDirOf,
  wave,
  writeWave,
} from "../engine/fixture.js";

const GATE_GUESS = "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass nonce={guess} detail=guessed";

/** Every regular file under `dir`. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

test("each closure launch has a nonce of its own that nothing the run prints or writes holds, and no other value counts", async () => {
  const repo = await makeRepo("nonce-per-agent");
  try {
    const envOf = (id: string) => path.join(repo.ext, `env-${id}.json`);
    const guesses = path.join(repo.ext, "guesses.txt");
    await writeWave(repo, 1, [
      implAgent("A1", { copyEnv: envOf("A1") }),
      integrationAgent(1, {
        copyEnv: envOf("A8"),
        // Its own nonce in its marker, and echoed where no `nonce=` announces it.
        print: [
          "[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0 nonce={nonce} detail=ok",
          "echo of my value: {nonce} (and again:{nonce})",
        ],
        stderr: ["on stderr too: {nonce}"],
      }),
      documentationAgent({ copyEnv: envOf("A9"), print: ["[wave-doc-closure] state=no-change nonce={nonce} detail=mine is {nonce}"] }),
      contQaAgent(1, "pass", {
        copyEnv: envOf("A0"),
        // Its verdict with its own nonce; its gate marker only with guesses.
        print: ["[wave-verdict] pass nonce={nonce} detail=ok"],
        guess: { line: GATE_GUESS, files: [envOf("A8"), envOf("A9"), envOf("A1")], out: guesses },
      }),
    ]);
    const r = await wave(repo, ["run", "--wave", "1", "--max-attempts", "1", "--require-marker-nonce"], { timeoutMs: 120_000 });

    // What each agent got: a nonce of its own for each closure agent, none for the implementation agent.
    const env = (id: string): Json => JSON.parse(readFileSync(envOf(id), "utf8"));
    assert.equal(env("A1").WAVE_MARKER_NONCE, undefined);
    const nonces = Object.fromEntries(["A8", "A9", "A0"].map((id) => [id, env(id).WAVE_MARKER_NONCE as string]));
    for (const [id, nonce] of Object.entries(nonces)) assert.match(nonce, /^[0-9a-f]{24}$/, id);
    assert.equal(new Set(Object.values(nonces)).size, 3, "every agent has a nonce of its own");

    // The stewards used their own: their stages passed. A0's guesses did not count.
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "failed", r.stdout + r.stderr);
    assert.ok(result.gates.some((g: Json) => g.stage === "integration" && g.ok));
    assert.ok(result.gates.some((g: Json) => g.stage === "documentation" && g.ok));
    assert.equal(result.failure?.stage, "cont-qa");
    assert.equal(result.failure?.statusCode, "missing-wave-gate");
    assert.match(result.failure?.detail ?? "", /wrong nonce/);

    // A0 tried the other agents' nonces (read from their environments) and everything else it found.
    const tried = readFileSync(guesses, "utf8").split("\n").filter(Boolean);
    assert.ok(tried.includes(nonces.A8!) && tried.includes(nonces.A9!), "A0 tried the other agents' nonces");
    assert.ok(!tried.includes(nonces.A0!), "nothing A0 could read held its own nonce");
    const summaryFile = path.join(runDirOf(repo, 1, 1), "agents", "A0", "summary.json");
    const summary: Json = JSON.parse(readFileSync(summaryFile, "utf8"));
    assert.deepEqual(summary.diagnostics.counts.gate, { seen: tried.length, accepted: 0, rejected: tried.length, warnings: 0 });
    const samples = summary.diagnostics.samples.filter((x: Json) => x.kind === "gate");
    assert.ok(samples.length > 0);
    for (const d of samples) assert.equal(d.reason, "wrong nonce");
    assert.deepEqual(summary.diagnostics.counts.verdict, { seen: 1, accepted: 1, rejected: 0, warnings: 0 }, "A0's own nonce counted");

    // No nonce anywhere the run printed or wrote.
    const stateDir = path.join(repo.root, ".wave");
    assert.ok(existsSync(stateDir));
    const files = filesUnder(stateDir);
    assert.ok(files.some((f) => f.endsWith("launch.json")) && files.some((f) => f.endsWith("agent.log")));
    for (const [id, nonce] of Object.entries(nonces)) {
      assert.ok(!r.stdout.includes(nonce), `${id}'s nonce is not on stdout`);
      assert.ok(!r.stderr.includes(nonce), `${id}'s nonce is not on stderr`);
      for (const file of files) {
        assert.ok(!readFileSync(file, "latin1").includes(nonce), `${id}'s nonce is not in ${path.relative(stateDir, file)}`);
      }
    }
    // ...while the agents' lines are there, masked.
    const a8Log = readFileSync(path.join(runDirOf(repo, 1, 1), "agents", "A8", "agent.log"), "utf8");
    assert.match(a8Log, /\[wave-integration\] .* nonce=\*\*\* detail=ok/);
    assert.match(a8Log, /echo of my value: \*\*\* \(and again:\*\*\*\)/);
    assert.match(a8Log, /on stderr too: \*\*\*/);
    assert.match(r.stdout, /\[wave-integration\] [^\n]*nonce=\*\*\*/, "the progress lines show the marker, masked");
    const a9: Json = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "agents", "A9", "summary.json"), "utf8"));
    assert.equal(a9.docClosure?.detail, "mine is ***", "a nonce echoed in a marker's detail is masked in the summary");
  } finally {
    await repo.cleanup();
  }
});
