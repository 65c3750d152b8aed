/**
 * The action's hand-off pins the definitions before earlier waves' changes go into the work tree
 * (src/action/handoff.ts, `withDefinitionsPinned`): changes that would alter a wave file (or the
 * closure agent's program) leave it as the checkout had it; other changes stay applied.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { withDefinitionsPinned } from "../../src/action/handoff.js";
import { contQaAgent, implAgent, makeRepo, writeWave } from "../engine/fixture.js";

test("a definition the earlier changes alter is put back; the rest of the changes stay", async () => {
  const repo = await makeRepo("handoff-pinned");
  try {
    const wave2 = await writeWave(repo, 2, [implAgent("A1"), contQaAgent(2)]);
    const original = readFileSync(wave2, "utf8");
    const inputs = { root: repo.root, configPath: undefined, lane: undefined, project: undefined };
    const out = await withDefinitionsPinned(inputs, async () => {
      // What applying a forged or old change set would do.
      await fs.writeFile(wave2, original.replace(/- command: .*behaviour-w2-A0\.json.*$/m, "- command: node scripts/.fake-qa.js"));
      await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-3.md"), "# Wave 3 - planted\n");
      await fs.mkdir(path.join(repo.root, "src"), { recursive: true });
      await fs.writeFile(path.join(repo.root, "src/w1.js"), "export const w1 = 1;\n");
      return "applied";
    });
    assert.equal(out, "applied");
    assert.equal(readFileSync(wave2, "utf8"), original);
    await assert.rejects(fs.stat(path.join(repo.root, "docs/plans/waves/wave-3.md")));
    assert.equal(readFileSync(path.join(repo.root, "src/w1.js"), "utf8"), "export const w1 = 1;\n");
  } finally {
    await repo.cleanup();
  }
});
