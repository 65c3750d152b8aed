/**
 * `tmux: true` on a machine without tmux (GitHub's ubuntu-24.04 image has none): in GitHub Actions
 * the run installs it with apt (as root, or through passwordless sudo) and says so; anywhere else,
 * or when that fails, it stops before any agent starts with the one line that fixes it.
 */
import { UserError } from "../errors.js";
import { type AptDeps, aptInstall, defaultAptDeps } from "./apt-install.js";
import { forgetTmuxAvailability, tmuxAvailable } from "./tmux.js";

/** What a workflow adds to get tmux, and what a local user runs. */
export const TMUX_FIX_WORKFLOW = "add a step `run: sudo apt-get install -y tmux` before this one, or set tmux: false";
export const TMUX_FIX_LOCAL = "install tmux (e.g. `sudo apt-get install -y tmux` or `brew install tmux`) or leave out --tmux";

export interface TmuxInstallDeps extends AptDeps {
  available(): Promise<boolean>;
  githubActions: boolean;
  onNotice(message: string): void;
}

export function defaultTmuxInstallDeps(env: NodeJS.ProcessEnv, onNotice: (m: string) => void): TmuxInstallDeps {
  return { ...defaultAptDeps(), available: () => tmuxAvailable(), githubActions: env.GITHUB_ACTIONS === "true", onNotice };
}

/** Makes sure tmux can run, installing it in GitHub Actions; throws a UserError with the fix otherwise. */
export async function ensureTmux(deps: TmuxInstallDeps): Promise<void> {
  if (await deps.available()) return;
  if (!deps.githubActions) throw new UserError(`tmux is not installed: ${TMUX_FIX_LOCAL}`);
  deps.onNotice("tmux is not installed on this runner: installing it with apt-get (tmux: true)");
  const failed = aptInstall(["tmux"], deps);
  forgetTmuxAvailability();
  if (await deps.available()) return;
  throw new UserError(`tmux is not installed and could not be installed (${failed ?? "it is still missing"}): ${TMUX_FIX_WORKFLOW}`);
}
