/**
 * The marker vocabulary, declared once: every marker kind with its tag, its keys (name, the field
 * it fills, how its value is checked), whether it needs the nonce, and where the parser
 * keeps it in its result. The grammar (`grammar.ts`: parsing, canonical form, syntax templates),
 * the zod schemas and TypeScript types of accepted markers and of the parser's result
 * (`schema.ts`), the marker reference (`markers-doc.ts`) and the parser's bookkeeping all derive
 * from this table; adding a key is one line here.
 */
import { z } from "zod";
import { COMPLETION_LEVELS, DOC_IMPACT_LEVELS, DURABILITY_LEVELS, PROOF_LEVELS } from "../wave/schema.js";

export const PROOF_STATES = ["met", "gap"] as const;
export const COMPONENT_STATES = ["met", "gap"] as const;
export const DOC_CLOSURE_STATES = ["closed", "no-change", "delta"] as const;
export const INTEGRATION_STATES = ["ready-for-doc-closure", "needs-more-work"] as const;
export const EVAL_STATES = ["satisfied", "needs-more-work", "blocked"] as const;
export const SECURITY_STATES = ["clear", "concerns", "blocked"] as const;
export const DESIGN_STATES = ["ready-for-implementation", "needs-clarification", "blocked"] as const;
export const GATE_VALUES = ["pass", "concerns", "blocked", "gap"] as const;
export const GATE_DIMENSIONS = ["architecture", "integration", "durability", "live", "docs"] as const;
export const GAP_KINDS = ["architecture", "integration", "durability", "ops", "docs"] as const;
/** `fail` is accepted and recorded as `blocked`. */
export const VERDICTS = ["pass", "concerns", "blocked", "hold"] as const;
export type Verdict = (typeof VERDICTS)[number];
/** `rolled-back` is accepted and recorded as `rolledover`. */
export const DEPLOY_STATES = ["deploying", "healthy", "failed", "rolledover"] as const;
/** `[infra-status]` states that do not block a wave; any other state fails the infra gate. */
export const NON_BLOCKING_INFRA_STATES = [
  "conformant",
  "setup-required",
  "setup-in-progress",
  "action-required",
  "action-approved",
  "action-complete",
] as const;

/* ------------------------------------------------------------------ keys */

/** One key of a marker: how its value is read from the line, and the schema of what is kept. */
export type KeyDecl =
  | { key: string; type: "enum"; values: readonly string[]; aliases?: Readonly<Record<string, string>>; schema: z.ZodType }
  | { key: string; type: "int"; schema: z.ZodType }
  | { key: string; type: "csv"; lower: boolean; schema: z.ZodType }
  | { key: string; type: "token"; pattern: RegExp; schema: z.ZodType }
  | { key: string; type: "text"; schema: z.ZodType };

/** Keys that must be given a value: every key but lists and `detail=`. */
export function isRequired(key: KeyDecl): boolean {
  return key.type !== "csv" && key.type !== "text";
}

/** A value from a fixed list (case-insensitive; `aliases` map accepted spellings onto it). */
function enumKey<const V extends readonly [string, ...string[]]>(key: string, values: V, aliases?: Record<string, string>) {
  return { key, type: "enum", values, aliases, schema: z.enum(values) } as const;
}
/** A whole number 0–999,999,999. */
function intKey(key: string) {
  return { key, type: "int", schema: z.number().int().nonnegative() } as const;
}
/** A comma-separated list (items trimmed, empty and repeated items dropped, `lower`: lower-cased). */
function csvKey(key: string, lower = false) {
  return { key, type: "csv", lower, schema: z.array(z.string()) } as const;
}
/** A word matching `pattern`. */
function tokenKey(key: string, pattern: RegExp) {
  return { key, type: "token", pattern, schema: z.string() } as const;
}
/** `detail=`: the rest of the line, null when absent or empty. */
const DETAIL = { key: "detail", type: "text", schema: z.string().nullable() } as const;

const LINE = z.number().int().positive().describe("1-based line of the agent output where the marker stood");
const NAME_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;

/* ------------------------------------------------------------------ markers */

