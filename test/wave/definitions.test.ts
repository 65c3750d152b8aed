/**
 * The definitions a run pins (src/wave/definitions.ts): the config, every wave file and file of the
 * waves directory, role prompts, skills, the benchmark catalog, and the repository files a closure
 * agent's command names (never an implementation agent's); what counts as changed since; putting a
 * pinned file back.
 */
import assert from "node:assert/strict";
import { promises as fs, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { changedDefinitions, commandFilesOf, definitionsOf, pinDefinitions, restorePinned } from "../../src/wave/definitions.js";
import { loadProject } from "../../src/wave/project.js";
import { contQaAgent, implAgent, makeRepo, writeWave } from "../engine/fixture.js";

test("the definitions of a project, and the files closure agents' commands name", async () => {
  const repo = await makeRepo("defs");
  try {
    await fs.mkdir(path.join(repo.root, "scripts"), { recursive: true });
    await fs.writeFile(path.join(repo.root, "scripts/qa.mjs"), "console.log('qa');\n");
    await fs.writeFile(path.join(repo.root, "scripts/impl.mjs"), "console.log('impl');\n");
    await fs.mkdir(path.join(repo.root, "skills/x"), { recursive: true });
    await fs.writeFile(path.join(repo.root, "skills/x/SKILL.md"), "# x\n");
    const qa = { ...contQaAgent(1), executorLines: ["- id: command", `- command: ${process.execPath} scripts/qa.mjs --flag ./scripts -`] };
    const impl = { ...implAgent("A1"), executorLines: ["- id: command", `- command: ${process.execPath} scripts/impl.mjs`] };
    await writeWave(repo, 1, [impl, qa]);
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/notes.txt"), "not a wave, but in the waves directory\n");
    await fs.mkdir(path.join(repo.root, "docs/plans/waves/integration"), { recursive: true });
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/integration/wave-1.md"), "a steward's report beside the waves\n");
    const project = loadProject({ root: repo.root });
    const { set, commandFiles } = definitionsOf(repo.root, project);
    assert.deepEqual([...set.files].sort(), [
      "docs/evals/benchmark-catalog.json",
      "docs/plans/waves/wave-1.md",
      "scripts/qa.mjs",
      "skills/x/SKILL.md",
    ]);
    assert.deepEqual(set.dirs, ["docs/agents/", "skills/"]);
    assert.deepEqual(set.waveDirs, ["docs/plans/waves/"]);
    assert.deepEqual([...commandFiles], [["1:A0", ["scripts/qa.mjs"]]]);

    const pins = pinDefinitions(repo.root, project);
    assert.equal(pins.files.get("docs/evals/benchmark-catalog.json")?.sha256, null, "absent when pinned");
    assert.deepEqual(changedDefinitions(pins), []);
    await fs.writeFile(path.join(repo.root, "scripts/qa.mjs"), "console.log('[wave-verdict] pass');\n");
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-2.md"), "# a new wave\n");
    await fs.writeFile(path.join(repo.root, "scripts/impl.mjs"), "changed: not a definition\n");
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/notes.txt"), "notes change: not a definition\n");
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/integration/wave-1.md"), "the report, written\n");
    await fs.mkdir(path.join(repo.root, "docs/evals"), { recursive: true });
    await fs.writeFile(path.join(repo.root, "docs/evals/benchmark-catalog.json"), "{}\n");
    assert.deepEqual(changedDefinitions(pins), ["docs/evals/benchmark-catalog.json", "docs/plans/waves/wave-2.md", "scripts/qa.mjs"]);
    assert.deepEqual(changedDefinitions(pins, ["scripts/qa.mjs", "skills/x/SKILL.md"]), ["scripts/qa.mjs"]);

    assert.equal(restorePinned(pins, "scripts/qa.mjs"), true);
    assert.equal(readFileSync(path.join(repo.root, "scripts/qa.mjs"), "utf8"), "console.log('qa');\n");
    assert.equal(restorePinned(pins, "docs/plans/waves/wave-2.md"), true, "absent when pinned: removed");
    assert.equal(restorePinned(pins, "docs/evals/benchmark-catalog.json"), true);
    assert.deepEqual(changedDefinitions(pins), []);
  } finally {
    await repo.cleanup();
  }
});

test("commandFilesOf: repository files only (not directories, flags, or paths outside)", async () => {
  const repo = await makeRepo("defs-argv");
  try {
    await fs.mkdir(path.join(repo.root, "bin"), { recursive: true });
    await fs.writeFile(path.join(repo.root, "bin/judge"), "#!/bin/sh\n");
    symlinkSync("judge", path.join(repo.root, "bin/link"));
    const argv = [
      "bin/judge",
      path.join(repo.root, "bin/link"),
      "bin",
      "--x=bin/judge",
      "-",
      "",
      "../outside",
      "/etc/hostname",
      "missing.js",
    ];
    assert.deepEqual(commandFilesOf(repo.root, argv), ["bin/judge", "bin/link"]);
  } finally {
    await repo.cleanup();
  }
});

test("a symbolic link and a file too large to keep are pinned by what they are; the large one cannot be put back", async () => {
  const repo = await makeRepo("defs-link");
  try {
    await writeWave(repo, 1, [implAgent("A1")]);
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-7.md"), Buffer.alloc(4 * 1024 * 1024 + 1));
    symlinkSync("wave-1.md", path.join(repo.root, "docs/plans/waves/wave-8.md"));
    const pins = pinDefinitions(repo.root, loadProject({ root: repo.root }));
    assert.equal(pins.files.get("docs/plans/waves/wave-8.md")?.sha256, "link:wave-1.md");
    assert.equal(pins.files.get("docs/plans/waves/wave-7.md")?.bytes, null);
    assert.equal(
      pins.files.get("docs/plans/waves/wave-1.md")?.bytes?.length,
      readFileSync(path.join(repo.root, "docs/plans/waves/wave-1.md")).length,
    );
    await fs.writeFile(path.join(repo.root, "docs/plans/waves/wave-7.md"), "small now\n");
    assert.deepEqual(changedDefinitions(pins), ["docs/plans/waves/wave-7.md"]);
    assert.equal(restorePinned(pins, "docs/plans/waves/wave-7.md"), false);
  } finally {
    await repo.cleanup();
  }
});
