/**
 * The layers of src/, bottom up, and the imports that still run back up them. A module may import
 * its own layer and the layers below; an import of a higher layer ties the lower module to what
 * sits above it. Those that remain are listed one by one, so that a new one fails here and one
 * that is mended must leave the list (issue: at most 6). Type-only imports are left out: they
 * order nothing when the code runs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { readImportGraph } from "./import-graph.js";

/** Folders (and top-level files) of src/, bottom layer first. */
const LAYERS: readonly (readonly string[])[] = [
  ["errors.ts", "values.ts", "program.ts", "lazy-schema.ts", "did-you-mean.ts", "command-io.ts", "compile-cache.ts", "reference-compat.ts"],
  ["security", "runtime", "usage", "context7"],
  ["state", "coordination"],
  ["artifacts", "agent-user", "sandbox", "feedback"],
  ["wave", "control"],
  ["signals", "shard"],
  ["executors", "closure", "prompt", "resume", "supervisor"],
  ["sessions", "proxy", "commands"],
  ["engine", "report"],
  ["cli"],
  ["rehearse"],
  ["action"],
  ["main.ts", "post.ts", "cli.ts"],
];

/** The imports that run back up today (`from -> to`), each to be mended; none may be added. */
const STILL_UP: readonly string[] = [
  "src/cli/commands.ts -> src/rehearse/command.ts",
  "src/cli/doctor-command.ts -> src/rehearse/versions.ts",
  "src/context7/provider.ts -> src/state/json-files.ts",
  "src/coordination/inbox-command.ts -> src/cli/args.ts",
  "src/coordination/inbox-command.ts -> src/cli/help.ts",
  "src/coordination/inbox-command.ts -> src/control/client.ts",
  "src/coordination/inbox-command.ts -> src/control/protocol.ts",
  "src/coordination/post-command.ts -> src/cli/args.ts",
  "src/coordination/post-command.ts -> src/cli/help.ts",
  "src/coordination/post-command.ts -> src/control/client.ts",
  "src/coordination/post-command.ts -> src/control/protocol.ts",
  "src/executors/claude/launch.ts -> src/sessions/ids.ts",
  "src/executors/claude/session.ts -> src/sessions/nofollow.ts",
  "src/executors/codex/launch.ts -> src/sessions/ids.ts",
  "src/executors/codex/session.ts -> src/sessions/ids.ts",
  "src/executors/codex/session.ts -> src/sessions/nofollow.ts",
  "src/feedback/ask-command.ts -> src/cli/args.ts",
  "src/feedback/ask-command.ts -> src/cli/help.ts",
  "src/feedback/ask-command.ts -> src/control/client.ts",
  "src/feedback/ask-command.ts -> src/control/protocol.ts",
  "src/feedback/open.ts -> src/resume/local.ts",
  "src/runtime/tmux-view.ts -> src/report/text.ts",
  "src/runtime/tmux-view.ts -> src/signals/render.ts",
  "src/sandbox/policy.ts -> src/executors/registry.ts",
  "src/signals/render.ts -> src/executors/registry.ts",
  "src/signals/transcript.ts -> src/executors/registry.ts",
  "src/state/agent-edits.ts -> src/wave/definitions.ts",
  "src/state/schema.ts -> src/wave/schema.ts",
  "src/usage/capability.ts -> src/executors/registry.ts",
  "src/wave/definitions.ts -> src/executors/registry.ts",
  "src/wave/executor-vocabulary.ts -> src/executors/sections.ts",
  "src/wave/resolve-executor.ts -> src/executors/registry.ts",
  "src/wave/validate.ts -> src/closure/static.ts",
  "src/wave/validate.ts -> src/executors/registry.ts",
  "src/wave/validate.ts -> src/signals/markers-doc.ts",
  "src/wave/validate.ts -> src/signals/vocabulary.ts",
];

/** The layer of a file of src/ (-1: none declared). */
export function layerOf(file: string): number {
  const top = file.replace(/^src\//, "").split("/")[0] ?? "";
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
