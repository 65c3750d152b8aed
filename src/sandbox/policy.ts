/**
 * What one agent's sandbox allows (pure): the filesystem rules and the network lists, from the
 * paths and settings of its launch.
 *
 * Filesystem (bubblewrap: the whole machine read-only, then these rules):
 * - write: the work tree (never its `.git/hooks` nor `.git/config`, listed here; the library also
 *   keeps shell start-up files and editor settings read-only), the agent's overlay directory, its own
 *   temporary directory and its home: the whole home when it is its own (a separate agent user, a
 *   rehearsal), else only the CLIs' state directories in it; directories the launch's environment
 *   names for the CLI's state (CODEX_HOME, CLAUDE_CONFIG_DIR, XDG_*).
 * - no read: the orchestrator's state directory (but the agent's own prompt, overlay, the `wave`
 *   shim and the control socket's directory when they live there), the runner's temporary
 *   directory and its file-command files (GITHUB_ENV, GITHUB_OUTPUT, GITHUB_STATE, GITHUB_PATH,
 *   GITHUB_STEP_SUMMARY), and in every home involved: ~/.ssh, cloud and registry credentials
 *   (CREDENTIAL_PATHS). Hidden directories are empty inside the sandbox; hidden files are absent.
 *
 * Network: everything goes through the library's proxy, which lets a connection through only to
 * - the model endpoint the CLI is pointed at (the model proxy, or in a rehearsal the scripted
 *   server): a loopback address is listed as an address literal for the whole run (the proxy's
 *   loopback deny exempts only literals listed for the run), any other host for the agent;
 * - the executor's provider API hosts (its adapter's `sandboxHosts`) when the model proxy does not carry it;
 * - `network.allowed` (ecosystems or domains).
 */
import { isIP } from "node:net";
import path from "node:path";
import { findAdapter } from "../executors/registry.js";
import { expandAllowed } from "./ecosystems.js";

/** Files and directories of a home that hold keys: never readable by an agent. */
const CREDENTIAL_PATHS = [
  ".ssh",
  ".aws",
  ".config/gcloud",
  ".azure",
  ".docker/config.json",
  ".kube",
  ".netrc",
  ".git-credentials",
  ".config/gh",
  ".npmrc",
  ".pypirc",
] as const;

/** The GitHub runner's file-command files (their paths are in these variables). */
const RUNNER_FILE_VARS = ["GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_PATH", "GITHUB_STEP_SUMMARY"] as const;

/** The CLIs' own state under a home shared with the orchestrator (writable for the agent). */
const CLI_STATE_DIRS = [
  ".claude",
  ".codex",
  ".config/opencode",
  ".local/share/opencode",
  ".local/state/opencode",
  ".cache/opencode",
  ".cache/claude",
  ".npm",
] as const;

