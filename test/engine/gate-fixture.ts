/**
 * Waves with the sections the end-to-end fixture does not write (component promotions, eval
 * targets, an agent's components) and the JSON files the gates read at run time (component
 * matrix, benchmark catalog); and runWave with an observer of every gate input.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { GateInputs } from "../../src/closure/types.js";
import { DEFAULT_RUN_OPTIONS, type RunOptions } from "../../src/engine/options.js";
import { type RunWaveOutcome, runWave } from "../../src/engine/run-wave.js";
import type { EngineEvent } from "../../src/engine/types.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { type AgentSpec, CLI_ARGV, cliEnv, git, type TestRepo, writeWave } from "./fixture.js";

export const MATRIX_PATH = "docs/plans/component-cutover-matrix.json";
export const CATALOG_PATH = "docs/evals/benchmark-catalog.json";
export const LEVELS = ["inventoried", "contract-frozen", "repo-landed", "baseline-proved", "pilot-live"];

export interface WaveSections {
  /** `## Component promotions`: component id → target level. */
  promotions?: Record<string, string>;
  /** `## Eval targets` bullet bodies, e.g. `id: speed | selection: delegated | benchmark-family: latency | …`. */
  evalTargets?: string[];
  /** `### Components` per agent id. */
  components?: Record<string, string[]>;
}

/** A component matrix with each component at `currentLevel` and promoted by `wave` to `target`. */
export function matrixJson(wave: number, components: Record<string, { current: string; target: string }>): string {
  const entries = Object.entries(components).map(([id, c]) => [id, { currentLevel: c.current, promotions: [{ wave, target: c.target }] }]);
  return `${JSON.stringify({ version: 1, levels: LEVELS, components: Object.fromEntries(entries) }, null, 2)}\n`;
}

export function catalogJson(families: Record<string, string[]>): string {
  const entries = Object.entries(families).map(([f, ids]) => [f, { benchmarks: Object.fromEntries(ids.map((id) => [id, { title: id }])) }]);
  return `${JSON.stringify({ families: Object.fromEntries(entries) }, null, 2)}\n`;
}

/** writeWave, then the extra sections; files written into the repository before the commit. */
export async function writeSectionWave(
  repo: TestRepo,
  wave: number,
  agents: AgentSpec[],
  sections: WaveSections,
  files: Record<string, string> = {},
): Promise<string> {
  const file = await writeWave(repo, wave, agents, { commit: false });
  let md = await fs.readFile(file, "utf8");
  const top: string[] = [];
  if (sections.promotions) {
    top.push("## Component promotions", "", ...Object.entries(sections.promotions).map(([id, level]) => `- ${id}: ${level}`), "");
  }
  if (sections.evalTargets) top.push("## Eval targets", "", ...sections.evalTargets.map((t) => `- ${t}`), "");
  const firstAgent = md.indexOf("## Agent ");
  md = `${md.slice(0, firstAgent)}${top.join("\n")}${top.length ? "\n" : ""}${md.slice(firstAgent)}`;
  for (const [id, list] of Object.entries(sections.components ?? {})) {
    const heading = md.indexOf(`## Agent ${id}:`);
    const prompt = md.indexOf("### Prompt", heading);
    md = `${md.slice(0, prompt)}### Components\n\n${list.map((c) => `- ${c}`).join("\n")}\n\n${md.slice(prompt)}`;
  }
  await fs.writeFile(file, md);
  for (const [rel, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(repo.root, rel)), { recursive: true });
    await fs.writeFile(path.join(repo.root, rel), content);
  }
  git(repo.root, ["add", "-A"]);
  git(repo.root, ["commit", "-q", "--allow-empty", "-m", `wave ${wave}`]);
  return file;
}

/** engineRun with an observer of the gate inputs (every evaluation, in order). */
export async function observedRun(
  repo: TestRepo,
  waveNo: number,
  overrides: Partial<RunOptions> = {},
  seen: GateInputs[] = [],
  events: EngineEvent[] = [],
): Promise<RunWaveOutcome> {
  const options: RunOptions = {
    ...DEFAULT_RUN_OPTIONS,
    root: repo.root,
    configPath: undefined,
    lane: undefined,
    stateDir: path.join(repo.root, ".wave"),
    wave: waveNo,
    executor: undefined,
    redact: [],
    agentUser: { kind: "none" },
    ...overrides,
  };
  return runWave(options, {
    env: cliEnv(),
    cliArgv: CLI_ARGV,
    now: () => new Date(),
    runProcess: runAgentProcess,
    onGateInputs: (inputs) => {
      seen.push(inputs);
    },
    onEvent: (e) => {
      if (e.type !== "agent-output") events.push(e);
    },
  });
}
