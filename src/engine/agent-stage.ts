/**
 * Staging one agent launch (no spawn): its prompt and executor overlay files where the agent can
 * read them, its environment, and its launch preview (launch.json).
 *
 * The environment is built from the allow-list, adjusted by the OS boundary, then by a rehearsal's
 * hook, and last by the model proxy (src/proxy/wiring.ts): the CLI gets a per-agent token and the
 * proxy's base URL. With a session to continue, the saved session is put where the CLI looks for it
 * and the prompt is the short continue prompt; when it cannot be put back, the launch starts over.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { buildLaunchSpec } from "../executors/launch-spec.js";
import { launchPreview } from "../executors/preview.js";
import type { ExecutorContext, LaunchSpec, SessionRequest } from "../executors/types.js";
import { markerInstructions } from "../prompt/markers.js";
import { OPENCODE_PROXY_CONFIG_FILE, upstreamOfPointedEnv } from "../proxy/wiring.js";
import { buildAgentEnv } from "../security/env.js";
import { isInside } from "../security/confine.js";
import { continuePrompt } from "../sessions/continue-prompt.js";
import { restoreSession } from "../sessions/store.js";
import { writeJsonAtomic, writeTextAtomic } from "../state/json-files.js";
import { type AgentPaths, agentPaths } from "../state/paths.js";
import type { ExecutorId } from "../wave/schema.js";
import { type AgentRunContext, effectiveTimeoutMinutes, executorContext, launchNonce, type StagedAgent, waveVars } from "./agent-run.js";
import type { SessionPlan } from "./session-resume.js";
import type { PreparedAgent } from "./types.js";

/** Where the agent's files are: the run's copy, and what the agent itself reads. */
interface AgentInputs {
  paths: AgentPaths;
  /** The agent's own inputs directory (behind another OS user), else null. */
  inputs: string | null;
  visible: AgentPaths;
}

/** Writes the prompt where the run keeps it and where the agent reads it; makes its overlay directory. */
async function writeInputs(ctx: AgentRunContext, pa: PreparedAgent, prompt: string): Promise<AgentInputs> {
  const paths = agentPaths(ctx.run, pa.agent.agentId);
  await fs.mkdir(paths.dir, { recursive: true });
  await writeTextAtomic(paths.prompt, prompt);
  // What the agent itself reads (its prompt, executor overlay files) lives where its user can read
  // it: the run directory is private to the orchestrator when agents run as another user.
  const inputs = await ctx.boundary.inputsDir(pa.agent.agentId);
  const visible: AgentPaths = inputs ? { ...paths, prompt: path.join(inputs, "prompt.md"), overlay: path.join(inputs, "overlay") } : paths;
  await fs.mkdir(visible.overlay, { recursive: true });
  // The agent's CLI writes into its overlay too (codex's last message): behind another user, the
  // overlay directory is that user's; the files the orchestrator puts there stay its own.
  if (inputs && ctx.boundary.identity) await fs.chown(visible.overlay, ctx.boundary.identity.uid, ctx.boundary.identity.gid);
  if (inputs) await writeTextAtomic(visible.prompt, prompt);
  return { paths, inputs, visible };
}

/** Builds the launch spec of `context` and writes its files. */
async function specFor(context: ExecutorContext): Promise<LaunchSpec> {
  const spec = buildLaunchSpec(context);
  for (const file of spec.files) await writeTextAtomic(file.path, file.content);
  return spec;
}

/** The agent's environment, the names it was denied, and the model endpoint its CLI is pointed at. */
interface AgentEnv {
  env: Record<string, string>;
  denied: string[];
  endpoint: string | null;
}

