import assert from "node:assert/strict";
import { test } from "node:test";
import { fenceOpener, parseHeading, scanMarkdown, splitLines } from "../../src/wave/markdown.js";

test("headings are line-anchored, tolerate trailing spaces, and keep their level", () => {
  assert.deepEqual(parseHeading("### Prompt   "), { level: 3, text: "Prompt" });
  assert.deepEqual(parseHeading("#### Prompt"), { level: 4, text: "Prompt" });
  assert.deepEqual(parseHeading("## Agent A1: x\t"), { level: 2, text: "Agent A1: x" });
  assert.equal(parseHeading(" ### Prompt"), null, "indented lines are not structure");
  assert.equal(parseHeading("###Prompt"), null, "a space is required after the hashes");
  assert.equal(parseHeading("text ### Prompt"), null);
  assert.deepEqual(parseHeading("###"), { level: 3, text: "" });
});

test("fences: backticks or tildes, length tracking, info strings", () => {
  assert.deepEqual(fenceOpener("```text"), { char: "`", length: 3, info: "text" });
  assert.deepEqual(fenceOpener("   ~~~~ md"), { char: "~", length: 4, info: "md" });
  assert.equal(fenceOpener("    ```"), null, "four spaces is an indented code block, not a fence");
  assert.equal(fenceOpener("``"), null);
  assert.equal(fenceOpener("``` a`b"), null, "backtick fences cannot have backticks in the info string");

  const s = scanMarkdown(["````text", "```", "## Agent X: inside", "```", "````", "## Agent Y: outside"].join("\n"));
  assert.equal(s.fences.length, 1, "a shorter fence line inside a longer fence does not close it");
  assert.equal(s.fences[0]!.open, 1);
  assert.equal(s.fences[0]!.close, 5);
  assert.equal(s.lines[2]!.heading, undefined, "headings inside a fence are content");
  assert.deepEqual(s.lines[5]!.heading, { level: 2, text: "Agent Y: outside" });

  const t = scanMarkdown(["~~~", "```", "~~~", "x"].join("\n"));
  assert.equal(t.fences[0]!.close, 3, "a backtick line does not close a tilde fence");
  assert.equal(t.lines[3]!.fenced, false);
});

test("an unclosed fence runs to the end and is reported by its open line", () => {
  const s = scanMarkdown("a\n```\nb\n### Prompt\n");
  assert.equal(s.fences[0]!.close, null);
  assert.equal(s.lines[3]!.heading, undefined);
  assert.equal(s.lines[3]!.fenced, true);
});

test("lines split on LF and CRLF with 1-based numbers", () => {
  assert.deepEqual(splitLines("a\r\nb\nc"), ["a", "b", "c"]);
  const s = scanMarkdown("# T\r\n\r\n## Agent A: b  \r\n");
  assert.equal(s.lines[2]!.n, 3);
  assert.deepEqual(s.lines[2]!.heading, { level: 2, text: "Agent A: b" });
});
