import assert from "node:assert/strict";
import { test } from "node:test";
import { codeFence, details, escapeCell, escapeInline, inlineCode, link, quoteBlock, table } from "../../src/report/markdown.js";

test("inline escaping neutralises HTML, table pipes, emphasis, links, code and math", () => {
  const s = escapeInline("a | b <script>alert(1)</script> `code` *x* [l](u) $x$ & ~s~\nnext");
  assert.ok(!s.includes("<script>"));
  assert.ok(s.includes("&lt;script&gt;"));
  assert.ok(s.includes("\\|"));
  assert.ok(!/(^|[^\\])\|/.test(s), "every pipe is escaped");
  assert.ok(s.includes("\\`code\\`"));
  assert.ok(s.includes("\\*x\\*"));
  assert.ok(s.includes("\\[l\\](u)"));
  assert.ok(s.includes("&#36;x&#36;"));
  assert.ok(s.includes("&amp;"));
  assert.ok(!s.includes("\n"));
  assert.equal(escapeCell(""), "—");
  assert.equal(escapeCell(null), "—");
});

test("inline code is an entity-escaped <code> element without backticks or pipes", () => {
  const s = inlineCode("[wave-gate] a=|`b`| <i>");
  assert.match(s, /^<code>.*<\/code>$/);
  assert.ok(!/[`|<>[\]]/.test(s.slice(6, -7)));
});

test("a code fence is longer than any backtick run inside it", () => {
  const content = "plain\n```\nnot closed ````` here\n";
  const f = codeFence(content);
  const fence = f.split("\n")[0]!.replace("text", "");
  assert.equal(fence, "``````");
  assert.ok(f.endsWith("\n``````"));
  assert.equal(codeFence("x").split("\n")[0], "```text");
});

test("quote blocks escape block markers and HTML on every line", () => {
  const q = quoteBlock("# heading\n- item\n1. one\n<b>x</b>\n\n===");
  const lines = q.split("\n");
  assert.deepEqual(lines, ["> \\# heading", "> \\- item", "> 1\\. one", "> &lt;b&gt;x&lt;/b&gt;", ">", "> \\==="]);
});

test("details, tables and links", () => {
  const d = details("A1 <log>", "body");
  assert.ok(d.startsWith("<details>\n<summary>A1 &lt;log&gt;</summary>\n\nbody\n\n</details>"));
  assert.equal(table(["a", "b"], [["1", "2"]]), "| a | b |\n| --- | --- |\n| 1 | 2 |");
  assert.equal(link("name", "https://x.test/a"), "[name](https://x.test/a)");
  assert.equal(link("name", "javascript:alert(1)"), "name");
});
