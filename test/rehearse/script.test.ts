/**
 * Scripts derived from the wave: every planned file through the file tool, then exactly the
 * markers the role needs (the same knowledge the built-in local agent uses), nonce included.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { markersFor } from "../../src/executors/local/markers.js";
import { buildLocalTask } from "../../src/executors/local/task.js";
import { scriptFor } from "../../src/rehearse/script.js";
import { makeCtx, makeExecutor } from "../executors/fixtures.js";

test("implementation agent: deliverables and proof artifacts, then proof/doc-delta/component markers", () => {
  const ctx = makeCtx(makeExecutor("claude"), {
    root: "/r",
    agent: {
      agentId: "A1",
      deliverables: ["src/a.ts"],
      proofArtifacts: [{ path: "docs/proof.md", kind: null, requiredFor: [] }],
      ownedPaths: ["src/a.ts", "docs/proof.md"],
      components: ["parser"],
      componentTargets: { parser: "repo-landed" },
    },
  });
  const s = scriptFor(ctx);
  assert.deepEqual(
    s.steps.map((x) => (x.kind === "write" ? x.absPath : "final")),
    [path.join("/r", "src/a.ts"), path.join("/r", "docs/proof.md"), "final"],
  );
  const final = s.steps.at(-1)!;
  assert.equal(final.kind, "final");
  const lines = final.kind === "final" ? final.text.trim().split("\n").slice(1) : [];
  assert.deepEqual(lines, markersFor(buildLocalTask(ctx)));
  assert.ok(lines.some((l) => l.startsWith("[wave-component] component=parser")));
});

test("cont-QA: its report says Verdict: PASS; closure markers carry the nonce; no-markers drops them", () => {
  const ctx = makeCtx(makeExecutor("codex"), {
    root: "/r",
    role: "cont-qa",
    markerNonce: "n0nce",
    agent: { agentId: "A0", deliverables: [], ownedPaths: ["docs/reviews/wave-3-cont-qa.md"] },
    extra: { reportPath: "docs/reviews/wave-3-cont-qa.md" },
  });
  const s = scriptFor(ctx);
  const report = s.steps.find((x) => x.kind === "write" && x.path === "docs/reviews/wave-3-cont-qa.md");
  assert.ok(report && report.kind === "write");
  assert.match(report.content, /^Verdict: PASS$/m);
  const final = s.steps.at(-1)!;
  assert.ok(final.kind === "final");
  assert.match(final.text, /^\[wave-gate\] .* nonce=n0nce$/m);
  assert.match(final.text, /^\[wave-verdict\] pass nonce=n0nce$/m);
  const quiet = scriptFor(ctx, "no-markers").steps.at(-1)!;
  assert.ok(quiet.kind === "final");
  assert.doesNotMatch(quiet.text, /\[wave-/);
  // interrupt changes only how the server plays the script, not the script itself.
  const interrupted = scriptFor(ctx, "interrupt");
  assert.equal(interrupted.variant, "interrupt");
  assert.deepEqual(interrupted.steps, s.steps);
});
