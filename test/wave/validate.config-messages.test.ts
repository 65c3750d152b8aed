/**
 * The wave validator's rules driven by wave.config.json, on edited copies of the `configured`
 * fixture (which validates cleanly): each test asserts every diagnostic the edit causes — line,
 * agent, severity and the full message users read — and that gate failures the config rules
 * already explain are not reported a second time.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { Diagnostic } from "../../src/wave/schema.js";
import { CONFIGURED, configuredDiagnostics, diag, warning, waveFile } from "./validate-fixture.js";

const W0 = waveFile(0);
const W1 = waveFile(1);
const W2 = waveFile(2);
const MATRIX_IN_MESSAGES = "docs/plans/component-cutover-matrix.json";

const configError = (file: string, message: string): Diagnostic => ({ file, line: 0, message, severity: "error" });

test("a missing component matrix is reported once for the whole load, at the matrix path", () => {
  const ds = configuredDiagnostics({ config: (c) => (c.paths.componentCutoverMatrixJsonPath = "docs/plans/missing-matrix.json") });
  // The matrix gate's invalid-component-matrix is the same problem: not repeated per wave.
  assert.deepEqual(ds, [
    configError("docs/plans/missing-matrix.json", "component cutover matrix is missing: docs/plans/missing-matrix.json"),
    diag(0, 72, "Documentation steward A9 must own docs/plans/missing-matrix.json", "A9"),
    diag(1, 87, "Documentation steward A9 must own docs/plans/missing-matrix.json", "A9"),
    diag(2, 81, "Documentation steward A9 must own docs/plans/missing-matrix.json", "A9"),
  ]);
});

const E0_IN_WAVE_2 =
  "## Agent E0: cont-EVAL\n\n### Role prompts\n\n- docs/agents/wave-cont-eval-role.md\n\n### Context7\n\n- bundle: none\n\n### Prompt\n\n```text\nRun the eval targets.\n\nRequired context:\n- Read docs/reference/repository-guidance.md.\n\nFile ownership (only touch these paths):\n- docs/plans/waves/reviews/wave-2-cont-eval.md\n```\n\n## Agent D1: Pilot design";

test("a missing benchmark catalog is reported once, even when two waves have eval targets", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W2, from: "## Agent D1: Pilot design", to: E0_IN_WAVE_2 },
      {
        file: W2,
        from: "## Context7 defaults",
        to: "## Eval targets\n\n- id: pilot-latency | selection: delegated | benchmark-family: api-latency | objective: fast | threshold: p99 under 50 ms\n\n## Context7 defaults",
      },
    ],
    config: (c) => (c.paths.benchmarkCatalogPath = "docs/evals/missing.json"),
  });
  assert.deepEqual(ds, [configError("docs/evals/missing.json", "benchmark catalog is missing: docs/evals/missing.json")]);
});

test("promotions against the matrix: an unknown level and a wave the matrix does not list are errors, a target below the current level a warning, all at the promotions section", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W0, from: "- ledger-api: contract-frozen\n", to: "- ledger-api: shipped\n" },
      { file: W2, from: "- ledger-core: pilot-live\n", to: "- ledger-core: pilot-live\n- ledger-api: pilot-live\n" },
      { file: W2, from: "### Components\n\n- ledger-core\n", to: "### Components\n\n- ledger-core\n- ledger-api\n" },
    ],
    matrix: (m) => {
      m.components["ledger-core"].currentLevel = "pilot-live";
      m.components["ledger-api"].currentLevel = "contract-frozen";
    },
  });
  // Wave 2 promotes ledger-core to pilot-live, its current level: no warning for an equal level.
  assert.deepEqual(ds, [
    warning(
      0,
      5,
      `Wave 0 promotes ledger-core to repo-landed, below its currentLevel pilot-live in ${MATRIX_IN_MESSAGES} (fine for a wave that already ran)`,
    ),
    diag(
      0,
      5,
      'Wave 0 promotes ledger-api to unknown level "shipped" (levels: inventoried, contract-frozen, repo-landed, baseline-proved, pilot-live, qa-proved, fleet-ready, cutover-ready, deprecation-ready)',
    ),
    diag(0, 5, `Wave 0 must declare component promotion ledger-api: contract-frozen to match ${MATRIX_IN_MESSAGES}`),
    warning(
      1,
      5,
      `Wave 1 promotes ledger-core to baseline-proved, below its currentLevel pilot-live in ${MATRIX_IN_MESSAGES} (fine for a wave that already ran)`,
    ),
    diag(2, 5, `Component "ledger-api" has no wave 2 promotion entry in ${MATRIX_IN_MESSAGES}`),
  ]);
});

test("promotions are checked against the matrix even when no component rule is active", () => {
  const ds = configuredDiagnostics({
    edits: [{ file: W0, from: "- ledger-api: contract-frozen\n", to: "- ledger-api: contract-frozen\n- ledger-ui: repo-landed\n" }],
    config: (c) => {
      c.validation.requireComponentPromotionsFromWave = null;
      c.validation.requireAgentComponentsFromWave = null;
    },
  });
  // The component gate's component-promotion-gap says the same as the owner rule: not repeated.
  assert.deepEqual(ds, [
    diag(0, 5, `Wave 0 promotes unknown component "ledger-ui" (not in ${MATRIX_IN_MESSAGES})`),
    diag(0, 5, 'Wave 0 must assign promoted component "ledger-ui" to at least one agent other than A0/E0/A9 (via "### Components")'),
  ]);
});

test("a wave of closure agents only needs no component promotions", () => {
  const w0 = fs.readFileSync(path.join(CONFIGURED, W0), "utf8");
  const closureOnly = w0
    .replace("# Wave 0 - Ledger skeleton", "# Wave 3 - Closure only")
    .replace(/## Component promotions\n\n[^#]*/, "")
    .replace(/## Agent A1[\s\S]*/, "")
    .replaceAll("wave-0", "wave-3");
  const ds = configuredDiagnostics({
    files: { [waveFile(3)]: closureOnly },
    config: (c) => (c.validation.requireContext7DeclarationsFromWave = null),
  });
  assert.deepEqual(ds, []);
});

