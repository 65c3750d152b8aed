/**
 * The clarification barrier's follow-ups (requests that follow up a clarification) and the stage
 * of the infra and clarification results: which follow-up is settled, who is blamed for an open
 * one, and the exact detail a run records, with its "and N more" cut-off.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { clarificationGate, infraGate } from "../../src/closure/barriers.js";
import type { GateInputs, OpenBlocker } from "../../src/closure/types.js";
import { baseInputs, withLog } from "./helpers.js";

function withRecords(records: OpenBlocker[]): GateInputs {
  const inputs = baseInputs();
  return { ...inputs, coordination: { ...inputs.coordination, openBlockers: records } };
}

function followUp(id: string, extra: Partial<OpenBlocker> = {}): OpenBlocker {
  return { id, kind: "request", agentId: "A1", summary: `ask ${id}`, severity: "hard", targets: ["A2"], followUpOf: "clar-1", ...extra };
}

const PASS_DETAIL = "No open human feedback, clarification requests or follow-ups.";

test("an open follow-up fails the clarification barrier with the full detail, blaming its target", () => {
  const gate = clarificationGate(withRecords([followUp("req-2", { summary: "confirm the limit" })]));
  assert.deepEqual(gate, {
    stage: "clarification",
    agentId: "A2",
    ok: false,
    statusCode: "clarification-follow-up-open",
    detail: "Open follow-up request(s) of a clarification: req-2 (follows up clar-1: confirm the limit).",
  });
});

test("three open follow-ups are all listed, with no 'more' tail", () => {
  const gate = clarificationGate(withRecords([followUp("r1"), followUp("r2", { followUpOf: "clar-2" }), followUp("r3")]));
  assert.equal(gate.ok, false);
  assert.equal(
    gate.detail,
    "Open follow-up request(s) of a clarification: r1 (follows up clar-1: ask r1); r2 (follows up clar-2: ask r2); r3 (follows up clar-1: ask r3).",
  );
});

test("more than three open follow-ups: the first three, then how many more", () => {
  const gate = clarificationGate(withRecords(["r1", "r2", "r3", "r4", "r5"].map((id) => followUp(id))));
  assert.equal(
    gate.detail,
    "Open follow-up request(s) of a clarification: r1 (follows up clar-1: ask r1); r2 (follows up clar-1: ask r2); r3 (follows up clar-1: ask r3) and 2 more.",
  );
  assert.equal(gate.agentId, "A2");
});

test("a follow-up answered by its target is settled", () => {
  const gate = clarificationGate(withRecords([followUp("req-2", { answeredBy: ["A2"] })]));
  assert.equal(gate.ok, true);
  assert.equal(gate.statusCode, "pass");
  assert.equal(gate.detail, PASS_DETAIL);
});

test("a follow-up addressed to two agents is settled when one of them answered it", () => {
  const gate = clarificationGate(withRecords([followUp("req-2", { targets: ["A2", "A7"], answeredBy: ["A7"] })]));
  assert.equal(gate.ok, true, gate.detail);
  assert.equal(gate.statusCode, "pass");
});

test("an answer by an agent the follow-up is not addressed to does not settle it", () => {
  const gate = clarificationGate(withRecords([followUp("req-2", { targets: ["A2"], answeredBy: ["A7"] })]));
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "clarification-follow-up-open");
});

test("an agent:<id> target counts as that agent: its answer settles the follow-up, and it is blamed while open", () => {
  const answered = clarificationGate(withRecords([followUp("req-2", { targets: ["agent:A2"], answeredBy: ["A2"] })]));
  assert.equal(answered.ok, true, answered.detail);
  const open = clarificationGate(withRecords([followUp("req-2", { targets: ["component:auth-service", "agent:A7"] })]));
  assert.equal(open.ok, false);
  assert.equal(open.agentId, "A7");
});

test("a follow-up with no agent target blames the agent that asked it", () => {
  const noTargets = followUp("req-2", { agentId: "A9" });
  delete noTargets.targets;
  const gate = clarificationGate(withRecords([noTargets]));
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "clarification-follow-up-open");
  assert.equal(gate.agentId, "A9");
  const componentOnly = clarificationGate(withRecords([followUp("req-3", { agentId: "A9", targets: ["component:auth-service"] })]));
  assert.equal(componentOnly.agentId, "A9");
});

test("only a request follows up a clarification: a blocker naming one is left to the other gates", () => {
  const blocker = followUp("blk-1", { kind: "blocker" });
  const gate = clarificationGate(withRecords([blocker]));
  assert.equal(gate.ok, true, gate.detail);
  assert.equal(gate.detail, PASS_DETAIL);
});

test("a request that follows up nothing is no follow-up", () => {
  const gate = clarificationGate(withRecords([followUp("req-4", { followUpOf: null })]));
  assert.equal(gate.ok, true, gate.detail);
});

test("open clarification requests fail with the clarification stage", () => {
  const request: OpenBlocker = { id: "c1", kind: "clarification-request", agentId: "A2", summary: "which limit?", severity: "hard" };
  const gate = clarificationGate(withRecords([request]));
  assert.deepEqual(gate, {
    stage: "clarification",
    agentId: "A2",
    ok: false,
    statusCode: "clarification-open",
    detail: "Open clarification request(s): c1 (which limit?).",
  });
});

test("a blocking infra state fails the infra stage, naming the agent", () => {
  const gate = infraGate(withLog(baseInputs(), "A2", "[infra-status] kind=db target=pg state=down"));
  assert.equal(gate.stage, "infra");
  assert.equal(gate.agentId, "A2");
  assert.equal(gate.ok, false);
  assert.equal(gate.statusCode, "infra-down");
  assert.equal(gate.logPath, "agents/A2/agent.log");
});
