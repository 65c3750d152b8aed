/**
 * The executor vocabulary: every executor setting declared once.
 *
 * One table per CLI section, in the CLI's folder (`src/executors/<id>/settings.ts`, gathered with
 * the executor ids by src/executors/sections.ts), and one here for the settings every executor
 * shares (`id`, `model`, `budget`, …). The field constructors are src/executors/fields.ts.
 * Each field names, in one place:
 *   - `kind`: how a wave file writes it (`### Executor` lines), which also decides how its layers
 *     merge: a `list` or `envNames` field adds up (lane ∪ profile ∪ agent), anything else is replaced;
 *   - `config`: the zod schema of its value in wave.config.json;
 *   - `value`: the zod schema of the value the argv builders (src/executors/<cli>/launch.ts) receive.
 * and optionally:
 *   - `wave: false`: settable in wave.config.json only (no `### Executor` key);
 *   - `laneOnly: true`: kept in the lane's settings but not handed to the builder (the lane's
 *     `model` of a CLI, which becomes the resolved executor's own `model`);
 *   - `default`: the value the resolved settings hold when no layer sets one (the builder's type
 *     then has the field as required);
 *   - `inert`: accepted for compatibility, the builder ignores it (the reason is the text);
 *   - `waveAliases`: further `### Executor` keys of the same field.
 *
 * Everything else is derived from these tables, so adding a setting is one entry in its table plus
 * its line in the builder:
 *   - the config file's sections (src/wave/config-schema.ts: `configSectionSchema`),
 *   - the resolved types (src/wave/schema.ts: `settingsSchema`, `laneSectionSchema`,
 *     `resolvedSectionSchema`; z.infer gives CodexSettings, ClaudeSettings, …),
 *   - the wave-file keys (src/wave/executor-settings.ts: `<section>.<snake_case field>`),
 *   - the config merge (src/wave/config.ts: `normalizeSection`) and the layer merge of the
 *     resolution (`mergeSectionLayers`).
 * test/wave/executor-vocabulary.test.ts walks the tables through all of these. Two places still
 * name fields themselves: src/wave/resolve-executor.ts (its list fields and defaults, which the
 * test holds to `mergeSectionLayers`) and the key descriptions of scripts/config-doc.ts (whose
 * generator fails on a key without one).
 *
 * This module imports only the field tables, the executor ids and src/executors/fields.ts
 * (schema.ts and config-schema.ts import it), so the budget shape, which the shared settings need, is declared here too and
 * re-exported by schema.ts under its old name.
 */
import { z } from "zod";

/* ------------------------------------------------------------------ value primitives and field kinds */

export * from "../executors/fields.js";
import { EnvNameSchema, type FieldSpec, Str, StrArray, type ValueKind } from "../executors/fields.js";
import { EXECUTOR_SECTIONS } from "../executors/sections.js";
import { DEFAULT_EXECUTOR_ID, EXECUTOR_IDS, type ExecutorId, ExecutorIdSchema } from "../executors/ids.js";

export { DEFAULT_EXECUTOR_ID, EXECUTOR_IDS, EXECUTOR_SECTIONS, type ExecutorId, ExecutorIdSchema };

/**
 * An agent's budget as written (wave file `budget.*` keys, config profiles): turns (advisory),
 * minutes (a deadline per attempt), usd and tokens (stopped when spent; see src/usage/budget.ts).
 */
export const BudgetInputSchema = z.strictObject({
  turns: z.number().int().positive().optional(),
  minutes: z.number().positive().optional(),
  usd: z.number().positive().optional(),
  tokens: z.number().int().positive().optional(),
});
export type BudgetInput = z.infer<typeof BudgetInputSchema>;
export const BUDGET_KEYS = ["turns", "minutes", "usd", "tokens"] as const;
/** How each `budget.<key>` line of a wave file is read. */
export const BUDGET_KEY_KINDS: Record<(typeof BUDGET_KEYS)[number], ValueKind> = {
  turns: { t: "posInt" },
  minutes: { t: "posNumber" },
  usd: { t: "posNumber" },
  tokens: { t: "posInt" },
};

export type SectionName = keyof typeof EXECUTOR_SECTIONS;
export const SECTION_NAMES = Object.keys(EXECUTOR_SECTIONS) as SectionName[];

/**
 * The settings every executor shares: on an agent (`### Executor`) and, unless `profile: false`,
 * in a config profile (`executors.profiles.<name>`). `wave` is the key (these are kebab-case or
 * dotted, so they are listed rather than derived). How they resolve is src/wave/resolve-executor.ts.
 */
