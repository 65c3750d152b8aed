/**
 * Which fence line closes a code fence decides whether quoted marker lines count: only a bare fence
 * of the same character, at least as long as the opening one, closes it. Anything else inside the
 * fence (another fence character, a shorter run, a fence with an info string) is text, so the
 * fence is mixed and its markers are rejected.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { fenceInfo } from "../../src/signals/lines.js";
import { parseSignals } from "../../src/signals/parser.js";

const PROOF = "[wave-proof] completion=integrated durability=durable proof=unit state=met";
const reasons = (log: string) => parseSignals(log).diagnostics.map((d) => [d.line, d.reason]);

test("fences: a bare fence of the same character closes it and its markers count", () => {
  for (const [open, close] of [
    ["```", "```"],
    ["~~~", "~~~"],
    ["```", "`````"],
    ["~~~~", "~~~~~"],
    ["```text", "```"],
  ] as const) {
    const r = parseSignals([open, PROOF, close].join("\n"));
    assert.equal(r.proof?.state, "met", `${open} … ${close}`);
    assert.equal(r.proof?.line, 2);
    assert.deepEqual(r.diagnostics, []);
  }
});

test("fences: a ~~~ line inside a backtick fence does not close it (and the reverse)", () => {
  const tilde = ["```", PROOF, "~~~", "```"].join("\n");
  assert.equal(parseSignals(tilde).proof, null);
  assert.deepEqual(reasons(tilde), [[2, "inside mixed fence"]]);
  const backtick = ["~~~", PROOF, "```", "~~~"].join("\n");
  assert.equal(parseSignals(backtick).proof, null);
  assert.deepEqual(reasons(backtick), [[2, "inside mixed fence"]]);
  // Had the ~~~ closed the fence, the marker after it would be outside any fence.
  const after = ["```", "~~~", PROOF, "```"].join("\n");
  assert.equal(parseSignals(after).proof, null);
});

test("fences: a shorter fence does not close a longer one", () => {
  const log = ["````", PROOF, "```", "````"].join("\n");
  assert.equal(parseSignals(log).proof, null);
  assert.deepEqual(reasons(log), [[2, "inside mixed fence"]]);
  // The quoted text stays quoted until the real close: a marker after the short fence is still inside.
  const quoted = ["````", "```", PROOF, "```", "````"].join("\n");
  assert.equal(parseSignals(quoted).proof, null);
});

test("fences: a fence line with an info string inside a fence is text, not a close", () => {
  const log = ["```", PROOF, "```js", "```"].join("\n");
  assert.equal(parseSignals(log).proof, null);
  assert.deepEqual(reasons(log), [[2, "inside mixed fence"]]);
});

test("fences: after a fence closes, the next fence starts clean", () => {
  const log = ["```", "some code", PROOF, "```", "```", "[wave-doc-delta] state=owned", "```"].join("\n");
  const r = parseSignals(log);
  assert.equal(r.proof, null);
  assert.equal(r.docDelta?.state, "owned");
  assert.equal(r.docDelta?.line, 6);
  assert.deepEqual(reasons(log), [[3, "inside mixed fence"]]);
  // Blank lines do not make a fence mixed; a marker after the fence counts as a plain line.
  const blank = parseSignals(["```", "", PROOF, "  ", "```", "[wave-doc-delta] state=none"].join("\n"));
  assert.equal(blank.proof?.line, 3);
  assert.equal(blank.docDelta?.state, "none");
});

test("fences: an unterminated fence rejects its markers at the end, with their own line numbers", () => {
  const log = ["intro", "```", PROOF, "[wave-doc-delta] state=owned"].join("\n");
  const r = parseSignals(log);
  assert.equal(r.proof, null);
  assert.equal(r.docDelta, null);
  assert.deepEqual(reasons(log), [
    [3, "inside unterminated fence"],
    [4, "inside unterminated fence"],
  ]);
  assert.deepEqual(r.counts.proof, { seen: 1, accepted: 0, rejected: 1, warnings: 0 });
});

test("fences: an unknown tag in a fence is a warning, whether the fence counts or not", () => {
  const clean = parseSignals(["```", "[wave-nonsense] x=1", PROOF, "```"].join("\n"));
  assert.equal(clean.proof?.state, "met");
  assert.deepEqual(
    clean.diagnostics.map((d) => [d.kind, d.reason, d.severity]),
    [["unknown", "unknown marker [wave-nonsense]", "warning"]],
  );
  const mixed = parseSignals(["```", "text", "[wave-nonsense] x=1", "```"].join("\n"));
  assert.deepEqual(
    mixed.diagnostics.map((d) => [d.kind, d.reason, d.severity]),
    [["unknown", "unknown marker [wave-nonsense]", "warning"]],
  );
});

test("fences: a marker seen is counted under its kind whether accepted or rejected; an unknown tag under none, warned at its own line", () => {
  const warned = (log: string) => parseSignals(log).diagnostics.map((d) => [d.line, d.kind, d.severity]);
  for (const log of [
    "[wave-nonsense] x=1",
    ["```", "text", "[wave-nonsense] x=1", "```"].join("\n"),
    ["```", "[wave-nonsense] x=1", "text", "```"].join("\n"),
    ["```", "", "[wave-nonsense] x=1"].join("\n"),
  ]) {
    assert.deepEqual(parseSignals(log).counts, {}, log);
    const line = log.split("\n").indexOf("[wave-nonsense] x=1") + 1;
    assert.deepEqual(warned(log), [[line, "unknown", "warning"]], log);
  }
  const rejectedNow = parseSignals(["```", "text", PROOF, "```"].join("\n"));
  assert.deepEqual(rejectedNow.counts.proof, { seen: 1, accepted: 0, rejected: 1, warnings: 0 });
  const rejectedLater = parseSignals(["```", PROOF, "text", "```"].join("\n"));
  assert.deepEqual(rejectedLater.counts.proof, { seen: 1, accepted: 0, rejected: 1, warnings: 0 });
  assert.deepEqual(
    rejectedLater.diagnostics.map((d) => [d.line, d.kind, d.severity]),
    [[2, "proof", "error"]],
  );
  assert.deepEqual(parseSignals(PROOF).counts.proof, { seen: 1, accepted: 1, rejected: 0, warnings: 0 });
});

test("fenceInfo: three or more of one character; bare only when nothing follows", () => {
  assert.deepEqual(fenceInfo("```"), { char: "`", length: 3, bare: true });
  assert.deepEqual(fenceInfo("~~~~"), { char: "~", length: 4, bare: true });
  assert.deepEqual(fenceInfo("```ts"), { char: "`", length: 3, bare: false });
  assert.deepEqual(fenceInfo("``~"), null);
  assert.equal(fenceInfo("``"), null);
  assert.equal(fenceInfo("~~"), null);
  assert.equal(fenceInfo("abc"), null);
  assert.deepEqual(fenceInfo("~~~`"), { char: "~", length: 3, bare: false });
});

test("fences in a JSON transcript message end with the message; a fence in one message does not hide the next", () => {
  const message = (text: string) => JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text } });
  const log = [message(["```", PROOF].join("\n")), message("[wave-doc-delta] state=owned")].join("\n");
  const r = parseSignals(log, { transcript: "codex-json" });
  assert.equal(r.proof, null);
  assert.equal(r.docDelta?.state, "owned");
  assert.deepEqual(
    r.diagnostics.map((d) => [d.line, d.reason]),
    [[1, "inside unterminated fence"]],
  );
  const closed = parseSignals(message(["```", PROOF, "```"].join("\n")), { transcript: "codex-json" });
  assert.equal(closed.proof?.line, 1);
});
