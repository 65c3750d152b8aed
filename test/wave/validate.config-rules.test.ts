import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadProject } from "../../src/wave/project.js";
import { type RuleCase, RULE_CASES } from "./config-rule-cases.js";
import { errorsOf, FIXTURES, tempRepo } from "./helpers.js";

const CONFIGURED = path.join(FIXTURES, "configured");

/** Copies the configured fixture and applies a case's edits. */
export function applyCase(c: Pick<RuleCase, "edits" | "config">): { root: string; cleanup: () => void } {
  const repo = tempRepo({}, CONFIGURED);
  for (const e of c.edits) {
    const abs = path.join(repo.root, e.file);
    const text = fs.readFileSync(abs, "utf8");
    const count = typeof e.from === "string" ? text.split(e.from).length - 1 : (text.match(new RegExp(e.from.source, "g")) ?? []).length;
    assert.equal(count, 1, `edit must match exactly once in ${e.file}: ${String(e.from).slice(0, 60)}`);
    fs.writeFileSync(abs, text.replace(e.from, e.to));
  }
  if (c.config) {
    const abs = path.join(repo.root, "wave.config.json");
    const json = JSON.parse(fs.readFileSync(abs, "utf8"));
    c.config(json);
    fs.writeFileSync(abs, JSON.stringify(json, null, 2));
  }
  return repo;
}

test("the configured fixture is valid: three waves, no errors, no warnings", () => {
  const p = loadProject({ root: CONFIGURED });
  assert.deepEqual(p.diagnostics, []);
  assert.deepEqual(
    p.waves.map((w) => w.wave),
    [0, 1, 2],
  );
  assert.equal(p.hasConfig, true);
});

for (const c of RULE_CASES) {
  test(`config rules — ${c.name}`, () => {
    const repo = applyCase(c);
    try {
      const p = loadProject({ root: repo.root });
      const errors = errorsOf(p.diagnostics);
      for (const e of c.expect) {
        const hit = errors.find((d) => d.message.includes(e.text) && (e.wave === undefined || d.wave === e.wave));
        assert.ok(
          hit,
          `expected an error containing "${e.text}"${e.wave !== undefined ? ` in wave ${e.wave}` : ""}; got:\n${errors.map((d) => `  w${d.wave} ${d.file}:${d.line}: ${d.message}`).join("\n")}`,
        );
        assert.ok(hit.line > 0 || hit.wave === undefined, "wave errors carry a line");
      }
    } finally {
      repo.cleanup();
    }
  });
}

test("thresholds decide: null disables a rule, a later threshold postpones it", () => {
  const missingExit = {
    edits: [
      {
        file: "docs/plans/waves/wave-1.md",
        from: "### Exit contract\n\n- completion: integrated\n- durability: durable\n- proof: integration\n- doc-impact: owned\n\n### Deliverables\n\n- src/api",
        to: "### Deliverables\n\n- src/api",
      },
    ],
  };
  for (const [value, expectError] of [
    [1, true],
    [2, false],
    [null, false],
  ] as const) {
    const repo = applyCase({ ...missingExit, config: (c) => (c.validation.requireExitContractsFromWave = value) });
    try {
      const errors = errorsOf(loadProject({ root: repo.root }).diagnostics);
      assert.equal(
        errors.some((d) => d.message.includes("Exit contract")),
        expectError,
        `threshold ${value}`,
      );
    } finally {
      repo.cleanup();
    }
  }
  const noContext7 = applyCase({
    edits: [{ file: "docs/plans/waves/wave-2.md", from: /## Context7 defaults\n\n[^#]*/, to: "" }],
    config: (c) => (c.validation.requireContext7DeclarationsFromWave = 3),
  });
  try {
    assert.deepEqual(errorsOf(loadProject({ root: noContext7.root }).diagnostics), []);
  } finally {
    noContext7.cleanup();
  }
  const noMatrix = applyCase({
    edits: [
      { file: "docs/plans/waves/wave-0.md", from: /## Component promotions\n\n[^#]*/, to: "" },
      { file: "docs/plans/waves/wave-1.md", from: /## Component promotions\n\n[^#]*/, to: "" },
      { file: "docs/plans/waves/wave-2.md", from: /## Component promotions\n\n[^#]*/, to: "" },
      { file: "docs/plans/waves/wave-0.md", from: "### Components\n\n- ledger-core\n\n", to: "" },
      { file: "docs/plans/waves/wave-0.md", from: "### Components\n\n- ledger-api\n\n", to: "" },
      { file: "docs/plans/waves/wave-1.md", from: "### Components\n\n- ledger-core\n\n", to: "" },
      { file: "docs/plans/waves/wave-1.md", from: "### Components\n\n- ledger-api\n\n", to: "" },
      { file: "docs/plans/waves/wave-2.md", from: "### Components\n\n- ledger-core\n\n", to: "" },
    ],
    config: (c) => {
      c.validation.requireComponentPromotionsFromWave = null;
      c.validation.requireAgentComponentsFromWave = null;
      c.paths.componentCutoverMatrixJsonPath = "docs/nowhere.json";
    },
  });
  try {
    const p = loadProject({ root: noMatrix.root });
    assert.deepEqual(errorsOf(p.diagnostics), [], "without component rules the matrix is not needed");
  } finally {
    noMatrix.cleanup();
  }
});

test("the same wave files without the config are valid in lenient mode", () => {
  const repo = tempRepo({}, CONFIGURED);
  try {
    fs.rmSync(path.join(repo.root, "wave.config.json"));
    fs.rmSync(path.join(repo.root, "docs/plans/waves/wave-0.md"));
    fs.writeFileSync(path.join(repo.root, "docs/plans/waves/wave-0.md"), "## Agent A1: Only agent\n\n### Prompt\n\n```text\nDo it.\n```\n");
    const p = loadProject({ root: repo.root });
    assert.equal(p.hasConfig, false);
    assert.deepEqual(
      errorsOf(p.diagnostics).map((d) => d.message),
      ['Agent A1 references unknown executor profile "careful" (no profiles are configured)'],
      "no cont-QA, stewards, components, context7 or exit contracts needed without a config; profiles do need one",
    );
  } finally {
    repo.cleanup();
  }
});
