/**
 * Gemini CLI has no model endpoint of ours (the rehearsal server and the model proxy do not speak
 * the Gemini API), so with `model-proxy: on` a gemini agent is one the proxy cannot carry: the run
 * refuses it before anything starts (and `wave doctor` names it), rather than handing its key to
 * the agent. `local` and `command` agents, which hold no key, are not named.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { geminiAdapter } from "../../../src/executors/gemini/adapter.js";
import { preflightSkips, proxyWillCarry } from "../../../src/proxy/wiring.js";

test("model-proxy on: a gemini agent cannot go through the proxy and says why", () => {
  assert.equal(geminiAdapter.endpoint, undefined);
  const agents = [
    { agentId: "A1", executor: "gemini", model: "gemini-2.5-pro" },
    { agentId: "A2", executor: "local", model: null },
    { agentId: "A3", executor: "command", model: null },
  ];
  const skips = preflightSkips(agents, { GEMINI_API_KEY: "AIza-x" }, false);
  assert.deepEqual(
    skips.map((s) => [s.agentId, s.executor]),
    [["A1", "gemini"]],
  );
  assert.match(skips[0]!.reason, /gemini/);
  assert.equal(proxyWillCarry("on", "gemini", null, { GEMINI_API_KEY: "AIza-x" }, false), false);
});
