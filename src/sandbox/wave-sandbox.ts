/**
 * The sandbox in a wave run (`sandbox: auto|on`), built on `@anthropic-ai/sandbox-runtime`
 * (bubblewrap, its network proxy and filesystem rules), loaded only when the sandbox is on.
 *
 * `openWaveSandbox` decides (decide.ts, with the facts probe.ts reads; under `auto` a machine
 * without bubblewrap runs agents without it and a warning says why and how to fix it) and starts
 * the library once per run. `wrap` turns one agent launch's argv into the argv that runs it inside
 * the sandbox (policy.ts: what it may write, read and reach): the agent's argv is quoted by the
 * library's own quoting into the single shell command the library wraps — nothing of ours is
 * concatenated into a shell string — and run as `<shell> -c <wrapped>` spawned from an argv. Each
 * launch gets a 128-bit random id: its network allow-list is registered under it and the
 * library's denials are recorded under it. When the process ends, `done()` adds them to the
 * agent's `sandbox.json`; `close()` writes the run's `sandbox.json` and stops the library.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { errorMessage, UserError } from "../errors.js";
import { writeJsonAtomic } from "../state/json-files.js";
import { aptInstall, defaultAptDeps } from "../runtime/apt-install.js";
import { agentDirName } from "../state/paths.js";
import { decideSandbox, missingPackages, type SandboxMode } from "./decide.js";
import { findProgram, fixUserns, gatherSandboxFacts } from "./probe.js";
import { filesystemRules, networkLists, SANDBOX_NO_PROXY } from "./policy.js";
import { addViolations, type AgentSandboxRecord, NOT_RECORDED, SANDBOX_REPORT_FILE, type SandboxReport } from "./report.js";

type Library = typeof import("@anthropic-ai/sandbox-runtime");
type Quote = (args: readonly string[]) => string;

export interface WaveSandboxOptions {
  mode: SandboxMode;
  /** The orchestrator's environment (PATH for the programs, RUNNER_TEMP, the file-command files). */
  env: NodeJS.ProcessEnv;
  workTree: string;
  stateDir: string;
  runDir: string;
  /** The user agents run as (separate user), or null. */
  identity: { uid: number; gid: number } | null;
  /** `network.allowed` of the run (config); each launch may add its own. */
  allowed: readonly string[];
  onNotice(message: string): void;
  onWarning(message: string): void;
}

export interface SandboxLaunch {
  agentId: string;
  executor: string;
  argv: readonly string[];
  /** The launch's environment as it will be spawned. */
  env: Readonly<Record<string, string>>;
  /** The base URL the CLI is pointed at, or null. */
  endpoint: string | null;
  /** The model proxy carries the launch. */
  carried: boolean;
  /** The agent's own `network.allowed`. */
  allowed: readonly string[];
  /** Paths the agent reads that may lie in the state directory (prompt, overlay, shim, control socket). */
  readable: readonly string[];
  /** Directories it writes besides the work tree and its home (its overlay). */
  writable: readonly string[];
  /** Where the agent's record goes (agents/<id>/sandbox.json). */
  recordPath: string;
}

interface WrappedLaunch {
  argv: string[];
  /** The process ended: its denials are recorded. */
  done(): Promise<void>;
}

export interface WaveSandbox {
  readonly mode: "auto" | "on";
  wrap(launch: SandboxLaunch): Promise<WrappedLaunch>;
  report(): SandboxReport;
  close(): Promise<void>;
}

/** The library in this process: one start for every open run, stopped when the last closes. */
let shared: { lib: Library; quote: Quote; users: number; runEntries: Set<string>; running: number } | null = null;

async function loadLibrary(): Promise<{ lib: Library; quote: Quote }> {
  const lib = await import("@anthropic-ai/sandbox-runtime");
  const { quote } = (await import("@anthropic-ai/sandbox-runtime/dist/utils/shell-quote.js")) as { quote: Quote };
  return { lib, quote };
}

function askReason(host: string): { allow: false; reason: string } {
  return { allow: false, reason: `${host} is not on the wave's network allow-list; the setting network.allowed: [${host}] would allow it` };
}

function baseConfig(runEntries: Iterable<string>) {
  return {
    network: {
      allowedDomains: [...runEntries],
      deniedDomains: [] as string[],
      // The agents' `wave` command reaches the orchestrator over its control socket (a Unix socket).
      allowAllUnixSockets: true,
    },
    filesystem: { denyRead: [] as string[], allowWrite: [] as string[], denyWrite: [] as string[] },
  };
}

async function gitKind(workTree: string): Promise<"dir" | "file" | null> {
  const st = await fs.lstat(path.join(workTree, ".git")).catch(() => null);
  return st?.isDirectory() ? "dir" : st?.isFile() ? "file" : null;
}

