/**
 * The agent CLI versions whose model-API traffic the rehearsal server was checked against. Another
 * installed version is still tried; `wave rehearse` only says that its protocol was not verified.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXECUTOR_ADAPTERS, findAdapter } from "../executors/registry.js";

export const VERIFIED_CLI_VERSIONS: Readonly<Record<string, string>> = Object.fromEntries(
  EXECUTOR_ADAPTERS.flatMap((a) => (a.verifiedVersion ? [[a.id, a.verifiedVersion]] : [])),
);

/** An executor the rehearsal server speaks to (its adapter has `rehearsal`). */
export type RehearsedExecutor = string;

/** Whether the rehearsal server speaks to this executor's CLI. */
export function isRehearsed(id: string): boolean {
  return findAdapter(id)?.rehearsal !== undefined;
}

/** The first version number (x.y.z) in a `--version` output, or null. */
function versionIn(text: string): string | null {
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

/**
 * Runs `<command> --version` (argv, no shell; ended after 30 s) with a throwaway HOME (some CLIs
 * write logs there even for --version) and compares the version with the pin.
 */
export async function checkCliVersion(executor: RehearsedExecutor, command: readonly string[], path: string): Promise<VersionCheck> {
  const home = await mkdtemp(join(tmpdir(), "wave-rehearsal-version-"));
  try {
    return await runVersion(executor, command, {
      PATH: path,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      XDG_CACHE_HOME: join(home, ".cache"),
      XDG_STATE_HOME: join(home, ".local", "state"),
      ...findAdapter(executor)?.rehearsal?.versionEnv(home),
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

function runVersion(executor: RehearsedExecutor, command: readonly string[], env: NodeJS.ProcessEnv): Promise<VersionCheck> {
  const verified = VERIFIED_CLI_VERSIONS[executor] ?? "(none)";
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
