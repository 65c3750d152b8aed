/**
 * The layers of src/, bottom up, and the imports that still run back up them. A module may import
 * its own layer and the layers below; an import of a higher layer ties the lower module to what
 * sits above it. Those that remain are listed one by one, so that a new one fails here and one
 * that is mended must leave the list (issue: at most 6). Type-only imports are left out: they
 * order nothing when the code runs.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { readImportGraph } from "./import-graph.js";

/** Folders (and top-level files) of src/, bottom layer first. */
const LAYERS: readonly (readonly string[])[] = [
  [
    "errors.ts",
    "values.ts",
    "program.ts",
    "lazy-schema.ts",
    "did-you-mean.ts",
    "command-io.ts",
    "compile-cache.ts",
    "reference-compat.ts",
    "executors/ids.ts",
  ],
  ["security", "runtime", "usage"],
  ["state", "coordination", "context7"],
  ["artifacts", "agent-user", "feedback"],
  ["executors"],
  ["sandbox", "sessions"],
  ["wave", "control"],
  ["signals", "shard"],
  ["closure", "prompt", "resume", "supervisor"],
  ["proxy", "commands", "rehearse", "report"],
  ["engine"],
  ["cli"],
  ["action"],
  ["main.ts", "post.ts", "cli.ts"],
];

/** The imports that run back up today (`from -> to`), each to be mended; none may be added. */
const STILL_UP: readonly string[] = [
  "src/executors/local/task.ts -> src/wave/roles.ts",
  "src/executors/local/task.ts -> src/wave/schema.ts",
  "src/wave/validate.ts -> src/closure/static.ts",
  "src/wave/validate.ts -> src/signals/markers-doc.ts",
  "src/wave/validate.ts -> src/signals/vocabulary.ts",
];

/** The layer of a file of src/ (-1: none declared): its own entry (a file placed apart from its folder), else its folder's. */
export function layerOf(file: string): number {
  const rel = file.replace(/^src\//, "");
  const own = LAYERS.findIndex((layer) => layer.includes(rel));
  if (own >= 0) return own;
  const top = rel.split("/")[0] ?? "";
  return LAYERS.findIndex((layer) => layer.includes(top));
}

/** The run-time imports from a lower layer to a higher one, as `from -> to`, sorted. */
export function importsUp(graph: ReturnType<typeof readImportGraph>): { up: string[]; unplaced: string[] } {
  const up = new Set<string>();
  const unplaced = new Set<string>();
  for (const [from, edges] of graph) {
    if (!from.startsWith("src/")) continue;
    if (layerOf(from) < 0) unplaced.add(from);
    for (const e of edges) {
      if (!e.to.startsWith("src/") || e.typeOnly) continue;
      if (layerOf(e.to) < 0) unplaced.add(e.to);
      else if (layerOf(from) >= 0 && layerOf(e.to) > layerOf(from)) up.add(`${from} -> ${e.to}`);
    }
  }
  return { up: [...up].sort(), unplaced: [...unplaced].sort() };
}

test("every module of src/ has a layer, and only the listed imports run back up the layers", () => {
  const { up, unplaced } = importsUp(readImportGraph(REPO_ROOT));
  assert.deepEqual(unplaced, [], "a new folder of src/ needs its place in LAYERS");
  assert.deepEqual(
    up.filter((u) => !STILL_UP.includes(u)),
    [],
    "a new import runs back up the layers: import downwards, or move what it needs down",
  );
  assert.deepEqual(
    STILL_UP.filter((u) => !up.includes(u)),
    [],
    "an import listed as running back up no longer does: take it off STILL_UP",
  );
});

test("the check sees an import back up: a wave module importing the engine is one", () => {
  const graph = new Map([["src/wave/x.ts", [{ to: "src/engine/run-wave.ts", typeOnly: false, dynamic: false }]]]);
  assert.deepEqual(importsUp(graph).up, ["src/wave/x.ts -> src/engine/run-wave.ts"]);
  // Downwards and type-only imports are not; a folder with no layer is named.
  const fine = new Map([
    ["src/engine/x.ts", [{ to: "src/wave/schema.ts", typeOnly: false, dynamic: false }]],
    ["src/wave/y.ts", [{ to: "src/engine/types.ts", typeOnly: true, dynamic: false }]],
    ["src/newdir/z.ts", []],
  ]);
  assert.deepEqual(importsUp(fine), { up: [], unplaced: ["src/newdir/z.ts"] });
});

test("a file placed apart from its folder takes its own layer: the executor ids sit below the schemas that name them", () => {
  assert.equal(layerOf("src/executors/ids.ts"), 0);
  assert.ok(layerOf("src/executors/registry.ts") > layerOf("src/state/schema.ts"));
  const graph = new Map([["src/state/schema.ts", [{ to: "src/executors/ids.ts", typeOnly: false, dynamic: false }]]]);
  assert.deepEqual(importsUp(graph).up, []);
  const up = new Map([["src/state/schema.ts", [{ to: "src/executors/registry.ts", typeOnly: false, dynamic: false }]]]);
  assert.deepEqual(importsUp(up).up, ["src/state/schema.ts -> src/executors/registry.ts"]);
});

test("docs/architecture.md names the layers in this order and counts the imports still running up", () => {
  const doc = readFileSync(path.join(REPO_ROOT, "docs/architecture.md"), "utf8").replace(/\s+/g, " ");
  const m = /Bottom up: the small modules directly in `src\/` and `src\/executors\/ids\.ts` \([^)]*\); (.*?); the entries\./.exec(doc);
  assert.ok(m, "docs/architecture.md: the sentence listing the layers bottom up");
  const documented = (m[1] ?? "").split("; ").map((layer) => layer.split(", ").map((f) => f.replace(/`/g, "")));
  assert.deepEqual(documented, LAYERS.slice(1, -1));
  const words = ["no", "one", "two", "three", "four", "five", "six"];
  assert.match(doc, new RegExp(`lists the ${words[STILL_UP.length]} imports that still run back up`));
});