test("agent rules report at the section concerned: the prompt's ownership, the Components and Exit contract sections", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W0, from: "File ownership (only touch these paths):\n- docs/api/postings.md\n", to: "" },
      {
        file: W0,
        from: "### Executor\n\n- profile: review\n",
        to: "### Executor\n\n- profile: review\n\n### Components\n\n- ledger-core\n",
      },
      { file: W1, from: "### Components\n\n- ledger-core\n", to: "### Components\n\n- ledger-core\n- ledger-ui\n- ledger-web\n" },
      {
        file: W1,
        from: "- completion: integrated\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Deliverables\n\n- test/ledger",
        to: "- completion: done\n- durability: durable\n- proof: integration\n- doc-impact: lots\n\n### Deliverables\n\n- test/ledger",
      },
    ],
    matrix: (m) => {
      m.components["ledger-web"] = { currentLevel: "inventoried", promotions: [] };
    },
  });
  assert.deepEqual(ds, [
    diag(0, 20, 'Agent A0 is a closure or report-only agent and must not declare "### Components"', "A0"),
    { ...diag(0, 141, 'Agent A2: deliverable "docs/api/postings.md" is not covered by the agent\'s File ownership list', "A2"), column: 3 },
    diag(0, 143, 'Agent A2 must declare at least one owned path (a "File ownership" list in its prompt)', "A2"),
    diag(1, 119, `Agent A1 names unknown component "ledger-ui" (not in ${MATRIX_IN_MESSAGES})`, "A1"),
    diag(1, 119, 'Agent A1 names component "ledger-web", which wave 1 does not promote', "A1"),
    diag(
      1,
      125,
      'Agent A1 has an invalid exit contract (completion must be one of contract, integrated, authoritative, live (got "done"), doc-impact must be one of none, owned, shared-plan (got "lots"))',
      "A1",
    ),
  ]);
});

