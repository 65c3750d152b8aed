/**
 * `sandbox: on|auto` on a machine where the sandbox cannot work (bubblewrap not on PATH): `on`
 * fails the run before any agent starts, naming what is missing and the fix; `auto` runs the
 * agents without it and warns, never silently. No bubblewrap needed.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { runWave } from "../../src/engine/run-wave.js";
import type { EngineDeps, EngineEvent } from "../../src/engine/types.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { cliEnv, implAgent, makeRepo, type TestRepo, writeWave, runOptionsFor } from "../engine/fixture.js";
import { CLI_ARGV } from "../helpers/cli.js";

describe("sandbox on|auto where it cannot work", () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A PATH with node and git only: no bwrap, socat or rg. */
  async function barePath(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), "wave-bare-path-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await symlink(process.execPath, path.join(dir, "node"));
    for (const p of ["/usr/bin/git", "/bin/git"]) await symlink(p, path.join(dir, "git")).catch(() => undefined);
    return dir;
  }

  async function run(
    mode: "on" | "auto",
  ): Promise<{ repo: TestRepo; events: EngineEvent[]; started: string[]; outcome: Promise<unknown> }> {
    const repo = await makeRepo(`sandbox-${mode}`);
    cleanups.push(() => repo.cleanup());
    await writeWave(repo, 1, [implAgent("A1")]);
    const events: EngineEvent[] = [];
    const started: string[] = [];
    const options = runOptionsFor(repo, 1, { maxAttempts: 1, sandbox: mode });
    const deps: EngineDeps = {
      cliArgv: CLI_ARGV,
      now: () => new Date(),
      env: cliEnv({ PATH: await barePath() }),
      runProcess: (opts) => {
        started.push(opts.argv[0]!);
        return runAgentProcess(opts);
      },
      onEvent: (e) => {
        if (e.type !== "agent-output") events.push(e);
      },
    };
    return { repo, events, started, outcome: runWave(options, deps) };
  }

  test("on: the run fails before any agent starts, naming the missing programs and the fix", async () => {
    const { started, outcome } = await run("on");
    await assert.rejects(outcome, (e: Error) => {
      assert.match(
        e.message,
        /^sandbox is on, but it cannot work here: bubblewrap \(bwrap\), socat, ripgrep \(rg\) are not installed; install them: sudo apt-get install -y bubblewrap socat ripgrep$/,
      );
      return true;
    });
    assert.deepEqual(started, []);
  });

  test("auto: the agents run without it, and a warning says so", async () => {
    const { events, started, outcome } = await run("auto");
    const result = (await outcome) as { result: { status: string } };
    assert.equal(result.result.status, "passed");
    assert.equal(started.length, 1);
    assert.notEqual(path.basename(started[0]!), "bash", "not wrapped");
    const warnings = events.filter((e) => e.type === "warning").map((e) => (e as { message: string }).message);
    assert.ok(
      warnings.some((w) =>
        /^sandbox: agents run WITHOUT the sandbox .*bubblewrap \(bwrap\), socat, ripgrep \(rg\) are not installed/.test(w),
      ),
      JSON.stringify(warnings),
    );
  });
});
