/**
 * Deep merge of JSON values for generated config files: objects merge key by key (later wins),
 * anything else (arrays included) is replaced. Inputs are never mutated.
 */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function setOwn(target: JsonObject, key: string, value: unknown): void {
  // defineProperty keeps a "__proto__" key an ordinary property instead of a prototype change.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function deepMerge(...layers: readonly (JsonObject | null | undefined)[]): JsonObject {
  const out: JsonObject = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const current = Object.hasOwn(out, key) ? out[key] : undefined;
      if (isJsonObject(current) && isJsonObject(value)) setOwn(out, key, deepMerge(current, value));
      else if (isJsonObject(value)) setOwn(out, key, deepMerge(value));
      else setOwn(out, key, value);
    }
  }
  return out;
}
