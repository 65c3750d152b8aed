/**
 * `wave init [--strict]`: the scaffold validates, plans, dry-runs and runs (built-in local agent)
 * in a fresh git repository; it never overwrites a file; `wave validate` says which rules the
 * config turned on and how to turn each off; every config key is described in docs/config.md.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { CONFIG_KEY_DOCS, configMarkdown } from "../../scripts/config-doc.js";
import { pricingNote, scaffoldFiles } from "../../src/cli/init.js";
import { BUILTIN_PRICES_DATE } from "../../src/usage/pricing.js";
import { cliEnv } from "../engine/fixture.js";
import { REPO_ROOT, runCli } from "../helpers/cli.js";

const GIT_ENV = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.invalid",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.invalid",
};

function emptyGitRepo(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-init-"));
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: dir });
  return dir;
}

function commitAll(dir: string): void {
  execFileSync("git", ["add", "-A"], { cwd: dir, env: { ...process.env, ...GIT_ENV } });
  execFileSync("git", ["commit", "-q", "-m", "scaffold"], { cwd: dir, env: { ...process.env, ...GIT_ENV } });
}

function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map(String)
    .filter((f) => !f.startsWith(".git") && !f.endsWith("/") && existsSync(path.join(dir, f)) && !readdirSafe(path.join(dir, f)))
    .sort();
}

function readdirSafe(p: string): boolean {
  try {
    readdirSync(p);
    return true;
  } catch {
    return false;
  }
}

for (const strict of [false, true]) {
  const label = strict ? "wave init --strict" : "wave init";
  test(`${label} in an empty git repository: validate, plan, dry run and run pass`, async () => {
    const dir = emptyGitRepo();
    try {
      const init = await runCli(["init", ...(strict ? ["--strict"] : []), "--root", dir], { env: cliEnv() });
      assert.equal(init.code, 0, init.stderr);
      const expected = Object.keys(scaffoldFiles({ strict, executor: "local" })).sort();
      assert.deepEqual(listFiles(dir), expected);
      assert.equal(strict, expected.includes("docs/plans/component-cutover-matrix.json"));
      assert.match(init.stdout, /has no commit yet: .*commit these files/);
      assert.match(init.stdout, new RegExp(`wave validate --root ${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      commitAll(dir);

      const validate = await runCli(["validate", "--root", dir], { env: cliEnv() });
      assert.equal(validate.code, 0, validate.stdout + validate.stderr);
      assert.match(validate.stdout, /^wave validate: 1 wave, (2|4) agents: valid$/m);
      assert.match(validate.stdout, /cont-QA agent A0 closes every wave/);
      if (strict) {
        assert.match(
          validate.stdout,
          /exactly one integration steward, from wave 0 — validation\.requireIntegrationStewardFromWave: null turns it off/,
        );
        assert.match(validate.stdout, /every prompt mentions docs\/reference\/repository-guidance\.md/);
        assert.match(validate.stdout, /^Off: runtimePolicy\.runtimeMixTargets\.$/m);
      } else {
        assert.match(
          validate.stdout,
          /^Off: validation\.requireExitContractsFromWave, .*validation\.requiredPromptReferences, .*runtimePolicy\.requireMarkerNonce\.$/m,
        );
      }

      const plan = await runCli(["plan", "--root", dir, "--json"], { env: cliEnv() });
      assert.equal(plan.code, 0, plan.stderr);
      assert.deepEqual(JSON.parse(plan.stdout).matrix, { include: [{ wave: 0 }] });

      const dry = await runCli(["run", "--wave", "0", "--dry-run", "--root", dir, "--agent-user", "none", "--json"], { env: cliEnv() });
      assert.equal(dry.code, 0, dry.stderr);
      assert.equal(JSON.parse(dry.stdout).status, "dry-run");

      const run = await runCli(["run", "--wave", "0", "--root", dir, "--agent-user", "none", "--json"], {
        env: cliEnv(),
        timeoutMs: 180_000,
      });
      assert.equal(run.code, 0, run.stderr + run.stdout.slice(-2000));
      const result = JSON.parse(run.stdout);
      assert.equal(result.status, "passed");
      assert.deepEqual(
        result.agents.map((a: { id: string; executor: string; status: string }) => [a.id, a.executor, a.status]),
        strict
          ? [
              ["A1", "local", "succeeded"],
              ["A8", "local", "succeeded"],
              ["A9", "local", "succeeded"],
              ["A0", "local", "succeeded"],
            ]
          : [
              ["A1", "local", "succeeded"],
              ["A0", "local", "succeeded"],
            ],
      );
      assert.ok(existsSync(path.join(dir, "src", "greeting.js")), "A1's deliverable was written");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("wave init never overwrites: it names every existing file and writes nothing", async () => {
  const dir = emptyGitRepo();
  try {
    writeFileSync(path.join(dir, "wave.config.json"), "{}\n");
    mkdirSync(path.join(dir, "docs", "agents"), { recursive: true });
    writeFileSync(path.join(dir, "docs", "agents", "wave-cont-qa-role.md"), "mine\n");
    const r = await runCli(["init", "--root", dir], { env: cliEnv() });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /not overwriting 2 existing files \(nothing was written\):\n {2}wave\.config\.json\n {2}docs\/agents\/wave-cont-qa-role\.md\n/,
    );
    assert.equal(r.stdout, "");
    assert.deepEqual(listFiles(dir), ["docs/agents/wave-cont-qa-role.md", "wave.config.json"]);
    assert.equal(readFileSync(path.join(dir, "wave.config.json"), "utf8"), "{}\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("wave init outside a git repository says a run needs one; a bad --executor is a usage error", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-init-nogit-"));
  try {
    const bad = await runCli(["init", "--root", dir, "--executor", "gpt"], { env: cliEnv() });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--executor must be one of codex, claude, opencode, local, command, copilot, gemini \(got "gpt"\)/);
    assert.deepEqual(listFiles(dir), []);
    const r = await runCli(["init", "--executor", "claude"], { env: cliEnv(), cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /This is not a git repository yet: .*`git init`, then commit these files/);
    assert.match(r.stdout, /^ {2}wave validate$/m, "no --root when the repository is the current directory");
    assert.equal(JSON.parse(readFileSync(path.join(dir, "wave.config.json"), "utf8")).executors.default, "claude");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Every key path of a JSON value (`a.b.c`), records included. */
