/**
 * `wave doctor`: what this machine and this repository lack for a run, each check with a status
 * (ok / warn / fail), one line of detail and, when not ok, one line saying how to fix it. Exit 0
 * when no check failed (warnings allowed), 1 when one did.
 *
 * Nothing here changes the machine: no user is created, no sudo command other than `sudo -n true`
 * is run, no AppArmor setting is touched. What a check could not find out it says so.
 *
 * The checks that `wave run`'s preflight also makes are the same functions: the executor programs
 * (found on PATH, runnable by the agent OS user) are `preflight` of executors/preflight.ts with the
 * agent user's `whyAgentCannotRun`; the sandbox's prerequisites are `sandboxProblem` of
 * sandbox/decide.ts on the facts sandbox/probe.ts gathers; the model proxy's are `preflightSkips`;
 * the agent user is the one `decideAgentUser` chooses. Every probe of the machine comes in through
 * `DoctorProbes`, so the decisions are tested without the machine.
 */
import { autoUserName, type AgentUserRequest, decideAgentUser, SAME_USER_CONSEQUENCES } from "../agent-user/choice.js";
import {
  AGENT_USER_CANNOT_RUN_FIX,
  executorProgram,
  MISSING_EXECUTOR_FIX,
  missingExecutorLine,
  type PreflightAgent,
  preflight,
} from "../executors/preflight.js";
import { adapterOf } from "../executors/registry.js";
import { preflightSkips } from "../proxy/wiring.js";
import { type SandboxFacts, sandboxProblem } from "../sandbox/decide.js";
import { isUserError } from "../errors.js";
import { isError, isWaveInputError } from "../wave/diagnostics.js";
import { loadProject } from "../wave/project.js";
import type { ExecutorId, LaneSettings, ResolvedExecutor } from "../wave/schema.js";
import { plural } from "../wave/views.js";

type CheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  /** `node`, `git`, `executor codex`, `sandbox`, … */
  name: string;
  status: CheckStatus;
  /** One line: what was found. */
  detail: string;
  /** One line: what to do (absent when ok). */
  fix?: string;
}

/** The Node major version the CLI needs (package.json `engines.node`). */
export const MIN_NODE_MAJOR = 22;

/** A user identity to ask the kernel as. */
export interface Identity {
  uid: number;
  gid: number;
}

/** The uid of a stranger (nobody): asks what the "other" permission bits allow. */
export const STRANGER: Identity = { uid: 65534, gid: 65534 };

/** How doctor looks at the machine: the real probes in the CLI, stand-ins in tests. */
export interface DoctorProbes {
  env: Readonly<Record<string, string | undefined>>;
  /** `process.versions.node`. */
  nodeVersion: string;
  /** `git --version`'s output, or null when git does not start. */
  gitVersion(): Promise<string | null>;
  /** argv prefix of the wave CLI (the `local` executor's program). */
  cliArgv: readonly string[];
  euid: number;
  /** `sudo -n true` works (asked only when not root). */
  passwordlessSudo(): boolean;
  /** The account of a user name, or null when there is none. */
  lookupAccount(name: string): Promise<Identity | null>;
  /** Why `identity` cannot start `file`, or null when it can (agent-user/access.ts `whyAgentCannotRun`). */
  whyCannotRun(identity: Identity, file: string): string | null;
  /** `<program> --version`'s first x.y.z, or null. */
  cliVersion(executor: string, file: string): Promise<string | null>;
  /** A file exists (login files: presence only, never read). */
  exists(file: string): boolean;
  /** The sandbox's facts (sandbox/probe.ts `gatherSandboxFacts`). */
  sandboxFacts(): Promise<SandboxFacts>;
  /** A program on PATH, or null (tmux). */
  findProgram(name: string): string | null;
  /** The owner and mode of a path, or null when it does not exist. */
  statPath(file: string): { uid: number; mode: number; isDirectory: boolean } | null;
  /** The user's home directory. */
  home: string;
}

export interface DoctorOptions {
  root: string;
  configPath?: string | undefined;
  lane?: string | undefined;
  project?: string | undefined;
  stateDir: string;
  /** `--executor` (every agent on it, as `wave run --executor`). */
  cliExecutor?: string | undefined;
  agentUser: AgentUserRequest;
}

const ok = (name: string, detail: string): DoctorCheck => ({ name, status: "ok", detail });
const warn = (name: string, detail: string, fix: string): DoctorCheck => ({ name, status: "warn", detail, fix });
const fail = (name: string, detail: string, fix: string): DoctorCheck => ({ name, status: "fail", detail, fix });

