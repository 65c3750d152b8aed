/**
 * The whole gate result the design and security gates record (src/closure/design.ts, security.ts):
 * a failure and an advisory pass each carry their own stage, the reviewer, the status code, the
 * exact detail and the reviewer's log path.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { designAgentGate } from "../../src/closure/design.js";
import { securityAgentGate } from "../../src/closure/security.js";
import { baseInputs, NONCE, withLog } from "./helpers.js";

const n = ` nonce=${NONCE}`;

test("a design agent that did not print [wave-design] fails the design stage, blamed on it", () => {
  const inputs = withLog(baseInputs(), "D1", "Packet written.");
  assert.deepEqual(designAgentGate(inputs, "D1"), {
    stage: "design",
    agentId: "D1",
    ok: false,
    statusCode: "missing-wave-design",
    detail:
      "D1 did not print a [wave-design] marker. End its output with a line: [wave-design] state=ready-for-implementation|needs-clarification|blocked decisions=<n> assumptions=<n> open_questions=<n> detail=<text> (with nonce=<WAVE_MARKER_NONCE> when nonces are on).",
    logPath: "agents/D1/agent.log",
  });
});

test("a security reviewer that blocks fails the security stage, blamed on it", () => {
  const inputs = withLog(baseInputs(), "A7", `[wave-security] state=blocked findings=2 approvals=0 detail=token in logs${n}`);
  assert.deepEqual(securityAgentGate(inputs, "A7"), {
    stage: "security",
    agentId: "A7",
    ok: false,
    statusCode: "security-blocked",
    detail: "A7 blocked the wave on security grounds: token in logs",
    logPath: "agents/A7/agent.log",
  });
});

test("a security reviewer with advisory concerns passes the security stage as security-concerns", () => {
  const inputs = withLog(baseInputs(), "A7", `[wave-security] state=concerns findings=3 approvals=0 detail=rate limits${n}`);
  assert.deepEqual(securityAgentGate(inputs, "A7"), {
    stage: "security",
    agentId: "A7",
    ok: true,
    statusCode: "security-concerns",
    detail: "A7 reported advisory concerns (3 finding(s)): rate limits",
    logPath: "agents/A7/agent.log",
  });
});
