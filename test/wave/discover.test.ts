import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { isWaveInputError } from "../../src/wave/diagnostics.js";
import { discoverWaveFiles } from "../../src/wave/discover.js";
import { loadProject } from "../../src/wave/project.js";
import { agent, errorsOf, find, tempRepo, warningsOf } from "./helpers.js";

const WAVES = "docs/plans/waves";
const okWave = (n: number) => `# Wave ${n} - ok\n\n${agent({ id: "A1" })}`;

test("missing waves directory and an empty one are configuration errors (exit 2)", () => {
  const repo = tempRepo({ "README.md": "x" });
  try {
    assert.throws(
      () => loadProject({ root: repo.root }),
      (e: unknown) => isWaveInputError(e) && e.exitCode === 2 && /waves directory not found: docs\/plans\/waves/.test(e.message),
    );
    fs.mkdirSync(path.join(repo.root, WAVES), { recursive: true });
    fs.writeFileSync(path.join(repo.root, WAVES, "notes.md"), "x");
    assert.throws(() => loadProject({ root: repo.root }), /no wave files found in docs\/plans\/waves/);
    assert.throws(() => loadProject({ root: path.join(repo.root, "nope") }), /repository root not found/);
  } finally {
    repo.cleanup();
  }
});

test("numeric order, misnamed files, duplicates, ignored names and gaps", () => {
  const repo = tempRepo({
    [`${WAVES}/wave-10.md`]: okWave(10),
    [`${WAVES}/wave-2.md`]: okWave(2),
    [`${WAVES}/wave-9.md`]: okWave(9),
    [`${WAVES}/wave-1a.md`]: "x",
    [`${WAVES}/Wave-3.md`]: "x",
    [`${WAVES}/wave-4.MD`]: "x",
    [`${WAVES}/wave-09.md`]: okWave(9),
    [`${WAVES}/wave-template.md`]: "x",
    [`${WAVES}/wave-5.md.bak`]: "x",
    [`${WAVES}/reviews/wave-2-cont-qa.md`]: "x",
  });
  fs.mkdirSync(path.join(repo.root, WAVES, "wave-7.md"));
  try {
    const d = discoverWaveFiles(repo.root, WAVES);
    assert.deepEqual(
      d.files.map((f) => f.wave),
      [2, 9, 10],
    );
    assert.deepEqual(
      d.files.map((f) => f.file),
      [`${WAVES}/wave-2.md`, `${WAVES}/wave-09.md`, `${WAVES}/wave-10.md`],
    );
    const errs = errorsOf(d.diagnostics);
    assert.ok(find(errs, 'invalid wave file name "wave-1a.md"'));
    assert.ok(find(errs, 'invalid wave file name "Wave-3.md"'));
    assert.ok(find(errs, 'invalid wave file name "wave-4.MD"'));
    assert.ok(find(errs, "wave 9 is defined twice (wave-09.md and wave-9.md)"));
    assert.ok(find(errs, "wave-7.md is not a regular file"));
    assert.equal(errs.length, 5);
    const warns = warningsOf(d.diagnostics);
    assert.ok(find(warns, '"wave-template.md" is not a wave file'));
    assert.ok(find(warns, "wave numbers skip 3-8"));
    assert.equal(warns.length, 2, "wave-5.md.bak and the reviews directory are not wave files at all");
    assert.equal(errs[0]!.file.startsWith(WAVES), true);
  } finally {
    repo.cleanup();
  }
});

test("non-UTF-8 bytes, binary garbage, NUL bytes and empty files are errors with a line; other waves still load", () => {
  const garbage = Buffer.alloc(4096);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
  const repo = tempRepo({
    [`${WAVES}/wave-1.md`]: okWave(1),
    [`${WAVES}/wave-2.md`]: Buffer.concat([Buffer.from("# Wave 2\n\nline two\ncaf"), Buffer.from([0xe9]), Buffer.from(" latin-1\n")]),
    [`${WAVES}/wave-3.md`]: garbage,
    [`${WAVES}/wave-4.md`]: Buffer.from("# Wave 4\n\n## Agent A1: x\n\u0000\u0001\u0002"),
    [`${WAVES}/wave-5.md`]: "  \n\n",
    [`${WAVES}/wave-6.md`]: Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from(okWave(6))]),
  });
  try {
    const p = loadProject({ root: repo.root });
    assert.deepEqual(
      p.waves.map((w) => w.wave),
      [1, 6],
      "a BOM is fine",
    );
    const errs = errorsOf(p.diagnostics);
    const latin = find(errs, "not valid UTF-8");
    assert.equal(latin?.file, `${WAVES}/wave-2.md`);
    assert.equal(latin?.line, 4);
    assert.equal(latin?.column, 4);
    assert.match(latin!.message, /byte 0xe9/);
    assert.ok(errs.some((d) => d.file === `${WAVES}/wave-3.md` && /UTF-8|NUL/.test(d.message)));
    assert.equal(find(errs, "NUL byte")?.line, 4);
    assert.ok(find(errs, "wave file is empty", 1));
    assert.equal(errs.length, 4, JSON.stringify(errs, null, 1));
  } finally {
    repo.cleanup();
  }
});

test("a 10 MB wave file is parsed in one pass (no crash, no catastrophic regex)", () => {
  const filler = `${"x".repeat(1000)}\n`.repeat(5000);
  const hugeLine = `- ${"a ".repeat(2_000_000)}`;
  const text = [
    "# Wave 1 - huge",
    "",
    "## Deploy environments",
    "",
    hugeLine,
    "",
    agent({ id: "A1", prompt: filler }),
    "## Agent A2: long bullet",
    "",
    "### Deliverables",
    "",
    hugeLine,
    "",
    "### Executor",
    "",
    `- model: ${"m".repeat(1_000_000)}`,
    "",
    "### Prompt",
    "",
    "```",
    "short",
    "```",
  ].join("\n");
  assert.ok(text.length > 9_000_000);
  const repo = tempRepo({ [`${WAVES}/wave-1.md`]: text });
  try {
    const p = loadProject({ root: repo.root });
    assert.equal(p.waves.length, 1);
    assert.equal(p.waves[0]!.agents[0]!.promptOverlay.length > 4_000_000, true);
    assert.ok(find(errorsOf(p.diagnostics), "malformed deploy environment", 5));
    assert.ok(
      p.diagnostics.every((d) => d.message.length < 2000),
      "messages quote long input only briefly",
    );
  } finally {
    repo.cleanup();
  }
});

test("a wave file that is a symlink out of the repository is refused", () => {
  const outside = tempRepo({ "wave-1.md": okWave(1) });
  const repo = tempRepo({ [`${WAVES}/wave-2.md`]: okWave(2) });
  try {
    fs.symlinkSync(path.join(outside.root, "wave-1.md"), path.join(repo.root, WAVES, "wave-1.md"));
    const p = loadProject({ root: repo.root });
    assert.deepEqual(
      p.waves.map((w) => w.wave),
      [2],
    );
    assert.ok(find(errorsOf(p.diagnostics), "resolves outside the repository"));
  } finally {
    repo.cleanup();
    outside.cleanup();
  }
});