async function agentEnv(
  ctx: AgentRunContext,
  pa: PreparedAgent,
  context: ExecutorContext,
  spec: LaunchSpec,
  files: AgentInputs,
): Promise<AgentEnv> {
  const denied: string[] = [];
  const baseEnv = buildAgentEnv({
    parentEnv: ctx.deps.env,
    secretEnvKeys: spec.secretEnvKeys,
    allowList: [...pa.executor.env, ...(spec.passEnvKeys ?? [])],
    waveVars: waveVars(ctx, pa, files.visible, context.markerNonce),
    executorEnv: spec.env,
    allowGithubToken: ctx.options.allowGithubToken,
    allowListLabel: `agent ${pa.agent.agentId} env`,
    onDenied: (name, reason) => denied.push(`${name} (${reason})`),
  });
  let env = await ctx.boundary.adjustEnv(pa.agent.agentId, baseEnv);
  const home = ctx.boundary.mode === "separate" && env.HOME ? env.HOME : null;
  const identity = ctx.boundary.identity ?? null;
  if (ctx.deps.rehearsal) {
    // `wave rehearse`: the CLI talks to the scripted model server, with its config in a home of its own.
    env = await ctx.deps.rehearsal({ context, spec, env, home, identity });
  }
  if (ctx.modelProxy) {
    // Last: the CLI talks to the model proxy with a token of its own (in a rehearsal, the proxy's
    // upstream is the scripted server the rehearsal pointed it at).
    env = await ctx.modelProxy.launch({ context, spec, env, home, identity });
  }
  // Where the CLI now sends its model requests: the one model endpoint its sandbox lets it reach.
  const pointed = upstreamOfPointedEnv({ context, spec, env, home, identity }, env);
  const endpoint = "upstream" in pointed ? pointed.upstream.baseUrl : null;
  // Generated files that may hold credentials never leave the job: list them for the uploader
  // (the proxy's OpenCode config holds the agent's token).
  const credentialFiles = spec.files.filter((f) => f.sensitive).map((f) => f.path);
  if (env.OPENCODE_CONFIG && path.basename(env.OPENCODE_CONFIG) === OPENCODE_PROXY_CONFIG_FILE) credentialFiles.push(env.OPENCODE_CONFIG);
  const sensitive = credentialFiles.filter((f) => isInside(ctx.run.runDir, f)).map((f) => path.relative(ctx.run.runDir, f));
  if (sensitive.length > 0) await writeJsonAtomic(files.paths.sensitive, sensitive);
  env.PATH = [ctx.shimDir, env.PATH ?? ""].filter(Boolean).join(path.delimiter);
  return { env, denied, endpoint };
}

/** A launch that continues the agent's interrupted session: its session request and spec (with the short prompt). */
interface Continued {
  session: SessionRequest;
  spec: LaunchSpec;
}

/** Puts the saved session back where the CLI looks for it; null when it cannot (a warning says why: the agent starts over). */
async function continueSession(
  ctx: AgentRunContext,
  launch: {
    pa: PreparedAgent;
    executorId: ExecutorId;
    session: SessionRequest;
    env: Record<string, string>;
    files: AgentInputs;
    nonce: string | null;
  },
  continueFrom: NonNullable<SessionPlan["continueFrom"]>,
): Promise<Continued | null> {
  const { pa, executorId, env, files } = launch;
  const warn = (reason: string) =>
    ctx.deps.onEvent?.({
      type: "warning",
      message: `agent ${pa.agent.agentId}: its interrupted session is not continued (${reason}); it starts over`,
    });
  const restored = await restoreSession({
    savedDir: continueFrom.savedDir,
    env,
    cwd: ctx.boundary.agentRoot,
    identity: ctx.boundary.identity ?? undefined,
    onSkip: warn,
  });
  if (!restored) return null;
  const session = { ...launch.session, resumeId: restored.sessionId, newId: null };
  // The prompt names the variable: the value is the launch's own (new with each launch).
  const nonce = launch.nonce ? "$WAVE_MARKER_NONCE" : null;
  const markers = markerInstructions({ agent: pa.agent, role: pa.role, wave: ctx.prepared.wave, nonce, reportPath: pa.reportPath });
  const short = continuePrompt({ agentId: pa.agent.agentId, reason: continueFrom.reason, markerInstructions: markers });
  await writeTextAtomic(files.paths.prompt, short);
  if (files.inputs) await writeTextAtomic(files.visible.prompt, short);
  const spec = await specFor(executorContext(ctx, pa, executorId, short, files.visible, launch.nonce, session));
  return { session, spec };
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
  const files = await writeInputs(ctx, pa, prompt);
  let session = plan?.request ?? null;
  // This launch's own marker nonce: only its environment holds it.
  const nonce = launchNonce(ctx, pa);
  const context = executorContext(ctx, pa, executorId, prompt, files.visible, nonce, session ?? undefined);
  let spec = await specFor(context);
  const { env, denied, endpoint } = await agentEnv(ctx, pa, context, spec, files);
  let continued = false;
  if (session && plan?.continueFrom && !ctx.options.dryRun) {
    const resumed = await continueSession(ctx, { pa, executorId, session, env, files, nonce }, plan.continueFrom);
    if (resumed) ({ session, spec } = resumed);
    continued = resumed !== null;
  }
  await writeJsonAtomic(files.paths.launch, {
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
  return { spec, paths: files.paths, env, session, continued, nonce, endpoint, visible: files.visible };
}
