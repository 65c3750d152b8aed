import assert from "node:assert/strict";
import { test } from "node:test";
import { type Bullet, type ListContext, pipeFieldsOf } from "../../src/wave/bullets.js";
import { DiagnosticSink } from "../../src/wave/diagnostics.js";
import { stripMatchingQuotes } from "../../src/wave/words.js";

function fieldsOf(value: string, unquote: (v: string) => string = stripMatchingQuotes) {
  const ctx: ListContext = { sink: new DiagnosticSink("wave-1.md"), who: "Agent A1", agentId: "A1" };
  const bullet: Bullet = { n: 7, value, column: 3 };
  return { fields: pipeFieldsOf(bullet, ctx, "thing", unquote), diagnostics: ctx.sink.items };
}

test("pipe fields: keys lower-cased and trimmed, values unquoted, empty parts passed over, a later key wins", () => {
  const { fields, diagnostics } = fieldsOf(` Path : "a b.txt" || KIND:log | note: x: y | kind: trace |`);
  assert.deepEqual(fields, { path: "a b.txt", kind: "trace", note: "x: y" });
  assert.deepEqual(diagnostics, []);
});

test("pipe fields: the caller's unquote is applied to every value, before the empty check", () => {
  const seen: string[] = [];
  const upper = (v: string) => {
    seen.push(v);
    return v.trim().toUpperCase();
  };
  assert.deepEqual(fieldsOf("a: x | b:  y ", upper).fields, { a: "X", b: "Y" });
  assert.deepEqual(seen, [" x", "  y"]);
  const empty = fieldsOf(`a: x | b: ""`);
  assert.equal(empty.fields, null);
  assert.equal(empty.diagnostics[0]?.message, `Agent A1: malformed thing field "b: """ (expected "key: value")`);
});

/** `value` gives no fields and one error at the bullet naming `field`, the first malformed one. */
function assertMalformed(value: string, field: string): void {
  const { fields, diagnostics } = fieldsOf(value);
  assert.equal(fields, null, value);
  const message = `Agent A1: malformed thing field "${field}" (expected "key: value")`;
  assert.deepEqual(diagnostics, [{ file: "wave-1.md", line: 7, column: 3, agentId: "A1", severity: "error", message }], value);
}

test("pipe fields: a field without a key, a colon or a value is reported once, at the bullet, and nothing is returned", () => {
  assertMalformed("a: x | no colon | c: z", "no colon");
  assertMalformed(": x", ": x");
  assertMalformed("a:", "a:");
  assertMalformed("a: x | b:   | :", "b:");
});