interface MarkerDecl {
  tag: string;
  /** Keys in canonical order; each property name is the field the key's value fills. */
  keys: Readonly<Record<string, KeyDecl>>;
  /** Key whose value may be given positionally (before any `key=`). */
  positional?: string;
  /** Counts only with `nonce=<value>` when the agent's launch has a nonce (the gate markers of closure and design agents). */
  nonce: boolean;
  /**
   * The parser result's field: `last` keeps the last accepted marker, `per-component` the last per
   * component id, `all` every one (newest 1000).
   */
  result: { field: string; keep: "last" | "per-component" | "all" };
}

const marker = <const D extends MarkerDecl>(decl: D): D => decl;

/** Every marker kind the parser recognizes (kind = tag without brackets and `wave-` prefix). */
export const MARKERS = {
  proof: marker({
    tag: "wave-proof",
    keys: {
      completion: enumKey("completion", COMPLETION_LEVELS),
      durability: enumKey("durability", DURABILITY_LEVELS),
      proof: enumKey("proof", PROOF_LEVELS),
      state: enumKey("state", PROOF_STATES, { complete: "met" }),
      detail: DETAIL,
    },
    nonce: false,
    result: { field: "proof", keep: "last" },
  }),
  "doc-delta": marker({
    tag: "wave-doc-delta",
    keys: { state: enumKey("state", DOC_IMPACT_LEVELS), paths: csvKey("paths"), detail: DETAIL },
    nonce: false,
    result: { field: "docDelta", keep: "last" },
  }),
  "doc-closure": marker({
    tag: "wave-doc-closure",
    keys: { state: enumKey("state", DOC_CLOSURE_STATES), paths: csvKey("paths"), detail: DETAIL },
    nonce: true,
    result: { field: "docClosure", keep: "last" },
  }),
  integration: marker({
    tag: "wave-integration",
    keys: {
      state: enumKey("state", INTEGRATION_STATES),
      claims: intKey("claims"),
      conflicts: intKey("conflicts"),
      blockers: intKey("blockers"),
      detail: DETAIL,
    },
    nonce: true,
    result: { field: "integration", keep: "last" },
  }),
  eval: marker({
    tag: "wave-eval",
    keys: {
      state: enumKey("state", EVAL_STATES),
      targets: intKey("targets"),
      benchmarks: intKey("benchmarks"),
      regressions: intKey("regressions"),
      targetIds: csvKey("target_ids", true),
      benchmarkIds: csvKey("benchmark_ids", true),
      detail: DETAIL,
    },
    nonce: true,
    result: { field: "eval", keep: "last" },
  }),
  security: marker({
    tag: "wave-security",
    keys: { state: enumKey("state", SECURITY_STATES), findings: intKey("findings"), approvals: intKey("approvals"), detail: DETAIL },
    nonce: true,
    result: { field: "security", keep: "last" },
  }),
  design: marker({
    tag: "wave-design",
    keys: {
      state: enumKey("state", DESIGN_STATES),
      decisions: intKey("decisions"),
      assumptions: intKey("assumptions"),
      openQuestions: intKey("open_questions"),
      detail: DETAIL,
    },
    nonce: true,
    result: { field: "design", keep: "last" },
  }),
  gate: marker({
    tag: "wave-gate",
    keys: {
      architecture: enumKey("architecture", GATE_VALUES),
      integration: enumKey("integration", GATE_VALUES),
      durability: enumKey("durability", GATE_VALUES),
      live: enumKey("live", GATE_VALUES),
      docs: enumKey("docs", GATE_VALUES),
      detail: DETAIL,
    },
    nonce: true,
    result: { field: "gate", keep: "last" },
  }),
  gap: marker({
    tag: "wave-gap",
    keys: { kind: enumKey("kind", GAP_KINDS), detail: DETAIL },
    nonce: false,
    result: { field: "gaps", keep: "all" },
  }),
  component: marker({
    tag: "wave-component",
    keys: {
      componentId: tokenKey("component", NAME_TOKEN),
      level: tokenKey("level", NAME_TOKEN),
      state: enumKey("state", COMPONENT_STATES, { complete: "met" }),
      detail: DETAIL,
    },
    nonce: false,
    result: { field: "components", keep: "per-component" },
  }),
  verdict: marker({
    tag: "wave-verdict",
    keys: { verdict: enumKey("verdict", VERDICTS, { fail: "blocked" }), detail: DETAIL },
    positional: "verdict",
    nonce: true,
    /** The `[wave-verdict]` marker of the log (not the report). */
    result: { field: "logVerdict", keep: "last" },
  }),
  phase: marker({
    tag: "wave-phase",
    keys: { phase: tokenKey("phase", /^[a-z0-9][a-z0-9_-]*$/i) },
    positional: "phase",
    nonce: false,
    result: { field: "phase", keep: "last" },
  }),
  "deploy-status": marker({
    tag: "deploy-status",
    keys: {
      service: tokenKey("service", /^[a-z0-9_.:-]+$/i),
      state: enumKey("state", DEPLOY_STATES, { "rolled-back": "rolledover", rollback: "rolledover" }),
      detail: DETAIL,
    },
    nonce: false,
    result: { field: "deployStatus", keep: "last" },
  }),
  "infra-status": marker({
    tag: "infra-status",
    keys: {
      kind: tokenKey("kind", /^[a-z0-9][a-z0-9_.-]*$/i),
      target: tokenKey("target", /^[a-z0-9_.:@/-]+$/i),
      state: tokenKey("state", /^[a-z0-9][a-z0-9_.-]*$/i),
      detail: DETAIL,
    },
    nonce: false,
    result: { field: "infraStatus", keep: "last" },
  }),
} as const;

