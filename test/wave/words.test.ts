import assert from "node:assert/strict";
import { test } from "node:test";
import { splitCommaList, splitShellWords, stripOuterQuoteChars } from "../../src/wave/words.js";

const words = (s: string) => {
  const r = splitShellWords(s);
  assert.ok(r.ok, `expected ${s} to split: ${r.ok ? "" : r.error}`);
  return r.items;
};
const wordsError = (s: string) => {
  const r = splitShellWords(s);
  assert.ok(!r.ok, `expected ${s} to fail`);
  return r.error;
};

test("splitShellWords splits like a POSIX shell without expanding anything", () => {
  assert.deepEqual(words("node  agent.mjs\t--fast"), ["node", "agent.mjs", "--fast"]);
  assert.deepEqual(words(`node "my script.js" 'a b' c\\ d`), ["node", "my script.js", "a b", "c d"]);
  assert.deepEqual(words(`a"b c"d`), ["ab cd"], "quotes join with adjacent text");
  assert.deepEqual(
    words(`"say \\"hi\\"" '\\n'`),
    ['say "hi"', "\\n"],
    "backslash escapes quote inside double quotes; single quotes are literal",
  );
  assert.deepEqual(words(`"a\\qb"`), ["a\\qb"], "other backslashes inside double quotes stay");
  assert.deepEqual(words(`'' x`), ["", "x"], "empty quotes make an empty word");
  assert.deepEqual(words(`x '$HOME' "*.ts" *.md`), ["x", "$HOME", "*.ts", "*.md"], "quoted $ and globs are literal");
  assert.deepEqual(words("   "), []);
});

test("splitShellWords refuses what only a shell would understand", () => {
  assert.match(wordsError(`node "oops`), /unbalanced double quote/);
  assert.match(wordsError(`node 'oops`), /unbalanced single quote/);
  assert.match(wordsError(`node x\\`), /dangling backslash/);
  for (const op of ["a | b", "a && b", "a; b", "a > f", "a < f", "$(id)", "`id`", "$HOME", "a # comment"]) {
    assert.match(wordsError(op), /not run through a shell/, op);
  }
  assert.deepEqual(words("a#b"), ["a#b"], "# inside a word is literal");
});

test("splitCommaList honours quotes and escaped commas", () => {
  assert.deepEqual(splitCommaList(" a, b ,c,, "), { ok: true, items: ["a", "b", "c"] });
  assert.deepEqual(splitCommaList(`"x=[1,2]", 'y=a,b', z\\,w`), { ok: true, items: ["x=[1,2]", "y=a,b", "z,w"] });
  assert.deepEqual(splitCommaList(`"a=[\\"x\\",\\"y\\"]", "back\\\\slash"`), { ok: true, items: ['a=["x","y"]', "back\\slash"] });
  assert.equal(splitCommaList(`"open`).ok, false);
  assert.equal(splitCommaList(`"a" b`).ok, false);
});

test("stripOuterQuoteChars removes one quote character at each end", () => {
  assert.equal(stripOuterQuoteChars(`"gpt-5"`), "gpt-5");
  assert.equal(stripOuterQuoteChars("`x`"), "x");
  assert.equal(stripOuterQuoteChars(`'a`), "a");
});
