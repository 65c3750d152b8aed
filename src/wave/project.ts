/**
 * loadProject: the one entry point that reads wave.config.json (if any), resolves the lane, finds
 * every wave file of the lane, parses and validates all of them, resolves each agent's role and
 * executor, and returns the waves with every diagnostic.
 *
 * Throws WaveInputError (a UserError, exit code 2) for configuration and environment problems:
 * malformed config, bad lane/project, missing waves directory, no wave files, bad --executor.
 * Problems inside wave files are returned as diagnostics (exit code 1 for `wave validate`).
 */
import fs from "node:fs";
import path from "node:path";
import { CONFIG_FILE_NAME, readConfigFile, resolveLaneSettings } from "./config.js";
import { DiagnosticSink, sortDiagnostics, WaveInputError } from "./diagnostics.js";
import { discoverWaveFiles } from "./discover.js";
import { executorIdHint } from "./executor-settings.js";
import { parseWaveFile } from "./parse.js";
import { realpathInside, toRepoRel } from "./repo-paths.js";
import { resolveExecutor } from "./resolve-executor.js";
import type { RolePromptCache } from "./role-prompts.js";
import { closureStageOf, inferAgentRole } from "./roles.js";
import { type Diagnostic, EXECUTOR_IDS, type ExecutorId, type LaneSettings, type ResolvedExecutor, type WaveDefinition } from "./schema.js";
import { newCatalogCache, validateWave } from "./validate.js";

export interface LoadProjectOptions {
  /** Repository root. */
  root: string;
  /** Config file (default `<root>/wave.config.json`, optional). An explicit path must exist. */
  configPath?: string | undefined;
  /** Lane (default: config `defaultLane`, else `main`). */
  lane?: string | undefined;
  /** Project of a multi-project config (default: config `defaultProject`, else `default`). */
  project?: string | undefined;
  /** `--executor` given on the command line (beats lane role defaults, not an agent's own choice). */
  cliExecutor?: string | undefined;
}

export interface LoadedProject {
  laneName: string;
  lane: LaneSettings;
  hasConfig: boolean;
  /** Every wave file that could be parsed, in wave order (check `diagnostics` before running one). */
  waves: WaveDefinition[];
  /** Everything found, sorted by file and line; errors and warnings. */
  diagnostics: Diagnostic[];
}

/** Files larger than this are refused without being read whole into the parser. */
const MAX_WAVE_FILE_BYTES = 16 * 1024 * 1024;

function checkCliExecutor(value: string | undefined): ExecutorId | undefined {
  if (value === undefined || value === "") return undefined;
  const v = value.trim().toLowerCase();
  if (!(EXECUTOR_IDS as readonly string[]).includes(v)) {
    const sink = new DiagnosticSink("(command line)");
    sink.error(0, `--executor must be one of: ${EXECUTOR_IDS.join(", ")} (got "${value}")${executorIdHint(v)}`);
    throw new WaveInputError(sink.items);
  }
  return v as ExecutorId;
}

function readConfig(root: string, configPath: string | undefined) {
  const explicit = configPath !== undefined && configPath !== "";
  const abs = explicit ? path.resolve(root, configPath) : path.join(root, CONFIG_FILE_NAME);
  if (!fs.existsSync(abs)) {
    if (!explicit) return null;
    const sink = new DiagnosticSink(toRepoRel(root, abs));
    sink.error(0, `config file not found: ${configPath}`);
    throw new WaveInputError(sink.items);
  }
  return readConfigFile(abs, root);
}

/** Of options that select a project among others: the fields that select it, and no others. */
export function projectSelection(options: LoadProjectOptions): LoadProjectOptions {
  const { root, configPath, lane, project, cliExecutor } = options;
  return { root, configPath, lane, project, cliExecutor };
}

export function loadProject(options: LoadProjectOptions): LoadedProject {
  const root = path.resolve(options.root);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    const sink = new DiagnosticSink(options.root);
    sink.error(0, `repository root not found: ${options.root}`);
    throw new WaveInputError(sink.items);
  }
  const cliExecutor = checkCliExecutor(options.cliExecutor);
  const loaded = readConfig(root, options.configPath);
  const lane = resolveLaneSettings(loaded?.config ?? null, {
    lane: options.lane,
    project: options.project,
    root,
    ...(loaded ? { configFile: loaded.file } : {}),
  });
  const diagnostics: Diagnostic[] = [...(loaded?.warnings ?? [])];
  const discovery = discoverWaveFiles(root, lane.wavesDir);
  diagnostics.push(...discovery.diagnostics);

  const rolePromptCache: RolePromptCache = new Map();
  const catalogs = newCatalogCache();
  const waves: WaveDefinition[] = [];
  for (const ref of discovery.files) {
    const sink = new DiagnosticSink(ref.file, ref.wave);
    if (!realpathInside(root, ref.abs)) {
      sink.error(0, `${ref.file} resolves outside the repository`);
      diagnostics.push(...sink.items);
      continue;
    }
    const size = fs.statSync(ref.abs).size;
    if (size > MAX_WAVE_FILE_BYTES) {
      sink.error(
        0,
        `${ref.file} is ${Math.round(size / 1024 / 1024)} MB; wave files larger than ${MAX_WAVE_FILE_BYTES / 1024 / 1024} MB are refused`,
      );
      diagnostics.push(...sink.items);
      continue;
    }
    const parsed = parseWaveFile(fs.readFileSync(ref.abs), ref.file, ref.wave, {
      root,
      roles: lane.roles,
      enforceRolePromptDir: lane.hasConfig,
      rolePromptCache,
    });
    diagnostics.push(...parsed.diagnostics);
    const wave = parsed.wave;
    if (!wave) continue;

    const resolved = new Map<string, ResolvedExecutor>();
    for (const agent of wave.agents) {
      const role = inferAgentRole(agent, lane.roles);
      agent.role = role;
      agent.closureStage = closureStageOf(agent, lane.roles);
      const r = resolveExecutor({ agent, wave, lane, role, cliExecutor });
      if (r.ok) {
        agent.resolvedExecutor = r.executor;
        resolved.set(agent.agentId, r.executor);
      } else {
        sink.error(agent.sectionLines.Executor ?? agent.line, r.error, { agentId: agent.agentId });
      }
    }
    diagnostics.push(...sink.items);
    diagnostics.push(...validateWave(wave, { lane, root, resolved, cache: catalogs }));
    waves.push(wave);
  }
  return { laneName: lane.lane, lane, hasConfig: lane.hasConfig, waves, diagnostics: sortDiagnostics(diagnostics) };
}
