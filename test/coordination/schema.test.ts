import assert from "node:assert/strict";
import { test } from "node:test";
import { AGENT_POSTABLE_KINDS, COORDINATION_KINDS, CoordinationKindSchema } from "../../src/coordination/schema.js";

test("an agent may post every coordination kind but the orchestrator's; the record takes both", () => {
  const agents = ["request", "ack", "claim", "evidence", "decision", "blocker", "handoff", "clarification-request", "integration-summary"];
  const orchestrator = ["orchestrator-guidance", "resolved-by-policy", "human-escalation", "human-feedback", "lifecycle"];
  assert.deepEqual(AGENT_POSTABLE_KINDS, agents);
  assert.deepEqual(COORDINATION_KINDS, [...agents, ...orchestrator]);
  for (const kind of COORDINATION_KINDS) assert.equal(CoordinationKindSchema.safeParse(kind).success, true, kind);
  assert.equal(CoordinationKindSchema.safeParse("gossip").success, false);
});
