/**
 * Running one staged agent once: it starts through the runtime (in the sandbox when there is one)
 * while a streaming parser reads its output and its usage is metered against its budgets; then its
 * status, record, execution summary and status file are worked out and written, and an interrupted
 * CLI session is kept for its next run.
 *
 * Behind the model proxy the agent is metered at the wire, whatever its CLI prints, and its token
 * is revoked when the process ends; its control-socket token is valid only while the process runs.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { errorMessage } from "../errors.js";
import type { WaveModelProxy } from "../proxy/wiring.js";
import type { ProcessOutcome } from "../runtime/types.js";
import { saveSession } from "../sessions/store.js";
import { createRedactor, type Redactor, redactFileInPlace, redactValue } from "../security/redact.js";
import { MIN_VARIANT_LENGTH } from "../security/variants.js";
import { createSignalParser } from "../signals/parser.js";
import { buildExecutionSummary } from "../signals/execution-summary.js";
import { writeJsonAtomic } from "../state/json-files.js";
import { relativeToRun } from "../state/paths.js";
import type { ExecutorId } from "../wave/schema.js";
import { type AgentRunContext, type AgentRunResult, effectiveTimeoutMinutes, type StagedAgent } from "./agent-run.js";
import { type AgentVerdict, agentRecordOf, usageOf, verdictOf } from "./agent-verdict.js";
import { sessionDirOf, wasInterrupted } from "./session-resume.js";
import type { AgentRecord, PreparedAgent } from "./types.js";

const MARKER_LINE = /^[ \t]*(?:[-*+] )?`?(\[(?:wave-[a-z0-9-]+|deploy-status|infra-status)\][^\n`]*)/gm;

/** One launch of a staged agent: what it runs and how its output and usage are watched. */
interface Launch {
  ctx: AgentRunContext;
  pa: PreparedAgent;
  executorId: ExecutorId;
  staged: StagedAgent;
  /** The model proxy when it carries the agent (usage metered at the wire), else null. */
  wire: WaveModelProxy | null;
}

/** Starts the agent's meter and output parser (usage as it streams is checked against its budgets). */
function watch({ ctx, pa, staged, wire }: Launch) {
  const id = pa.agent.agentId;
  const transcript = staged.spec.transcript ?? "text";
  // Usage as it streams: the agent's meter (its attempts in this run add up) and its budgets.
  const meter = ctx.budget.meter(id, pa.executor.model);
  if (wire) ctx.budget.meterAtWire(id, () => wire.usageOf(id));
  const limits = { usd: pa.executor.budget.usd, tokens: pa.executor.budget.tokens };
  // Only this launch's own nonce counts in its markers; what the run shows or keeps of its output
  // has every nonce of the run masked (`mask`): its own, and any other it got hold of.
  const issued = ctx.markerNonces?.issued ?? [];
  const mask = issued.length > 0 ? nonceMask(issued) : null;
  const parser = createSignalParser({
    nonce: staged.nonce,
    transcript,
    onUsage: (fact) => {
      if (meter.apply(fact)) ctx.budget.check(id, limits);
    },
  });
  return { meter, limits, parser, jsonTranscript: transcript !== "text", mask };
}

/** Masks the run's marker nonces in a launch's output events, agent log and summary. */
interface NonceMask {
  redactor: Redactor;
  /** The live output (agent-output events), masked as it streams. */
  output: ReturnType<Redactor["createScanner"]>;
}

function nonceMask(nonces: readonly string[]): NonceMask {
  const redactor = createRedactor(nonces);
  return { redactor, output: redactor.createScanner() };
}

/** A marker line as progress shows it: whatever follows `nonce=` masked (a cut-off nonce too), and the nonce itself. */
function shownMarker(text: string, mask: NonceMask | null): string {
  return mask ? mask.redactor.redact(text.replace(/(^|\s)nonce=\S*/gi, "$1nonce=***")) : text;
}

