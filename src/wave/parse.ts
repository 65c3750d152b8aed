/**
 * parseWaveFile: one wave file (text or bytes) → WaveDefinition + every problem found in it.
 * Never throws for bad input and never stops at the first problem.
 */
import {
  extractOwnedPaths,
  type PathItem,
  parseExitContract,
  parseIdList,
  parsePathList,
  parseProofArtifacts,
  parsePrompt,
  parseRolePrompts,
  parseSkills,
} from "./agent-sections.js";
import { keyValuesOf, type ListContext } from "./bullets.js";
import { DiagnosticSink } from "./diagnostics.js";
import { parseExecutorSettings } from "./executor-settings.js";
import { existingOwnedDirectories, isCoveredBy } from "./repo-paths.js";
import { loadStandingPrompt, type RolePromptCache } from "./role-prompts.js";
import { DEFAULT_ROLE_BINDINGS, isDesignRolePromptPath, isSecurityRolePromptPath } from "./roles.js";
import type { AgentDefinition, AgentExecutorConfig, Diagnostic, RoleBindings, WaveDefinition } from "./schema.js";
import { preview } from "./preview.js";
import { type AgentBlock, outlineWaveFile, type Section, type WaveOutline } from "./structure.js";
import { decodeTextFile, findNulLine, sha256 } from "./text.js";
import { parseComponentPromotions, parseContext7, parseDeployEnvironments, parseEvalTargets } from "./wave-sections.js";

export interface ParseOptions {
  /** Repository root: enables reading role prompt files and spotting owned directories. */
  root?: string;
  /** Lane role bindings (default: A0/E0/A8/A9 and docs/agents/wave-*-role.md). */
  roles?: RoleBindings;
  /** With a config, role prompt paths must live under `roles.rolePromptDir`. */
  enforceRolePromptDir?: boolean;
  /** Shared cache of role prompt files across the wave files of one load. */
  rolePromptCache?: RolePromptCache;
}

export interface ParseResult {
  wave: WaveDefinition | null;
  diagnostics: Diagnostic[];
}

export const WAVE_SECTIONS = ["Component promotions", "Context7 defaults", "Eval targets", "Deploy environments"] as const;
export const AGENT_SECTIONS = [
  "Role prompts",
  "Executor",
  "Context7",
  "Capabilities",
  "Components",
  "Exit contract",
  "Deliverables",
  "Proof artifacts",
  "Skills",
  "Prompt",
] as const;

/** `slugify(`${wave}-${agentId}`)`: lowercase, runs of other characters → `-`, at most 48 chars. */
function slugify(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
}

const LOWER_KNOWN = new WeakMap<readonly string[], Map<string, string>>();

/** Picks known sections by exact name; warns about repeats and near-misses (wrong case). */
function indexSections(
  sections: Section[],
  known: readonly string[],
  level: "##" | "###",
  warn: (line: number, message: string) => void,
): Map<string, Section> {
  const map = new Map<string, Section>();
  let lowerKnown = LOWER_KNOWN.get(known);
  if (!lowerKnown) {
    lowerKnown = new Map(known.map((k) => [k.toLowerCase(), k]));
    LOWER_KNOWN.set(known, lowerKnown);
  }
  for (const s of sections) {
    if (lowerKnown.get(s.name.toLowerCase()) === s.name) {
      const first = map.get(s.name);
      if (first) warn(s.line, `"${level} ${s.name}" repeats the section at line ${first.line}; only the first one is used`);
      else map.set(s.name, s);
      continue;
    }
    const near = lowerKnown.get(s.name.toLowerCase());
    if (near) warn(s.line, `"${level} ${s.name}" is not recognised (section names are case-sensitive: did you mean "${level} ${near}"?)`);
  }
  return map;
}

function parseTitle(outline: WaveOutline, waveNumber: number, sink: DiagnosticSink): string | null {
  if (!outline.title) return null;
  const m = /^Wave\s+(\d+)\b\s*(?:[-–—:]\s*)?(.*)$/i.exec(outline.title.text);
  if (!m) return outline.title.text || null;
  if (Number(m[1]) !== waveNumber) {
    sink.warning(outline.title.line, `Title says wave ${m[1]} but the file name says wave ${waveNumber}; the file name wins`);
  }
  return m[2]!.trim() || null;
}

