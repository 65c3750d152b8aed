/**
 * wave.config.json: reading (strict JSON, zod schema, renamed legacy keys) and resolving the
 * settings of one lane: top level → projects.<id> → lanes.<lane> (per-key merge, as the
 * reference does). A malformed config is an error naming the file and the JSON path; it is never
 * silently replaced by defaults. The executors' CLI sections are normalized field by field from
 * the executor vocabulary (src/wave/executor-vocabulary.ts), not copied here.
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import {
  type ExecutorProfileConfig,
  type ExecutorsConfig,
  type LaneConfig,
  type ProjectConfig,
  type SkillsConfig,
  type WaveConfigFile,
  WaveConfigFileSchema,
} from "./config-schema.js";
import { DiagnosticSink, WaveInputError } from "./diagnostics.js";
import { DEFAULT_EXECUTOR_ID, normalizeSection, SECTION_NAMES, type SectionName, withoutLaneOnly } from "./executor-vocabulary.js";
import { formatJsonPath, type JsonPath, jsonErrorPosition, locateJsonValues, positionOfPath } from "./json-locate.js";
import { normalizeRelPath, toRepoRel } from "./repo-paths.js";
import { unknownKeyHint } from "./schema-keys.js";
import { DEFAULT_ROLE_BINDINGS } from "./roles.js";
import {
  AGENT_ROLES,
  type AgentRole,
  type Diagnostic,
  type ExecutorId,
  type ExecutorProfile,
  type LaneExecutors,
  type LaneSettings,
  type LaneSkills,
  type RoleBindings,
  type RuntimePolicy,
  type ValidationSettings,
  resolveBudget,
} from "./schema.js";
import { decodeTextFile } from "./text.js";
import { splitShellWords } from "./words.js";

export const CONFIG_FILE_NAME = "wave.config.json";
const DEFAULT_LANE = "main";
const DEFAULT_PROJECT = "default";
/** `logs.maxBytes` when no level of the config sets it: an agent's log keeps 256 MiB of an attempt. */
const DEFAULT_LOG_MAX_BYTES = 256 * 1024 * 1024;
const DEFAULT_REQUIRED_PROMPT_REFERENCES = ["docs/reference/repository-guidance.md", "docs/research/agent-context-sources.md"];

export interface LoadedConfig {
  config: WaveConfigFile;
  /** Path of the config file for diagnostics (repository-relative when inside the root). */
  file: string;
  /** Warnings (unknown keys, unknown roles) — the config is still usable. */
  warnings: Diagnostic[];
}

const LEGACY_RENAMES: { parent: string; key: string; replacement: string }[] = [
  { parent: "roles", key: "evaluatorAgentId", replacement: "contQaAgentId" },
  { parent: "roles", key: "evaluatorRolePromptPath", replacement: "contQaRolePromptPath" },
  { parent: "defaultExecutorByRole", key: "evaluator", replacement: "cont-qa" },
  { parent: "byRole", key: "evaluator", replacement: "cont-qa" },
];

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function findLegacyKeys(value: unknown, at: (string | number)[], out: { path: JsonPath; message: string }[]): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) findLegacyKeys(v, [...at, i], out);
    return;
  }
  if (!isPlainObject(value)) return;
  const parent = at[at.length - 1];
  for (const [k, v] of Object.entries(value)) {
    const rename = LEGACY_RENAMES.find((r) => r.parent === parent && r.key === k);
    if (rename) {
      out.push({
        path: [...at, k],
        message: `${formatJsonPath([...at, k])} was renamed to ${formatJsonPath([...at, rename.replacement])}`,
      });
    }
    findLegacyKeys(v, [...at, k], out);
  }
}

function findUnknownRoleKeys(value: unknown, at: (string | number)[], out: { path: JsonPath; message: string }[]): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) findUnknownRoleKeys(v, [...at, i], out);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if ((k === "defaultExecutorByRole" || k === "byRole") && isPlainObject(v)) {
      for (const role of Object.keys(v)) {
        if (!(AGENT_ROLES as readonly string[]).includes(role) && role !== "evaluator") {
          out.push({
            path: [...at, k, role],
            message: `${formatJsonPath([...at, k, role])}: unknown role "${role}" is ignored (roles: ${AGENT_ROLES.join(", ")})`,
          });
        }
      }
    }
    findUnknownRoleKeys(v, [...at, k], out);
  }
}

