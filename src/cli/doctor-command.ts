/**
 * `wave doctor`: says what this machine and repository lack for a run (commands/doctor.ts decides;
 * the probes of the machine are here). It changes nothing: no user is created, nothing installed.
 */
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import os from "node:os";
import { lookupAccount } from "../agent-user/account.js";
import { parseAgentUser } from "../agent-user/choice.js";
import { passwordlessSudo } from "../agent-user/elevate.js";
import { doctorChecks, type DoctorProbes, doctorExitCode, renderDoctorJson, renderDoctorText } from "../commands/doctor.js";
import { agentRunCheck, resolveProgram } from "../executors/preflight.js";
import { checkCliVersion } from "../rehearse/versions.js";
import { findProgram, gatherSandboxFacts } from "../sandbox/probe.js";
import { type FlagTable, formatFlags, outputFormat, parseCommandArgs, stringFlag } from "./args.js";
import { globalOptions, noPositionals } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";
import { RUN_OPTIONS } from "./run-options.js";
import { selfCliArgv } from "./self.js";

const DOCTOR_OPTIONS = {
  project: RUN_OPTIONS.project,
  executor: RUN_OPTIONS.executor,
  "agent-user": RUN_OPTIONS["agent-user"],
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const DOCTOR_HELP: CommandHelp = {
  name: "doctor",
  usage: "[--executor ID] [--agent-user auto|none|NAME] [--format text|json]",
  about: [
    "Checks what a run needs, each with ok, warn or FAIL and a fix: Node and git; every executor the",
    "config and the wave files use (on PATH, its version against the verified one, runnable by the",
    "agent OS user, its key or login present: names only, never values); the agent user and sudo; the",
    "sandbox's and the model proxy's prerequisites; tmux; the wave files (as wave validate); the state",
    "directory's owner and mode. Changes nothing: no user is created, nothing is installed.",
  ].join("\n"),
  options: DOCTOR_OPTIONS,
  globals: true,
  examples: [
    "wave doctor",
    "wave doctor --json   # the checks as JSON: {ok, checks:[{name, status, detail, fix}]}",
    "sudo wave doctor     # also asks as the agent user whether it can run each executor",
  ],
  exitCodes: ["0  nothing is missing (warnings allowed)", "1  a check failed", "2  usage error"],
};

function gitVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile("git", ["--version"], { env, timeout: 30_000, encoding: "utf8" }, (error, stdout) => resolve(error ? null : stdout));
  });
}

function realDoctorProbes(io: CliIo, root: string): DoctorProbes {
  const env = io.env as NodeJS.ProcessEnv;
  return {
    env,
    nodeVersion: process.versions.node,
    gitVersion: () => gitVersion(env),
    cliArgv: selfCliArgv(),
    euid: process.geteuid?.() ?? -1,
    passwordlessSudo,
    lookupAccount,
    whyCannotRun: (identity, file) => agentRunCheck(identity, env, root)(file),
    cliVersion: async (executor, program) => {
      const found = resolveProgram(program, env, root);
      return "path" in found ? (await checkCliVersion(executor, [found.path], env.PATH ?? "")).installed : null;
    },
    exists: (file) => existsSync(file),
    sandboxFacts: () => gatherSandboxFacts(env),
    findProgram: (name) => findProgram(name, env.PATH),
    statPath: (file) => {
      try {
        const st = statSync(file);
        return { uid: st.uid, mode: st.mode, isDirectory: st.isDirectory() };
      } catch {
        return null;
      }
    },
    home: env.HOME || os.homedir(),
  };
}

export async function doctorCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("doctor", argv, DOCTOR_OPTIONS);
  noPositionals(p);
  const format = outputFormat(p, ["text", "json"] as const, "text");
  const g = globalOptions(p, io);
  const agentUser = parseAgentUser(stringFlag(p, "agent-user"), "--agent-user");
  const checks = await doctorChecks({ ...g, cliExecutor: stringFlag(p, "executor"), agentUser }, realDoctorProbes(io, g.root));
  io.stdout(format === "json" ? renderDoctorJson(checks) : renderDoctorText(checks));
  return doctorExitCode(checks);
}
