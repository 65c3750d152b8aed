/**
 * Short git invocations (argv only, no shell; output captured, never echoed). git is started
 * directly (child_process.spawn, found on PATH): no stdin unless `input` is given, stdout and
 * stderr read whole and decoded as UTF-8, the exit code returned as it is.
 *
 * Git the agents cannot configure. Every call carries the same hardening (`gitInvocation`): no
 * hooks, no fsmonitor hook, no external diff program, no system-wide configuration or attributes
 * file, no global attributes file. A run pins its repository (`pinRepositoryAndHead`) before any
 * agent runs; every later call of the process from a directory of that work tree names it
 * (`--git-dir` and `--work-tree`), whether the caller passes the pinned handle or a directory: a
 * `.git` an agent creates inside the work tree (under `--root`, say) is never discovered (its
 * configuration could name a clean filter, which no flag here turns off), and git's ownership
 * check (`safe.directory`, which a CI container may set to `*`) is never what keeps it out.
 *
 * Filters and diff drivers: an in-tree `.gitattributes` (which agents can write) only names a
 * driver (`filter=x`, `diff=x`, `merge=x`); the command behind it comes from git configuration
 * alone. What configuration remains is the orchestrator's user's own (~/.gitconfig, or
 * GIT_CONFIG_GLOBAL) and the pinned repository's `.git/config`, and neither is writable by an
 * agent running as another OS user (the work tree's hand-over leaves every `.git` to the
 * orchestrator: src/agent-user/worktree.ts). Diffs run with `--no-ext-diff --no-textconv`
 * besides (textconv would also change the recorded patch).
 */
import { spawn } from "node:child_process";
import { lstatSync, realpathSync } from "node:fs";
import path from "node:path";
import { errorMessage, UserError } from "../errors.js";

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A repository found before any agent ran: every later git call names both. */
export interface GitRepo {
  /** The git directory, absolute, symbolic links resolved. */
  gitDir: string;
  /** The top level of the work tree, absolute, symbolic links resolved. */
  workTree: string;
}

/** Where a git call runs: a pinned repository, or a directory git discovers one from (before agents exist). */
export type GitAt = string | GitRepo;

/**
 * Configuration every call carries, last on the command line (it wins over every file): no hooks
 * (`core.hooksPath` to a directory with none), no fsmonitor hook (empty: off, old and new git),
 * no external diff program, no global attributes file.
 */
export const HARDENING_CONFIG: readonly string[] = [
  "core.hooksPath=/dev/null",
  "core.fsmonitor=",
  "diff.external=",
  "core.attributesFile=/dev/null",
];

/** Environment every call carries: no system-wide configuration or attributes; no external diff from the environment. */
const HARDENING_ENV: Readonly<Record<string, string>> = { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" };

/** Environment variables that would point git elsewhere or run a program, dropped from every call. */
const DROPPED_ENV = ["GIT_EXTERNAL_DIFF", "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES"];

/** The repositories pinned in this process, by work tree (see `pinRepositoryAndHead`). */
const pinnedRepos = new Map<string, GitRepo>();

/** The pinned repository whose work tree holds `dir` (the innermost), or null. */
function pinnedRepositoryOf(dir: string): GitRepo | null {
  if (pinnedRepos.size === 0) return null;
  const real = realPath(dir);
  let best: GitRepo | null = null;
  for (const repo of pinnedRepos.values()) {
    const rel = path.relative(repo.workTree, real);
    const inside = rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
    if (inside && (!best || repo.workTree.length > best.workTree.length)) best = repo;
  }
  return best;
}

/**
 * The argv (after `git`), directory and environment of one hardened git call. A directory inside
 * a pinned repository's work tree runs git there with that repository named (pathspecs and
 * `--show-prefix` stay relative to the directory): whoever calls git from the work tree after
 * the pin gets the repository found before any agent ran, never one git would discover now.
 */
export function gitInvocation(
  at: GitAt,
  args: readonly string[],
  env?: Record<string, string>,
): { args: string[]; cwd: string; env: NodeJS.ProcessEnv } {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const key of DROPPED_ENV) delete merged[key];
  Object.assign(merged, env ?? {}, HARDENING_ENV);
  const config = HARDENING_CONFIG.flatMap((c) => ["-c", c]);
  const repo = typeof at === "string" ? pinnedRepositoryOf(at) : at;
  const cwd = typeof at === "string" ? at : at.workTree;
  if (!repo) return { args: [...config, ...args], cwd, env: merged };
  return { args: [`--git-dir=${repo.gitDir}`, `--work-tree=${repo.workTree}`, ...config, ...args], cwd, env: merged };
}

/** Runs git at `at`; `input`: what it reads on its standard input (none when absent). */
export async function git(at: GitAt, args: string[], env?: Record<string, string>, input?: string): Promise<GitResult> {
  const call = gitInvocation(at, args, env);
  try {
    return await runGit(call.cwd, call.args, call.env, input);
  } catch (error) {
    throw new UserError(`git could not be run (${errorMessage(error)})`);
  }
}

