/**
 * The wave validator's rules for every wave (both modes), its lenient-mode hints, and the gate
 * failures it reports as errors because every run would hit them: each test builds a wave that
 * breaks one rule and asserts the complete diagnostics (severity, line, agent, full message).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { agentBlock as block, diag, lenientWave, loadLenient, MATRIX, warning, waveFile } from "./validate-fixture.js";

const QA_ROLE = "docs/agents/wave-cont-qa-role.md";
const EVAL_ROLE = "docs/agents/wave-cont-eval-role.md";
const SECURITY_ROLE = "docs/agents/wave-security-role.md";
const INTEGRATION_ROLE = "docs/agents/wave-integration-role.md";
const DOCUMENTATION_ROLE = "docs/agents/wave-documentation-role.md";
const DESIGN_ROLE = "docs/agents/wave-design-role.md";

/* ------------------------------------------------------------------ rules for every wave */

test("an agent id used twice is an error at the second agent, naming the line of the first", () => {
  const ds = lenientWave(block({ id: "A1", owned: ["src/a.ts"] }) + block({ id: "A1", owned: ["src/b.ts"] }));
  assert.deepEqual(ds, [diag(1, 13, "Agent id A1 is used twice (first at line 3)", "A1")]);
});

test("an explicit executor id with other executors' settings names every other executor, at the Executor section", () => {
  const ds = lenientWave(block({ id: "A2", executor: ["id: codex", "claude.effort: medium", "opencode.steps: 4"], owned: ["src/c.ts"] }));
  assert.deepEqual(ds, [diag(1, 5, "Agent A2 declares executor=codex but also sets claude.*, opencode.* settings", "A2")]);
});

test("an agent holding two closure roles is an error listing the roles in sweep order", () => {
  const ds = lenientWave(block({ id: "S1", rolePrompts: [SECURITY_ROLE, INTEGRATION_ROLE], owned: ["docs/reviews/s1-security.md"] }));
  assert.deepEqual(ds, [diag(1, 3, "Agent S1 must not hold more than one closure role (security review, integration)", "S1")]);
});

test("two integration stewards are an error at the second; two security reviewers are fine", () => {
  const ds = lenientWave(
    block({ id: "S1", rolePrompts: [SECURITY_ROLE], owned: ["docs/s1-security.md"] }) +
      block({ id: "S2", capabilities: ["security-review"], owned: ["docs/s2-security.md"] }) +
      block({ id: "A8", owned: [".wave/integration/wave-1.md"] }) +
      block({ id: "I2", rolePrompts: [INTEGRATION_ROLE], owned: [".wave/i2.md"] }),
  );
  assert.deepEqual(ds, [diag(1, 41, "Wave 1 has more than one integration agent (A8, I2); a closure role is held by one agent", "I2")]);
});

test("a wave without agents is reported at its title line, wherever the title is", () => {
  const p = loadLenient({ [waveFile(1)]: "<!-- drafted by the planning team -->\n\n# Wave 1 - Late title\n\nNothing yet.\n" });
  assert.deepEqual(p.diagnostics, [diag(1, 3, 'Wave 1 declares no agents (add a "## Agent <id>: <title>" section)')]);
});

/* ------------------------------------------------------------------ lenient-mode hints */

test("without a config, a second cont-QA agent without a report file gets a warning; one with a report, or a steward that also imports the prompt, does not", () => {
  const ds = lenientWave(
    block({ id: "A0", owned: ["docs/reviews/wave-1-cont-qa.md"] }) +
      block({ id: "Q1", rolePrompts: [QA_ROLE], owned: ["docs/notes.md"] }) +
      block({ id: "Q2", rolePrompts: [QA_ROLE], owned: ["docs/reviews/q2.md"] }) +
      block({ id: "A8", rolePrompts: [QA_ROLE], owned: [".wave/integration/wave-1.md"] }),
  );
  assert.deepEqual(ds, [
    diag(1, 13, "Wave 1 has more than one cont-QA agent (A0, Q1, Q2); a closure role is held by one agent", "Q1"),
    warning(1, 13, "Agent Q1 (cont-QA) owns no report file (an owned path like docs/plans/waves/reviews/wave-1-cont-qa.md)", "Q1"),
    diag(1, 41, "Agent A8 must not hold more than one closure role (integration, cont-QA)", "A8"),
  ]);
});