function parseAgent(
  block: AgentBlock,
  waveNumber: number,
  outline: WaveOutline,
  sink: DiagnosticSink,
  options: ParseOptions,
): AgentDefinition {
  const roles = options.roles ?? DEFAULT_ROLE_BINDINGS;
  const ctx: ListContext = { sink, who: `Agent ${block.agentId}`, agentId: block.agentId };
  const sections = indexSections(block.sections, AGENT_SECTIONS, "###", (line, message) =>
    sink.warning(line, `Agent ${block.agentId}: ${message}`, { agentId: block.agentId }),
  );
  const sectionLines: Record<string, number> = {};
  for (const [name, s] of sections) sectionLines[name] = s.line;
  const get = (name: (typeof AGENT_SECTIONS)[number]) => sections.get(name);

  const rolePromptItems = get("Role prompts")
    ? parseRolePrompts(get("Role prompts")!, ctx, options.enforceRolePromptDir ? roles.rolePromptDir : null)
    : [];
  const rolePromptPaths = rolePromptItems.map((r) => r.path);

  let executor: AgentExecutorConfig = {};
  const execSection = get("Executor");
  if (execSection) {
    const lines = keyValuesOf(execSection, ctx, "Executor setting").map((kv) => ({
      line: kv.n,
      key: kv.key,
      value: kv.value,
      column: kv.valueColumn,
    }));
    executor = parseExecutorSettings(lines, block.agentId, sink);
  }

  const context7Section = get("Context7");
  const context7 = context7Section ? parseContext7(context7Section, ctx) : null;
  const capabilities = get("Capabilities") ? parseIdList(get("Capabilities")!, ctx, "capability") : [];
  if (rolePromptPaths.some((p) => isDesignRolePromptPath(p, roles)) && !capabilities.includes("design")) capabilities.push("design");
  if (rolePromptPaths.some((p) => isSecurityRolePromptPath(p, roles)) && !capabilities.includes("security-review")) {
    capabilities.push("security-review");
  }
  const components = get("Components") ? parseIdList(get("Components")!, ctx, "component") : [];
  const exitContract = get("Exit contract") ? parseExitContract(get("Exit contract")!, ctx) : null;
  const deliverableItems = get("Deliverables") ? parsePathList(get("Deliverables")!, ctx, "deliverable") : [];
  const proofItems = get("Proof artifacts") ? parseProofArtifacts(get("Proof artifacts")!, ctx) : [];
  const skills = get("Skills") ? parseSkills(get("Skills")!, ctx) : [];

  const promptSection = get("Prompt");
  const prompt = promptSection ? parsePrompt(promptSection, ctx, outline.scanned) : null;
  if (!promptSection) {
    sink.error(block.line, `Agent ${block.agentId}: missing "### Prompt" section`, { agentId: block.agentId });
  }
  const owned = prompt ? extractOwnedPaths(prompt, ctx) : { paths: [] as PathItem[], labelLine: 0 };
  if (owned.labelLine) sectionLines["File ownership"] = owned.labelLine;
  const ownedPaths = owned.paths.map((p) => p.path);
  const ownedDirs = options.root ? existingOwnedDirectories(options.root, ownedPaths) : new Set<string>();
  const covered = (p: string) => ownedPaths.some((o) => isCoveredBy(p, o, ownedDirs));

  for (const d of deliverableItems) {
    if (d.path.endsWith("/")) {
      sink.error(d.line, `Agent ${block.agentId}: deliverable "${preview(d.path)}" must be a file path, not a directory path`, {
        agentId: block.agentId,
        column: d.column,
      });
    } else if (!covered(d.path)) {
      sink.error(d.line, `Agent ${block.agentId}: deliverable "${preview(d.path)}" is not covered by the agent's File ownership list`, {
        agentId: block.agentId,
        column: d.column,
      });
    }
  }
  for (const a of proofItems) {
    if (!covered(a.path)) {
      sink.error(a.line, `Agent ${block.agentId}: proof artifact "${preview(a.path)}" is not covered by the agent's File ownership list`, {
        agentId: block.agentId,
        column: a.column,
      });
    }
  }

  const overlay = prompt?.text ?? "";
  const parts: string[] = [];
  if (options.root && rolePromptItems.length > 0) {
    const cache = options.rolePromptCache ?? new Map();
    for (const item of rolePromptItems) {
      const standing = loadStandingPrompt(options.root, item.path, cache);
      if (standing.ok) parts.push(standing.text);
      else sink.error(item.line, `Agent ${block.agentId}: ${standing.error}`, { agentId: block.agentId, column: item.column });
    }
  }
  parts.push(overlay);

  const agent: AgentDefinition = {
    agentId: block.agentId,
    title: block.title,
    slug: slugify(`${waveNumber}-${block.agentId}`),
    line: block.line,
    promptLine: prompt?.line ?? 0,
    promptOverlay: overlay,
    prompt: parts.filter((p) => p !== "").join("\n\n"),
    rolePromptPaths,
    context7,
    exitContract,
    executor,
    components,
    componentTargets: {},
    capabilities,
    skills,
    deliverables: deliverableItems.map((d) => d.path),
    proofArtifacts: proofItems.map(({ path, kind, requiredFor }) => ({ path, kind, requiredFor })),
    ownedPaths,
    sectionLines,
  };
  return agent;
}

