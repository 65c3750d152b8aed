/**
 * The agent CLI versions whose model-API traffic the rehearsal server was checked against. Another
 * installed version is still tried; `wave rehearse` only says that its protocol was not verified.
 */
import { execFile } from "node:child_process";

export const VERIFIED_CLI_VERSIONS: Readonly<Record<"codex" | "claude" | "opencode", string>> = {
  codex: "0.171.0",
  claude: "2.1.197",
  opencode: "1.18.33",
};

export type RehearsedExecutor = keyof typeof VERIFIED_CLI_VERSIONS;

/** The first version number (x.y.z) in a `--version` output, or null. */
export function versionIn(text: string): string | null {
  return /\b(\d+\.\d+\.\d+)\b/.exec(text)?.[1] ?? null;
}

export interface VersionCheck {
  executor: RehearsedExecutor;
  program: string;
  installed: string | null;
  verified: string;
  /** A line for the user when the version differs or cannot be read, else null. */
  warning: string | null;
}

/** Runs `<command> --version` (argv, no shell; ended after 30 s) and compares it with the pin. */
export function checkCliVersion(executor: RehearsedExecutor, command: readonly string[], env: NodeJS.ProcessEnv): Promise<VersionCheck> {
  const verified = VERIFIED_CLI_VERSIONS[executor];
  const [program, ...args] = command;
  const label = command.join(" ");
  return new Promise((resolve) => {
    if (!program) {
      resolve({ executor, program: label, installed: null, verified, warning: `${executor}: no command to run` });
      return;
    }
    execFile(program, [...args, "--version"], { env, timeout: 30_000, encoding: "utf8" }, (error, stdout, stderr) => {
      const installed = versionIn(`${stdout}\n${stderr}`);
      let warning: string | null = null;
      if (installed === null) {
        warning = `${executor} (${label}): could not read its version${error ? ` (${error.message.split("\n")[0]})` : ""}; the rehearsal still tries it`;
      } else if (installed !== verified) {
        warning = `${executor} ${installed} is installed; the rehearsal server was verified against ${executor} ${verified}, so its protocol may differ (still trying)`;
      }
      resolve({ executor, program: label, installed, verified, warning });
    });
  });
}
