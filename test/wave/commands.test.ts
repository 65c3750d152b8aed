import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parseWaveSelection, planCommand } from "../../src/commands/plan.js";
import { validateCommand } from "../../src/commands/validate.js";
import { escapeGithubData, escapeGithubProperty, formatDiagnosticGithub } from "../../src/wave/diagnostics.js";
import { EXAMPLES, FIXTURES, tempRepo } from "./helpers.js";

const BROKEN = path.join(FIXTURES, "broken");
const CONFIGURED = path.join(FIXTURES, "configured");

test("validate: text format is path:line: error: message relative to the current directory; exit 1", async () => {
  const out = await validateCommand({ root: BROKEN, format: "text", cwd: FIXTURES });
  assert.equal(out.exitCode, 1);
  assert.equal(out.stderr, "");
  const lines = out.stdout.trimEnd().split("\n");
  assert.ok(
    lines.includes(
      'broken/docs/plans/waves/wave-1.md:12: error: Agent B1: Executor "gpt" is not one of: codex, claude, opencode, local, command',
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

test("github escaping: % CR LF in data; also : and , in properties", () => {
  assert.equal(escapeGithubData("50% done\r\nnext"), "50%25 done%0D%0Anext");
  assert.equal(escapeGithubProperty("a:b,c%"), "a%3Ab%2Cc%25");
  const line = formatDiagnosticGithub(
    { file: "x", line: 3, column: 2, message: "bad: a,b\nc", severity: "error" },
    "dir,1/we:ird.md",
    "wave: validate",
  );
  assert.equal(line, "::error file=dir%2C1/we%3Aird.md,line=3,col=2,title=wave%3A validate::bad: a,b%0Ac");
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

test("plan: --waves spec parsing", () => {
  assert.deepEqual(parseWaveSelection("all"), { ok: true, waves: "all" });
  assert.deepEqual(parseWaveSelection(" 3 "), { ok: true, waves: [3] });
  assert.deepEqual(parseWaveSelection("2-4"), { ok: true, waves: [2, 3, 4] });
  assert.deepEqual(parseWaveSelection("5,1,3-4,1"), { ok: true, waves: [1, 3, 4, 5] });
  for (const bad of ["", "x", "1-", "-1", "4-2", "1,,2", "1.5", "0-999999999"]) {
    assert.equal(parseWaveSelection(bad).ok, false, bad);
  }
});

test("plan: json with lane, waves, agents and the workflow matrix", async () => {
  const out = await planCommand({ root: CONFIGURED, waves: "0,2", format: "json" });
  assert.equal(out.exitCode, 0, out.stderr);
  const plan = JSON.parse(out.stdout);
  assert.equal(plan.lane, "main");
  assert.deepEqual(plan.matrix, { include: [{ wave: 0 }, { wave: 2 }] });
  assert.deepEqual(
    plan.waves.map((w: { wave: number; file: string }) => [w.wave, w.file]),
    [
      [0, "docs/plans/waves/wave-0.md"],
      [2, "docs/plans/waves/wave-2.md"],
    ],
  );
  const a1 = plan.waves[1].agents.find((a: { id: string }) => a.id === "A1");
  assert.deepEqual(a1, {
    id: "A1",
    title: "Pilot switch",
    role: "implementation",
    closureStage: null,
    executor: "codex",
    model: "gpt-5-codex",
  });
  const all = JSON.parse((await planCommand({ root: CONFIGURED, waves: "all", format: "json" })).stdout);
  assert.deepEqual(all.matrix.include, [{ wave: 0 }, { wave: 1 }, { wave: 2 }]);
  const cli = JSON.parse(
    (await planCommand({ root: path.join(FIXTURES, "lenient"), waves: "2", format: "json", cliExecutor: "claude" })).stdout,
  );
  assert.deepEqual(
    cli.waves[0].agents.map((a: { id: string; executor: string }) => `${a.id}:${a.executor}`),
    ["R1:claude", "R2:local"],
    "--executor applies where the agent does not choose",
  );
  const mix = await planCommand({ root: CONFIGURED, waves: "1", format: "json", cliExecutor: "opencode" });
  assert.equal(mix.exitCode, 1, "--executor beats lane role defaults, which here breaks the runtime mix targets");
  assert.match(mix.stderr, /exceeds the lane's runtime mix targets \(opencode=5 exceeds target 2\)/);
});

test("plan: text table; bad spec or unknown wave exit 2; invalid waves exit 1 with the errors", async () => {
  const text = await planCommand({ root: EXAMPLES, waves: "all", format: "text" });
  assert.equal(text.exitCode, 0);
  assert.match(
    text.stdout,
    /^lane main: 1 wave\n\nwave 0 - Text statistics helpers \(docs\/plans\/waves\/wave-0\.md\)\n {2}agent +role +executor +title\n/,
  );
  assert.match(text.stdout, /A0 +cont-qa \(closure\) +local +cont-QA/);
  assert.match(text.stdout, /matrix: \{"include":\[\{"wave":0\}\]\}\n$/);
  const bad = await planCommand({ root: EXAMPLES, waves: "1-x", format: "json" });
  assert.equal(bad.exitCode, 2);
  assert.match(bad.stderr, /invalid --waves "1-x"/);
  const missing = await planCommand({ root: EXAMPLES, waves: "0-2", format: "json" });
  assert.equal(missing.exitCode, 2);
  assert.match(missing.stderr, /wave 1, 2 not found in docs\/plans\/waves \(waves: 0\)/);
  const invalid = await planCommand({ root: BROKEN, waves: "3", format: "json", cwd: BROKEN });
  assert.equal(invalid.exitCode, 1, "the wave-1a.md name error belongs to the whole project");
  assert.equal(invalid.stdout, "");
  assert.match(invalid.stderr, /docs\/plans\/waves\/wave-1a\.md: error: invalid wave file name/);
  const invalid1 = await planCommand({ root: BROKEN, waves: "1", format: "json", cwd: BROKEN });
  assert.match(invalid1.stderr, /docs\/plans\/waves\/wave-1\.md:12: error: Agent B1/);
});