export function nodeCheck(version: string): DoctorCheck {
  const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? Number.NaN);
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) return ok("node", `Node ${version} (the CLI needs ${MIN_NODE_MAJOR} or newer)`);
  return fail("node", `Node ${version}; the CLI needs Node ${MIN_NODE_MAJOR} or newer`, `install Node ${MIN_NODE_MAJOR} or newer`);
}

function gitCheck(output: string | null): DoctorCheck {
  if (output === null) return fail("git", "git does not start (not on PATH?)", "install git and put it on PATH");
  return ok("git", output.trim().split("\n")[0] ?? "git");
}

/** What the agent user check found: who the agents run as, and as whom to ask the kernel. */
interface AgentUserFacts {
  check: DoctorCheck;
  sudo: DoctorCheck;
  /** The identity whose access decides (null: agents run as this user, or it cannot be asked). */
  identity: Identity | null;
  /** Why the executors' runnability by the agent user was not asked, when it was not. */
  notAsked: string | null;
}

async function agentUserFacts(request: AgentUserRequest, probes: DoctorProbes): Promise<AgentUserFacts> {
  const root = probes.euid === 0;
  const sudoWorks = !root && probes.passwordlessSudo();
  const githubActions = probes.env.GITHUB_ACTIONS === "true";
  const sudo = root
    ? ok("sudo", "running as root")
    : sudoWorks
      ? ok("sudo", "passwordless sudo works")
      : warn(
          "sudo",
          "not root and no passwordless sudo: agents cannot run as another OS user",
          "run as root, or give this user passwordless sudo (as GitHub-hosted runners do)",
        );
  let decision: ReturnType<typeof decideAgentUser>;
  try {
    decision = decideAgentUser(request, { euid: probes.euid, sudo: sudoWorks, githubActions });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      check: fail("agent user", message, "run as root or with passwordless sudo, or use --agent-user auto|none"),
      sudo,
      identity: null,
      notAsked: null,
    };
  }
  if (decision.kind === "same") {
    const check =
      decision.requested === "none"
        ? ok("agent user", `agents run as your own user (--agent-user none): ${SAME_USER_CONSEQUENCES}`)
        : warn(
            "agent user",
            `agents run as your own user (${decision.reason}): ${SAME_USER_CONSEQUENCES}`,
            "run as root or with passwordless sudo in CI so that agents run as a separate user (see SECURITY.md)",
          );
    return { check, sudo, identity: null, notAsked: null };
  }
  const name = decision.kind === "separate" ? decision.name : request.kind === "named" ? request.name : autoUserName(0);
  const account = await probes.lookupAccount(name);
  const via = decision.kind === "elevate" ? " (the run re-starts itself as root through sudo)" : "";
  if (account === null && request.kind === "named") {
    return {
      check: fail(
        "agent user",
        `agents would run as ${name}${via}, but there is no such user`,
        `create the user ${name}, or use --agent-user auto`,
      ),
      sudo,
      identity: null,
      notAsked: `there is no user ${name}`,
    };
  }
  const created = account === null ? `; it does not exist yet and the run creates it` : "";
  const check = ok("agent user", `agents run as ${name}${via}${created}`);
  if (!root) {
    return { check, sudo, identity: null, notAsked: `asking as ${name} needs root: run sudo wave doctor to check it` };
  }
  if (account) return { check, sudo, identity: account, notAsked: null };
  // Not created yet: a stranger's access is what "other" permission bits give a new user with no groups.
  return { check, sudo, identity: STRANGER, notAsked: null };
}

/** The executors of every agent (own and fallbacks), one agent each to show who needs it. */
function preflightAgents(waves: ReturnType<typeof loadProject>["waves"]): PreflightAgent[] {
  const out: PreflightAgent[] = [];
  for (const w of waves) {
    for (const a of w.agents) {
      if (a.resolvedExecutor) out.push({ agentId: `wave ${w.wave} ${a.agentId}`, executor: a.resolvedExecutor });
    }
  }
  return out;
}

/** The env names that hold an executor's key (its adapter's `keys`: fixed names and those its settings call for). */
function keyNames(id: ExecutorId, executors: readonly ResolvedExecutor[]): string[] {
  const keys = adapterOf(id).keys;
  const names = new Set<string>(keys?.secretEnv ?? []);
  for (const e of executors) for (const k of keys?.providerKeys?.(e) ?? []) names.add(k);
  return [...names];
}

/** The login files an executor's CLI keeps (presence only). */
function loginFiles(id: ExecutorId, probes: DoctorProbes): string[] {
  return adapterOf(id).keys?.loginFiles?.(probes.env, probes.home) ?? [];
}

