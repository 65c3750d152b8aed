/**
 * `.env.local` in local runs: only allow-listed keys, never over a variable already set (even
 * empty), names said and values never printed, and nothing read under GitHub Actions.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { envLocalNotice, loadEnvLocal, parseEnvFile } from "../../src/cli/env-local.js";
import { cliEnv } from "../engine/fixture.js";
import { REPO_ROOT, runCli } from "../helpers/cli.js";

const FILE = [
  "# keys",
  "export ANTHROPIC_API_KEY=sk-ant-from-file",
  'OPENAI_API_KEY="sk-openai \\"quoted\\""',
  "CONTEXT7_API_KEY='c7-key' ",
  "CODEX_API_KEY=abc # a comment",
  "PATH=/evil/bin",
  "NODE_OPTIONS=--require /tmp/x.js",
  "GEMINI_API_KEY=",
  "not an assignment",
].join("\n");

test("the file's assignments parse: export, quotes, comments", () => {
  const pairs = parseEnvFile(FILE);
  assert.equal(pairs.get("ANTHROPIC_API_KEY"), "sk-ant-from-file");
  assert.equal(pairs.get("OPENAI_API_KEY"), 'sk-openai "quoted"');
  assert.equal(pairs.get("CONTEXT7_API_KEY"), "c7-key");
  assert.equal(pairs.get("CODEX_API_KEY"), "abc");
});

test("only allow-listed keys are taken, a set variable (even empty) is kept, and nothing under Actions", async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "wave-envlocal-"));
  try {
    writeFileSync(path.join(root, ".env.local"), FILE);
    const r = await loadEnvLocal(root, { PATH: "/usr/bin", OPENAI_API_KEY: "", CONTEXT7_API_KEY: "from-env" });
    assert.deepEqual(r.loaded.sort(), ["ANTHROPIC_API_KEY", "CODEX_API_KEY"]);
    assert.deepEqual(r.kept.sort(), ["CONTEXT7_API_KEY", "OPENAI_API_KEY"]);
    assert.equal(r.env.ANTHROPIC_API_KEY, "sk-ant-from-file");
    assert.equal(r.env.OPENAI_API_KEY, "", "an empty variable already set is not replaced");
    assert.equal(r.env.CONTEXT7_API_KEY, "from-env");
    assert.equal(r.env.PATH, "/usr/bin", "PATH is not on the allow-list");
    assert.equal(r.env.NODE_OPTIONS, undefined);
    assert.equal(r.env.GEMINI_API_KEY, undefined, "an empty value in the file sets nothing");
    const notice = envLocalNotice(r);
    assert.match(notice, /read ANTHROPIC_API_KEY, CODEX_API_KEY from \.env\.local/);
    assert.doesNotMatch(notice, /sk-|abc|c7-key/);
    const actions = await loadEnvLocal(root, { GITHUB_ACTIONS: "true" });
    assert.deepEqual(actions.loaded, []);
    assert.equal(actions.env.ANTHROPIC_API_KEY, undefined);
    assert.deepEqual((await loadEnvLocal(path.join(root, "nope"), {})).loaded, []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("wave run says which keys it read from .env.local, by name only", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-envlocal-run-"));
  try {
    cpSync(path.join(REPO_ROOT, "examples"), dir, { recursive: true });
    writeFileSync(path.join(dir, ".env.local"), "ANTHROPIC_API_KEY=sk-ant-secret-value\nPATH=/nowhere\n");
    const r = await runCli(["run", "--wave", "0", "--dry-run", "--root", dir], { env: cliEnv() });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /wave run: read ANTHROPIC_API_KEY from \.env\.local/);
    assert.doesNotMatch(r.stdout + r.stderr, /sk-ant-secret-value/);
    const actions = await runCli(["run", "--wave", "0", "--dry-run", "--root", dir], { env: cliEnv({ GITHUB_ACTIONS: "true" }) });
    assert.doesNotMatch(actions.stderr, /\.env\.local/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
