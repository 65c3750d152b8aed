/**
 * `wave plan`: the waves of the lane (or a selection) with their agents, and the workflow matrix
 * `{include:[{wave:N},…]}`. A wave with more implementation agents than `maxAgentsPerJob` (the
 * option, else the config's `runtimePolicy.maxAgentsPerJob`) is listed with its shards, and its
 * matrix entries are one per shard (`{wave, shard: "i/n", shards: n}`; `0/n` first, the design job,
 * when the wave has design agents) plus its closure job
 * (`{wave, shard: "closure", shards: n}`); src/shard/plan.ts decides. Exit 2 for a bad `--waves`
 * spec or a wave that does not exist (and configuration problems), 1 when a selected wave (or the
 * project as a whole) has errors.
 */
import { isUserError } from "../errors.js";
import { assignShards, MATRIX_JOB_LIMIT, type MatrixEntry, matrixEntries, shardAgentsOf, shardCountFor } from "../shard/plan.js";
import { formatDiagnosticText, isError, isWaveInputError } from "../wave/diagnostics.js";
import { loadProject } from "../wave/project.js";
import { displayPath, summarizeWave, type WaveSummary } from "../wave/views.js";
import type { CommandOutput } from "./validate.js";

export interface PlanOptions {
  root: string;
  configPath?: string | undefined;
  lane?: string | undefined;
  /** The config's `projects.<id>` entry (`--project`); default: its defaultProject. */
  project?: string | undefined;
  /** `all`, `N`, `N-M`, or a comma-separated list of those (`1,3-5`). */
  waves: string;
  format: "text" | "json";
  cliExecutor?: string | undefined;
  cwd?: string;
  /** Shard waves with more implementation agents than this; null/absent: the config's setting. */
  maxAgentsPerJob?: number | null;
}

/**
 * A wave as `wave plan` lists it: its agents, and when it is sharded its shards (implementation
 * agent ids per shard) and, when it has design agents, its design job's agents (shard 0).
 */
type PlannedWave = WaveSummary & { shards?: string[][]; design?: string[] };

export interface PlanJson {
  lane: string;
  waves: PlannedWave[];
  matrix: { include: MatrixEntry[] };
}

export type WaveSelection = { ok: true; waves: number[] | "all" } | { ok: false; error: string };

