/**
 * What agents behind another OS user start the `wave` CLI with when they cannot read the
 * orchestrator's copy: a readable copy of the whole bundle (the CLI entry imports the bundle in
 * the directory above it), with the entry at the same place inside it. Whether that user can read
 * a file is asked by running `test` as that user, which needs root.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { cliArgvForAgent } from "../../src/agent-user/cli-argv.js";

/** Someone who is neither the files' owner nor in their group: only the "other" bits apply. */
const STRANGER = { uid: 54321, gid: 54321 };
const skip = process.getuid?.() !== 0 && "needs root (to ask what another user can read)";

test("an unreadable bundle is copied whole for the agent, the CLI entry inside it, everything readable", { skip }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-cli-argv-"));
  try {
    const dist = path.join(dir, "private", "dist");
    mkdirSync(path.join(dist, "cli"), { recursive: true });
    writeFileSync(path.join(dist, "index.js"), 'console.log("bundle");\n');
    writeFileSync(path.join(dist, "7.index.js"), "export const id = 7;\n");
    writeFileSync(path.join(dist, "package.json"), '{ "type": "module" }\n');
    writeFileSync(path.join(dist, "cli", "index.js"), 'import "../index.js";\n');
    chmodSync(path.join(dir, "private"), 0o700);
    const binDir = path.join(dir, "agent-bin");
    mkdirSync(binDir);
    const argv = await cliArgvForAgent([process.execPath, path.join(dist, "cli", "index.js")], STRANGER, binDir);
    const entry = path.join(binDir, "cli", "cli", "index.js");
    assert.deepEqual(argv.slice(1), [entry]);
    for (const f of ["index.js", "7.index.js", "package.json", "cli/index.js"]) {
      assert.equal(statSync(path.join(binDir, "cli", f)).mode & 0o004, 0o004, `${f} readable by others`);
    }
    assert.equal(readFileSync(path.join(binDir, "cli", "7.index.js"), "utf8"), "export const id = 7;\n");
    // The copied entry runs: it finds the bundle next to it.
    const run = spawnSync(process.execPath, [entry], { encoding: "utf8" });
    assert.equal(run.stdout, "bundle\n", run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a readable entry is used where it is; another script's own directory is what is copied", { skip }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-cli-argv-"));
  try {
    chmodSync(dir, 0o755);
    const open = path.join(dir, "open");
    mkdirSync(open);
    chmodSync(open, 0o755);
    writeFileSync(path.join(open, "cli.mjs"), "\n");
    chmodSync(path.join(open, "cli.mjs"), 0o644);
    const bin = path.join(dir, "bin");
    mkdirSync(bin);
    const argv = await cliArgvForAgent([process.execPath, path.join(open, "cli.mjs")], STRANGER, bin);
    assert.equal(argv[1], path.join(open, "cli.mjs"));
    const closed = path.join(dir, "closed", "tools");
    mkdirSync(closed, { recursive: true });
    writeFileSync(path.join(closed, "wave.mjs"), "\n");
    writeFileSync(path.join(dir, "closed", "other.mjs"), "\n");
    chmodSync(path.join(dir, "closed"), 0o700);
    const copied = await cliArgvForAgent([process.execPath, path.join(closed, "wave.mjs")], STRANGER, bin);
    assert.equal(copied[1], path.join(bin, "cli", "wave.mjs"));
    assert.equal(statSync(path.join(bin, "cli", "wave.mjs")).isFile(), true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
