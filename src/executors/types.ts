/**
 * The contract between executors (which decide what to run) and the runtime (which runs it).
 * An executor is a pure function of the agent, its resolved executor settings and the paths of
 * its run directory; it never spawns anything itself.
 */
import type { AgentDefinition, AgentRole, EvalTarget, ExecutorId, ResolvedExecutor } from "../wave/schema.js";

/** How an agent's output stream is written: "text", or a JSON format an adapter's transcript reads (`codex-json`). */
export type TranscriptFormat = string;

export interface OverlayFile {
  /** Absolute path (inside the agent's overlay directory of the run directory). */
  path: string;
  content: string;
  /**
   * True when the content carries values the user wrote inline (claude settings/hooks JSON,
   * opencode config JSON) that may hold credentials: keep the file out of uploads, or redact it.
   */
  sensitive?: boolean;
}

export interface LaunchLimits {
  /** From `budget.minutes`; the runtime uses min(this, --timeout-minutes). */
  attemptTimeoutMinutes: number | null;
  /** A turn limit the CLI enforces (claude --max-turns, opencode steps), or null. */
  knownTurnLimit: number | null;
  turnLimitSource: string;
  notes: string[];
}

export interface LaunchSpec {
  executorId: ExecutorId;
  /** argv[0] is the program (looked up on PATH when it has no slash); never run through a shell. */
  argv: string[];
  /** Text written to the child's stdin, then stdin is closed. null → stdin is /dev/null. */
  stdin: string | null;
  /**
   * Environment variables this executor sets for the child (e.g. OPENCODE_CONFIG) — not secrets.
   * Secrets are never copied here; see `secretEnvKeys`.
   */
  env: Record<string, string>;
  /** Names of parent-environment variables the executor needs (API keys), passed through if set. */
  secretEnvKeys: string[];
  /**
   * Names of non-secret parent-environment variables the CLI reads (base URLs, provider switches),
   * passed through if set. Not redacted.
   */
  passEnvKeys?: string[];
  /** Files to write before the launch (prompts for system prompts, generated config files). */
  files: OverlayFile[];
  /** Whether rate-limit detection + retry applies to this executor. */
  rateLimitRetries: boolean;
  limits: LaunchLimits;
  /** A file the CLI writes its final message into, if any (codex --output-last-message). */
  lastMessagePath: string | null;
  /**
   * How the CLI writes its output stream, so the marker parser reads markers only from the
   * agent's own messages. Absent: plain text (`local`, `command`).
   */
  transcript?: TranscriptFormat;
}

/**
 * What the launch does with the CLI's own session (its conversation file). Absent: the session is
 * kept on disk and a fresh one is started.
 */
export interface SessionRequest {
  /** Whether the CLI keeps its session on disk (false: claude --no-session-persistence, codex --ephemeral). */
  persist: boolean;
  /**
   * The CLI session to continue (claude `--resume <id>`, codex `exec … resume <id>`), or null for a
   * fresh one. A UUID; the prompt is then the short continue prompt, not the full one.
   */
  resumeId: string | null;
  /**
   * The id a fresh session gets, chosen before the launch (a UUID, new for every launch): Claude
   * Code takes it as `--session-id`, so the session is known even when the process is killed before
   * it prints anything. Codex cannot be given one (its id is the `thread.started` event's
   * `thread_id`); ignored there and on resume.
   */
  newId?: string | null;
}

export interface ExecutorContext {
  agent: AgentDefinition;
  role: AgentRole;
  executor: ResolvedExecutor;
  lane: string;
  wave: number;
  /** Absolute repository root (the agent's cwd). */
  root: string;
  /** Absolute path of the composed prompt file. */
  promptPath: string;
  /** The composed prompt text (same content as promptPath). */
  prompt: string;
  /** Absolute directory for this agent's generated files (overlay). */
  overlayDir: string;
  /** Harness system prompt text (for executors that take a system prompt). */
  systemPrompt: string;
  /**
   * argv prefix that runs the `wave` CLI itself (e.g. [node, dist/cli/index.js]); the `local`
   * executor appends its hidden sub-command to it.
   */
  cliArgv: string[];
  /** Marker nonce closure agents must include (null when nonces are off). */
  markerNonce: string | null;
  /**
   * Repository-relative report (or design packet) path this agent's role writes, if known. The
   * `local` executor derives it from the owned paths when absent.
   */
  reportPath?: string | null;
  /** The wave's eval targets (the `local` executor's cont-EVAL marker names them). */
  evalTargets?: EvalTarget[];
  /**
   * Reads a user file an executor must merge (the base `claude.settings` file). Defaults to a
   * synchronous read from disk; tests may pass their own.
   */
  readFile?: (absPath: string) => string;
  /** The CLI session: keep it, continue one, or name the new one (see SessionRequest). */
  session?: SessionRequest;
  /**
   * The agent's resolved skills. Besides being inlined in the prompt, each is written into the
   * overlay (`skills/<id>/SKILL.md`) and handed to the CLI its own way: codex `--add-dir` of that
   * directory, OpenCode `instructions`, Claude Code the system-prompt file.
   */
  skills?: readonly SkillText[];
}

/** One resolved skill as an executor delivers it. */
export interface SkillText {
  id: string;
  title: string;
  text: string;
}
