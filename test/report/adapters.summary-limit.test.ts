/**
 * The job summary file never grows past the runner's 1 MiB limit: markdown goes through the real
 * @actions/core summary API (in a child process, as the action's step does) into a real
 * GITHUB_STEP_SUMMARY file, and every byte in that file is counted.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { fitSummary, STEP_SUMMARY_MAX_BYTES } from "../../src/report/adapters.js";
import { byteLength } from "../../src/report/text.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import { agent, failedResult, gate } from "./fixtures.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LIMIT = 1_048_576;
let dir: string;
let n = 0;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "wave-summary-limit-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Writes `markdown` with writeJobSummary and core.summary in a child process whose summary file
 * starts with `existing`; returns the file's bytes and what writeJobSummary returned.
 */
async function writeThroughCore(markdown: string, existing = ""): Promise<{ file: Buffer; returned: number }> {
  const i = ++n;
  const input = path.join(dir, `input-${i}.md`);
  const file = path.join(dir, `step-summary-${i}.md`);
  await writeFile(input, markdown);
  await writeFile(file, existing);
  const code = [
    'import { readFileSync } from "node:fs";',
    'import * as core from "@actions/core";',
    'import { writeJobSummary } from "./src/report/adapters.ts";',
    'const written = await writeJobSummary(readFileSync(process.env.SUMMARY_INPUT, "utf8"), core.summary);',
    "process.stdout.write(String(written));",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: root,
    env: { ...process.env, GITHUB_STEP_SUMMARY: file, SUMMARY_INPUT: input },
    encoding: "utf8",
  });
  assert.equal(child.status, 0, child.stderr);
  return { file: await readFile(file), returned: Number(child.stdout) };
}

test("the limit is the runner's: 1 MiB", () => {
  assert.equal(STEP_SUMMARY_MAX_BYTES, LIMIT);
});

test("markdown of exactly 1 MiB ending in a newline lands whole, with no end-of-line added", async () => {
  const line = `${"x".repeat(1023)}\n`;
  const markdown = `## Wave 1 (lane main): passed\n${line.repeat(1023)}${"y".repeat(1024 - 30 - 1)}\n`;
  assert.equal(byteLength(markdown), LIMIT);
  const { file, returned } = await writeThroughCore(markdown);
  assert.equal(file.length, LIMIT);
  assert.equal(returned, LIMIT);
  assert.equal(file.toString("utf8"), markdown);
});

test("one byte short of 1 MiB without a final newline gets exactly the newline that fills the limit", async () => {
  const markdown = `## Wave 1 (lane main): passed\n${"z".repeat(LIMIT - 31)}`;
  assert.equal(byteLength(markdown), LIMIT - 1);
  const { file } = await writeThroughCore(markdown);
  assert.equal(file.length, LIMIT);
  assert.equal(file.toString("utf8"), `${markdown}\n`);
});

test("1 MiB without a final newline is cut rather than growing past the limit", async () => {
  const markdown = `## Wave 1 (lane main): passed\n${"z".repeat(LIMIT - 30)}`;
  assert.equal(byteLength(markdown), LIMIT);
  const { file } = await writeThroughCore(markdown);
  assert.ok(file.length <= LIMIT, `${file.length} bytes`);
  const text = file.toString("utf8");
  assert.ok(text.startsWith("## Wave 1 (lane main): passed\nzzz"));
  assert.ok(text.endsWith("> **Note:** the summary was cut here to fit GitHub's 1 MiB job summary limit.\n"));
});

function hugeFailedResult() {
  const r = failedResult();
  const many = Array.from({ length: 2000 }, (_, i) =>
    agent(`A${i + 10}`, "implementation", {
      title: `Implementation agent ${i} ${"t".repeat(400)}`,
      start: 1000 + i * 10,
      status: i % 40 === 0 ? "failed" : "succeeded",
      exitCode: i % 40 === 0 ? 2 : 0,
    }),
  );
  r.agents = [...r.agents, ...many];
  r.gates = [...r.gates, ...many.map((a) => gate("implementation", a.id, a.status === "succeeded", "pass", "d".repeat(2000)))];
  return r;
}

test("a result whose summary would be megabytes lands within 1 MiB, also with an appendix after it", async () => {
  const r = hugeFailedResult();
  const logTails: Record<string, string> = {};
  for (const a of r.agents) if (a.status === "failed") logTails[a.id] = `${"é log line ".repeat(50)}\n`.repeat(2000);
  const rendered = renderWaveSummary({ result: r, logTails }, { tailLines: 2000 });
  const unbounded = Object.values(logTails).reduce((sum, t) => sum + byteLength(t), 0);
  assert.ok(unbounded > 20 * LIMIT, "the input is far over the limit");

  const alone = await writeThroughCore(rendered);
  assert.ok(alone.file.length <= LIMIT, `${alone.file.length} bytes`);
  assert.ok(alone.file.length > LIMIT - 64 * 1024, "the budget is used");
  assert.equal(alone.file.toString("utf8"), rendered.endsWith("\n") ? rendered : `${rendered}\n`);

  // What the action appends after the rendered summary (a rehearsal appendix) counts too.
  const appendix = `\n## Rehearsal\n\n\`\`\`text\n${"ü rehearsal output\n".repeat(20_000)}\`\`\`\n`;
  const withAppendix = await writeThroughCore(rendered + appendix);
  assert.ok(byteLength(rendered + appendix) > LIMIT);
  assert.ok(withAppendix.file.length <= LIMIT, `${withAppendix.file.length} bytes`);
  assert.equal(withAppendix.returned, withAppendix.file.length);
  const text = withAppendix.file.toString("utf8");
  assert.ok(!text.includes("\uFFFD"), "no code point is split");
  assert.ok(text.startsWith(rendered.slice(0, 1000)));
  assert.ok(text.endsWith("job summary limit.\n"));
});

test("bytes the step already wrote to its summary file count against the limit", async () => {
  const existing = "### written earlier in this step\n".repeat(1000);
  const markdown = "w".repeat(LIMIT);
  const { file, returned } = await writeThroughCore(markdown, existing);
  assert.equal(returned, LIMIT - byteLength(existing));
  assert.equal(file.length, LIMIT);
  assert.ok(file.toString("utf8").startsWith(existing));
  assert.equal((await stat(path.join(dir, `step-summary-${n}.md`))).size, LIMIT);
});

test("fitSummary: never over the limit, never a split code point", () => {
  for (const max of [0, 1, 2, 3, 50, 100, 101, 1000]) {
    const out = fitSummary("ü".repeat(5000), max);
    assert.ok(byteLength(out) <= max, `${max}: ${byteLength(out)}`);
    assert.ok(!out.includes("\uFFFD"));
  }
  assert.equal(fitSummary("abc", 4), "abc\n");
  assert.equal(fitSummary("abc\n", 4), "abc\n");
  assert.equal(fitSummary("abcd", 4), "abcd");
});
