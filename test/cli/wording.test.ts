/**
 * The wording a user reads: a cancel never says "cancelled at cancelled", the end of a stage never
 * says "passed" before its gates are checked, a run whose changes cannot be recorded says so, and
 * the documentation cites no section of a document users do not have.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { outcomePhrase, waveHeadline } from "../../src/report/headline.js";
import { renderPlainLine } from "../../src/report/progress/render.js";
import { renderStatusTable } from "../../src/report/status-table.js";
import { cancelledResult } from "../report/fixtures.js";
import { cliEnv } from "../engine/fixture.js";
import { REPO_ROOT, runCli } from "../helpers/cli.js";

test("a cancel outside any stage reads 'cancelled', never 'cancelled at cancelled'", () => {
  const result = cancelledResult();
  result.failure = { stage: "cancelled", agentId: null, statusCode: "cancelled", detail: "the run was cancelled", log: null };
  assert.equal(outcomePhrase(result), "cancelled");
  assert.match(waveHeadline(result), /^Wave 3 \(lane main\): cancelled — attempt 1, /);
  assert.equal(
    renderPlainLine({ type: "wave-end", at: 0, status: "cancelled", failure: { stage: "cancelled", agentId: null } }),
    "wave cancelled",
  );
  const table = renderStatusTable(result);
  assert.match(table, /^Stopped: cancelled — the run was cancelled$/m);
  assert.doesNotMatch(table, /cancelled at cancelled|Stopped at cancelled/);
  // A cancel during a stage still names it.
  assert.equal(
    renderPlainLine({ type: "wave-end", at: 0, status: "cancelled", failure: { stage: "implementation", agentId: "A1" } }),
    "wave cancelled at implementation (A1)",
  );
  assert.equal(outcomePhrase(cancelledResult()), "cancelled during implementation");
  assert.equal(
    renderPlainLine({ type: "wave-end", at: 0, status: "failed", failure: { stage: "cont-qa", agentId: "A0" } }),
    "wave failed at cont-qa (A0)",
  );
});

test("the end of a stage does not say 'passed' before its gates are checked", () => {
  assert.equal(
    renderPlainLine({ type: "stage-end", at: 0, stage: "implementation", ok: true }),
    "stage implementation ended: its agents succeeded",
  );
  assert.equal(
    renderPlainLine({ type: "stage-end", at: 0, stage: "implementation", ok: false }),
    "stage implementation ended: an agent did not succeed",
  );
  assert.equal(renderPlainLine({ type: "stage-end", at: 0, stage: "cont-qa" }), "stage cont-qa ended");
});

test("the documentation cites no numbered section of the reference document", () => {
  const files = [
    "README.md",
    "SECURITY.md",
    "examples/README.md",
    ...readdirSync(path.join(REPO_ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  for (const file of files) {
    const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
    assert.doesNotMatch(text, /§\s?1[0-9]\.\d/, `${file} cites a section of a document users do not have`);
  }
});

for (const setup of ["no git repository", "a git repository without a commit"] as const) {
  test(`a run in ${setup} warns that workspace changes are not recorded`, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "wave-nogit-"));
    try {
      cpSync(path.join(REPO_ROOT, "examples"), dir, { recursive: true });
      if (setup !== "no git repository") execFileSync("git", ["init", "-q", "-b", "main"], { cwd: dir });
      const r = await runCli(["run", "--wave", "0", "--root", dir, "--agent-user", "none"], { env: cliEnv(), timeoutMs: 120_000 });
      assert.equal(r.code, 0, r.stderr + r.stdout.slice(-2000));
      assert.match(r.stdout + r.stderr, /is not a git repository with a commit: the agents' workspace changes are not recorded/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("a run in a git repository with a commit does not warn about recording changes", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-git-"));
  try {
    cpSync(path.join(REPO_ROOT, "examples"), dir, { recursive: true });
    // A wave file warning (its title names another wave) is said once as a warning, not twice.
    const waveFile = path.join(dir, "docs", "plans", "waves", "wave-0.md");
    writeFileSync(waveFile, readFileSync(waveFile, "utf8").replace(/^# Wave 0 /, "# Wave 7 "));
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.invalid",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.invalid",
    };
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: dir });
    execFileSync("git", ["add", "-A"], { cwd: dir, env });
    execFileSync("git", ["commit", "-q", "-m", "x"], { cwd: dir, env });
    const r = await runCli(["run", "--wave", "0", "--root", dir, "--agent-user", "none"], { env: cliEnv(), timeoutMs: 120_000 });
    assert.equal(r.code, 0, r.stderr + r.stdout.slice(-2000));
    assert.doesNotMatch(r.stdout + r.stderr, /not recorded/);
    assert.match(r.stdout, /Wave 0 \(lane main\): passed/);
    assert.match(r.stdout + r.stderr, /warning: docs\/plans\/waves\/wave-0\.md:1: Title says wave 7/);
    assert.doesNotMatch(r.stdout + r.stderr, /warning:.*: warning:/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