function deleteAt(root: unknown, p: readonly PropertyKey[], key: string): void {
  let cur: unknown = root;
  for (const seg of p) {
    if (cur === null || typeof cur !== "object") return;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  if (isPlainObject(cur)) delete cur[key];
}

function issueMessage(issue: z.core.$ZodIssue): string {
  const where = formatJsonPath(issue.path as (string | number)[]);
  if (issue.code === "invalid_union") return `${where}: has the wrong type or shape`;
  return `${where}: ${issue.message}`;
}

/** Reads and checks a config file. Throws WaveInputError (exit 2) when it is unusable. */
export function readConfigFile(absPath: string, root: string): LoadedConfig {
  const file = toRepoRel(root, absPath);
  const sink = new DiagnosticSink(file);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(absPath);
  } catch (e) {
    sink.error(0, `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    throw new WaveInputError(sink.items);
  }
  const decoded = decodeTextFile(bytes, file);
  if (!decoded.ok) {
    sink.error(decoded.problem.line, decoded.problem.message, { column: decoded.problem.column });
    throw new WaveInputError(sink.items);
  }
  return parseConfigText(decoded.text, file);
}

/** Checks the text of a config file (`file` names it in diagnostics). Throws WaveInputError. */
export function parseConfigText(text: string, file: string): LoadedConfig {
  const sink = new DiagnosticSink(file);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message;
    const pos = jsonErrorPosition(text, message);
    sink.error(pos.line, `${file} is not valid JSON: ${message}`, { column: pos.column });
    throw new WaveInputError(sink.items);
  }
  const positions = locateJsonValues(text);
  const at = (p: JsonPath) => positionOfPath(positions, p) ?? { line: 0, column: 0 };
  if (!isPlainObject(raw)) {
    sink.error(1, `${file} must contain a JSON object`);
    throw new WaveInputError(sink.items);
  }

  const legacy: { path: JsonPath; message: string }[] = [];
  findLegacyKeys(raw, [], legacy);
  for (const l of legacy) sink.error(at(l.path).line, l.message, { column: at(l.path).column });

  const roleWarnings: { path: JsonPath; message: string }[] = [];
  findUnknownRoleKeys(raw, [], roleWarnings);
  for (const w of roleWarnings) sink.warning(at(w.path).line, w.message, { column: at(w.path).column });

  const first = WaveConfigFileSchema.safeParse(raw);
  let config: WaveConfigFile | null = first.success ? first.data : null;
  if (!first.success) {
    const clone = structuredClone(raw);
    let realErrors = 0;
    for (const issue of first.error.issues) {
      const p = issue.path as (string | number)[];
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          const pos = at([...p, key]);
          const hint = unknownKeyHint(WaveConfigFileSchema, p, key);
          sink.warning(pos.line, `${formatJsonPath([...p, key])}: unknown key is ignored${hint}`, { column: pos.column });
          deleteAt(clone, p, key);
        }
        continue;
      }
      realErrors++;
      const pos = at(p);
      sink.error(pos.line, issueMessage(issue), { column: pos.column });
    }
    if (realErrors === 0) {
      const second = WaveConfigFileSchema.safeParse(clone);
      if (second.success) config = second.data;
      else for (const issue of second.error.issues) sink.error(at(issue.path as JsonPath).line, issueMessage(issue));
    }
  }
  if (!config || sink.items.some((d) => d.severity === "error")) {
    throw new WaveInputError(sink.items, `${file} is not a valid wave configuration:`);
  }
  return { config, file, warnings: sink.items };
}

/* ------------------------------------------------------------------ lane resolution */

export interface ResolveLaneOptions {
  lane?: string;
  project?: string;
  /** Repository root, for the legacy waves directory fallback. */
  root?: string;
  /** Config file name for diagnostics. */
  configFile?: string;
}

const joinRel = (a: string, b: string) => {
  const base = normalizeRelPath(a).replace(/\/+$/, "");
  const child = normalizeRelPath(b).replace(/\/+$/, "");
  if (!base || base === ".") return child;
  if (!child) return base;
  return `${base}/${child}`;
};
const cleanDir = (p: string) => normalizeRelPath(p).replace(/\/+$/, "");

/** Checks and normalizes a lane or project name (lowercased). Throws WaveInputError. */
export function normalizeLaneName(value: string, what: "lane" | "project", file = "(command line)"): string {
  const v = value.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(v)) {
    const sink = new DiagnosticSink(file);
    sink.error(0, `invalid ${what} name "${value}": use lowercase letters, digits, "_" or "-"`);
    throw new WaveInputError(sink.items);
  }
  return v;
}

function commandArgv(value: string | string[] | undefined, where: string, errors: string[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value;
  const split = splitShellWords(value);
  if (!split.ok) {
    errors.push(`${where}: ${split.error}`);
    return undefined;
  }
  if (split.items.length === 0) {
    errors.push(`${where}: is empty`);
    return undefined;
  }
  return split.items;
}

function defined<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

type Sections = Pick<ExecutorsConfig, SectionName>;
type LaneSections = Pick<LaneExecutors, SectionName>;

/** The CLI sections of one config layer, normalized field by field from the executor vocabulary. */
function normalizeSections(ex: Sections, where: string, errors: string[]): LaneSections {
  const out = {} as Record<SectionName, Record<string, unknown>>;
  for (const section of SECTION_NAMES) {
    out[section] = normalizeSection(section, ex[section] as Record<string, unknown> | undefined, where, errors, commandArgv);
  }
  return out as LaneSections;
}

function normalizeProfile(name: string, p: ExecutorProfileConfig, errors: string[]): ExecutorProfile {
  const where = `executors.profiles.${name}`;
  const sections = normalizeSections(p, where, errors);
  const own = (section: SectionName) => withoutLaneOnly(section, sections[section]);
  return {
    name,
    id: p.id ?? null,
    model: p.model ?? null,
    fallbacks: p.fallbacks ?? [],
    tags: p.tags ?? [],
    budget: resolveBudget(p.budget, undefined),
    retryPolicy: p.retryPolicy ?? null,
    allowFallbackOnRetry: p.allowFallbackOnRetry ?? null,
    env: p.env ?? [],
    ...(Object.fromEntries(SECTION_NAMES.map((section) => [section, own(section)])) as Pick<ExecutorProfile, SectionName>),
  };
}

function mergeExecutors(...layers: (ExecutorsConfig | undefined)[]): ExecutorsConfig {
  const out: ExecutorsConfig = {};
  for (const l of layers) {
    if (!l) continue;
    if (l.default !== undefined) out.default = l.default;
    if (l.profiles) out.profiles = { ...out.profiles, ...l.profiles };
    for (const k of SECTION_NAMES) {
      if (l[k]) (out as Record<string, unknown>)[k] = { ...(out[k] ?? {}), ...l[k] };
    }
  }
  return out;
}

function normalizeExecutors(ex: ExecutorsConfig, errors: string[]): LaneExecutors {
  const profiles: Record<string, ExecutorProfile> = {};
  for (const [name, p] of Object.entries(ex.profiles ?? {})) {
    const key = name.trim().toLowerCase();
    profiles[key] = normalizeProfile(key, p, errors);
  }
  return {
    default: ex.default ?? DEFAULT_EXECUTOR_ID,
    defaultFromConfig: ex.default !== undefined,
    profiles,
    ...normalizeSections(ex, "executors", errors),
  };
}

function mergeSkills(...layers: (SkillsConfig | undefined)[]): LaneSkills {
  const out: LaneSkills = { dir: "skills", base: [], byRole: {}, byRuntime: {}, byDeployKind: {} };
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b].map((x) => x.trim().toLowerCase()).filter(Boolean))];
  for (const l of layers) {
    if (!l) continue;
    if (l.dir) out.dir = cleanDir(l.dir);
    out.base = union(out.base, l.base ?? []);
    for (const k of ["byRole", "byRuntime", "byDeployKind"] as const) {
      for (const [key, list] of Object.entries(l[k] ?? {})) out[k][key.toLowerCase()] = union(out[k][key.toLowerCase()] ?? [], list);
    }
  }
  return out;
}

function threshold(v: number | null | undefined, fallback: number | null): number | null {
  return v === undefined ? fallback : v;
}

function normalizeValidation(v: NonNullable<WaveConfigFile["validation"]>): ValidationSettings {
  const modes = (m: { bootstrap?: number; standard?: number; strict?: number } | undefined) => ({
    bootstrap: m?.bootstrap ?? 0,
    standard: m?.standard ?? 4,
    strict: m?.strict ?? 10,
  });
  return {
    requiredPromptReferences: v.requiredPromptReferences ?? DEFAULT_REQUIRED_PROMPT_REFERENCES,
    requireDocumentationStewardFromWave: threshold(v.requireDocumentationStewardFromWave, 0),
    requireContext7DeclarationsFromWave: threshold(v.requireContext7DeclarationsFromWave, 6),
    requireExitContractsFromWave: threshold(v.requireExitContractsFromWave, 6),
    requireIntegrationStewardFromWave: threshold(v.requireIntegrationStewardFromWave, null),
    requireComponentPromotionsFromWave: threshold(v.requireComponentPromotionsFromWave, 0),
    requireAgentComponentsFromWave: threshold(v.requireAgentComponentsFromWave, 0),
    gateModeThresholds: modes(v.gateModeThresholds),
    closureModeThresholds: modes(v.closureModeThresholds),
    autoClosure: {
      allowInferredIntegration: v.autoClosure?.allowInferredIntegration ?? false,
      allowAutoDocNoChange: v.autoClosure?.allowAutoDocNoChange ?? false,
      allowAutoDocProjection: v.autoClosure?.allowAutoDocProjection ?? false,
      allowSkipContQaInBootstrap: v.autoClosure?.allowSkipContQaInBootstrap ?? false,
    },
  };
}

function normalizeRoles(r: NonNullable<WaveConfigFile["roles"]>): RoleBindings {
  const d = DEFAULT_ROLE_BINDINGS;
  const p = (v: string | undefined, fallback: string) => (v === undefined ? fallback : cleanDir(v));
  return {
    rolePromptDir: p(r.rolePromptDir, d.rolePromptDir),
    contQaAgentId: r.contQaAgentId ?? d.contQaAgentId,
    contEvalAgentId: r.contEvalAgentId ?? d.contEvalAgentId,
    integrationAgentId: r.integrationAgentId ?? d.integrationAgentId,
    documentationAgentId: r.documentationAgentId ?? d.documentationAgentId,
    contQaRolePromptPath: p(r.contQaRolePromptPath, d.contQaRolePromptPath),
    contEvalRolePromptPath: p(r.contEvalRolePromptPath, d.contEvalRolePromptPath),
    integrationRolePromptPath: p(r.integrationRolePromptPath, d.integrationRolePromptPath),
    documentationRolePromptPath: p(r.documentationRolePromptPath, d.documentationRolePromptPath),
    securityRolePromptPath: p(r.securityRolePromptPath, d.securityRolePromptPath),
    designRolePromptPath: p(r.designRolePromptPath, d.designRolePromptPath),
  };
}

function normalizeRuntimePolicy(layers: (Partial<RuntimePolicyLike> | undefined)[]): RuntimePolicy {
  const merged: Partial<RuntimePolicyLike> = {};
  for (const l of layers) if (l) Object.assign(merged, defined(l as Record<string, unknown>));
  const byRole: Partial<Record<AgentRole, ExecutorId>> = {};
  for (const [role, id] of Object.entries(merged.defaultExecutorByRole ?? {})) {
    const r = role.trim().toLowerCase();
    if ((AGENT_ROLES as readonly string[]).includes(r)) byRole[r as AgentRole] = id;
  }
  return {
    runtimeMixTargets: { ...(merged.runtimeMixTargets ?? {}) },
    defaultExecutorByRole: byRole,
    fallbackExecutorOrder: merged.fallbackExecutorOrder ?? [],
    requireMarkerNonce: merged.requireMarkerNonce ?? false,
    maxAgentsPerJob: merged.maxAgentsPerJob ?? null,
  };
}

interface RuntimePolicyLike {
  runtimeMixTargets: Partial<Record<ExecutorId, number>>;
  defaultExecutorByRole: Record<string, ExecutorId>;
  fallbackExecutorOrder: ExecutorId[];
  requireMarkerNonce: boolean;
  maxAgentsPerJob: number;
}

function laneWavesDir(root: string | undefined, preferred: string, docsDir: string): string {
  if (!root) return preferred;
  const legacy = joinRel(docsDir, "waves");
  if (fs.existsSync(path.join(root, preferred)) || !fs.existsSync(path.join(root, legacy))) return preferred;
  return legacy;
}

/**
 * Normalized settings of (project, lane). `config` null means "no wave.config.json": built-in
 * defaults and `hasConfig: false` (lenient validation). Throws WaveInputError for an unknown
 * project or an invalid lane name.
 */
export function resolveLaneSettings(config: WaveConfigFile | null, options: ResolveLaneOptions = {}): LaneSettings {
  const c = config ?? {};
  const file = options.configFile ?? CONFIG_FILE_NAME;
  const defaultLane = c.defaultLane ?? DEFAULT_LANE;
  const lane = normalizeLaneName(options.lane ?? defaultLane, "lane", file);
  const projectId = normalizeLaneName(options.project ?? c.defaultProject ?? DEFAULT_PROJECT, "project", file);
  let project: ProjectConfig;
  if (c.projects) {
    const found = Object.entries(c.projects).find(([id]) => id.trim().toLowerCase() === projectId);
    if (!found) {
      const sink = new DiagnosticSink(file);
      sink.error(0, `unknown project "${projectId}" (projects in ${file}: ${Object.keys(c.projects).join(", ") || "none"})`);
      throw new WaveInputError(sink.items);
    }
    project = found[1];
  } else {
    project = { lanes: c.lanes ?? {} };
  }
  const laneEntry = (lanes: Record<string, LaneConfig> | undefined) =>
    Object.entries(lanes ?? {}).find(([name]) => name.trim().toLowerCase() === lane)?.[1];
  const laneConfig: LaneConfig = laneEntry(project.lanes) ?? laneEntry(c.lanes) ?? {};

  const rootDir = project.rootDir ?? ".";
  const projectDocsDir = cleanDir(project.paths?.docsDir ?? joinRel(rootDir, c.paths?.docsDir ?? "docs"));
  const repoMode = c.repoMode ?? "single-repo";
  const docsDir = cleanDir(
    laneConfig.docsDir ?? (repoMode === "single-repo" && lane === defaultLane ? projectDocsDir : joinRel(projectDocsDir, lane)),
  );
  const plansDir = cleanDir(laneConfig.plansDir ?? joinRel(docsDir, "plans"));
  const preferredWaves = cleanDir(laneConfig.wavesDir ?? joinRel(plansDir, "waves"));
  const projectPlans = joinRel(projectDocsDir, "plans");
  const pathOf = (
    key:
      | "componentCutoverMatrixDocPath"
      | "componentCutoverMatrixJsonPath"
      | "benchmarkCatalogPath"
      | "context7BundleIndexPath"
      | "stateRoot",
    fallback: string,
  ) => cleanDir(laneConfig[key] ?? project.paths?.[key] ?? c.paths?.[key] ?? fallback);

  const errors: string[] = [];
  const executors = normalizeExecutors(mergeExecutors(c.executors, project.executors, laneConfig.executors), errors);
  if (errors.length > 0) {
    const sink = new DiagnosticSink(file);
    for (const e of errors) sink.error(0, e);
    throw new WaveInputError(sink.items, `${file} is not a valid wave configuration:`);
  }
  const runtimePolicy = normalizeRuntimePolicy([
    c.runtimePolicy,
    project.runtimePolicy,
    laneConfig.runtimePolicy,
    defined({
      runtimeMixTargets: laneConfig.runtimeMixTargets,
      defaultExecutorByRole: laneConfig.defaultExecutorByRole,
      fallbackExecutorOrder: laneConfig.fallbackExecutorOrder,
    }),
  ]);

  return {
    lane,
    project: projectId,
    hasConfig: config !== null,
    configFile: config !== null ? file : null,
    docsDir,
    plansDir,
    wavesDir: laneWavesDir(options.root, preferredWaves, docsDir),
    sharedPlanDocs: (
      laneConfig.sharedPlanDocs ??
      project.sharedPlanDocs ??
      c.sharedPlanDocs ??
      ["current-state.md", "master-plan.md", "migration.md"].map((f) => `${plansDir}/${f}`)
    ).map(cleanDir),
    roles: normalizeRoles({ ...c.roles, ...project.roles, ...laneConfig.roles }),
    validation: normalizeValidation({ ...c.validation, ...project.validation, ...laneConfig.validation }),
    executors,
    runtimePolicy,
    skills: mergeSkills(c.skills, project.skills, laneConfig.skills),
    pricing: { ...c.pricing },
    sandbox: laneConfig.sandbox ?? project.sandbox ?? c.sandbox ?? null,
    ownership: laneConfig.ownership ?? project.ownership ?? c.ownership ?? null,
    networkAllowed: [
      ...new Set([...(c.network?.allowed ?? []), ...(project.network?.allowed ?? []), ...(laneConfig.network?.allowed ?? [])]),
    ],
    logMaxBytes: laneConfig.logs?.maxBytes ?? project.logs?.maxBytes ?? c.logs?.maxBytes ?? DEFAULT_LOG_MAX_BYTES,
    capabilityRouting: {
      preferredAgents: {
        ...c.capabilityRouting?.preferredAgents,
        ...project.capabilityRouting?.preferredAgents,
        ...laneConfig.capabilityRouting?.preferredAgents,
      },
    },
    paths: {
      stateRoot: pathOf("stateRoot", ".tmp"),
      context7BundleIndexPath: pathOf("context7BundleIndexPath", "docs/context7/bundles.json"),
      benchmarkCatalogPath: pathOf("benchmarkCatalogPath", "docs/evals/benchmark-catalog.json"),
      componentCutoverMatrixDocPath: pathOf("componentCutoverMatrixDocPath", `${projectPlans}/component-cutover-matrix.md`),
      componentCutoverMatrixJsonPath: pathOf("componentCutoverMatrixJsonPath", `${projectPlans}/component-cutover-matrix.json`),
    },
  };
}
