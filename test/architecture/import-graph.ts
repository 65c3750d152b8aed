/**
 * The import graph of src/, read from the source text (no compiler): every relative
 * `import … from "./x.js"`, `export … from "./x.js"`, side-effect `import "./x.js"` and dynamic
 * `import("./x.js")`. Each edge says whether it is type-only (`import type`, `export type`,
 * `typeof import(…)`): those are erased when the code runs, the others load the module.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ImportEdge {
  /** The imported file, relative to the repository root with `/` separators (`src/cli/io.ts`). */
  to: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** Module path → its relative imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

// A static import or re-export (its clause: names, `*`, `as`, commas and a `{ … }` list, so a
// match never runs through code), a side-effect import, a dynamic import.
const STATIC = /^[ \t]*(import|export)(\s+type)?\s+((?:[\w$*\s,]|\{[^}]*\})*?)\s*from\s*["']([^"']+)["']/gm;
const SIDE_EFFECT = /^[ \t]*import\s*["']([^"']+)["']/gm;
const DYNAMIC = /(\btypeof\s+)?\bimport\(\s*["']([^"']+)["']\s*\)/g;

export interface RawImport {
  specifier: string;
  typeOnly: boolean;
  dynamic: boolean;
}

/** The imports a module's text names (relative or not), in the order of the three kinds above. */
export function parseImports(text: string): RawImport[] {
  const out: RawImport[] = [];
  for (const m of text.matchAll(STATIC)) out.push({ specifier: m[4]!, typeOnly: m[2] !== undefined, dynamic: false });
  for (const m of text.matchAll(SIDE_EFFECT)) out.push({ specifier: m[1]!, typeOnly: false, dynamic: false });
  for (const m of text.matchAll(DYNAMIC)) out.push({ specifier: m[2]!, typeOnly: m[1] !== undefined, dynamic: true });
  return out;
}

const toPosix = (p: string) => p.split(path.sep).join("/");

/** The graph of every `.ts` file under `root/dir`. A relative import of no existing file throws. */
export function readImportGraph(root: string, dir = "src"): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => toPosix(path.join(dir, f)))
    .sort();
  for (const file of files) {
    const edges: ImportEdge[] = [];
    for (const imp of parseImports(readFileSync(path.join(root, file), "utf8"))) {
      if (!imp.specifier.startsWith(".")) continue;
      const target = toPosix(path.join(path.dirname(file), imp.specifier.replace(/\.js$/, ".ts")));
      if (!existsSync(path.join(root, target))) throw new Error(`${file}: import "${imp.specifier}" names no file (${target})`);
      edges.push({ to: target, typeOnly: imp.typeOnly, dynamic: imp.dynamic });
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The import cycles of `graph`: one per strongly connected component of more than one module (or a
 * module importing itself), each as the path `[a, b, …, a]`, sorted. `skip(from, edge)` leaves an
 * edge out of the graph.
 */
export function findCycles(graph: ImportGraph, skip: (from: string, edge: ImportEdge) => boolean = () => false): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, edges] of graph) {
    next.set(from, [...new Set(edges.filter((e) => !skip(from, e)).map((e) => e.to))].sort());
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((c) => cycleThrough(c, next)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A shortest cycle from the component's first module back to it, staying inside the component. */
function cycleThrough(component: string[], next: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const cycle = [start];
        for (let x: string | undefined = v; x !== undefined && x !== start; x = cameFrom.get(x)) cycle.splice(1, 0, x);
        return [...cycle, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...component, start];
}

/** Every module `from` reaches through edges `follow` accepts, each with the path that reaches it. */
export function reachable(graph: ImportGraph, from: readonly string[], follow: (edge: ImportEdge) => boolean): Map<string, string[]> {
  const paths = new Map<string, string[]>(from.map((f) => [f, [f]]));
  const queue = [...from];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const e of graph.get(v) ?? []) {
      if (!follow(e) || paths.has(e.to)) continue;
      paths.set(e.to, [...paths.get(v)!, e.to]);
      queue.push(e.to);
    }
  }
  return paths;
}
