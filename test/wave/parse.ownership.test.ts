/**
 * `**Ownership**: strict|report` in a wave file (src/wave/parse.ts, structure.ts): read with or
 * without backticks and in any case, absent when not written, an error on its line for any other
 * word; a label inside an agent's section or a fence is not the wave's setting.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseWaveFile } from "../../src/wave/parse.js";

const AGENT = [
  "## Agent A1: Work",
  "",
  "### Prompt",
  "",
  "```text",
  "Do it.",
  "",
  "File ownership (only touch these paths):",
  "- src/a.js",
  "```",
  "",
];

function parse(header: string[], agent = AGENT) {
  return parseWaveFile(["# Wave 1 - test", "", ...header, "", ...agent].join("\n"), "docs/plans/waves/wave-1.md", 1);
}

test("the wave's ownership setting", () => {
  assert.equal(parse(["**Ownership**: strict"]).wave?.ownership, "strict");
  assert.equal(parse(["**Ownership**: `report`"]).wave?.ownership, "report");
  assert.equal(parse(["**Ownership**: STRICT"]).wave?.ownership, "strict");
  assert.equal(parse([]).wave?.ownership, undefined);
  assert.equal(parse(["**Ownership**: strict"]).wave?.sectionLines?.Ownership, 3);
});

test("any other word is an error on its line", () => {
  const r = parse(["**Ownership**: lax"]);
  assert.equal(r.wave?.ownership, undefined);
  const d = r.diagnostics.find((x) => x.message.includes("Ownership"));
  assert.equal(d?.severity, "error");
  assert.equal(d?.line, 3);
  assert.equal(d?.message, '**Ownership** must be strict or report (got "lax")');
});

test("the label inside an agent's section or inside a fence is not the wave's", () => {
  const inAgent = [...AGENT.slice(0, 2), "**Ownership**: strict", "", ...AGENT.slice(2)];
  assert.equal(parse([], inAgent).wave?.ownership, undefined);
  assert.equal(parse(["```text", "**Ownership**: strict", "```"]).wave?.ownership, undefined);
  // The first label counts.
  assert.equal(parse(["**Ownership**: report", "**Ownership**: strict"]).wave?.ownership, "report");
});
