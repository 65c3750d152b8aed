/**
 * Short git invocations (argv only, no shell; output captured, never echoed). git is started
 * directly (child_process.spawn, found on PATH): no stdin unless `input` is given, stdout and
 * stderr read whole and decoded as UTF-8, the exit code returned as it is.
 */
import { spawn } from "node:child_process";
import { errorMessage, UserError } from "../errors.js";

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `cwd`; `input`: what it reads on its standard input (none when absent). */
export async function git(cwd: string, args: string[], env?: Record<string, string>, input?: string): Promise<GitResult> {
  try {
    return await runGit(cwd, args, env ? { ...process.env, ...env } : process.env, input);
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
