/**
 * What a run opens around its agents and closes when it ends: the OS boundary they run behind (who
 * they run as), the control server they reach the orchestrator through, and, at the end, the model
 * proxy's and sandbox's reports. Closing never throws: what cannot be written is a warning.
 */
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { AgentBoundary } from "../agent-user/boundary.js";
import { openBoundary } from "../agent-user/boundary.js";
import { decideAgentUser } from "../agent-user/choice.js";
import { codeReachableBy, reachableCodeMessage, runningCode } from "../agent-user/own-code.js";
import { type ControlServer, startControlServer } from "../control/server.js";
import { MODEL_PROXY_REPORT_FILE } from "../proxy/report.js";
import { writeJsonAtomic } from "../state/json-files.js";
import { errorMessage, UserError } from "../errors.js";
import { currentInbox } from "./coordination-view.js";
import type { EngineDeps } from "./types.js";
import type { WaveRun } from "./wave-run.js";

/** Stops what the agent user left running (`when` says when, in the warning). */
export async function clearAgents(boundary: AgentBoundary, deps: EngineDeps, when: string): Promise<void> {
  const killed = await boundary.clear();
  if (killed > 0) {
    deps.onEvent?.({ type: "warning", message: `stopped ${killed} leftover process(es) of the agent user ${when}` });
  }
}

/** Decides who agents run as and sets it up (dry runs only decide and describe). */
export async function openAgentBoundary(run: WaveRun): Promise<AgentBoundary> {
  const { options, deps } = run;
  const decision = decideAgentUser(options.agentUser, {
    euid: process.geteuid?.() ?? -1,
    sudo: false, // elevation through sudo is the entry point's business: here we are root or not
    githubActions: deps.env.GITHUB_ACTIONS === "true",
  });
  const onWarning = (message: string) => run.warn(message);
  const boundary = await openBoundary({
    decision,
    dryRun: options.dryRun,
    root: options.root,
    stateDir: options.stateDir,
    protectedPaths: ownFilesInside(options.root, deps.cliArgv),
    runnerTemp: deps.env.RUNNER_TEMP,
    onWarning,
  });
  // Before any agent starts: the code this run runs (and the next wave command will) out of the agents' reach.
  if (boundary.identity && boundary.account) {
    try {
      const code = runningCode();
      const found = codeReachableBy(boundary.identity, code, options.root, boundary.agentRoot);
      if (found) throw new UserError(reachableCodeMessage(found, code, boundary.account.name, process.argv[1]));
    } catch (error) {
      await boundary.close();
      throw error;
    }
  }
  run.agentUser = { mode: boundary.mode, user: boundary.account?.name ?? null, detail: boundary.description };
  if (boundary.mode === "same" && !options.dryRun) onWarning(boundary.description);
  else run.notice(boundary.description);
  return boundary;
}

/** Starts the run's control server in `dir` (the boundary's control directory). */
export function openControl(dir: string, run: WaveRun): Promise<ControlServer> {
  return startControlServer({
    dir,
    runDir: run.paths.runDir,
    lane: run.prepared.laneName,
    wave: run.prepared.wave.wave,
    now: run.deps.now,
    onWarning: (message) => run.warn(message),
    inbox: (agentId) => currentInbox(run, agentId),
  });
}

/**
 * The action's or CLI's own files, when they sit inside the work tree (`uses: ./.wave-action`, a
 * `wave-action` in the repository's node_modules): the package holding the entry script, found by
 * its real path (a `node_modules/.bin/wave` link or a shim is resolved first): the nearest
 * directory above it with action.yml or a package.json named wave-action (dist/cli/package.json
 * and dist/package.json only set the module type), else the script's own directory.
 */
export function ownFilesInside(root: string, cliArgv: readonly string[]): string[] {
  // The entry script is the last word (selfCliArgv, selfActionCliArgv: node, its flags, the script).
  const given = cliArgv.length > 1 ? cliArgv[cliArgv.length - 1]! : "";
  if (!path.isAbsolute(given)) return [];
  const script = realOf(given);
  const start = path.dirname(script);
  let dir = start;
  let found: string | null = null;
  for (let i = 0; i < 5 && path.dirname(dir) !== dir; i++) {
    if (isPackageRoot(dir)) {
      found = dir;
      break;
    }
    dir = path.dirname(dir);
  }
  const own = found ?? start;
  const realRoot = realOf(root);
  const rel = path.relative(realRoot, own);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel) ? [path.join(root, rel)] : [];
}

function realOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** A directory with action.yml, or a package.json named wave-action. */
function isPackageRoot(dir: string): boolean {
  try {
    readFileSync(path.join(dir, "action.yml"));
    return true;
  } catch {
    // no action.yml
  }
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown };
    return pkg.name === "wave-action";
  } catch {
    return false;
  }
}

/** Keeps what the sandbox recorded (sandbox.json in the run directory) and stops it. */
export async function closeSandbox(run: WaveRun): Promise<void> {
  const sandbox = run.sandbox;
  if (!sandbox) return;
  run.sandbox = null;
  try {
    await sandbox.close();
    const report = sandbox.report();
    const blocked = report.agents.reduce((n, a) => n + a.blocked.reduce((m, b) => m + b.count, 0), 0);
    run.notice(`sandbox: ${report.agents.length} agent(s) ran in it; ${blocked} request(s) blocked (sandbox.json)`);
  } catch (error) {
    run.warn(`sandbox: its report was not written (${errorMessage(error)})`);
  }
}

/** Keeps what the proxy saw (model-proxy.json in the run directory) and closes it. */
export async function closeModelProxy(run: WaveRun): Promise<void> {
  const proxy = run.modelProxy;
  if (!proxy) return;
  run.modelProxy = null;
  try {
    const report = proxy.report();
    await writeJsonAtomic(path.join(run.paths.runDir, MODEL_PROXY_REPORT_FILE), report);
    const waited = report.agents.reduce((n, a) => n + a.waitedRequests, 0);
    const retried = report.agents.reduce((n, a) => n + a.retried, 0);
    const parts = [`${report.agents.length} agent(s) reached their model through it`];
    if (waited > 0) parts.push(`${waited} request(s) waited for their turn`);
    if (retried > 0) parts.push(`${retried} 429(s) waited out`);
    if (report.unauthorized.length > 0) parts.push(`${report.unauthorized.length} request(s) without a valid token refused`);
    run.notice(`model proxy: ${parts.join("; ")} (${MODEL_PROXY_REPORT_FILE})`);
  } catch (error) {
    run.warn(`model proxy: its report was not written (${errorMessage(error)})`);
  } finally {
    await proxy.close();
  }
}
