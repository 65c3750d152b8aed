/**
 * The keys a zod object schema knows at a path of a JSON document: what an unknown key of
 * wave.config.json is compared with for its did-you-mean (`"defaultLan": unknown key is ignored;
 * did you mean "defaultLane"?`). Optional, nullable and default wrappers are looked through; a
 * record's values, an array's items and every option of a union count at their place.
 */
import { closestName } from "../did-you-mean.js";

interface Def {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  valueType?: unknown;
  element?: unknown;
  options?: unknown[];
  in?: unknown;
  getter?: () => unknown;
}

function defOf(schema: unknown): Def | null {
  const zod = (schema as { _zod?: { def?: Def } } | null)?._zod;
  return zod?.def ?? null;
}

/** The schema a wrapper (optional, nullable, default, pipe, lazy, …) stands for, or undefined for any other. */
function unwrapped(def: Def): unknown {
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType;
    case "pipe":
      return def.in;
    case "lazy":
      return def.getter?.();
    default:
      return undefined;
  }
}

/** The object schemas a schema stands for (wrappers and unions looked through). */
function objects(schema: unknown, depth = 0): Def[] {
  const def = defOf(schema);
  if (!def || depth > 20) return [];
  if (def.type === "object") return [def];
  if (def.type === "union") return (def.options ?? []).flatMap((o) => objects(o, depth + 1));
  const inner = unwrapped(def);
  return inner === undefined ? [] : objects(inner, depth + 1);
}

/** The schemas at one step down from `schema` (a key of an object or record, an array item). */
function step(schema: unknown, segment: string | number, depth = 0): unknown[] {
  const def = defOf(schema);
  if (!def || depth > 20) return [];
  switch (def.type) {
    case "object": {
      const child = def.shape?.[String(segment)];
      return child === undefined ? [] : [child];
    }
    case "record":
      return [def.valueType];
    case "array":
      return [def.element];
    case "union":
      return (def.options ?? []).flatMap((o) => step(o, segment, depth + 1));
  }
  const inner = unwrapped(def);
  return inner === undefined ? [] : step(inner, segment, depth + 1);
}

/** The keys the object schema at `path` (of a document `schema` describes) knows. */
export function knownKeysAt(schema: unknown, path: readonly (string | number)[]): string[] {
  let here: unknown[] = [schema];
  for (const segment of path) here = here.flatMap((s) => step(s, segment));
  return [...new Set(here.flatMap((s) => objects(s)).flatMap((o) => Object.keys(o.shape ?? {})))];
}

/** `; did you mean "defaultLane"?` for an unknown key at `path`, or "" when no known key is close. */
export function unknownKeyHint(schema: unknown, path: readonly (string | number)[], key: string): string {
  const best = closestName(key, knownKeysAt(schema, path));
  return best ? `; did you mean "${best}"?` : "";
}
