/**
 * Complete, realistic repositories (test/fixtures/waves/*) and the bundled example.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { closurePolicyFor } from "../../src/wave/closure-policy.js";
import { loadProject } from "../../src/wave/project.js";
import { EXAMPLES, errorsOf, FIXTURES, warningsOf } from "./helpers.js";

test("examples/: the demo repository validates with no errors and no warnings", () => {
  const p = loadProject({ root: EXAMPLES });
  assert.deepEqual(p.diagnostics, []);
  assert.equal(p.hasConfig, false);
  const w = p.waves[0]!;
  assert.equal(w.wave, 0);
  assert.deepEqual(
    w.agents.map((a) => [a.agentId, a.role, a.closureStage, a.resolvedExecutor?.id]),
    [
      ["A1", "implementation", null, "local"],
      ["A2", "implementation", null, "local"],
      ["A8", "integration", "integration", "local"],
      ["A9", "documentation", "documentation", "local"],
      ["A0", "cont-qa", "cont-qa", "local"],
    ],
  );
  for (const a of w.agents) {
    assert.ok(a.deliverables.length > 0, `${a.agentId} has deliverables`);
    assert.ok(a.ownedPaths.length > 0, `${a.agentId} owns files`);
  }
  assert.ok(w.agents[4]!.prompt.startsWith("You are the cont-QA agent"), "role prompt composed in front of the overlay");
  assert.deepEqual(w.agents[4]!.ownedPaths, ["docs/plans/waves/reviews/wave-0-cont-qa.md"]);
  assert.ok(w.agents[0]!.exitContract);
  assert.deepEqual(closurePolicyFor(w, p.lane).requiredStages, []);
});

test("lenient fixture: mixed executors, quoted argv, steward by role-prompt import, a wave of implementation agents only", () => {
  const p = loadProject({ root: path.join(FIXTURES, "lenient") });
  assert.deepEqual(errorsOf(p.diagnostics), []);
  assert.deepEqual(
    warningsOf(p.diagnostics).map((d) => [d.line, d.agentId ?? null, d.message.slice(0, 40)]),
    [[72, null, '"## Agent X9: not an agent — this headin']],
    "the agent heading inside W2's prompt fence is pointed out",
  );
  const [w1, w2] = p.waves;
  assert.equal(w1!.title, "Search page");
  assert.equal(w1!.commitMessage, "Web: add the search page and its API");
  const byId = Object.fromEntries(w1!.agents.map((a) => [a.agentId, a]));
  assert.deepEqual(Object.keys(byId), ["W1", "W2", "W3", "W4", "S1", "A0"]);
  assert.equal(byId.S1!.closureStage, "integration", "a non-default id importing the integration role is the integration steward");
  assert.equal(byId.W4!.role, "research");
  assert.deepEqual(byId.W3!.resolvedExecutor?.command.argv, [
    "node",
    "scripts/build-index.mjs",
    "--out",
    "data/search index.json",
    "--verbose",
  ]);
  assert.deepEqual(byId.W3!.resolvedExecutor?.env, ["INDEX_SOURCE"]);
  assert.deepEqual(byId.W2!.ownedPaths, ["web/src"]);
  assert.deepEqual(byId.W2!.deliverables, ["web/src/search-page.js"], "an existing owned directory covers its files");
  assert.ok(byId.W1!.prompt.startsWith("Keep functions small."));
  assert.equal(byId.W1!.resolvedExecutor?.budget.minutes, 12.5);
  assert.deepEqual(
    w2!.agents.map((a) => a.closureStage),
    [null, null],
  );
  assert.deepEqual(closurePolicyFor(w2!, p.lane).requiredStages, []);
});

test("configured fixture: roles, executors and closure policy from wave.config.json", () => {
  const p = loadProject({ root: path.join(FIXTURES, "configured") });
  assert.deepEqual(p.diagnostics, []);
  const [w0, w1, w2] = p.waves;
  const ex = (w: typeof w0, id: string) => w!.agents.find((a) => a.agentId === id)!.resolvedExecutor!;
  assert.deepEqual([ex(w0, "A0").id, ex(w0, "A0").selectedBy, ex(w0, "A0").profile], ["claude", "agent-profile", "review"]);
  assert.deepEqual(ex(w0, "A0").claude.allowedTools, ["Read", "Grep", "Glob"]);
  assert.deepEqual([ex(w0, "A8").id, ex(w0, "A8").selectedBy], ["claude", "lane-role-default"]);
  assert.deepEqual(ex(w0, "A1").fallbacks, ["claude"]);
  assert.equal(ex(w0, "A1").budget.minutes, 40);
  assert.equal(ex(w0, "A2").codex.sandbox, "workspace-write");
  assert.deepEqual([ex(w1, "A1").retryPolicy, ex(w1, "A1").fallbacks], ["sticky", []], "profile retryPolicy is honoured");
  assert.equal(ex(w1, "A7").role, "security");
  assert.equal(ex(w2, "A1").retryPolicy, "sticky", "a pilot-live wave is proof-centric");
  assert.equal(w2!.agents.find((a) => a.agentId === "D1")!.role, "design");
  assert.deepEqual(closurePolicyFor(w0!, p.lane), {
    hasConfig: true,
    requiredStages: ["integration", "documentation", "cont-qa"],
    gateMode: "bootstrap",
    closureMode: "bootstrap",
    autoClosure: {
      allowInferredIntegration: true,
      allowAutoDocNoChange: true,
      allowAutoDocProjection: false,
      allowSkipContQaInBootstrap: false,
    },
    requireComponentPromotions: true,
  });
  assert.deepEqual(closurePolicyFor(w1!, p.lane).requiredStages, ["cont-eval", "security", "integration", "documentation", "cont-qa"]);
  assert.equal(closurePolicyFor(w2!, p.lane).gateMode, "strict");
  assert.deepEqual(w2!.deployEnvironments[0], { id: "pilot", kind: "kubernetes", isDefault: true, notes: "one namespace, 5% of traffic" });
  assert.equal(w1!.evalTargets.length, 2);
});

test("broken fixture: every problem, with its line, in one pass", () => {
  const p = loadProject({ root: path.join(FIXTURES, "broken") });
  const got = p.diagnostics.map((d) => `${d.file.replace("docs/plans/waves/", "")}:${d.line}:${d.severity[0]}: ${d.message}`);
  const expected = [
    ["docs/plans/waves:0:w", "wave numbers skip 2"],
    ["wave-1.md:5:e", 'invalid component id "Core_Engine"'],
    ["wave-1.md:6:e", 'malformed component promotion "engine repo-landed"'],
    ["wave-1.md:12:e", 'Executor "gpt" is not one of'],
    ["wave-1.md:13:e", '"model" must not start with "-"'],
    ["wave-1.md:14:e", "unbalanced double quote"],
    ["wave-1.md:15:e", '"claude.max_turns" must be a positive integer'],
    ["wave-1.md:16:e", '"codex.search" must be true or false'],
    ["wave-1.md:17:e", 'unsupported Executor setting "color"'],
    ["wave-1.md:21:e", 'deliverable "../outside.txt" contains ".."'],
    ["wave-1.md:22:e", 'deliverable "src/not-owned.js" is not covered'],
    ["wave-1.md:23:e", 'deliverable "src/dir/" must be a file path'],
    ["wave-1.md:32:e", 'owned path "/etc/passwd" is absolute'],
    ["wave-1.md:35:e", 'Agent B2: missing "### Prompt" section'],
    ["wave-1.md:39:e", "malformed skill entry"],
    ["wave-1.md:43:e", 'deliverable "docs/b2.md" is not covered'],
    ["wave-1.md:45:e", "Agent id B1 is used twice (first at line 8)"],
    ["wave-1.md:49:e", "role prompt docs/agents/missing-role.md does not exist"],
    ["wave-1.md:50:e", 'has no "## Standing prompt" section'],
    ["wave-1.md:52:e", "declares executor=claude but also sets codex.* settings"],
    ["wave-1.md:66:e", 'Agent id "Bad Id!" may only contain'],
    ["wave-1.md:83:e", "more than one cont-QA agent (A0, Q2)"],
    ["wave-1.md:83:w", "Agent Q2 (cont-QA) owns no report file"],
    ["wave-1a.md:0:e", 'invalid wave file name "wave-1a.md"'],
    ["wave-template.md:0:w", '"wave-template.md" is not a wave file'],
  ];
  assert.equal(got.length, expected.length, got.join("\n"));
  expected.forEach(([where, text], i) => {
    assert.ok(got[i]!.startsWith(`${where}: `) && got[i]!.includes(text!), `#${i}: expected ${where} …${text}…, got ${got[i]}`);
  });
  assert.deepEqual(
    p.waves.map((w) => w.wave),
    [1, 3],
  );
});