export const COMMON_FIELDS = {
  id: { kind: { t: "executor" }, config: ExecutorIdSchema, value: ExecutorIdSchema, wave: "id" },
  profile: { kind: { t: "string", lower: true }, config: Str, value: z.string(), wave: "profile", profile: false },
  model: { kind: { t: "string", noDash: true }, config: Str, value: z.string(), wave: "model" },
  fallbacks: { kind: { t: "executors" }, config: z.array(ExecutorIdSchema), value: z.array(ExecutorIdSchema), wave: "fallbacks" },
  tags: { kind: { t: "list", noDash: false }, config: StrArray, value: z.array(z.string()), wave: "tags" },
  budget: { kind: { t: "budget" }, config: BudgetInputSchema, value: BudgetInputSchema, wave: "budget" },
  retryPolicy: {
    kind: { t: "enum", values: ["sticky", "fallback-allowed"] },
    config: z.enum(["sticky", "fallback-allowed"]),
    value: z.enum(["sticky", "fallback-allowed"]),
    wave: "retry-policy",
  },
  allowFallbackOnRetry: { kind: { t: "bool" }, config: z.boolean(), value: z.boolean(), wave: "allow-fallback-on-retry" },
  /** Extra environment variable names this agent may receive (allow-list). */
  env: { kind: { t: "envNames" }, config: z.array(EnvNameSchema), value: z.array(z.string()), wave: "env" },
  /** Hosts or ecosystems this agent may reach in the sandbox, besides the run's `network.allowed`. */
  networkAllowed: { kind: { t: "hosts" }, config: z.array(Str), value: z.array(z.string()), wave: "network.allowed", profile: false },
} satisfies Record<string, { kind: ValueKind; config: z.ZodType; value: z.ZodType; wave: string; profile?: false }>;

/* ------------------------------------------------------------------ derivations */

type Fields = Record<string, FieldSpec>;

/** `profileName` → `profile_name`: the wave-file spelling of a field. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `### Executor` keys of one section's field: `<section>.<snake_case>` and its aliases; none when config-only. */
export function waveKeysOf(section: SectionName, name: string): string[] {
  const spec = (EXECUTOR_SECTIONS[section] as Fields)[name];
  if (!spec || spec.wave === false) return [];
  return [`${section}.${snakeCase(name)}`, ...(spec.waveAliases ?? [])];
}

/** Whether the layers of a field add up (lists) instead of the last one winning. */
export function mergesAsUnion(spec: Pick<FieldSpec, "kind">): boolean {
  return spec.kind.t === "list" || spec.kind.t === "envNames";
}

type ConfigShape<T extends Fields> = { [K in keyof T]: z.ZodOptional<T[K]["config"]> };
type SettingsShape<T extends Fields> = { [K in keyof T as T[K] extends { laneOnly: true } ? never : K]: z.ZodOptional<T[K]["value"]> };
type LaneShape<T extends Fields> = { [K in keyof T]: z.ZodOptional<T[K]["value"]> };
type ResolvedShape<T extends Fields> = {
  [K in keyof T as T[K] extends { laneOnly: true } ? never : K]: T[K] extends { default: unknown }
    ? T[K]["value"]
    : z.ZodOptional<T[K]["value"]>;
};

function shape(fields: Fields, pick: (spec: FieldSpec) => z.ZodType | null): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const s = pick(spec);
    if (s) out[name] = s;
  }
  return out;
}

/** The section as wave.config.json writes it (strict: unknown keys are reported). */
export function configSectionSchema<T extends Fields>(fields: T): z.ZodObject<ConfigShape<T>, z.core.$strict> {
  return z.strictObject(shape(fields, (s) => s.config.optional())) as unknown as z.ZodObject<ConfigShape<T>, z.core.$strict>;
}

/** The CLI settings of one layer (agent, profile), every field optional; lane-only fields left out. */
export function settingsSchema<T extends Fields>(fields: T): z.ZodObject<SettingsShape<T>> {
  return z.object(shape(fields, (s) => (s.laneOnly ? null : s.value.optional()))) as unknown as z.ZodObject<SettingsShape<T>>;
}

/** The lane's settings of one section (`executors.<cli>` after the merge), lane-only fields included. */
export function laneSectionSchema<T extends Fields>(fields: T): z.ZodObject<LaneShape<T>> {
  return z.object(shape(fields, (s) => s.value.optional())) as unknown as z.ZodObject<LaneShape<T>>;
}

/** What the builder receives: fields with a default are always there. */
export function resolvedSectionSchema<T extends Fields>(fields: T): z.ZodObject<ResolvedShape<T>> {
  return z.object(
    shape(fields, (s) => (s.laneOnly ? null : s.default !== undefined ? s.value : s.value.optional())),
  ) as unknown as z.ZodObject<ResolvedShape<T>>;
}

/*
 * Every section at once, for the schemas that hold them all (schema.ts, config-schema.ts): one
 * entry per section of EXECUTOR_SECTIONS, so a new section needs no line there.
 */
