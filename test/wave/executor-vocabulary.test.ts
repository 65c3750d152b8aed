/**
 * Walks the executor vocabulary (src/wave/executor-vocabulary.ts) through every place a setting
 * goes: wave.config.json (top level, lane, profile), the `### Executor` key of a wave file, the
 * lane's merged settings, the resolved executor and the launch spec its builder makes. A field
 * added to a table without what it needs elsewhere fails here.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { parseConfigText, resolveLaneSettings } from "../../src/wave/config.js";
import { EXECUTOR_KEYS } from "../../src/wave/executor-settings.js";
import {
  BUDGET_KEYS,
  COMMON_FIELDS,
  EXECUTOR_SECTIONS,
  type FieldSpec,
  mergeSectionLayers,
  mergesAsUnion,
  SECTION_NAMES,
  type SectionName,
  snakeCase,
  waveKeysOf,
} from "../../src/wave/executor-vocabulary.js";
import { parseWaveFile } from "../../src/wave/parse.js";
import { resolveExecutor } from "../../src/wave/resolve-executor.js";
import { inferAgentRole } from "../../src/wave/roles.js";
import type { AgentExecutorConfig, ResolvedExecutor } from "../../src/wave/schema.js";
import { makeCtx } from "../executors/fixtures.js";
import { agent, errorsOf, messages } from "./helpers.js";

type Layer = "top" | "lane" | "profile" | "agent";

/** Every field of every section, as [section, name, spec]. */
const FIELDS: [SectionName, string, FieldSpec][] = SECTION_NAMES.flatMap((section) =>
  Object.entries(EXECUTOR_SECTIONS[section] as Record<string, FieldSpec>).map(
    ([name, spec]) => [section, name, spec] as [SectionName, string, FieldSpec],
  ),
);

/**
 * A value of the field for one layer. Values differ between layers; `rank` 0 is the layer that
 * decides (the agent's, or the profile's for a config-only field), and for enums and booleans that
 * one is never the default, so the builder sees a change.
 */
function sample(spec: FieldSpec, layer: Layer, rank: number): unknown {
  const k = spec.kind;
  switch (k.t) {
    case "enum": {
      const order = [...k.values.filter((v) => v !== spec.default), ...k.values.filter((v) => v === spec.default)];
      return order[rank % 2];
    }
    case "bool":
      return rank % 2 === 0;
    case "string":
      return `sample-${layer}`;
    case "posInt":
    case "posNumber":
      return { top: 3, lane: 5, profile: 6, agent: 7 }[layer];
    case "list":
      // The lane's is one item: the config writes it as a single string where the schema allows.
      return layer === "lane" ? [`${layer}-1`] : [`${layer}-1`, `${layer}-2`];
    case "envNames":
      return [`SAMPLE_${layer.toUpperCase()}_KEY`];
    case "json":
      return { [layer]: 1 };
    case "argv":
      return [`prog-${layer}`, `--${layer}`];
    default:
      throw new Error(`no sample for a field of kind ${k.t}: add one to this test`);
  }
}

/** How the value is written on a `### Executor` line. */
function waveText(spec: FieldSpec, value: unknown): string {
  switch (spec.kind.t) {
    case "list":
    case "envNames":
      return (value as string[]).join(", ");
    case "argv":
      return (value as string[]).join(" ");
    case "json":
      return JSON.stringify(value);
    default:
      return String(value);
  }
}

/** How the config file writes it: the one-string form where the schema takes one (argv, lists). */
function configValue(spec: FieldSpec, value: unknown): unknown {
  const asString = Array.isArray(value) ? value.join(" ") : null;
  if (asString !== null && (spec.kind.t === "argv" || (value as string[]).length === 1) && spec.config.safeParse(asString).success)
    return asString;
  return value;
}

interface Run {
  lane: ReturnType<typeof resolveLaneSettings>;
  agentConfig: AgentExecutorConfig;
  executor: ResolvedExecutor;
}

