/**
 * The facts `decideSandbox` needs, read from this machine: the programs on PATH, one run of
 * bubblewrap, AppArmor's user-namespace switch and whether this process can act as root — and the
 * one change it may make: letting bubblewrap create user namespaces under AppArmor (Ubuntu 24.04).
 */
import { execFile } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import path from "node:path";
import type { SandboxFacts } from "./decide.js";

const APPARMOR_USERNS = "/proc/sys/kernel/apparmor_restrict_unprivileged_userns";
const BWRAP_PROFILE_PATH = "/etc/apparmor.d/bwrap";

/** `program` on `envPath`, or null. */
export function findProgram(program: string, envPath: string | undefined): string | null {
  for (const dir of (envPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

function run(
  argv: readonly string[],
  options: { input?: string; identity?: { uid: number; gid: number } | null } = {},
): Promise<string | null> {
  return new Promise((resolve) => {
    const child = execFile(
      argv[0]!,
      argv.slice(1),
      { timeout: 30_000, ...(options.identity ? { uid: options.identity.uid, gid: options.identity.gid } : {}) },
      (error, _stdout, stderr) => {
        if (!error) return resolve(null);
        const text = `${stderr}`.trim().split("\n").pop() || error.message;
        resolve(text);
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Runs bwrap around `true` with the namespaces the sandbox uses; null when it worked, else why not. */
function probeBwrap(bwrap: string, identity: { uid: number; gid: number } | null = null): Promise<string | null> {
  return run(
    [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "--unshare-pid", "--unshare-user", "--", "true"],
    {
      identity,
    },
  );
}

function readRestrict(): boolean | null {
  try {
    return readFileSync(APPARMOR_USERNS, "utf8").trim() === "1";
  } catch {
    return null;
  }
}

export async function gatherSandboxFacts(
  env: NodeJS.ProcessEnv,
  identity: { uid: number; gid: number } | null = null,
  usernsFixTried = false,
): Promise<SandboxFacts> {
  const bwrap = findProgram("bwrap", env.PATH);
  const socat = findProgram("socat", env.PATH);
  const rg = findProgram("rg", env.PATH);
  const probeError = bwrap ? await probeBwrap(bwrap, identity) : null;
  const root = process.getuid?.() === 0;
  const apparmorRestrictsUserns = readRestrict();
  // Only asked when it matters: sudo may log or be slow.
  const canBeRoot = root || (probeError !== null && apparmorRestrictsUserns === true && (await run(["sudo", "-n", "true"])) === null);
  return {
    platform: process.platform,
    arch: process.arch,
    bwrap,
    socat,
    rg,
    probeError,
    apparmorRestrictsUserns,
    canBeRoot,
    usernsFixTried,
  };
}

/** The AppArmor profile that lets `bwrap` create user namespaces (and confines nothing else). */
function bwrapProfile(bwrap: string): string {
  return [
    "abi <abi/4.0>,",
    "include <tunables/global>",
    "",
    `profile bwrap ${bwrap} flags=(unconfined) {`,
    "  userns,",
    "  include if exists <local/bwrap>",
    "}",
    "",
  ].join("\n");
}

/** The commands that set it up: the profile when AppArmor's parser is there, else the sysctl. */
export function usernsFixPlan(bwrap: string, parser: string | null, asRoot: boolean): { argv: string[]; input?: string; what: string }[] {
  const sudo = asRoot ? [] : ["sudo", "-n"];
  if (parser) {
    return [
      {
        argv: [...sudo, "tee", BWRAP_PROFILE_PATH],
        input: bwrapProfile(bwrap),
        what: `wrote the AppArmor profile ${BWRAP_PROFILE_PATH} (bwrap may create user namespaces)`,
      },
      { argv: [...sudo, parser, "-r", BWRAP_PROFILE_PATH], what: `loaded it with ${path.basename(parser)} -r` },
    ];
  }
  return [
    {
      argv: [...sudo, "sysctl", "-w", "kernel.apparmor_restrict_unprivileged_userns=0"],
      what: "set kernel.apparmor_restrict_unprivileged_userns=0 (every program may create user namespaces until the next boot)",
    },
  ];
}

/** Makes the change; returns what was changed (for a notice), or throws with what failed. */
export async function fixUserns(bwrap: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const parser = findProgram("apparmor_parser", `${env.PATH ?? ""}${path.delimiter}/sbin${path.delimiter}/usr/sbin`);
  const done: string[] = [];
  for (const step of usernsFixPlan(bwrap, parser, process.getuid?.() === 0)) {
    const error = await run(step.argv, step.input !== undefined ? { input: step.input } : {});
    if (error) throw new Error(`${step.argv.join(" ")} failed: ${error}`);
    done.push(step.what);
  }
  return done;
}