/** Parses `all`, `N`, `N-M`, `N,M,...` (items may mix: `0,2-4`). */
export function parseWaveSelection(spec: string): WaveSelection {
  const s = spec.trim();
  if (s === "") return { ok: false, error: `--waves is empty (use all, N, N-M or N,M,...)` };
  if (s.toLowerCase() === "all") return { ok: true, waves: "all" };
  const out = new Set<number>();
  for (const raw of s.split(",")) {
    const item = raw.trim();
    const m = /^(\d{1,9})(?:\s*-\s*(\d{1,9}))?$/.exec(item);
    if (!m) return { ok: false, error: `invalid --waves "${spec}": "${item}" is not a wave number or range (use all, N, N-M or N,M,...)` };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return { ok: false, error: `invalid --waves "${spec}": range ${item} runs backwards` };
    if (to - from > 100_000) return { ok: false, error: `invalid --waves "${spec}": range ${item} is too large` };
    for (let n = from; n <= to; n++) out.add(n);
  }
  return { ok: true, waves: [...out].sort((a, b) => a - b) };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function renderText(plan: PlanJson): string {
  const lines = [`lane ${plan.lane}: ${plan.waves.length} wave${plan.waves.length === 1 ? "" : "s"}`];
  for (const w of plan.waves) {
    lines.push("", `wave ${w.wave}${w.title ? ` - ${w.title}` : ""} (${w.file})`);
    const rows = [["agent", "role", "executor", "title"]];
    for (const a of w.agents) rows.push([a.id, a.closureStage ? `${a.role} (closure)` : a.role, a.executor ?? "?", a.title]);
    lines.push(
      ...table(rows)
        .split("\n")
        .map((l) => `  ${l}`),
    );
    const shards = w.shards ?? [];
    const design = w.design ?? [];
    if (shards.length > 0) lines.push(`  ${design.length > 0 ? "a design job, " : ""}${shards.length} shard jobs and a closure job:`);
    if (shards.length > 0 && design.length > 0) lines.push(`    shard 0/${shards.length} (design): ${design.join(", ")}`);
    for (const [i, ids] of shards.entries()) lines.push(`    shard ${i + 1}/${shards.length}: ${ids.join(", ")}`);
  }
  lines.push("", `matrix: ${JSON.stringify(plan.matrix)}`);
  return `${lines.join("\n")}\n`;
}

export async function planCommand(opts: PlanOptions): Promise<CommandOutput> {
  const selection = parseWaveSelection(opts.waves);
  if (!selection.ok) return { stdout: "", stderr: `${selection.error}\n`, exitCode: 2 };
  let project: ReturnType<typeof loadProject>;
  try {
    project = loadProject(opts);
  } catch (e) {
    if (isWaveInputError(e) || isUserError(e)) return { stdout: "", stderr: `${e.message}\n`, exitCode: 2 };
    throw e;
  }
  const known = new Set([
    ...project.waves.map((w) => w.wave),
    ...project.diagnostics.flatMap((d) => (d.wave === undefined ? [] : [d.wave])),
  ]);
  const wanted = selection.waves === "all" ? [...known].sort((a, b) => a - b) : selection.waves;
  const missing = wanted.filter((n) => !known.has(n));
  if (missing.length > 0) {
    return {
      stdout: "",
      stderr: `wave ${missing.join(", ")} not found in ${project.lane.wavesDir} (waves: ${[...known].sort((a, b) => a - b).join(", ") || "none"})\n`,
      exitCode: 2,
    };
  }
  const errors = project.diagnostics.filter((d) => isError(d) && (d.wave === undefined || wanted.includes(d.wave)));
  if (errors.length > 0) {
    const cwd = opts.cwd ?? process.cwd();
    const text = errors.map((d) => formatDiagnosticText(d, displayPath(opts.root, d.file, cwd))).join("\n");
    return {
      stdout: "",
      stderr: `${text}\nwave plan: ${errors.length} error${errors.length === 1 ? "" : "s"}; fix them with \`wave validate\`\n`,
      exitCode: 1,
    };
  }
  const maxAgentsPerJob = opts.maxAgentsPerJob ?? project.lane.runtimePolicy.maxAgentsPerJob;
  const waves: PlannedWave[] = [];
  const include: MatrixEntry[] = [];
  for (const wave of project.waves.filter((w) => wanted.includes(w.wave))) {
    const agents = shardAgentsOf(wave, project.lane.roles);
    const count = shardCountFor(agents, maxAgentsPerJob);
    const design = agents.filter((a) => a.phase === "design").map((a) => a.id);
    const shards = count > 1 ? { shards: assignShards(agents, count), ...(design.length > 0 ? { design } : {}) } : {};
    waves.push({ ...summarizeWave(wave), ...shards });
    include.push(...matrixEntries(wave.wave, count, design.length > 0));
  }
  if (include.length > MATRIX_JOB_LIMIT) {
    const widest = [...waves].sort((a, b) => (b.shards?.length ?? 1) - (a.shards?.length ?? 1))[0];
    const sharded = widest?.shards
      ? ` (wave ${widest.wave} alone takes ${matrixEntries(widest.wave, widest.shards.length, !!widest.design).length})`
      : "";
    return {
      stdout: "",
      stderr:
        `wave plan: the plan has ${include.length} matrix jobs${sharded}, but GitHub starts at most ${MATRIX_JOB_LIMIT} jobs of one matrix in a workflow run. ` +
        `Plan fewer waves per run (waves: ${wanted[0]}-${wanted[Math.floor(wanted.length / 2)] ?? wanted[0]}, then the rest)` +
        `${maxAgentsPerJob !== null ? `, or raise max-agents-per-job (now ${maxAgentsPerJob}) so that sharded waves take fewer shard jobs` : ""}.\n`,
      exitCode: 1,
    };
  }
  const plan: PlanJson = { lane: project.laneName, waves, matrix: { include } };
  return { stdout: opts.format === "json" ? `${JSON.stringify(plan)}\n` : renderText(plan), stderr: "", exitCode: 0 };
}
