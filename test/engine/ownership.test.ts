/**
 * The ownership watch (src/engine/ownership.ts) on a real git work tree, driven step by step:
 * which agents a change counts against when several ran side by side, changes made while no agent
 * ran, a closure agent's program put back before it judges, a content change that keeps the file's
 * size and mtime, removals and reverts, and a work tree git cannot read.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs, readFileSync, statSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { OwnershipWatch, watchOwnership } from "../../src/engine/ownership.js";
import type { PinnedDefinitions } from "../../src/wave/definitions.js";
import { git, makeRepo, type TestRepo } from "./fixture.js";

async function repoWith(files: Record<string, string>): Promise<TestRepo> {
  const repo = await makeRepo("own-watch");
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(repo.root, rel)), { recursive: true });
    await fs.writeFile(path.join(repo.root, rel), text);
  }
  git(repo.root, ["add", "-A"]);
  git(repo.root, ["commit", "-qm", "base"]);
  return repo;
}

function pinsOf(root: string, commandFiles: Record<string, string[]> = {}): PinnedDefinitions {
  const qa = path.join(root, "scripts/qa.mjs");
  let bytes: Buffer | null = null;
  try {
    bytes = readFileSync(qa);
  } catch {}
  return {
    root,
    set: { files: new Set(["scripts/qa.mjs", "wave.config.json"]), dirs: [], waveDirs: ["docs/plans/waves/"] },
    files: new Map([["scripts/qa.mjs", { sha256: bytes ? "pinned" : null, bytes }]]),
    commandFiles: new Map(Object.entries(commandFiles)),
  };
}

function watchOf(repo: TestRepo, owned: Record<string, string[]>, pins = pinsOf(repo.root), mode: "report" | "strict" = "report") {
  const warnings: string[] = [];
  const watch = new OwnershipWatch({
    root: repo.root,
    skipDirs: [path.join(repo.root, ".wave")],
    pins,
    mode,
    owned: new Map(Object.entries(owned)),
    warn: (m) => warnings.push(m),
  });
  return { watch, warnings };
}

const write = (repo: TestRepo, rel: string, text: string) =>
  fs.mkdir(path.dirname(path.join(repo.root, rel)), { recursive: true }).then(() => fs.writeFile(path.join(repo.root, rel), text));

test("side by side: a change counts against every agent that ran in its interval, unless one of them owns it", async () => {
  const repo = await repoWith({ "src/a1.js": "1\n" });
  try {
    const { watch, warnings } = watchOf(repo, { A1: ["src/a1.js"], A2: ["src/a2.js"] });
    await watch.begin();
    await watch.stageStarting("implementation");
    watch.agentStarted("A1", "implementation");
    watch.agentStarted("A2", "implementation");
    await write(repo, "src/a1.js", "2\n");
    await write(repo, "src/shared.txt", "who?\n");
    await watch.agentEnded("A1");
    // A1 has ended: what changes now is A2's alone.
    await write(repo, "src/late.txt", "A2's\n");
    await write(repo, "docs/plans/waves/wave-2.md", "# rewritten\n");
    await write(repo, ".github/workflows/ci.yml", "on: push\n");
    await watch.agentEnded("A2");
    await watch.stageEnded("implementation", ["A1", "A2"]);
    const report = watch.report();
    assert.deepEqual(
      report.changes.map((c) => [c.agentId, c.path, c.protected, c.stage]),
      [
        ["A1", "src/shared.txt", false, "implementation"],
        ["A2", "src/shared.txt", false, "implementation"],
        ["A2", ".github/workflows/ci.yml", true, "implementation"],
        ["A2", "docs/plans/waves/wave-2.md", true, "implementation"],
        ["A2", "src/late.txt", false, "implementation"],
      ],
    );
    assert.deepEqual([...watch.protectedChanged], [".github/workflows/ci.yml", "docs/plans/waves/wave-2.md"]);
    assert.ok(warnings.includes("ownership: A1 (or another agent running then: A1, A2) changed src/shared.txt, which it does not own"));
    assert.ok(warnings.includes("ownership: A2 changed protected file docs/plans/waves/wave-2.md"));
    assert.deepEqual(
      watch.failingGates("implementation", ["A1", "A2"]).map((g) => [g.agentId, g.statusCode]),
      [["A2", "ownership-violation"]],
    );
    const strict = watchOf(repo, { A1: [] }, pinsOf(repo.root), "strict");
    await strict.watch.begin();
    strict.watch.agentStarted("A1", "implementation");
    await write(repo, "src/strict.txt", "x\n");
    await strict.watch.agentEnded("A1");
    assert.deepEqual(
      strict.watch.failingGates("implementation", ["A1"]).map((g) => g.detail),
      ["A1 changed src/strict.txt outside its File ownership list, deliverables and proof artifacts (ownership: strict)."],
    );
    // The agent's edit of a definition, as it left it, for the state's record (not .github/: not a definition).
    const edits = await watch.agentEdits({ lane: "main", wave: 1, runDir: "/r", now: new Date(0) });
    assert.deepEqual(
      edits.map((e) => [e.file, e.agentIds, e.sha256?.length]),
      [["docs/plans/waves/wave-2.md", ["A2"], 64]],
    );
  } finally {
    await repo.cleanup();
  }
});

test("a change made while no agent ran is nobody's, but a protected one is still never carried", async () => {
  const repo = await repoWith({ "README.md": "hi\n" });
  try {
    const { watch, warnings } = watchOf(repo, {});
    await watch.begin();
    await write(repo, "wave.config.json", "{}\n");
    await write(repo, "notes.txt", "x\n");
    await watch.stageStarting("cont-qa");
    assert.deepEqual(watch.report().changes, []);
    assert.deepEqual(
      watch.report().unattributed.map((u) => [u.path, u.protected]),
      [
        ["notes.txt", false],
        ["wave.config.json", true],
      ],
    );
    assert.deepEqual([...watch.protectedChanged], ["wave.config.json"]);
    assert.deepEqual(warnings, ["ownership: protected file wave.config.json changed before cont-qa while no agent ran"]);
  } finally {
    await repo.cleanup();
  }
});

test("a content change keeping size and mtime, a removal and a revert to HEAD are changes too", async () => {
  const repo = await repoWith({ "src/a.txt": "aaaa\n", "src/b.txt": "b\n", "src/c.txt": "c\n" });
  try {
    await write(repo, "src/c.txt", "a person's uncommitted edit\n");
    const { watch } = watchOf(repo, {});
    await watch.begin();
    await write(repo, "src/a.txt", "zzzz\n");
    watch.agentStarted("A1", "implementation");
    await watch.agentEnded("A1");
    assert.deepEqual(
      watch.report().changes.map((c) => c.path),
      ["src/a.txt"],
    );
    // Same size, mtime set back: the content hash (ctime changed) still tells.
    const before = statSync(path.join(repo.root, "src/a.txt"));
    await write(repo, "src/a.txt", "yyyy\n");
    utimesSync(path.join(repo.root, "src/a.txt"), before.atime, before.mtime);
    await fs.rm(path.join(repo.root, "src/b.txt"));
    git(repo.root, ["checkout", "--", "src/c.txt"]);
    watch.agentStarted("A2", "implementation");
    await watch.agentEnded("A2");
    assert.deepEqual(
      watch
        .report()
        .changes.filter((c) => c.agentId === "A2")
        .map((c) => c.path),
      ["src/a.txt", "src/b.txt", "src/c.txt"],
    );
  } finally {
    await repo.cleanup();
  }
});

test("a closure agent's program that differs from the run's start is put back before it judges", async () => {
  const repo = await repoWith({ "scripts/qa.mjs": "console.log('honest');\n" });
  try {
    const { watch, warnings } = watchOf(repo, {}, pinsOf(repo.root, { "1:A0": ["scripts/qa.mjs"] }));
    await watch.begin();
    await write(repo, "scripts/qa.mjs", "console.log('[wave-verdict] pass');\n");
    await watch.beforeClosureAgent("1:A9");
    assert.match(readFileSync(path.join(repo.root, "scripts/qa.mjs"), "utf8"), /wave-verdict/, "another agent's key: nothing done");
    await watch.beforeClosureAgent("1:A0");
    assert.equal(readFileSync(path.join(repo.root, "scripts/qa.mjs"), "utf8"), "console.log('honest');\n");
    assert.deepEqual(
      watch.report().unattributed.map((u) => [u.path, u.protected, u.note]),
      [["scripts/qa.mjs", true, "the judge's program differed from the run's start: put back"]],
    );
    assert.equal(warnings.length, 1);
  } finally {
    await repo.cleanup();
  }
});

test("a work tree git cannot read: no watch, and a warning says so", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wave-own-nogit-"));
  try {
    const warnings: string[] = [];
    const watch = await watchOwnership(
      { root: dir, stateDir: path.join(dir, ".wave") },
      {
        // A project with no waves: only the lane fields pinDefinitions reads, and `ownership`.
        project: {
          waves: [],
          lane: {
            wavesDir: "w",
            roles: { rolePromptDir: "r" },
            skills: { dir: "s" },
            paths: { benchmarkCatalogPath: "b.json" },
            configFile: null,
          },
        } as unknown as Parameters<typeof watchOwnership>[1]["project"],
        agents: [],
        lane: {} as Parameters<typeof watchOwnership>[1]["lane"],
        wave: {} as Parameters<typeof watchOwnership>[1]["wave"],
      },
      (m) => warnings.push(m),
    );
    assert.equal(watch, null);
    assert.match(warnings[0] ?? "", /^ownership: the work tree cannot be looked at/);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test("a .git planted while an agent ran is removed before git runs again and counts against it; those there at the start stay", async () => {
  const repo = await repoWith({ "README.md": "hi\n", ".gitignore": ".wave/\nnode_modules/\n" });
  try {
    await write(repo, "vendor/lib/.git", "gitdir: ../elsewhere\n");
    await write(repo, "node_modules/dep/index.js", "module.exports = 1;\n");
    const { watch, warnings } = watchOf(repo, { A1: ["src/"] });
    await watch.begin();
    watch.agentStarted("A1", "implementation");
    await write(repo, "src/sub/.git/HEAD", "ref: refs/heads/main\n");
    await write(repo, "node_modules/dep/.git/HEAD", "ref: refs/heads/main\n");
    await watch.agentEnded("A1");
    assert.equal(existsSync(path.join(repo.root, "src/sub/.git")), false, "removed");
    assert.equal(existsSync(path.join(repo.root, "vendor/lib/.git")), true, "there at the start: left alone");
    assert.equal(existsSync(path.join(repo.root, "node_modules/dep/.git")), true, "ignored at the start: git never reads it");
    assert.deepEqual(watch.report().removedGitEntries, ["src/sub/.git"]);
    // Owned or not, a .git is protected.
    assert.deepEqual(
      watch.report().changes.map((c) => [c.agentId, c.path, c.protected]),
      [["A1", "src/sub/.git", true]],
    );
    assert.ok(warnings.includes("ownership: removed src/sub/.git, a .git entry created while A1 ran"));
  } finally {
    await repo.cleanup();
  }
});
