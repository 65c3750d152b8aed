import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveLaneSettings } from "../../src/wave/config.js";
import type { WaveConfigFile } from "../../src/wave/config-schema.js";
import { parseWaveFile } from "../../src/wave/parse.js";
import { type ResolveExecutorInput, resolveExecutor } from "../../src/wave/resolve-executor.js";
import { inferAgentRole } from "../../src/wave/roles.js";
import type { ExecutorId, ResolvedExecutor } from "../../src/wave/schema.js";
import { agent } from "./helpers.js";

function resolve(
  executorLines: string[],
  config: WaveConfigFile | null,
  opts: { cli?: ExecutorId; id?: string; header?: string[]; extra?: Record<string, string[]> } = {},
) {
  const text = [...(opts.header ?? []), agent({ id: opts.id ?? "A1", sections: { Executor: executorLines, ...(opts.extra ?? {}) } })].join(
    "\n",
  );
  const wave = parseWaveFile(text, "w.md", 1).wave!;
  const lane = resolveLaneSettings(config);
  const a = wave.agents[0]!;
  const input: ResolveExecutorInput = { agent: a, wave, lane, role: inferAgentRole(a, lane.roles), cliExecutor: opts.cli };
  return resolveExecutor(input);
}
const ok = (r: ReturnType<typeof resolve>): ResolvedExecutor => {
  assert.ok(r.ok, r.ok ? "" : r.error);
  return r.executor;
};

const laneDefaults: WaveConfigFile = {
  executors: { default: "opencode", profiles: { review: { id: "claude", model: "claude-opus" }, plain: { model: "m1" } } },
  runtimePolicy: { defaultExecutorByRole: { implementation: "claude", "cont-qa": "local" } },
};

test("precedence: explicit --executor > agent id > profile id > lane role default > config default > codex", () => {
  assert.deepEqual(pick(ok(resolve(["- id: local", "- profile: review"], laneDefaults))), ["local", "agent-id"]);
  assert.deepEqual(pick(ok(resolve(["- profile: review"], laneDefaults))), ["claude", "agent-profile"]);
  assert.deepEqual(
    pick(ok(resolve(["- id: codex", "- profile: review"], laneDefaults, { cli: "local" }))),
    ["local", "cli"],
    "--executor runs every agent on it, even one that names its own executor",
  );
  assert.deepEqual(
    pick(ok(resolve(["- profile: review"], laneDefaults, { cli: "local" }))),
    ["local", "cli"],
    "--executor beats the profile's id",
  );
  assert.deepEqual(
    pick(ok(resolve(["- profile: plain"], laneDefaults, { cli: "codex" }))),
    ["codex", "cli"],
    "§11.12: --executor beats the lane's role default",
  );
  assert.deepEqual(pick(ok(resolve(["- model: x"], laneDefaults))), ["claude", "lane-role-default"]);
  assert.deepEqual(pick(ok(resolve(["- model: x"], { executors: { default: "opencode" } }))), ["opencode", "config-default"]);
  assert.deepEqual(pick(ok(resolve(["- model: x"], {}))), ["codex", "builtin-default"]);
  assert.deepEqual(pick(ok(resolve(["- model: x"], null))), ["codex", "builtin-default"]);
  assert.deepEqual(pick(ok(resolve(["- model: x"], null, { cli: "local" }))), ["local", "cli"]);
  const contQa = ok(resolve(["- model: x"], laneDefaults, { id: "A0" }));
  assert.deepEqual([contQa.id, contQa.role], ["local", "cont-qa"], "role defaults use the runtime role");
});

