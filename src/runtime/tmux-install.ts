/**
 * `tmux: true` on a machine without tmux (GitHub's ubuntu-24.04 image has none): in GitHub Actions
 * the run installs it with apt (as root, or through passwordless sudo) and says so; anywhere else,
 * or when that fails, it stops before any agent starts with the one line that fixes it.
 */
import { spawnSync } from "node:child_process";
import { UserError } from "../errors.js";
import { forgetTmuxAvailability, tmuxAvailable } from "./tmux.js";

/** What a workflow adds to get tmux, and what a local user runs. */
export const TMUX_FIX_WORKFLOW = "add a step `run: sudo apt-get install -y tmux` before this one, or set tmux: false";
export const TMUX_FIX_LOCAL = "install tmux (e.g. `sudo apt-get install -y tmux` or `brew install tmux`) or leave out --tmux";

export interface TmuxInstallDeps {
  available(): Promise<boolean>;
  /** Runs argv (no shell); null status when it could not start. */
  run(argv: string[]): { status: number | null; output: string };
  githubActions: boolean;
  isRoot: boolean;
  onNotice(message: string): void;
}

const APT_ENV = ["env", "DEBIAN_FRONTEND=noninteractive"];

export function defaultTmuxInstallDeps(env: NodeJS.ProcessEnv, onNotice: (m: string) => void): TmuxInstallDeps {
  return {
    available: () => tmuxAvailable(),
    run: (argv) => {
      const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8", timeout: 600_000, stdio: ["ignore", "pipe", "pipe"] });
      return { status: r.error ? null : r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
    },
    githubActions: env.GITHUB_ACTIONS === "true",
    isRoot: process.geteuid?.() === 0,
    onNotice,
  };
}

/** Makes sure tmux can run, installing it in GitHub Actions; throws a UserError with the fix otherwise. */
export async function ensureTmux(deps: TmuxInstallDeps): Promise<void> {
  if (await deps.available()) return;
  if (!deps.githubActions) throw new UserError(`tmux is not installed: ${TMUX_FIX_LOCAL}`);
  const prefix = deps.isRoot ? [] : ["sudo", "-n"];
  deps.onNotice("tmux is not installed on this runner: installing it with apt-get (tmux: true)");
  const install = deps.run([...prefix, ...APT_ENV, "apt-get", "install", "-y", "--no-install-recommends", "tmux"]);
  let output = install.output;
  if (install.status !== 0) {
    // Stale package lists on a fresh runner: refresh them once and try again.
    const update = deps.run([...prefix, ...APT_ENV, "apt-get", "update"]);
    output = update.output;
    if (update.status === 0) {
      const again = deps.run([...prefix, ...APT_ENV, "apt-get", "install", "-y", "--no-install-recommends", "tmux"]);
      output = again.output;
    }
  }
  forgetTmuxAvailability();
  if (await deps.available()) return;
  const last = output.trim().split("\n").filter(Boolean).at(-1) ?? "no output";
  throw new UserError(`tmux is not installed and could not be installed (${last.slice(0, 300)}): ${TMUX_FIX_WORKFLOW}`);
}
