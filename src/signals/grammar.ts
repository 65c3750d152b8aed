/**
 * The marker grammar: which keys each marker kind takes, how values are validated, how an accepted
 * marker is normalized, and how a normalized marker is printed back (canonical form).
 *
 * Body syntax (after the `[tag]`): `key=value` pairs; a key starts after whitespace and matches
 * `[a-z][a-z0-9_-]*` (case-insensitive); a value runs to the start of the next key, so values may
 * contain spaces; `detail=` swallows the rest of the line. `nonce=<token>` may stand anywhere (even
 * after `detail=`) and is removed before parsing. Text before the first key is positional (the
 * verdict of `[wave-verdict]`, the phase of `[wave-phase]`).
 */
import { COMPLETION_LEVELS, DOC_IMPACT_LEVELS, DURABILITY_LEVELS, PROOF_LEVELS } from "../wave/schema.js";
import {
  COMPONENT_STATES,
  DEPLOY_STATES,
  DESIGN_STATES,
  DOC_CLOSURE_STATES,
  EVAL_STATES,
  GAP_KINDS,
  GATE_VALUES,
  INTEGRATION_STATES,
  NONCE_REQUIRED_KINDS,
  PROOF_STATES,
  SECURITY_STATES,
  type SignalKind,
  VERDICTS,
} from "./schema.js";

type KeySpec =
  | {
      key: string;
      field: string;
      type: "enum";
      values: readonly string[];
      aliases?: Readonly<Record<string, string>>;
      required: boolean;
    }
  | { key: string; field: string; type: "int"; required: boolean }
  | { key: string; field: string; type: "csv"; lower: boolean }
  | { key: string; field: string; type: "token"; pattern: RegExp; required: boolean }
  | { key: string; field: string; type: "text" };

export interface MarkerSpec {
  kind: SignalKind;
  tag: string;
  keys: readonly KeySpec[];
  /** Key whose value may be given positionally (before any `key=`). */
  positional?: string;
  needsNonce: boolean;
}

const enumKey = (key: string, values: readonly string[], aliases?: Record<string, string>, field = key): KeySpec => ({
  key,
  field,
  type: "enum",
  values,
  aliases,
  required: true,
});
const intKey = (key: string, field = key): KeySpec => ({ key, field, type: "int", required: true });
const csvKey = (key: string, field: string, lower = false): KeySpec => ({ key, field, type: "csv", lower });
const tokenKey = (key: string, pattern: RegExp, field = key): KeySpec => ({
  key,
  field,
  type: "token",
  pattern,
  required: true,
});
const DETAIL: KeySpec = { key: "detail", field: "detail", type: "text" };

const LEVEL_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;
const COMPONENT_TOKEN = /^[a-z0-9][a-z0-9._-]*$/i;

const SPECS: readonly Omit<MarkerSpec, "needsNonce">[] = [
  {
    kind: "proof",
    tag: "wave-proof",
    keys: [
      enumKey("completion", COMPLETION_LEVELS),
      enumKey("durability", DURABILITY_LEVELS),
      enumKey("proof", PROOF_LEVELS),
      enumKey("state", PROOF_STATES, { complete: "met" }),
      DETAIL,
    ],
  },
  { kind: "doc-delta", tag: "wave-doc-delta", keys: [enumKey("state", DOC_IMPACT_LEVELS), csvKey("paths", "paths"), DETAIL] },
  {
    kind: "doc-closure",
    tag: "wave-doc-closure",
    keys: [enumKey("state", DOC_CLOSURE_STATES), csvKey("paths", "paths"), DETAIL],
  },
  {
    kind: "integration",
    tag: "wave-integration",
    keys: [enumKey("state", INTEGRATION_STATES), intKey("claims"), intKey("conflicts"), intKey("blockers"), DETAIL],
  },
  {
    kind: "eval",
    tag: "wave-eval",
    keys: [
      enumKey("state", EVAL_STATES),
      intKey("targets"),
      intKey("benchmarks"),
      intKey("regressions"),
      csvKey("target_ids", "targetIds", true),
      csvKey("benchmark_ids", "benchmarkIds", true),
      DETAIL,
    ],
  },
  {
    kind: "security",
    tag: "wave-security",
    keys: [enumKey("state", SECURITY_STATES), intKey("findings"), intKey("approvals"), DETAIL],
  },
  {
    kind: "design",
    tag: "wave-design",
    keys: [
      enumKey("state", DESIGN_STATES),
      intKey("decisions"),
      intKey("assumptions"),
      intKey("open_questions", "openQuestions"),
      DETAIL,
    ],
  },
  {
    kind: "gate",
    tag: "wave-gate",
    keys: [
      enumKey("architecture", GATE_VALUES),
      enumKey("integration", GATE_VALUES),
      enumKey("durability", GATE_VALUES),
      enumKey("live", GATE_VALUES),
      enumKey("docs", GATE_VALUES),
      DETAIL,
    ],
  },
  { kind: "gap", tag: "wave-gap", keys: [enumKey("kind", GAP_KINDS), DETAIL] },
  {
    kind: "component",
    tag: "wave-component",
    keys: [
      tokenKey("component", COMPONENT_TOKEN, "componentId"),
      tokenKey("level", LEVEL_TOKEN),
      enumKey("state", COMPONENT_STATES, { complete: "met" }),
      DETAIL,
    ],
  },
  {
    kind: "verdict",
    tag: "wave-verdict",
    positional: "verdict",
    keys: [enumKey("verdict", VERDICTS, { fail: "blocked" }), DETAIL],
  },
  { kind: "phase", tag: "wave-phase", positional: "phase", keys: [tokenKey("phase", /^[a-z0-9][a-z0-9_-]*$/i)] },
  {
    kind: "deploy-status",
    tag: "deploy-status",
    keys: [
      tokenKey("service", /^[a-z0-9_.:-]+$/i),
      enumKey("state", DEPLOY_STATES, { "rolled-back": "rolledover", rollback: "rolledover" }),
      DETAIL,
    ],
  },
  {
    kind: "infra-status",
    tag: "infra-status",
    keys: [
      tokenKey("kind", /^[a-z0-9][a-z0-9_.-]*$/i),
      tokenKey("target", /^[a-z0-9_.:@/-]+$/i),
      tokenKey("state", /^[a-z0-9][a-z0-9_.-]*$/i),
      DETAIL,
    ],
  },
];

