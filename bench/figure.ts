/**
 * What every benchmark module shares: the figure it reports (bench/run.ts collects them into
 * bench/results.json) and git for the repositories it generates (a fixed identity, failures
 * thrown with git's message).
 */
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, when there is one. */
  target?: string;
  met?: boolean;
}

const IDENTITY = {
  GIT_AUTHOR_NAME: "bench",
  GIT_AUTHOR_EMAIL: "bench@wave.invalid",
  GIT_COMMITTER_NAME: "bench",
  GIT_COMMITTER_EMAIL: "bench@wave.invalid",
};

/** Runs git in `cwd` as the bench identity; throws with git's message when it fails. */
export function git(cwd: string, args: string[]): void {
  const r = spawnSync("git", args, { cwd, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", env: { ...process.env, ...IDENTITY } });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr || r.error?.message || `exit ${r.status}`}`);
}

/** Clones the repository `origin` into `dir` (a job's fresh checkout); returns `dir`. */
export function cloneRepo(origin: string, dir: string): string {
  git(path.dirname(origin), ["clone", "-q", origin, dir]);
  return dir;
}

/**
 * Runs the built CLI (`cli`) as a process on `root`, agents as the same user, JSON output; resolves
 * with its wall time in ms, rejects unless it exits 0.
 */
export function timedWave(cli: string, root: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args, "--agent-user", "none", "--json", "--root", root], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: os.tmpdir() },
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      if (stderr.length < 4000) stderr += d.toString();
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`wave ${args.join(" ")} exited ${code}: ${stderr}`)),
    );
  });
}

/** The middle value (the mean of the two middle values of an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