type Sections = typeof EXECUTOR_SECTIONS;
export type ConfigSections = { [K in SectionName]: ReturnType<typeof configSectionSchema<Sections[K]>> };
export type SettingsSections = { [K in SectionName]: ReturnType<typeof settingsSchema<Sections[K]>> };
export type LaneSections = { [K in SectionName]: ReturnType<typeof laneSectionSchema<Sections[K]>> };
export type ResolvedSections = { [K in SectionName]: ReturnType<typeof resolvedSectionSchema<Sections[K]>> };

function eachSection(make: (fields: Fields) => z.ZodType): Record<SectionName, z.ZodType> {
  return Object.fromEntries(SECTION_NAMES.map((section) => [section, make(EXECUTOR_SECTIONS[section] as Fields)])) as Record<
    SectionName,
    z.ZodType
  >;
}

/** Each section as wave.config.json writes it (`configSectionSchema`). */
export const configSections = (): ConfigSections => eachSection(configSectionSchema) as unknown as ConfigSections;
/** Each section of one layer, agent or profile (`settingsSchema`). */
export const settingsSections = (): SettingsSections => eachSection(settingsSchema) as unknown as SettingsSections;
/** Each section of the lane (`laneSectionSchema`). */
export const laneSections = (): LaneSections => eachSection(laneSectionSchema) as unknown as LaneSections;
/** Each section as its builder receives it (`resolvedSectionSchema`). */
export const resolvedSections = (): ResolvedSections => eachSection(resolvedSectionSchema) as unknown as ResolvedSections;

/** The same schemas, each optional (a section the file or the agent need not write). */
export function optionalSections<T extends Record<string, z.ZodType>>(schemas: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

/** Fields of the shared settings a config profile accepts. */
type ProfileShape = {
  [K in keyof typeof COMMON_FIELDS as (typeof COMMON_FIELDS)[K] extends { profile: false } ? never : K]: z.ZodOptional<
    (typeof COMMON_FIELDS)[K]["config"]
  >;
};
type AgentShape = { [K in keyof typeof COMMON_FIELDS]: z.ZodOptional<(typeof COMMON_FIELDS)[K]["value"]> };

/** The shared settings of `executors.profiles.<name>` (without the CLI sections). */
export function profileCommonShape(): ProfileShape {
  const all = COMMON_FIELDS as Record<string, { config: z.ZodType; profile?: false }>;
  return shape(all as unknown as Fields, (s) =>
    (s as { profile?: false }).profile === false ? null : s.config.optional(),
  ) as unknown as ProfileShape;
}

/** The shared settings of an agent's `### Executor` section, as parsed (without the CLI sections). */
export function agentCommonShape(): AgentShape {
  return shape(COMMON_FIELDS as unknown as Fields, (s) => s.value.optional()) as unknown as AgentShape;
}

/**
 * A section's settings from the config file → the lane's normalized settings: argv strings are
 * split into words (problems go to `errors`, naming `<where>.<section>.<field>`), a single string
 * of a list becomes a one-item list, unset fields stay absent.
 */
export function normalizeSection(
  section: SectionName,
  raw: Record<string, unknown> | undefined,
  where: string,
  errors: string[],
  splitArgv: (value: string | string[] | undefined, where: string, errors: string[]) => string[] | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(EXECUTOR_SECTIONS[section] as Fields)) {
    const v = raw?.[name];
    let value: unknown = v;
    if (spec.kind.t === "argv") value = splitArgv(v as string | string[] | undefined, `${where}.${section}.${name}`, errors);
    else if (spec.kind.t === "list" && typeof v === "string") value = [v];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The section without its lane-only fields (what a profile or an agent carries). */
export function withoutLaneOnly(section: SectionName, settings: Record<string, unknown>): Record<string, unknown> {
  const fields = EXECUTOR_SECTIONS[section] as Fields;
  return Object.fromEntries(Object.entries(settings).filter(([name]) => fields[name]?.laneOnly !== true));
}

/**
 * The resolution's merge of one section, lane → profile → agent: later layers win, list fields
 * add up (unique, in order), lane-only fields are dropped, defaults fill what no layer set.
 */
export function mergeSectionLayers(section: SectionName, ...layers: (Record<string, unknown> | undefined)[]): Record<string, unknown> {
  const fields = EXECUTOR_SECTIONS[section] as Fields;
  const out: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [name, v] of Object.entries(layer ?? {})) {
      if (v === undefined || v === null) continue;
      const spec = fields[name];
      if (spec && mergesAsUnion(spec)) out[name] = [...new Set([...((out[name] as unknown[] | undefined) ?? []), ...(v as unknown[])])];
      else out[name] = v;
    }
  }
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.laneOnly) delete out[name];
    else if (out[name] === undefined && spec.default !== undefined) out[name] = structuredClone(spec.default);
  }
  return out;
}
