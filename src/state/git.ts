/**
 * Short git invocations (argv only, through @actions/exec, output captured, never echoed).
 */
import { getExecOutput } from "@actions/exec";
import { errorMessage, UserError } from "../errors.js";

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `cwd`; `input`: what it reads on its standard input (none when absent). */
export async function git(cwd: string, args: string[], env?: Record<string, string>, input?: string): Promise<GitResult> {
  try {
    const r = await getExecOutput("git", args, {
      cwd,
      silent: true,
      ignoreReturnCode: true,
      env: env ? { ...(process.env as Record<string, string>), ...env } : undefined,
      ...(input === undefined ? {} : { input: Buffer.from(input, "utf8") }),
    });
    return { code: r.exitCode, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    throw new UserError(`git could not be run (${errorMessage(error)})`);
  }
}

export async function gitOrThrow(cwd: string, args: string[], what: string, env?: Record<string, string>): Promise<string> {
  const r = await git(cwd, args, env);
  if (r.code !== 0) throw new UserError(`${what} failed: git ${args[0]}: ${r.stderr.trim() || `exit ${r.code}`}`);
  return r.stdout;
}

/** The commit checked out in `root`, or null when it is not a git work tree (or has no commit). */
export async function headCommit(root: string): Promise<string | null> {
  const r = await git(root, ["rev-parse", "--verify", "-q", "HEAD"]);
  return r.code === 0 ? r.stdout.trim() : null;
}

/** `owner/name` from GITHUB_REPOSITORY, else the origin URL's last two segments, else null. */
export async function repositoryId(root: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  if (env.GITHUB_REPOSITORY) return env.GITHUB_REPOSITORY;
  const r = await git(root, ["config", "--get", "remote.origin.url"]);
  if (r.code !== 0) return null;
  const m = /([^/:]+\/[^/]+?)(\.git)?\s*$/.exec(r.stdout.trim());
  return m?.[1] ?? null;
}

/**
 * The top level of the git work tree that holds `dir` (with symbolic links resolved, as git
 * reports it). Workspace changes are recorded and applied there, whatever subdirectory the waves
 * live in: git commands run in a subdirectory only see (or apply) the paths under it.
 */
export async function gitTopLevel(dir: string): Promise<string> {
  return (await gitOrThrow(dir, ["rev-parse", "--show-toplevel"], "finding the repository's top level")).trim();
}

/**
 * The top level of the git work tree that holds `dir` (as `gitTopLevel`) and the commit checked
 * out there (null when there is none), from one git process.
 */
export async function topLevelAndHead(dir: string): Promise<{ top: string; head: string | null }> {
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
