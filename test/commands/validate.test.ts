import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { validateCommand } from "../../src/commands/validate.js";
import { diagnosticAnnotation } from "../../src/report/annotations.js";
import { EXAMPLES, FIXTURES, tempRepo } from "../wave/helpers.js";

const BROKEN = path.join(FIXTURES, "broken");
const CONFIGURED = path.join(FIXTURES, "configured");

test("validate: text format is path:line: error: message relative to the current directory; exit 1", async () => {
  const out = await validateCommand({ root: BROKEN, format: "text", cwd: FIXTURES });
  assert.equal(out.exitCode, 1);
  assert.equal(out.stderr, "");
  const lines = out.stdout.trimEnd().split("\n");
  assert.ok(
    lines.includes(
      'broken/docs/plans/waves/wave-1.md:12: error: Agent B1: Executor "gpt" is not one of: codex, claude, opencode, local, command, copilot, gemini',
    ),
    lines.join("\n"),
  );
  assert.ok(
    lines.includes(
      'broken/docs/plans/waves/wave-1a.md: error: invalid wave file name "wave-1a.md": wave files are named wave-<number>.md (e.g. wave-3.md)',
    ),
  );
  assert.ok(lines.some((l) => /^broken\/docs\/plans\/waves: warning: wave numbers skip 2/.test(l)));
  assert.match(lines.at(-1)!, /^wave validate: \d+ errors, 3 warnings in 2 waves$/);
  // A fresh directory cannot contain the fixtures, wherever the checkout lives.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "wave-elsewhere-"));
  const fromElsewhere = await validateCommand({ root: BROKEN, format: "text", cwd: elsewhere });
  fs.rmSync(elsewhere, { recursive: true, force: true });
  assert.ok(
    fromElsewhere.stdout.includes(`${BROKEN}/docs/plans/waves/wave-1.md:12: error:`),
    "absolute paths when the root is outside the current directory",
  );
});

test("validate: json format has ok, waves with agents, errors with file/line/wave/agentId", async () => {
  const out = await validateCommand({ root: BROKEN, format: "json" });
  assert.equal(out.exitCode, 1);
  const json = JSON.parse(out.stdout);
  assert.equal(json.ok, false);
  assert.equal(json.lane, "main");
  assert.deepEqual(
    json.waves.map((w: { wave: number }) => w.wave),
    [1, 3],
  );
  assert.deepEqual(json.waves[1].agents, [{ id: "C1", title: "Fine", role: "implementation", closureStage: null, executor: "codex" }]);
  const e = json.errors.find((x: { message: string }) => x.message.includes('"model" must not start with "-"'));
  assert.deepEqual(e, {
    file: "docs/plans/waves/wave-1.md",
    line: 13,
    column: 10,
    message: e.message,
    wave: 1,
    agentId: "B1",
  });
  assert.ok(json.errors.some((x: { file: string; wave?: number }) => x.file === "docs/plans/waves/wave-1a.md" && x.wave === undefined));
  assert.equal(json.warnings.length, 3);

  const good = await validateCommand({ root: EXAMPLES, format: "json" });
  assert.equal(good.exitCode, 0);
  const ok = JSON.parse(good.stdout);
  assert.equal(ok.ok, true);
  assert.deepEqual(ok.errors, []);
  assert.deepEqual(
    ok.waves[0].agents.map((a: { id: string; role: string; executor: string }) => `${a.id}:${a.role}:${a.executor}`),
    ["A1:implementation:local", "A2:implementation:local", "A8:integration:local", "A9:documentation:local", "A0:cont-qa:local"],
  );
});

test("validate: github format emits escaped ::error/::warning commands relative to the workspace", async () => {
  const out = await validateCommand({ root: BROKEN, format: "github", env: { GITHUB_WORKSPACE: FIXTURES } });
  assert.equal(out.exitCode, 1);
  const lines = out.stdout.trimEnd().split("\n");
  assert.ok(
    lines.includes(
      '::error file=broken/docs/plans/waves/wave-1.md,line=13,col=10,title=wave validate::Agent B1: Executor setting "model" must not start with "-" (got "--dangerously-bypass-approvals-and-sandbox"): it would be read as a command-line option',
    ),
    lines.slice(0, 5).join("\n"),
  );
  assert.ok(lines.some((l) => l.startsWith("::warning file=broken/docs/plans/waves,title=wave validate::wave numbers skip 2")));
  const noWorkspace = await validateCommand({ root: BROKEN, format: "github", env: {} });
  assert.ok(
    noWorkspace.stdout.includes("::error file=docs/plans/waves/wave-1.md,line=12,"),
    "without GITHUB_WORKSPACE paths are relative to the repository root",
  );
});

