/**
 * Which summary a gate reads and what it quotes from it (src/closure/util.ts): an absent role has
 * no summary even when an agent's id is the text "null", and a rejected marker whose line the
 * parser kept no sample of is reported as rejected without quoting a line.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { markerProblem, markerProblems, summaryOf } from "../../src/closure/util.js";
import { parseSignals } from "../../src/signals/parser.js";
import { assembleExecutionSummary } from "../../src/signals/execution-summary.js";
import { agentDef, baseInputs, summary as summaryFor } from "./helpers.js";

const PROOF_SYNTAX =
  "[wave-proof] completion=contract|integrated|authoritative|live durability=none|ephemeral|durable proof=unit|integration|live state=met|gap detail=<text>";
const DOC_SYNTAX = "[wave-doc-delta] state=none|owned|shared-plan paths=<a,b> detail=<text>";

test("an absent role (null) has no summary, even when an agent of the wave is named null", () => {
  const inputs = baseInputs();
  const agent = agentDef("null");
  const wave = { ...inputs.wave, agents: [...inputs.wave.agents, agent] };
  const named = { ...inputs, wave, summaries: { ...inputs.summaries, null: summaryFor(agent, "done") } };
  assert.equal(summaryOf(named, null), null);
  assert.equal(summaryOf(named, "null")?.agentId, "null");
});

test("a rejected marker whose line was not kept as a sample is reported as not accepted, quoting no line", () => {
  const agent = agentDef("A1");
  const signals = parseSignals("[wave-proof] completion=done state=met", { nonce: null, maxSamplesPerKind: 0 });
  const summary = assembleExecutionSummary({
    agent,
    signals,
    exitCode: 0,
    logPath: null,
    reportPath: null,
    deliverables: [],
    proofArtifacts: [],
    report: null,
  });
  assert.equal(summary.diagnostics.counts.proof?.rejected, 1);
  assert.deepEqual(summary.diagnostics.samples, []);
  assert.deepEqual(markerProblem(summary, "proof", "A1"), {
    invalid: true,
    detail: `A1 printed [wave-proof] once but it was not accepted. Print it on a line of its own, outside code blocks that hold other text, as: ${PROOF_SYNTAX}.`,
  });
  assert.deepEqual(markerProblems(summary, "A1", [{ kind: "proof" }, { kind: "doc-delta" }]), {
    invalid: true,
    detail: `A1 is missing 2 required markers. [wave-proof]: printed once but not accepted. [wave-doc-delta]: not printed. Print each on a line of its own, outside code blocks that hold other text: ${PROOF_SYNTAX} | ${DOC_SYNTAX}. See docs/markers.md for every marker.`,
  });
});
