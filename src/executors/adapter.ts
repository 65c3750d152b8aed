/**
 * The adapter of one agent CLI: everything the harness knows about an executor, in one object, so
 * no module outside src/executors/ branches on an executor id (it asks `adapterOf(id)` in
 * src/executors/registry.ts instead). One folder per executor, `src/executors/<id>/`, holds its
 * adapter (`adapter.ts`) and the code behind it; the registry lists the adapters.
 *
 * Members (every one except `id`, `title`, `buildLaunch`, `program` and `session` is optional: an
 * executor without it simply lacks the feature, and callers fall back as documented here):
 *
 *   id            The executor id as wave files and wave.config.json write it (`codex`).
 *   title         The CLI's name for people (`Codex CLI`).
 *   settings      Its section of executor settings: the section name (`codex.*` keys,
 *                 `executors.codex`) and the field table (src/wave/executor-vocabulary.ts field
 *                 specs). Absent: no settings of its own (`local`).
 *   buildLaunch   argv, stdin, environment names and overlay files of one launch (a pure function
 *                 of the ExecutorContext: never spawns anything).
 *   program       argv[0] the launch would run (for preflight's PATH check), or null when the
 *                 executor has none configured.
 *   preflight     `runsWaveCli`: the program is the wave CLI itself (`local`): it is not checked
 *                 against the agent user's access.
 *   keys          Credentials: `secretEnv` (variables holding a key, redacted, passed through when
 *                 set), `providerKeys(executor)` (more, from its settings), `unknownKeyHint` and
 *                 `loginFiles(env, home)` (files a CLI login leaves). Absent: needs none.
 *   turnLimit     The turn limit the CLI itself enforces and where it comes from, with notes;
 *                 absent: "not-applicable" (no model turns) and `budget.turns` is not mentioned.
 *   transcript    How its JSON output stream is read: `dialect` (names its events), `formats` (the
 *                 LaunchSpec transcript formats whose events are this dialect's), `match(event)`
 *                 (0: not its event; 1: its event type; 2: its event by a field only it writes —
 *                 the highest claim wins), `worthReading` (the lines of its events that may
 *                 say something: the signal parser skips every other line unparsed), `read`
 *                 (marker text, turn-limit, error of one event), `usage` (usage figures of one
 *                 event), `renderer(tools)` (its events as log
 *                 lines, with the shared call bookkeeping of src/signals/render.ts) and
 *                 `renderFormat` (how a `command` agent's log of this executor is shown).
 *   usage         `reporting(executor)`: what it reports (`cost`, `tokens`, `none`) and, for
 *                 `none`, `noneReason(executor)`. Absent: `none`, "reports no usage".
 *   session       Its own CLI session: `support(executor)` (resumable? id chosen beforehand? why)
 *                 and, for CLIs that keep one session file, `files` (home directory variable and
 *                 default, finding the file after a run, where a saved one goes back).
 *   endpoint      Pointing the CLI at a model endpoint (rehearsal server, model proxy): `point`
 *                 (environment and config for the endpoint), `upstream` (where the model proxy
 *                 sends its requests by default, from the orchestrator's environment),
 *                 `pointedUpstream` (the endpoint an already-pointed environment names) and
 *                 `pointedLaunch` (the launch as the pointing left it, when it rewrote a config).
 *                 Absent: the proxy and the rehearsal server cannot carry it.
 *   rehearsal     The rehearsal server speaks to it: `permissionHint(executor)` (the setting that
 *                 decides whether its file tool may write), `versionEnv(home)` (variables that keep
 *                 `--version` off the user's config).
 *   verifiedVersion  The CLI version its flags, output and model-API traffic were checked against.
 *   sandboxHosts  Model API hosts its providers use, allowed when the model proxy does not carry it.
 *   settingsProblem  Why the resolved settings cannot run (a `command` without argv), or null.
 *   userProgram   The argv of a program the user wrote that runs as the agent (`command`): the
 *                 files it names are inputs of a closure agent. Absent: none.
 *   runsNoModel   The built-in agent (`local`): no model, so no proof-centric work, no API key.
 *   pricedModels  Current models of its provider (its own default among them), for `wave init`'s
 *                 pricing note.
 *
 * The parts several adapters share are built by src/executors/adapter-parts.ts (`vendorCli` for
 * the head of a vendor CLI's adapter, `noTurnLimit`, `freshSessions`, `noUsage`).
 *
 * Adding a CLI: a folder `src/executors/<id>/` with an adapter, its id in EXECUTOR_IDS
 * (src/executors/ids.ts), its settings table in EXECUTOR_SECTIONS (src/executors/sections.ts) if it
 * has settings, and one line in the registry. Additive changes only here.
 */