test("without a config, a cont-QA or cont-EVAL role prompt imported under another id than the lane's is an error (that agent would never run)", () => {
  const ds = lenientWave(
    "## Eval targets\n\n- id: acc | selection: pinned | benchmarks: exact | objective: right answers | threshold: all\n\n" +
      block({ id: "Q1", rolePrompts: [QA_ROLE], owned: ["docs/reviews/wave-1-cont-qa.md"] }) +
      block({ id: "E5", rolePrompts: [EVAL_ROLE], owned: ["docs/reviews/wave-1-eval.md"] }),
  );
  assert.deepEqual(ds, [
    diag(
      1,
      7,
      "Agent Q1 imports the cont-QA role prompt, but the lane's cont-QA agent is A0; as it is, Q1 would never run (rename it, or set roles.contQaAgentId in wave.config.json)",
      "Q1",
    ),
    diag(
      1,
      21,
      "Agent E5 imports the cont-EVAL role prompt, but the lane's cont-EVAL agent is E0; as it is, E5 would never run (rename it, or set roles.contEvalAgentId in wave.config.json)",
      "E5",
    ),
  ]);
});

test("the lane's own cont-QA agent next to one importing the role prompt: only the one-holder rule reports", () => {
  const ds = lenientWave(
    block({ id: "A0", owned: ["docs/reviews/wave-1-cont-qa.md"] }) +
      block({ id: "Q1", rolePrompts: [QA_ROLE], owned: ["docs/reviews/q1.md"] }),
  );
  assert.deepEqual(ds, [diag(1, 13, "Wave 1 has more than one cont-QA agent (A0, Q1); a closure role is held by one agent", "Q1")]);
});

test("without a config, exit contract levels that do not exist are errors at the Exit contract section, one per field; a missing field says so without a value", () => {
  const ds = lenientWave(
    block({
      id: "A1",
      exitContract: ["completion: done", "durability: forever", "proof: maybe", "doc-impact: lots"],
      owned: ["src/a.ts"],
    }) + block({ id: "A2", exitContract: ["completion: contract", "durability: none"], owned: ["src/b.ts"] }),
  );
  // The gate would fail with completion-gap etc.; the exit-contract rule already says why, once.
  assert.deepEqual(ds, [
    diag(
      1,
      5,
      'Agent A1 has an invalid exit contract: completion must be one of contract, integrated, authoritative, live (got "done")',
      "A1",
    ),
    diag(1, 5, 'Agent A1 has an invalid exit contract: durability must be one of none, ephemeral, durable (got "forever")', "A1"),
    diag(1, 5, 'Agent A1 has an invalid exit contract: proof must be one of unit, integration, live (got "maybe")', "A1"),
    diag(1, 5, 'Agent A1 has an invalid exit contract: doc-impact must be one of none, owned, shared-plan (got "lots")', "A1"),
    diag(1, 22, "Agent A2 has an invalid exit contract: proof must be one of unit, integration, live", "A2"),
    diag(1, 22, "Agent A2 has an invalid exit contract: doc-impact must be one of none, owned, shared-plan", "A2"),
  ]);
});

test("a valid exit contract passes without a config", () => {
  const ds = lenientWave(
    block({
      id: "A1",
      exitContract: ["completion: integrated", "durability: durable", "proof: integration", "doc-impact: owned"],
      owned: ["src/a.ts"],
    }),
  );
  assert.deepEqual(ds, []);
});

/* ------------------------------------------------------------------ gates that cannot pass */

test("closure agents without a report path fail their gate on every run: errors at the File ownership list (the contract-less cont-EVAL at the agent)", () => {
  const ds = lenientWave(
    block({ id: "A0", title: "cont-QA", owned: ["docs/notes-a0.md"] }) +
      block({ id: "E0", title: "cont-EVAL", owned: ["docs/e0.md"] }) +
      block({ id: "S1", rolePrompts: [SECURITY_ROLE], owned: ["docs/s1.md"] }) +
      block({ id: "D1", rolePrompts: [DESIGN_ROLE], owned: ["docs/d1.md"] }) +
      block({ id: "A1", owned: ["src/a.ts"] }),
  );
  assert.deepEqual(ds, [
    diag(
      1,
      10,
      "A0 owns no cont-QA report path (an owned file like docs/reviews/wave-1-cont-qa.md). Every run would fail the cont-qa gate with missing-cont-qa-report.",
      "A0",
    ),
    diag(
      1,
      13,
      'Wave 1 has a cont-EVAL agent (E0) but no "## Eval targets" section to evaluate against. Every run would fail the cont-eval gate with missing-cont-eval-contract.',
      "E0",
    ),
    diag(
      1,
      20,
      'E0 owns no cont-EVAL report path (an owned .md or .txt file whose name contains "eval"). Every run would fail the cont-eval gate with missing-cont-eval-report.',
      "E0",
    ),
    diag(
      1,
      34,
      'S1 owns no security report path (an owned .md or .txt file whose name contains "security"). Every run would fail the security gate with missing-security-report.',
      "S1",
    ),
    diag(
      1,
      48,
      'D1 owns no design packet path (an owned .md file whose name contains "design", "handoff" or "decision-lineage"). Every run would fail the design gate with missing-design-packet.',
      "D1",
    ),
  ]);
});

