/**
 * The executors an agent may run with (pure): its own first, then its fallbacks when it allows them
 * on a retry; where it starts in that chain when the preflight found its own executor missing.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { executorChain, startInChain } from "../../src/engine/preflight.js";

test("the chain is the agent's executor, then its fallbacks (once each) only when it allows them", () => {
  assert.deepEqual(executorChain({ id: "codex", allowFallbackOnRetry: true, fallbacks: ["claude", "codex", "opencode", "claude"] }), [
    "codex",
    "claude",
    "opencode",
  ]);
  assert.deepEqual(executorChain({ id: "codex", allowFallbackOnRetry: false, fallbacks: ["claude"] }), ["codex"]);
  assert.deepEqual(executorChain({ id: "local", allowFallbackOnRetry: true, fallbacks: [] }), ["local"]);
});

test("an agent starts with its own executor when the preflight found it (or found nothing)", () => {
  assert.equal(startInChain(["codex", "claude"], "codex"), null);
  assert.equal(startInChain(["codex", "claude"], undefined), null);
  assert.equal(startInChain(["codex", "claude"], null), null);
});

test("a fallback standing in for a missing executor is where the agent starts; one outside the chain is added to it", () => {
  assert.deepEqual(startInChain(["codex", "claude", "opencode"], "opencode"), { chain: ["codex", "claude", "opencode"], index: 2 });
  const chain = ["codex"] as const;
  assert.deepEqual(startInChain(chain, "claude"), { chain: ["codex", "claude"], index: 1 });
  assert.deepEqual(chain, ["codex"]);
});