import type { FieldSpec, SectionName } from "../wave/executor-vocabulary.js";
import type { ExecutorId, ResolvedExecutor } from "../wave/schema.js";
import type { UsageFact } from "../usage/extract.js";
import type { Upstream } from "../proxy/server.js";
import type { ExecutorContext, LaunchSpec, TranscriptFormat } from "./types.js";

export type Env = Readonly<Record<string, string | undefined>>;

/* ------------------------------------------------------------------ transcript */

/** What one transcript event contributes. */
export interface TranscriptFacts {
  /** The agent's own message text in this event (one entry per text block), to scan for markers. */
  texts: string[];
  /** The event said the CLI stopped at its turn limit. */
  maxTurns: boolean;
  /** The turn limit the event names, when given. */
  turnLimit: number | null;
  error: string | null;
  /** Usage figures the event reports (src/usage/extract.ts). */
  usage: UsageFact[];
}

/** Per-stream state of the readers: each dialect keeps its own keys in it. */
export type TranscriptState = Record<string, unknown>;

/** Renders one dialect's events as log lines; one per stream (it may keep state). */
export interface DialectRenderer {
  lines(event: Record<string, unknown>): string[];
  /** Forget the state (a new session starts). */
  reset(): void;
}

/** What the log renderer (src/signals/render.ts) lends a dialect's renderer: state shared by all dialects. */
export interface RenderTools {
  /** The stream's current format, or "auto" when it is not known. */
  readonly format: string;
  /** A new session starts: every dialect's state is reset. */
  startSession(): void;
  /** One call line; remembers its label so a result that does not follow it can name it. */
  toolCall(id: string | null, name: string, input: unknown, title?: string | null): string;
  /** The lines of a call's result (headed by the call when other output came between). */
  toolResult(id: string | null, text: string | null, isError: boolean): string[];
  /** A call line shown on its start, and on its completion only when the start was not the last thing shown. */
  callHead(id: string | null, label: string, started: boolean): string[];
  /** A path, relative to the agent's working directory when under it. */
  path(p: string): string;
}

export interface TranscriptAdapter {
  dialect: string;
  formats: readonly TranscriptFormat[];
  match(event: Record<string, unknown>): 0 | 1 | 2;
  /**
   * Matches (somewhere in the raw line, without a `g` or `y` flag) every line of its output whose
   * event `read` or `usage` may get something from, or that changes the stream's state: an error,
   * a termination fact, usage figures or a session id, a message whose shape is checked, an event
   * that ends a streamed message. The signal parser (src/signals/parser.ts) leaves any other `{…}`
   * line unparsed unless it holds a marker tag, so an event type missing here is never read.
   */
  worthReading: RegExp;
  read(event: Record<string, unknown>, facts: TranscriptFacts, format: TranscriptFormat, state: TranscriptState): void;
  usage(event: Record<string, unknown>): UsageFact[];
  renderer(tools: RenderTools): DialectRenderer;
  /** The render format of a log of this executor ("auto": guess from the events). */
  renderFormat: string;
}

/* ------------------------------------------------------------------ usage */

/** `cost`: tokens and USD; `tokens`: tokens only (a cost needs a price); `none`: nothing. */
export type UsageReporting = "cost" | "tokens" | "none";

export interface UsageAdapter {
  reporting(executor: ResolvedExecutor): UsageReporting;
  /** Why it reports nothing with these settings (only asked when `reporting` is `none`). */
  noneReason?(executor: ResolvedExecutor): string;
}

/* ------------------------------------------------------------------ sessions */

export interface SessionSupport {
  /**
   * The launch can continue an earlier session of this CLI (its argv for that exists) and the
   * session is one file that can be saved into the run state and put back later.
   */
  resumable: boolean;
  /**
   * A fresh session can be given an id chosen before the launch (claude `--session-id`); otherwise
   * the id is read from the CLI's output (codex: the `thread.started` event).
   */
  presetId: boolean;
  /** One sentence: how the session is continued, or why it cannot be. */
  reason: string;
}

/** The CLI's home directory and the trusted directory it is walked from. */
export interface CliHome {
  /** Absolute: the CLI's home variable, or its default under HOME. */
  dir: string;
  /**
   * Where no-follow walking starts: HOME when the CLI's directory lies inside it (the agent owns
   * everything below HOME, the directory of the CLI included), else the CLI's directory itself.
   */
  anchor: string;
  /** The steps from `anchor` to `dir`. */
  steps: string[];
}

