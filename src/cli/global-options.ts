/**
 * The global options every wave-reading command takes (`--root`, `--config`, `--lane`,
 * `--state-dir`, and `--project` where the command declares it), resolved against the command's
 * working directory; and what the commands that read a run's state derive from them.
 */
import path from "node:path";
import { UserError } from "../errors.js";
import { normalizeLaneName } from "../wave/config.js";
import { loadProject } from "../wave/project.js";
import { type FlagTable, type Parsed, stringFlag } from "./args.js";
import type { CliIo } from "./io.js";
import { RUN_OPTIONS } from "./run-options.js";

export interface GlobalOptions {
  root: string;
  configPath: string | undefined;
  lane: string | undefined;
  /** `--project ID` (commands that take it): the config's `projects.<ID>` entry. */
  project?: string | undefined;
  stateDir: string;
}

/**
 * The global options, and `--project` for the commands that take it. A project chosen with
 * `--project` keeps its state apart, under `<state-dir>/projects/<ID>` (as the reference does for
 * explicit projects), unless `--state-dir` names the directory itself.
 */
export function globalOptions(p: Parsed, io: CliIo): GlobalOptions {
  const root = path.resolve(io.cwd, stringFlag(p, "root") ?? ".");
  const config = stringFlag(p, "config");
  const stateDir = stringFlag(p, "state-dir");
  const given = stringFlag(p, "project");
  const project = given === undefined ? undefined : normalizeLaneName(given, "project");
  const projectDir = project ? path.join(root, ".wave", "projects", project) : path.join(root, ".wave");
  return {
    root,
    configPath: config ? path.resolve(io.cwd, config) : undefined,
    lane: stringFlag(p, "lane"),
    ...(project ? { project } : {}),
    stateDir: stateDir ? path.resolve(io.cwd, stateDir) : projectDir,
  };
}

/** A usage error for the first positional argument of a command that takes none. */
export function noPositionals(p: Parsed): void {
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
}

/** `--project ID` of the commands that read a run's state (as `wave run --project`). */
export const PROJECT_OPTION = { project: RUN_OPTIONS.project } as const satisfies FlagTable;

/** The lane the global options (and `--project`) name. */
export function laneOf(g: GlobalOptions): string {
  return loadProject(g).laneName;
}

/** The flags a printed command needs to reach the same state (`--project ID`). */
export function stateFlags(g: GlobalOptions): string[] {
  return g.project ? ["--project", g.project] : [];
}