test("--executor: no fallback to another executor, and no model written for another executor", () => {
  const fallbackLane: WaveConfigFile = {
    executors: { claude: { model: "lane-claude" } },
    runtimePolicy: { fallbackExecutorOrder: ["claude", "codex"] },
  };
  const own = ok(resolve(["- id: codex", "- model: gpt-x", "- fallbacks: claude"], fallbackLane));
  assert.deepEqual(own.fallbacks, ["claude"], "without --executor the agent's fallbacks stand");
  assert.equal(own.model, "gpt-x");
  const forced = ok(resolve(["- id: codex", "- model: gpt-x", "- fallbacks: claude"], fallbackLane, { cli: "local" }));
  assert.deepEqual(
    [forced.id, forced.fallbacks, forced.model],
    ["local", [], null],
    "a codex agent under --executor local never falls back to a billed CLI",
  );
  const order = ok(resolve(["- model: x"], fallbackLane, { cli: "local" }));
  assert.deepEqual(order.fallbacks, [], "nor through the lane's fallbackExecutorOrder");
  const toClaude = ok(resolve(["- id: codex", "- model: gpt-x"], fallbackLane, { cli: "claude" }));
  assert.equal(toClaude.model, "lane-claude", "the codex model is not passed to claude: the lane's claude model is");
  assert.equal(
    ok(resolve(["- id: claude", "- model: mine"], fallbackLane, { cli: "claude" })).model,
    "mine",
    "same executor: the agent's model stays",
  );
  assert.equal(
    ok(resolve(["- model: mine"], fallbackLane, { cli: "claude" })).model,
    "mine",
    "an agent that names no executor keeps its model",
  );
  assert.equal(
    ok(resolve(["- profile: review"], laneDefaults, { cli: "codex" })).model,
    null,
    "a profile's model for claude is not passed to codex",
  );
});

function pick(e: ResolvedExecutor) {
  return [e.id, e.selectedBy];
}

test("model: agent > profile > lane section for that executor", () => {
  assert.equal(ok(resolve(["- profile: review", "- model: mine"], laneDefaults)).model, "mine");
  assert.equal(ok(resolve(["- profile: review"], laneDefaults)).model, "claude-opus");
  assert.equal(ok(resolve(["- id: claude"], { executors: { claude: { model: "lane-claude" } } })).model, "lane-claude");
  assert.equal(ok(resolve(["- id: codex"], { executors: { claude: { model: "lane-claude" } } })).model, null);
});

test("§11.13: profile retryPolicy and allowFallbackOnRetry are honoured; agent settings still win", () => {
  const config: WaveConfigFile = {
    executors: {
      profiles: { sticky: { id: "codex", retryPolicy: "sticky", fallbacks: ["claude"] }, nofb: { allowFallbackOnRetry: false } },
    },
    runtimePolicy: { fallbackExecutorOrder: ["claude", "opencode", "codex"] },
  };
  const sticky = ok(resolve(["- profile: sticky"], config));
  assert.deepEqual([sticky.retryPolicy, sticky.allowFallbackOnRetry, sticky.fallbacks], ["sticky", false, []]);
  const nofb = ok(resolve(["- profile: nofb", "- id: codex"], config));
  assert.deepEqual([nofb.retryPolicy, nofb.allowFallbackOnRetry, nofb.fallbacks], ["sticky", false, []]);
  const agentWins = ok(resolve(["- profile: sticky", "- retry-policy: fallback-allowed"], config));
  assert.deepEqual([agentWins.retryPolicy, agentWins.allowFallbackOnRetry, agentWins.fallbacks], ["fallback-allowed", true, ["claude"]]);
  const laneOrder = ok(resolve(["- id: codex"], config));
  assert.deepEqual(laneOrder.fallbacks, ["claude", "opencode"], "lane fallback order minus the agent's own executor");
  const own = ok(resolve(["- id: claude", "- fallbacks: claude, codex"], config));
  assert.deepEqual(own.fallbacks, ["codex"], "an executor is never its own fallback");
});