export interface SessionFiles {
  /** The variable naming the CLI's home (`CODEX_HOME`). */
  homeEnv: string;
  /** Its default directory under HOME (`.codex`). */
  homeDefault: string;
  /** Finds the session file below the CLI's home (steps below it), or null. */
  find(home: CliHome, sessionId: string, cwd: string, exists: (steps: string[]) => Promise<boolean>): Promise<string[] | null>;
  /** Where a saved session (recorded at `homePath` below the home) goes back for `cwd`, or null when the path is not one. */
  restoreSteps(homePath: string, sessionId: string, cwd: string): Promise<string[] | null>;
}

export interface SessionAdapter {
  support(executor: ResolvedExecutor): SessionSupport;
  files?: SessionFiles;
}

/* ------------------------------------------------------------------ endpoints */

/** A launch as the endpoint hooks see it (src/engine/types.ts RehearsalLaunch has this shape). */
export interface EndpointLaunch {
  context: ExecutorContext;
  spec: LaunchSpec;
  env: Record<string, string>;
  home: string | null;
  identity: { uid: number; gid: number } | null;
}

export interface CliEndpoint {
  /** Base URL without the API version: the CLI's requests go to `<baseUrl>/v1/...`. */
  baseUrl: string;
  /** The key the CLI sends (a throwaway key or a per-agent token: never a real one). */
  key: string;
  /** Id of the provider entry written into the CLI's config. */
  providerId: string;
  /** Its display name. */
  providerName: string;
  /** The variable the CLI reads the key from, where it takes a name (codex). */
  keyEnv: string;
}

export interface PointOptions {
  /** Per-agent homes go here when the engine gives none (agents sharing the orchestrator's user). */
  homesDir: string;
  isolateHome: boolean;
  offline: boolean;
  noCliRetries: boolean;
  /** The OpenCode config written next to the generated one. */
  openCodeConfigFile: string;
  /** Model name when OpenCode's model names no provider. */
  defaultOpenCodeModel: string;
  /** OpenCode's `anthropic` and `openai` providers keep their own SDK (else every provider is OpenAI-compatible). */
  keepOpenCodeSdk: boolean;
  /** Values that must not reach the agent: a variable holding one is removed. */
  forbiddenValues?: readonly string[];
}

export type UpstreamChoice = { upstream: Upstream } | { skip: string };

export interface EndpointAdapter {
  /** Sets `env` (already stripped of keys, HOME set when isolated) so the CLI talks to `endpoint`. */
  point(launch: EndpointLaunch, env: Record<string, string>, home: string, endpoint: CliEndpoint, options: PointOptions): Promise<void>;
  /** The model proxy's default upstream for an agent with `model`, from the orchestrator's `env`. */
  upstream(model: string | null, env: Env): UpstreamChoice;
  /** The endpoint an environment pointed by `point` names (`provider`: the upstream's provider id), or null. */
  pointedUpstream(env: Record<string, string>, provider: string): Upstream | null;
  /** The launch as `point` left it (its rewritten config), and that config's path; absent: unchanged. */
  pointedLaunch?<L extends EndpointLaunch>(launch: L, env: Record<string, string>): { launch: L; configFile: string | null };
}

/* ------------------------------------------------------------------ the rest */

export interface TurnLimit {
  limit: number | null;
  source: string;
  notes: string[];
}

interface RehearsalAdapter {
  permissionHint(executor: ResolvedExecutor): string;
  /** Variables for `<cli> --version` run with a throwaway `home`. */
  versionEnv(home: string): Record<string, string>;
}

interface KeysAdapter {
  secretEnv: readonly string[];
  /** Further key variables an agent's settings call for (OpenCode: its model's provider). */
  providerKeys?(executor: ResolvedExecutor): string[];
  /** What to ask for when no key variable is known (no provider/model set). */
  unknownKeyHint?: string;
  loginFiles?(env: Env, home: string): string[];
}

export interface ExecutorAdapter {
  readonly id: ExecutorId;
  readonly title: string;
  readonly settings?: { section: SectionName; fields: Readonly<Record<string, FieldSpec>> };
  buildLaunch(ctx: ExecutorContext): LaunchSpec;
  program(executor: ResolvedExecutor, cliArgv: readonly string[]): string | null;
  readonly preflight?: { runsWaveCli?: boolean };
  readonly keys?: KeysAdapter;
  turnLimit?(executor: ResolvedExecutor): TurnLimit;
  readonly transcript?: TranscriptAdapter;
  readonly usage?: UsageAdapter;
  readonly session: SessionAdapter;
  readonly endpoint?: EndpointAdapter;
  readonly rehearsal?: RehearsalAdapter;
  readonly verifiedVersion?: string;
  readonly sandboxHosts?: readonly string[];
  settingsProblem?(executor: ResolvedExecutor, agentId: string): string | null;
  userProgram?(executor: ResolvedExecutor): readonly string[];
  readonly runsNoModel?: boolean;
  readonly pricedModels?: readonly string[];
}