/**
 * Parses one wave file. `fileRel` is the repository-relative path used in diagnostics;
 * `waveNumber` comes from the file name. `input` may be the file's bytes (checked for UTF-8 and
 * NUL bytes, hashed as-is) or already-decoded text.
 */
/** `**Ownership**: strict|report` (src/closure/ownership.ts); anything else is an error on its line. */
function ownershipSetting(at: { text: string; line: number }, sink: DiagnosticSink): "strict" | "report" | null {
  const v = at.text.toLowerCase();
  if (v === "strict" || v === "report") return v;
  sink.error(at.line, `**Ownership** must be strict or report (got "${at.text}")`);
  return null;
}

export function parseWaveFile(input: string | Uint8Array, fileRel: string, waveNumber: number, options: ParseOptions = {}): ParseResult {
  const sink = new DiagnosticSink(fileRel, waveNumber);
  const fingerprint = sha256(input);
  let text: string;
  if (typeof input === "string") {
    const nulLine = findNulLine(input);
    if (nulLine > 0) {
      sink.error(nulLine, `wave file contains a NUL byte at line ${nulLine} (binary data is not a wave file)`);
      return { wave: null, diagnostics: sink.items };
    }
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  } else {
    const decoded = decodeTextFile(input, "wave file");
    if (!decoded.ok) {
      sink.error(decoded.problem.line, decoded.problem.message, { column: decoded.problem.column });
      return { wave: null, diagnostics: sink.items };
    }
    text = decoded.text;
  }
  if (text.trim() === "") {
    sink.error(1, "wave file is empty");
    return { wave: null, diagnostics: sink.items };
  }

  const outline = outlineWaveFile(text, sink);
  const title = parseTitle(outline, waveNumber, sink);
  const top = indexSections(outline.sections, WAVE_SECTIONS, "##", (line, message) => sink.warning(line, message));
  const ctx: ListContext = { sink, who: `Wave ${waveNumber}` };
  const promotions = top.get("Component promotions") ? parseComponentPromotions(top.get("Component promotions")!, ctx) : [];
  const context7Defaults = top.get("Context7 defaults") ? parseContext7(top.get("Context7 defaults")!, ctx) : null;
  const evalTargets = top.get("Eval targets") ? parseEvalTargets(top.get("Eval targets")!, ctx) : [];
  const deployEnvironments = top.get("Deploy environments") ? parseDeployEnvironments(top.get("Deploy environments")!, ctx) : [];

  const sectionLines: Record<string, number> = {};
  for (const [name, s] of top) sectionLines[name] = s.line;
  if (outline.title) sectionLines.Title = outline.title.line;
  if (outline.commitMessage) sectionLines["Commit message"] = outline.commitMessage.line;
  if (outline.ownership) sectionLines.Ownership = outline.ownership.line;
  const ownership = outline.ownership ? ownershipSetting(outline.ownership, sink) : null;
  const targets = new Map(promotions.map((p) => [p.componentId, p.targetLevel]));
  const agents = outline.agents.map((block) => {
    const agent = parseAgent(block, waveNumber, outline, sink, options);
    agent.componentTargets = Object.fromEntries(agent.components.map((c) => [c, targets.get(c) ?? null]));
    return agent;
  });

  const wave: WaveDefinition = {
    wave: waveNumber,
    file: fileRel,
    title,
    commitMessage: outline.commitMessage?.text ?? null,
    deployEnvironments,
    evalTargets,
    context7Defaults,
    componentPromotions: promotions,
    agents,
    fingerprint,
    sectionLines,
    ...(ownership ? { ownership } : {}),
  };
  return { wave, diagnostics: sink.items };
}