/** Config file text → lane settings → wave file → resolved executor, asserting no diagnostics. */
function pipeline(configJson: unknown, executorLines: string[]): Run {
  const loaded = parseConfigText(JSON.stringify(configJson, null, 2), "wave.config.json");
  assert.deepEqual(messages(loaded.warnings), [], "the config file is accepted without warnings");
  const lane = resolveLaneSettings(loaded.config);
  const parsed = parseWaveFile(agent({ id: "A1", sections: { Executor: executorLines } }), "wave-1.md", 1);
  const executorErrors = errorsOf(parsed.diagnostics).filter((d) => /Executor/.test(d.message));
  assert.deepEqual(messages(executorErrors), [], "the Executor lines are accepted");
  const a = parsed.wave!.agents[0]!;
  const r = resolveExecutor({ agent: a, wave: parsed.wave!, lane, role: inferAgentRole(a, lane.roles) });
  assert.ok(r.ok, r.ok ? "" : r.error);
  return { lane, agentConfig: a.executor, executor: r.executor };
}

/** The agent's lines that select the section's executor (the command executor needs an argv). */
function baseLines(section: SectionName, withArgv: boolean): string[] {
  return [`- id: ${section}`, ...(section === "command" && withArgv ? ["- command: base-program"] : [])];
}

for (const [section, name, spec] of FIELDS) {
  const where = `${section}.${name}`;
  test(`executor vocabulary: ${where} goes from config and wave file to the builder`, () => {
    const fromWave = spec.wave !== false;
    const rankOf = (layer: Layer) => {
      const order: Layer[] = fromWave ? ["agent", "profile", "lane", "top"] : ["profile", "lane", "top"];
      return order.indexOf(layer);
    };
    const value = (layer: Layer) => sample(spec, layer, rankOf(layer));
    const sectionOf = (layer: Layer) => ({ [section]: { [name]: configValue(spec, value(layer)) } });

    // 1. The config schema accepts it at the top level, in a lane and in a profile.
    const config = {
      executors: { ...sectionOf("top"), profiles: { p: sectionOf("profile") } },
      lanes: { main: { executors: sectionOf("lane") } },
    };

    // 2. The wave file sets it with `<section>.<snake_case>` (or the field is config-only).
    const keys = waveKeysOf(section, name);
    if (fromWave) {
      assert.equal(keys[0], `${section}.${snakeCase(name)}`);
      for (const key of keys) assert.deepEqual(EXECUTOR_KEYS[key]?.target, [section, name], `${key} sets ${where}`);
    } else {
      assert.deepEqual(keys, []);
      assert.equal(EXECUTOR_KEYS[`${section}.${snakeCase(name)}`], undefined, `${where} is config-only`);
    }
    const agentLines = [
      ...baseLines(section, name !== "argv"),
      "- profile: p",
      ...(fromWave ? [`- ${keys[0]}: ${waveText(spec, value("agent"))}`] : []),
    ];
    const run = pipeline(config, agentLines);
    if (fromWave)
      assert.deepEqual((run.agentConfig[section] as Record<string, unknown>)[name], value("agent"), `the wave file's ${keys[0]}`);

    // 3. The merge: the lane's value over the top level's; the profile keeps its own.
    const laneSection = run.lane.executors[section] as Record<string, unknown>;
    assert.deepEqual(laneSection[name], value("lane"), `lane overrides the top level for ${where}`);
    const profileSection = run.lane.executors.profiles.p![section] as Record<string, unknown>;
    if (spec.laneOnly) assert.equal(profileSection[name], undefined, `${where} is the lane's only`);
    else assert.deepEqual(profileSection[name], value("profile"));

    // 4. The resolved settings the builder receives: agent over profile over lane (lists add up).
    const resolved = run.executor[section] as Record<string, unknown>;
    if (spec.laneOnly) {
      assert.equal(resolved[name], undefined, `${where} is not a CLI setting`);
      if (name === "model") assert.equal(run.executor.model, value("lane"), "the lane's model of the CLI is the executor's model");
    } else if (mergesAsUnion(spec)) {
      const layers: Layer[] = fromWave ? ["lane", "profile", "agent"] : ["lane", "profile"];
      assert.deepEqual(resolved[name], [...new Set(layers.flatMap((l) => value(l) as unknown[]))], `${where} adds up`);
    } else {
      assert.deepEqual(resolved[name], value(fromWave ? "agent" : "profile"), `${where}: the deciding layer wins`);
    }
    // The resolution applies the vocabulary's merge rule, defaults included.
    const agentSection = run.agentConfig[section] as Record<string, unknown> | undefined;
    assert.deepEqual(resolved, mergeSectionLayers(section, laneSection, profileSection, agentSection));

    // 5. The builder uses it (or the table says it is accepted and ignored).
    const without = pipeline({}, baseLines(section, true)).executor;
    const withField = buildLaunchSpec(makeCtx(run.executor));
    const withoutField = buildLaunchSpec(makeCtx(without));
    if (spec.inert !== undefined) assert.deepEqual(withField, withoutField, `${where} is declared inert: ${spec.inert}`);
    else assert.notDeepEqual(withField, withoutField, `the ${section} builder reads ${where}`);
  });
}

