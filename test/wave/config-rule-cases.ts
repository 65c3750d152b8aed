/**
 * Mutations of the `configured` fixture, one per validation rule, with the error each must cause.
 * Shared by validate.config-rules.test.ts. `referenceAccepts` marks the cases where the reference
 * accepts the wave because of one of its bugs we fixed.
 */
export interface Edit {
  file: string;
  /** Replaced exactly once (a RegExp must match). */
  from: string | RegExp;
  to: string;
}

export interface RuleCase {
  name: string;
  edits: Edit[];
  /** Changes to wave.config.json (applied to the parsed object). */
  // biome-ignore lint/suspicious/noExplicitAny: tests poke at arbitrary JSON
  config?: (c: Record<string, any>) => void;
  /** Substrings of expected error messages, with the wave they belong to. */
  expect: { wave?: number; text: string }[];
  referenceAccepts?: string;
}

const W0 = "docs/plans/waves/wave-0.md";
const W1 = "docs/plans/waves/wave-1.md";
const W2 = "docs/plans/waves/wave-2.md";

/** The text of one agent block of a wave file (up to the next `## `). */
export const A2_WAVE0_COMPONENTS = "### Components\n\n- ledger-api\n\n";

export const RULE_CASES: RuleCase[] = [
  {
    name: "rule 1: a wave needs agents",
    edits: [{ file: W0, from: /## Agent A0[\s\S]*/, to: "" }],
    expect: [
      { wave: 0, text: "Wave 0 declares no agents" },
      { wave: 0, text: "must include Agent A0" },
    ],
  },
  {
    name: "rule 1: agent ids are unique",
    edits: [{ file: W0, from: "## Agent A2: API contract", to: "## Agent A1: API contract" }],
    expect: [{ wave: 0, text: "Agent id A1 is used twice" }],
  },
  {
    name: "rule 2: cont-QA (A0) is always required with a config",
    edits: [{ file: W1, from: "## Agent A0: cont-QA", to: "## Agent Q0: cont-QA" }],
    expect: [
      { wave: 1, text: "must include Agent A0" },
      { wave: 1, text: "Agent Q0 imports the cont-QA role prompt, but the lane's cont-QA agent is A0" },
    ],
  },
  {
    name: "rule 3: component promotions are required from the threshold",
    edits: [{ file: W0, from: "## Component promotions\n\n- ledger-core: repo-landed\n- ledger-api: contract-frozen\n", to: "" }],
    expect: [
      { wave: 0, text: 'must declare a "## Component promotions" section' },
      { wave: 0, text: "must declare component promotion ledger-core: repo-landed" },
      { wave: 0, text: 'names component "ledger-core", which wave 0 does not promote' },
    ],
  },
  {
    name: "rule 4: promotions must match the component cutover matrix",
    edits: [{ file: W0, from: "- ledger-api: contract-frozen\n", to: "- ledger-api: repo-landed\n- ledger-ui: repo-landed\n" }],
    expect: [
      { wave: 0, text: "promotes ledger-api to repo-landed, but docs/plans/component-cutover-matrix.json says contract-frozen" },
      { wave: 0, text: 'promotes unknown component "ledger-ui"' },
      { wave: 0, text: "must declare component promotion ledger-api: contract-frozen" },
    ],
  },
  {
    name: "rule 4: a missing matrix is an error",
    edits: [],
    config: (c) => {
      c.paths.componentCutoverMatrixJsonPath = "docs/plans/missing-matrix.json";
    },
    expect: [{ text: "component cutover matrix is missing: docs/plans/missing-matrix.json" }],
  },
  {
    name: "rule 5: every agent owns something",
    edits: [{ file: W0, from: "File ownership (only touch these paths):\n- docs/api/postings.md\n", to: "" }],
    expect: [
      { wave: 0, text: "Agent A2 must declare at least one owned path" },
      { wave: 0, text: 'deliverable "docs/api/postings.md" is not covered' },
    ],
  },
  {
    name: "rule 5: an explicit executor id excludes other executors' settings",
    edits: [{ file: W0, from: "- claude.effort: medium\n", to: "- claude.effort: medium\n- codex.sandbox: read-only\n" }],
    expect: [{ wave: 0, text: "Agent A9 declares executor=claude but also sets codex.* settings" }],
  },
  {
    name: "rule 5: ### Context7 from the threshold",
    edits: [{ file: W2, from: '### Context7\n\n- bundle: node-typescript\n- query: "feature flags and percentage rollouts"\n\n', to: "" }],
    expect: [{ wave: 2, text: 'Agent A1 must declare a "### Context7" section (required from wave 2)' }],
  },
  {
    name: "rule 6: closure agents must not declare components",
    edits: [
      {
        file: W0,
        from: "### Executor\n\n- profile: review\n",
        to: "### Executor\n\n- profile: review\n\n### Components\n\n- ledger-core\n",
      },
    ],
    expect: [{ wave: 0, text: 'Agent A0 is a closure or report-only agent and must not declare "### Components"' }],
  },
  {
    name: "rule 6: agent components from the threshold, known and promoted",
    edits: [
      { file: W1, from: "### Components\n\n- ledger-api\n", to: "" },
      { file: W1, from: "### Components\n\n- ledger-core\n", to: "### Components\n\n- ledger-core\n- ledger-ui\n" },
    ],
    expect: [
      { wave: 1, text: 'Agent A2 must declare a "### Components" section (required from wave 1)' },
      { wave: 1, text: 'Agent A1 names unknown component "ledger-ui"' },
      { wave: 1, text: 'promoted component "ledger-api" to at least one agent' },
    ],
  },
  {
    name: "rule 7: exit contracts from the threshold, with valid values",
    edits: [
      {
        file: W1,
        from: "- completion: integrated\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Deliverables\n\n- test/ledger",
        to: "- completion: done\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Deliverables\n\n- test/ledger",
      },
      {
        file: W1,
        from: "### Exit contract\n\n- completion: integrated\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Deliverables\n\n- src/api",
        to: "### Deliverables\n\n- src/api",
      },
    ],
    expect: [
      { wave: 1, text: "Agent A1 has an invalid exit contract (completion must be one of contract, integrated, authoritative, live" },
      { wave: 1, text: 'Agent A2 must declare a "### Exit contract" section (required from wave 1)' },
    ],
  },
  {
    name: "rule 8: proof-centric agents need proof artifacts and a real executor",
    edits: [
      {
        file: W2,
        from: "### Proof artifacts\n\n- path: .wave/proof/wave-2-pilot.json | kind: pilot-report | required-for: pilot-live\n\n",
        to: "",
      },
      { file: W2, from: "- id: codex\n- model: gpt-5-codex", to: "- id: local" },
    ],
    expect: [
      { wave: 2, text: 'Agent A1 must declare "### Proof artifacts" because it targets pilot-live or above' },
      { wave: 2, text: "Agent A1 carries proof-centric work and must not use the local executor" },
    ],
  },
  {
    name: "rule 9: required prompt references",
    edits: [
      {
        file: W0,
        from: "Write the HTTP contract for creating and listing postings.\n\nRequired context before coding:\n- Read docs/reference/repository-guidance.md.\n",
        to: "Write the HTTP contract for creating and listing postings.\n",
      },
    ],
    expect: [{ wave: 0, text: "Agent A2 must reference docs/reference/repository-guidance.md" }],
  },
  {
    name: "rule 10: cont-QA imports its role prompt",
    edits: [
      {
        file: W1,
        from: "### Role prompts\n\n- docs/agents/wave-cont-qa-role.md\n\n### Prompt\n\n```text\nReview wave 1",
        to: "### Prompt\n\n```text\nReview wave 1",
      },
    ],
    expect: [{ wave: 1, text: "Agent A0 must import docs/agents/wave-cont-qa-role.md" }],
  },
  {
    name: "rule 10: cont-QA owns a real report path (no first-owned-path fallback)",
    edits: [{ file: W0, from: "- docs/plans/waves/reviews/wave-0-cont-qa.md", to: "- docs/plans/notes/wave-0.md" }],
    expect: [{ wave: 0, text: "Agent A0 must own a cont-QA report" }],
    referenceAccepts: "§11.22: the reference falls back to the first owned path",
  },
  {
    name: "rule 10: cont-EVAL needs eval targets that exist in the benchmark catalog",
    edits: [{ file: W1, from: "benchmarks: balance-drift,double-post", to: "benchmarks: balance-drift,triple-post" }],
    expect: [{ wave: 1, text: 'Eval target "balance-accuracy" names unknown benchmark "triple-post"' }],
  },
  {
    name: "rule 10: cont-EVAL present without eval targets",
    edits: [{ file: W1, from: /## Eval targets\n\n[^#]*/, to: "" }],
    expect: [{ wave: 1, text: 'must declare "## Eval targets" because E0 (cont-EVAL) is present' }],
  },
  {
    name: "rule 10: eval targets without a cont-EVAL agent",
    edits: [{ file: W1, from: "## Agent E0: cont-EVAL", to: "## Agent E5: cont-EVAL" }],
    expect: [{ wave: 1, text: "Agent E5 imports the cont-EVAL role prompt, but the lane's cont-EVAL agent is E0" }],
  },
  {
    name: "rule 10: eval targets need a cont-EVAL agent",
    edits: [{ file: W1, from: /## Agent E0[\s\S]*?(?=## Agent A7)/, to: "" }],
    expect: [{ wave: 1, text: 'declares "## Eval targets" but has no cont-EVAL agent (E0)' }],
  },
  {
    name: "rule 11: a security reviewer owns a security report",
    edits: [{ file: W1, from: "- docs/plans/waves/reviews/wave-1-security.md", to: "- docs/plans/waves/reviews/wave-1-findings.md" }],
    expect: [{ wave: 1, text: "Security reviewer A7 must own a security review report" }],
  },
  {
    name: "rule 11: a design agent owns a design packet",
    edits: [{ file: W2, from: "- docs/plans/waves/design/wave-2-design.md", to: "- docs/plans/waves/pilot/wave-2.md" }],
    expect: [{ wave: 2, text: "Design agent D1 must own a design packet" }],
  },
  {
    name: "rule 12: one closure role per agent",
    edits: [
      {
        file: W0,
        from: "- docs/agents/wave-integration-role.md\n",
        to: "- docs/agents/wave-integration-role.md\n- docs/agents/wave-documentation-role.md\n",
      },
    ],
    expect: [
      { wave: 0, text: "Agent A8 must not hold more than one closure role (integration, documentation)" },
      { wave: 0, text: "must include exactly one documentation steward" },
    ],
  },
  {
    name: "rule 13: exactly one integration steward from the threshold",
    edits: [
      {
        file: W0,
        from: "## Agent A8: Integration Steward\n\n### Role prompts\n\n- docs/agents/wave-integration-role.md\n",
        to: "## Agent B8: Not a steward\n\n### Role prompts\n\n- docs/agents/wave-cont-qa-role.md\n",
      },
    ],
    expect: [{ wave: 0, text: "must include exactly one integration steward" }],
  },
  {
    name: "rule 13: a steward recognised by id must import the role prompt (§11.21: same recognition as at run time)",
    edits: [
      {
        file: W0,
        from: "## Agent A8: Integration Steward\n\n### Role prompts\n\n- docs/agents/wave-integration-role.md\n\n",
        to: "## Agent A8: Integration Steward\n\n",
      },
    ],
    expect: [{ wave: 0, text: "Integration steward A8 must import docs/agents/wave-integration-role.md" }],
  },
  {
    name: "rule 14: the documentation steward owns the shared plan docs, alone",
    edits: [
      {
        file: W0,
        from: "- docs/plans/current-state.md\n- docs/plans/master-plan.md\n- docs/plans/component-cutover-matrix.md",
        to: "- docs/plans/current-state.md\n- docs/plans/component-cutover-matrix.md",
      },
      {
        file: W0,
        from: "- src/ledger/\n- test/ledger/posting.test.ts",
        to: "- src/ledger/\n- test/ledger/posting.test.ts\n- docs/plans/current-state.md",
      },
    ],
    expect: [
      { wave: 0, text: "Documentation steward A9 must own docs/plans/master-plan.md" },
      { wave: 0, text: "Shared plan docs must be owned only by A9 (also owned by A1)" },
    ],
  },
  {
    name: "rule 15: runtime mix targets",
    edits: [],
    config: (c) => {
      c.lanes.main.runtimePolicy.runtimeMixTargets.claude = 2;
    },
    expect: [
      { wave: 0, text: "Wave 0 exceeds the lane's runtime mix targets (claude=3 exceeds target 2)" },
      { wave: 1, text: "claude=4 exceeds target 2" },
    ],
  },
  {
    name: "rule 16: promoted components need a non-closure owner",
    edits: [{ file: W0, from: "### Components\n\n- ledger-api\n\n", to: "" }],
    expect: [{ wave: 0, text: 'Wave 0 must assign promoted component "ledger-api" to at least one agent other than A0/E0/A9' }],
  },
  {
    name: "context7 defaults from the threshold",
    edits: [
      {
        file: W2,
        from: '## Context7 defaults\n\n- bundle: node-typescript\n- query: "Node.js HTTP servers, idempotency keys, integer money arithmetic"\n\n',
        to: "",
      },
    ],
    expect: [{ wave: 2, text: 'Wave 2 must declare a "## Context7 defaults" section (required from wave 2)' }],
  },
  {
    name: "role prompts must live under rolePromptDir with a config",
    edits: [{ file: W0, from: "- docs/agents/wave-integration-role.md\n", to: "- docs/reference/repository-guidance.md\n" }],
    expect: [{ wave: 0, text: "must stay within docs/agents/*.md" }],
  },
];