test("a required exit contract with four unknown levels is one error listing each (the gate's gap codes are not repeated)", () => {
  const ds = configuredDiagnostics({
    edits: [
      {
        file: W1,
        from: "- completion: integrated\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Deliverables\n\n- test/ledger",
        to: "- completion: done\n- durability: forever\n- proof: maybe\n- doc-impact: lots\n\n### Deliverables\n\n- test/ledger",
      },
    ],
  });
  assert.deepEqual(ds, [
    diag(
      1,
      123,
      'Agent A1 has an invalid exit contract (completion must be one of contract, integrated, authoritative, live (got "done"), durability must be one of none, ephemeral, durable (got "forever"), proof must be one of unit, integration, live (got "maybe"), doc-impact must be one of none, owned, shared-plan (got "lots"))',
      "A1",
    ),
  ]);
});

test("before the exit-contract threshold, only levels that do not exist are errors (missing fields are fine), and closure agents' contracts are not checked", () => {
  const ds = configuredDiagnostics({
    edits: [
      {
        file: W0,
        from: "- completion: contract\n- durability: durable\n- proof: unit\n- doc-impact: owned\n",
        to: "- completion: done\n- durability: forever\n- proof: unit\n",
      },
      {
        file: W0,
        from: "## Agent A8: Integration Steward\n\n",
        to: "## Agent A8: Integration Steward\n\n### Exit contract\n\n- completion: done\n\n",
      },
    ],
  });
  assert.deepEqual(ds, [
    diag(
      0,
      96,
      'Agent A1 has an invalid exit contract (completion must be one of contract, integrated, authoritative, live (got "done"), durability must be one of none, ephemeral, durable (got "forever"))',
      "A1",
    ),
  ]);
});

test("a proof-centric agent must not run on the local executor, whether it names it or gets it from a profile", () => {
  const viaProfile = configuredDiagnostics({
    edits: [{ file: W2, from: "- id: codex\n- model: gpt-5-codex", to: "- profile: offline" }],
    config: (c) => (c.executors.profiles.offline = { id: "local" }),
  });
  assert.deepEqual(viaProfile, [diag(2, 112, "Agent A1 carries proof-centric work and must not use the local executor", "A1")]);
  // The agent's own id: local counts even when its executor cannot be resolved.
  const named = configuredDiagnostics({
    edits: [{ file: W2, from: "- id: codex\n- model: gpt-5-codex", to: "- id: local\n- profile: nope" }],
  });
  assert.deepEqual(named, [
    diag(2, 112, 'Agent A1 references unknown executor profile "nope" (profiles: implement, careful, review)', "A1"),
    diag(2, 112, "Agent A1 carries proof-centric work and must not use the local executor", "A1"),
  ]);
});

test("an agent whose executor cannot be resolved gets only the resolution error (proof and runtime-mix rules skip it)", () => {
  const ds = configuredDiagnostics({ edits: [{ file: W2, from: "- id: codex\n- model: gpt-5-codex", to: "- profile: nope" }] });
  assert.deepEqual(ds, [diag(2, 112, 'Agent A1 references unknown executor profile "nope" (profiles: implement, careful, review)', "A1")]);
});

test("a missing required prompt reference is reported at the Prompt section", () => {
  const ds = configuredDiagnostics({
    edits: [
      {
        file: W0,
        from: "Write the HTTP contract for creating and listing postings.\n\nRequired context before coding:\n- Read docs/reference/repository-guidance.md.\n",
        to: "Write the HTTP contract for creating and listing postings.\n",
      },
    ],
  });
  assert.deepEqual(ds, [diag(0, 139, "Agent A2 must reference docs/reference/repository-guidance.md in its prompt", "A2")]);
});

const STYLE = "docs/agents/shared-style.md";
const STYLE_TEXT = "# Shared style\n\n## Standing prompt\n\n```text\nWrite short sentences.\n```\n";
const importsStyle = (file: string, header: string, rolePrompt: string, extra = "") => ({
  file,
  from: `${header}\n\n### Role prompts\n\n- ${rolePrompt}`,
  to: `${header}\n\n### Role prompts\n\n- ${STYLE}${extra}`,
});

