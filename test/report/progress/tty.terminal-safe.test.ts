/**
 * The live view on a terminal: what an agent wrote (its title, its last output, warnings printed
 * above the table) reaches the terminal with nothing the terminal would act on; the only control
 * sequences written are the renderer's own (cursor up, clear line, clear below).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyProgressEvent, createProgressModel } from "../../../src/report/progress/model.js";
import { TtyRenderer } from "../../../src/report/progress/tty.js";

const T = Date.parse("2025-03-04T10:00:00.000Z");
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

test("agent text in the live view is shown, never obeyed", () => {
  const writes: string[] = [];
  const r = new TtyRenderer({ write: (t: string) => writes.push(t), columns: 200 }, { throttleMs: 0, now: () => T });
  let m = createProgressModel();
  m = applyProgressEvent(m, {
    type: "wave-start",
    at: T,
    lane: "main",
    wave: 1,
    attempt: 1,
    agents: [{ id: "A1", title: "Parser \u202egnp.exe\u202c", role: "implementation", executor: "codex", phase: "implementation" }],
  });
  m = applyProgressEvent(m, { type: "agent-start", at: T, agentId: "A1", executor: "codex" });
  m = applyProgressEvent(m, {
    type: "agent-output",
    at: T,
    agentId: "A1",
    text: "[wave-phase] \x1b]52;c;ZXZpbA==\x07coding \u2066x\u2069",
  });
  r.update(m);
  r.log("warning: \x1b]0;all passed\x07 \x1b[2J tests FAILED\rtests passed \u009b31m\n");
  r.close(m);
  r.log("after the end: \x1b]8;;https://evil.example/\x1b\\link\n");

  const out = writes.join("");
  // The renderer's own sequences (and the CR it moves back with) taken out, nothing active is left.
  const text = out.replace(/\x1b\[\d*[AJK]/g, "").replace(/\r/g, "");
  assert.doesNotMatch(text, ACTIVE);
  assert.ok(text.includes("warning: ^[]0;all passed^G ^[[2J tests FAILED^Mtests passed <U+009B>31m\n"), text);
  assert.ok(text.includes("after the end: ^[]8;;https://evil.example/^[\\link\n"), text);
  assert.match(text, /Parser <U\+202E>gnp\.exe/);
  assert.match(text, /coding <U\+2066>x<U\+2069>/);
  assert.doesNotMatch(text, /ZXZpbA==\x07/);
});
