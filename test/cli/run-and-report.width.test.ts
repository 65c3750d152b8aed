/**
 * The table `wave run` ends with fits the terminal it prints to (the same rule as `wave status`):
 * run in this process with a terminal IO of 80 columns, then with a pipe's.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli } from "../../src/cli/main.js";
import type { CliIo } from "../../src/command-io.js";
import { displayWidth } from "../../src/report/text.js";
import { cliEnv, implAgent, makeRepo, writeWave } from "../engine/fixture.js";

const TITLE = "解析器：波形文件的解析与校验";

async function run(root: string, isTty: boolean): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => {},
    env: cliEnv({ NO_COLOR: "1" }),
    cwd: root,
    isTty,
    columns: 80,
  };
  const code = await runCli(["run", "--wave", "1", "--agent-user", "none", "--resume", "never", "--root", root], io);
  return { code, stdout };
}

test("wave run's final table is cut to a terminal's 80 columns, and whole to a pipe", async () => {
  const repo = await makeRepo("run-width");
  try {
    await writeWave(repo, 1, [{ ...implAgent("A1"), title: TITLE }]);
    const piped = await run(repo.root, false);
    assert.equal(piped.code, 0, piped.stdout);
    assert.ok(
      piped.stdout.split("\n").some((l) => l.startsWith("A1 ") && l.includes(TITLE)),
      piped.stdout,
    );

    const tty = await run(repo.root, true);
    assert.equal(tty.code, 0, tty.stdout);
    // After the live view: the final table, its rows within the width, the title cut.
    const table = tty.stdout
      .slice(tty.stdout.lastIndexOf("\nAGENT ") + 1)
      .split("\n\n")[0]!
      .split("\n");
    assert.equal(table.length, 2, table.join("\n"));
    for (const line of table) assert.ok(displayWidth(line) < 80, line);
    assert.match(table[1]!, /^A1 {5}解析… {2}\S+ +command +succeeded /);
  } finally {
    await repo.cleanup();
  }
});
