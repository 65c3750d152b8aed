/**
 * Runs one agent once: writes its prompt and launch preview, builds its environment, starts it
 * through the runtime while a streaming parser reads its output, then records its status file and
 * execution summary. Returns what the engine needs to know.
 *
 * With the model proxy on (src/proxy/wiring.ts), each launch's environment passes through it last
 * (after the OS boundary and a rehearsal's hook, before the control token is added): the CLI gets
 * a per-agent token and the proxy's base URL, the agent's usage is what the proxy read at the
 * wire, and its token is revoked when the process ends.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { buildLaunchSpec, launchPreview, systemPromptText } from "../executors/index.js";
import type { ExecutorContext, LaunchSpec, SessionRequest } from "../executors/types.js";
import type { AgentBoundary } from "../agent-user/boundary.js";
import type { ControlServer } from "../control/server.js";
import { OPENCODE_PROXY_CONFIG_FILE, upstreamOfPointedEnv, type WaveModelProxy } from "../proxy/wiring.js";
import type { WaveSandbox } from "../sandbox/wave-sandbox.js";
import type { BudgetGuard } from "./budget-guard.js";
import { type SessionPlan, sessionDirOf, wasInterrupted } from "./session-resume.js";
import { continuePrompt, restoreSession, saveSession } from "../sessions/index.js";
import { markerInstructions } from "../prompt/markers.js";
import { buildAgentEnv } from "../security/env.js";
import { isInside } from "../security/paths.js";
import { createSignalParser } from "../signals/index.js";
import type { ExecutionSummary } from "../signals/schema.js";
import { buildExecutionSummary } from "../signals/summary.js";
import { writeJsonAtomic, writeTextAtomic } from "../state/files.js";
import { type AgentPaths, agentPaths, type RunPaths, relativeToRun } from "../state/paths.js";
import type { AgentStatus } from "../state/schema.js";
import type { AgentUsage } from "../usage/schema.js";
import type { ExecutorId } from "../wave/schema.js";
import type { RunOptions } from "./options.js";
import type { PreparedWave } from "./prepare.js";
import type { AgentRecord, EngineDeps, PreparedAgent } from "./types.js";

export interface AgentRunContext {
  options: RunOptions;
  deps: EngineDeps;
  prepared: PreparedWave;
  run: RunPaths;
  /** Nonce for closure agents' gate markers, or null. */
  nonce: string | null;
  /** In-job attempt number (1-based). */
  attemptNo: number;
  /** Directory holding the `wave` shim put first on the agents' PATH. */
  shimDir: string;
  signal: AbortSignal;
  /** The OS boundary agents run behind (their user, home, work tree path). */
  boundary: AgentBoundary;
  /** The run's control server (agents' `wave coord post` / `wave feedback ask`); absent in a dry run. */
  control?: ControlServer | null;
  /** Watches what agents spend and stops them at their budgets. */
  budget: BudgetGuard;
  /** The run's model proxy (`model-proxy: auto|on`), or null. */
  modelProxy?: WaveModelProxy | null;
  /** The run's sandbox (`sandbox: auto|on` where it works), or null. */
  sandbox?: WaveSandbox | null;
}

export interface AgentRunResult {
  record: AgentRecord;
  summary: ExecutionSummary;
}

const CLOSURE_PHASES = new Set(["cont-eval", "security", "integration", "documentation", "cont-qa"]);

/** Closure-stage agents get the run's marker nonce; design and implementation agents run before them and never do. */
export function usesNonce(pa: PreparedAgent): boolean {
  return CLOSURE_PHASES.has(pa.phase);
}

export function executorContext(
  ctx: AgentRunContext,
  pa: PreparedAgent,
  executorId: ExecutorId,
  prompt: string,
  paths: AgentPaths,
  session?: SessionRequest,
): ExecutorContext {
  const base: Omit<ExecutorContext, "systemPrompt"> = {
    agent: pa.agent,
    role: pa.role,
    executor: { ...pa.executor, id: executorId },
    lane: ctx.prepared.laneName,
    wave: ctx.prepared.wave.wave,
    root: ctx.boundary.agentRoot,
    promptPath: paths.prompt,
    prompt,
    overlayDir: paths.overlay,
    cliArgv: ctx.deps.cliArgv,
    markerNonce: usesNonce(pa) ? ctx.nonce : null,
    reportPath: pa.reportPath,
    evalTargets: ctx.prepared.wave.evalTargets,
    skills: pa.skills,
    ...(session ? { session } : {}),
  };
  return { ...base, systemPrompt: systemPromptText(base) };
}

