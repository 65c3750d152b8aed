/**
 * What counts as a formatting-only change of a test file (scripts/mutation.mjs keeps its mutation
 * results): whitespace, line breaks, comments and trailing commas — never a changed token, a
 * template literal's text or a string's spelling.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
// @ts-expect-error a plain ESM script without type declarations
import { sameTokens } from "../../scripts/same-tokens.mjs";

test("line breaks, indentation, comments and trailing commas are formatting", () => {
  const before = "assert.deepEqual(plan({ a: 1, b: [1, 2] }), { ok: true }); // why\n";
  const after = "assert.deepEqual(\n  plan({\n    a: 1,\n    b: [1, 2,],\n  }),\n  { ok: true },\n);\n";
  assert.equal(sameTokens(before, after), true);
  assert.equal(sameTokens("const f = (x: number) => x;", "/* doc */\nconst f = (x: number) =>\n  x;"), true);
});

test("a changed token, literal, template text or operator is not formatting", () => {
  assert.equal(sameTokens("f(1)", "f(2)"), false);
  assert.equal(sameTokens('f("a b")', 'f("a  b")'), false);
  assert.equal(sameTokens("const s = `a${b}c`;", "const s = `a ${b}c`;"), false);
  assert.equal(sameTokens("if (a === b) x();", "if (a !== b) x();"), false);
  assert.equal(sameTokens("f(a, b)", "f(a)"), false);
  // A comma that separates (not a trailing one) is a token.
  assert.equal(sameTokens("[a, b]", "[a b]"), false);
});