type Markers = typeof MARKERS;
export type SignalKind = keyof Markers;
export const SIGNAL_KINDS = Object.keys(MARKERS) as SignalKind[];
/** Kinds that count only with `nonce=<value>` when a nonce is set. */
export const NONCE_REQUIRED_KINDS: readonly SignalKind[] = SIGNAL_KINDS.filter((kind) => MARKERS[kind].nonce);

/* ------------------------------------------------------------------ derived schemas and types */

type KeysOf<K extends SignalKind> = Markers[K]["keys"];
type MarkerShape<K extends SignalKind> = { -readonly [F in keyof KeysOf<K>]: KeysOf<K>[F] extends { schema: infer S } ? S : never } & {
  line: typeof LINE;
};

/** The zod schema of an accepted marker of `kind`: one field per key, plus its line. */
function markerSchema<K extends SignalKind>(kind: K): z.ZodObject<MarkerShape<K>> {
  const keys: Readonly<Record<string, KeyDecl>> = MARKERS[kind].keys;
  const shape: Record<string, z.ZodType> = { line: LINE };
  for (const [field, decl] of Object.entries(keys)) shape[field] = decl.schema;
  return z.object(shape) as unknown as z.ZodObject<MarkerShape<K>>;
}

export const MARKER_SCHEMAS: { readonly [K in SignalKind]: z.ZodObject<MarkerShape<K>> } = Object.fromEntries(
  SIGNAL_KINDS.map((kind) => [kind, markerSchema(kind)]),
) as unknown as { readonly [K in SignalKind]: z.ZodObject<MarkerShape<K>> };

/** An accepted marker of `kind`, as the parser keeps it. */
export type MarkerOf<K extends SignalKind> = z.infer<(typeof MARKER_SCHEMAS)[K]>;
/** An accepted marker with its kind (narrow on `kind` to read the marker's fields). */
export type AcceptedMarker = { [K in SignalKind]: { kind: K; marker: MarkerOf<K> } }[SignalKind];

type ResultField<K extends SignalKind> = Markers[K]["result"]["field"];
type ResultSchema<K extends SignalKind> = Markers[K]["result"]["keep"] extends "last"
  ? z.ZodNullable<z.ZodObject<MarkerShape<K>>>
  : z.ZodArray<z.ZodObject<MarkerShape<K>>>;
export type SignalMarkersShapeOf = { [K in SignalKind as ResultField<K>]: ResultSchema<K> };

/** The parser result's marker fields: the last of a kind (or null), or a list (components, gaps). */
export const SignalMarkersShape: SignalMarkersShapeOf = Object.fromEntries(
  SIGNAL_KINDS.map((kind) => {
    const schema = MARKER_SCHEMAS[kind];
    return [MARKERS[kind].result.field, MARKERS[kind].result.keep === "last" ? schema.nullable() : z.array(schema)];
  }),
) as unknown as SignalMarkersShapeOf;
