import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readConfigFile, resolveLaneSettings } from "../../src/wave/config.js";
import { isWaveInputError, type WaveInputError } from "../../src/wave/diagnostics.js";
import { loadProject } from "../../src/wave/project.js";
import { find, FIXTURES, tempRepo } from "./helpers.js";

function configError(json: string): WaveInputError {
  const repo = tempRepo({ "wave.config.json": json });
  try {
    readConfigFile(path.join(repo.root, "wave.config.json"), repo.root);
  } catch (e) {
    assert.ok(isWaveInputError(e), String(e));
    return e;
  } finally {
    repo.cleanup();
  }
  assert.fail("expected the config to be rejected");
}

test("bad JSON is an error naming the file, line and column", () => {
  const e = configError('{\n  "version": 1,\n  "lanes": {\n    "main": { "wavesDir": "w", }\n  }\n}\n');
  const d = e.diagnostics[0]!;
  assert.equal(d.file, "wave.config.json");
  assert.equal(d.line, 4);
  assert.ok(d.column !== undefined && d.column > 1);
  assert.match(d.message, /wave\.config\.json is not valid JSON/);
  assert.equal(e.exitCode, 2);
  const truncated = configError('{"version": 1,');
  assert.equal(truncated.diagnostics[0]!.line, 1);
  assert.match(configError("[1, 2]").diagnostics[0]!.message, /must contain a JSON object/);
  assert.match(configError(Buffer.from([0x7b, 0xff, 0x7d]).toString("latin1")).message, /JSON|UTF-8/);
});

test("wrong types are errors with the JSON path and the line of the value; all of them at once", () => {
  const e = configError(
    JSON.stringify(
      {
        defaultLane: "Main Lane",
        validation: { requireExitContractsFromWave: "6", gateModeThresholds: { strict: -1 } },
        executors: { default: "gpt", profiles: { fast: { id: "codex", budget: { minutes: "ten" } } } },
        lanes: { main: { runtimePolicy: { fallbackExecutorOrder: ["claude", 7] } } },
        paths: { docsDir: "../docs", stateRoot: "/tmp/x" },
      },
      null,
      2,
    ),
  );
  const ds = e.diagnostics;
  assert.ok(find(ds, "defaultLane:"));
  assert.ok(find(ds, "validation.requireExitContractsFromWave:"));
  assert.ok(find(ds, "validation.gateModeThresholds.strict:"));
  assert.ok(find(ds, "executors.default:"));
  assert.ok(find(ds, "executors.profiles.fast.budget.minutes:"));
  assert.ok(find(ds, "lanes.main.runtimePolicy.fallbackExecutorOrder[1]:"));
  assert.ok(find(ds, 'paths.docsDir: path "../docs" contains ".."'));
  assert.ok(find(ds, 'paths.stateRoot: path "/tmp/x" is absolute'));
  const budget = find(ds, "executors.profiles.fast.budget.minutes:")!;
  assert.ok(budget.line > 1, "the line of the offending value is reported");
  assert.match(e.message, /wave\.config\.json is not a valid wave configuration/);
});

test("copilot and gemini settings: a value their CLI cannot take is an error naming the key", () => {
  const e = configError(
    JSON.stringify(
      {
        executors: {
          gemini: { approvalMode: "default" },
          profiles: { review: { copilot: { allowTools: "write" } } },
        },
      },
      null,
      2,
    ),
  );
  assert.ok(find(e.diagnostics, 'executors.gemini.approvalMode: Invalid option: expected one of "yolo"|"auto_edit"|"plan"'));
  assert.ok(find(e.diagnostics, "executors.profiles.review.copilot.allowTools: Invalid input: expected array"));
});

test("renamed legacy keys are errors that name the new key", () => {
  const e = configError(
    JSON.stringify(
      {
        roles: { evaluatorAgentId: "A0" },
        lanes: { main: { runtimePolicy: { defaultExecutorByRole: { evaluator: "claude" } } } },
        skills: { byRole: { evaluator: ["x"] } },
      },
      null,
      2,
    ),
  );
  assert.ok(find(e.diagnostics, "roles.evaluatorAgentId was renamed to roles.contQaAgentId", 3));
  assert.ok(find(e.diagnostics, "defaultExecutorByRole.evaluator was renamed to lanes.main.runtimePolicy.defaultExecutorByRole.cont-qa"));
  assert.ok(find(e.diagnostics, "skills.byRole.evaluator was renamed to skills.byRole.cont-qa"));
});