export function waveVars(ctx: AgentRunContext, pa: PreparedAgent, paths: AgentPaths): Record<string, string> {
  const vars: Record<string, string> = {
    WAVE_LANE: ctx.prepared.laneName,
    WAVE_WAVE: String(ctx.prepared.wave.wave),
    WAVE_AGENT_ID: pa.agent.agentId,
    WAVE_ROLE: pa.role,
    WAVE_ATTEMPT: String(ctx.run.attempt),
    WAVE_PROMPT_FILE: paths.prompt,
    WAVE_ROOT: ctx.boundary.agentRoot,
  };
  // Only an agent that shares the orchestrator's user can read the run directory at all.
  if (ctx.boundary.mode === "same") vars.WAVE_RUN_DIR = ctx.run.runDir;
  if (usesNonce(pa) && ctx.nonce) vars.WAVE_MARKER_NONCE = ctx.nonce;
  // The control channel's socket; WAVE_AGENT_TOKEN is added per process start (runStagedAgent).
  if (ctx.control) vars.WAVE_CONTROL_SOCKET = ctx.control.socketPath;
  return vars;
}

export interface StagedAgent {
  spec: LaunchSpec;
  paths: AgentPaths;
  env: Record<string, string>;
  /** The CLI session this launch keeps, continues or names (null: the executor keeps none). */
  session: SessionRequest | null;
  /** The launch continues an earlier, interrupted session of the agent. */
  continued: boolean;
  /** The model endpoint the CLI is pointed at (the proxy, a rehearsal's server, a base URL), or null. */
  endpoint?: string | null;
  /** What the agent reads where the run's files are (prompt, overlay): bound back into its sandbox. */
  visible?: AgentPaths;
}

/**
 * Writes the prompt, overlay files and launch preview; returns the launch spec (no spawn). With a
 * session to continue, the saved session is put where the CLI looks for it and the prompt is the
 * short continue prompt; when it cannot be put back, the launch starts over with `prompt`.
 */