function keyPaths(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...keyPaths(v, `${prefix}${k}.`)]);
}

test("every key of the scaffolded configs is described in docs/config.md", () => {
  const doc = readFileSync(path.join(REPO_ROOT, "docs", "config.md"), "utf8");
  for (const strict of [false, true]) {
    const config = JSON.parse(scaffoldFiles({ strict, executor: "local" })["wave.config.json"]!);
    const keys = keyPaths(config);
    assert.ok(keys.length >= (strict ? 20 : 10), keys.join(", "));
    for (const key of keys) assert.ok(doc.includes(`| \`${key}\` |`), `${key} is described in docs/config.md`);
  }
});

test("docs/config.md is generated from the schema: a key without a description fails the generator", () => {
  assert.equal(readFileSync(path.join(REPO_ROOT, "docs", "config.md"), "utf8"), configMarkdown(), "run npx tsx scripts/gen-docs.ts");
  const saved = CONFIG_KEY_DOCS["validation.requireExitContractsFromWave"]!;
  delete CONFIG_KEY_DOCS["validation.requireExitContractsFromWave"];
  try {
    assert.throws(
      () => configMarkdown(),
      /keys without a description in scripts\/config-doc\.ts: validation\.requireExitContractsFromWave/,
    );
  } finally {
    CONFIG_KEY_DOCS["validation.requireExitContractsFromWave"] = saved;
  }
  CONFIG_KEY_DOCS["validation.noSuchRule"] = "x";
  try {
    assert.throws(() => configMarkdown(), /descriptions of keys the schema does not have: validation\.noSuchRule/);
  } finally {
    delete CONFIG_KEY_DOCS["validation.noSuchRule"];
  }
});

test("wave init for a vendor executor prints the built-in prices of its models as a pricing key to paste; local has none", async () => {
  const dir = emptyGitRepo();
  try {
    const r = await runCli(["init", "--executor", "codex", "--root", dir], { env: cliEnv() });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`estimated from its tokens with the built-in price table of ${BUILTIN_PRICES_DATE}`));
    // The example is a JSON fragment that parses, with the figures of the codex models.
    const note = pricingNote("codex");
    const pricing = JSON.parse(`{${note.slice(3).join("\n")}}`).pricing;
    assert.equal(pricing["gpt-5.1-codex"].inputPerMTok, 1.25);
    assert.match(r.stdout, /"gpt-5\.1-codex": \{/);
    for (const executor of ["claude", "opencode"]) assert.ok(pricingNote(executor).length > 3, executor);
    assert.deepEqual(pricingNote("local"), []);
    assert.deepEqual(pricingNote("command"), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
