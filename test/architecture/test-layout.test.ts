/**
 * Tests mirror src/: a module's tests are found by its path. The tests of `src/<dir>/<module>.ts`
 * are `test/<dir>/<module>.test.ts`, or `test/<dir>/<module>.<aspect>.test.ts` when the module has
 * several test files or a test looks at it from one angle (`test/cli/run.cancel.test.ts`). A test
 * that exercises a flow across modules is named after the module whose behaviour it asserts — the
 * entry point it calls. The tests of the repository's scripts mirror scripts/ the same way
 * (`test/scripts/<script>.test.ts` for `scripts/<script>.mjs`).
 *
 * Not held to it: the end-to-end suite (E2E_PATHS of scripts/run-tests.mjs, read from there),
 * helper and fixture folders, and the cross-cutting suites below. Every listed file must exist and
 * must not conform, so the list cannot outlive what it names.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";

/** Folders of shared helpers and fixtures, at any depth under test/: they hold no module's tests. */
const HELPER_FOLDERS: readonly string[] = ["helpers", "fixtures", "harness"];

/** Suites about the repository as a whole, which no single module owns. */
const CROSS_CUTTING: readonly { file: string; reason: string }[] = [
  { file: "test/architecture/import-cycles.test.ts", reason: "the import graph of all of src/" },
  { file: "test/architecture/test-layout.test.ts", reason: "this check: the layout of all of test/" },
  { file: "test/architecture/executor-branches.test.ts", reason: "executor-id branches anywhere in src/ outside src/executors/" },
  { file: "test/architecture/layers.test.ts", reason: "the layers of all of src/ and the imports that still run back up them" },
  { file: "test/docs/architecture.test.ts", reason: "docs/architecture.md against the whole code base" },
  { file: "test/docs/generated-docs.test.ts", reason: "the generated documents against their generators" },
  { file: "test/bundle/bundle.test.ts", reason: "the built bundle (dist/) run with nothing installed" },
  { file: "test/bundle/pack-install.test.ts", reason: "the npm package installed as a user installs it" },
  { file: "test/bundle/source-maps.test.ts", reason: "the bundle's source maps, over every module" },
  { file: "test/cli/wording.test.ts", reason: "the wording users read, across the report, the docs and `wave run`" },
  {
    file: "test/closure/gate-details.test.ts",
    reason: "the exact detail text of the cont-EVAL, cont-QA, design and documentation gates side by side",
  },
  { file: "test/closure/status-codes.test.ts", reason: "every gate's status codes, across the closure modules" },
  {
    file: "test/security/files.test.ts",
    reason: "one threat (files that reach outside the repository) through patches, deliverables and archives",
  },
];

/** The end-to-end suite's path prefixes, as scripts/run-tests.mjs declares them. */
function e2ePaths(): string[] {
  const script = readFileSync(path.join(REPO_ROOT, "scripts", "run-tests.mjs"), "utf8");
  const list = /export const E2E_PATHS = \[([^\]]*)\]/.exec(script);
  assert.ok(list, "scripts/run-tests.mjs declares E2E_PATHS");
  return [...(list[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
}

/**
 * The source file a test file's name points at (`test/cli/run.cancel.test.ts` →
 * `src/cli/run.ts`, `test/scripts/x.test.ts` → `scripts/x.mjs`), or null for a name that is not
 * a test file's.
 */
function mirroredSource(testFile: string): string | null {
  const m = /^test\/(?:(.+)\/)?([^/.]+)(?:\.[^/]+)?\.test\.ts$/.exec(testFile);
  if (!m) return null;
  const dir = m[1];
  const module = m[2] ?? "";
  if (dir === "scripts") return `scripts/${module}.mjs`;
  return dir === undefined ? `src/${module}.ts` : `src/${dir}/${module}.ts`;
}

const conforms = (testFile: string) => {
  const source = mirroredSource(testFile);
  return source !== null && existsSync(path.join(REPO_ROOT, source));
};

function testFiles(): string[] {
  return readdirSync(path.join(REPO_ROOT, "test"), { recursive: true })
    .map((f) => `test/${String(f).split(path.sep).join("/")}`)
    .filter((f) => f.endsWith(".test.ts"))
    .sort();
}

test("a test file's name points at one source file: the module, before any aspect", () => {
  assert.equal(mirroredSource("test/cli/run.test.ts"), "src/cli/run.ts");
  assert.equal(mirroredSource("test/cli/run.cancel.test.ts"), "src/cli/run.ts");
  assert.equal(mirroredSource("test/runtime/run-agent.big-output.test.ts"), "src/runtime/run-agent.ts");
  assert.equal(mirroredSource("test/executors/local/task-file.test.ts"), "src/executors/local/task-file.ts");
  assert.equal(mirroredSource("test/program.test.ts"), "src/program.ts");
  assert.equal(mirroredSource("test/scripts/same-tokens.test.ts"), "scripts/same-tokens.mjs");
  assert.equal(mirroredSource("test/cli/loaded-modules.ts"), null);
  assert.equal(conforms("test/cli/run.cancel.test.ts"), true);
  assert.equal(conforms("test/cli/cancel.test.ts"), false, "no src/cli/cancel.ts");
  assert.equal(conforms("test/runtime/units.test.ts"), false, "no src/runtime/units.ts");
});

test("every test file outside the exempt folders and lists is named after a module of its src/ folder", () => {
  const e2e = e2ePaths();
  assert.ok(e2e.includes("test/workflow/"), `E2E_PATHS read from scripts/run-tests.mjs: ${e2e.join(", ")}`);
  const listed = new Set(CROSS_CUTTING.map((c) => c.file));
  const exempt = (f: string) =>
    e2e.some((start) => f.startsWith(start)) ||
    f
      .split("/")
      .slice(1, -1)
      .some((d) => HELPER_FOLDERS.includes(d)) ||
    listed.has(f);
  const all = testFiles();
  assert.ok(all.length > 100, `found ${all.length} test files`);
  const stray = all.filter((f) => !exempt(f) && !conforms(f));
  assert.deepEqual(
    stray,
    [],
    "name each after the module it tests: test/<dir>/<module>.test.ts or test/<dir>/<module>.<aspect>.test.ts for src/<dir>/<module>.ts",
  );
});

test("every cross-cutting exemption exists, is listed once, and would not conform anyway", () => {
  const files = CROSS_CUTTING.map((c) => c.file);
  assert.deepEqual(
    files.filter((f) => !existsSync(path.join(REPO_ROOT, f))),
    [],
    "take files that no longer exist off the list",
  );
  assert.deepEqual(
    files.filter((f, i) => files.indexOf(f) !== i),
    [],
    "listed twice",
  );
  assert.deepEqual(files.filter(conforms), [], "named after a module: it needs no exemption");
});
