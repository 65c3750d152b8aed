/**
 * What the validator hands to the closure module's static gate check (the same inputs the engine
 * uses before a run): who holds which role (`waveRolesFor`) and the component matrix as it is now
 * (`staticGateInputsFor`); and where `validateWave` reports for a wave built without section lines.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { WaveDefinition } from "../../src/wave/schema.js";
import { newCatalogCache, staticGateInputsFor, validateWave, waveRolesFor } from "../../src/wave/validate.js";
import { agentBlock as block, diag, loadConfigured, MATRIX, openConfigured, openLenient, waveFile } from "./validate-fixture.js";

const lenientWaveFiles = (body: string, files: Record<string, string> = {}) => ({
  [waveFile(1)]: `# Wave 1 - Test wave\n\n${body}`,
  ...files,
});

test("waveRolesFor: the lane's ids, the security, design and implementation agents, and each agent's report path", () => {
  const p = loadConfigured();
  const [, wave1, wave2] = p.waves;
  assert.deepEqual(waveRolesFor(wave1!, p.lane.roles), {
    contQaAgentId: "A0",
    contEvalAgentId: "E0",
    integrationAgentId: "A8",
    documentationAgentId: "A9",
    securityAgentIds: ["A7"],
    designAgentIds: [],
    implementationAgentIds: ["A1", "A2"],
    reportPaths: {
      E0: "docs/plans/waves/reviews/wave-1-cont-eval.md",
      A7: "docs/plans/waves/reviews/wave-1-security.md",
      A8: null,
      A9: null,
      A0: "docs/plans/waves/reviews/wave-1-cont-qa.md",
      A1: null,
      A2: null,
    },
  });
  assert.deepEqual(waveRolesFor(wave2!, p.lane.roles), {
    contQaAgentId: "A0",
    contEvalAgentId: null,
    integrationAgentId: "A8",
    documentationAgentId: "A9",
    securityAgentIds: [],
    designAgentIds: ["D1"],
    implementationAgentIds: ["A1"],
    reportPaths: {
      D1: "docs/plans/waves/design/wave-2-design.md",
      A8: null,
      A9: null,
      A0: "docs/plans/waves/reviews/wave-2-cont-qa.md",
      A1: null,
    },
  });
});

/** Stewards under other ids than the lane's (recognised by their role prompt), and a security reviewer with the design capability. */
const STEWARDS = lenientWaveFiles(
  block({ id: "W1", owned: ["src/w1.ts"] }) +
    block({ id: "IS", rolePrompts: ["docs/agents/wave-integration-role.md"], owned: [".wave/integration/wave-1.md"] }) +
    block({ id: "DS", rolePrompts: ["docs/agents/wave-documentation-role.md"], owned: ["docs/plans/current-state.md"] }) +
    block({
      id: "SD",
      rolePrompts: ["docs/agents/wave-security-role.md"],
      capabilities: ["design"],
      owned: ["docs/reviews/wave-1-security.md", "docs/sd-design.md"],
    }),
);

const STEWARD_ROLES = {
  contQaAgentId: null,
  contEvalAgentId: null,
  integrationAgentId: "IS",
  documentationAgentId: "DS",
  securityAgentIds: ["SD"],
  designAgentIds: ["SD"],
  implementationAgentIds: ["W1"],
  reportPaths: { W1: null, IS: null, DS: null, SD: "docs/reviews/wave-1-security.md" },
};

test("waveRolesFor: stewards recognised by their role prompt hold the stage under their own ids; a security reviewer writes its security report even with the design capability", () => {
  const repo = openLenient(STEWARDS);
  try {
    const [wave] = repo.project.waves;
    assert.deepEqual(waveRolesFor(wave!, repo.project.lane.roles), STEWARD_ROLES);
  } finally {
    repo.cleanup();
  }
});

test("waveRolesFor: a wave that was only parsed (closure stages not resolved yet) gets the same roles", () => {
  const repo = openLenient(STEWARDS);
  try {
    const [wave] = repo.project.waves;
    const parsedOnly: WaveDefinition = { ...wave!, agents: wave!.agents.map(({ closureStage: _, ...a }) => a) };
    assert.deepEqual(waveRolesFor(parsedOnly, repo.project.lane.roles), STEWARD_ROLES);
  } finally {
    repo.cleanup();
  }
});

const PROMOTES = "## Component promotions\n\n- core: repo-landed\n\n";
const OWNER = block({ id: "A1", components: ["core"], owned: ["src/a.ts"] });
const matrixJson = (coreLevel: string) =>
  JSON.stringify({
    version: 1,
    levels: ["inventoried", "repo-landed"],
    components: { core: { currentLevel: coreLevel, promotions: [{ wave: 1, target: "repo-landed" }] } },
  });