function keyCheck(id: ExecutorId, executors: readonly ResolvedExecutor[], probes: DoctorProbes): DoctorCheck | null {
  const keys = adapterOf(id).keys;
  if (!keys) return null;
  const names = keyNames(id, executors);
  const set = names.filter((n) => (probes.env[n] ?? "") !== "");
  const present = loginFiles(id, probes).filter((f) => probes.exists(f));
  const name = `${id} key`;
  if (set.length > 0) return ok(name, `${set.join(", ")} set`);
  if (present.length > 0) return ok(name, `logged in (${present.join(", ")} exists)`);
  const wanted = names.length > 0 ? names.join(" or ") : (keys.unknownKeyHint ?? "its key");
  const logins = loginFiles(id, probes).join(", ");
  return warn(name, `neither ${wanted} in the environment nor a login file (${logins})`, `set ${wanted}, or log in with ${id}`);
}

async function executorChecks(
  agents: PreflightAgent[],
  options: DoctorOptions,
  probes: DoctorProbes,
  user: AgentUserFacts,
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const identity = user.identity;
  const report = preflight(agents, {
    env: probes.env,
    cwd: options.root,
    cliArgv: probes.cliArgv,
    agentCannotRun: identity ? (file) => probes.whyCannotRun(identity, file) : undefined,
  });
  const byId = new Map<ExecutorId, ResolvedExecutor[]>();
  for (const a of agents) {
    for (const id of [a.executor.id, ...a.executor.fallbacks]) byId.set(id, [...(byId.get(id) ?? []), a.executor]);
  }
  for (const [id, executors] of byId) {
    const name = `executor ${id}`;
    const adapter = adapterOf(id);
    if (adapter.preflight?.runsWaveCli === true) {
      checks.push(ok(name, "built into the CLI"));
      continue;
    }
    const missing = report.missing.filter((m) => m.executorId === id);
    const programs = [...new Set(executors.map((e) => executorProgram(e, id, probes.cliArgv) ?? ""))];
    if (missing.length > 0) {
      const cannot = missing.some((m) => m.reason === "agent-user-cannot-run");
      checks.push(fail(name, missing.map(missingExecutorLine).join("; "), cannot ? AGENT_USER_CANNOT_RUN_FIX : MISSING_EXECUTOR_FIX));
      continue;
    }
    const found = programs.join(", ");
    const asked = identity
      ? `; the agent user can run it`
      : user.notAsked
        ? `; not checked whether the agent user can run it (${user.notAsked})`
        : "";
    const verified = adapter.verifiedVersion;
    if (verified === undefined) {
      checks.push(ok(name, `${found} found${asked}`));
      continue;
    }
    const versions = await Promise.all(programs.map((p) => probes.cliVersion(id, p)));
    const installed = versions.find((v) => v !== null) ?? null;
    if (user.notAsked && !identity) {
      checks.push(warn(name, `${found} ${installed ?? "(version unknown)"}${asked}`, "run sudo wave doctor to check it as the agent user"));
    } else if (installed === null) {
      checks.push(warn(name, `${found}: could not read its version${asked}`, `check that \`${programs[0]} --version\` works`));
    } else if (installed !== verified) {
      checks.push(
        warn(
          name,
          `${id} ${installed}; this release was verified with ${id} ${verified}${asked}`,
          `install ${id} ${verified} if its protocol gives trouble`,
        ),
      );
    } else checks.push(ok(name, `${id} ${installed} (the verified version)${asked}`));
    const key = keyCheck(id, executors, probes);
    if (key) checks.push(key);
  }
  return checks;
}

async function sandboxCheck(configured: LaneSettings["sandbox"], probes: DoctorProbes): Promise<DoctorCheck> {
  const mode = configured ?? "off";
  const facts = await probes.sandboxFacts();
  const problem = sandboxProblem(facts);
  if (problem === null) return ok("sandbox", `bubblewrap, socat and ripgrep work here (sandbox: ${mode})`);
  const apparmor =
    facts.apparmorRestrictsUserns === true && facts.canBeRoot
      ? " (a run may set up bubblewrap's AppArmor profile itself: it can act as root)"
      : "";
  const fix = problem.includes("; ") ? problem.slice(problem.indexOf("; ") + 2) : "install bubblewrap, socat and ripgrep";
  if (mode === "on") return fail("sandbox", `sandbox is on, but ${problem.split("; ")[0]}${apparmor}`, fix);
  return warn("sandbox", `the sandbox cannot work here (sandbox: ${mode}): ${problem.split("; ")[0]}${apparmor}`, fix);
}

