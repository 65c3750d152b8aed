/**
 * What every benchmark module shares: the figure it reports (bench/run.ts collects them into
 * bench/results.json) and git for the repositories it generates (a fixed identity, failures
 * thrown with git's message).
 */
import { spawnSync } from "node:child_process";

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

/** The middle value (the mean of the two middle values of an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