test("staticGateInputsFor without a config: the matrix is read when the wave promotes and the file exists, and only then", () => {
  const cases: [string, Record<string, string>, unknown, unknown][] = [
    [
      "promotes, matrix present",
      lenientWaveFiles(PROMOTES + OWNER, { [MATRIX]: matrixJson("inventoried") }),
      { components: { core: { currentLevel: "inventoried", promotions: [{ wave: 1, target: "repo-landed" }] } } },
      null,
    ],
    ["promotes, no matrix file", lenientWaveFiles(PROMOTES + OWNER), null, null],
    ["no promotions, matrix present", lenientWaveFiles(OWNER, { [MATRIX]: matrixJson("inventoried") }), null, null],
    [
      "promotes, matrix invalid",
      lenientWaveFiles(PROMOTES + OWNER, { [MATRIX]: matrixJson("shipped") }),
      null,
      `component cutover matrix ${MATRIX}: component "core" has invalid currentLevel "shipped"`,
    ],
  ];
  for (const [name, files, matrix, problem] of cases) {
    const repo = openLenient(files);
    try {
      const [wave] = repo.project.waves;
      const inputs = staticGateInputsFor(wave!, repo.project.lane, repo.root);
      assert.deepEqual(inputs.componentMatrix, matrix, name);
      assert.equal(inputs.componentMatrixProblem, problem, name);
      assert.equal(inputs.componentMatrixWritable, false, name);
    } finally {
      repo.cleanup();
    }
  }
});

test("staticGateInputsFor with a config: a missing matrix is a problem; a matrix passed in is used instead of reading the file", () => {
  const repo = openConfigured({ config: (c) => (c.paths.componentCutoverMatrixJsonPath = "docs/plans/missing-matrix.json") });
  try {
    const wave0 = repo.project.waves[0]!;
    const read = staticGateInputsFor(wave0, repo.project.lane, repo.root);
    assert.equal(read.componentMatrix, null);
    assert.equal(read.componentMatrixProblem, "component cutover matrix is missing: docs/plans/missing-matrix.json");
    assert.equal(read.componentMatrixWritable, false);
    const given = { ok: true as const, value: { path: "elsewhere.json", levels: ["inventoried"], components: {} } };
    const passed = staticGateInputsFor(wave0, repo.project.lane, repo.root, given);
    assert.deepEqual(passed.componentMatrix, { components: {} });
    assert.equal(passed.componentMatrixProblem, null);
  } finally {
    repo.cleanup();
  }
});

test("validateWave on a wave without section lines reports wave-level problems at line 1", () => {
  const repo = openConfigured({
    edits: [
      { file: waveFile(1), from: "- ledger-api: repo-landed\n", to: "- ledger-api: shipped\n" },
      { file: waveFile(1), from: "benchmarks: balance-drift,double-post", to: "benchmarks: balance-drift,triple-post" },
    ],
  });
  try {
    const wave1 = repo.project.waves[1]!;
    const { sectionLines: _, ...bare } = wave1;
    const ctx = {
      lane: repo.project.lane,
      root: repo.root,
      resolved: new Map(wave1.agents.map((a) => [a.agentId, a.resolvedExecutor!])),
      cache: newCatalogCache(),
    };
    assert.deepEqual(validateWave(bare, ctx), [
      diag(
        1,
        1,
        'Wave 1 promotes ledger-api to unknown level "shipped" (levels: inventoried, contract-frozen, repo-landed, baseline-proved, pilot-live, qa-proved, fleet-ready, cutover-ready, deprecation-ready)',
      ),
      diag(1, 1, `Wave 1 must declare component promotion ledger-api: repo-landed to match ${MATRIX}`),
      diag(1, 1, 'Eval target "balance-accuracy" names unknown benchmark "triple-post" (not in docs/evals/benchmark-catalog.json)'),
    ]);
  } finally {
    repo.cleanup();
  }
  const lenient = openLenient(lenientWaveFiles("## Component promotions\n\n- core: repo-landed\n- ui: repo-landed\n\n" + OWNER));
  try {
    const [wave] = lenient.project.waves;
    const { sectionLines: _, ...bare } = wave!;
    const ctx = { lane: lenient.project.lane, root: lenient.root, resolved: new Map(), cache: newCatalogCache() };
    assert.deepEqual(validateWave(bare, ctx), [
      diag(
        1,
        1,
        "No implementation agent owns component ui (promoted to repo-landed); list it under an agent's ### Components. Every run would fail the component gate with component-promotion-gap.",
      ),
    ]);
  } finally {
    lenient.cleanup();
  }
});