function proxyCheck(agents: PreflightAgent[], probes: DoctorProbes): DoctorCheck {
  const skips = preflightSkips(
    agents.map((a) => ({ agentId: a.agentId, executor: a.executor.id, model: a.executor.model })),
    probes.env as NodeJS.ProcessEnv,
    false,
  );
  if (skips.length === 0) return ok("model proxy", "every agent whose CLI the proxy can carry could go through it");
  const first = skips[0]!;
  return warn(
    "model proxy",
    `with --model-proxy on, ${plural(skips.length, "agent")} could not go through it (${first.agentId}, ${first.executor}: ${first.reason})`,
    "give the proxy the API key to hold (in its environment), or leave model-proxy at auto or off",
  );
}

function tmuxCheck(probes: DoctorProbes): DoctorCheck {
  const tmux = probes.findProgram("tmux");
  return tmux
    ? ok("tmux", `${tmux} (for --tmux)`)
    : warn("tmux", "tmux is not installed (needed only for --tmux)", "install tmux to watch agents with --tmux");
}

function stateDirCheck(stateDir: string, probes: DoctorProbes): DoctorCheck {
  const st = probes.statPath(stateDir);
  if (st === null) return ok("state directory", `${stateDir} does not exist yet; the first run creates it`);
  if (!st.isDirectory) return fail("state directory", `${stateDir} is not a directory`, `remove ${stateDir} or pass another --state-dir`);
  const mode = (st.mode & 0o777).toString(8).padStart(3, "0");
  if (st.uid !== probes.euid && probes.euid !== 0) {
    return fail(
      "state directory",
      `${stateDir} belongs to uid ${st.uid}, not to you (uid ${probes.euid}), mode ${mode}`,
      `sudo chown -R ${probes.euid} ${stateDir} (a run as root left it behind?)`,
    );
  }
  if ((st.mode & 0o002) !== 0) {
    return fail("state directory", `${stateDir} is writable by every user (mode ${mode})`, `chmod o-w ${stateDir}`);
  }
  return ok("state directory", `${stateDir}: owner uid ${st.uid}, mode ${mode}`);
}

/** Every check, in the order they are shown. */
export async function doctorChecks(options: DoctorOptions, probes: DoctorProbes): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [nodeCheck(probes.nodeVersion), gitCheck(await probes.gitVersion())];
  let project: ReturnType<typeof loadProject> | null = null;
  let filesCheck: DoctorCheck;
  try {
    project = loadProject(options);
    const errors = project.diagnostics.filter(isError).length;
    const warnings = project.diagnostics.length - errors;
    const counted = `${plural(project.waves.length, "wave")}, ${plural(errors, "error")}, ${plural(warnings, "warning")}`;
    filesCheck =
      errors > 0
        ? fail("wave files", counted, "wave validate names each error")
        : warnings > 0
          ? warn("wave files", counted, "wave validate names each warning")
          : ok("wave files", `${counted} (lane ${project.laneName})`);
  } catch (error) {
    if (!isWaveInputError(error) && !isUserError(error)) throw error;
    filesCheck = fail(
      "wave files",
      (error as Error).message.split("\n")[0] ?? "",
      "wave validate says more; wave init writes a first wave",
    );
  }
  const user = await agentUserFacts(options.agentUser, probes);
  const agents = project ? preflightAgents(project.waves) : [];
  checks.push(user.sudo, user.check);
  checks.push(...(await executorChecks(agents, options, probes, user)));
  checks.push(await sandboxCheck(project?.lane.sandbox ?? null, probes));
  checks.push(proxyCheck(agents, probes), tmuxCheck(probes), filesCheck, stateDirCheck(options.stateDir, probes));
  return checks;
}

const MARK: Record<CheckStatus, string> = { ok: "ok  ", warn: "warn", fail: "FAIL" };

export function renderDoctorText(checks: readonly DoctorCheck[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  const lines: string[] = [];
  for (const c of checks) {
    lines.push(`${MARK[c.status]}  ${c.name.padEnd(width)}  ${c.detail}`);
    if (c.fix) lines.push(`      ${" ".repeat(width)}  fix: ${c.fix}`);
  }
  const failed = checks.filter((c) => c.status === "fail").length;
  const warned = checks.filter((c) => c.status === "warn").length;
  lines.push(
    failed > 0
      ? `wave doctor: ${plural(failed, "problem")} to fix${warned ? `, ${plural(warned, "warning")}` : ""}`
      : `wave doctor: nothing missing${warned ? ` (${plural(warned, "warning")})` : ""}`,
  );
  return `${lines.join("\n")}\n`;
}

export function renderDoctorJson(checks: readonly DoctorCheck[]): string {
  return `${JSON.stringify({ ok: !checks.some((c) => c.status === "fail"), checks }, null, 2)}\n`;
}

export function doctorExitCode(checks: readonly DoctorCheck[]): 0 | 1 {
  return checks.some((c) => c.status === "fail") ? 1 : 0;
}
