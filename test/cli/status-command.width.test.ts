/**
 * `wave status` fits its tables to the terminal it prints to, and only to a terminal: the same
 * command to a pipe prints the full table whatever width the IO reports.
 */
import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { statusCommand } from "../../src/cli/status-command.js";
import type { CliIo } from "../../src/command-io.js";
import { displayWidth } from "../../src/report/text.js";
import { cliEnv, implAgent, makeRepo, writeWave } from "../engine/fixture.js";
import { failedResult } from "../report/fixtures.js";

async function status(root: string, isTty: boolean, columns: number): Promise<string> {
  let stdout = "";
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => {},
    env: cliEnv(),
    cwd: root,
    isTty,
    columns,
  };
  await statusCommand(["--wave", "3", "--root", root], io);
  return stdout;
}

test("wave status on a 80-column terminal cuts titles and notes; to a pipe it prints them whole", async () => {
  const repo = await makeRepo("status-width");
  try {
    const result = failedResult();
    await writeWave(repo, result.wave, [implAgent("A1")]);
    result.agents.find((a) => a.id === "A1")!.title = "解析器：波形文件的解析与校验";
    const runDir = path.join(repo.root, ".wave", "main", `wave-${result.wave}`, `attempt-${result.attempt}`);
    await mkdir(runDir, { recursive: true });
    await writeFile(path.join(runDir, "result.json"), JSON.stringify(result, null, 2));

    const piped = await status(repo.root, false, 80);
    assert.match(piped, /^A1 {5}解析器：波形文件的解析与校验 {2}implementation /m);
    assert.match(piped, /^A0 .* stopped the wave$/m);

    const tty = await status(repo.root, true, 80);
    const rows = tty.split("\n").filter((l) => /^(AGENT|A\d|E\d) /.test(l));
    assert.equal(rows.length, 7);
    for (const row of rows) assert.ok(displayWidth(row) < 80, row);
    assert.match(tty, /^A1 {5}解析…/m);
    assert.match(tty, /^A0 .* failed {5}1 .* sto…$/m);
  } finally {
    await repo.cleanup();
  }
});