export async function stageAgent(
  ctx: AgentRunContext,
  pa: PreparedAgent,
  executorId: ExecutorId,
  prompt: string,
  plan: SessionPlan | null = null,
): Promise<StagedAgent> {
  const paths = agentPaths(ctx.run, pa.agent.agentId);
  await fs.mkdir(paths.dir, { recursive: true });
  await writeTextAtomic(paths.prompt, prompt);
  // What the agent itself reads (its prompt, executor overlay files) lives where its user can read
  // it: the run directory is private to the orchestrator when agents run as another user.
  const inputs = await ctx.boundary.inputsDir(pa.agent.agentId);
  const visible: AgentPaths = inputs
    ? { ...paths, prompt: path.join(inputs, "prompt.md"), overlay: path.join(inputs, "overlay") }
    : paths;
  await fs.mkdir(visible.overlay, { recursive: true });
  // The agent's CLI writes into its overlay too (codex's last message): behind another user, the
  // overlay directory is that user's; the files the orchestrator puts there stay its own.
  if (inputs && ctx.boundary.identity) await fs.chown(visible.overlay, ctx.boundary.identity.uid, ctx.boundary.identity.gid);
  if (inputs) await writeTextAtomic(visible.prompt, prompt);
  let session = plan?.request ?? null;
  let context = executorContext(ctx, pa, executorId, prompt, visible, session ?? undefined);
  let spec = buildLaunchSpec(context);
  for (const file of spec.files) await writeTextAtomic(file.path, file.content);
  const denied: string[] = [];
  const baseEnv = buildAgentEnv({
    parentEnv: ctx.deps.env,
    secretEnvKeys: spec.secretEnvKeys,
    allowList: [...pa.executor.env, ...(spec.passEnvKeys ?? [])],
    waveVars: waveVars(ctx, pa, visible),
    executorEnv: spec.env,
    allowGithubToken: ctx.options.allowGithubToken,
    allowListLabel: `agent ${pa.agent.agentId} env`,
    onDenied: (name, reason) => denied.push(`${name} (${reason})`),
  });
  let env = await ctx.boundary.adjustEnv(pa.agent.agentId, baseEnv);
  const home = ctx.boundary.mode === "separate" && env.HOME ? env.HOME : null;
  if (ctx.deps.rehearsal) {
    // `wave rehearse`: the CLI talks to the scripted model server, with its config in a home of its own.
    env = await ctx.deps.rehearsal({ context, spec, env, home, identity: ctx.boundary.identity ?? null });
  }
  if (ctx.modelProxy) {
    // Last: the CLI talks to the model proxy with a token of its own (in a rehearsal, the proxy's
    // upstream is the scripted server the rehearsal pointed it at).
    env = await ctx.modelProxy.launch({ context, spec, env, home, identity: ctx.boundary.identity ?? null });
  }
  // Where the CLI now sends its model requests: the one model endpoint its sandbox lets it reach.
  const pointed = upstreamOfPointedEnv({ context, spec, env, home, identity: ctx.boundary.identity ?? null }, env);
  const endpoint = "upstream" in pointed ? pointed.upstream.baseUrl : null;
  // Generated files that may hold credentials never leave the job: list them for the uploader
  // (the proxy's OpenCode config holds the agent's token).
  const credentialFiles = spec.files.filter((f) => f.sensitive).map((f) => f.path);
  if (env.OPENCODE_CONFIG && path.basename(env.OPENCODE_CONFIG) === OPENCODE_PROXY_CONFIG_FILE) credentialFiles.push(env.OPENCODE_CONFIG);
  const sensitive = credentialFiles.filter((f) => isInside(ctx.run.runDir, f)).map((f) => path.relative(ctx.run.runDir, f));
  if (sensitive.length > 0) await writeJsonAtomic(path.join(paths.dir, "sensitive.json"), sensitive);
  env.PATH = [ctx.shimDir, env.PATH ?? ""].filter(Boolean).join(path.delimiter);
  let continued = false;
  if (session && plan?.continueFrom && !ctx.options.dryRun) {
    const warn = (reason: string) =>
      ctx.deps.onEvent?.({ type: "warning", message: `agent ${pa.agent.agentId}: its interrupted session is not continued (${reason}); it starts over` });
    const restored = await restoreSession({
      savedDir: plan.continueFrom.savedDir,
      env,
      cwd: ctx.boundary.agentRoot,
      identity: ctx.boundary.identity ?? undefined,
      onSkip: warn,
    });
    if (restored) {
      continued = true;
      session = { ...session, resumeId: restored.sessionId, newId: null };
      const nonce = usesNonce(pa) && ctx.nonce ? "$WAVE_MARKER_NONCE" : null;
      const markers = markerInstructions({ agent: pa.agent, role: pa.role, wave: ctx.prepared.wave, nonce, reportPath: pa.reportPath });
      const short = continuePrompt({ agentId: pa.agent.agentId, reason: plan.continueFrom.reason, markerInstructions: markers });
      await writeTextAtomic(paths.prompt, short);
      if (inputs) await writeTextAtomic(visible.prompt, short);
      context = executorContext(ctx, pa, executorId, short, visible, session);
      spec = buildLaunchSpec(context);
      for (const file of spec.files) await writeTextAtomic(file.path, file.content);
    }
  }
  await writeJsonAtomic(paths.launch, {
    agentId: pa.agent.agentId,
    executor: executorId,
    cwd: ctx.boundary.agentRoot,
    agentUser: ctx.boundary.account?.name ?? null,
    timeoutMinutes: effectiveTimeoutMinutes(ctx.options, pa),
    idleTimeoutMinutes: ctx.options.idleTimeoutMinutes,
    envNames: Object.keys(env).sort(),
    deniedEnv: denied,
    session: session ? { persist: session.persist, continues: session.resumeId, newId: session.newId ?? null } : null,
    ...launchPreview(spec),
  });
  return { spec, paths, env, session, continued, endpoint, visible };
}


/** The CLI's own figures, or the proxy's when it carried the agent (the CLI's session id kept). */
function usageOf(cli: AgentUsage, atWire: AgentUsage | null, continuedSession: boolean): AgentUsage {
  return atWire ? { ...atWire, sessionId: cli.sessionId, continuedSession } : { ...cli, continuedSession };
}

export function effectiveTimeoutMinutes(options: RunOptions, pa: PreparedAgent): number {
  const budget = pa.executor.budget.minutes;
  return budget !== null && budget > 0 ? Math.min(options.timeoutMinutes, budget) : options.timeoutMinutes;
}

const MARKER_LINE = /^[ \t]*(?:[-*+] )?`?(\[(?:wave-[a-z0-9-]+|deploy-status|infra-status)\][^\n`]*)/gm;

function statusCodeOf(status: AgentStatus, exitCode: number | null, signal: string | null, extra: string | null): string {
  if (extra) return extra;
  if (status === "timed-out") return "timeout";
  if (status === "idle-timeout") return "idle-timeout";
  if (status === "cancelled") return "cancelled";
  if (exitCode !== null) return String(exitCode);
  return signal ?? "unknown";
}

