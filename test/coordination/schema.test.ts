import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POSTABLE_KINDS, COORDINATION_KINDS } from "../../src/coordination/schema.js";

test("an agent may post every coordination kind but the orchestrator's, in the schema's order", () => {
  const agents = ["request", "ack", "claim", "evidence", "decision", "blocker", "handoff", "clarification-request", "integration-summary"];
  const orchestrator = ["orchestrator-guidance", "resolved-by-policy", "human-escalation", "human-feedback", "lifecycle"];
  assert.deepEqual(AGENT_POSTABLE_KINDS, agents);
  assert.deepEqual(
    COORDINATION_KINDS.filter((k) => !AGENT_POSTABLE_KINDS.includes(k)),
    orchestrator,
  );
});