test("unknown keys and unknown roles are warnings; the config is still used", () => {
  const repo = tempRepo({
    "wave.config.json": JSON.stringify(
      {
        validaton: {},
        executors: { codex: { sandbox: "read-only", colour: 1 } },
        runtimePolicy: { defaultExecutorByRole: { reviewer: "claude" } },
      },
      null,
      2,
    ),
  });
  try {
    const loaded = readConfigFile(path.join(repo.root, "wave.config.json"), repo.root);
    assert.ok(find(loaded.warnings, "validaton: unknown key is ignored", 2));
    assert.ok(find(loaded.warnings, "executors.codex.colour: unknown key is ignored"));
    assert.ok(find(loaded.warnings, 'unknown role "reviewer"'));
    assert.equal(loaded.config.executors?.codex?.sandbox, "read-only");
  } finally {
    repo.cleanup();
  }
});

test("a malformed config is never silently ignored by loadProject; an explicit missing config is an error", () => {
  const repo = tempRepo({ "wave.config.json": "{ nope", "docs/plans/waves/wave-0.md": "## Agent A1: x\n" });
  try {
    assert.throws(
      () => loadProject({ root: repo.root }),
      (e: unknown) => isWaveInputError(e) && e.exitCode === 2 && /not valid JSON/.test(e.message),
    );
    assert.throws(() => loadProject({ root: repo.root, configPath: "other.json" }), /config file not found: other.json/);
    fs.rmSync(path.join(repo.root, "wave.config.json"));
    assert.equal(loadProject({ root: repo.root }).hasConfig, false);
  } finally {
    repo.cleanup();
  }
});

test("no config: built-in lane defaults (lenient)", () => {
  const lane = resolveLaneSettings(null);
  assert.equal(lane.hasConfig, false);
  assert.equal(lane.lane, "main");
  assert.equal(lane.wavesDir, "docs/plans/waves");
  assert.equal(lane.roles.contQaAgentId, "A0");
  assert.equal(lane.roles.integrationRolePromptPath, "docs/agents/wave-integration-role.md");
  assert.equal(lane.executors.default, "codex");
  assert.equal(lane.executors.defaultFromConfig, false);
  assert.deepEqual(lane.sharedPlanDocs, ["docs/plans/current-state.md", "docs/plans/master-plan.md", "docs/plans/migration.md"]);
  assert.equal(resolveLaneSettings(null, { lane: "Billing" }).wavesDir, "docs/billing/plans/waves");
  assert.throws(() => resolveLaneSettings(null, { lane: "no good" }), /invalid lane name/);
});

test("defaults of the validation section follow the reference", () => {
  const v = resolveLaneSettings({}).validation;
  assert.deepEqual(
    [
      v.requireDocumentationStewardFromWave,
      v.requireContext7DeclarationsFromWave,
      v.requireExitContractsFromWave,
      v.requireIntegrationStewardFromWave,
      v.requireComponentPromotionsFromWave,
      v.requireAgentComponentsFromWave,
    ],
    [0, 6, 6, null, 0, 0],
  );
  assert.deepEqual(v.gateModeThresholds, { bootstrap: 0, standard: 4, strict: 10 });
  assert.deepEqual(v.requiredPromptReferences, ["docs/reference/repository-guidance.md", "docs/research/agent-context-sources.md"]);
  assert.equal(v.autoClosure.allowAutoDocNoChange, false);
  const disabled = resolveLaneSettings({ validation: { requireDocumentationStewardFromWave: null } }).validation;
  assert.equal(disabled.requireDocumentationStewardFromWave, null, "null disables a rule");
});

