/** The short prompt a resumed session gets. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { continuePrompt, interruptionText } from "../../src/sessions/continue-prompt.js";

describe("continue prompt", () => {
  test("each reason in plain words", () => {
    assert.equal(interruptionText({ kind: "timeout", minutes: 30 }), "the deadline of 30 minutes was reached");
    assert.equal(interruptionText({ kind: "timeout", minutes: 1 }), "the deadline of 1 minute was reached");
    assert.equal(interruptionText({ kind: "timeout", minutes: 0.5 }), "the deadline of 30 seconds was reached");
    assert.equal(interruptionText({ kind: "timeout", minutes: Number.NaN }), "the deadline was reached");
    assert.equal(interruptionText({ kind: "idle-timeout", minutes: 5 }), "there was no output for 5 minutes");
    assert.equal(interruptionText({ kind: "rate-limit" }), "the API rate limit persisted");
    assert.equal(interruptionText({ kind: "budget", usd: 1 }), "your budget of $1.00 was spent");
    assert.equal(interruptionText({ kind: "budget" }), "your budget was spent");
    assert.equal(interruptionText({ kind: "other", text: "  the runner\nwas restarted.  " }), "the runner was restarted");
    assert.equal(interruptionText({ kind: "other", text: " . " }), "the run was stopped");
  });

  test("the whole prompt, with the marker instructions the engine passes", () => {
    const markers = "[wave-gate] architecture=pass integration=pass nonce=ab12cd\nEnd with that line exactly.";
    assert.equal(
      continuePrompt({ agentId: "A8", reason: { kind: "idle-timeout", minutes: 5 }, markerInstructions: `\n${markers}\n\n` }),
      [
        "You are agent A8, continuing your own session. Your previous run was interrupted because there was no output for 5 minutes.",
        "",
        "Your earlier work is kept: everything in this session so far and every change you made in the working tree. Do not start over. Check where you stopped, continue from there and finish the task you were given.",
        "",
        "When you are done, end your final message with the marker lines your task requires:",
        "",
        "[wave-gate] architecture=pass integration=pass nonce=ab12cd",
        "End with that line exactly.",
        "",
      ].join("\n"),
    );
  });

  test("no marker instructions: the agent is pointed to its original ones", () => {
    const text = continuePrompt({ agentId: "A1", reason: { kind: "timeout", minutes: 30 }, markerInstructions: "  " });
    assert.match(
      text,
      /^You are agent A1, continuing your own session\. Your previous run was interrupted because the deadline of 30 minutes was reached\.\n/,
    );
    assert.match(text, /end your final message with the marker lines your task requires, exactly as your instructions describe\.\n$/);
    assert.ok(text.length < 600, "short");
  });
});