/** Decides and, when the sandbox is on, starts it; null when it is off. */
export async function openWaveSandbox(options: WaveSandboxOptions): Promise<WaveSandbox | null> {
  if (options.mode === "off") return null;
  let facts = await gatherSandboxFacts(options.env, options.identity);
  const packages = facts.platform === "linux" ? missingPackages(facts) : [];
  if (packages.length > 0 && options.env.GITHUB_ACTIONS === "true") {
    // A hosted runner's image may lack them: installed as for tmux (root or passwordless sudo).
    options.onNotice(`sandbox: ${packages.join(", ")} not installed on this runner: installing with apt-get`);
    const failed = aptInstall(packages, defaultAptDeps());
    if (failed) options.onWarning(`sandbox: apt-get could not install ${packages.join(", ")} (${failed})`);
    facts = await gatherSandboxFacts(options.env, options.identity);
  }
  let decision = decideSandbox(options.mode, facts);
  if (decision.kind === "fix-userns") {
    try {
      const changed = await fixUserns(facts.bwrap!, options.env);
      options.onNotice(`sandbox: AppArmor kept bubblewrap from creating user namespaces; changed: ${changed.join("; ")}`);
    } catch (error) {
      options.onWarning(`sandbox: could not let bubblewrap create user namespaces: ${errorMessage(error)}`);
    }
    facts = await gatherSandboxFacts(options.env, options.identity, true);
    decision = decideSandbox(options.mode, facts);
  }
  if (decision.kind === "error") throw new UserError(decision.message, 2);
  if (decision.kind === "off") {
    if (decision.warning) options.onWarning(decision.warning);
    return null;
  }
  if (decision.kind !== "on") return null;
  const mode = options.mode;
  if (!shared) {
    const { lib, quote } = await loadLibrary();
    const runEntries = new Set<string>();
    await lib.SandboxManager.initialize(baseConfig(runEntries), async ({ host }) => askReason(host));
    shared = { lib, quote, users: 0, runEntries, running: 0 };
  }
  const sh = shared;
  sh.users++;
  const manager = sh.lib.SandboxManager;
  if (options.identity) {
    // The library's proxy socket is this process's: the agent user must be able to connect to it
    // (the proxy still asks every connection for its per-run credentials).
    for (const socket of new Set([manager.getLinuxHttpSocketPath(), manager.getLinuxSocksSocketPath()])) {
      if (socket) await fs.chmod(socket, 0o666).catch(() => undefined);
    }
  }
  const envProgram = findProgram("env", options.env.PATH) ?? "/usr/bin/env";
  const area = await fs.mkdtemp(path.join(os.tmpdir(), "wave-sandbox-"));
  await fs.chmod(area, 0o711);
  const records = new Map<string, AgentSandboxRecord>();
  // What `.git` is in the work tree does not change during a run: looked at once.
  const git = await gitKind(options.workTree);
  let closed = false;

  const recordOf = (agentId: string): AgentSandboxRecord => {
    let r = records.get(agentId);
    if (!r) {
      r = {
        schemaVersion: 1,
        kind: "wave-agent-sandbox",
        agentId,
        blocked: [],
        other: [],
        filesystem: { writable: [], hidden: [] },
        network: { allowed: [] },
        notRecorded: NOT_RECORDED,
      };
      records.set(agentId, r);
    }
    return r;
  };

  async function agentTmp(agentId: string): Promise<string> {
    const dir = path.join(area, agentDirName(agentId));
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (options.identity) await fs.chown(dir, options.identity.uid, options.identity.gid);
    return dir;
  }

  const report = (): SandboxReport => ({ schemaVersion: 1, kind: "wave-sandbox", mode, agents: [...records.values()] });

  return {
    mode,
    async wrap(launch) {
      if (closed) throw new Error("the sandbox of this run is closed");
      const tmp = await agentTmp(launch.agentId);
      const rules = filesystemRules({
        workTree: options.workTree,
        stateDir: options.stateDir,
        orchestratorHome: options.env.HOME ?? os.homedir(),
        processHome: os.homedir(),
        env: launch.env,
        orchestratorEnv: options.env,
        readable: launch.readable,
        writable: [...launch.writable, tmp],
        git,
      });
      const net = networkLists({
        executor: launch.executor,
        endpoint: launch.endpoint,
        carried: launch.carried,
        allowed: [...options.allowed, ...launch.allowed],
      });
      let grew = false;
      for (const entry of net.run) {
        if (!sh.runEntries.has(entry)) {
          sh.runEntries.add(entry);
          grew = true;
        }
      }
      if (grew) manager.updateConfig(baseConfig(sh.runEntries));
      const commandId = randomBytes(16).toString("base64url");
      // Inside the sandbox: its own temporary directory, and loopback addresses through the proxy.
      const inner = [envProgram, `TMPDIR=${tmp}`, `NO_PROXY=${SANDBOX_NO_PROXY}`, `no_proxy=${SANDBOX_NO_PROXY}`, ...launch.argv];
      const wrapped = await manager.wrapWithSandboxArgv(
        sh.quote(inner),
        undefined,
        { filesystem: rules },
        undefined,
        launch.env.PWD ?? options.workTree,
        { commandId, commandText: `agent ${launch.agentId}` },
      );
      manager.registerCommandNetworkLists(commandId, { allowedDomains: net.agent });
      sh.running++;
      const record = recordOf(launch.agentId);
      record.filesystem = { writable: rules.allowWrite, hidden: rules.denyRead };
      record.network = { allowed: [...net.run, ...net.agent] };
      let finished = false;
      return {
        argv: wrapped.argv,
        async done() {
          if (finished) return;
          finished = true;
          manager.unregisterCommandNetworkLists(commandId);
          const lines = manager
            .getSandboxViolationStore()
            .getViolationsForCommand(commandId)
            .map((v) => v.line);
          addViolations(record, lines);
          sh.running--;
          // The library's clean-up removes the mount points of every sandbox: only when none runs.
          if (sh.running === 0) manager.cleanupAfterCommand();
          await writeJsonAtomic(launch.recordPath, record);
        },
      };
    },
    report,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await writeJsonAtomic(path.join(options.runDir, SANDBOX_REPORT_FILE), report());
      } finally {
        await fs.rm(area, { recursive: true, force: true });
        sh.users--;
        if (sh.users === 0 && shared === sh) {
          shared = null;
          await manager.reset();
        }
      }
    },
  };
}
