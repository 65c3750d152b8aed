/**
 * Keeps docs/architecture.md true to the code: every path it names exists, every export it names
 * next to a file is exported by that file, every folder of src/ has its section (a heading
 * `### \`src/<folder>/\``), its relative links resolve, and its data-flow diagram parses with the
 * real Mermaid parser and runs wave file → … → report in order, and its gate order is the one the
 * engine runs: a wave with every role goes through runWave and its stage and gate events are
 * compared with the "Gate order" table.
 *
 * Path rules: any `src/…` path, anywhere in the text; any backticked `….ts` / `….mjs` path, and
 * any backticked path under docs/, scripts/, src/ or test/. Inside a folder's section a path
 * resolves against that folder first; then against the repository root, then src/.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import {
  type AgentSpec,
  contQaAgent,
  DOC_DELTA,
  DOC_NO_CHANGE,
  designAgent,
  implAgent,
  integrationAgent,
  makeRepo,
  PROOF,
} from "../engine/fixture.js";
import { CATALOG_PATH, catalogJson, MATRIX_PATH, matrixJson, observedRun, writeSectionWave } from "../engine/gate-fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";
import { mermaidBlocks } from "../report/mermaid-real.js";

const DOC = path.join(REPO_ROOT, "docs", "architecture.md");
const SRC = path.join(REPO_ROOT, "src");
const FOLDER_HEADING = /^### `src\/([^`/]+)\/`$/;

/** Each line of the doc with the src/ folder whose section it is in (null outside one). */
function linesWithFolder(doc: string): { line: string; folder: string | null }[] {
  let folder: string | null = null;
  let inFence = false;
  const out: { line: string; folder: string | null }[] = [];
  for (const line of doc.split("\n")) {
    if (/^(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    if (!inFence && /^#{1,6} /.test(line)) folder = FOLDER_HEADING.exec(line)?.[1] ?? null;
    out.push({ line, folder });
  }
  return out;
}

function resolves(ref: string, folder: string | null): string | null {
  const bases = [...(folder ? [path.join(SRC, folder)] : []), REPO_ROOT, SRC];
  for (const base of bases) {
    const file = path.join(base, ref);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Every path the doc names that does not exist, as `line N: path`. */
export function missingPaths(doc: string): string[] {
  const problems: string[] = [];
  linesWithFolder(doc).forEach(({ line, folder }, i) => {
    const refs = new Set<string>();
    for (const m of line.matchAll(/(?<![\w./<>-])src\/[A-Za-z0-9_./-]*/g)) refs.add(m[0].replace(/[.:,]+$/, ""));
    for (const m of line.matchAll(/`([A-Za-z0-9_./-]+)`/g)) {
      const ref = m[1]!;
      if (/\.(ts|mjs)$/.test(ref) || /^(docs|scripts|src|test)\//.test(ref)) refs.add(ref);
    }
    for (const ref of refs) if (!resolves(ref, folder)) problems.push(`line ${i + 1}: ${ref}`);
  });
  return problems;
}

function exportsName(source: string, name: string): boolean {
  const declared = new RegExp(
    `\\bexport\\s+(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${name}\\b`,
  );
  const listed = new RegExp(`\\bexport\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`);
  return declared.test(source) || listed.test(source);
}

/** The doc's paragraphs (lines joined with spaces), each with the src/ folder whose section it is in. */
function paragraphs(doc: string): { text: string; folder: string | null }[] {
  const out: { text: string; folder: string | null }[] = [];
  let current: string[] = [];
  let folder: string | null = null;
  const flush = () => {
    if (current.length > 0) out.push({ text: current.join(" "), folder });
    current = [];
  };
  for (const { line, folder: f } of linesWithFolder(doc)) {
    if (line.trim() === "" || f !== folder || /^#{1,6} /.test(line)) flush();
    folder = f;
    if (line.trim() !== "") current.push(line.trim());
  }
  flush();
  return out;
}

/**
 * Every name the doc gives as an export of a file that the file does not export. A name is given
 * as an export when it is backticked right after a backticked `.ts` path, either in parentheses —
 * "`parse.ts` (`parseWaveFile`, `slugify`)" — or after a comma — "(`github-store.ts`,
 * `GithubArtifactStore`)"; the sentence may wrap.
 */
export function missingExports(doc: string): string[] {
  const problems: string[] = [];
  const check = (ref: string, folder: string | null, names: string) => {
    const file = resolves(ref, folder);
    if (!file) return; // reported by missingPaths
    const source = readFileSync(file, "utf8");
    for (const id of names.matchAll(/`([A-Za-z_$][\w$]*)`/g)) {
      if (!exportsName(source, id[1]!)) problems.push(`${ref} does not export ${id[1]}`);
    }
  };
  for (const { text, folder } of paragraphs(doc)) {
    for (const m of text.matchAll(/`([A-Za-z0-9_./-]+\.ts)` \(([^()]*)\)/g)) check(m[1]!, folder, m[2]!);
    for (const m of text.matchAll(/`([A-Za-z0-9_./-]+\.ts)`((?:, `[A-Za-z_$][\w$]*`)+)/g)) check(m[1]!, folder, m[2]!);
  }
  return problems;
}

/** The src/ folders without a section, and the sections naming no src/ folder. */
export function folderSections(doc: string): { missing: string[]; extra: string[]; duplicated: string[] } {
  const headed = linesWithFolder(doc).flatMap(({ line }) => FOLDER_HEADING.exec(line)?.[1] ?? []);
  const folders = readdirSync(SRC).filter((name) => statSync(path.join(SRC, name)).isDirectory());
  return {
    missing: folders.filter((f) => !headed.includes(f)).sort(),
    extra: headed.filter((h) => !folders.includes(h)).sort(),
    duplicated: headed.filter((h, i) => headed.indexOf(h) !== i),
  };
}

/** Relative markdown links of the doc whose target does not exist. */
export function brokenLinks(doc: string): string[] {
  const out: string[] = [];
  for (const m of doc.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!.replace(/#.*$/, "");
    if (target === "" || /^[a-z]+:/i.test(target)) continue;
    if (!existsSync(path.resolve(path.dirname(DOC), target))) out.push(m[1]!);
  }
  return out;
}

type FlowDb = {
  getVertices(): Map<string, { id: string; text?: string }>;
  getEdges(): { start: string; end: string }[];
};
type MermaidApi = {
  parse(text: string): Promise<unknown>;
  mermaidAPI: { getDiagramFromText(text: string): Promise<{ type: string; db: FlowDb }> };
};

/**
 * Mermaid in Node: DOMPurify has no DOM here and lacks `addHook`/`sanitize`, which Mermaid calls
 * for labels; they become the identity (as in test/report/mermaid-real.ts).
 */
async function loadMermaid(): Promise<MermaidApi> {
  const purify = ((await import("dompurify")) as unknown as { default: { addHook?: unknown; sanitize?: unknown } }).default;
  purify.addHook ??= () => {};
  purify.sanitize ??= (s: unknown) => String(s);
  return ((await import("mermaid")) as unknown as { default: MermaidApi }).default;
}

/** The stages of the data flow, in order, as the diagram's node labels start. */
const FLOW = ["wave file", "prompt", "executors", "runtime", "signals", "closure", "state", "artifacts", "resume"];

/** Node ids of the flowchart, by the stage their label starts with. */
function stageNodes(db: FlowDb): Map<string, string> {
  const byStage = new Map<string, string>();
  for (const v of db.getVertices().values()) {
    const label = (v.text ?? v.id).toLowerCase();
    for (const stage of [...FLOW, "report"]) if (label.startsWith(stage)) byStage.set(stage, v.id);
  }
  return byStage;
}

function reachable(db: FlowDb, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === to) return true;
    for (const e of db.getEdges()) {
      if (e.start === at && !seen.has(e.end)) {
        seen.add(e.end);
        queue.push(e.end);
      }
    }
  }
  return false;
}

const doc = readFileSync(DOC, "utf8");

test("every src/ path and every backticked file path in docs/architecture.md exists", () => {
  assert.deepEqual(missingPaths(doc), []);
  // The check itself: a path that is not there, bare or qualified, is reported with its line.
  const planted = "intro\n### `src/wave/`\nSee `parse.ts` and `nowhere.ts`.\n## Other\nAnd src/wave/gone.ts, `parse.ts`.\n";
  assert.deepEqual(missingPaths(planted), ["line 3: nowhere.ts", "line 5: src/wave/gone.ts", "line 5: parse.ts"]);
});

test("every export docs/architecture.md names next to a file is exported by it", () => {
  assert.deepEqual(missingExports(doc), []);
  assert.ok((doc.match(/`[A-Za-z0-9_./-]+\.ts`,? \(?`[A-Za-z_$]/g) ?? []).length >= 50, "the doc names entry points by file and export");
  const planted = [
    "`src/wave/parse.ts` (`parseWaveFile`, `parseEverything`)",
    "",
    "### `src/wave/`",
    "",
    "Entry points: `project.ts` (`loadProject`), the files (`validate.ts`, `validateWave`,",
    "`validateAll`) and `roles.ts`",
    "(`noSuchRole`).",
  ].join("\n");
  assert.deepEqual(missingExports(planted).sort(), [
    "roles.ts does not export noSuchRole",
    "src/wave/parse.ts does not export parseEverything",
    "validate.ts does not export validateAll",
  ]);
});

test("every folder of src/ has exactly one section in docs/architecture.md, and every section a folder", () => {
  assert.deepEqual(folderSections(doc), { missing: [], extra: [], duplicated: [] });
  const withoutWave = doc.replace("### `src/wave/`", "### The wave folder");
  assert.deepEqual(folderSections(withoutWave).missing, ["wave"]);
});

test("the relative links of docs/architecture.md resolve, SECURITY.md among them", () => {
  assert.deepEqual(brokenLinks(doc), []);
  assert.match(doc, /\]\(\.\.\/SECURITY\.md\)/);
  assert.deepEqual(brokenLinks("[x](../NOPE.md) [y](https://example.com) [z](#anchor)"), ["../NOPE.md"]);
});

test("README.md links docs/architecture.md", () => {
  assert.match(readFileSync(path.join(REPO_ROOT, "README.md"), "utf8"), /\]\(docs\/architecture\.md\)/);
});

test("the data-flow diagram parses with Mermaid and runs wave file → … → resume, and state → report", async () => {
  const blocks = mermaidBlocks(doc);
  assert.equal(blocks.length, 1, "one mermaid block");
  const mermaid = await loadMermaid();
  await mermaid.parse(blocks[0]!); // throws on a syntax error
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(blocks[0]!);
  assert.match(diagram.type, /^flowchart/);
  const nodes = stageNodes(diagram.db);
  assert.deepEqual(
    [...FLOW, "report"].filter((s) => !nodes.has(s)),
    [],
    "a node for every stage",
  );
  for (let i = 1; i < FLOW.length; i++) {
    assert.ok(reachable(diagram.db, nodes.get(FLOW[i - 1]!)!, nodes.get(FLOW[i]!)!), `${FLOW[i - 1]} → ${FLOW[i]}`);
  }
  assert.ok(reachable(diagram.db, nodes.get("state")!, nodes.get("report")!), "state → report");
  assert.ok(!reachable(diagram.db, nodes.get("report")!, nodes.get("wave file")!), "the report feeds nothing back");
  await assert.rejects(mermaid.parse("flowchart TD\n  a --> [[["), "the parser rejects a broken diagram");
});

/**
 * The "Gate order" table as the engine's events would spell it: for each row, `launch <stage>`
 * unless it launches nothing (—), then `gate <stage>` for each gate stage it records.
 */
export function documentedGateOrder(text: string): string[] {
  const section = /^## Gate order\n([\s\S]*?)(?=^## )/m.exec(text)?.[1] ?? "";
  const rows = section.split("\n").filter((l) => /^\|/.test(l) && !/^\|\s*(Stage|-)/.test(l));
  return rows.flatMap((row) => {
    const [stage, launches, gates] = row
      .split("|")
      .slice(1, 4)
      .map((c) => c.trim());
    const launch = launches === "—" ? [] : [`launch ${stage}`];
    return [...launch, ...[...(gates ?? "").matchAll(/`([a-z-]+)`/g)].map((m) => `gate ${m[1]}`)];
  });
}

/** The engine's stage starts and recorded gates, in order, a run of gates of one stage as one. */
function engineGateOrder(events: readonly EngineEvent[]): string[] {
  const seen = events.flatMap((e) =>
    e.type === "stage-start" ? [`launch ${e.stage}`] : e.type === "gate" ? [`gate ${e.gate.stage}`] : [],
  );
  return seen.filter((s, i) => s !== seen[i - 1]);
}

test("the gate order docs/architecture.md documents is the one the engine runs for a wave with every role", async () => {
  const documented = documentedGateOrder(doc);
  assert.ok(documented.length >= 16, `the table is read: ${documented.join(", ")}`);
  // The reader itself: a swapped row or a dropped gate changes what it reads.
  const swapped = doc.replace(
    /(\| security\s+\|[^\n]*\n)(\| integration\s+\|[^\n]*\n)/,
    (_all, security: string, integration: string) => `${integration}${security}`,
  );
  assert.notDeepEqual(documentedGateOrder(swapped), documented);
  assert.notDeepEqual(documentedGateOrder(doc.replace("`documentation`, `component-matrix`", "`documentation`")), documented);

  const repo = await makeRepo("gate-order");
  try {
    const evalReport = "docs/evals/wave-1-eval.md";
    const securityReport = "docs/reviews/wave-1-security.md";
    const agents: AgentSpec[] = [
      designAgent(1),
      implAgent("A1", { print: [PROOF, DOC_DELTA, "[wave-component] component=core level=repo-landed state=met"] }),
      {
        id: "E0",
        title: "cont-EVAL",
        deliverables: [evalReport],
        behaviour: {
          write: { [evalReport]: "# Eval\n" },
          print: ["[wave-eval] state=satisfied targets=1 benchmarks=1 regressions=0 target_ids=speed benchmark_ids=p95-latency detail=ok"],
        },
      },
      {
        id: "A7",
        title: "Security review",
        capabilities: ["security-review"],
        deliverables: [securityReport],
        behaviour: { write: { [securityReport]: "# Security\n" }, print: ["[wave-security] state=clear findings=0 approvals=0 detail=ok"] },
      },
      integrationAgent(1),
      {
        id: "A9",
        title: "Documentation steward",
        owned: [MATRIX_PATH],
        behaviour: {
          write: { [MATRIX_PATH]: matrixJson(1, { core: { current: "repo-landed", target: "repo-landed" } }) },
          print: [DOC_NO_CHANGE],
        },
      },
      contQaAgent(1),
    ];
    await writeSectionWave(
      repo,
      1,
      agents,
      {
        promotions: { core: "repo-landed" },
        components: { A1: ["core"] },
        evalTargets: ["id: speed | selection: delegated | benchmark-family: latency | objective: fast | threshold: p95 under 200ms"],
      },
      {
        [MATRIX_PATH]: matrixJson(1, { core: { current: "contract-frozen", target: "repo-landed" } }),
        [CATALOG_PATH]: catalogJson({ latency: ["p95-latency"] }),
      },
    );
    const events: EngineEvent[] = [];
    const { result } = await observedRun(repo, 1, { maxAttempts: 1 }, [], events);
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.deepEqual(engineGateOrder(events), documented);
  } finally {
    await repo.cleanup();
  }
});
