/**
 * The scripted server's file write for Copilot CLI (chat completions without OpenCode's `write`
 * tool): a `bash` call that makes the directory first, since Copilot's `create` makes none (checked
 * against copilot 1.0.102: "Parent directory does not exist"). OpenCode, which offers `write`
 * (and `bash`), keeps its `write` call.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { writeCall } from "../../src/rehearse/wire.js";

const STEP = { kind: "write" as const, path: "src/deep/a1.js", absPath: "/repo/src/deep/a1.js", content: "it's $HOME `x`\n" };

test("copilot's tools (bash, create, no write): a bash command that writes the file, its directory made", () => {
  const call = writeCall("chat", ["bash", "view", "create", "edit"], STEP, new Set());
  assert.equal(call.name, "bash");
  const input = JSON.parse(call.input) as { command: string; description: string; mode: string };
  assert.deepEqual(Object.keys(input).sort(), ["command", "description", "mode"]);
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-wire-copilot-"));
  try {
    execFileSync("bash", ["-c", input.command], { cwd: dir });
    assert.equal(readFileSync(path.join(dir, "src", "deep", "a1.js"), "utf8"), STEP.content, "written as is, nothing expanded");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("opencode's tools (write and bash): its write call, unchanged", () => {
  const call = writeCall("chat", ["bash", "write", "edit"], STEP, new Set());
  assert.deepEqual(call, { name: "write", input: JSON.stringify({ filePath: STEP.absPath, content: STEP.content }), custom: false });
});