const PROMOTIONS = "## Component promotions\n\n- core: repo-landed\n- ui: repo-landed\n\n";
const matrixWith = (coreLevel: string) =>
  JSON.stringify({
    version: 1,
    levels: ["inventoried", "contract-frozen", "repo-landed"],
    components: {
      core: { currentLevel: coreLevel, promotions: [{ wave: 1, target: "repo-landed" }] },
      ui: { currentLevel: "repo-landed", promotions: [{ wave: 1, target: "repo-landed" }] },
    },
  });

test("a promoted component nobody owns fails the component gate: an error at the Component promotions section", () => {
  const ds = lenientWave(PROMOTIONS + block({ id: "A1", components: ["core"], owned: ["src/a.ts"] }));
  assert.deepEqual(ds, [
    diag(
      1,
      3,
      "No implementation agent owns component ui (promoted to repo-landed); list it under an agent's ### Components. Every run would fail the component gate with component-promotion-gap.",
    ),
  ]);
});

test("a stale component matrix that no agent owns fails the matrix gate: at the promotions without a documentation steward, at the steward (recognised by its role prompt) with one", () => {
  const stale =
    "The component matrix still shows core at contract-frozen; wave 1 promotes it to repo-landed. The documentation steward must update currentLevel. No agent of wave 1 owns the component matrix, so no run can change it. Every run would fail the component-matrix gate with component-current-level-stale.";
  const owner = block({ id: "A1", components: ["core", "ui"], owned: ["src/a.ts"] });
  assert.deepEqual(lenientWave(PROMOTIONS + owner, { [MATRIX]: matrixWith("contract-frozen") }), [diag(1, 3, stale)]);
  const steward = block({ id: "DS", rolePrompts: [DOCUMENTATION_ROLE], owned: ["docs/plans/current-state.md"] });
  assert.deepEqual(lenientWave(PROMOTIONS + owner + steward, { [MATRIX]: matrixWith("contract-frozen") }), [diag(1, 23, stale, "DS")]);
});

test("a stale component matrix an agent owns is no error (the run can update it)", () => {
  const ds = lenientWave(PROMOTIONS + block({ id: "A1", components: ["core", "ui"], owned: ["src/a.ts", MATRIX] }), {
    [MATRIX]: matrixWith("contract-frozen"),
  });
  assert.deepEqual(ds, []);
});

test("an invalid component matrix, or one missing a promoted component, that no agent owns is an error at the promotions", () => {
  const owner = block({ id: "A1", components: ["core", "ui"], owned: ["src/a.ts"] });
  assert.deepEqual(lenientWave(PROMOTIONS + owner, { [MATRIX]: matrixWith("shipped") }), [
    diag(
      1,
      3,
      'The component matrix cannot be checked: component cutover matrix docs/plans/component-cutover-matrix.json: component "core" has invalid currentLevel "shipped". It must stay valid JSON with levels and components. No agent of wave 1 owns the component matrix, so no run can change it. Every run would fail the component-matrix gate with invalid-component-matrix.',
    ),
  ]);
  const web = block({ id: "A1", components: ["core", "web"], owned: ["src/a.ts"] });
  assert.deepEqual(lenientWave(PROMOTIONS.replace("ui:", "web:") + web, { [MATRIX]: matrixWith("repo-landed") }), [
    diag(
      1,
      3,
      "Component web is promoted by wave 1 but missing from the component matrix; add it. No agent of wave 1 owns the component matrix, so no run can change it. Every run would fail the component-matrix gate with unknown-component.",
    ),
  ]);
});