/** Runs the agent (already staged) and records its status and summary. */
export async function runStagedAgent(
  ctx: AgentRunContext,
  pa: PreparedAgent,
  executorId: ExecutorId,
  staged: StagedAgent,
  previous: AgentRecord | undefined,
): Promise<AgentRunResult> {
  const { spec, paths, env } = staged;
  const { options, deps } = ctx;
  const id = pa.agent.agentId;
  const transcript = spec.transcript ?? "text";
  const jsonTranscript = transcript !== "text";
  // Usage as it streams: the agent's meter (its attempts in this run add up) and its budgets.
  const meter = ctx.budget.meter(id, pa.executor.model);
  // Behind the model proxy the agent is metered at the wire, whatever its CLI prints.
  const wire = ctx.modelProxy?.carries(id) ? ctx.modelProxy : null;
  if (wire) ctx.budget.meterAtWire(id, () => wire.usageOf(id));
  const limits = { usd: pa.executor.budget.usd, tokens: pa.executor.budget.tokens };
  const parser = createSignalParser({
    nonce: usesNonce(pa) ? ctx.nonce : null,
    transcript,
    onUsage: (fact) => {
      if (meter.apply(fact)) ctx.budget.check(id, limits);
    },
  });
  // In the sandbox (sandbox auto|on): the same argv, run inside it; its denials are recorded when it ends.
  const sandboxed = ctx.sandbox
    ? await ctx.sandbox.wrap({
        agentId: id,
        executor: executorId,
        argv: spec.argv,
        env,
        endpoint: staged.endpoint ?? null,
        carried: Boolean(wire),
        // The agent's own `network.allowed` (wave file), added to the run's (config) list.
        allowed: pa.executor.networkAllowed,
        readable: [
          staged.visible?.prompt ?? paths.prompt,
          staged.visible?.overlay ?? paths.overlay,
          ctx.shimDir,
          ...(ctx.control ? [path.dirname(ctx.control.socketPath)] : []),
        ],
        writable: [staged.visible?.overlay ?? paths.overlay],
        recordPath: paths.sandbox,
      })
    : null;
  const budgetSignal = ctx.budget.start(id);
  const separator = `\n--- wave: ${id} attempt ${ctx.attemptNo} (${executorId}) started ${deps.now().toISOString()} ---\n`;
  await fs.appendFile(paths.log, separator);
  const timeoutMs = effectiveTimeoutMinutes(options, pa) * 60_000;
  // The agent's identity on the control socket: a token valid only while this process runs.
  const token = ctx.control ? ctx.control.issueToken(id, ctx.run.attempt) : null;
  const outcome = await deps.runProcess({
    argv: sandboxed?.argv ?? spec.argv,
    cwd: ctx.boundary.agentRoot,
    ...(ctx.boundary.identity ? { identity: ctx.boundary.identity } : {}),
    env: token ? { ...env, WAVE_AGENT_TOKEN: token } : env,
    stdin: spec.stdin,
    logPath: paths.log,
    timeoutMs,
    idleTimeoutMs: options.idleTimeoutMinutes ? options.idleTimeoutMinutes * 60_000 : null,
    rateLimit: spec.rateLimitRetries
      ? {
          retries: options.rateLimitRetries,
          baseDelayMs: options.rateLimitBaseDelaySeconds * 1000,
          maxDelayMs: options.rateLimitMaxDelaySeconds * 1000,
        }
      : null,
    signal: ctx.signal,
    budgetSignal,
    onStart: (info) => {
      meter.startProcess();
      deps.onEvent?.({ type: "agent-start", agentId: id, executor: executorId, run: info.run });
    },
    onOutput: (chunk, source) => {
      // A JSON-transcript CLI writes its events to stdout; its stderr is diagnostics, and a process
      // that inherited it (a tool, a server) must not be able to add a whole event line there.
      if (source === "stdout" || !jsonTranscript) parser.push(chunk);
      if (deps.onEvent) {
        deps.onEvent({ type: "agent-output", agentId: id, chunk });
        const text = chunk.toString("utf8");
        if (text.includes("[")) {
          for (const m of text.matchAll(MARKER_LINE)) deps.onEvent({ type: "agent-marker", agentId: id, text: m[1]! });
        }
      }
    },
    ...(options.tmux
      ? {
          tmux: {
            socket: `wave-${process.pid}`,
            session: `w${ctx.prepared.wave.wave}-${id}-${ctx.attemptNo}`.replace(/[^A-Za-z0-9_-]/g, "_"),
            viewerArgv: [...deps.cliArgv, "__tmux-view"],
          },
        }
      : {}),
  }).finally(() => {
    if (token) ctx.control?.revokeToken(token);
    // A retry registers again and gets a new token.
    if (wire) wire.revoke(id);
    ctx.budget.finish(id);
  });
  if (sandboxed) {
    await sandboxed.done().catch((error: unknown) =>
      deps.onEvent?.({ type: "warning", message: `agent ${id}: its sandbox record was not written (${error instanceof Error ? error.message : String(error)})` }),
    );
  }
  parser.end();
  // The last usage events (codex reports its usage only when its turn ends) are in: an agent that
  // went over its budget by the end counts as stopped by it, unless the run was cancelled.
  ctx.budget.check(id, limits);
  const budgetStop = outcome.status === "cancelled" ? null : ctx.budget.stopOf(id);
  const status: AgentStatus = budgetStop ? "budget-exceeded" : outcome.status;
  let extra: string | null = null;
  let detail: string | null = null;
  if (outcome.spawnError) {
    extra = "executor-missing";
    detail = outcome.spawnError;
  } else if (outcome.rateLimitExhausted) {
    extra = "rate-limited";
    detail = `rate limit persisted after ${outcome.runs} run(s)${outcome.rateLimitMatch ? ` (${outcome.rateLimitMatch})` : ""}`;
  } else if (outcome.logError) {
    // Output (markers included) after the failure was lost: the run cannot count as a success.
    extra = "log-write-failed";
    detail = `log write failed: ${outcome.logError}`;
  } else if (budgetStop) {
    extra = "budget-exceeded";
    detail = budgetStop.detail;
  } else if (status === "timed-out") {
    detail = `deadline of ${effectiveTimeoutMinutes(options, pa)} minute(s) reached`;
  } else if (status === "idle-timeout") {
    detail = `no output for ${options.idleTimeoutMinutes} minute(s)`;
  }
  const finalStatus: AgentStatus = status === "succeeded" && (outcome.spawnError || outcome.logError) ? "failed" : status;
  const summary = await buildExecutionSummary({
    agent: pa.agent,
    signals: parser.result(),
    root: options.root,
    exitCode: outcome.exitCode,
    logPath: relativeToRun(ctx.run, paths.log),
    reportPath: pa.reportPath,
    timedOut: status === "timed-out",
  });
  const history = [...(previous?.executorHistory ?? [])];
  history.push({ executor: executorId, reason: previous ? (previous.executor !== executorId ? "fallback" : "retry") : "initial" });
  const record: AgentRecord = {
    id,
    status: finalStatus,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    statusCode: statusCodeOf(finalStatus, outcome.exitCode, outcome.signal, extra),
    attempts: (previous?.attempts ?? 0) + 1,
    runs: (previous?.runs ?? 0) + outcome.runs,
    startedAt: previous?.startedAt ?? outcome.startedAt,
    completedAt: outcome.completedAt,
    executor: executorId,
    executorHistory: history,
    transportFailure: Boolean(outcome.spawnError) || outcome.rateLimitExhausted || status === "idle-timeout",
    detail,
    reusedFrom: null,
    usage: usageOf(meter.snapshot(), wire?.usageOf(id) ?? null, staged.continued),
  };
  // An interrupted session is kept with the run state, so that the agent's next run continues it.
  if (staged.session?.persist && wasInterrupted(record)) {
    const sessionId = record.usage?.sessionId ?? staged.session.resumeId ?? staged.session.newId ?? null;
    if (sessionId) {
      await saveSession({
        executorId,
        sessionId,
        env,
        cwd: ctx.boundary.agentRoot,
        destDir: sessionDirOf(paths.dir),
        identity: ctx.boundary.identity ?? undefined,
        onSkip: (reason) => deps.onEvent?.({ type: "notice", message: `agent ${id}: its session was not kept (${reason})` }),
      });
    }
  }
  await writeJsonAtomic(paths.summary, summary);
  await writeJsonAtomic(paths.status, {
    schemaVersion: 1,
    kind: "wave-agent-status",
    agentId: id,
    status: record.status,
    statusCode: record.statusCode,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    executor: executorId,
    attempt: ctx.attemptNo,
    runs: outcome.runs,
    rateLimited: outcome.rateLimited,
    retryDelaysMs: outcome.retryDelaysMs,
    deadlineHit: status === "timed-out",
    idleTimeoutHit: status === "idle-timeout",
    startedAt: outcome.startedAt,
    completedAt: outcome.completedAt,
    durationMs: outcome.durationMs,
    detail,
    fingerprint: pa.fingerprint,
    usage: record.usage,
  });
  return { record, summary };
}
