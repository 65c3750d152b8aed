import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { emitAnnotations } from "../../src/report/adapters.js";
import { progressEventFromEngine } from "../../src/report/progress/engine.js";
import { failedResult, reduceProgress } from "./fixtures.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("writeJobSummary appends the markdown to the real job summary file through @actions/core", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-report-"));
  try {
    const file = path.join(dir, "step-summary.md");
    await writeFile(file, "earlier step\n");
    const code = [
      'import * as core from "@actions/core";',
      'import { renderWaveSummary } from "./src/report/wave-summary.ts";',
      'import { writeJobSummary } from "./src/report/adapters.ts";',
      'import { failedResult } from "./test/report/fixtures.ts";',
      "await writeJobSummary(renderWaveSummary({ result: failedResult() }), core.summary);",
    ].join("\n");
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      cwd: root,
      env: { ...process.env, GITHUB_STEP_SUMMARY: file },
      encoding: "utf8",
    });
    assert.equal(child.status, 0, child.stderr);
    const text = await readFile(file, "utf8");
    assert.ok(text.startsWith("earlier step\n## Wave 3 (lane main): failed at cont-qa (A0)"));
    assert.ok(text.includes("```mermaid\n"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("emitAnnotations writes one workflow command per line", () => {
  let out = "";
  emitAnnotations(
    [
      { level: "error", message: "a\nb", file: "w.md", line: 3 },
      { level: "notice", message: "n" },
    ],
    { write: (t: string) => (out += t) },
  );
  assert.equal(out, "::error file=w.md,line=3::a%0Ab\n::notice::n\n");
});

test("engine events map to progress events (raw output chunks do not)", () => {
  const at = 1_000;
  const mapped = [
    progressEventFromEngine(
      {
        type: "wave-start",
        lane: "main",
        wave: 3,
        attempt: 1,
        resumedFrom: null,
        agents: [{ id: "A1", title: "P", role: "implementation", executor: "codex", phase: "implementation" }],
      },
      at,
    ),
    progressEventFromEngine({ type: "stage-start", stage: "implementation", agentIds: ["A1"] }, at),
    progressEventFromEngine({ type: "agent-start", agentId: "A1", executor: "codex", run: 1 }, at),
    progressEventFromEngine({ type: "agent-output", agentId: "A1", chunk: Buffer.from("raw") }, at),
    progressEventFromEngine({ type: "agent-marker", agentId: "A1", text: "[wave-phase] coding" }, at + 5),
    progressEventFromEngine({ type: "agent-end", agentId: "A1", status: "succeeded", exitCode: 0, durationMs: 5 }, at + 5),
    progressEventFromEngine(
      { type: "gate", gate: { stage: "implementation", agentId: null, ok: true, statusCode: "pass", detail: "" } },
      at + 6,
    ),
    progressEventFromEngine({ type: "warning", message: "slow" }, at + 6),
    progressEventFromEngine({ type: "wave-end", result: failedResult() }, at + 7),
  ];
  assert.equal(mapped[3], null);
  const m = reduceProgress(mapped.filter((e) => e !== null));
  assert.deepEqual(
    { state: m.agents[0]!.state, last: m.agents[0]!.last, title: m.agents[0]!.title },
    { state: "succeeded", last: "[wave-phase] coding", title: "P" },
  );
  assert.deepEqual(m.failure, { stage: "cont-qa", agentId: "A0" });
  assert.deepEqual(m.warnings, ["slow"]);
  assert.equal(m.gates.length, 1);
});
