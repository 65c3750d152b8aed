import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { expectedDocs, inputsMarkdown } from "../../scripts/gen-docs.js";
import { OUTPUT_NAMES } from "../../src/action/outputs.js";
import { markersMarkdown } from "../../src/signals/markers-doc.js";
import { REPO_ROOT } from "../helpers/cli.js";

test("README, docs/inputs.md and docs/markers.md are in sync with action.yml and the marker grammar", () => {
  for (const [file, text] of Object.entries(expectedDocs())) {
    const current = readFileSync(path.join(REPO_ROOT, file), "utf8");
    assert.equal(current, text, `${file} is stale: run npx tsx scripts/gen-docs.ts`);
  }
});

test("docs/markers.md is generated from the marker grammar, and README and wave-format.md link to it", () => {
  const docs = expectedDocs();
  assert.equal(docs["docs/markers.md"], markersMarkdown());
  assert.match(docs["docs/markers.md"]!, /^<!-- Generated from the marker grammar by scripts\/gen-docs\.ts/);
  assert.equal(readFileSync(path.join(REPO_ROOT, "docs/markers.md"), "utf8"), markersMarkdown(), "run npx tsx scripts/gen-docs.ts");
  assert.match(readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"), /\[`docs\/markers\.md`\]\(docs\/markers\.md\)/);
  assert.match(readFileSync(path.join(REPO_ROOT, "docs/wave-format.md"), "utf8"), /\[markers\.md\]\(markers\.md\)/);
});

test("the inputs table lists every input and output of action.yml", () => {
  const yml = readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8");
  const action = parse(yml) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  const table = inputsMarkdown(yml);
  for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)]) {
    assert.match(table, new RegExp(`\\| \`${name}\` \\|`), name);
  }
});

test("action.yml declares exactly the outputs the action sets, and the inputs PRODUCT.md names", () => {
  const action = parse(readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8")) as {
    inputs: Record<string, { description?: string }>;
    outputs: Record<string, unknown>;
    runs: { using: string; main: string; post: string };
  };
  assert.deepEqual(Object.keys(action.outputs).sort(), [...OUTPUT_NAMES].sort());
  for (const input of [
    "mode",
    "wave",
    "waves",
    "lane",
    "root",
    "config",
    "executor",
    "dry-run",
    "timeout-minutes",
    "idle-timeout-minutes",
    "max-attempts",
    "max-parallel-agents",
    "rate-limit-retries",
    "rate-limit-base-delay-seconds",
    "rate-limit-max-delay-seconds",
    "resume",
    "apply-changes",
    "artifact-prefix",
    "retention-days",
    "tmux",
    "stream-logs",
    "redact",
    "feedback",
    "github-token",
  ]) {
    assert.ok(action.inputs[input]?.description, `input ${input} is declared with a description`);
  }
  assert.deepEqual(action.runs, { using: "node24", main: "dist/index.js", post: "dist/post/index.js", "post-if": "always()" });
});

test("docs/benchmarks.md is the rendering of bench/results.json", async () => {
  const { readResults, renderBenchmarksDoc, DOC_FILE } = await import("../../scripts/bench-doc.js");
  assert.equal(readFileSync(DOC_FILE, "utf8"), renderBenchmarksDoc(readResults()), "run npm run bench to regenerate");
});