test("executor vocabulary: defaults fill the resolved settings when nothing sets them", () => {
  for (const section of SECTION_NAMES.filter((s) => s !== "command")) {
    const resolved = pipeline({}, [`- id: ${section}`]).executor[section] as Record<string, unknown>;
    const expected = Object.fromEntries(
      Object.entries(EXECUTOR_SECTIONS[section] as Record<string, FieldSpec>)
        .filter(([, spec]) => spec.default !== undefined)
        .map(([name, spec]) => [name, spec.default]),
    );
    assert.deepEqual(resolved, expected, section);
  }
  assert.deepEqual(pipeline({}, ["- id: codex"]).executor.codex, { command: ["codex"], sandbox: "danger-full-access" });
  assert.deepEqual(pipeline({}, ["- id: claude"]).executor.claude, {
    command: ["claude"],
    appendSystemPromptMode: "append",
    permissionMode: "bypassPermissions",
    outputFormat: "stream-json",
  });
  assert.deepEqual(pipeline({}, ["- id: copilot"]).executor.copilot, { command: ["copilot"] });
  assert.deepEqual(pipeline({}, ["- id: gemini"]).executor.gemini, { command: ["gemini"], approvalMode: "yolo" });
});

test("executor vocabulary: the wave-file keys are exactly the tables' keys", () => {
  const expected = new Set<string>();
  for (const spec of Object.values(COMMON_FIELDS)) {
    if (spec.kind.t === "budget") for (const key of BUDGET_KEYS) expected.add(`${spec.wave}.${key}`);
    else expected.add(spec.wave);
  }
  for (const [section, name] of FIELDS) for (const key of waveKeysOf(section, name)) expected.add(key);
  assert.deepEqual(Object.keys(EXECUTOR_KEYS).sort(), [...expected].sort());
  // Spot checks of the derived spelling.
  assert.deepEqual(EXECUTOR_KEYS["claude.permission_prompt_tool"]?.target, ["claude", "permissionPromptTool"]);
  assert.deepEqual(EXECUTOR_KEYS["codex.profile_name"]?.target, ["codex", "profileName"]);
  assert.deepEqual(EXECUTOR_KEYS["opencode.env_keys"]?.target, ["opencode", "envKeys"]);
  assert.deepEqual(EXECUTOR_KEYS.command?.target, ["command", "argv"]);
  assert.deepEqual(EXECUTOR_KEYS["copilot.allow_tools"]?.target, ["copilot", "allowTools"]);
  assert.deepEqual(EXECUTOR_KEYS["gemini.include_directories"]?.target, ["gemini", "includeDirectories"]);
  assert.equal(EXECUTOR_KEYS["claude.strict_mcp_config"], undefined);
  assert.equal(EXECUTOR_KEYS["codex.model"], undefined);
});

/** How each shared setting is written on an agent and what it becomes on the resolved executor. */
const COMMON_CASES: Record<
  keyof typeof COMMON_FIELDS,
  { lines: string[]; profile?: Record<string, unknown>; check: (e: ResolvedExecutor) => void }
