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
import { type AcceptedMarker, type KeyDecl, MARKERS, SIGNAL_KINDS, type SignalKind } from "./vocabulary.js";

/** A key of a marker with the field its value fills (declared in vocabulary.ts). */
type KeySpec = KeyDecl & { field: string };

export interface MarkerSpec {
  kind: SignalKind;
  tag: string;
  keys: readonly KeySpec[];
  /** Key whose value may be given positionally (before any `key=`). */
  positional?: string;
  needsNonce: boolean;
}

function specOf(kind: SignalKind): MarkerSpec {
  const decl: { tag: string; keys: Readonly<Record<string, KeyDecl>>; positional?: string; nonce: boolean } = MARKERS[kind];
  const keys = Object.entries(decl.keys).map(([field, key]) => ({ ...key, field }));
  return { kind, tag: decl.tag, keys, positional: decl.positional, needsNonce: decl.nonce };
}

export const MARKER_SPECS: ReadonlyMap<SignalKind, MarkerSpec> = new Map(SIGNAL_KINDS.map((kind) => [kind, specOf(kind)]));
export const SPEC_BY_TAG: ReadonlyMap<string, MarkerSpec> = new Map([...MARKER_SPECS.values()].map((spec) => [spec.tag, spec]));

export function markerSpec(kind: SignalKind): MarkerSpec {
  const spec = MARKER_SPECS.get(kind);
  if (!spec) throw new Error(`no marker spec for ${kind}`);
  return spec;
}

/**
 * An accepted marker of `spec`'s kind: the values `parseMarkerBody` returned (keyed by the fields
 * of the same table the marker types are derived from) and the line it stood on.
 */
export function acceptedMarker(spec: MarkerSpec, values: Readonly<Record<string, unknown>>, line: number): AcceptedMarker {
  return { kind: spec.kind, marker: { ...values, line } } as AcceptedMarker;
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
      (missing ??= []).push(keySpec.key); // enum, int and token keys are required (isRequired)
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

/**
 * A template of a marker line, for prompts and for gate details telling the agent what to print.
 * `fixed` gives the text to show for some keys (by key name), e.g. the component an agent owns.
 */
export function markerSyntax(kind: SignalKind, options: { nonce?: string | null; fixed?: Readonly<Record<string, string>> } = {}): string {
  const spec = markerSpec(kind);
  const parts = [`[${spec.tag}]`];
  for (const keySpec of spec.keys) {
    let shape: string;
    const fixed = options.fixed?.[keySpec.key];
    if (fixed !== undefined) shape = fixed;
    else if (keySpec.type === "enum") shape = keySpec.values.join("|");
    else if (keySpec.type === "int") shape = "<n>";
    else if (keySpec.type === "csv") shape = "<a,b>";
    else if (keySpec.type === "text") shape = "<text>";
    else shape = `<${keySpec.key}>`;
    parts.push(keySpec.key === spec.positional ? shape : `${keySpec.key}=${shape}`);
  }
  // Stryker disable next-line OptionalChaining: every marker spec has keys, so the last key is never undefined
  if (spec.needsNonce && options.nonce)
    parts.splice(parts.length - (spec.keys.at(-1)?.type === "text" ? 1 : 0), 0, `nonce=${options.nonce}`);
  return parts.join(" ");
}