/** Variables that name a directory a CLI keeps its state in. */
const STATE_DIR_VARS = ["CODEX_HOME", "CLAUDE_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] as const;

export interface FilesystemInput {
  workTree: string;
  stateDir: string;
  /** The orchestrator's home (its keys are hidden too). */
  orchestratorHome: string | null;
  /**
   * This process's home as the library sees it (os.homedir()), when it differs from the one of the
   * orchestrator's environment: hidden like it from an agent with a home of its own.
   */
  processHome?: string | null;
  /** The launch's environment (HOME, the state directory variables). */
  env: Readonly<Record<string, string>>;
  /** The orchestrator's environment (RUNNER_TEMP and the file-command files). */
  orchestratorEnv: Readonly<Record<string, string | undefined>>;
  /** Paths the agent reads that may lie in the state directory (prompt, overlay, shim, control socket). */
  readable: readonly string[];
  /** Directories the agent writes besides the work tree and its home (overlay, temporary directory). */
  writable: readonly string[];
  /** What `<workTree>/.git` is: a repository directory, a worktree's link file, or absent. */
  git: "dir" | "file" | null;
}

export interface FilesystemRules {
  denyRead: string[];
  allowRead: string[];
  allowWrite: string[];
  denyWrite: string[];
}

const inside = (parent: string, child: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

const uniq = (items: Iterable<string>) => [...new Set(items)];

/** A directory the agent may be given for writing: absolute, and not one holding what it must not touch. */
function grantable(dir: string, guarded: readonly string[]): boolean {
  if (!path.isAbsolute(dir)) return false;
  const d = path.resolve(dir);
  if (d === path.parse(d).root) return false;
  return !guarded.some((g) => inside(d, g));
}

export function filesystemRules(input: FilesystemInput): FilesystemRules {
  const stateDir = path.resolve(input.stateDir);
  const orchestratorHome = input.orchestratorHome ? path.resolve(input.orchestratorHome) : null;
  const agentHome = input.env.HOME ? path.resolve(input.env.HOME) : null;
  const runnerTemp =
    input.orchestratorEnv.RUNNER_TEMP && path.isAbsolute(input.orchestratorEnv.RUNNER_TEMP)
      ? path.resolve(input.orchestratorEnv.RUNNER_TEMP)
      : null;
  const fileCommands = RUNNER_FILE_VARS.map((v) => input.orchestratorEnv[v]).filter((f): f is string => Boolean(f && path.isAbsolute(f)));
  const homes = uniq([orchestratorHome, agentHome].filter((h): h is string => h !== null));
  const credentials = homes.flatMap((h) => CREDENTIAL_PATHS.map((c) => path.join(h, c)));
  // Never given for writing, nor any directory holding one of them.
  // (The agent's own home may hold key files of its own: they stay hidden, the home is still its.)
  const ownKeys = orchestratorHome ? CREDENTIAL_PATHS.map((c) => path.join(orchestratorHome, c)) : [];
  const guarded = uniq([stateDir, runnerTemp, ...ownKeys, orchestratorHome].filter((p): p is string => p !== null));
  const write: string[] = [path.resolve(input.workTree), ...input.writable.map((w) => path.resolve(w))];
  if (agentHome && agentHome !== orchestratorHome) {
    if (grantable(agentHome, guarded)) write.push(agentHome);
  } else if (agentHome) {
    write.push(...CLI_STATE_DIRS.map((d) => path.join(agentHome, d)));
  }
  for (const v of STATE_DIR_VARS) {
    const dir = input.env[v];
    if (dir && grantable(dir, guarded)) write.push(path.resolve(dir));
  }
  // An agent with a home of its own (another OS user) reads nothing of the orchestrator's home
  // but what is bound back below (the work tree when it lies there). This also keeps the library
  // from binding the orchestrator's home directories for the agent, which that user cannot reach.
  const processHome = input.processHome ? path.resolve(input.processHome) : null;
  const otherHome = agentHome ? uniq([orchestratorHome, processHome].filter((h): h is string => h !== null && h !== agentHome)) : [];
  const denyRead = uniq([stateDir, ...(runnerTemp ? [runnerTemp] : []), ...fileCommands, ...otherHome, ...credentials]);
  // What the agent must read or write inside a hidden directory is bound back (its own files only).
  const allowRead = uniq(
    [...input.readable.map((r) => path.resolve(r)), ...write].filter(
      (r) => denyRead.some((d) => inside(d, r)) && !credentials.some((c) => inside(c, r)),
    ),
  );
  // The library protects hooks and config only of repositories below the orchestrator's own
  // working directory: the work tree's are listed here, wherever it is.
  const gitPath = path.join(path.resolve(input.workTree), ".git");
  const denyWrite =
    input.git === "dir" ? [path.join(gitPath, "hooks"), path.join(gitPath, "config")] : input.git === "file" ? [gitPath] : [];
  return { denyRead, allowRead, allowWrite: uniq(write), denyWrite };
}

export interface NetworkInput {
  executor: string;
  /** The base URL the CLI is pointed at (the model proxy, a rehearsal's server, a configured base URL), or null. */
  endpoint: string | null;
  /** The model proxy carries this launch: only the proxy is reached for the model. */
  carried: boolean;
  /** `network.allowed` of the run and of the agent. */
  allowed: readonly string[];
}

export interface NetworkLists {
  /** Address literals (`127.0.0.1:PORT`) allowed for the run: loopback endpoints. */
  run: string[];
  /** Domain patterns allowed for this agent. */
  agent: string[];
}

/** `host:port` of a URL, the port filled in from the scheme; null when it is not one. */
function hostPortOf(url: string): { host: string; port: number } | null {
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    const host = u.hostname.replace(/^\[|\]$/g, "");
    const port = u.port ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
    return { host, port };
  } catch {
    return null;
  }
}

export function networkLists(input: NetworkInput): NetworkLists {
  const run: string[] = [];
  const agent: string[] = [];
  const ep = input.endpoint ? hostPortOf(input.endpoint) : null;
  if (ep) {
    const ip = isIP(ep.host);
    if (ip === 4) run.push(`${ep.host}:${ep.port}`);
    else if (ip === 6) run.push(`[${ep.host}]:${ep.port}`);
    else agent.push(`${ep.host.toLowerCase()}:${ep.port}`);
  }
  if (!input.carried) agent.push(...(findAdapter(input.executor)?.sandboxHosts ?? []));
  agent.push(...expandAllowed(input.allowed));
  return { run: uniq(run), agent: uniq(agent) };
}

/**
 * NO_PROXY inside the sandbox: as the library sets it, but without 127.0.0.1, so that a CLI
 * pointed at a loopback address (the model proxy) goes through the sandbox's proxy to the host;
 * `localhost` stays direct (the sandbox's own loopback, for servers the agent starts itself).
 */
export const SANDBOX_NO_PROXY = "localhost,::1,169.254.0.0/16,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16";
