/**
 * `wave status` through the real CLI, with a result whose agent-written text (a title, a gate's
 * detail, the failure) carries terminal attacks: the table and the JSON alike reach the terminal
 * with nothing it would act on, and the JSON still means the same result.
 */
import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { implAgent, makeRepo, wave, writeWave } from "../engine/fixture.js";
import { failedResult } from "../report/fixtures.js";

/** What a terminal acts on: C0 controls but tab and newline, DEL, C1 controls, bidi controls. */
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

test("wave status shows agent-written text with no control a terminal would obey, as a table and as JSON", async () => {
  const repo = await makeRepo("status-terminal-safe");
  try {
    const result = failedResult();
    await writeWave(repo, result.wave, [implAgent("A1")]);
    const a1 = result.agents.find((a) => a.id === "A1")!;
    a1.title = "Parser \x1b]52;c;ZWNobyBwd25lZA==\x07 \u202egnp.exe\u202c";
    result.gates[4]!.detail = "Verdict: \x1b[2J\x1b]0;all passed\x07BLOCKED \u2066x\u2069";
    result.failure!.detail = "FAILED\rpassed \u009b2J";
    const runDir = path.join(repo.root, ".wave", "main", `wave-${result.wave}`, `attempt-${result.attempt}`);
    await mkdir(runDir, { recursive: true });
    await writeFile(path.join(runDir, "result.json"), JSON.stringify(result, null, 2));

    const [table, json] = await Promise.all([
      wave(repo, ["status", "--wave", String(result.wave)]),
      wave(repo, ["status", "--wave", String(result.wave), "--json"]),
    ]);
    assert.equal(table.code, 1, table.stderr);
    assert.doesNotMatch(table.stdout, ACTIVE);
    assert.match(table.stdout, /Parser .*<U\+202E>gnp\.exe<U\+202C>/);
    assert.doesNotMatch(table.stdout, /ZWNobyBwd25lZA==\x07|\]0;all passed\x07/);
    assert.match(table.stdout, /<U\+2066>x<U\+2069>/);

    assert.equal(json.code, 1, json.stderr);
    assert.doesNotMatch(json.stdout, ACTIVE);
    assert.deepEqual(JSON.parse(json.stdout), JSON.parse(JSON.stringify(result)));
  } finally {
    await repo.cleanup();
  }
});
