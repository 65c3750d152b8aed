/**
 * The ownership decisions (src/closure/ownership.ts): which paths are protected and why, whose
 * change a file is when several agents ran, and the `ownership-violation` gate under `report` and
 * `strict`, with the exact gate results.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DEFINITION_REASON,
  DEFAULT_OWNERSHIP_MODE,
  OWNERSHIP_MODES,
  type OwnershipChange,
  ownershipGate,
  ownsPath,
  protectedReason,
  suspectsOf,
} from "../../src/closure/ownership.js";
import type { DefinitionSet } from "../../src/wave/definitions.js";

const DEFS: DefinitionSet = {
  files: new Set(["wave.config.json", "scripts/qa.mjs", "docs/evals/benchmark-catalog.json"]),
  dirs: ["docs/agents/"],
  waveDirs: ["docs/plans/waves/"],
};

test("the modes: strict and report, report by default", () => {
  assert.deepEqual([...OWNERSHIP_MODES], ["strict", "report"]);
  assert.equal(DEFAULT_OWNERSHIP_MODE, "report");
});

test("protected paths, each with its reason; ordinary paths are not", () => {
  const cases: [string, string | null][] = [
    [".git", "a .git entry"],
    ["src/.git", "a .git entry"],
    ["src/nested/.git/config", "a .git entry"],
    [".github/workflows/ci.yml", "GitHub's workflow files"],
    [".github", "GitHub's workflow files"],
    [".wave/main/wave-1/attempt-1/result.json", "the orchestrator's files"],
    [".wave-state/x", "the orchestrator's files"],
    ["wave.config.json", "a definition the run judges with"],
    ["scripts/qa.mjs", "a definition the run judges with"],
    ["docs/plans/waves/wave-2.md", "a definition the run judges with"],
    ["docs/plans/waves/wave-9.md", "a definition the run judges with"],
    ["docs/plans/waves/Wave-3.md", "a definition the run judges with"],
    ["docs/plans/waves/wave-1a.md", "a definition the run judges with"],
    ["docs/plans/waves/new/wave-9.md", null],
    ["docs/plans/waves/integration/wave-0.md", null],
    ["docs/plans/waves/notes.txt", null],
    ["docs/plans/waves/wave-2.md.bak", null],
    ["docs/plans/waves/wave-2.txt", null],
    ["docs/plans/wave-2.md", null],
    ["docs/agents/wave-cont-qa-role.md", "a definition the run judges with"],
    ["src/out.txt", null],
    ["docs/plans/wavesX.md", null],
    ["src/.github/x", null],
    ["src/.wave/x", null],
    ["scripts/qa.mjs.bak", null],
    [".gitignore", null],
    ["src/git/x", null],
    ["wave.config.json.orig", null],
  ];
  for (const [p, reason] of cases) assert.equal(protectedReason(p, DEFS), reason, p);
});

test("ownsPath: a file exactly, a directory with or without its slash, nothing else", () => {
  assert.equal(ownsPath("src/out.txt", "src/out.txt"), true);
  assert.equal(ownsPath("src/out.txt", "src/out.txt.bak"), false);
  assert.equal(ownsPath("src", "src/a/b.js"), true);
  assert.equal(ownsPath("src/", "src/a/b.js"), true);
  assert.equal(ownsPath("src//", "src/a.js"), true);
  assert.equal(ownsPath("src", "srcx/a.js"), false);
  assert.equal(ownsPath("docs/plans/", "docs/plans/wave-1.md"), true);
  assert.equal(ownsPath("docs/plans", "docs/plans/wave-1.md"), true);
  assert.equal(ownsPath("src/", "src"), true);
  assert.equal(ownsPath("", "anything"), false);
  assert.equal(ownsPath("/", "anything"), false);
  // An empty owned path owns nothing, not even an empty or rooted name.
  assert.equal(ownsPath("", ""), false);
  assert.equal(ownsPath("/", "/x"), false);
});

test("suspectsOf: an owner among the agents that ran makes it nobody's violation; else all of them", () => {
  const a1 = { agentId: "A1", owned: ["src/a1.js"] };
  const a2 = { agentId: "A2", owned: ["lib/"] };
  assert.deepEqual(suspectsOf("src/a1.js", [a1, a2], false), []);
  assert.deepEqual(suspectsOf("lib/x.js", [a1, a2], false), []);
  assert.deepEqual(suspectsOf("src/other.txt", [a1, a2], false), ["A1", "A2"]);
  assert.deepEqual(suspectsOf("src/other.txt", [a1], false), ["A1"]);
  assert.deepEqual(suspectsOf("src/other.txt", [], false), []);
  // Any one of an agent's owned paths is enough.
  assert.deepEqual(suspectsOf("src/a3.js", [{ agentId: "A3", owned: ["docs/x.md", "src/a3.js"] }], false), []);
  // A protected path counts against every agent that could have changed it, owner or not.
  assert.deepEqual(suspectsOf("src/a1.js", [a1, a2], true), ["A1", "A2"]);
});

const change = (path: string, prot = false): OwnershipChange => ({ path, protected: prot });

test("ownershipGate: nothing changed outside, or ordinary files under report: no gate", () => {
  assert.equal(ownershipGate("implementation", "A1", [], "report"), null);
  assert.equal(ownershipGate("implementation", "A1", [], "strict"), null);
  assert.equal(ownershipGate("implementation", "A1", [change("src/other.txt")], "report"), null);
});

test("ownershipGate: a protected change fails under report and strict, naming the protected files and then the rest", () => {
  for (const mode of OWNERSHIP_MODES) {
    const g = ownershipGate("cont-qa", "A0", [change("src/other.txt"), change("docs/plans/waves/wave-2.md", true)], mode);
    assert.deepEqual(g, {
      stage: "cont-qa",
      agentId: "A0",
      ok: false,
      statusCode: "ownership-violation",
      detail:
        "A0 changed protected file docs/plans/waves/wave-2.md (definitions the run judges with, .github/, .wave*, .git): never allowed, whatever its file ownership says. The change is not carried into later waves. It also changed, outside what it owns: src/other.txt.",
    });
  }
  const only = ownershipGate("implementation", "A1", [change(".github/x.yml", true), change("lib/.git", true)], "report");
  assert.equal(
    only?.detail,
    "A1 changed protected files .github/x.yml, lib/.git (definitions the run judges with, .github/, .wave*, .git): never allowed, whatever its file ownership says. The change is not carried into later waves.",
  );
});

test("ownershipGate: under strict an ordinary change outside what the agent owns fails it", () => {
  assert.deepEqual(ownershipGate("implementation", "A1", [change("src/other.txt"), change("README.md")], "strict"), {
    stage: "implementation",
    agentId: "A1",
    ok: false,
    statusCode: "ownership-violation",
    detail: "A1 changed src/other.txt, README.md outside its File ownership list, deliverables and proof artifacts (ownership: strict).",
  });
});

test("ownershipGate: more than ten files are counted, not listed", () => {
  const many = Array.from({ length: 12 }, (_, i) => change(`f${i}`));
  const g = ownershipGate("implementation", "A1", many, "strict");
  assert.equal(
    g?.detail,
    "A1 changed f0, f1, f2, f3, f4, f5, f6, f7, f8, f9 and 2 more outside its File ownership list, deliverables and proof artifacts (ownership: strict).",
  );
  const ten = ownershipGate("implementation", "A1", many.slice(0, 10), "strict");
  assert.doesNotMatch(ten?.detail ?? "", /more/);
});

test("protected definitions: a path under any one of several definition directories; none without them", () => {
  const several: DefinitionSet = {
    files: new Set(),
    dirs: ["docs/agents/", "skills/"],
    waveDirs: ["docs/plans/waves/", "docs/lanes/other/"],
  };
  assert.equal(protectedReason("skills/x/SKILL.md", several), DEFINITION_REASON);
  assert.equal(protectedReason("docs/agents/role.md", several), DEFINITION_REASON);
  assert.equal(protectedReason("docs/lanes/other/wave-4.md", several), DEFINITION_REASON);
  assert.equal(protectedReason("docs/plans/waves/wave-4.md", several), DEFINITION_REASON);
  const none: DefinitionSet = { files: new Set(), dirs: [], waveDirs: [] };
  for (const p of ["src/out.txt", "docs/plans/waves/wave-1.md", "skills/x/SKILL.md"]) assert.equal(protectedReason(p, none), null, p);
});
