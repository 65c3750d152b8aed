/**
 * Fixtures for executor tests: an agent definition, a resolved executor (as the resolver fills it:
 * every section with its defaults) and an ExecutorContext around them.
 */
import path from "node:path";
import type { ExecutorContext } from "../../src/executors/types.js";
import type { AgentDefinition, AgentRole, ExecutorId, ResolvedExecutor } from "../../src/wave/schema.js";

export function makeAgent(overrides: Partial<AgentDefinition> = {}): AgentDefinition {
  return {
    agentId: "A1",
    title: "Build the parser",
    slug: "3-a1",
    line: 10,
    promptLine: 20,
    promptOverlay: "Do the work.",
    prompt: "Do the work.",
    rolePromptPaths: [],
    context7: null,
    exitContract: null,
    executor: {},
    components: [],
    componentTargets: {},
    capabilities: [],
    skills: [],
    deliverables: [],
    proofArtifacts: [],
    ownedPaths: ["src/parser/"],
    sectionLines: {},
    ...overrides,
  };
}

type Sections = Pick<ResolvedExecutor, "codex" | "claude" | "opencode" | "command" | "copilot" | "gemini">;

export function makeExecutor(
  id: ExecutorId,
  overrides: Partial<Omit<ResolvedExecutor, keyof Sections>> & {
    codex?: Partial<ResolvedExecutor["codex"]>;
    claude?: Partial<ResolvedExecutor["claude"]>;
    opencode?: Partial<ResolvedExecutor["opencode"]>;
    command?: ResolvedExecutor["command"];
    copilot?: Partial<ResolvedExecutor["copilot"]>;
    gemini?: Partial<ResolvedExecutor["gemini"]>;
  } = {},
): ResolvedExecutor {
  const { codex, claude, opencode, command, copilot, gemini, ...rest } = overrides;
  return {
    id,
    selectedBy: "agent-id",
    role: "implementation",
    profile: null,
    model: null,
    fallbacks: [],
    retryPolicy: "fallback-allowed",
    allowFallbackOnRetry: true,
    budget: { turns: null, minutes: null, usd: null, tokens: null },
    tags: [],
    env: [],
    networkAllowed: [],
    ...rest,
    codex: { command: ["codex"], sandbox: "danger-full-access", ...codex },
    claude: { command: ["claude"], outputFormat: "text", permissionMode: "bypassPermissions", appendSystemPromptMode: "append", ...claude },
    opencode: { command: ["opencode"], format: "default", ...opencode },
    command: command ?? {},
    copilot: { command: ["copilot"], ...copilot },
    gemini: { command: ["gemini"], approvalMode: "yolo", ...gemini },
  };
}

export interface CtxOptions {
  agent?: Partial<AgentDefinition>;
  role?: AgentRole;
  root?: string;
  overlayDir?: string;
  prompt?: string;
  systemPrompt?: string;
  markerNonce?: string | null;
  cliArgv?: string[];
  extra?: Partial<ExecutorContext>;
}

export function makeCtx(executor: ResolvedExecutor, options: CtxOptions = {}): ExecutorContext {
  const root = options.root ?? "/repo";
  const overlayDir = options.overlayDir ?? path.join(root, ".wave/main/wave-3/attempt-1/agents/A1/overlay");
  const prompt = options.prompt ?? "PROMPT-TEXT: implement the parser\n";
  return {
    agent: makeAgent(options.agent),
    role: options.role ?? "implementation",
    executor,
    lane: "main",
    wave: 3,
    root,
    promptPath: path.join(path.dirname(overlayDir), "prompt.md"),
    prompt,
    overlayDir,
    systemPrompt: options.systemPrompt ?? "",
    cliArgv: options.cliArgv ?? ["/usr/bin/node", "/opt/wave/dist/cli/index.js"],
    markerNonce: options.markerNonce ?? null,
    ...options.extra,
  };
}

/** The values following each occurrence of `flag` in argv. */
export function valuesOf(argv: readonly string[], flag: string): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a === flag && i + 1 < argv.length) out.push(argv[i + 1]!);
  });
  return out;
}
