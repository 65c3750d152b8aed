/**
 * Wave-level sections: `## Component promotions`, `## Context7 defaults`, `## Eval targets`,
 * `## Deploy environments`.
 */
import { bulletsOf, errorAt, type ListContext, keyValuesOf, pipeFieldsOf, warnAt } from "./bullets.js";
import type { ComponentPromotion, Context7Selection, DeployEnvironment, EvalTarget } from "./schema.js";
import { preview, type Section } from "./structure.js";
import { compactSingleLine, stripMatchingQuotes } from "./words.js";

/** Component ids, capability ids, skill ids, eval target ids. */
export const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
const LOOSE_ID = /^[a-z0-9._-]+$/i;

export function parseComponentPromotions(section: Section, ctx: ListContext): ComponentPromotion[] {
  const out: ComponentPromotion[] = [];
  const seen = new Set<string>();
  for (const b of bulletsOf(section, ctx, "component promotion")) {
    const colon = b.value.indexOf(":");
    const id = colon > 0 ? b.value.slice(0, colon).trim() : "";
    const level = colon > 0 ? b.value.slice(colon + 1).trim() : "";
    if (!LOOSE_ID.test(id) || !LOOSE_ID.test(level)) {
      errorAt(ctx, b.n, `malformed component promotion "${preview(b.value)}" (expected "- <component-id>: <level>")`, b.column);
      continue;
    }
    if (!ID_PATTERN.test(id)) {
      errorAt(ctx, b.n, `invalid component id "${id}" (lowercase letters, digits, ".", "_", "-")`, b.column);
      continue;
    }
    if (seen.has(id)) {
      errorAt(ctx, b.n, `duplicate component promotion "${id}"`, b.column);
      continue;
    }
    seen.add(id);
    out.push({ componentId: id, targetLevel: level });
  }
  return out;
}

/** `- bundle: <id>` / `- query: "<text>"`; null when neither is set. */
export function parseContext7(section: Section, ctx: ListContext): Context7Selection | null {
  let bundle: string | null = null;
  let query: string | null = null;
  for (const kv of keyValuesOf(section, ctx, "Context7 setting", false)) {
    const key = kv.key.toLowerCase();
    const value = stripMatchingQuotes(kv.value);
    if (key === "bundle") bundle = value.trim() || null;
    else if (key === "query") query = compactSingleLine(value, 280) || null;
    else warnAt(ctx, kv.n, `unknown Context7 setting "${kv.key}" is ignored (known: bundle, query)`, kv.column);
  }
  return bundle === null && query === null ? null : { bundle, query };
}

export function parseEvalTargets(section: Section, ctx: ListContext): EvalTarget[] {
  const out: EvalTarget[] = [];
  const seen = new Set<string>();
  for (const b of bulletsOf(section, ctx, "eval target")) {
    const index = out.length;
    const fields = pipeFieldsOf(b, ctx, "eval target", stripMatchingQuotes);
    if (!fields) continue;
    const problems: string[] = [];
    const id = (fields.id ?? "").trim().toLowerCase();
    if (!ID_PATTERN.test(id)) problems.push(`id must match ${ID_PATTERN} (got "${preview(fields.id ?? "", 40)}")`);
    const selection = (fields.selection ?? "").trim().toLowerCase();
    if (selection !== "pinned" && selection !== "delegated") problems.push("selection must be one of: pinned, delegated");
    const familyRaw = (fields["benchmark-family"] ?? "").trim().toLowerCase();
    if (familyRaw && !ID_PATTERN.test(familyRaw)) problems.push(`benchmark-family must match ${ID_PATTERN}`);
    const benchmarks = (fields.benchmarks ?? "")
      .split(",")
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
    for (const bm of benchmarks) if (!ID_PATTERN.test(bm)) problems.push(`benchmark "${preview(bm, 40)}" must match ${ID_PATTERN}`);
    const objective = (fields.objective ?? "").trim();
    const threshold = (fields.threshold ?? "").trim();
    if (!objective) problems.push("objective is required");
    if (!threshold) problems.push("threshold is required");
    if (selection === "delegated" && !familyRaw) problems.push("must declare benchmark-family when selection=delegated");
    if (selection === "pinned" && benchmarks.length === 0) problems.push("must declare benchmarks when selection=pinned");
    if (problems.length > 0) {
      errorAt(ctx, b.n, `eval target ${index + 1}: ${problems.join("; ")}`, b.column);
      continue;
    }
    if (seen.has(id)) {
      errorAt(ctx, b.n, `duplicate eval target "${id}"`, b.column);
      continue;
    }
    seen.add(id);
    out.push({
      id,
      selection: selection as "pinned" | "delegated",
      benchmarkFamily: familyRaw || null,
      benchmarks,
      objective,
      threshold,
    });
  }
  return out;
}

const DEPLOY_LINE = /^`?([a-z0-9][a-z0-9._-]*)`?\s*:\s*`?([a-z0-9][a-z0-9._-]*)`?\s*(default)?(?:\s+\((.*)\))?$/i;

export function parseDeployEnvironments(section: Section, ctx: ListContext): DeployEnvironment[] {
  const out: DeployEnvironment[] = [];
  const seen = new Set<string>();
  for (const b of bulletsOf(section, ctx, "deploy environment")) {
    const m = b.value.length <= 2000 ? DEPLOY_LINE.exec(b.value) : null;
    if (!m) {
      errorAt(ctx, b.n, `malformed deploy environment "${preview(b.value)}" (expected "- <id>: <kind> [default] [(notes)]")`, b.column);
      continue;
    }
    const id = m[1]!.toLowerCase();
    if (seen.has(id)) {
      errorAt(ctx, b.n, `duplicate deploy environment "${id}"`, b.column);
      continue;
    }
    seen.add(id);
    out.push({ id, kind: m[2]!.toLowerCase(), isDefault: m[3] !== undefined, notes: m[4]?.trim() || null });
  }
  if (out.length > 0 && !out.some((e) => e.isDefault)) out[0]!.isDefault = true;
  return out;
}
