/**
 * Installing Debian packages a run needs (tmux, the sandbox's bubblewrap, socat and ripgrep) on a
 * GitHub-hosted runner, whose image may lack them: `apt-get install` as root or through
 * passwordless sudo, with one refresh of the package lists when the first try fails (a fresh
 * runner's lists may be stale). Used only in GitHub Actions; elsewhere the caller names the fix.
 */
import { spawnSync } from "node:child_process";

export interface AptDeps {
  /** Runs argv (no shell); null status when it could not start. */
  run(argv: string[]): { status: number | null; output: string };
  isRoot: boolean;
}

const APT_ENV = ["env", "DEBIAN_FRONTEND=noninteractive"];

export function defaultAptDeps(): AptDeps {
  return {
    run: (argv) => {
      const r = spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8", timeout: 600_000, stdio: ["ignore", "pipe", "pipe"] });
      return { status: r.error ? null : r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}` };
    },
    isRoot: process.geteuid?.() === 0,
  };
}

/** Installs `packages`; returns null when apt-get succeeded, else the last line it printed. */
export function aptInstall(packages: readonly string[], deps: AptDeps): string | null {
  const prefix = deps.isRoot ? [] : ["sudo", "-n"];
  const install = () => deps.run([...prefix, ...APT_ENV, "apt-get", "install", "-y", "--no-install-recommends", ...packages]);
  let result = install();
  if (result.status !== 0) {
    const update = deps.run([...prefix, ...APT_ENV, "apt-get", "update"]);
    result = update.status === 0 ? install() : update;
  }
  if (result.status === 0) return null;
  return (result.output.trim().split("\n").filter(Boolean).at(-1) ?? "no output").slice(0, 300);
}
