/**
 * Whether the agent user can start a CLI the orchestrator found on its PATH: asked of the kernel
 * as that user (root needed), through every directory on the way, for the file a link points to,
 * and for a script's `#!` interpreter — a CLI installed under root's home fails here, by name,
 * instead of as a bare EACCES at every agent's launch.
 */
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { whyAgentCannotRun } from "../../src/agent-user/access.js";

/** Someone who is neither the files' owner nor in their group: only the "other" bits apply. */
const STRANGER = { uid: 54321, gid: 54321 };
const skip = process.getuid?.() !== 0 && "needs root (to ask what another user can run)";

const base = mkdtempSync(path.join(os.tmpdir(), "wave-access-"));
chmodSync(base, 0o755);
after(() => rmSync(base, { recursive: true, force: true }));

function dir(rel: string, mode: number): string {
  const d = path.join(base, rel);
  mkdirSync(d, { recursive: true });
  chmodSync(d, mode);
  return d;
}
function file(d: string, name: string, text: string, mode: number): string {
  const f = path.join(d, name);
  writeFileSync(f, text);
  chmodSync(f, mode);
  return f;
}
const nowhere = () => null;

test("a CLI the agent user can reach and run: no objection", { skip }, () => {
  const bin = dir("open/bin", 0o755);
  assert.equal(whyAgentCannotRun(STRANGER, file(bin, "tool", "#!/bin/sh\nexit 0\n", 0o755), nowhere), null);
});

test("a CLI under a home only root may enter: names the directory", { skip }, () => {
  const home = dir("roothome", 0o700);
  const bin = path.join(home, "bin");
  mkdirSync(bin);
  chmodSync(bin, 0o755);
  const claude = file(bin, "claude", "#!/bin/sh\nexit 0\n", 0o755);
  assert.equal(whyAgentCannotRun(STRANGER, claude, nowhere), `the agent user cannot enter ${home}`);
});

test("a link on an open PATH to a file under a closed directory: names the closed one", { skip }, () => {
  const closed = dir("closed-lib", 0o700);
  const target = file(closed, "cli.js", "#!/bin/sh\nexit 0\n", 0o755);
  const bin = dir("linkbin", 0o755);
  const link = path.join(bin, "codex");
  symlinkSync(target, link);
  assert.equal(whyAgentCannotRun(STRANGER, link, nowhere), `the agent user cannot enter ${closed}`);
});

test("a script it may execute but not read, and a file without x for others", { skip }, () => {
  const bin = dir("modes/bin", 0o755);
  const script = file(bin, "noread", "#!/bin/sh\nexit 0\n", 0o711);
  assert.equal(whyAgentCannotRun(STRANGER, script, nowhere), `the agent user may not read the script ${script}`);
  const ownerOnly = file(bin, "owneronly", "#!/bin/sh\nexit 0\n", 0o744);
  assert.equal(whyAgentCannotRun(STRANGER, ownerOnly, nowhere), `the agent user may not execute ${ownerOnly}`);
});

test("a script whose interpreter (through env) lives where the agent user cannot go", { skip }, () => {
  const bin = dir("interp/bin", 0o755);
  const script = file(bin, "gemini", "#!/usr/bin/env fakenode --flag\nconsole.log(1)\n", 0o755);
  const hidden = dir("interp-home", 0o700);
  const node = file(hidden, "fakenode", "#!/bin/sh\nexit 0\n", 0o755);
  const lookups: string[] = [];
  const why = whyAgentCannotRun(STRANGER, script, (name) => {
    lookups.push(name);
    return name === "fakenode" ? node : null;
  });
  assert.deepEqual(lookups, ["fakenode"], "the interpreter is the first word after env that is not an option");
  assert.equal(why, `its interpreter ${node}: the agent user cannot enter ${hidden}`);
  const open = dir("interp-open", 0o755);
  const openNode = file(open, "fakenode", "#!/bin/sh\nexit 0\n", 0o755);
  assert.equal(
    whyAgentCannotRun(STRANGER, script, () => openNode),
    null,
  );
});