test("closure agents, stewards, security reviewers and design agents must import their role prompt: errors at the Role prompts section", () => {
  const ds = configuredDiagnostics({
    files: { [STYLE]: STYLE_TEXT },
    edits: [
      importsStyle(W0, "## Agent A0: cont-QA", "docs/agents/wave-cont-qa-role.md"),
      importsStyle(W0, "## Agent A8: Integration Steward", "docs/agents/wave-integration-role.md"),
      importsStyle(W0, "## Agent A9: Documentation Steward", "docs/agents/wave-documentation-role.md"),
      importsStyle(W1, "## Agent E0: cont-EVAL", "docs/agents/wave-cont-eval-role.md"),
      importsStyle(W1, "## Agent A7: Security review", "docs/agents/wave-security-role.md", "\n\n### Capabilities\n\n- security-review"),
      importsStyle(
        W2,
        "## Agent D1: Pilot design",
        "docs/agents/wave-design-role.md",
        "\n\n### Capabilities\n\n- design\n\n### Components\n\n- ledger-core",
      ),
    ],
  });
  assert.deepEqual(ds, [
    diag(0, 12, "Agent A0 must import docs/agents/wave-cont-qa-role.md", "A0"),
    diag(0, 37, "Integration steward A8 must import docs/agents/wave-integration-role.md", "A8"),
    diag(0, 55, "Documentation steward A9 must import docs/agents/wave-documentation-role.md", "A9"),
    diag(1, 17, "Agent E0 must import docs/agents/wave-cont-eval-role.md", "E0"),
    diag(1, 39, "Security reviewer A7 must import docs/agents/wave-security-role.md", "A7"),
    diag(2, 21, "Design agent D1 must import docs/agents/wave-design-role.md", "D1"),
    diag(2, 29, 'Agent D1 is a closure or report-only agent and must not declare "### Components"', "D1"),
    diag(2, 29, "Design agent D1 owns only design documents and must not declare components", "D1"),
  ]);
});

test("closure agents without their report are errors at the File ownership list (the gates' missing-report codes are not repeated)", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W0, from: "- docs/plans/waves/reviews/wave-0-cont-qa.md", to: "- docs/plans/notes/wave-0.md" },
      { file: W1, from: "- docs/plans/waves/reviews/wave-1-cont-eval.md", to: "- docs/plans/notes/wave-1.md" },
      { file: W1, from: "- docs/plans/waves/reviews/wave-1-security.md", to: "- docs/plans/notes/wave-1-findings.md" },
      { file: W2, from: "- docs/plans/waves/design/wave-2-design.md", to: "- docs/plans/notes/wave-2.md" },
    ],
  });
  // E0 and D1 now own something other than a report: they count as implementation agents.
  assert.deepEqual(ds, [
    diag(0, 31, "Agent A0 must own a cont-QA report (e.g. docs/plans/waves/reviews/wave-0-cont-qa.md)", "A0"),
    diag(1, 15, 'Agent E0 must declare a "### Components" section (required from wave 1)', "E0"),
    diag(1, 15, 'Agent E0 must declare a "### Exit contract" section (required from wave 1)', "E0"),
    diag(1, 33, "Agent E0 must own a cont-EVAL report", "E0"),
    diag(1, 51, 'Security reviewer A7 must own a security review report (a .md path containing "security")', "A7"),
    diag(2, 19, 'Agent D1 must declare a "### Components" section (required from wave 1)', "D1"),
    diag(2, 19, 'Agent D1 must declare a "### Exit contract" section (required from wave 1)', "D1"),
    diag(2, 37, 'Design agent D1 must own a design packet (a .md path containing "design", "handoff" or "decision-lineage")', "D1"),
  ]);
});

test("a design agent that also owns code may declare components", () => {
  const ds = configuredDiagnostics({
    edits: [
      {
        file: W2,
        from: "- docs/plans/waves/design/wave-2-design.md\n",
        to: "- docs/plans/waves/design/wave-2-design.md\n- src/ledger/pilot-config.ts\n- .wave/proof/wave-2-design.json\n",
      },
      {
        file: W2,
        from: "## Agent D1: Pilot design\n\n### Role prompts\n\n- docs/agents/wave-design-role.md\n",
        to: "## Agent D1: Pilot design\n\n### Role prompts\n\n- docs/agents/wave-design-role.md\n\n### Components\n\n- ledger-core\n\n### Exit contract\n\n- completion: integrated\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Proof artifacts\n\n- path: .wave/proof/wave-2-design.json | kind: pilot-report | required-for: pilot-live\n",
      },
    ],
  });
  assert.deepEqual(ds, []);
});

