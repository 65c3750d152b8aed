/**
 * Every input a gate function takes is supplied by runWave. The inputs are walked from the gate
 * functions themselves: the TypeScript checker lists the parameters of every function exported by
 * a module of src/closure/, and each parameter whose type is one of the closure module's input
 * interfaces (`…Input` / `…Inputs` in src/closure/types.ts) is expanded into property paths,
 * nested input interfaces included. A wave that exercises every stage then runs, and each path
 * must be present in every set of inputs the engine evaluated gates with. A new gate input that
 * the engine does not fill makes this test fail without anyone updating a list.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import ts from "typescript";
import type { GateInputs } from "../../src/closure/types.js";
import { REPO_ROOT } from "../helpers/cli.js";
import {
  type AgentSpec,
  contQaAgent,
  DOC_DELTA,
  DOC_NO_CHANGE,
  implAgent,
  integrationAgent,
  type Json,
  makeRepo,
  PROOF,
} from "./fixture.js";
import { CATALOG_PATH, catalogJson, MATRIX_PATH, matrixJson, observedRun, writeSectionWave } from "./gate-fixture.js";

const CLOSURE_DIR = path.join(REPO_ROOT, "src", "closure");
const TYPES_FILE = path.join(CLOSURE_DIR, "types.ts");

/** Property paths of the closure input interfaces the exported gate functions take. */
function gateInputPaths(): { paths: string[]; functions: string[] } {
  const configFile = ts.readConfigFile(path.join(REPO_ROOT, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, REPO_ROOT);
  const modules = readdirSync(CLOSURE_DIR)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(CLOSURE_DIR, f));
  const program = ts.createProgram(modules, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const paths = new Set<string>();
  const functions: string[] = [];
  const isInputInterface = (type: ts.Type): boolean => {
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    if (!symbol || !/Inputs?$/.test(symbol.getName())) return false;
    return (symbol.getDeclarations() ?? []).some((d) => path.resolve(d.getSourceFile().fileName) === TYPES_FILE);
  };
  const walk = (type: ts.Type, prefix: string, at: ts.Node, depth: number) => {
    const parts = type.isUnion() ? type.types : [type];
    for (const part of parts) {
      if (!isInputInterface(part) || depth > 4) continue;
      for (const prop of checker.getPropertiesOfType(part)) {
        const name = prefix ? `${prefix}.${prop.getName()}` : prop.getName();
        paths.add(name);
        walk(checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, at)), name, at, depth + 1);
      }
    }
  };
  const exports = modules.flatMap((m) => checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(m)!)!));
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = symbol.valueDeclaration;
    if (!decl || !ts.isFunctionDeclaration(decl)) continue;
    for (const signature of checker.getSignaturesOfType(checker.getTypeOfSymbolAtLocation(symbol, decl), ts.SignatureKind.Call)) {
      for (const param of signature.getParameters()) {
        const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(param, decl));
        if (type.isUnion() ? type.types.some(isInputInterface) : isInputInterface(type)) {
          functions.push(symbol.getName());
          walk(type, "", decl, 0);
        }
      }
    }
  }
  return { paths: [...paths].sort(), functions: [...new Set(functions)].sort() };
}

function valueAt(inputs: GateInputs, dotted: string): unknown {
  let value: unknown = inputs;
  for (const key of dotted.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const STALE = matrixJson(1, { core: { current: "contract-frozen", target: "repo-landed" } });
const CURRENT = matrixJson(1, { core: { current: "repo-landed", target: "repo-landed" } });
const EVAL_REPORT = "docs/evals/wave-1-eval.md";

/** Implementation with a component, cont-EVAL with a delegated family and a proof gap, A8, A9 updating the matrix, A0. */
function richWave(): AgentSpec[] {
  const e0: AgentSpec = {
    id: "E0",
    title: "cont-EVAL",
    deliverables: [EVAL_REPORT],
    behaviour: {
      write: { [EVAL_REPORT]: "# Eval\n" },
      print: [
        "[wave-eval] state=satisfied targets=1 benchmarks=1 regressions=0 target_ids=speed benchmark_ids=p95-latency detail=ok",
        "[wave-proof] completion=contract durability=none proof=unit state=gap detail=the p99 run is flaky",
      ],
    },
  };
  return [
    implAgent("A1", { print: [PROOF, DOC_DELTA, "[wave-component] component=core level=repo-landed state=met"] }),
    e0,
    integrationAgent(1),
    {
      id: "A9",
      title: "Documentation steward",
      owned: [MATRIX_PATH],
      behaviour: { write: { [MATRIX_PATH]: CURRENT }, print: [DOC_NO_CHANGE] },
    },
    contQaAgent(1),
  ];
}

describe("gate wiring", () => {
  test("every input of every gate function is supplied by runWave", async () => {
    const { paths, functions } = gateInputPaths();
    // The walk itself works: the entry points and the inputs every gate reads are found.
    for (const f of ["contEvalGate", "componentMatrixGate", "nextStep", "gateForStage", "integrationGate"])
      assert.ok(functions.includes(f), f);
    for (const p of [
      "wave",
      "roles",
      "summaries",
      "policy",
      "coordination",
      "coordination.openBlockers",
      "componentMatrix",
      "benchmarkFamilies",
      "attempt",
    ]) {
      assert.ok(paths.includes(p), `${p} in ${paths.join(", ")}`);
    }
    const repo = await makeRepo("wiring");
    try {
      await writeSectionWave(
        repo,
        1,
        richWave(),
        {
          promotions: { core: "repo-landed" },
          components: { A1: ["core"] },
          evalTargets: ["id: speed | selection: delegated | benchmark-family: latency | objective: fast | threshold: p95 under 200ms"],
        },
        { [MATRIX_PATH]: STALE, [CATALOG_PATH]: catalogJson({ latency: ["p95-latency", "p99-latency"] }) },
      );
      const seen: GateInputs[] = [];
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 }, seen);
      assert.ok(seen.length >= 5, `gates evaluated ${seen.length} times`);
      const missing = paths
        .flatMap((p) => seen.map((inputs, i) => (valueAt(inputs, p) === undefined ? `${p} (evaluation ${i + 1})` : null)))
        .filter(Boolean);
      assert.deepEqual(missing, [], `gate inputs runWave never supplied: ${missing.join(", ")}`);
      // The values are the real ones: the catalog's families, the matrix as A9 left it, the forwarded gap.
      const last = seen.at(-1)!;
      assert.deepEqual(last.benchmarkFamilies, { latency: ["p95-latency", "p99-latency"] });
      assert.equal(last.componentMatrix?.components.core?.currentLevel, "repo-landed");
      assert.deepEqual(last.coordination?.forwardedGaps, ["wave-1-closure-gap-cont-eval-E0-attempt-1"]);
      // A forwarded gap is cont-QA's to judge: integration does not count it as an open contradiction.
      const integration = result.gates.find((g) => g.stage === "integration");
      assert.equal(integration?.statusCode, "pass", JSON.stringify(integration));
      assert.equal(result.gates.find((g) => g.stage === "component-matrix")?.statusCode, "pass");
      // …and the wave still fails on it, after cont-QA ran.
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.stage, "cont-eval");
      assert.equal(result.failure?.agentId, "E0");
      assert.equal(result.failure?.statusCode, "wave-proof-gap");
      assert.equal(result.gates.find((g: Json) => g.stage === "cont-qa")?.statusCode, "pass");
    } finally {
      await repo.cleanup();
    }
  });
});