test("§11.14: a proof-centric wave makes its agents sticky by default", () => {
  const header = ["## Component promotions", "", "- core: pilot-live", ""];
  const inWave = ok(resolve(["- id: codex"], null, { header }));
  assert.deepEqual([inWave.retryPolicy, inWave.allowFallbackOnRetry], ["sticky", false]);
  const proofAgent = ok(resolve(["- id: codex"], null, { extra: { "Proof artifacts": ["- src/a1.js"] } }));
  assert.equal(proofAgent.retryPolicy, "sticky");
  const normal = ok(resolve(["- id: codex"], null));
  assert.deepEqual([normal.retryPolicy, normal.allowFallbackOnRetry], ["fallback-allowed", true]);
  const explicit = ok(resolve(["- id: codex", "- allow-fallback-on-retry: yes"], null, { header }));
  assert.equal(explicit.allowFallbackOnRetry, true);
});

test("runtime sections merge lane ⊕ profile ⊕ agent; arrays are unions; defaults fill the rest", () => {
  const config: WaveConfigFile = {
    executors: {
      codex: { config: ["a=1"], addDirs: "lib", sandbox: "read-only" },
      claude: { allowedTools: ["Read"], permissionMode: "plan" },
      profiles: {
        p: {
          codex: { config: ["b=2"], json: true },
          claude: { allowedTools: ["Grep"] },
          tags: ["p"],
          budget: { turns: 10, minutes: 5, usd: 2.5, tokens: 500000 },
          env: ["P_KEY"],
        },
      },
    },
  };
  const e = ok(
    resolve(
      [
        "- profile: p",
        "- codex.config: c=3, a=1",
        "- claude.allowed_tools: Edit",
        "- tags: mine, p",
        "- budget.minutes: 9",
        "- budget.usd: 0.75",
        "- env: A_KEY",
      ],
      config,
    ),
  );
  assert.deepEqual(e.codex.config, ["a=1", "b=2", "c=3"]);
  assert.deepEqual(e.codex.addDirs, ["lib"]);
  assert.equal(e.codex.sandbox, "read-only");
  assert.equal(e.codex.json, true);
  assert.deepEqual(e.codex.command, ["codex"]);
  assert.deepEqual(e.claude.allowedTools, ["Read", "Grep", "Edit"]);
  assert.equal(e.claude.permissionMode, "plan");
  assert.equal(
    e.claude.outputFormat,
    "stream-json",
    "machine-readable by default: markers from assistant messages, usage from the result event",
  );
  assert.deepEqual(e.opencode.command, ["opencode"]);
  assert.equal(e.opencode.format, "default");
  assert.deepEqual(e.tags, ["p", "mine"]);
  assert.deepEqual(e.budget, { turns: 10, minutes: 9, usd: 0.75, tokens: 500000 }, "the agent's keys over its profile's");
  assert.deepEqual(e.env, ["P_KEY", "A_KEY"]);
  assert.equal(e.profile, "p");
  const bare = ok(resolve(["- id: codex"], null));
  assert.deepEqual(bare.codex, { command: ["codex"], sandbox: "danger-full-access" });
  assert.deepEqual(bare.budget, { turns: null, minutes: null, usd: null, tokens: null });
});

test("command executor: argv from the agent, the profile or the lane; missing argv is an error", () => {
  assert.deepEqual(ok(resolve(["- id: command", "- command: ./agent.sh --x"], null)).command, { argv: ["./agent.sh", "--x"] });
  assert.deepEqual(ok(resolve(["- id: command"], { executors: { command: { argv: ["node", "a.mjs"] } } })).command, {
    argv: ["node", "a.mjs"],
  });
  const missing = resolve(["- id: command"], null);
  assert.ok(!missing.ok && /no argv is given/.test(missing.error));
});

test("an unknown profile is an error naming the known ones", () => {
  const r = resolve(["- profile: nope"], laneDefaults);
  assert.ok(!r.ok);
  assert.match(r.error, /unknown executor profile "nope" \(profiles: review, plain\)/);
  const none = resolve(["- profile: nope"], null);
  assert.ok(!none.ok && /no profiles are configured/.test(none.error));
});