test("eval targets against the benchmark catalog: a delegated target's family must exist, a pinned benchmark must belong to the declared family; errors at the Eval targets section", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W1, from: "benchmark-family: api-latency", to: "benchmark-family: api-speed" },
      {
        file: W1,
        from: "selection: pinned | benchmarks: balance-drift,double-post",
        to: "selection: pinned | benchmark-family: api-latency | benchmarks: balance-drift,p99-post",
      },
    ],
  });
  assert.deepEqual(ds, [
    diag(
      1,
      10,
      'Eval target "balance-accuracy" pins benchmark "balance-drift" from family "ledger-accuracy", not the declared family "api-latency"',
    ),
    diag(1, 10, 'Eval target "api-speed" names unknown benchmark family "api-speed" (not in docs/evals/benchmark-catalog.json)'),
  ]);
});

test("without their threshold the stewards are not required (a matrix nobody can update is then a gate error)", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W0, from: /## Agent A8[\s\S]*?(?=## Agent A9)/, to: "" },
      { file: W0, from: /## Agent A9[\s\S]*?(?=## Agent A1)/, to: "" },
    ],
    config: (c) => {
      c.validation.requireIntegrationStewardFromWave = null;
      c.validation.requireDocumentationStewardFromWave = null;
    },
  });
  assert.deepEqual(ds, [
    diag(
      0,
      5,
      "The component matrix still shows ledger-core at contract-frozen; wave 0 promotes it to repo-landed. The documentation steward must update currentLevel. No agent of wave 0 owns the component matrix, so no run can change it. Every run would fail the component-matrix gate with component-current-level-stale.",
    ),
  ]);
});

test("the documentation steward must own every shared plan doc (and the matrix doc with component rules), and nobody else may", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W0, from: "- docs/plans/master-plan.md\n- docs/plans/component-cutover-matrix.md\n", to: "" },
      {
        file: W0,
        from: "- src/ledger/\n- test/ledger/posting.test.ts\n",
        to: "- src/ledger/\n- test/ledger/posting.test.ts\n- docs/plans/master-plan.md\n",
      },
      {
        file: W0,
        from: "File ownership (only touch these paths):\n- docs/api/postings.md\n",
        to: "File ownership (only touch these paths):\n- docs/api/postings.md\n- docs/plans/component-cutover-matrix.md\n",
      },
    ],
  });
  assert.deepEqual(ds, [
    diag(0, 72, "Documentation steward A9 must own docs/plans/master-plan.md, docs/plans/component-cutover-matrix.md", "A9"),
    diag(0, 77, "Shared plan docs must be owned only by A9 (also owned by A1, A2)", "A1"),
  ]);
});

test("runtime mix targets: a count equal to its target is fine, every executor over it is listed", () => {
  const ds = configuredDiagnostics({
    config: (c) => (c.lanes.main.runtimePolicy.runtimeMixTargets = { claude: 3, codex: 1, opencode: 0 }),
  });
  assert.deepEqual(ds, [
    diag(0, 1, "Wave 0 exceeds the lane's runtime mix targets (codex=2 exceeds target 1)"),
    diag(
      1,
      1,
      "Wave 1 exceeds the lane's runtime mix targets (codex=2 exceeds target 1; claude=4 exceeds target 3; opencode=1 exceeds target 0)",
    ),
    diag(2, 1, "Wave 2 exceeds the lane's runtime mix targets (claude=4 exceeds target 3)"),
  ]);
});

