/**
 * What counts as a formatting-only change of a test file (scripts/mutation.mjs keeps its mutation
 * results): whitespace, line breaks, comments and trailing commas — never a changed token, a
 * template literal's text or a string's spelling.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
// @ts-expect-error a plain ESM script without type declarations
import { carryRenamedTestFiles, sameTokens } from "../../scripts/same-tokens.mjs";

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

test("a renamed test file keeps its record when its tokens are the same; a changed one, or one already recorded, does not", () => {
  const record = (name: string, source: string) => ({ tests: [{ id: "7", name }], source });
  const testFiles: Record<string, { tests: { id: string; name: string }[]; source: string }> = {
    "test/a/old.test.ts": record("test/a/old.test.ts", 'test("x", () => f(1));\n'),
    "test/a/edited.test.ts": record("test/a/edited.test.ts", 'test("y", () => f(2));\n'),
    "test/a/kept.test.ts": record("test/a/kept.test.ts", 'test("z", () => f(3));\n'),
  };
  const present = new Map([
    ["test/a/new.test.ts", '// moved\ntest("x", () =>\n  f(1),\n);\n'],
    ["test/a/edited-new.test.ts", 'test("y", () => f(20));\n'],
    ["test/a/kept.test.ts", 'test("z", () => f(3));\n'],
    ["test/a/copy.test.ts", 'test("z", () => f(3));\n'],
  ]);
  const carried = carryRenamedTestFiles(testFiles, present);
  assert.deepEqual(carried, [["test/a/old.test.ts", "test/a/new.test.ts"]]);
  assert.deepEqual(Object.keys(testFiles).sort(), ["test/a/edited.test.ts", "test/a/kept.test.ts", "test/a/new.test.ts"]);
  assert.deepEqual(testFiles["test/a/new.test.ts"], {
    tests: [{ id: "7", name: "test/a/new.test.ts" }],
    source: '// moved\ntest("x", () =>\n  f(1),\n);\n',
  });
  // Two gone files with the same tokens and one present file: only one is carried.
  const twins: Record<string, { tests: { id: string; name: string }[]; source: string }> = {
    "test/b/one.test.ts": record("test/b/one.test.ts", "t();\n"),
    "test/b/two.test.ts": record("test/b/two.test.ts", "t();\n"),
  };
  assert.deepEqual(carryRenamedTestFiles(twins, new Map([["test/b/three.test.ts", "t();\n"]])), [
    ["test/b/one.test.ts", "test/b/three.test.ts"],
  ]);
});