test("github escaping: % CR LF in data; also : and , in properties; `##[` neutralised in both", () => {
  const line = diagnosticAnnotation(
    { file: "x", line: 3, column: 2, message: "bad: a,b\nc 50%", severity: "error" },
    "dir,1/we:ird.md",
    "wave: validate",
  );
  assert.equal(line, "::error file=dir%2C1/we%3Aird.md,line=3,col=2,title=wave%3A validate::bad: a,b%0Ac 50%25");
  // A wave file an agent changed: a legacy command in a key, a value or the file's name stays text.
  const hostile = diagnosticAnnotation(
    { file: "x", line: 0, column: 4, message: 'unknown key "##[add-mask]secret"', severity: "warning" },
    "waves/##[set-output name=a]b.md",
    "wave validate",
  );
  assert.equal(hostile, '::warning file=waves/##[\\set-output name=a]b.md,title=wave validate::unknown key "##[\\add-mask]secret"');
  assert.ok(!/##\[(?!\\)/.test(hostile));
});

test("validate: --wave limits the report; errors without a wave stay; unknown wave is exit 2", async () => {
  const only3 = await validateCommand({ root: BROKEN, format: "json", waves: [3] });
  const json = JSON.parse(only3.stdout);
  assert.deepEqual(
    json.waves.map((w: { wave: number }) => w.wave),
    [3],
  );
  assert.ok(json.errors.every((e: { wave?: number }) => e.wave === undefined || e.wave === 3));
  assert.ok(
    json.errors.some((e: { file: string }) => e.file.endsWith("wave-1a.md")),
    "file-name errors are not tied to a wave",
  );
  assert.equal(only3.exitCode, 1);
  const missing = await validateCommand({ root: BROKEN, format: "text", waves: [7] });
  assert.equal(missing.exitCode, 2);
  assert.match(missing.stderr, /wave 7 not found in docs\/plans\/waves \(waves: 1, 3\)/);
  const valid = await validateCommand({ root: CONFIGURED, format: "text", waves: [1] });
  assert.equal(valid.exitCode, 0);
  assert.equal(valid.stdout, "wave validate: 1 wave, 7 agents: valid\n");
});

test("validate: configuration and environment problems exit 2 with the message on stderr", async () => {
  const repo = tempRepo({ "wave.config.json": '{\n  "executors": { "default": "gpt" }\n}\n', "docs/plans/waves/wave-0.md": "x" });
  try {
    const text = await validateCommand({ root: repo.root, format: "text" });
    assert.equal(text.exitCode, 2);
    assert.equal(text.stdout, "");
    assert.match(text.stderr, /wave\.config\.json is not a valid wave configuration:\nwave\.config\.json:2: error: executors\.default: /);
    const json = JSON.parse((await validateCommand({ root: repo.root, format: "json" })).stdout);
    assert.equal(json.ok, false);
    assert.deepEqual(json.errors[0].file, "wave.config.json");
    assert.equal(json.errors[0].line, 2);
    const gh = await validateCommand({ root: repo.root, format: "github", env: {} });
    assert.match(gh.stdout, /^::error file=wave\.config\.json,line=2,col=\d+,title=wave validate::executors\.default: /);
    fs.rmSync(path.join(repo.root, "wave.config.json"));
    fs.rmSync(path.join(repo.root, "docs"), { recursive: true });
    const noWaves = await validateCommand({ root: repo.root, format: "text" });
    assert.equal(noWaves.exitCode, 2);
    assert.match(noWaves.stderr, /waves directory not found: docs\/plans\/waves/);
    const badLane = await validateCommand({ root: repo.root, format: "text", lane: "Not A Lane" });
    assert.equal(badLane.exitCode, 2);
    assert.match(badLane.stderr, /invalid lane name/);
  } finally {
    repo.cleanup();
  }
});

test("validate: a wave file that is not UTF-8 is named with why, and counted: never '1 error in 0 waves'", async () => {
  const repo = tempRepo({
    "docs/plans/waves/wave-0.md": Buffer.concat([Buffer.from("# Wave 0 - x\n\n## Agent A1: caf"), Buffer.from([0xe9]), Buffer.from("\n")]),
  });
  try {
    const out = await validateCommand({ root: repo.root, format: "text", cwd: repo.root });
    assert.equal(out.exitCode, 1);
    const lines = out.stdout.trimEnd().split("\n");
    assert.match(lines[0]!, /^docs\/plans\/waves\/wave-0\.md:3: error: wave file is not valid UTF-8 \(byte 0xe9 at line 3/);
    assert.equal(lines[1], "wave validate: 1 error in 1 wave (not parsed: docs/plans/waves/wave-0.md)");
  } finally {
    repo.cleanup();
  }
});
