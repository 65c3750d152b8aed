/**
 * The failure of a run that threw: a UserError (what the caller got wrong, found before any agent
 * started) is the preflight's; anything else is an internal error of the orchestrator.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { thrownFailure } from "../../src/engine/finish.js";
import { UserError } from "../../src/errors.js";

test("a UserError is a preflight error with its message", () => {
  assert.deepEqual(thrownFailure(new UserError("codex is not installed", 2)), {
    stage: "preflight",
    agentId: null,
    statusCode: "error",
    detail: "codex is not installed",
    log: null,
  });
});

test("anything else is an internal error of the orchestrator, with its message or its text", () => {
  assert.deepEqual(thrownFailure(new Error("disk full")), {
    stage: "orchestrator",
    agentId: null,
    statusCode: "internal-error",
    detail: "disk full",
    log: null,
  });
  assert.equal(thrownFailure("boom").detail, "boom");
});

test("a UserError after agents started (a state write on a full disk) is the orchestrator's, not the preflight's", () => {
  const error = new UserError("cannot write agents/A1/summary.json: ENOSPC: no space left on device", 2);
  assert.deepEqual(thrownFailure(error, true), {
    stage: "orchestrator",
    agentId: null,
    statusCode: "error",
    detail: error.message,
    log: null,
  });
  assert.equal(thrownFailure(error, false).stage, "preflight");
});
