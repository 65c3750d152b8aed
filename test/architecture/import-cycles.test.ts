/**
 * The shape of src/'s imports: no module imports itself back through others (a cycle makes the
 * order modules initialise in depend on which one is loaded first, and ties the modules of a cycle
 * into one), and the action's steps never load the command line.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { findCycles, type ImportEdge, type ImportGraph, parseImports, reachable, readImportGraph } from "./import-graph.js";

/**
 * Type-only imports allowed to close a cycle: erased when the code runs, so they order nothing,
 * but each still ties two modules together and needs its reason. A run-time import never goes here.
 */
const ALLOWED_TYPE_EDGES: readonly { from: string; to: string; reason: string }[] = [
  {
    from: "src/security/redact-files.ts",
    to: "src/security/redact.ts",
    reason: "takes the Redactor type from redact.ts, which re-exports the file functions as the redaction module's one surface",
  },
  {
    from: "src/security/redact-values.ts",
    to: "src/security/redact.ts",
    reason: "the same: the Redactor type, from the module that re-exports redactValue",
  },
];

const isAllowed = (from: string, edge: ImportEdge) => edge.typeOnly && ALLOWED_TYPE_EDGES.some((a) => a.from === from && a.to === edge.to);

let cached: ImportGraph | undefined;
const srcGraph = () => (cached ??= readImportGraph(REPO_ROOT));

const describeCycles = (cycles: string[][]) => cycles.map((c) => `  ${c.join(" -> ")}`).join("\n");

test("the import parser reads static, type-only, re-exported, side-effect and dynamic imports", () => {
  const text = [
    'import path from "node:path";',
    'import { a, type B } from "./a.js";',
    "import type { C } from './c.js';",
    "import {",
    "  d,",
    "  e,",
    '} from "../d.js";',
    'export * from "./star.js";',
    'export type { F } from "./f.js";',
    'import "./side-effect.js";',
    '/** A comment naming import { x } from "./not-an-import.js". */',
    'export const g = 1; // from "./not-either.js"',
    'const lazy = await import("./lazy.js");',
    'type T = typeof import("./types-only.js");',
  ].join("\n");
  assert.deepEqual(parseImports(text), [
    { specifier: "node:path", typeOnly: false, dynamic: false },
    { specifier: "./a.js", typeOnly: false, dynamic: false },
    { specifier: "./c.js", typeOnly: true, dynamic: false },
    { specifier: "../d.js", typeOnly: false, dynamic: false },
    { specifier: "./star.js", typeOnly: false, dynamic: false },
    { specifier: "./f.js", typeOnly: true, dynamic: false },
    { specifier: "./side-effect.js", typeOnly: false, dynamic: false },
    { specifier: "./lazy.js", typeOnly: false, dynamic: true },
    { specifier: "./types-only.js", typeOnly: true, dynamic: true },
  ]);
});

test("findCycles names each cycle as a path back to its start, and only modules on one", () => {
  const edge = (to: string, typeOnly = false): ImportEdge => ({ to, typeOnly, dynamic: false });
  const graph: ImportGraph = new Map([
    ["a", [edge("b")]],
    ["b", [edge("c"), edge("d")]],
    ["c", [edge("a", true)]],
    ["d", [edge("e")]],
    ["e", []],
    ["f", [edge("f")]],
  ]);
  assert.deepEqual(findCycles(graph), [
    ["a", "b", "c", "a"],
    ["f", "f"],
  ]);
  assert.deepEqual(
    findCycles(graph, (_from, e) => e.typeOnly),
    [["f", "f"]],
  );
});

test("src/ reads as a graph: the entry points' known imports are in it", () => {
  const graph = srcGraph();
  assert.ok(graph.size > 100, `only ${graph.size} modules read`);
  const targets = (file: string) => (graph.get(file) ?? []).map((e) => e.to);
  assert.ok(targets("src/cli/main.ts").includes("src/cli/commands.ts"));
  assert.ok(targets("src/cli/main.ts").includes("src/errors.ts"));
  const dynamic = (graph.get("src/cli/commands.ts") ?? []).filter((e) => e.dynamic).map((e) => e.to);
  assert.ok(dynamic.includes("src/cli/post-command.ts"), dynamic.join(", "));
});

test("no module of src/ is on an import cycle (the allowed type-only imports aside)", () => {
  const cycles = findCycles(srcGraph(), isAllowed);
  assert.deepEqual(cycles, [], `import cycles:\n${describeCycles(cycles)}`);
});

test("every allowed type-only import is still type-only and still closes a cycle", () => {
  const graph = srcGraph();
  for (const allowed of ALLOWED_TYPE_EDGES) {
    assert.ok(allowed.reason.length > 20, `${allowed.from}: say why`);
    const edges = (graph.get(allowed.from) ?? []).filter((e) => e.to === allowed.to);
    assert.ok(edges.length > 0, `${allowed.from} no longer imports ${allowed.to}: remove it from ALLOWED_TYPE_EDGES`);
    assert.ok(
      edges.every((e) => e.typeOnly),
      `${allowed.from} imports ${allowed.to} at run time: a run-time import may not close a cycle`,
    );
    const back = reachable(graph, [allowed.to], () => true);
    assert.ok(back.has(allowed.from), `${allowed.from} -> ${allowed.to} closes no cycle any more: remove it from ALLOWED_TYPE_EDGES`);
  }
});

test("the action's steps never load the command line (src/cli/)", () => {
  const graph = srcGraph();
  const loaded = reachable(graph, ["src/action/main.ts", "src/action/post.ts"], (e) => !e.typeOnly);
  assert.ok(loaded.has("src/engine/run-wave.ts"), "the action runs the engine");
  const cli = [...loaded].filter(([file]) => file.startsWith("src/cli/")).map(([, path]) => path.join(" -> "));
  assert.deepEqual(cli, []);
});