test("a cont-EVAL agent that also owns code may own a promoted component, so the unowned-component error does not exclude it", () => {
  const ds = configuredDiagnostics({
    edits: [
      {
        file: W1,
        from: "- docs/plans/waves/reviews/wave-1-cont-eval.md\n",
        to: "- docs/plans/waves/reviews/wave-1-cont-eval.md\n- src/ledger/tuning.ts\n",
      },
      { file: W1, from: "### Components\n\n- ledger-api\n\n", to: "" },
    ],
  });
  assert.deepEqual(ds, [
    diag(1, 5, 'Wave 1 must assign promoted component "ledger-api" to at least one agent other than A0/A9 (via "### Components")'),
    diag(1, 15, 'Agent E0 must declare a "### Components" section (required from wave 1)', "E0"),
    diag(1, 15, 'Agent E0 must declare a "### Exit contract" section (required from wave 1)', "E0"),
    diag(1, 148, 'Agent A2 must declare a "### Components" section (required from wave 1)', "A2"),
  ]);
});

test("gate failures the config rules already explain are not repeated: no promotions, no eval targets, no integration steward", () => {
  const ds = configuredDiagnostics({
    edits: [
      { file: W0, from: /## Component promotions\n\n[^#]*/, to: "" },
      { file: W1, from: /## Eval targets\n\n[^#]*/, to: "" },
      { file: W0, from: /## Agent A8[\s\S]*?(?=## Agent A9)/, to: "" },
    ],
  });
  assert.deepEqual(ds, [
    diag(0, 1, 'Wave 0 must declare a "## Component promotions" section (required from wave 0)'),
    diag(0, 1, `Wave 0 must declare component promotion ledger-core: repo-landed to match ${MATRIX_IN_MESSAGES}`),
    diag(0, 1, `Wave 0 must declare component promotion ledger-api: contract-frozen to match ${MATRIX_IN_MESSAGES}`),
    diag(0, 1, "Wave 0 must include exactly one integration steward (A8, importing docs/agents/wave-integration-role.md); found 0"),
    diag(0, 65, 'Agent A1 names component "ledger-core", which wave 0 does not promote', "A1"),
    diag(0, 101, 'Agent A2 names component "ledger-api", which wave 0 does not promote', "A2"),
    diag(1, 1, 'Wave 1 must declare "## Eval targets" because E0 (cont-EVAL) is present'),
  ]);
});

test("with a config, a stale matrix nobody owns is a gate error at the documentation steward; an unknown component it lacks is left to the promotion rule", () => {
  const stale = configuredDiagnostics({
    edits: [{ file: W0, from: "- docs/plans/component-cutover-matrix.json\n", to: "" }],
    config: (c) => (c.validation.requireDocumentationStewardFromWave = null),
  });
  assert.deepEqual(stale, [
    diag(
      0,
      53,
      "The component matrix still shows ledger-core at contract-frozen; wave 0 promotes it to repo-landed. The documentation steward must update currentLevel. No agent of wave 0 owns the component matrix, so no run can change it. Every run would fail the component-matrix gate with component-current-level-stale.",
      "A9",
    ),
  ]);
  const unknown = configuredDiagnostics({
    edits: [
      { file: W0, from: "- docs/plans/component-cutover-matrix.json\n", to: "" },
      { file: W0, from: "- ledger-core: repo-landed\n", to: "- ledger-ui: repo-landed\n- ledger-core: repo-landed\n" },
      { file: W0, from: "### Components\n\n- ledger-api\n", to: "### Components\n\n- ledger-api\n- ledger-ui\n" },
    ],
    config: (c) => (c.validation.requireDocumentationStewardFromWave = null),
  });
  assert.deepEqual(unknown, [
    diag(0, 5, `Wave 0 promotes unknown component "ledger-ui" (not in ${MATRIX_IN_MESSAGES})`),
    diag(0, 5, 'Wave 0 must assign promoted component "ledger-ui" to at least one agent other than A0/E0/A9 (via "### Components")'),
    diag(0, 124, `Agent A2 names unknown component "ledger-ui" (not in ${MATRIX_IN_MESSAGES})`, "A2"),
  ]);
});

test("a wave without the lane's cont-QA agent gets the config rule's error only (the gate's missing-closure-run is not repeated)", () => {
  const ds = configuredDiagnostics({ edits: [{ file: W1, from: /## Agent A0[\s\S]*?(?=## Agent A1)/, to: "" }] });
  assert.deepEqual(ds, [diag(1, 1, "Wave 1 must include Agent A0 as its cont-QA closure agent (wave.config.json requires cont-QA)")]);
});