/** In the sandbox (sandbox auto|on): the same argv, run inside it; its denials are recorded when it ends. */
async function sandboxFor({ ctx, pa, executorId, staged, wire }: Launch) {
  if (!ctx.sandbox) return null;
  const { paths } = staged;
  return ctx.sandbox.wrap({
    agentId: pa.agent.agentId,
    executor: executorId,
    argv: staged.spec.argv,
    env: staged.env,
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
  });
}

/** Runs the agent's process to its end (rate-limit retries included). */
async function runProcess(launch: Launch, watched: ReturnType<typeof watch>, argv: string[]): Promise<ProcessOutcome> {
  const { ctx, pa, executorId, staged, wire } = launch;
  const { options, deps } = ctx;
  const { spec, paths, env } = staged;
  const id = pa.agent.agentId;
  const budgetSignal = ctx.budget.start(id);
  const separator = `\n--- wave: ${id} attempt ${ctx.attemptNo} (${executorId}) started ${deps.now().toISOString()} ---\n`;
  await fs.appendFile(paths.log, separator);
  const timeoutMs = effectiveTimeoutMinutes(options, pa) * 60_000;
  // The agent's identity on the control socket: a token valid only while this process runs.
  const token = ctx.control ? ctx.control.issueToken(id, ctx.run.attempt) : null;
  return deps
    .runProcess({
      argv,
      cwd: ctx.boundary.agentRoot,
      ...(ctx.boundary.identity ? { identity: ctx.boundary.identity } : {}),
      env: token ? { ...env, WAVE_AGENT_TOKEN: token } : env,
      stdin: spec.stdin,
      logPath: paths.log,
      // logs.maxBytes: the log keeps the head and the tail; the parser above still sees every byte.
      logMaxBytes: ctx.prepared.lane.logMaxBytes ?? null,
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
        watched.meter.startProcess();
        deps.onEvent?.({ type: "agent-start", agentId: id, executor: executorId, run: info.run });
      },
      onOutput: (chunk, source) => {
        // A JSON-transcript CLI writes its events to stdout; its stderr is diagnostics, and a process
        // that inherited it (a tool, a server) must not be able to add a whole event line there.
        if (source === "stdout" || !watched.jsonTranscript) watched.parser.push(chunk);
        if (deps.onEvent) {
          const { mask } = watched;
          // Live output is written at once except what could be the beginning of the nonce.
          const shown = mask ? Buffer.concat([...mask.output.push(chunk), ...mask.output.flushHeld(MIN_VARIANT_LENGTH)]) : chunk;
          if (shown.length > 0) deps.onEvent({ type: "agent-output", agentId: id, chunk: shown });
          const text = chunk.toString("utf8");
          if (text.includes("[")) {
            for (const m of text.matchAll(MARKER_LINE))
              deps.onEvent({ type: "agent-marker", agentId: id, text: shownMarker(m[1] ?? "", mask) });
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
    })
    .finally(() => {
      if (token) ctx.control?.revokeToken(token);
      // A retry registers again and gets a new token.
      if (wire) wire.revoke(id);
      ctx.budget.finish(id);
    });
}

/** Keeps an interrupted session with the run state, so that the agent's next run continues it. */
async function keepSession(launch: Launch, record: AgentRecord): Promise<void> {
  const { ctx, executorId, staged } = launch;
  if (!staged.session?.persist || !wasInterrupted(record)) return;
  const sessionId = record.usage?.sessionId ?? staged.session.resumeId ?? staged.session.newId ?? null;
  if (!sessionId) return;
  await saveSession({
    executorId,
    sessionId,
    env: staged.env,
    cwd: ctx.boundary.agentRoot,
    destDir: sessionDirOf(staged.paths.dir),
    identity: ctx.boundary.identity ?? undefined,
    onSkip: (reason) => ctx.deps.onEvent?.({ type: "notice", message: `agent ${record.id}: its session was not kept (${reason})` }),
  });
}

/** The agent's status file (status.json) for this run. */
function statusFile(launch: Launch, outcome: ProcessOutcome, verdict: AgentVerdict, record: AgentRecord) {
  return {
    schemaVersion: 1,
    kind: "wave-agent-status",
    agentId: record.id,
    status: record.status,
    statusCode: record.statusCode,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    executor: launch.executorId,
    attempt: launch.ctx.attemptNo,
    runs: outcome.runs,
    rateLimited: outcome.rateLimited,
    retryDelaysMs: outcome.retryDelaysMs,
    deadlineHit: verdict.status === "timed-out",
    idleTimeoutHit: verdict.status === "idle-timeout",
    startedAt: outcome.startedAt,
    completedAt: outcome.completedAt,
    durationMs: outcome.durationMs,
    detail: verdict.detail,
    fingerprint: launch.pa.fingerprint,
    usage: record.usage,
  };
}

/**
 * The agent's process ended: the rest of its masked output, and its log with every nonce of the
 * run masked (those issued meanwhile too: agents of the stage that run at the same time). Returns
 * what masks them all (for its summary), or null when the run issued none.
 */
async function maskNonceAfter({ ctx, pa, staged }: Launch, mask: NonceMask | null): Promise<Redactor | null> {
  if (!mask) return null;
  const id = pa.agent.agentId;
  const rest = Buffer.concat(mask.output.end());
  if (rest.length > 0) ctx.deps.onEvent?.({ type: "agent-output", agentId: id, chunk: rest });
  const all = createRedactor(ctx.markerNonces?.issued ?? []);
  try {
    await redactFileInPlace(staged.paths.log, all);
  } catch (error) {
    ctx.deps.onEvent?.({
      type: "warning",
      message: `agent ${id}: the marker nonces could not be masked in its log (${errorMessage(error)})`,
    });
  }
  return all;
}

/** Runs the agent (already staged) and records its status and summary. */
export async function runStagedAgent(
  ctx: AgentRunContext,
  pa: PreparedAgent,
  executorId: ExecutorId,
  staged: StagedAgent,
  previous: AgentRecord | undefined,
): Promise<AgentRunResult> {
  const { options, deps } = ctx;
  const id = pa.agent.agentId;
  // Behind the model proxy the agent is metered at the wire, whatever its CLI prints.
  const wire = ctx.modelProxy?.carries(id) ? ctx.modelProxy : null;
  const launch: Launch = { ctx, pa, executorId, staged, wire };
  const watched = watch(launch);
  const sandboxed = await sandboxFor(launch);
  const outcome = await runProcess(launch, watched, sandboxed?.argv ?? staged.spec.argv);
  if (sandboxed) {
    await sandboxed
      .done()
      .catch((error: unknown) =>
        deps.onEvent?.({ type: "warning", message: `agent ${id}: its sandbox record was not written (${errorMessage(error)})` }),
      );
  }
  watched.parser.end();
  const masked = await maskNonceAfter(launch, watched.mask);
  // The last usage events (codex reports its usage only when its turn ends) are in: an agent that
  // went over its budget by the end counts as stopped by it, unless the run was cancelled.
  ctx.budget.check(id, watched.limits);
  const budgetStop = outcome.status === "cancelled" ? null : ctx.budget.stopOf(id);
  const verdict = verdictOf(outcome, budgetStop, {
    timeoutMinutes: effectiveTimeoutMinutes(options, pa),
    idleTimeoutMinutes: options.idleTimeoutMinutes,
  });
  const built = await buildExecutionSummary({
    agent: pa.agent,
    signals: watched.parser.result(),
    root: options.root,
    exitCode: outcome.exitCode,
    logPath: relativeToRun(ctx.run, staged.paths.log),
    reportPath: pa.reportPath,
    timedOut: verdict.status === "timed-out",
  });
  // The agent may have echoed a nonce anywhere (a marker's detail): the summary never holds one.
  const summary = masked ? redactValue(built, masked) : built;
  const usage = usageOf(watched.meter.snapshot(), wire?.usageOf(id) ?? null, staged.continued);
  const record = agentRecordOf({ id, executorId, outcome, verdict, previous, usage });
  await keepSession(launch, record);
  await writeJsonAtomic(staged.paths.summary, summary);
  await writeJsonAtomic(staged.paths.status, statusFile(launch, outcome, verdict, record));
  return { record, summary };
}