export const MARKER_SPECS: ReadonlyMap<SignalKind, MarkerSpec> = new Map(
  SPECS.map((spec) => [spec.kind, { ...spec, needsNonce: NONCE_REQUIRED_KINDS.includes(spec.kind) }]),
);
export const SPEC_BY_TAG: ReadonlyMap<string, MarkerSpec> = new Map(
  [...MARKER_SPECS.values()].map((spec) => [spec.tag, spec]),
);

export function markerSpec(kind: SignalKind): MarkerSpec {
  const spec = MARKER_SPECS.get(kind);
  if (!spec) throw new Error(`no marker spec for ${kind}`);
  return spec;
}

export type ParsedBody =
  | { ok: true; values: Record<string, unknown>; warnings: string[] }
  | { ok: false; reason: string; componentId?: string };

const NONCE_RE = /(^|\s)nonce=(\S*)/gi;

/** Removes every `nonce=<token>` from a marker body; returns the last nonce value seen. */
export function extractNonce(body: string): { body: string; nonce: string | null } {
  if (!/nonce=/i.test(body)) return { body, nonce: null };
  let nonce: string | null = null;
  // Stryker disable next-line StringLiteral: group 2 (\S*) always takes part in a match, so the default is never used
  for (const m of body.matchAll(NONCE_RE)) nonce = m[2] ?? "";
  return { body: body.replace(NONCE_RE, "$1"), nonce };
}

function isKeyStartChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}
function isKeyChar(code: number): boolean {
  return isKeyStartChar(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
}
function isSpace(code: number): boolean {
  return code === 32 || code === 9;
}

interface RawPairs {
  positional: string;
  pairs: Array<[string, string]>;
}

/** Splits `a=1 b=two words detail=rest` into pairs; see the module comment for the rules. */
export function splitPairs(body: string): RawPairs {
  const starts: Array<{ key: string; keyAt: number; valueAt: number }> = [];
  const n = body.length;
  for (let i = 0; i < n; i++) {
    if (i > 0 && !isSpace(body.charCodeAt(i - 1))) continue;
    if (!isKeyStartChar(body.charCodeAt(i))) continue;
    let j = i + 1;
    while (j < n && isKeyChar(body.charCodeAt(j))) j++;
    if (j >= n || body.charCodeAt(j) !== 61 /* = */) continue;
    const key = body.slice(i, j).toLowerCase();
    starts.push({ key, keyAt: i, valueAt: j + 1 });
    if (key === "detail") break;
    i = j;
  }
  const positional = (starts.length > 0 ? body.slice(0, starts[0]!.keyAt) : body).trim();
  const pairs: Array<[string, string]> = [];
  for (let k = 0; k < starts.length; k++) {
    const s = starts[k]!;
    const end = k + 1 < starts.length ? starts[k + 1]!.keyAt : n;
    pairs.push([s.key, unquote(body.slice(s.valueAt, end).trim())]);
  }
  return { positional, pairs };
}

function unquote(value: string): string {
  if (value.length >= 2) {
    const first = value[0];
    if ((first === '"' || first === "'" || first === "`") && value[value.length - 1] === first) {
      return value.slice(1, -1).trim();
    }
  }
  return value;
}

function csvItems(raw: string | undefined, lower: boolean): string[] {
  const items: string[] = [];
  if (!raw) return items;
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (item.length === 0) continue;
    const value = lower ? item.toLowerCase() : item;
    if (!items.includes(value)) items.push(value);
  }
  return items;
}