> = {
  id: {
    lines: ["- id: claude"],
    profile: { id: "opencode" },
    check: (e) => assert.deepEqual([e.id, e.selectedBy], ["claude", "agent-id"]),
  },
  profile: { lines: ["- profile: p"], check: (e) => assert.equal(e.profile, "p") },
  model: { lines: ["- model: agent-model"], profile: { model: "profile-model" }, check: (e) => assert.equal(e.model, "agent-model") },
  fallbacks: {
    lines: ["- fallbacks: claude, local"],
    profile: { fallbacks: ["opencode"] },
    check: (e) => assert.deepEqual(e.fallbacks, ["opencode", "claude", "local"]),
  },
  tags: { lines: ["- tags: a, b"], profile: { tags: ["p"] }, check: (e) => assert.deepEqual(e.tags, ["p", "a", "b"]) },
  budget: {
    lines: ["- budget.turns: 7", "- budget.usd: 1.5"],
    profile: { budget: { turns: 9, minutes: 4 } },
    check: (e) => assert.deepEqual(e.budget, { turns: 7, minutes: 4, usd: 1.5, tokens: null }),
  },
  retryPolicy: {
    lines: ["- retry-policy: sticky"],
    profile: { retryPolicy: "fallback-allowed" },
    check: (e) => assert.equal(e.retryPolicy, "sticky"),
  },
  allowFallbackOnRetry: {
    lines: ["- allow-fallback-on-retry: false"],
    profile: { allowFallbackOnRetry: true },
    check: (e) => assert.equal(e.allowFallbackOnRetry, false),
  },
  env: {
    lines: ["- env: AGENT_KEY"],
    profile: { env: ["PROFILE_KEY"] },
    check: (e) => assert.deepEqual(e.env, ["PROFILE_KEY", "AGENT_KEY"]),
  },
  networkAllowed: {
    lines: ["- network.allowed: node, example.com"],
    check: (e) => assert.deepEqual(e.networkAllowed, ["node", "example.com"]),
  },
};

for (const [name, spec] of Object.entries(COMMON_FIELDS) as [
  keyof typeof COMMON_FIELDS,
  (typeof COMMON_FIELDS)[keyof typeof COMMON_FIELDS],
][]) {
  test(`executor vocabulary: shared setting ${name} goes from config and wave file to the resolved executor`, () => {
    const c = COMMON_CASES[name];
    assert.ok(c, `no case for the shared setting ${name}: add one to COMMON_CASES`);
    const inProfile = (spec as { profile?: false }).profile !== false;
    assert.equal(
      c.profile !== undefined,
      inProfile && name !== "profile",
      `${name}: a profile value is given exactly when profiles take it`,
    );
    for (const line of c.lines) {
      const key = line.slice(2, line.indexOf(":"));
      assert.ok(key === spec.wave || key.startsWith(`${spec.wave}.`), `${line} is ${name}'s key`);
    }
    const run = pipeline({ executors: { profiles: { p: c.profile ?? {} } } }, [
      ...(name === "profile" ? [] : ["- profile: p"]),
      ...c.lines,
    ]);
    c.check(run.executor);
  });
}

test("executor vocabulary: a config value of the wrong type is an error naming the key", () => {
  const wrong = (spec: FieldSpec): unknown => {
    if (spec.kind.t === "json" && !spec.kind.object) return undefined;
    return spec.kind.t === "bool" || spec.kind.t === "posInt" ? "yes" : 42;
  };
  for (const [section, name, spec] of FIELDS) {
    const value = wrong(spec);
    if (value === undefined) continue; // any JSON is a value here
    assert.throws(
      () => parseConfigText(JSON.stringify({ executors: { [section]: { [name]: value } } }), "wave.config.json"),
      (e: Error & { diagnostics?: { message: string }[] }) =>
        (e.diagnostics ?? []).some((d) => d.message.startsWith(`executors.${section}.${name}: `)),
      `${section}.${name}: ${JSON.stringify(value)} is refused`,
    );
  }
});