/** One git process to its end; rejects only when it could not be started (or killed by a signal). */
function runGit(cwd: string, args: string[], env: NodeJS.ProcessEnv, input: string | undefined): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd, env, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"], windowsHide: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => out.push(b));
    child.stderr?.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === null) reject(new Error(`git was stopped by ${signal ?? "a signal"}`));
      else resolve({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    });
    // A git that exits before reading all of its input must not fail the call: its exit code says what happened.
    child.stdin?.on("error", () => {});
    child.stdin?.end(input === undefined ? undefined : Buffer.from(input, "utf8"));
  });
}

/** The name of the git command in `args` (the first word after any `-c key=value`). */
function commandName(args: readonly string[]): string {
  let i = 0;
  while (args[i] === "-c") i += 2;
  return args[i] ?? "";
}

export async function gitOrThrow(at: GitAt, args: string[], what: string, env?: Record<string, string>): Promise<string> {
  const r = await git(at, args, env);
  if (r.code !== 0) throw new UserError(`${what} failed: git ${commandName(args)}: ${r.stderr.trim() || `exit ${r.code}`}`);
  return r.stdout;
}

/** The commit checked out in `root`, or null when it is not a git work tree (or has no commit). */
export async function headCommit(root: GitAt): Promise<string | null> {
  const r = await git(root, ["rev-parse", "--verify", "-q", "HEAD"]);
  return r.code === 0 ? r.stdout.trim() : null;
}

/** `owner/name` from GITHUB_REPOSITORY, else the origin URL's last two segments, else null. */
export async function repositoryId(root: GitAt, env: NodeJS.ProcessEnv): Promise<string | null> {
  if (env.GITHUB_REPOSITORY) return env.GITHUB_REPOSITORY;
  const r = await git(root, ["config", "--get", "remote.origin.url"]);
  if (r.code !== 0) return null;
  const m = /([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(r.stdout.trim());
  return m?.[1] ?? null;
}

/**
 * The top level of the git work tree that holds `dir` (with symbolic links resolved, as git
 * reports it) and the commit checked out there (null when there is none), from one git process.
 * Workspace changes are recorded and applied at the top level, whatever subdirectory the waves
 * live in: git commands run in a subdirectory only see (or apply) the paths under it.
 */
export async function topLevelAndHead(dir: GitAt): Promise<{ top: string; head: string | null }> {
  const r = await git(dir, ["rev-parse", "--show-toplevel", "--verify", "-q", "HEAD"]);
  // Exit 0: the top level, then HEAD, a line each; exit 1: the top level only, HEAD does not
  // resolve (no commit yet); anything else: not a work tree, or git failed.
  const lines = r.stdout.replace(/\n$/, "");
  const cut = r.code === 0 ? lines.lastIndexOf("\n") : lines.length;
  const top = lines.slice(0, cut);
  if ((r.code !== 0 && r.code !== 1) || cut <= 0) {
    throw new UserError(`finding the repository's top level failed: git rev-parse: ${r.stderr.trim() || `exit ${r.code}`}`);
  }
  return { top, head: r.code === 0 ? lines.slice(cut + 1) : null };
}

/**
 * The repository holding `dir`, pinned, and the commit checked out there (null when there is
 * none), from one git process: its git directory and work tree's top level (symbolic links
 * resolved), found by git from `dir` with the hardening above. Called before any agent runs; null
 * when `dir` is in no work tree. A git directory owned by neither this process's user nor the
 * owner of its work tree is refused: no one but an agent running as another OS user would have
 * made it (taking the work tree back leaves every `.git` the agent user made its own). Once
 * pinned, every git call of this process from a directory of its work tree names it
 * (`gitInvocation`), however the caller named the directory.
 */
export async function pinRepositoryAndHead(dir: string): Promise<{ repo: GitRepo; head: string | null } | null> {
  // git's own ownership check (safe.directory) is replaced by the one below: a checkout owned by
  // another user than this process (a container running as root, a run elevated through sudo) is
  // found without the user configuring anything, and an agent's `.git` is refused whatever
  // safe.directory says. Later calls name the git directory, which git does not check at all.
  const r = await git(dir, ["-c", "safe.directory=*", "rev-parse", "--absolute-git-dir", "--show-toplevel", "--verify", "-q", "HEAD"]);
  // Exit 0: the git directory, the top level, HEAD, a line each; exit 1: HEAD does not resolve.
  if (r.code !== 0 && r.code !== 1) return null;
  const [gitDirLine, topLine, headLine] = r.stdout.replace(/\n$/, "").split("\n");
  if (!gitDirLine || !topLine) return null;
  const repo = { gitDir: realPath(gitDirLine), workTree: realPath(topLine) };
  const gitOwner = ownerOf(repo.gitDir);
  const treeOwner = ownerOf(repo.workTree);
  const me = process.geteuid?.() ?? -1;
  if (gitOwner !== me && gitOwner !== treeOwner) {
    throw new UserError(
      `the git directory ${repo.gitDir} (found from ${dir}) belongs to uid ${gitOwner}, neither this process's user (uid ${me}) nor the owner of its work tree ${repo.workTree} (uid ${treeOwner}): ` +
        "an agent may have created it; remove it, or check the repository's ownership, before running again",
    );
  }
  pinnedRepos.set(repo.workTree, repo);
  return { repo, head: r.code === 0 && headLine ? headLine : null };
}

function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function ownerOf(p: string): number {
  try {
    return lstatSync(p).uid;
  } catch {
    return -1;
  }
}
