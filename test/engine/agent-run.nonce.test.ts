/**
 * Marker nonces are drawn per launch: each launch of a closure agent gets a new one, other agents
 * none, and the run keeps every one it issued (to mask them in what it writes and prints).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { launchNonce, MarkerNonces } from "../../src/engine/agent-run.js";
import type { PreparedAgent } from "../../src/engine/types.js";

const agentIn = (phase: string) => ({ phase }) as unknown as PreparedAgent;

test("every launch of a closure agent draws a new nonce; other agents and runs without nonces get none", () => {
  const nonces = new MarkerNonces();
  const ctx = { markerNonces: nonces };
  const drawn = ["cont-eval", "security", "integration", "documentation", "cont-qa", "cont-qa"].map((p) => launchNonce(ctx, agentIn(p)));
  for (const n of drawn) assert.match(n ?? "", /^[0-9a-f]{24}$/);
  assert.equal(new Set(drawn).size, drawn.length, "no two launches share a nonce");
  assert.equal(launchNonce(ctx, agentIn("implementation")), null);
  assert.equal(launchNonce(ctx, agentIn("design")), null);
  assert.deepEqual(nonces.issued, drawn, "the run keeps every nonce it issued, in order");
  assert.equal(launchNonce({ markerNonces: null }, agentIn("cont-qa")), null);
});
