/**
 * The two JSON files validation consults when a config asks for them: the component cutover
 * matrix (component promotions) and the benchmark catalog (cont-EVAL targets). The engine reads
 * the same files, with the same loaders, for the component-matrix gate (after the documentation
 * stage) and the delegated benchmark families of the cont-EVAL gate.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { realpathInside } from "./repo-paths.js";

export interface ComponentMatrix {
  path: string;
  levels: string[];
  components: Record<string, { currentLevel: string; promotions: { wave: number; target: string }[] }>;
}

export interface BenchmarkCatalog {
  path: string;
  families: Set<string>;
  /** benchmark id → family id */
  benchmarks: Map<string, string>;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

const MatrixSchema = z.object({
  version: z.unknown().optional(),
  levels: z.array(z.string().min(1)).min(1),
  components: z.record(
    z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    z.object({
      title: z.string().optional(),
      currentLevel: z.string(),
      promotions: z.array(z.object({ wave: z.number().int().nonnegative(), target: z.string() })).optional(),
      canonicalDocs: z.array(z.string()).optional(),
      proofSurfaces: z.array(z.string()).optional(),
    }),
  ),
});

const CatalogSchema = z.object({
  families: z.record(
    z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
    z.object({ benchmarks: z.record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/), z.unknown()) }),
  ),
});

function readJson(root: string, rel: string, what: string): Loaded<unknown> {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return { ok: false, error: `${what} is missing: ${rel}` };
  if (!realpathInside(root, abs)) return { ok: false, error: `${what} ${rel} resolves outside the repository` };
  let text: string;
  try {
    text = fs.readFileSync(abs, "utf8");
  } catch (e) {
    return { ok: false, error: `cannot read ${what} ${rel}: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: `${what} ${rel} is not valid JSON: ${(e as Error).message}` };
  }
}

function zodProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join(".") || "(top level)"}: ${issue.message}`;
}

export function loadComponentMatrix(root: string, rel: string): Loaded<ComponentMatrix> {
  const json = readJson(root, rel, "component cutover matrix");
  if (!json.ok) return json;
  const parsed = MatrixSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, error: `component cutover matrix ${rel} is invalid: ${zodProblem(parsed.error)}` };
  const levels = parsed.data.levels;
  const components: ComponentMatrix["components"] = {};
  for (const [id, c] of Object.entries(parsed.data.components)) {
    if (!levels.includes(c.currentLevel))
      return { ok: false, error: `component cutover matrix ${rel}: component "${id}" has invalid currentLevel "${c.currentLevel}"` };
    for (const p of c.promotions ?? []) {
      if (!levels.includes(p.target))
        return { ok: false, error: `component cutover matrix ${rel}: component "${id}" has invalid promotion target "${p.target}"` };
    }
    components[id] = { currentLevel: c.currentLevel, promotions: c.promotions ?? [] };
  }
  return { ok: true, value: { path: rel, levels, components } };
}

export function loadBenchmarkCatalog(root: string, rel: string): Loaded<BenchmarkCatalog> {
  const json = readJson(root, rel, "benchmark catalog");
  if (!json.ok) return json;
  const parsed = CatalogSchema.safeParse(json.value);
  if (!parsed.success) return { ok: false, error: `benchmark catalog ${rel} is invalid: ${zodProblem(parsed.error)}` };
  const families = new Set<string>();
  const benchmarks = new Map<string, string>();
  for (const [family, f] of Object.entries(parsed.data.families)) {
    families.add(family);
    const ids = Object.keys(f.benchmarks);
    if (ids.length === 0) return { ok: false, error: `benchmark catalog ${rel}: family "${family}" has no benchmarks` };
    for (const id of ids) {
      if (benchmarks.has(id)) return { ok: false, error: `benchmark catalog ${rel}: benchmark "${id}" appears in several families` };
      benchmarks.set(id, family);
    }
  }
  return { ok: true, value: { path: rel, families, benchmarks } };
}

/**
 * The component matrix as the component-matrix gate reads it at run time (current levels only),
 * or why it cannot be read. A missing file is "no matrix" unless `required` (a config in play).
 */
export function matrixForGates(
  root: string,
  rel: string,
  required: boolean,
): { matrix: { components: Record<string, { currentLevel: string }> } | null; problem: string | null } {
  if (!required && !fs.existsSync(path.join(root, rel))) return { matrix: null, problem: null };
  const loaded = loadComponentMatrix(root, rel);
  if (!loaded.ok) return { matrix: null, problem: loaded.error };
  return { matrix: { components: loaded.value.components }, problem: null };
}

/** Benchmark ids per family of the benchmark catalog, or null when there is none (or it is invalid). */
export function benchmarkFamiliesForGates(root: string, rel: string): Record<string, string[]> | null {
  if (!fs.existsSync(path.join(root, rel))) return null;
  const loaded = loadBenchmarkCatalog(root, rel);
  if (!loaded.ok) return null;
  const families: Record<string, string[]> = Object.fromEntries([...loaded.value.families].map((f) => [f, []]));
  for (const [id, family] of loaded.value.benchmarks) families[family]?.push(id);
  return families;
}
