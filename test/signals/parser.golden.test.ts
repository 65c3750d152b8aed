import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parseSignals } from "../../src/signals/parser.js";
import { describeSignals } from "./describe.js";
import { FIXTURE_DIR, FIXTURE_NONCE, LOG_FIXTURES, readFixture } from "./fixtures.js";

/** Parses a fixture in the transcript format of the executor that wrote it. */
const parse = (file: string, nonce: string | null = FIXTURE_NONCE) =>
  parseSignals(readFixture(file), { nonce, transcript: LOG_FIXTURES.find((f) => f.file === file)!.transcript });

for (const fixture of LOG_FIXTURES) {
  test(`golden: ${fixture.file}`, () => {
    const golden = readFileSync(path.join(FIXTURE_DIR, fixture.file.replace(/\.[a-z]+$/, ".golden.txt")), "utf8");
    const input = readFixture(fixture.file);
    assert.equal(describeSignals(parseSignals(input, { nonce: fixture.nonce, transcript: fixture.transcript })), golden);
    // A `command` agent that replays the same transcript (text format) gets the same result.
    assert.equal(describeSignals(parseSignals(input, { nonce: fixture.nonce, transcript: "text" })), golden);
  });
}

test("codex --json implementation log: final agent_message markers, reasoning ignored, phase from an earlier message", () => {
  const r = parse("implementation-codex.jsonl");
  assert.deepEqual(
    { completion: r.proof?.completion, durability: r.proof?.durability, proof: r.proof?.proof, state: r.proof?.state },
    { completion: "integrated", durability: "durable", proof: "integration", state: "met" },
  );
  assert.equal(r.counts.proof?.seen, 1, "the [wave-proof] line inside the reasoning item is not output");
  assert.deepEqual(r.docDelta?.paths, ["docs/auth.md"]);
  assert.equal(r.components[0]?.componentId, "auth-service");
  assert.equal(r.phase?.phase, "validating");
  assert.equal(r.proof?.line, 10, "line numbers are JSONL line numbers");
});

test("plain implementation log: quoted prompt in a mixed fence is rejected, marker-only fence counts, malformed marker diagnosed", () => {
  const r = parse("implementation-plain.log");
  assert.equal(r.proof?.state, "gap");
  assert.equal(r.proof?.detail, "retry path not load-tested");
  const reasons = r.diagnostics.filter((d) => d.kind === "proof").map((d) => [d.line, d.reason]);
  assert.deepEqual(reasons, [
    [6, "inside mixed fence"],
    [11, "missing key state"],
  ]);
  assert.deepEqual(
    r.gaps.map((g) => g.kind),
    ["durability", "ops"],
  );
  assert.equal(r.components[0]?.state, "gap");
});

test("design, documentation, integration, security, cont-EVAL, cont-QA logs carry their gate markers", () => {
  assert.equal(parse("design-plain.log").design?.state, "ready-for-implementation");
  assert.equal(parse("documentation-plain.log").docClosure?.state, "closed");
  const integration = parse("integration-claude.jsonl").integration;
  assert.equal(integration?.state, "ready-for-doc-closure");
  assert.equal(integration?.claims, 3);
  const security = parse("security-claude.jsonl");
  assert.equal(security.security?.state, "concerns", "the Write tool input and the thinking block are not output");
  assert.equal(security.counts.security?.seen, 1, "claude's result event repeats the final message and is not counted twice");
  const evalMarker = parse("cont-eval-codex.jsonl").eval;
  assert.equal(evalMarker?.state, "satisfied");
  assert.deepEqual(evalMarker?.benchmarkIds, ["k6-smoke", "k6-soak", "error-budget"]);
  const qa = parse("cont-qa-claude.jsonl");
  assert.equal(qa.logVerdict?.verdict, "pass", "the last verdict wins over the earlier concerns");
  assert.equal(qa.gate?.live, "gap");
});

test("cont-QA log: a tool result quoting another agent's gate markers is not read at all", () => {
  const qa = parse("cont-qa-claude.jsonl");
  assert.equal(qa.counts.gate?.seen, 1, "only the agent's own [wave-gate] is seen");
  assert.deepEqual(qa.diagnostics, [], "the quoted markers are not even candidates");
  assert.equal(qa.gate?.line, 8);
  // Not because of the nonce: without a nonce requirement the quoted markers still do not count.
  const open = parse("cont-qa-claude.jsonl", null);
  assert.equal(open.counts.gate?.accepted, 1);
  assert.equal(open.gate?.live, "gap");
});

test("claude max-turns transcript reports the turn limit", () => {
  const r = parse("max-turns-claude.jsonl", null);
  assert.equal(r.termination.turnLimitReached, true);
  assert.equal(r.termination.observedTurnLimit, 8);
  assert.equal(r.proof, null);
});

test("deploy and infra status lines: both key orders, rolled-back alias, last wins", () => {
  const r = parse("infra-deploy-plain.log", null);
  assert.equal(r.deployStatus?.state, "healthy");
  assert.equal(r.counts["deploy-status"]?.accepted, 2);
  assert.equal(r.infraStatus?.state, "drift");
  assert.equal(r.phase?.phase, "finalizing");
});
