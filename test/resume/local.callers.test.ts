/**
 * Earlier state is chosen in one place: every caller goes through resume/local.ts `choosePrior`.
 * The rules (resume/prior.ts) and the readers that choose (which attempt directory, which run
 * directory is read as a prior state, which earlier closure run, which shard runs are merged) are
 * imported by no module outside src/resume/, the engine's run start and the action's hand-off and
 * report call `choosePrior`, and nothing in src/resume/ imports the engine (`PriorState` lives in
 * resume/).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { readImportGraph } from "../architecture/import-graph.js";

/** The functions that choose, by the module that defines them. */
const CHOOSERS: Readonly<Record<string, readonly string[]>> = {
  "src/resume/prior.ts": ["judgePrior", "pickPrior", "foreignPrior", "judgeClosurePrior", "designRunProblem"],
  "src/resume/local.ts": ["findLatestRun", "readPriorRun", "readEarlierClosure"],
  "src/shard/closure-input.ts": ["mergeShardRuns"],
};

/** The only module that calls them: the one call's. */
const ONE_CALL = "src/resume/local.ts";

/** The callers that must go through the one call. */
const CALLERS: readonly string[] = ["src/engine/start-run.ts", "src/action/handoff.ts", "src/action/report-mode.ts"];

const NAMED = /^[ \t]*(?:import|export)(?:\s+type)?\s+(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm;

/** Every name each source imports (or re-exports) by name from a relative module: `file -> [name, target]`. */
export function namedImports(files: ReadonlyMap<string, string>): { file: string; name: string; from: string }[] {
  const out: { file: string; name: string; from: string }[] = [];
  for (const [file, text] of files) {
    for (const m of text.matchAll(NAMED)) {
      const spec = m[2] ?? "";
      if (!spec.startsWith(".")) continue;
      const from = path.posix.join(path.posix.dirname(file), spec).replace(/\.js$/, ".ts");
      for (const part of (m[1] ?? "").split(",")) {
        const name = part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name) out.push({ file, name, from });
      }
    }
  }
  return out;
}

/** Who imports a chooser other than the one call's module, as `file: name (from module)`. */
export function chooserImportsOutsideOneCall(files: ReadonlyMap<string, string>): string[] {
  return namedImports(files)
    .filter(({ file, name, from }) => file !== ONE_CALL && (CHOOSERS[from] ?? []).includes(name))
    .map(({ file, name, from }) => `${file}: ${name} (${from})`)
    .sort();
}

function sources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const f of readdirSync(path.join(REPO_ROOT, "src"), { recursive: true })) {
    const rel = `src/${String(f).split(path.sep).join("/")}`;
    if (rel.endsWith(".ts")) files.set(rel, readFileSync(path.join(REPO_ROOT, rel), "utf8"));
  }
  return files;
}

test("the check finds a chooser imported around the one call, by name, alias or type, single- or multi-line", () => {
  const files = new Map([
    ["src/engine/carry-over.ts", 'import { findLatestRun, type PriorRun, readPriorRun as read } from "../resume/local.js";'],
    ["src/action/handoff.ts", 'import {\n  type PriorFacts,\n  pickPrior,\n} from "../resume/prior.js";'],
    ["src/shard/other.ts", 'import { mergeShardRuns } from "./closure-input.js";'],
    ["src/resume/local.ts", 'import { pickPrior } from "./prior.js";\nimport { mergeShardRuns } from "../shard/closure-input.js";'],
    [
      "src/engine/start-run.ts",
      'import { choosePrior, listAttempts } from "../resume/local.js";\nimport { nextAttemptNumber } from "../resume/prior.js";',
    ],
  ]);
  assert.deepEqual(chooserImportsOutsideOneCall(files), [
    "src/action/handoff.ts: pickPrior (src/resume/prior.ts)",
    "src/engine/carry-over.ts: findLatestRun (src/resume/local.ts)",
    "src/engine/carry-over.ts: readPriorRun (src/resume/local.ts)",
    "src/shard/other.ts: mergeShardRuns (src/shard/closure-input.ts)",
  ]);
});

test("every chooser named here is still exported by its module (the list cannot outlive the code)", () => {
  for (const [file, names] of Object.entries(CHOOSERS)) {
    const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
    for (const name of names) assert.match(text, new RegExp(`export (async )?function ${name}\\b`), `${file} exports ${name}`);
  }
});

test("no module of src/ but resume/local.ts imports a function that chooses earlier state", () => {
  assert.deepEqual(chooserImportsOutsideOneCall(sources()), [], "call choosePrior (src/resume/local.ts) instead");
});

test("the engine's run start, the action's hand-off and its report choose earlier state through choosePrior", () => {
  const imports = namedImports(sources());
  for (const caller of CALLERS) {
    assert.ok(
      imports.some((i) => i.file === caller && i.name === "choosePrior" && i.from === ONE_CALL),
      `${caller} imports choosePrior from ${ONE_CALL}`,
    );
  }
});

test("src/resume/ imports nothing from src/engine/: the engine takes PriorState from resume/, never the reverse", () => {
  const graph = readImportGraph(REPO_ROOT);
  const upward = [...graph]
    .filter(([file]) => file.startsWith("src/resume/"))
    .flatMap(([file, edges]) => edges.filter((e) => e.to.startsWith("src/engine/")).map((e) => `${file} -> ${e.to}`));
  assert.deepEqual(upward, []);
  const rerunPlan = (graph.get("src/engine/rerun-plan.ts") ?? []).map((e) => e.to);
  assert.ok(rerunPlan.includes("src/resume/prior.ts"), "the planner takes PriorState from src/resume/prior.ts");
});