/** Validates one key's raw value; returns the normalized value or a rejection reason. */
function keyValue(keySpec: Exclude<KeySpec, { type: "text" | "csv" }>, raw: string): { value: unknown } | { reason: string } {
  if (keySpec.type === "enum") {
    const lowered = raw.toLowerCase();
    const value = keySpec.aliases?.[lowered] ?? lowered;
    if (keySpec.values.includes(value)) return { value };
    return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)} (expected ${keySpec.values.join("|")})` };
  }
  if (keySpec.type === "int") {
    if (/^\d{1,9}$/.test(raw)) return { value: Number(raw) };
    return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)} (expected a whole number)` };
  }
  if (keySpec.pattern.test(raw)) return { value: raw };
  return { reason: `invalid value ${keySpec.key}=${raw.slice(0, 60)}` };
}

/**
 * Validates a marker body against its spec. `expectedNonce` non-null: kinds that need a nonce must
 * carry exactly that value. Accepted values are keyed by field name.
 */
export function parseMarkerBody(spec: MarkerSpec, rawBody: string, expectedNonce: string | null): ParsedBody {
  const { body, nonce } = extractNonce(rawBody);
  const { positional, pairs } = splitPairs(body);
  const given = new Map<string, string>(pairs);
  const warnings: string[] = [];
  if (positional) {
    if (spec.positional && !given.has(spec.positional)) given.set(spec.positional, unquote(positional));
    else warnings.push(`unexpected text "${positional.slice(0, 40)}"`);
  }
  const componentId = spec.kind === "component" ? given.get("component") || undefined : undefined;
  const values: Record<string, unknown> = {};
  let missing: string[] | null = null;
  for (const keySpec of spec.keys) {
    const raw = given.get(keySpec.key);
    given.delete(keySpec.key);
    if (keySpec.type === "text") {
      values[keySpec.field] = raw ? raw : null;
    } else if (keySpec.type === "csv") {
      values[keySpec.field] = csvItems(raw, keySpec.lower);
    } else if (raw === undefined || raw === "") {
      if (keySpec.required) (missing ??= []).push(keySpec.key);
    } else {
      const checked = keyValue(keySpec, raw);
      if ("reason" in checked) return { ok: false, reason: checked.reason, componentId };
      values[keySpec.field] = checked.value;
    }
  }
  if (missing !== null) {
    return { ok: false, reason: `missing ${missing.length === 1 ? "key" : "keys"} ${missing.join(",")}`, componentId };
  }
  if (spec.needsNonce && expectedNonce !== null) {
    if (nonce === null || nonce === "") return { ok: false, reason: "missing nonce", componentId };
    if (nonce !== expectedNonce) return { ok: false, reason: "wrong nonce", componentId };
  }
  if (given.size > 0) warnings.push(`unknown keys ${[...given.keys()].join(",")}`);
  return { ok: true, values, warnings };
}

/** Canonical one-line form of a normalized marker (keys in grammar order, empty values omitted). */
export function formatMarker(kind: SignalKind, marker: Readonly<Record<string, unknown>>): string {
  const spec = markerSpec(kind);
  const parts = [`[${spec.tag}]`];
  for (const keySpec of spec.keys) {
    const value = marker[keySpec.field];
    if (value === null || value === undefined) continue;
    // Stryker disable next-line BlockStatement: String() of a list is its comma join and list keys are never positional, so the lines below print the same; an empty list gives "", skipped there
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${keySpec.key}=${value.join(",")}`);
      continue;
    }
    const text = String(value);
    if (text === "") continue;
    parts.push(keySpec.key === spec.positional ? text : `${keySpec.key}=${text}`);
  }
  return parts.join(" ");
}

/** A template of a marker line, e.g. for gate details telling the agent what to print. */
export function markerSyntax(kind: SignalKind, options: { nonce?: string | null } = {}): string {
  const spec = markerSpec(kind);
  const parts = [`[${spec.tag}]`];
  for (const keySpec of spec.keys) {
    let shape: string;
    if (keySpec.type === "enum") shape = keySpec.values.join("|");
    else if (keySpec.type === "int") shape = "<n>";
    else if (keySpec.type === "csv") shape = "<a,b>";
    else if (keySpec.type === "text") shape = "<text>";
    else shape = `<${keySpec.key}>`;
    parts.push(keySpec.key === spec.positional ? shape : `${keySpec.key}=${shape}`);
  }
  // Stryker disable next-line OptionalChaining: every marker spec has keys, so the last key is never undefined
  if (spec.needsNonce && options.nonce) parts.splice(parts.length - (spec.keys.at(-1)?.type === "text" ? 1 : 0), 0, `nonce=${options.nonce}`);
  return parts.join(" ");
}
