/**
 * The `wave` entry loads only the command that runs (src/cli/commands.ts): `--version`, `--help`
 * and a group's sub-command list load the dispatcher alone — no command module, no zod, no
 * engine — and a `local` agent (`__local-agent`) loads its own modules alone: not the dispatcher,
 * zod, the wave model, the engine, the runtime or the report renderers. Checked on the real entry (src/cli.ts) in a real process, by
 * the modules it resolves.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { loadedModules, sourceModules } from "./loaded-modules.js";

/** What the dispatcher itself is: every module `wave --version` may load. */
const DISPATCHER = [
  // Whether the command was run again as root (the hand-off and the mark are read there alone):
  // the re-run module and the two pure modules it needs (no zod, no engine).
  "agent-user/choice.ts",
  "agent-user/elevate.ts",
  "agent-user/worktree.ts",
  "cli.ts",
  "cli/args.ts",
  "cli/commands.ts",
  "cli/entry.ts",
  "cli/help.ts",
  "cli/io.ts",
  "cli/main.ts",
  "cli/self.ts",
  // The one did-you-mean: unknown flags and commands name the closest known one (no import).
  "did-you-mean.ts",
  "errors.ts",
  // The reference launcher's commands and flags, rewritten before dispatch (pure, no imports).
  "reference-compat.ts",
  "state/interrupt.ts",
  "state/mkdir.ts",
  // The flag value parsers cli/args.ts hands on to the commands (no other import).
  "values.ts",
];

const tmp = mkdtempSync(path.join(os.tmpdir(), "wave-lazy-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe("the wave entry loads only what runs", { concurrency: 2 }, () => {
  test("wave --version and -V: the dispatcher only (no command, no zod)", async () => {
    for (const flag of ["--version", "-V"]) {
      const r = await loadedModules("src/cli.ts", [flag]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, `${JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "package.json"), "utf8")).version}\n`);
      assert.deepEqual(sourceModules(r), DISPATCHER);
      assert.deepEqual(
        r.modules.filter((m) => m.startsWith("node_modules/") && !m.startsWith("node_modules/tsx/")),
        [],
      );
    }
  });

  test("wave --help, wave help and wave coord (a group's list): the dispatcher only", async () => {
    for (const args of [["--help"], ["help"], ["coord"]]) {
      const r = await loadedModules("src/cli.ts", args);
      assert.equal(r.code, args[0] === "coord" ? 2 : 0, r.stderr);
      assert.match(r.stdout + r.stderr, /coord post/);
      assert.deepEqual(sourceModules(r), DISPATCHER, args.join(" "));
    }
  });

  test("wave run --help loads `wave run` for its help, and starts nothing", async () => {
    const r = await loadedModules("src/cli.ts", ["run", "--help"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Usage: wave run --wave N/);
    assert.ok(sourceModules(r).includes("cli/run.ts"));
    assert.ok(!sourceModules(r).includes("cli/status-command.ts"), "another command was loaded");
  });

  test("a local agent loads its own modules only: no dispatcher, no zod, no wave model, no engine", async () => {
    const root = path.join(tmp, "repo");
    const task = path.join(tmp, "local-task.json");
    writeFileSync(
      task,
      JSON.stringify({
        version: 1,
        lane: "main",
        wave: 0,
        agentId: "A1",
        title: "lazy",
        role: "implementation",
        root,
        deliverables: ["out/made.txt"],
        proofArtifacts: [],
        ownedPaths: ["out/"],
        components: [],
        exitContract: null,
        implementationOwning: true,
        reportPath: null,
        evalTargets: [],
        markerNonce: null,
      }),
    );
    mkdirSync(root, { recursive: true });
    const r = await loadedModules("src/cli.ts", ["__local-agent", "--task", task]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^\[wave-proof\] /m);
    assert.ok(readFileSync(path.join(root, "out", "made.txt"), "utf8").length > 0);
    const src = sourceModules(r);
    assert.ok(src.includes("executors/local/agent.ts"), src.join(" "));
    const heavy = src.filter(
      (m) =>
        /^(engine|runtime|report|artifacts|closure|prompt|signals|coordination|rehearse)\//.test(m) ||
        /^cli\/(run|status|logs|wait|feedback|demo|init)/.test(m),
    );
    assert.deepEqual(heavy, []);
    assert.ok(!src.includes("executors/index.ts"), "every executor's builder was loaded");
    // Told apart by the entry before the dispatcher loads (cli/entry.ts); the task file is read by
    // hand (executors/local/task-file.ts), so neither zod nor the wave model is loaded.
    assert.deepEqual(src, [
      "cli.ts",
      "cli/entry.ts",
      "cli/io.ts",
      "errors.ts",
      "executors/local/agent.ts",
      "executors/local/deliverables.ts",
      "executors/local/markers.ts",
      "executors/local/task-file.ts",
      "state/interrupt.ts",
    ]);
    assert.deepEqual(
      r.modules.filter((m) => m.startsWith("node_modules/") && !m.startsWith("node_modules/tsx/")),
      [],
    );
  });
});