test("top level → project → lane: per-key merging of roles, validation, executors, runtime policy, paths", () => {
  const config = {
    defaultLane: "main",
    defaultProject: "shop",
    roles: { contQaAgentId: "Q0", rolePromptDir: "prompts/" },
    validation: { requireExitContractsFromWave: 2 },
    executors: {
      default: "claude" as const,
      profiles: { Fast: { id: "codex" as const } },
      codex: { sandbox: "read-only" as const, command: "npx codex" },
    },
    runtimePolicy: { fallbackExecutorOrder: ["claude" as const] },
    projects: {
      shop: {
        rootDir: "apps/shop",
        roles: { integrationAgentId: "I8" },
        validation: { requireContext7DeclarationsFromWave: null },
        executors: { codex: { json: true } },
        lanes: {
          payments: {
            wavesDir: "apps/shop/waves",
            roles: { documentationAgentId: "D9" },
            defaultExecutorByRole: { "cont-qa": "opencode" as const },
            executors: { profiles: { slow: { id: "claude" as const } } },
          },
        },
      },
    },
  };
  const main = resolveLaneSettings(config);
  assert.equal(main.project, "shop");
  assert.equal(main.docsDir, "apps/shop/docs");
  assert.equal(main.wavesDir, "apps/shop/docs/plans/waves");
  assert.equal(main.roles.contQaAgentId, "Q0");
  assert.equal(main.roles.rolePromptDir, "prompts");
  assert.equal(main.roles.integrationAgentId, "I8");
  assert.equal(main.validation.requireExitContractsFromWave, 2);
  assert.equal(main.validation.requireContext7DeclarationsFromWave, null);
  assert.deepEqual(main.executors.codex.command, ["npx", "codex"]);
  assert.equal(main.executors.codex.sandbox, "read-only");
  assert.equal(main.executors.codex.json, true);
  assert.equal(main.executors.default, "claude");
  assert.deepEqual(Object.keys(main.executors.profiles), ["fast"]);

  const payments = resolveLaneSettings(config, { lane: "payments" });
  assert.equal(payments.wavesDir, "apps/shop/waves");
  assert.equal(payments.roles.documentationAgentId, "D9");
  assert.equal(payments.roles.contQaAgentId, "Q0");
  assert.deepEqual(payments.runtimePolicy.defaultExecutorByRole, { "cont-qa": "opencode" });
  assert.deepEqual(payments.runtimePolicy.fallbackExecutorOrder, ["claude"]);
  assert.deepEqual(Object.keys(payments.executors.profiles).sort(), ["fast", "slow"]);
  assert.throws(() => resolveLaneSettings(config, { project: "nope" }), /unknown project "nope"/);
});

test("config command strings are split into argv; a bad one is a config error", () => {
  const lane = resolveLaneSettings({
    executors: { command: { argv: "python3 -m my_agent --mode 'dry run'" }, claude: { command: ["/opt/claude bin/claude"] } },
  });
  assert.deepEqual(lane.executors.command.argv, ["python3", "-m", "my_agent", "--mode", "dry run"]);
  assert.deepEqual(lane.executors.claude.command, ["/opt/claude bin/claude"]);
  assert.throws(
    () => resolveLaneSettings({ executors: { opencode: { command: "opencode 'x" } } }),
    /executors\.opencode\.command: unbalanced single quote/,
  );
});

test("legacy waves directory is used only when the preferred one does not exist", () => {
  const repo = tempRepo({ "docs/waves/wave-0.md": "x" });
  try {
    assert.equal(resolveLaneSettings(null, { root: repo.root }).wavesDir, "docs/waves");
    fs.mkdirSync(path.join(repo.root, "docs/plans/waves"), { recursive: true });
    assert.equal(resolveLaneSettings(null, { root: repo.root }).wavesDir, "docs/plans/waves");
  } finally {
    repo.cleanup();
  }
});

test("the configured fixture resolves as written", () => {
  const loaded = readConfigFile(path.join(FIXTURES, "configured", "wave.config.json"), path.join(FIXTURES, "configured"));
  assert.deepEqual(loaded.warnings, []);
  const lane = resolveLaneSettings(loaded.config, { root: path.join(FIXTURES, "configured") });
  assert.equal(lane.hasConfig, true);
  assert.equal(lane.configFile, "wave.config.json");
  assert.deepEqual(lane.sharedPlanDocs, ["docs/plans/current-state.md", "docs/plans/master-plan.md"]);
  assert.equal(lane.runtimePolicy.runtimeMixTargets.codex, 5);
  assert.equal(lane.executors.profiles.careful?.retryPolicy, "sticky");
  assert.equal(lane.paths.componentCutoverMatrixJsonPath, "docs/plans/component-cutover-matrix.json");
});

test("logs.maxBytes: 256 MiB by default; a lane's over its project's over the top level's; below 1024 is an error", () => {
  assert.equal(resolveLaneSettings(null).logMaxBytes, 256 * 1024 * 1024);
  const config = {
    logs: { maxBytes: 5000 },
    projects: { app: { logs: { maxBytes: 4000 }, lanes: { ui: { logs: { maxBytes: 3000 } } } } },
    lanes: { main: {} },
  };
  assert.equal(resolveLaneSettings({ logs: { maxBytes: 5000 } }).logMaxBytes, 5000);
  assert.equal(resolveLaneSettings(config, { project: "app", lane: "main" }).logMaxBytes, 4000);
  assert.equal(resolveLaneSettings(config, { project: "app", lane: "ui" }).logMaxBytes, 3000);
  const e = configError(JSON.stringify({ logs: { maxBytes: 10 } }, null, 2));
  assert.ok(find(e.diagnostics, "logs.maxBytes: must be at least 1024 (bytes)"), JSON.stringify(e.diagnostics));
  const f = configError(JSON.stringify({ lanes: { main: { logs: { maxBytes: "1 MiB" } } } }, null, 2));
  assert.ok(find(f.diagnostics, "lanes.main.logs.maxBytes:"));
});
