/**
 * `wave demo`: copies the bundled example repository to a temporary directory, makes it a git
 * repository, and runs its wave 0 with the `local` executor and the live view. No API key needed.
 *
 * The demo repository is kept (its state is what the printed `status` command reads); the last
 * lines say where it is, that it is kept, and how to remove it. The printed commands are
 * complete: `wave` when the `wave` on PATH is this CLI, else the `node …` line that ran it.
 */
import { existsSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_RUN_OPTIONS, type RunOptions } from "../engine/options.js";
import { UserError } from "../errors.js";
import { gitOrThrow } from "../state/git.js";
import { runDirPaths } from "../state/paths.js";
import { type FlagTable, formatFlags, HELP_OPTION, outputFormat, parseFlags, stringFlag } from "./args.js";
import type { CliIo } from "./io.js";
import type { CommandHelp } from "./help.js";
import { runAndReport } from "./run-and-report.js";
import { cliCommandLine, cliEntryFile, selfCliArgv, shellWord } from "./self.js";

/** The examples directory next to the CLI (bundle: dist/cli → ../../examples; source: src → ../examples). */
function findExamplesDir(from: string): string {
  let dir = path.dirname(from);
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, "examples");
    if (existsSync(path.join(candidate, "docs", "plans", "waves"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new UserError("the bundled examples directory was not found next to the wave CLI", 2);
}

const DEMO_OPTIONS = {
  dir: {
    type: "string",
    value: "DIR",
    description: "where to put the demo repository: a new or empty directory",
    defaultText: "a new temporary directory",
  },
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const DEMO_HELP: CommandHelp = {
  name: "demo",
  usage: "[--dir DIR] [--format text|json]",
  about:
    "Copies the bundled example repository to a directory, makes it a git repository and runs its\n" +
    "wave 0 with the built-in local executor and the live view. No API key, nothing billed.",
  options: DEMO_OPTIONS,
  globals: false,
  examples: ["wave demo", "wave demo --dir ./wave-demo   # keep it here (a new or empty directory)"],
  exitCodes: [
    "0    the demo wave passed",
    "1    the demo wave failed or is blocked",
    "2    usage error, or --dir names a directory that is not new or empty (nothing written)",
    "130  cancelled by SIGINT (143: SIGTERM)",
  ],
};

export async function demoCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseFlags(argv, { ...DEMO_OPTIONS, ...HELP_OPTION }, false);
  const json = outputFormat(p, ["text", "json"] as const, "text") === "json";
  const source = findExamplesDir(cliEntryFile());
  const dir = stringFlag(p, "dir");
  const target = dir ? path.resolve(io.cwd, dir) : await fs.mkdtemp(path.join(os.tmpdir(), "wave-demo-"));
  if (dir) await refuseUsedDir(target, dir);
  await fs.mkdir(target, { recursive: true });
  await fs.cp(source, target, { recursive: true });
  const gitEnv = {
    GIT_AUTHOR_NAME: "wave demo",
    GIT_AUTHOR_EMAIL: "demo@wave.invalid",
    GIT_COMMITTER_NAME: "wave demo",
    GIT_COMMITTER_EMAIL: "demo@wave.invalid",
  };
  await gitOrThrow(target, ["init", "-q", "-b", "main"], "preparing the demo repository", gitEnv);
  await gitOrThrow(target, ["add", "-A"], "preparing the demo repository", gitEnv);
  await gitOrThrow(target, ["commit", "-q", "-m", "demo: initial state"], "preparing the demo repository", gitEnv);
  io.stdout(`Demo repository: ${target}\n`);
  const options: RunOptions = {
    ...DEFAULT_RUN_OPTIONS,
    root: target,
    configPath: undefined,
    lane: undefined,
    stateDir: path.join(target, ".wave"),
    wave: 0,
    executor: "local",
    idleTimeoutMinutes: null,
    resume: "never",
    feedback: null,
    redact: [],
  };
  return runAndReport(options, io, {
    json,
    cliArgv: selfCliArgv(),
    after: (_result, resultFile) => {
      const wave = cliCommandLine(io);
      return [
        "",
        `State directory: ${path.dirname(resultFile)}`,
        `Job summary (as GitHub would show it): ${runDirPaths(path.dirname(resultFile)).summary}`,
        `Inspect: ${wave} status --root ${shellWord(target)} --wave 0`,
        `The demo repository is kept: ${target} (remove it with: rm -rf ${shellWord(target)})`,
        "",
      ].join("\n");
    },
  });
}

/**
 * `--dir` names a directory the demo may fill: one that does not exist yet or is empty. Anything
 * else may be the user's own work (a repository whose branch the demo would commit onto, files
 * it would overwrite), so the demo refuses before it writes anything.
 */
async function refuseUsedDir(target: string, given: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.readdir(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    if (code === "ENOTDIR") throw new UserError(`--dir ${given}: ${target} is a file, not a directory; name a new or empty directory`, 2);
    throw new UserError(`--dir ${given}: ${target} cannot be read (${code ?? "error"}); name a new or empty directory`, 2);
  }
  if (entries.length === 0) return;
  const what = entries.includes(".git")
    ? "is a git repository"
    : `is not empty (${entries.length} entr${entries.length === 1 ? "y" : "ies"})`;
  throw new UserError(
    `--dir ${given}: ${target} ${what}; the demo writes its own files and commits there, so it only uses a new or empty directory. Nothing was changed. Name another directory, or leave out --dir for a temporary one.`,
    2,
  );
}
